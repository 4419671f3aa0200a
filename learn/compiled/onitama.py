"""Onitama self-play compiled with numba, for the N-tuple trainer
(learn/onitama_ntuple.py, ``--compiled``): the rules of games/onitama/rules.py (the
cards, moves and captures, the two ways to win, the card exchange, the turn limit),
the players' evaluations (the learned linear one of games/onitama/learned.py, round
1's, and the N-tuple one of games/onitama/ntuple.py, later rounds'), the players'
search (engines.alphabeta.AlphaBetaPlus at a fixed depth with its quiescence search),
and whole games as learn/onitama_ntuple.py's ``play_chunk`` plays them.

A position is an int64 array of 8: the rules' state, field by field (``mine``,
``theirs``, the two masters, the two hands, the centre card, the ply), and a move the
rules' int (``card << 10 | from << 5 | to``). What is held equal to the pure-Python
code (tests/test_compiled_onitama.py): legal moves (in their order), noisy moves, play
and outcome to games/onitama/rules.py; each evaluation, to the last bit, to its Python
function (its memos emptied); the search's value at a fixed depth to AlphaBetaPlus's with ``noisy_first``.
Where moves tie the searches may pick different ones: the same kind of games, not the
same games.

The search is engines/alphabeta.py's minimax without its table, history, principal
variation search or iterative deepening, which change the order of the moves and what
is cut off, not the value (it orders the moves by kind, winning moves and captures
first, then the ply's killer moves; the root's by their quiescence values): a finished
game is ``WIN - ply`` for its winner; at the depth limit the quiescence search
(``_quiesce``) stands on the evaluation or plays a noisy move (a capture, the master
onto the enemy shrine), for QUIESCENCE plies at most (Onitama has no ``quiet_loses``
hook). The searches compare the evaluations' sums, before their tanh (a finished game:
``RAW_WIN - ply``): tanh keeps their order and is odd, so the best leaf's tanh is the
value, taken once at the root (``value_of``). The Python evaluation's last bit depends
on its memo's history (the tests say why), so the search's value is held equal within
1e-12.

With ``label_depth`` > 0 (the trainer's ``--search-depth``), each position of a game
is also valued by ``search_in`` that many plies deep with the players' evaluation (a
proven value as -1 or 1): the ``value`` column of ``play_chunk``, in the same games (the
labelling searches draw nothing; tests/test_compiled_onitama.py holds the column to the
search, and to AlphaBetaPlus's value).

The random draws are numba's (``np.random`` seeded per game from the game's
``random.Random``, which deals the cards and draws the depths): a game depends on its
seed alone, as the pure-Python ones.
"""

import math
from dataclasses import dataclass

import numpy as np
from numba import njit, types
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from engines.alphabeta import QUIESCENCE
from engines.base import PROVEN, WIN
from games.onitama import learned, ntuple
from learn import compiled
from learn.pipeline import until_played
from games.onitama.rules import (CARD_COUNT, ENEMY_SHRINE, FULL, MASTER_STEPS, MAX_TURNS, PASS, REACH, SHRINE,
                                 SQUARES, TARGETS)

SIZE = 8                  # fields of a position
MINE, THEIRS, MY_MASTER, THEIR_MASTER, HAND, THEIR_HAND, CENTRE, TURN = range(SIZE)
MAX_MOVES = 40            # five pieces, two cards of at most four moves each
KILLER = MAX_MOVES        # a ply's row of moves: its moves, then its two killer moves
ROW = KILLER + 2
MAX_PLIES = MAX_TURNS     # rows a game may take
ROOT_ORDER_DEPTH = 3      # searches this deep order their root's moves by a shallower one first
RAW_WIN = 1e9             # a won game's raw value: beyond any sum of the evaluations
LEARNED, NTUPLE = 0, 1

