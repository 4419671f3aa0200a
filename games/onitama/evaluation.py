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
"""

import math

from games.onitama.rules import CARD_COUNT, SHRINE, SIZE, SQUARES, card_vectors
from games.weights import merged

WEIGHTS = {"material": 1.0, "threat": 2.0, "danger": 0.6, "shrine": 0.3, "mobility": 0.5}


def _attack_tables():
    """REACH[p][card][sq]: bitboard of the squares the card reaches from sq for player p."""
    reach = ([], [])
    for player in (0, 1):
        for card in range(CARD_COUNT):
            per_square = []
            for sq in range(SQUARES):
                row, col = divmod(sq, SIZE)
                mask = 0
                for dx, dy in card_vectors(card, player):
                    x, y = col + dx, row + dy
                    if 0 <= x < SIZE and 0 <= y < SIZE:
                        mask |= 1 << (y * SIZE + x)
                per_square.append(mask)
            reach[player].append(tuple(per_square))
    return reach


REACH = _attack_tables()
# STEPS_TO[sq][p]: king steps from sq to the shrine that player p's master must reach.
STEPS_TO = tuple(
    tuple(max(abs(sq // SIZE - target // SIZE), abs(sq % SIZE - target % SIZE)) for target in (22, 2))
    for sq in range(SQUARES))


def make_evaluator(game, **weights):
    w = merged(WEIGHTS, weights, "Onitama evaluation")
    w_material, w_threat, w_danger = w["material"], w["threat"], w["danger"]
    w_shrine, w_mobility = w["shrine"], w["mobility"]
    reach = REACH
    shrine = SHRINE
    steps_to = STEPS_TO
    tanh = math.tanh

    def side_reach(pieces, own, table_a, table_b):
        """(squares attacked, number of moves) of a side with cards a and b."""
        attacked = 0
        moves = 0
        rest = pieces
        while rest:
            low = rest & -rest
            rest ^= low
            sq = low.bit_length() - 1
            ta = table_a[sq] & ~own
            tb = table_b[sq] & ~own
            attacked |= ta | tb
            moves += ta.bit_count() + tb.bit_count()
        return attacked, moves

    def evaluate(state):
        mine, theirs, my_master, their_master, a, b, their_a, their_b, _, player, _ = state
        enemy = 1 - player
        my_table = reach[player]
        their_table = reach[enemy]
        my_attacks, my_moves = side_reach(mine, mine, my_table[a], my_table[b])
        their_attacks, their_moves = side_reach(theirs, theirs, their_table[their_a], their_table[their_b])
        my_sq = my_master.bit_length() - 1
        their_sq = their_master.bit_length() - 1
        # Our master's own steps (it may land on the shrine square only from its square).
        master_reach = my_table[a][my_sq] | my_table[b][my_sq]
        their_master_reach = their_table[their_a][their_sq] | their_table[their_b][their_sq]
        threat = 1.0 if (my_attacks & their_master or master_reach & shrine[enemy] & ~mine) else 0.0
        danger = 1.0 if (their_attacks & my_master or their_master_reach & shrine[player] & ~theirs) else 0.0
        material = (mine.bit_count() - theirs.bit_count()) / 4
        race = (steps_to[their_sq][enemy] - steps_to[my_sq][player]) / 4
        mobility = (my_moves - their_moves) / (my_moves + their_moves + 1)
        return tanh(w_material * material + w_threat * threat - w_danger * danger
                    + w_shrine * race + w_mobility * mobility)

    return evaluate

