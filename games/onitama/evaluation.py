"""Handcrafted Onitama evaluation, for the side to move, in [-1, 1].

Terms (each about [-1, 1] before weighting, summed and squashed by tanh):
- material: the difference in students, out of 4;
- win threat: the side to move can take the enemy master or step its master onto the
  enemy shrine with one of its two cards (it wins next ply unless the search sees more);
- danger: the enemy's cards attack our master, or bring its master onto our shrine;
  we move first, so this weighs less than our own threat;
- shrine race: how much nearer our master is to the enemy shrine than theirs to ours
  (in king steps, out of 4);
- mobility: the difference in moves under each side's two cards, relative to their sum.

Attacks and mobility use the cards each side holds now: the centre card only reaches
a player after it plays, so it is ignored.

Each side's share (its attacks, moves, material and race terms) depends on its own
pieces, master and hand only, so it is computed once per side and kept in a bounded
table by hand and pieces (``side_terms``): a search meets the same side in many
positions (every child of a node shares the side that did not move).
"""

import math

from games.onitama.rules import FULL, MASTER_STEPS, SIZE, SQUARES, Memo, side_reach
from games.weights import merged

WEIGHTS = {"material": 1.0, "threat": 2.0, "danger": 0.6, "shrine": 0.3, "mobility": 0.5}

# STEPS_TO[sq][p]: king steps from sq to the shrine that player p's master must reach.
STEPS_TO = tuple(
    tuple(max(abs(sq // SIZE - target // SIZE), abs(sq % SIZE - target % SIZE)) for target in (22, 2))
    for sq in range(SQUARES))


def make_evaluator(game, weights=None):
    w = merged(WEIGHTS, weights or {}, "Onitama evaluation")
    w_material, w_threat, w_danger = w["material"], w["threat"], w["danger"]
    w_shrine, w_mobility = w["shrine"], w["mobility"]
    piece = w_material / 4  # a piece's material term
    race = tuple(tuple(w_shrine * STEPS_TO[sq][seat] / 4 for sq in range(SQUARES)) for seat in (0, 1))
    master_steps, tanh = MASTER_STEPS, math.tanh
    memo = Memo()  # by hand: pieces | master << 25 -> side terms
    tables = memo.tables

    def side_terms(pieces, master, hand):
        """(attacked, moves, its terms as the side to move, as the other side, its
        threats: the squares attacked, all of them if its master can step onto the
        enemy shrine)."""
        covered, moves = side_reach(pieces, hand)
        free = ~pieces
        sq = master.bit_length() - 1
        own = piece * pieces.bit_count() - race[hand >> 8][sq]
        attacked = covered & free
        terms = (attacked, moves, own, -own, FULL if master_steps[hand][sq] & free else attacked)
        tables[hand][pieces | master << 25] = terms
        memo.added()
        return terms

    def evaluate(state):
        mine, theirs, my_master, their_master, hand, their_hand, _, _ = state
        my_terms = tables[hand].get(mine | my_master << 25) or side_terms(mine, my_master, hand)
        their_terms = (tables[their_hand].get(theirs | their_master << 25)
                       or side_terms(theirs, their_master, their_hand))
        _, my_moves, total, _, my_threats = my_terms
        _, their_moves, _, their_total, their_threats = their_terms
        total += their_total + w_mobility * (my_moves - their_moves) / (my_moves + their_moves + 1)
        if my_threats & their_master:
            total += w_threat
        if their_threats & my_master:
            total -= w_danger
        return tanh(total)

    return evaluate