# Where the evaluation's array (``evaluation``) keeps what: its kind and scale, then
# the learned evaluation's scalar weights, hands and square sums (per seat and role),
# or the N-tuple evaluation's phases, biases and tables (a row per phase, each table
# at its offset in ntuple.TABLES' order, the integer entries as floats).
KIND, SCALE, TERMS = 0, 1, 2
AS_MOVER = TERMS + 6
AS_OTHER = AS_MOVER + 512
LOW = AS_OTHER + 512
HIGH = LOW + 4 * (1 << 13)
MASTER = HIGH + 4 * (1 << 12)
LEARNED_SIZE = MASTER + 4 * SQUARES
PHASE_OF = 2
BIAS = PHASE_OF + 11
TABLE = BIAS + 9         # at most nine phases (limits within 3-10)
OFFSETS = np.cumsum([0] + list(ntuple.TABLES.values()))[:-1].astype(np.int64)
ENTRIES = sum(ntuple.TABLES.values())
CARDMASTER, CARDSTUDENT = (int(OFFSETS[list(ntuple.TABLES).index(name)]) for name in ("cardmaster", "cardstudent"))

# the rules' tables as arrays: REACH_MASK[seat, card, square] the squares the card
# reaches; TARGET_SQUARES[seat, card, square, :TARGET_COUNT[...]] the same, in the
# card's order of vectors (the order of the moves)
REACH_MASK = np.array(REACH, dtype=np.int64)
TARGET_COUNT = np.array([[[len(t) for t in per_card] for per_card in per_seat] for per_seat in TARGETS],
                        dtype=np.int64)
TARGET_SQUARES = np.full((2, CARD_COUNT, SQUARES, 4), -1, dtype=np.int64)
for _seat in (0, 1):
    for _card in range(CARD_COUNT):
        for _sq in range(SQUARES):
            for _k, (_bit, _) in enumerate(TARGETS[_seat][_card][_sq]):
                TARGET_SQUARES[_seat, _card, _sq, _k] = _bit.bit_length() - 1
STEPS = np.array(MASTER_STEPS, dtype=np.int64)        # by hand and square (rules.MASTER_STEPS)
OWN_SHRINE = np.array(SHRINE, dtype=np.int64)         # by seat: where the enemy master wins
TARGET_SHRINE = np.array(ENEMY_SHRINE, dtype=np.int64)  # by seat: where its master wins
PAIR_OF = np.array(ntuple.PAIR_OF, dtype=np.int64)
POW5 = 5 ** np.arange(5, dtype=np.int64)


# -- the rules -------------------------------------------------------------------------

@intrinsic
def _ctpop(typingctx, x):
    """LLVM's population count of an int64 (one instruction where the processor has it)."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.int64(types.int64), codegen


@njit(cache=True)
def popcount(x):
    """Set bits of ``x`` (x >= 0)."""
    return _ctpop(np.int64(x))


@njit(cache=True)
def lowest_square(x):
    """The lowest set bit's index (x != 0)."""
    return trailing_zeros(np.int64(x))


@njit(cache=True)
def over(s):
    """Whether the game is over: the mover's master taken, the enemy master on the
    mover's shrine, or the turn limit reached."""
    return s[MY_MASTER] == 0 or s[THEIR_MASTER] & OWN_SHRINE[s[HAND] >> 8] != 0 or s[TURN] >= MAX_TURNS


@njit(cache=True)
def outcome(s):
    """+1, 0 or -1 for the mover once the game is over, else 2 (only the side that just
    moved can have won; the turn limit is a draw, checked after the win)."""
    if s[MY_MASTER] == 0 or s[THEIR_MASTER] & OWN_SHRINE[s[HAND] >> 8] != 0:
        return -1
    if s[TURN] >= MAX_TURNS:
        return 0
    return 2


