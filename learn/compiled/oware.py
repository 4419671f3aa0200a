"""Oware self-play compiled with numba, for the network trainer (learn/nn.py through
``python -m learn.oware --model nn --compiled``, with ``--players learned`` or
``--players network``): the rules of games/oware/rules.py, the players' evaluation (the
learned linear one of games/oware/learned.py, or the network of games/oware/nn.py in its
integers), a fixed-depth alpha-beta, and the games of learn/logistic.py's ``self_play``
with each position's search value, as learn/logistic.py's ``play_chunk`` returns them.

A position is an int64 array of 15: the houses 0-11 in sowing order (player 0's
first), the two stores, the ply count (its parity the player to move); ``pack`` turns
it into the rules' packed state. What is held equal to the pure-Python code
(tests/test_compiled_selfplay.py): legal moves, play and outcome to games/oware/rules.py;
each evaluation, to the last bit, to games/oware/learned.py's and games/oware/nn.py's;
the search's value at a fixed depth to engines.alphabeta.AlphaBeta's with either. Where
moves tie the searches may pick different ones: the same kind of games, not the same
games.

``evaluation`` gives the linear weights as one float array, a network as a tuple;
numba compiles the searches once for each (``raw_value``). The searches compare the
linear sum, or the network's logit (within +-CLAMP, where ``logits_keep_order`` finds
that tanh keeps the order and sign of every logit the network can give; else each
leaf's tanh), and take the tanh of the result once. The network's leaf sums the rows
of its 15 inputs anew, a hidden unit at a time: a move changes several houses (up to
all twelve), and the inputs are the mover's, so that sums carried by the positions, as
learn/compiled/breakthrough.py's are, would need as many rows or more for each move.
"""

import math
from dataclasses import dataclass

import numpy as np
from numba import njit, types
from numba.extending import overload

from engines.base import WIN
from games.nn import ONE, Net
from games.oware import learned
from games.oware import nn as network
from learn import compiled
from learn.compiled.labels import CLAMP, label, logits_keep_order
from learn.pipeline import until_played
from games.oware.rules import BIAS, HOUSE_SHIFT, HOUSES, MAX_TURNS, PLY_BIAS, SEEDS, STORE_BIAS, STORE_SHIFT, WIN_SCORE, Oware

STORE, PLY = 12, 14          # where the stores and the ply count sit in a position
SIZE = 15
MOVES = SIZE                 # a search's row (``search``'s stack): a position, then its moves
ROW = MOVES + 6
MAX_PLIES = MAX_TURNS + 2    # rows a game may take
RAW_WIN = 1e9                # a won game's raw value: beyond any sum of the evaluation
ORDER_DEPTH = 4              # moves are ordered by their children's evaluation this many plies from the leaves
GAME = Oware()


# -- the rules -------------------------------------------------------------------------

@njit(cache=True)
def over(s):
    """Whether a store above 24 or the ply limit ended the game."""
    return s[STORE] >= WIN_SCORE or s[STORE + 1] >= WIN_SCORE or s[PLY] >= MAX_TURNS


@njit(cache=True)
def must_feed(s):
    """Whether the opponent of the mover has no seeds (only moves that reach it are legal)."""
    other = 6 - 6 * (s[PLY] & 1)
    for h in range(other, other + 6):
        if s[h] > 0:
            return False
    return True


@njit(cache=True)
def legal(s, out, at=0):
    """The number of legal moves (houses 0-5 of the mover), written to ``out`` from ``at``;
    0 at the end."""
    if over(s):
        return 0
    first = 6 * (s[PLY] & 1)
    feed = must_feed(s)
    count = 0
    for m in range(6):
        if s[first + m] > (5 - m if feed else 0):  # must-feed: the first 5 - m seeds stay home
            out[at + count] = m
            count += 1
    return count


@njit(cache=True)
def can_move(s):
    """Whether the mover has a legal move (``legal`` without the list)."""
    if over(s):
        return False
    first = 6 * (s[PLY] & 1)
    feed = must_feed(s)
    for m in range(6):
        if s[first + m] > (5 - m if feed else 0):
            return True
    return False


