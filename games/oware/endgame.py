"""The Oware endgame table: the exact result of every position with few seeds left on
the board, looked up instead of evaluated.

A board of at most ``K`` seeds, seen from the side to move (its six houses first, in
sowing order), has an index: with ``s_j`` the seeds in its first ``j + 1`` houses, the
twelve numbers ``s_j + j`` rise strictly, and the sum of ``C(s_j + j, j + 1)`` ranks
them (the combinatorial number system), a bijection of the boards of at most ``K``
seeds onto ``0 .. C(K + 12, 12) - 1`` whatever ``K`` is. The table holds, at each
index, the seeds the side to move gains over its opponent from that board with both
sides playing best (captures, and the seeds the player who cannot move takes), given
enough plies before the 200-ply limit (where seeds on the board count for nobody):
with fewer, a board's gain may differ. So each board's gain holds from a horizon on:
most boards' from ``HORIZON`` plies left, the others' from ``LONG_HORIZON`` (their
byte lifted past the gains' range); where fewer plies are left the table is silent.
Minimax commutes with "my store minus theirs, plus that gain", so the
sign of the sum is the game's exact result (an early win at 25 seeds changes no
result: that player keeps more than half the seeds whatever follows).

learn/oware_endgame.py makes the table (``python -m learn.oware_endgame``) and writes
games/oware/endgame_table.py, whose header holds the command and the figures.
"""

from engines.base import WIN
from games.errors import WeightsError
from games.oware import nn
from games.oware.rules import BIAS, HOUSE_SHIFT, HOUSES, MAX_TURNS, PLY_BIAS, SEEDS, STORE_BIAS, STORE_SHIFT
from games.weights import from_text, to_text

FAR = 300  # a table result, margin (at most 48) included, ranks below every WIN - plies a search proves
TABLE_WIN = WIN - FAR


def binomial(n, k):
    if k < 0 or k > n:
        return 0
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


def positions(seeds):
    """How many boards hold at most ``seeds`` seeds."""
    return binomial(seeds + HOUSES, HOUSES)


# RANK_TERMS[j][s]: C(s + j, j + 1), the term of house j when the first j + 1 houses hold s seeds
RANK_TERMS = tuple(tuple(binomial(s + j, j + 1) for s in range(SEEDS + 1)) for j in range(HOUSES))


def rank(board):
    """The index of ``board`` (12 house counts, the side to move's six first)."""
    index, seeds = 0, 0
    for terms, count in zip(RANK_TERMS, board):
        seeds += count
        index += terms[seeds]
    return index


def unrank(index, seeds):
    """The board of index ``index`` among the boards of at most ``seeds`` seeds."""
    tops = []
    top = seeds + HOUSES - 1  # the largest s_j + j of such boards
    for j in range(HOUSES - 1, -1, -1):
        while binomial(top, j + 1) > index:
            top -= 1
        tops.append(top)
        index -= binomial(top, j + 1)
    tops.reverse()
    prefix = [top - j for j, top in enumerate(tops)]
    return tuple(b - a for a, b in zip([0] + prefix, prefix))


def mover_board(state):
    """The board of ``state`` seen from its side to move (its six houses first)."""
    fields = [((state >> shift) & 127) - BIAS for shift in HOUSE_SHIFT]
    return tuple(fields[6:] + fields[:6]) if state & 1 else tuple(fields)


def encode(codes):
    """Base85 text of the zlib-compressed codes (one byte a board)."""
    return to_text(codes)


def code(gain, seeds, late):
    """A board's byte: its gain, lifted by ``2 * seeds + 1`` where the gain holds only
    from the long horizon on (``late``)."""
    return gain + seeds + (2 * seeds + 1 if late else 0)


def decode(data, seeds):
    """The codes (a byte a board) of the table's text; WeightsError, one line, if it does
    not hold one code for each board of at most ``seeds`` seeds."""
    raw = from_text(data, "Oware endgame table")
    if len(raw) != positions(seeds):
        raise WeightsError(f"the Oware endgame table holds {len(raw)} values; {seeds} seeds need {positions(seeds)}")
    if max(raw) > 4 * seeds + 1:
        raise WeightsError(f"the Oware endgame table holds a gain above {seeds} seeds")
    return raw


class Table:
    """The stored table: ``seeds`` (the K above), the codes by index, and the two
    horizons: most boards' gains hold from ``horizon`` plies left on, the others' (their
    codes lifted, see ``code``) from ``long_horizon`` on."""

    def __init__(self, seeds, horizon, long_horizon, codes):
        self.seeds = seeds
        self.horizon = horizon
        self.long_horizon = long_horizon
        self.codes = codes

    def gain(self, board, plies_left):
        """The seeds the side to move gains from ``board`` (at most ``seeds``), or None
        where fewer than its horizon's plies are left."""
        value = self.codes[rank(board)]
        lift = 2 * self.seeds + 1
        if value >= lift:
            if plies_left < self.long_horizon:
                return None
            value -= lift
        return value - self.seeds if plies_left >= self.horizon else None

    def margin(self, state):
        """The side to move's store minus the opponent's at the end with best play from
        ``state``, or None where the table does not know it (too many seeds on the
        board, or too few plies left)."""
        captured = (state >> STORE_SHIFT[0] & 63) + (state >> STORE_SHIFT[1] & 63) - 2 * STORE_BIAS
        if SEEDS - captured > self.seeds:
            return None
        gain = self.gain(mover_board(state), MAX_TURNS + PLY_BIAS - (state & 511))
        if gain is None:
            return None
        player = state & 1
        return (state >> STORE_SHIFT[player] & 63) - (state >> STORE_SHIFT[1 - player] & 63) + gain

    def result(self, state):
        """+1, 0 or -1: the exact result for the side to move, or None (see ``margin``)."""
        margin = self.margin(state)
        return None if margin is None else (margin > 0) - (margin < 0)


_LOADED = []


def load(module=None):
    """The Table of a table module (default: games/oware/endgame_table.py), decoded once."""
    if module is not None:
        return Table(module.SEEDS, module.HORIZON, module.LONG_HORIZON, decode(module.DATA, module.SEEDS))
    if not _LOADED:
        from games.oware import endgame_table
        _LOADED.append(load(endgame_table))
    return _LOADED[0]


def with_table(evaluate, table):
    """``evaluate`` that answers from ``table`` where it knows the result: a win is
    ``TABLE_WIN`` plus the final margin in seeds, a proven value below any win a search
    finds (the table does not say how far the end is), a loss ``-TABLE_WIN`` plus the
    (negative) margin, a draw 0. The margin orders the wins and the losses as the
    table's own minimax does: the biggest win, the smallest loss."""
    low_stores = SEEDS - table.seeds + 2 * STORE_BIAS  # the stores' sum from which the table may know
    shift0, shift1 = STORE_SHIFT
    margin_of = table.margin

    def evaluate_with_table(state):
        if (state >> shift0 & 63) + (state >> shift1 & 63) >= low_stores:
            margin = margin_of(state)
            if margin is not None:
                return margin + (TABLE_WIN if margin > 0 else -TABLE_WIN if margin < 0 else 0)
        return evaluate(state)

    return evaluate_with_table


def make_evaluator(game, weights=None):
    """The network evaluation (games/oware/nn.py) with the endgame table in front."""
    return with_table(nn.make_evaluator(game, weights), load())
