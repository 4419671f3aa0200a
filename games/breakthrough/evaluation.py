"""Handcrafted Breakthrough evaluation, for the side to move.

Four terms, each about [-1, 1] for the side to move, summed with weights and squashed by
tanh into (-1, 1):
- material: the difference in pieces, over 4 (a piece up is worth a quarter);
- advance: how far the pieces have come, each row weighing more than the one before
  (a piece two rows from the goal is a threat, one three rows from home is not yet):
  1 for two or three rows travelled, 3 for four, 6 for five, 11 for six, over 40;
- defended: pieces guarded by a friend diagonally behind them (an attacker that takes
  one is taken back), the difference over 8;
- runner: +1 when the mover has a piece that nothing can stop and it arrives no later
  than any such piece of the opponent (the mover moves first), -1 when the opponent's
  runner arrives first, else 0. A piece cannot be stopped when no enemy stands in the
  cone ahead of it: the squares k rows ahead and at most k files aside, the only ones
  from which an enemy can reach it, block it or take it before it arrives.
The evaluation is never asked about finished games (engines use ``outcome`` there).

In self-play, material and advance carry the play, so the defended term is off by
default (a weight turns it on) and the runner term stays for races the search cannot see
to the end; the matches: docs/tuning/breakthrough-constants.md#the-evaluations-constants.
"""

import math

from games.breakthrough.rules import ROW_BITS, ROW_MASKS, square_bit
from games.weights import merged

WEIGHTS = {"material": 1.0, "advance": 0.6, "defended": 0.0, "runner": 2.0}

# The advance of a piece grows by these steps as it travels rows 2, 4, 5 and 6.
ADVANCE_STEPS = ((2, 1), (4, 2), (5, 3), (6, 5))
ADVANCE_SCALE = 40.0  # about the advance of a side that has made a good start
# A piece is checked for a free run from this many rows travelled on (3 rows to go): in
# random games no piece further back was ever found free, its cone being most of the board.
RUNNER_ROWS = 4


def rows_travelled(player, row):
    return row if player == 0 else 7 - row


def _advance_masks(player):
    """Masks of the squares at least k rows travelled, for the k of ADVANCE_STEPS."""
    return tuple(sum(ROW_MASKS[row] for row in range(8) if rows_travelled(player, row) >= k)
                 for k, _ in ADVANCE_STEPS)


def _cones(player):
    """For each bit index of a square: the squares ahead of it (for ``player``'s pieces)
    from which an enemy could stop it, and its distance to the goal row."""
    cones = [0] * (8 * ROW_BITS)
    distance = [0] * (8 * ROW_BITS)
    step = 1 if player == 0 else -1
    for square in range(64):
        row, col = divmod(square, 8)
        bit = ROW_BITS * row + col
        goal = 7 if player == 0 else 0
        distance[bit] = abs(goal - row)
        for ahead in range(1, abs(goal - row) + 1):
            for aside in range(-ahead, ahead + 1):
                if 0 <= col + aside < 8:
                    cones[bit] |= square_bit(8 * (row + step * ahead) + col + aside)
    return tuple(cones), tuple(distance)


def _runner_distance(pieces, enemy, cones, distance):
    """Rows to go for the nearest of ``pieces`` that no enemy can stop; 8 if none."""
    best = 8
    while pieces:
        low = pieces & -pieces
        bit = low.bit_length() - 1
        if not enemy & cones[bit] and distance[bit] < best:
            best = distance[bit]
        pieces ^= low
    return best


def _runner_tables():
    """Per player: the squares its runners may start from, and the cones and distances."""
    sides = []
    for player in (0, 1):
        candidates = sum(ROW_MASKS[row] for row in range(8) if rows_travelled(player, row) >= RUNNER_ROWS)
        sides.append((candidates,) + _cones(player))
    return tuple(sides)


RUNNER_TABLES = _runner_tables()


def runner(mover, other, player):
    """The race term: +1 when the side to move (``player``, pieces ``mover``) has a piece
    nothing can stop that arrives no later than any such enemy piece, -1 when the
    opponent's arrives first, else 0."""
    my_candidates, my_cones, my_distance = RUNNER_TABLES[player]
    their_candidates, their_cones, their_distance = RUNNER_TABLES[1 - player]
    mine = _runner_distance(mover & my_candidates, other, my_cones, my_distance)
    theirs = _runner_distance(other & their_candidates, mover, their_cones, their_distance)
    if mine < 8 and mine <= theirs:
        return 1
    if theirs < mine:
        return -1
    return 0


def attacks(board, player):
    """Squares attacked by ``player``'s pieces on ``board``: diagonally forward, one row
    (ROW_BITS) up for White, down for Black, one file aside. Off-board targets land in
    the rows' spare bits, where no piece ever stands."""
    if player == 0:
        return board << (ROW_BITS - 1) | board << (ROW_BITS + 1)
    return board >> (ROW_BITS - 1) | board >> (ROW_BITS + 1)


def make_evaluator(game, weights=None):
    w = merged(WEIGHTS, weights or {}, "Breakthrough evaluation")
    w_material = w["material"] / 4.0
    w_advance = w["advance"] / ADVANCE_SCALE
    w_defended = w["defended"] / 8.0
    w_runner = w["runner"]
    (s2, _), (s4, step4), (s5, step5), (s6, step6) = ADVANCE_STEPS
    assert (s2, s4, s5, s6) == (2, 4, 5, 6)
    sides = (_advance_masks(0), _advance_masks(1))
    tanh = math.tanh

    def evaluate(state):
        mover, other, player = state[0], state[1], state[2]
        a2, a4, a5, a6 = sides[player]
        b2, b4, b5, b6 = sides[1 - player]
        material = mover.bit_count() - other.bit_count()
        advanced = ((mover & a2).bit_count() - (other & b2).bit_count()
                    + step4 * ((mover & a4).bit_count() - (other & b4).bit_count())
                    + step5 * ((mover & a5).bit_count() - (other & b5).bit_count())
                    + step6 * ((mover & a6).bit_count() - (other & b6).bit_count()))
        defended = 0
        if w_defended:  # pieces that a friend guards from diagonally behind
            defended = ((mover & attacks(mover, player)).bit_count()
                        - (other & attacks(other, 1 - player)).bit_count())
        return tanh(w_material * material + w_advance * advanced + w_defended * defended
                    + w_runner * runner(mover, other, player))

    return evaluate