@njit(cache=True)
def sow(s, move, t):
    """Writes to ``t`` the position after the mover sows house ``move`` (0-5) of ``s``,
    captures made."""
    for i in range(SIZE):
        t[i] = s[i]
    player = s[PLY] & 1
    house = 6 * player + move
    seeds = t[house]
    t[house] = 0
    at = house
    while seeds > 0:
        at = (at + 1) % HOUSES
        if at != house:
            t[at] += 1
            seeds -= 1
    t[PLY] += 1
    first = 6 - 6 * player  # the opponent's first house
    if first <= at < first + 6 and (t[at] == 2 or t[at] == 3):
        left = 0
        for k in range(first, first + 6):
            left += t[k]
        taken = 0
        h = at
        while h >= first and (t[h] == 2 or t[h] == 3):
            taken += t[h]
            h -= 1
        if taken < left:  # a capture of every opponent seed is cancelled (grand slam)
            for k in range(h + 1, at + 1):
                t[k] = 0
            t[STORE + player] += taken


@njit(cache=True)
def play(s, move):
    """The position after the mover sows house ``move`` (0-5), captures made."""
    t = np.empty_like(s)
    sow(s, move, t)
    return t


@njit(cache=True)
def outcome(s):
    """+1, 0 or -1 for the mover once the game is over, else 2: the player who cannot
    move takes the seeds left, unless a store above 24 or the ply limit ended it."""
    if can_move(s):
        return 2
    player = s[PLY] & 1
    mine, theirs = s[STORE + player], s[STORE + 1 - player]
    if not over(s):
        mine += SEEDS - s[STORE] - s[STORE + 1]
    return 1 if mine > theirs else -1 if mine < theirs else 0


# -- the linear evaluation -------------------------------------------------------------

# Where ``linear_evaluation``'s array keeps what: at PHASE_OF + seeds on the board (0-48)
# the start of that phase's block (as a float); from BLOCKS the blocks of the four
# phases, PHASE_SIZE each, holding at TEMPO, MY_STORE and THEIR_STORE those weights, at
# LATE + ply and BOARD + ply the late-lead and board-seeds weights by ply (0-200), at
# MINE + CELLS * house + seeds and THEIRS + CELLS * house + seeds the mover's and the
# opponent's house weights (houses 0-5 of each side in sowing order, by seeds 0-48).
# One array, not one per table: the recursive search passes it at every node, and each
# array an argument costs its reference count there (docs/tuning/selfplay.md).
PHASE_OF = 0
BLOCKS = PHASE_OF + SEEDS + 1
CELLS = SEEDS + 1
TEMPO, MY_STORE, THEIR_STORE = 0, 1, 2
LATE = 3
BOARD = LATE + MAX_TURNS + 1
MINE = BOARD + MAX_TURNS + 1
THEIRS = MINE + 6 * CELLS
PHASE_SIZE = THEIRS + 6 * CELLS


@njit(cache=True)
def total(s, ev):
    """games/oware/learned.py's sum before its tanh, its terms summed in its order: the
    searches compare these (tanh keeps the order, and the best leaf's tanh is the value)."""
    player = s[PLY] & 1
    ply = s[PLY]
    my_store, their_store = s[STORE + player], s[STORE + 1 - player]
    k = int(ev[PHASE_OF + SEEDS - my_store - their_store])  # the phase's block
    a = 6 * player
    b = 6 - a
    fields = 0  # the houses' fields summed, mine less theirs: their BIAS cancels
    for h in range(6):
        fields += s[a + h]
    for h in range(6):
        fields -= s[b + h]
    total = ev[k + TEMPO] + ev[k + MY_STORE] * my_store + ev[k + THEIR_STORE] * their_store
    total = total + ev[k + LATE + ply] * (my_store - their_store) + ev[k + BOARD + ply] * fields
    for h in range(6):
        total = total + ev[k + MINE + CELLS * h + s[a + h]]
    for h in range(6):
        total = total + ev[k + THEIRS + CELLS * h + s[b + h]]
    return total


