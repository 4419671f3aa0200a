"""A small neural-network Breakthrough evaluation (the network of games/nn.py).

Inputs, from the side to move's point of view (rows counted from each side's own home
row, so that both colours share the weights), each on or off: a piece of the mover on
each of the 64 squares, a piece of the opponent on each of them. So 2 to 32 inputs
are on, one per piece.

``active`` is the definition, which the trainer (learn/nn.py) uses; ``make_evaluator``'s
evaluator finds the same sum of rows with one table look-up per row of each side (the
row's byte of the board indexes a table of the packed sum of its pieces' rows; the
mover's first row carries the bias), as the linear learned evaluation reads its
piece-square tables. ``MIRROR`` maps each input to its image in the board's left-right
mirror, a position worth the same, which the trainer adds to the training positions.
The tests hold the evaluator equal to the trainer's numpy reference. The weights live in
games/breakthrough/nn_weights.py.
"""

from games.breakthrough.rules import BOARD_BYTES, ROW_BITS, squares_of
from games.nn import field_width, load, make_output, packed, packed_bias, tables_of

MINE = 0             # + 8 * rows travelled + file
THEIRS = 64          # + 8 * rows travelled by that piece + file
FEATURES = 128
ACTIVE = 32          # inputs on at most: every piece
MIRROR = [8 * (f // 8) + 7 - f % 8 for f in range(FEATURES)]  # file a <-> h, b <-> g, ...


def travelled(player, row):
    """Rows ``player``'s piece on ``row`` has come from its home row."""
    return row if player == 0 else 7 - row


def active(state):
    """The inputs that are on in ``state`` (one per piece, the mover's first)."""
    mover, other, player = state[0], state[1], state[2]
    on = [MINE + 8 * travelled(player, square // 8) + square % 8 for square in squares_of(mover)]
    return on + [THEIRS + 8 * travelled(1 - player, square // 8) + square % 8 for square in squares_of(other)]


def load_weights(module=None):
    """The Net of a weights module (default: games/breakthrough/nn_weights.py)."""
    if module is None:
        from games.breakthrough import nn_weights as module
    return load(module, FEATURES)


def make_evaluator(game, weights=None):
    """The evaluation with the Net ``weights`` (default: the fitted one)."""
    by_player, output = tables_of(weights, load_weights, _tables, "Breakthrough network evaluation")
    # Row r is byte r * (ROW_BITS // 8) of a board's little-endian bytes.
    b1, b2, b3, b4, b5, b6, b7 = (row * ROW_BITS // 8 for row in range(1, 8))

    def evaluate(state):
        (m0, m1, m2, m3, m4, m5, m6, m7), (t0, t1, t2, t3, t4, t5, t6, t7) = by_player[state[2]]
        m = state[0].to_bytes(BOARD_BYTES, "little")
        o = state[1].to_bytes(BOARD_BYTES, "little")
        return output(m0[m[0]] + m1[m[b1]] + m2[m[b2]] + m3[m[b3]] + m4[m[b4]] + m5[m[b5]] + m6[m[b6]]
                      + m7[m[b7]] + t0[o[0]] + t1[o[b1]] + t2[o[b2]] + t3[o[b3]] + t4[o[b4]] + t5[o[b5]]
                      + t6[o[b6]] + t7[o[b7]])

    return evaluate


def _tables(net):
    """(per player to move (the mover's eight row tables, the opponent's), output): for
    each board row, the packed sum of the rows of every 8-bit set of pieces on it; the
    mover's row 0 table carries the packed bias."""
    width = field_width(net.hidden, ACTIVE)
    rows = [packed(row, width) for row in net.w1]
    bias = packed_bias(net, width)
    by_player = []
    for player in (0, 1):
        mine = [_row_table(rows, MINE + 8 * travelled(player, row)) for row in range(8)]
        theirs = [_row_table(rows, THEIRS + 8 * travelled(1 - player, row)) for row in range(8)]
        mine[0] = [bias + total for total in mine[0]]
        by_player.append((tuple(mine), tuple(theirs)))
    return tuple(by_player), make_output(net, width)


def _row_table(rows, first):
    """For every byte: the sum of the packed rows ``first + file`` of its set bits."""
    table = [0]
    for file in range(8):
        table += [total + rows[first + file] for total in table]  # bit ``file`` set: the upper half
    return table