@njit(cache=True)
def legal(s, out):
    """The number of legal moves, written to ``out`` in the rules' order: piece by piece
    from square 0 up, each piece's moves under the hand's first card, then its second;
    the two passes (hand order) when no piece can move; 0 at the end of the game."""
    if over(s):
        return 0
    hand = s[HAND]
    seat, a, b = hand >> 8, hand & 15, hand >> 4 & 15
    pieces = s[MINE]
    count = 0
    bits = pieces
    while bits:
        sq = lowest_square(bits)
        bits &= bits - 1
        for card in (a, b):
            for k in range(TARGET_COUNT[seat, card, sq]):
                to = TARGET_SQUARES[seat, card, sq, k]
                if not pieces >> to & 1:
                    out[count] = card << 10 | sq << 5 | to
                    count += 1
    if count == 0:
        out[0], out[1] = a << 10 | PASS << 5 | PASS, b << 10 | PASS << 5 | PASS
        count = 2
    return count


@njit(cache=True)
def noisy(s, out):
    """The number of noisy moves (rules.noisy_moves': captures, the master's step onto
    the enemy shrine), written to ``out``: the winning ones first, piece by piece in
    the rules' order within each kind. The game must be on. A piece's card is looked
    at move by move only where it reaches a square worth it (most reach none)."""
    hand = s[HAND]
    seat, a, b = hand >> 8, hand & 15, hand >> 4 & 15
    pieces, theirs, master, their_master = s[MINE], s[THEIRS], s[MY_MASTER], s[THEIR_MASTER]
    shrine = TARGET_SHRINE[seat] & ~pieces
    wins = 0
    for stage in range(2):  # the winning moves, then the other captures
        count = wins
        bits = pieces
        while bits:
            sq = lowest_square(bits)
            from_bit = bits & -bits
            bits &= bits - 1
            steps = shrine if from_bit == master else 0
            wanted = their_master | steps if stage == 0 else theirs & ~their_master & ~steps
            for card in (a, b):
                if REACH_MASK[seat, card, sq] & wanted == 0:
                    continue
                for k in range(TARGET_COUNT[seat, card, sq]):
                    to = TARGET_SQUARES[seat, card, sq, k]
                    if wanted >> to & 1:
                        out[count] = card << 10 | sq << 5 | to
                        count += 1
        if stage == 0:
            wins = count
    return count


@njit(cache=True)
def rank(s, move):
    """2 for a winning move, 1 for another capture, 0 for a quiet move or a pass."""
    to = move & 31
    if to == PASS:
        return 0
    to_bit = 1 << to
    if to_bit & s[THEIR_MASTER]:
        return 2
    if 1 << (move >> 5 & 31) == s[MY_MASTER] and to_bit == TARGET_SHRINE[s[HAND] >> 8]:
        return 2
    return 1 if to_bit & s[THEIRS] else 0


@njit(cache=True)
def order(s, moves, count):
    """Puts ``moves[:count]`` in the order to search them: the winning moves, the other
    captures, the quiet moves (AlphaBetaPlus's ``noisy_first``, without its table's
    move); the number of the first two kinds."""
    front = 0
    for wanted in (2, 1):
        for i in range(front, count):
            if rank(s, moves[i]) == wanted:
                moves[front], moves[i] = moves[i], moves[front]
                front += 1
    return front


@njit(cache=True)
def killers(row, front, count):
    """Puts the ply's two killer moves (``row[KILLER:]``: quiet moves that refuted a
    sibling) among ``row[front:count]`` right after the noisy moves, as AlphaBeta's
    ordering does (the best of its cheap orderings, measured: docs/tuning/selfplay.md)."""
    for k in range(KILLER, KILLER + 2):
        for i in range(front, count):
            if row[i] == row[k]:
                row[front], row[i] = row[i], row[front]
                front += 1
                break


@njit(cache=True)
def cutoff(row, move):
    """Keeps the quiet ``move`` that refuted the node as the ply's first killer."""
    if row[KILLER] != move:
        row[KILLER + 1] = row[KILLER]
        row[KILLER] = move