def linear_evaluation(weights):
    """The array ``total`` reads (see above), from the learned evaluation's ``weights``."""
    half = [w / 2 for w in weights]
    ev = np.zeros(BLOCKS + learned.PHASES * PHASE_SIZE)
    for seeds in range(SEEDS + 1):
        ev[PHASE_OF + seeds] = BLOCKS + PHASE_SIZE * learned.phase(seeds)
    for k in range(learned.PHASES):
        tables = learned.phase_tables(half[learned.BLOCK * k:learned.BLOCK * (k + 1)])
        at = BLOCKS + PHASE_SIZE * k
        ev[at + TEMPO], ev[at + MY_STORE], ev[at + THEIR_STORE] = tables[:3]
        ev[at + LATE:at + LATE + MAX_TURNS + 1] = tables[3]
        ev[at + BOARD:at + BOARD + MAX_TURNS + 1] = tables[4]
        for h in range(6):  # the tables by field (seeds + BIAS), by seeds here
            ev[at + MINE + CELLS * h:at + MINE + CELLS * (h + 1)] = tables[5 + h][BIAS:BIAS + CELLS]
            ev[at + THEIRS + CELLS * h:at + THEIRS + CELLS * (h + 1)] = tables[11 + h][BIAS:BIAS + CELLS]
    return ev


# -- the network evaluation ------------------------------------------------------------

# The network's array (``network_evaluation``), ``hidden`` wide, a row for each input as
# the mover sees it (games/oware/nn.py's ``active``), found by the position's numbers
# without a cap or a division: at MY_HOUSE_ROWS + CELLS * house + seeds and
# THEIR_HOUSE_ROWS + CELLS * house + seeds the rows of the mover's and the opponent's
# houses (each side's in sowing order) by seeds 0-48, at MY_STORE_ROWS + seeds and
# THEIR_STORE_ROWS + seeds the stores' by seeds, at PLY_ROWS + ply the ply's bucket's row
# with b1 added (plies 0-200), at OUTPUT w2. The sums are integers, as in games/nn.py.
# The evaluation's functions are inlined into the searches: called, each passing the
# tuple's arrays costs their reference counts, and a leaf took more than twice the time
# (docs/tuning/selfplay.md).
MY_HOUSE_ROWS = 0
THEIR_HOUSE_ROWS = MY_HOUSE_ROWS + 6 * CELLS
MY_STORE_ROWS = THEIR_HOUSE_ROWS + 6 * CELLS
THEIR_STORE_ROWS = MY_STORE_ROWS + CELLS
PLY_ROWS = THEIR_STORE_ROWS + CELLS
OUTPUT = PLY_ROWS + MAX_TURNS + 1
NETWORK_ROWS = OUTPUT + 1
ACTIVE = network.ACTIVE  # inputs on in every position


@njit(cache=True, inline="always")
def input_rows(s, rows):
    """Writes to ``rows`` the network's rows of the 15 inputs on in ``s`` (the ply's first)."""
    player = s[PLY] & 1
    mine, theirs = 6 * player, 6 - 6 * player
    rows[0] = PLY_ROWS + s[PLY]
    rows[1] = MY_STORE_ROWS + s[STORE + player]
    rows[2] = THEIR_STORE_ROWS + s[STORE + 1 - player]
    for h in range(6):
        rows[3 + h] = MY_HOUSE_ROWS + CELLS * h + s[mine + h]
        rows[9 + h] = THEIR_HOUSE_ROWS + CELLS * h + s[theirs + h]


@njit(cache=True, inline="always")
def output_units(s, net, rows):
    """games/oware/nn.py's ``w2 . h`` of ``s``: each hidden unit's sum of the rows of the
    15 inputs (the ply's carries b1), clipped to [0, ONE]; ``rows`` is room for the rows.
    A unit at a time: its sum stays in a register."""
    input_rows(s, rows)
    dot = 0
    for k in range(net.shape[1]):
        z = 0
        for i in range(ACTIVE):
            z += net[rows[i], k]
        dot += net[OUTPUT, k] * min(max(z, 0), ONE)
    return dot


