"""A learned Oware evaluation: a logistic model of the game's result.

``P(the side to move wins) = sigmoid(w . features(state))`` (a draw counts half), and
the evaluation is ``2 P - 1 = tanh(w . features / 2)``. The weights are fitted by
learn/oware.py on positions of self-play games labelled with their results, and live
in games/oware/learned_weights.py.

Features, from the side to move's point of view (houses counted in sowing order from
each side's first house):

- the seeds each side has captured, and their difference scaled by the share of the
  game played (a lead counts for more as the 200-ply limit nears);
- for each house of each side, which of a few seed counts it holds (0, 1, 2, 3, 4-6,
  7-11, 12 or more): empty and small houses are targets or waiting moves, large ones
  are sowing that laps the board;
- the handcrafted evaluation's board seeds (faded towards the limit), as one term;
- a constant (the value of having the move).

Each of these has one weight per phase of the game, the phase being the seeds still on
the board (48 less both stores) cut at 36, 24 and 12: what a house of 2 seeds or a
lead of 5 means changes as the board empties, and a weight per phase lets the fit say
so at the cost of one more table look-up per evaluation. The features of one position
are thus one block of numbers placed at its phase's offset, the other blocks zero.

``features`` is the definition, which the fitting uses; ``make_evaluator``'s evaluator
computes the same sum with one table look-up per house (the tests hold them equal).
"""

import math

from games.oware.rules import BIAS, FIELD_MASK, HOUSE_SHIFT, MAX_TURNS, PLY_BIAS, SEEDS, STORE_BIAS, STORE_SHIFT
from games.weights import of_length

BUCKET_LIMITS = (0, 1, 2, 3, 6, 11)  # bucket k holds up to BUCKET_LIMITS[k] seeds; the last, more
BUCKETS = len(BUCKET_LIMITS) + 1
MY_STORE, THEIR_STORE, LATE_LEAD, BOARD_SEEDS = range(4)
MY_HOUSES = 4                             # + BUCKETS * house + bucket
THEIR_HOUSES = MY_HOUSES + 6 * BUCKETS
TEMPO = THEIR_HOUSES + 6 * BUCKETS
BLOCK = TEMPO + 1                         # the features of one phase
PHASE_LIMITS = (36, 24, 12)               # phase k: fewer than PHASE_LIMITS[k - 1] seeds on the board
PHASES = len(PHASE_LIMITS) + 1
FEATURES = PHASES * BLOCK
_BLOCK_NAMES = (["my store", "their store", "lead x plies played", "board seeds (faded)"]
                + [f"{who} house {h} bucket {k}" for who in ("my", "their") for h in range(6) for k in range(BUCKETS)]
                + ["tempo"])
_PHASE_NAMES = ([f"{SEEDS}-{PHASE_LIMITS[0]} seeds"]
                + [f"{high - 1}-{low} seeds" for high, low in zip(PHASE_LIMITS, PHASE_LIMITS[1:] + (0,))])
NAMES = [f"{phase_name}: {name}" for phase_name in _PHASE_NAMES for name in _BLOCK_NAMES]


def bucket(seeds):
    for k, limit in enumerate(BUCKET_LIMITS):
        if seeds <= limit:
            return k
    return len(BUCKET_LIMITS)


def phase(board_seeds):
    """The phase (0-3) of a position with ``board_seeds`` seeds left on the board."""
    return sum(1 for limit in PHASE_LIMITS if board_seeds < limit)


def _fields(state, player):
    """The house fields (seeds + BIAS) of ``player``'s six houses, in sowing order."""
    shifts = HOUSE_SHIFT[6 * player:6 * player + 6]
    return [(state >> shift) & FIELD_MASK for shift in shifts]