@njit(cache=True)
def play_into(s, move, t):
    """Writes to ``t`` the position after the mover plays ``move`` (rules.play): the
    other side's view, the played card to the centre and the centre card to the hand
    (after the card kept, the seat with it)."""
    card, to = move >> 10, move & 31
    from_bit = to_bit = 0
    if to != PASS:
        from_bit, to_bit = 1 << (move >> 5 & 31), 1 << to
    hand = s[HAND]
    my_master = s[MY_MASTER]
    t[MINE] = s[THEIRS] & ~to_bit
    t[THEIRS] = s[MINE] ^ (from_bit | to_bit)
    t[MY_MASTER] = s[THEIR_MASTER] & ~to_bit
    t[THEIR_MASTER] = to_bit if my_master == from_bit else my_master
    t[HAND] = s[THEIR_HAND]
    kept = hand >> 4 & 15 if card == hand & 15 else hand & 15
    t[THEIR_HAND] = kept | s[CENTRE] << 4 | (hand & 256)
    t[CENTRE] = card
    t[TURN] = s[TURN] + 1


@njit(cache=True)
def play(s, move):
    """The position after the mover plays ``move``."""
    t = np.empty_like(s)
    play_into(s, move, t)
    return t


# -- the evaluations -------------------------------------------------------------------

@njit(cache=True)
def reach(pieces, hand):
    """(covered, moves) of a side (rules.side_reach): the squares its pieces reach with
    its two cards (own pieces included), and the number of its moves."""
    seat, a, b = hand >> 8, hand & 15, hand >> 4 & 15
    covered = moves = 0
    free = ~pieces
    bits = pieces
    while bits:
        sq = lowest_square(bits)
        bits &= bits - 1
        mask_a, mask_b = REACH_MASK[seat, a, sq], REACH_MASK[seat, b, sq]
        covered |= mask_a | mask_b
        moves += popcount(mask_a & free) + popcount(mask_b & free)
    return covered, moves


@njit(cache=True)
def learned_total(s, ev):
    """games/onitama/learned.py's sum before its tanh, its terms summed in its order:
    each side's share (its cards, moves and squares as the mover, as the other), then
    the hanging students, the threat, the danger."""
    mine, theirs, my_master, their_master, hand, their_hand = s[0], s[1], s[2], s[3], s[4], s[5]
    seat, their_seat = hand >> 8, their_hand >> 8
    my_cover, my_moves = reach(mine, hand)
    their_cover, their_moves = reach(theirs, their_hand)
    my_sq, their_sq = lowest_square(my_master), lowest_square(their_master)
    mover, other = 2 * seat, 2 * their_seat + 1  # (seat, role) of the square tables
    total = (ev[AS_MOVER + hand] + ev[TERMS + 2] * my_moves + ev[LOW + (mover << 13) + (mine & 0x1FFF)]
             + ev[HIGH + (mover << 12) + (mine >> 13)] + ev[MASTER + mover * SQUARES + my_sq])
    their_total = (ev[AS_OTHER + their_hand] + ev[TERMS + 3] * their_moves
                   + ev[LOW + (other << 13) + (theirs & 0x1FFF)] + ev[HIGH + (other << 12) + (theirs >> 13)]
                   + ev[MASTER + other * SQUARES + their_sq])
    total += their_total
    my_attacks, their_attacks = my_cover & ~mine, their_cover & ~theirs
    hanging = mine & ~my_master & ~my_cover & their_attacks
    if hanging:
        total += ev[TERMS + 4] * popcount(hanging)
    hanging = theirs & ~their_master & ~their_cover & my_attacks
    if hanging:
        total += ev[TERMS + 5] * popcount(hanging)
    my_threats = FULL if STEPS[hand, my_sq] & ~mine else my_attacks
    their_threats = FULL if STEPS[their_hand, their_sq] & ~theirs else their_attacks
    if my_threats & their_master:
        total += ev[TERMS]
    if their_threats & my_master:
        total += ev[TERMS + 1]
    return total