@njit(cache=True, inline="always")
def network_value(s, ev):
    """What the searches compare of games/oware/nn.py's evaluation of ``s``: its logit
    ``(w2 . h + b2) * step / 2`` within +-CLAMP where ``ev`` says they may (its tanh is
    the value), else the value itself."""
    net, b2, half_step, logits, rows = ev
    logit = (output_units(s, net, rows) + b2) * half_step
    if logits:
        return min(max(logit, -CLAMP), CLAMP)
    return math.tanh(logit)


def network_evaluation(net):
    """(the network's array, b2, step / 2, whether the searches may compare its logits,
    room for the rows of the 15 inputs) of a games.nn.Net, as ``network_value`` reads
    them; each evaluation writes the room (no allocation at the leaves)."""
    w1 = np.array(net.w1, dtype=np.int64).reshape(net.features, net.hidden)
    table = np.zeros((NETWORK_ROWS, net.hidden), dtype=np.int64)
    seeds = np.minimum(np.arange(CELLS), network.SEED_CAP)
    for h in range(6):
        mine, theirs = MY_HOUSE_ROWS + CELLS * h, THEIR_HOUSE_ROWS + CELLS * h
        table[mine:mine + CELLS] = w1[network.MY_HOUSES + network.COUNTS * h + seeds]
        table[theirs:theirs + CELLS] = w1[network.THEIR_HOUSES + network.COUNTS * h + seeds]
    scores = np.minimum(np.arange(CELLS), network.SCORE_CAP)
    table[MY_STORE_ROWS:MY_STORE_ROWS + CELLS] = w1[network.MY_STORE + scores]
    table[THEIR_STORE_ROWS:THEIR_STORE_ROWS + CELLS] = w1[network.THEIR_STORE + scores]
    buckets = np.minimum(np.arange(MAX_TURNS + 1) // network.PLY_BUCKET, network.PLY_BUCKETS - 1)
    table[PLY_ROWS:PLY_ROWS + MAX_TURNS + 1] = w1[network.PLY + buckets] + np.array(net.b1, dtype=np.int64)
    table[OUTPUT] = net.w2
    return table, np.int64(net.b2), net.step / 2, logits_keep_order(net), np.zeros(ACTIVE, dtype=np.int64)


# -- either evaluation -----------------------------------------------------------------

# numba picks the evaluation by the type of ``ev`` (the linear one's array, the
# network's tuple) and compiles the searches once for each: no test at the leaves.
# ``raw_value`` is inlined: a call of its own took 5-10% off the linear players' games.

def evaluation(weights):
    """What ``evaluate`` and the searches read of the players' evaluation: the learned
    linear ``weights`` (a list) as ``linear_evaluation``'s array, a games.nn.Net as
    ``network_evaluation``'s tuple."""
    return network_evaluation(weights) if isinstance(weights, Net) else linear_evaluation(weights)


def raw_value(s, ev):
    """What the searches compare of the players' evaluation of ``s`` (the mover has a
    legal move): the linear sum (``total``) or the network's (``network_value``).
    Compiled code only."""
    raise TypeError("raw_value is compiled code only")


@overload(raw_value, inline="always", jit_options={"cache": True})
def _raw_value(s, ev):
    if isinstance(ev, types.BaseTuple):
        return lambda s, ev: network_value(s, ev)
    return lambda s, ev: total(s, ev)


def compares_logits(ev):
    """Whether the searches' values before a game's end are logits (the linear sum, or
    the network's logit where it may be compared), whose tanh is the value. Compiled code
    only."""
    raise TypeError("compares_logits is compiled code only")


@overload(compares_logits, jit_options={"cache": True})
def _compares_logits(ev):
    if isinstance(ev, types.BaseTuple):
        return lambda ev: ev[3]
    return lambda ev: True


@njit(cache=True)
def evaluate(s, ev):
    """The players' evaluation of ``s`` (the mover has a legal move; ``ev``:
    ``evaluation``'s): games/oware/learned.py's value or games/oware/nn.py's."""
    return value_of(raw_value(s, ev), ev)


# -- the search ------------------------------------------------------------------------

@njit(cache=True)
def order(s, count, child, ev):
    """Sorts the ``count`` moves of the search's row ``s`` (from ``s[MOVES]``) best first by
    the evaluation of the position each leads to (a finished game first if won, last if
    lost); ``child`` is room for one position."""
    scores = np.empty(6)
    for i in range(count):
        sow(s, s[MOVES + i], child)
        result = outcome(child)
        scores[i] = -raw_value(child, ev) if result == 2 else -RAW_WIN * result
    for i in range(1, count):  # insertion sort of at most six
        j = i
        while j > 0 and scores[j] > scores[j - 1]:
            scores[j], scores[j - 1] = scores[j - 1], scores[j]
            s[MOVES + j], s[MOVES + j - 1] = s[MOVES + j - 1], s[MOVES + j]
            j -= 1


@njit(cache=True)
def leaf(s, ply, ev):
    """``negamax``'s value of ``s`` (at ``ply``) searched 0 plies deep."""
    if can_move(s):
        return raw_value(s, ev)
    result = outcome(s)
    return RAW_WIN - ply if result > 0 else ply - RAW_WIN if result < 0 else 0.0


@njit(cache=False)  # recursive: numba's cache cannot load it
def negamax(stack, ply, depth, alpha, beta, ev):
    """Fail-soft alpha-beta value of the mover's position ``stack[ply]`` searched
    ``depth`` plies deep, in raw terms (``total``; a finished game: ``RAW_WIN - ply`` for
    its winner; ``value_of`` gives engines.alphabeta.AlphaBeta's); its moves go to the
    rest of its row, the children to ``stack[ply + 1]`` (no allocation in the search; the
    moves in the positions' array, one argument less: each array an argument of the
    recursion costs its reference count at every node)."""
    s = stack[ply]
    if depth <= 0:
        return leaf(s, ply, ev)
    count = legal(s, s, MOVES)
    if count == 0:
        result = outcome(s)
        return RAW_WIN - ply if result > 0 else ply - RAW_WIN if result < 0 else 0.0
    if depth >= ORDER_DEPTH:
        order(s, count, stack[ply + 1], ev)
    best = -np.inf
    for i in range(count):
        sow(s, s[MOVES + i], stack[ply + 1])
        if depth == 1:  # a leaf without a frame of the recursion
            value = -leaf(stack[ply + 1], ply + 1, ev)
        else:
            value = -negamax(stack, ply + 1, depth - 1, -beta, -alpha, ev)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


@njit(cache=False)
def search(s, depth, ev):
    """(value, move) of a full-window search ``depth`` plies deep: the first move of
    the best value (-1 at the end of the game)."""
    stack = np.empty((depth + 2, ROW), dtype=np.int64)
    root = stack[0]
    root[:SIZE] = s[:SIZE]
    count = legal(root, root, MOVES)
    if count == 0:
        return value_of(negamax(stack, 0, depth, -np.inf, np.inf, ev), ev), -1
    if depth >= ORDER_DEPTH:
        order(root, count, stack[1], ev)
    best, best_move = -np.inf, -1
    for i in range(count):
        sow(root, root[MOVES + i], stack[1])
        value = -negamax(stack, 1, depth - 1, -np.inf, -best, ev)
        if value > best:
            best, best_move = value, root[MOVES + i]
    return value_of(best, ev), best_move


@njit(cache=True)
def value_of(raw, ev):
    """The value engines.alphabeta gives for the searches' ``raw`` one: a finished game's
    ``RAW_WIN - ply`` as ``WIN - ply``, a logit (``compares_logits``) as its tanh."""
    if raw >= RAW_WIN / 2:
        return float(WIN - (RAW_WIN - raw))
    if raw <= -RAW_WIN / 2:
        return float((RAW_WIN + raw) - WIN)
    return math.tanh(raw) if compares_logits(ev) else raw


# -- the games -------------------------------------------------------------------------

@njit(cache=False)
def play_game(seed, opening, depths, random_move, label_depth, ev, rows, results, values):
    """One game from the start into ``rows`` (positions), ``results`` (the game's result
    for each position's mover) and ``values`` (each position's search value
    ``label_depth`` plies deep; the result where 0); its number of positions (0 when
    the opening ended the game)."""
    np.random.seed(seed)
    s = np.zeros(SIZE, dtype=np.int64)
    s[:HOUSES] = 4
    moves = np.empty(6, dtype=np.int64)
    for _ in range(opening):
        count = legal(s, moves)
        if count == 0:
            break
        s = play(s, moves[np.random.randint(count)])
    n = 0
    count = legal(s, moves)
    while count:
        rows[n] = s
        if np.random.random() < random_move:
            move = moves[np.random.randint(count)]
        else:
            _, move = search(s, depths[s[PLY] & 1], ev)
        n += 1
        s = play(s, move)
        count = legal(s, moves)
    if n == 0:
        return 0
    final, last = outcome(s), s[PLY] & 1
    for i in range(n):
        results[i] = final if rows[i, PLY] & 1 == last else -final
        values[i] = label(search(rows[i], label_depth, ev)[0]) if label_depth else results[i]
    return n


def pack(s):
    """The rules' packed state of a position."""
    return GAME.make_state(tuple(int(v) for v in s[:HOUSES]), (int(s[STORE]), int(s[STORE + 1])), int(s[PLY]))


SPLIT = HOUSE_SHIFT[5]  # the packed state's bits below this come from ``low``, the others from ``high``


@njit(cache=True)
def halves(rows, n):
    """The packed states of ``rows[:n]`` in two parts that each fit an int64: the bits
    below SPLIT (ply, stores, houses 0-4) and those above (houses 5-11), shifted down.
    ``pack`` in numba, but for joining the halves (a state takes 105 bits)."""
    low = np.empty(n, dtype=np.int64)
    high = np.empty(n, dtype=np.int64)
    for i in range(n):
        r = rows[i]
        x = r[PLY] + PLY_BIAS
        x |= (r[STORE] + STORE_BIAS) << STORE_SHIFT[0]
        x |= (r[STORE + 1] + STORE_BIAS) << STORE_SHIFT[1]
        for h in range(5):
            x |= (r[h] + BIAS) << HOUSE_SHIFT[h]
        y = 0
        for h in range(5, HOUSES):
            y |= (r[h] + BIAS) << (HOUSE_SHIFT[h] - SPLIT)
        low[i], high[i] = x, y
    return low, high


def unpack(state):
    """A position of the rules' packed state."""
    return np.array([*GAME.houses(state), *GAME.stores(state), GAME.ply(state)], dtype=np.int64)


@dataclass(frozen=True)
class Settings(compiled.Settings):
    label_depth: int = 0    # plies of each position's labelling search (0: its result)


def play_chunk(seeds, ev, settings):
    """One game per seed, each a list of (state, result, search value) for the side to
    move, as learn/logistic.py's ``play_chunk`` returns them; ``ev`` the players'
    evaluation (``evaluation``'s array)."""
    rows = np.zeros((MAX_PLIES, SIZE), dtype=np.int64)
    results = np.zeros(MAX_PLIES, dtype=np.int64)
    values = np.zeros(MAX_PLIES)

    def attempt(rng):
        pair = compiled.depth_pair(rng, settings.depths)
        n = play_game(rng.getrandbits(32), rng.randrange(*settings.opening_plies), pair, settings.random_move,
                      settings.label_depth, ev, rows, results, values)
        low, high = halves(rows, n)
        states = [x | y << SPLIT for x, y in zip(low.tolist(), high.tolist())]
        return list(zip(states, results[:n].tolist(), values[:n].tolist()))

    return [until_played(seed, attempt) for seed in seeds]
