"""A small neural-network Oware evaluation (the network of games/nn.py).

Inputs, from the side to move's point of view (houses counted in sowing order from
each side's first house), each on or off, 15 on in every position:

- for each house of each side, its seed count: 0 to 23 each on its own (where the last
  seed lands, so what a move captures, turns on the exact count, laps included), 24 or
  more as one;
- the seeds each side has captured (0 to 24), each count on its own;
- the plies played, by 8 (the captured seeds decide at the 200-ply limit, so a lead
  weighs more as it nears).

``active`` is the definition, which the trainer (learn/nn.py) uses; ``make_evaluator``'s
evaluator finds the same sum of rows with eight table look-ups: one per two houses side
by side in the state (their 14 bits index a table of the two rows' packed sum), one for
both stores, one for the ply (which carries the bias). The tests hold it equal to the
trainer's numpy reference. The weights live in games/oware/nn_weights.py.
"""

from games.nn import field_width, load, make_output, packed, packed_bias, tables_of
from games.oware.rules import BIAS, HOUSE_SHIFT, MAX_TURNS, PLY_BIAS, SEEDS, STORE_BIAS, STORE_SHIFT

SEED_CAP = 24        # a house's counts from here on are one input
COUNTS = SEED_CAP + 1
SCORE_CAP = 24       # a store above 24 ends the game: never evaluated
SCORES = SCORE_CAP + 1
PLY_BUCKET = 8       # plies per input of the ply
PLY_BUCKETS = MAX_TURNS // PLY_BUCKET + 1
MY_HOUSES = 0        # + COUNTS * house + seeds
THEIR_HOUSES = 6 * COUNTS
MY_STORE = 12 * COUNTS  # + seeds captured
THEIR_STORE = MY_STORE + SCORES
PLY = THEIR_STORE + SCORES  # + ply // PLY_BUCKET
FEATURES = PLY + PLY_BUCKETS
ACTIVE = 15          # inputs on in every position
PAIR_BITS = 14       # two house fields side by side
STORES_BITS = 12     # both store fields


def _seeds(state, player):
    """The seeds in ``player``'s six houses, in sowing order."""
    return [((state >> shift) & 127) - BIAS for shift in HOUSE_SHIFT[6 * player:6 * player + 6]]


def active(state):
    """The inputs that are on in ``state`` (a list of ACTIVE indices)."""
    player = state & 1
    my_store = ((state >> STORE_SHIFT[player]) & 63) - STORE_BIAS
    their_store = ((state >> STORE_SHIFT[1 - player]) & 63) - STORE_BIAS
    ply = (state & 511) - PLY_BIAS
    on = [MY_HOUSES + COUNTS * house + min(seeds, SEED_CAP) for house, seeds in enumerate(_seeds(state, player))]
    on += [THEIR_HOUSES + COUNTS * house + min(seeds, SEED_CAP)
           for house, seeds in enumerate(_seeds(state, 1 - player))]
    on += [MY_STORE + min(my_store, SCORE_CAP), THEIR_STORE + min(their_store, SCORE_CAP),
           PLY + min(ply // PLY_BUCKET, PLY_BUCKETS - 1)]
    return on


def load_weights(module=None):
    """The Net of a weights module (default: games/oware/nn_weights.py)."""
    if module is None:
        from games.oware import nn_weights as module
    return load(module, FEATURES)


def make_evaluator(game, weights=None):
    """The evaluation with the Net ``weights`` (default: the fitted one)."""
    plies, by_player, output = tables_of(weights, load_weights, _tables, "Oware network evaluation")
    pair_mask, stores_mask = (1 << PAIR_BITS) - 1, (1 << STORES_BITS) - 1
    houses_shift, stores_shift = HOUSE_SHIFT[0], STORE_SHIFT[0]
    s1, s2, s3, s4, s5 = (PAIR_BITS * k for k in range(1, 6))

    def evaluate(state):
        stores, p0, p1, p2, p3, p4, p5 = by_player[state & 1]
        x = state >> houses_shift
        return output(plies[state & 511] + stores[state >> stores_shift & stores_mask]
                      + p0[x & pair_mask] + p1[x >> s1 & pair_mask] + p2[x >> s2 & pair_mask]
                      + p3[x >> s3 & pair_mask] + p4[x >> s4 & pair_mask] + p5[x >> s5 & pair_mask])

    return evaluate


def _tables(net):
    """(ply table, per player to move (store table, six house-pair tables), output): the
    packed rows summed as ``evaluate`` reads them, by the bits of the state it reads."""
    width = field_width(net.hidden, ACTIVE)
    rows = [packed(row, width) for row in net.w1]
    bias = packed_bias(net, width)
    plies = [0] * 512
    for ply in range(MAX_TURNS + 1):
        plies[ply + PLY_BIAS] = bias + rows[PLY + min(ply // PLY_BUCKET, PLY_BUCKETS - 1)]
    by_player = []
    for player in (0, 1):
        stores = [0] * (1 << STORES_BITS)
        for first in range(SEEDS + 1):
            for second in range(SEEDS + 1 - first):
                mine, theirs = (first, second) if player == 0 else (second, first)
                stores[(first + STORE_BIAS) | (second + STORE_BIAS) << 6] = (
                    rows[MY_STORE + min(mine, SCORE_CAP)] + rows[THEIR_STORE + min(theirs, SCORE_CAP)])
        pairs = []
        for pair in range(6):
            low, high = _house_rows(rows, player, 2 * pair), _house_rows(rows, player, 2 * pair + 1)
            table = [0] * (1 << PAIR_BITS)
            for a in range(SEEDS + 1):
                for b in range(SEEDS + 1 - a):
                    table[(a + BIAS) | (b + BIAS) << 7] = low[a] + high[b]
            pairs.append(table)
        by_player.append((stores, *pairs))
    return plies, tuple(by_player), make_output(net, width)


def _house_rows(rows, player, house):
    """The packed row of each seed count (0-48) of house ``house`` (0-11, the board's
    numbering) with ``player`` to move."""
    first = MY_HOUSES if house // 6 == player else THEIR_HOUSES
    return [rows[first + COUNTS * (house % 6) + min(seeds, SEED_CAP)] for seeds in range(SEEDS + 1)]