@njit(cache=True)
def ntuple_total(s, ev):
    """games/onitama/ntuple.py's integer total, by its definition (``lookups``): the
    phase's bias, the board tables of the cells seen from the mover's side, each
    piece's square with each of its side's cards, the two pairs of cards, the tactical
    terms and the two sides' moves (the entries are integers: the float sum is exact)."""
    mine, theirs, my_master, their_master, hand, their_hand = s[0], s[1], s[2], s[3], s[4], s[5]
    seat = hand >> 8
    phase = int(ev[PHASE_OF + popcount(mine | theirs)])
    total = ev[BIAS + phase]
    table = TABLE + phase * ENTRIES
    for row in range(6):  # row0..row4, then the centre file
        index = 0
        for j in range(5):
            place = row * 5 + j if row < 5 else j * 5 + 2
            bit = 1 << (place if seat == 0 else SQUARES - 1 - place)
            if bit & mine:
                index += (2 if bit & my_master else 1) * POW5[j]
            elif bit & theirs:
                index += (4 if bit & their_master else 3) * POW5[j]
        total += ev[table + OFFSETS[row] + index]
    for role in range(2):
        pieces, master, cards = (mine, my_master, hand) if role == 0 else (theirs, their_master, their_hand)
        bits = pieces
        while bits:
            sq = lowest_square(bits)
            place = sq if seat == 0 else SQUARES - 1 - sq
            which = CARDMASTER if bits & -bits == master else CARDSTUDENT
            bits &= bits - 1
            for card in (cards & 15, cards >> 4 & 15):
                total += ev[table + which + (role * CARD_COUNT + card) * SQUARES + place]
    total += ev[table + OFFSETS[8] + PAIR_OF[hand & 255] * len(ntuple.PAIRS) + PAIR_OF[their_hand & 255]]
    my_cover, my_moves = reach(mine, hand)
    their_cover, their_moves = reach(theirs, their_hand)
    my_attacks, their_attacks = my_cover & ~mine, their_cover & ~theirs
    threat = my_attacks & their_master != 0 or STEPS[hand, lowest_square(my_master)] & ~mine != 0
    danger = their_attacks & my_master != 0 or STEPS[their_hand, lowest_square(their_master)] & ~theirs != 0
    k = (1 if threat else 0) + (2 if danger else 0) + 4 * popcount(mine & ~my_master & their_attacks & ~my_cover)
    k += 20 * popcount(theirs & ~their_master & my_attacks & ~their_cover)
    total += ev[table + OFFSETS[9] + k]
    total += ev[table + OFFSETS[10] + min(my_moves, ntuple.MOVES_CAP)]
    total += ev[table + OFFSETS[10] + ntuple.MOVES_CAP + 1 + min(their_moves, ntuple.MOVES_CAP)]
    return total


@njit(cache=True)
def total(s, ev):
    """The players' evaluation ``ev`` (``evaluation``'s array) of the mover's position
    before its tanh: what the searches compare."""
    if ev[KIND] == LEARNED:
        return learned_total(s, ev)
    return ntuple_total(s, ev)


@njit(cache=True)
def evaluate(s, ev):
    """The players' evaluation of the mover's position (the game must be on)."""
    return math.tanh(total(s, ev) * ev[SCALE])


# -- the search ------------------------------------------------------------------------

@njit(cache=True)
def terminal(result, ply):
    """A finished game's raw value for its mover, ``ply`` plies below the root."""
    return RAW_WIN - ply if result > 0 else ply - RAW_WIN if result < 0 else 0.0


@njit(cache=False)  # recursive: numba's cache cannot load it
def quiesce(stack, moves, ply, alpha, beta, left, ev):
    """Fail-soft raw value of the mover's position ``stack[ply]`` (the game on) past the
    depth limit, as engines.alphabeta's ``_quiesce`` values it: the mover stands on the
    evaluation or plays a noisy move, for ``left`` more plies at most."""
    s = stack[ply]
    value = total(s, ev)
    if value >= beta or left <= 0:
        return value
    best = value
    if value > alpha:
        alpha = value
    count = noisy(s, moves[ply])
    for i in range(count):
        child = stack[ply + 1]
        play_into(s, moves[ply, i], child)
        if over(child):
            value = -terminal(outcome(child), ply + 1)
        else:
            value = -quiesce(stack, moves, ply + 1, -beta, -alpha, left - 1, ev)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