def features(state):
    """The feature vector of ``state`` (a list of FEATURES numbers)."""
    player = state & 1
    other = 1 - player
    ply = (state & 511) - PLY_BIAS
    my_store = ((state >> STORE_SHIFT[player]) & 63) - STORE_BIAS
    their_store = ((state >> STORE_SHIFT[other]) & 63) - STORE_BIAS
    values = [0.0] * FEATURES
    at = BLOCK * phase(SEEDS - my_store - their_store)  # this phase's block
    values[at + MY_STORE] = my_store
    values[at + THEIR_STORE] = their_store
    values[at + LATE_LEAD] = (my_store - their_store) * ply / MAX_TURNS
    my_fields, their_fields = _fields(state, player), _fields(state, other)
    values[at + BOARD_SEEDS] = _fade(ply) * (sum(my_fields) - sum(their_fields))
    for house, field in enumerate(my_fields):
        values[at + MY_HOUSES + BUCKETS * house + bucket(field - BIAS)] += 1
    for house, field in enumerate(their_fields):
        values[at + THEIR_HOUSES + BUCKETS * house + bucket(field - BIAS)] += 1
    values[at + TEMPO] = 1.0
    return values


def _fade(ply):
    """The weight of board seeds: 1 at the start, falling by full moves to 0 at the limit
    (as in the handcrafted evaluation, so that both players see the same value)."""
    return 1.0 - 2 * (ply // 2) / MAX_TURNS


def make_evaluator(game, weights=None):
    """The evaluation with ``weights`` (default: the fitted ones)."""
    if weights is None:
        from games.oware.learned_weights import WEIGHTS as weights
    of_length(weights, FEATURES, "learned Oware evaluation")
    half = [w / 2 for w in weights]  # tanh(x / 2) = 2 sigmoid(x) - 1
    blocks = [phase_tables(half[BLOCK * k:BLOCK * (k + 1)]) for k in range(PHASES)]
    by_board_seeds = tuple(blocks[phase(seeds)] for seeds in range(SEEDS + 1))
    shifts = (HOUSE_SHIFT[:6], HOUSE_SHIFT[6:])
    tanh = math.tanh

    def evaluate(state):
        player = state & 1
        ply = (state & 511) - PLY_BIAS
        my_store = ((state >> STORE_SHIFT[player]) & 63) - STORE_BIAS
        their_store = ((state >> STORE_SHIFT[1 - player]) & 63) - STORE_BIAS
        (tempo, w_my_store, w_their_store, late, board,
         m0, m1, m2, m3, m4, m5, t0, t1, t2, t3, t4, t5) = by_board_seeds[SEEDS - my_store - their_store]
        a0, a1, a2, a3, a4, a5 = [(state >> shift) & 127 for shift in shifts[player]]
        b0, b1, b2, b3, b4, b5 = [(state >> shift) & 127 for shift in shifts[1 - player]]
        total = (tempo + w_my_store * my_store + w_their_store * their_store
                 + late[ply] * (my_store - their_store)
                 + board[ply] * (a0 + a1 + a2 + a3 + a4 + a5 - b0 - b1 - b2 - b3 - b4 - b5)
                 + m0[a0] + m1[a1] + m2[a2] + m3[a3] + m4[a4] + m5[a5]
                 + t0[b0] + t1[b1] + t2[b2] + t3[b3] + t4[b4] + t5[b5])
        return tanh(total)

    return evaluate


def phase_tables(half):
    """One phase's halved weights as the evaluator reads them: the tempo and store
    weights, the late-lead and board-seeds weights by ply, and per house in sowing order
    a table by field value (seeds + BIAS) of that house's bucket weight (the board-seeds
    term is summed apart from the fields, whose BIAS cancels between the two sides)."""
    w_my_store, w_their_store, w_late_lead, w_board = half[:MY_HOUSES]
    fields = range(FIELD_MASK + 1)
    mine = tuple(tuple(half[MY_HOUSES + BUCKETS * h + bucket(max(v - BIAS, 0))] for v in fields) for h in range(6))
    theirs = tuple(tuple(half[THEIR_HOUSES + BUCKETS * h + bucket(max(v - BIAS, 0))] for v in fields) for h in range(6))
    late = tuple(w_late_lead * ply / MAX_TURNS for ply in range(MAX_TURNS + 1))
    board = tuple(w_board * _fade(ply) for ply in range(MAX_TURNS + 1))
    return (half[TEMPO], w_my_store, w_their_store, late, board, *mine, *theirs)
