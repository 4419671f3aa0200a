"""A learned Breakthrough evaluation: a logistic model of the game's result.

``P(the side to move wins) = sigmoid(w . features(state))``, and the evaluation is that
probability moved to [-1, 1]: ``2 P - 1 = tanh(w . features / 2)``. The weights are
fitted by learn/breakthrough.py on positions of self-play games, each labelled with
the game's result, and live in games/breakthrough/learned_weights.py.

Features, from the side to move's point of view (its rows counted from its own home
row, so that both colours share one table; files a-h folded onto four classes by the
board's left-right symmetry):

- a piece-square table for the mover's pieces (8 rows x 4 file classes) and one for the
  opponent's: what a piece on that square is worth to the result;
- the runner term of the handcrafted evaluation: +1 when the mover has a piece nothing
  can stop that arrives first, -1 when the opponent has, else 0;
- hanging pieces (attacked and not defended), attacked pieces and defended pieces
  (a friend diagonally behind), of each side;
- a constant (the value of having the move).

``features`` is the definition, written for clarity, which the fitting uses; the
evaluator made by ``make_evaluator`` computes the same sum with table look-ups per row
(the tests hold them equal).
"""

import math

from games.breakthrough.evaluation import attacks, rows_travelled, runner
from games.breakthrough.rules import BOARD_BYTES, ROW_BITS, squares_of
from games.weights import of_length

FILE_CLASS = (0, 1, 2, 3, 3, 2, 1, 0)
PIECE_SQUARES = 8 * 4
# Index of each feature in the weight vector.
MINE = 0                     # + 4 * row travelled + file class
THEIRS = PIECE_SQUARES       # + 4 * row travelled by that piece + file class
RUNNER = 2 * PIECE_SQUARES
(MY_HANGING, THEIR_HANGING, MY_ATTACKED, THEIR_ATTACKED, MY_DEFENDED, THEIR_DEFENDED,
 TEMPO) = range(RUNNER + 1, RUNNER + 8)
FEATURES = TEMPO + 1
NAMES = ([f"mine r{r} f{f}" for r in range(8) for f in range(4)]
         + [f"theirs r{r} f{f}" for r in range(8) for f in range(4)]
         + ["runner", "my hanging", "their hanging", "my attacked", "their attacked",
            "my defended", "their defended", "tempo"])


def features(state):
    """The feature vector of ``state`` (a list of FEATURES numbers)."""
    mover, other, player = state[0], state[1], state[2]
    values = [0] * FEATURES
    for square in squares_of(mover):
        row, col = divmod(square, 8)
        values[MINE + 4 * rows_travelled(player, row) + FILE_CLASS[col]] += 1
    for square in squares_of(other):
        row, col = divmod(square, 8)
        values[THEIRS + 4 * rows_travelled(1 - player, row) + FILE_CLASS[col]] += 1
    values[RUNNER] = runner(mover, other, player)
    my_attacks, their_attacks = attacks(mover, player), attacks(other, 1 - player)
    values[MY_HANGING] = (mover & their_attacks & ~my_attacks).bit_count()
    values[THEIR_HANGING] = (other & my_attacks & ~their_attacks).bit_count()
    values[MY_ATTACKED] = (mover & their_attacks).bit_count()
    values[THEIR_ATTACKED] = (other & my_attacks).bit_count()
    values[MY_DEFENDED] = (mover & my_attacks).bit_count()
    values[THEIR_DEFENDED] = (other & their_attacks).bit_count()
    values[TEMPO] = 1
    return values


def _row_tables(weights, first, owner):
    """For each board row (0-7): the summed weights of every 8-bit set of ``owner``'s
    pieces on it, from the piece-square table that starts at ``first``."""
    tables = []
    for row in range(8):
        travelled = rows_travelled(owner, row)
        table = []
        for byte in range(256):
            table.append(sum(weights[first + 4 * travelled + FILE_CLASS[col]]
                             for col in range(8) if byte >> col & 1))
        tables.append(tuple(table))
    return tuple(tables)


def make_evaluator(game, weights=None):
    """The evaluation with ``weights`` (default: the fitted ones)."""
    if weights is None:
        from games.breakthrough.learned_weights import WEIGHTS as weights
    of_length(weights, FEATURES, "learned Breakthrough evaluation")
    weights = [w / 2 for w in weights]  # tanh(x / 2) = 2 sigmoid(x) - 1
    # Per colour of the mover: the row tables of its pieces and of the opponent's.
    tables = tuple((_row_tables(weights, MINE, player), _row_tables(weights, THEIRS, 1 - player))
                   for player in (0, 1))
    (w_runner, w_my_hanging, w_their_hanging, w_my_attacked, w_their_attacked,
     w_my_defended, w_their_defended, tempo) = weights[RUNNER:]
    # Row r is byte r * (ROW_BITS // 8) of a board's little-endian bytes.
    b1, b2, b3, b4, b5, b6, b7 = (row * ROW_BITS // 8 for row in range(1, 8))
    tanh = math.tanh

    def evaluate(state):
        mover, other, player = state[0], state[1], state[2]
        mine, theirs = tables[player]
        m = mover.to_bytes(BOARD_BYTES, "little")
        o = other.to_bytes(BOARD_BYTES, "little")
        m0, m1, m2, m3, m4, m5, m6, m7 = mine
        t0, t1, t2, t3, t4, t5, t6, t7 = theirs
        total = (tempo + m0[m[0]] + m1[m[b1]] + m2[m[b2]] + m3[m[b3]]
                 + m4[m[b4]] + m5[m[b5]] + m6[m[b6]] + m7[m[b7]]
                 + t0[o[0]] + t1[o[b1]] + t2[o[b2]] + t3[o[b3]]
                 + t4[o[b4]] + t5[o[b5]] + t6[o[b6]] + t7[o[b7]])
        my_attacks, their_attacks = attacks(mover, player), attacks(other, 1 - player)
        my_attacked = mover & their_attacks
        their_attacked = other & my_attacks
        total += (w_my_hanging * (my_attacked & ~my_attacks).bit_count()
                  + w_their_hanging * (their_attacked & ~their_attacks).bit_count()
                  + w_my_attacked * my_attacked.bit_count()
                  + w_their_attacked * their_attacked.bit_count()
                  + w_my_defended * (mover & my_attacks).bit_count()
                  + w_their_defended * (other & their_attacks).bit_count()
                  + w_runner * runner(mover, other, player))
        return tanh(total)

    return evaluate