@njit(cache=False)  # recursive: numba's cache cannot load it
def negamax(stack, moves, ply, depth, alpha, beta, ev):
    """Fail-soft alpha-beta raw value of the mover's position ``stack[ply]`` searched
    ``depth`` plies deep, then ``QUIESCENCE`` of noisy moves; the children go to
    ``stack[ply + 1]``, the moves to ``moves[ply]`` (no allocation in the search)."""
    s = stack[ply]
    if over(s):
        return terminal(outcome(s), ply)
    if depth <= 0:
        return quiesce(stack, moves, ply, alpha, beta, QUIESCENCE, ev)
    count = legal(s, moves[ply])
    killers(moves[ply], order(s, moves[ply], count), count)
    best = -np.inf
    for i in range(count):
        child = stack[ply + 1]
        play_into(s, moves[ply, i], child)
        if depth == 1 and not over(child):  # the child's quiescence search without its negamax frame
            value = -quiesce(stack, moves, ply + 1, -beta, -alpha, QUIESCENCE, ev)
        else:
            value = -negamax(stack, moves, ply + 1, depth - 1, -beta, -alpha, ev)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    if rank(s, moves[ply, i]) == 0:
                        cutoff(moves[ply], moves[ply, i])
                    break
    return best


@njit(cache=False)
def ranked(stack, moves, count, ev):
    """Sorts the root's moves ``moves[0, :count]`` best first by the quiescence value of
    the position each leads to: a cheap first iteration (AlphaBeta's iterative
    deepening orders its root by the last one; ordered by 1-ply values, depth 3 took
    half as long again, docs/tuning/selfplay.md)."""
    values = np.empty(count)
    for i in range(count):
        play_into(stack[0], moves[0, i], stack[1])
        values[i] = -negamax(stack, moves, 1, 0, -np.inf, np.inf, ev)
    for i in range(1, count):  # insertion sort, stable
        j = i
        while j > 0 and values[j] > values[j - 1]:
            values[j], values[j - 1] = values[j - 1], values[j]
            moves[0, j], moves[0, j - 1] = moves[0, j - 1], moves[0, j]
            j -= 1


@njit(cache=True)
def value_of(raw, scale):
    """The value engines.alphabeta gives for the searches' ``raw`` one: a finished
    game's ``RAW_WIN - ply`` as ``WIN - ply``, a sum as the evaluation's tanh."""
    if raw >= RAW_WIN / 2:
        return float(WIN - (RAW_WIN - raw))
    if raw <= -RAW_WIN / 2:
        return float((RAW_WIN + raw) - WIN)
    return math.tanh(raw * scale)


@njit(cache=False)
def search_in(stack, moves, depth, ev):
    """(value, move) of a full-window search ``depth`` plies deep from the mover's
    position ``stack[0]`` (the game on): the first move of the best value, winning
    moves and captures tried first; ``stack`` and ``moves`` have room for ``depth +
    QUIESCENCE + 1`` plies."""
    s = stack[0]
    moves[:, KILLER:] = -1
    count = legal(s, moves[0])
    order(s, moves[0], count)
    if depth >= ROOT_ORDER_DEPTH:
        ranked(stack, moves, count, ev)
    best, best_move = -np.inf, -1
    for i in range(count):
        play_into(s, moves[0, i], stack[1])
        value = -negamax(stack, moves, 1, depth - 1, -np.inf, -best, ev)
        if value > best:
            best, best_move = value, moves[0, i]
    return value_of(best, ev[SCALE]), best_move


@njit(cache=False)
def search(s, depth, ev):
    """``search_in`` from the position ``s``, with its own room."""
    stack = np.empty((depth + QUIESCENCE + 2, SIZE), dtype=np.int64)
    moves = np.empty((depth + QUIESCENCE + 2, ROW), dtype=np.int64)
    stack[0] = s
    return search_in(stack, moves, depth, ev)


# -- the games -------------------------------------------------------------------------

