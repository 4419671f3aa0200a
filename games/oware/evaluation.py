"""Handcrafted Oware evaluation, for the side to move.

Four terms, each scaled to about [-1, 1] and summed with weights, then squashed by tanh:
- material: the difference in captured seeds (what decides the game), over 12;
- seeds: the difference in seeds on each side of the board: seeds at home are moves to
  come, the means to starve the opponent, and the board's share for whoever is left
  without a move. It fades as the 200-ply limit nears, where board seeds count for nothing;
- mobility: the difference in houses that can be played (non-empty), over 6;
- tempo: the mover's houses holding 1 or 2 seeds minus the opponent's, over 6: short
  moves that change little, to wait with while the opponent must open up.
The evaluation is never asked about finished games (engines use ``outcome`` there).

The weights won short self-play matches against other choices:
docs/tuning/oware-constants.md#the-evaluations-constants.
"""

import math

from games.oware.rules import (BIAS, FIELD_MASK, HOUSE_SHIFT, MAX_TURNS, PLY_BIAS, SEEDS,
                               STORE_BIAS, STORE_SHIFT)
from games.weights import merged

WEIGHTS = {"material": 1.0, "seeds": 1.0, "mobility": 0.15, "tempo": 0.2}

# Per house field (seeds + BIAS): seeds, "can be played", "holds 1 or 2 seeds".
FIELD_SEEDS = tuple(v - BIAS for v in range(FIELD_MASK + 1))
FIELD_PLAYABLE = tuple(int(v > BIAS) for v in range(FIELD_MASK + 1))
FIELD_SMALL = tuple(int(v - BIAS in (1, 2)) for v in range(FIELD_MASK + 1))

# A side's six houses are 42 consecutive bits; the evaluation reads them as three pairs of
# houses (14 bits), each looked up once in a table summing both houses' terms: a third of
# the look-ups of one house at a time (timed: docs/tuning/oware-constants.md#pair_bits).
FIELD_BITS = HOUSE_SHIFT[1] - HOUSE_SHIFT[0]
PAIR_BITS = 2 * FIELD_BITS
PAIR_MASK = (1 << PAIR_BITS) - 1
SIDE_MASK = (1 << 3 * PAIR_BITS) - 1
SIDE_SHIFT = (HOUSE_SHIFT[0], HOUSE_SHIFT[6])


def pair_table(per_field):
    """``per_field`` summed over the two house fields of every pair."""
    return tuple(per_field[v & FIELD_MASK] + per_field[v >> FIELD_BITS]
                 for v in range(1 << PAIR_BITS))


PAIR_SEEDS = pair_table(FIELD_SEEDS)


def make_evaluator(game, weights=None):
    w = merged(WEIGHTS, weights or {}, "Oware evaluation")
    w_material = w["material"] / 12.0
    # The seeds term fades with full moves played, so both players see the same value;
    # its weight is looked up by the ply field (state & 511, the ply + PLY_BIAS).
    seeds_weight = [0.0] * 512
    for ply in range(MAX_TURNS + 1):
        seeds_weight[ply + PLY_BIAS] = w["seeds"] / 24.0 * (1.0 - 2 * (ply // 2) / MAX_TURNS)
    seeds_weight = tuple(seeds_weight)
    # Mobility and tempo weighted together: per pair, one number.
    shape = pair_table(tuple(w["mobility"] / 6.0 * playable + w["tempo"] / 6.0 * small
                             for playable, small in zip(FIELD_PLAYABLE, FIELD_SMALL)))
    seeds_of = PAIR_SEEDS
    low, high = SIDE_SHIFT
    side, pair, second, third = SIDE_MASK, PAIR_MASK, PAIR_BITS, 2 * PAIR_BITS
    first_store, store_gap = STORE_SHIFT[0], STORE_SHIFT[1] - STORE_SHIFT[0]
    # Seeds on the board: 48 less both stores; a store field holds the score + STORE_BIAS.
    board_and_stores = SEEDS + 2 * STORE_BIAS
    tanh = math.tanh

    def evaluate(state):
        stores = state >> first_store  # player 0's store field, then player 1's
        mine_stored, theirs_stored = stores & 63, stores >> store_gap & 63
        if state & 1:
            mine, theirs = state >> high, state >> low & side
            mine_stored, theirs_stored = theirs_stored, mine_stored
        else:
            mine, theirs = state >> low & side, state >> high
        m0, m1, m2 = mine & pair, mine >> second & pair, mine >> third
        t0, t1, t2 = theirs & pair, theirs >> second & pair, theirs >> third
        # seeds at home minus the opponent's: twice ours less all of those on the board
        board = board_and_stores - mine_stored - theirs_stored
        seeds = 2 * (seeds_of[m0] + seeds_of[m1] + seeds_of[m2]) - board
        return tanh(w_material * (mine_stored - theirs_stored)
                    + seeds_weight[state & 511] * seeds
                    + (shape[m0] + shape[m1] + shape[m2]) - (shape[t0] + shape[t1] + shape[t2]))

    return evaluate