@njit(cache=False)
def play_game(seed, cards, opening, depths, random_move, ev, out, at, search_depth, values):
    """One game from the deal ``cards`` (player 0's two, player 1's two, the centre)
    into ``out`` from row ``at`` (the position's eight fields, label, exact, player);
    the row after its last, or ``at`` when the opening ended the game. The players'
    depths are ``depths`` (seat 0's, seat 1's). With ``search_depth`` > 0, ``values``
    gets each position's value (row for row) by a search ``search_depth`` plies deep
    with the players' evaluation (``search_in``: its quiescence, the value in [-1, 1],
    a proven one as -1 or 1); the player's own search where its depth is that one.
    The labelling searches draw nothing: the games are those without them."""
    np.random.seed(seed)
    deepest = max(depths[0], depths[1], search_depth)
    stack = np.empty((deepest + QUIESCENCE + 2, SIZE), dtype=np.int64)
    moves = np.empty((deepest + QUIESCENCE + 2, ROW), dtype=np.int64)
    listed = np.empty(MAX_MOVES, dtype=np.int64)
    s = np.empty(SIZE, dtype=np.int64)
    s[MINE], s[THEIRS] = 0b11111, 0b11111 << 20
    s[MY_MASTER], s[THEIR_MASTER] = 1 << 2, 1 << 22
    s[HAND], s[THEIR_HAND] = cards[0] | cards[1] << 4, cards[2] | cards[3] << 4 | 256
    s[CENTRE], s[TURN] = cards[4], 0
    for _ in range(opening):
        count = legal(s, listed)
        if count == 0:
            break
        s = play(s, listed[np.random.randint(count)])
    start = at
    count = legal(s, listed)
    while count:
        out[at, :SIZE] = s
        player = s[HAND] >> 8
        out[at, 10] = player
        stack[0] = s
        value, move = search_in(stack, moves, depths[player], ev)
        out[at, 9] = 1 if abs(value) >= PROVEN else 0
        out[at, 8] = 1 if value > 0 else -1 if value < 0 else 0
        if search_depth > 0:
            if search_depth != depths[player]:
                stack[0] = s
                value, _ = search_in(stack, moves, search_depth, ev)
            values[at] = value if abs(value) < PROVEN else (1.0 if value > 0 else -1.0)
        if np.random.random() < random_move:
            move = listed[np.random.randint(count)]
        at += 1
        s = play(s, move)
        count = legal(s, listed)
    final, last = outcome(s), s[HAND] >> 8
    for i in range(start, at):
        if not out[i, 9]:
            out[i, 8] = final if out[i, 10] == last else -final
    return at


# -- the Python side -------------------------------------------------------------------

def state_of(s):
    """The rules' state of a position."""
    return tuple(int(v) for v in s)


def position(state):
    """A position of the rules' state."""
    return np.array(state, dtype=np.int64)


def learned_arrays(weights=None):
    """The learned evaluation's array, its tables made as games/onitama/learned.py's
    ``make_evaluator`` makes its own (the same floats): its six scalar weights
    (threat, danger, my moves, their moves, my hanging, their hanging), each hand's
    cards (and the tempo) as the mover and as the other, and per seat and role the
    square sums of the pieces (low 13 squares, high 12) and what a master adds."""
    if weights is None:
        from games.onitama.learned_weights import WEIGHTS as weights
    half = [w / 2 for w in weights]
    my_card, their_card = half[learned.MY_CARD:learned.THEIR_CARD], half[learned.THEIR_CARD:learned.TEMPO]
    tempo = half[learned.TEMPO]
    ev = np.zeros(LEARNED_SIZE)
    ev[KIND], ev[SCALE] = LEARNED, 1.0
    ev[TERMS:TERMS + 6] = half[learned.THREAT:learned.MY_CARD]
    ev[AS_MOVER:AS_MOVER + 512] = [tempo + my_card[h & 15] + my_card[h >> 4 & 15] for h in range(512)]
    ev[AS_OTHER:AS_OTHER + 512] = [their_card[h & 15] + their_card[h >> 4 & 15] for h in range(512)]
    for seat in (0, 1):
        for role, (student, on_master) in enumerate(((learned.MY_STUDENT, learned.MY_MASTER),
                                                     (learned.THEIR_STUDENT, learned.THEIR_MASTER))):
            weight = [half[student + learned.CLASS_OF[seat][sq]] for sq in range(SQUARES)]
            at = 2 * seat + role
            ev[LOW + (at << 13):LOW + (at + 1 << 13)] = learned.subset_sums(weight[:13])
            ev[HIGH + (at << 12):HIGH + (at + 1 << 12)] = learned.subset_sums(weight[13:])
            ev[MASTER + at * SQUARES:MASTER + (at + 1) * SQUARES] = [
                half[on_master + learned.CLASS_OF[seat][sq]] - weight[sq] for sq in range(SQUARES)]
    return ev


def ntuple_arrays(weights):
    """The N-tuple evaluation's array of ``weights`` (an ntuple.Weights): the phase of
    each piece count, the biases, and one row per phase of every table in full
    (ntuple.TABLES' order)."""
    tables, biases = ntuple.LAYOUT.expand(weights)
    ev = np.zeros(TABLE + len(biases) * ENTRIES)
    ev[KIND], ev[SCALE] = NTUPLE, weights.step / 2
    ev[PHASE_OF:PHASE_OF + 11] = [sum(1 for limit in weights.phases if pieces >= limit) for pieces in range(11)]
    ev[BIAS:BIAS + len(biases)] = biases
    for k in range(len(biases)):
        ev[TABLE + k * ENTRIES:TABLE + (k + 1) * ENTRIES] = [v for name in ntuple.TABLES for v in tables[name][k]]
    return ev


def evaluation(weights=None, linear=None):
    """The array the evaluation reads: the N-tuple evaluation with ``weights`` (an
    ntuple.Weights), or the learned linear one (with ``linear``, its weights; default:
    the fitted ones). One float array for both kinds (its first item says which, its
    second scales a total before its tanh): the recursive search passes it at every
    node, and each array an argument costs its reference count there (a tuple of
    twelve arrays made the evaluation three times as slow)."""
    return learned_arrays(linear) if weights is None else ntuple_arrays(weights)


COLUMNS = ("mine", "theirs", "my_master", "their_master", "hand", "their_hand", "centre", "turn")


@dataclass(frozen=True)
class Settings(compiled.Settings):
    label_depth: int = 0    # plies of each position's valuing search, the ``value`` column (0: none)


def play_chunk(seeds, ev, settings):
    """One game per seed, as learn/onitama_ntuple.py's ``play_chunk`` returns them;
    ``ev`` the players' evaluation (``evaluation``'s array: made once a process). With
    ``settings.label_depth`` > 0, a float column more, ``value``: each position's value
    by a search that deep with the players' evaluation (``play_game``), the same games."""
    out = np.zeros((len(seeds) * MAX_PLIES, 11), dtype=np.int64)
    values = np.zeros(len(out) if settings.label_depth > 0 else 0)
    game = np.zeros(len(out), dtype=np.int32)
    at = 0

    def attempt(rng):
        cards = np.array(rng.sample(range(CARD_COUNT), 5), dtype=np.int64)
        opening = rng.randrange(*settings.opening_plies)
        pair = compiled.depth_pair(rng, settings.depths)
        return play_game(rng.getrandbits(32), cards, opening, pair, settings.random_move, ev, out, at,
                         settings.label_depth, values) - at

    for number, seed in enumerate(seeds):
        played = until_played(seed, attempt)
        game[at:at + played] = number
        at += played
    rows = out[:at]
    data = {name: rows[:, i].astype(np.int32) for i, name in enumerate(COLUMNS)}
    data.update(label=rows[:, 8].astype(np.int8), exact=rows[:, 9].astype(bool),
                player=rows[:, 10].astype(np.int8), game=game[:at])
    if settings.label_depth > 0:
        data["value"] = values[:at].copy()
    return data
