"""An N-tuple network evaluation for Othello (the normal game on the 8x8 board).

The value of a position is ``tanh(STEP * total / 2)`` = 2 P(the side to move wins) - 1,
where ``total`` is an integer: a bias plus, for every *image* of every pattern on the
board, the weight of the image's configuration in its pattern's table. The tables and
the bias belong to the phase of the game (the discs on the board, cut at ``PHASES``).

Patterns (the classic set of the pattern-based Othello programs, without the 2x5
corner block, which did not pay at the data size the trainer affords nor fit in the
bundle: docs/tuning/othello-ntuple.md; a pattern's squares in order, the first being
digit 0 of its index):

- ``edge2x``: an edge and the two X-squares next to it (10 squares);
- ``corner3x3``: the 3x3 block at a corner (9 squares);
- ``row2``, ``row3``, ``row4``: the second, third and fourth rows (8 each);
- ``diag8`` to ``diag4``: the diagonals of 8 down to 4 squares.

Each pattern is read on all its images under the board's 8 symmetries (rotations and
reflections: 4 of them, 2 for ``diag8``; 38 in all, ``IMAGES``) with one table shared
by them; where a symmetry maps a pattern onto itself (a row read backwards), its table
gives both readings the same weight, so the value of a position is the value of each
of its 8 symmetric images. A configuration's index is ``sum(digit(square_j) * 3**j)``, the
digit being 0 for an empty square, 1 for a disc of the side to move, 2 for one of its
opponent's.

Speed (the evaluation is called at every leaf): no square-by-square loop. The two
bitboards are held in one integer, ``mover | other << 64``, from which each row's two
bytes give the row's index through one table look-up (``ROW_INDEX``, 65,536 entries);
the columns are the rows of the transposed board (three delta swaps on the one
integer); a diagonal's squares are gathered into one byte by a multiplication. The
corner blocks and the X-squares are table look-ups on the row and column indices.
Everything is integer arithmetic up to the final ``tanh``.

The weights live in games/othello/ntuple_weights.py, fitted by ``python -m
learn.othello``: 8-bit integers, only the tables' canonical entries (one per set of
configurations that a pattern's self-symmetry identifies), zlib-compressed and
base85-encoded, decoded once (``load``). Reversed Reversi on 8x8 has weights of its own
(games/othello/misere_ntuple_weights.py, ``python -m learn.othello --misere``), the
same patterns fitted to the misere game. On other boards ``make_evaluator`` gives the
handcrafted evaluation instead.
"""

import math

from games.ntuple import Layout
from games.weights import unnamed

# -- geometry ------------------------------------------------------------------------

SYMMETRIES = (  # (row, col) -> (row, col)
    lambda r, c: (r, c), lambda r, c: (r, 7 - c), lambda r, c: (7 - r, c), lambda r, c: (7 - r, 7 - c),
    lambda r, c: (c, r), lambda r, c: (7 - c, 7 - r), lambda r, c: (c, 7 - r), lambda r, c: (7 - c, r))


def _row(i):
    return [(i, c) for c in range(8)]


def _col(i):
    return [(r, i) for r in range(8)]


def _diagonals(length):
    """The images of the diagonal pattern of ``length`` squares, each as the fast
    evaluator reads it (by column) with the right shift of the board that brings its
    first column to column 0: [(squares, shift)]."""
    k = 8 - length
    images = [([(j, k + j) for j in range(length)], k),                # from the top row, down-right
              ([(length - 1 - j, j) for j in range(length)], 0)]      # up-right to the top row
    if length < 8:
        images += [([(k + j, j) for j in range(length)], 0),           # down-right to the bottom row
                   ([(7 - j, k + j) for j in range(length)], k)]       # up-right from the bottom row
    return images


PATTERNS = {
    "edge2x": _row(0) + [(1, 1), (1, 6)],
    "corner3x3": _row(0)[:3] + _row(1)[:3] + _row(2)[:3],
    "row2": _row(1),
    "row3": _row(2),
    "row4": _row(3),
    **{f"diag{n}": _diagonals(n)[0][0] for n in (8, 7, 6, 5, 4)},
}
EDGES = ((_row, 0, 1, 2), (_row, 7, 6, 5), (_col, 0, 1, 2), (_col, 7, 6, 5))  # edge line, next, third


def _images():
    """[(pattern, squares)] in the order the fast evaluator reads them."""
    images = [("edge2x", line(a) + [line(b)[1], line(b)[6]]) for line, a, b, _ in EDGES]
    for line, a, b, c in EDGES[:2]:
        for part in (slice(0, 3), slice(7, 4, -1)):
            images.append(("corner3x3", line(a)[part] + line(b)[part] + line(c)[part]))
    for name, k in (("row2", 1), ("row3", 2), ("row4", 3)):
        images += [(name, _row(k)), (name, _row(7 - k)), (name, _col(k)), (name, _col(7 - k))]
    for n in (8, 7, 6, 5, 4):
        images += [(f"diag{n}", squares) for squares, _ in _diagonals(n)]
    return images


IMAGES = _images()


def self_symmetries(pattern):
    """The permutations of a pattern's digits under the symmetries that map its squares
    onto themselves: ``perm[j]`` is the digit that square j's image holds."""
    squares = PATTERNS[pattern]
    perms = set()
    for symmetry in SYMMETRIES:
        image = [symmetry(r, c) for r, c in squares]
        if set(image) == set(squares):
            perms.add(tuple(squares.index(square) for square in image))
    return sorted(perms)


def _permuted(perm):
    """[the index of each configuration with its digits moved by ``perm``]."""
    return _spread([3 ** target for target in perm])


def _spread(values, steps=None):
    """[sum(digit_j * values[j]) for each configuration of len(values) digits, by index];
    or with ``steps``, [sum(steps[j][digit_j])]."""
    table = [0]
    for step in steps or [(0, value, 2 * value) for value in values]:
        table = [t + s for s in step for t in table]
    return table


def canonical(pattern):
    """[the canonical index of each configuration]: the least index among its readings
    under the pattern's self-symmetries. Only canonical entries are stored."""
    if pattern not in _CANONICAL:
        tables = [_permuted(perm) for perm in self_symmetries(pattern)]
        _CANONICAL[pattern] = list(map(min, *tables)) if len(tables) > 1 else tables[0]
    return _CANONICAL[pattern]


_CANONICAL = {}


# -- weights -------------------------------------------------------------------------

LAYOUT = Layout(PATTERNS, canonical, 5, 64)  # a table per pattern; phases by disc count


def load(module=None):
    """The Weights of a weights module (default: games/othello/ntuple_weights.py)."""
    if module is None:
        from games.othello import ntuple_weights as module
    return LAYOUT.load(module)


# -- the fast evaluator ----------------------------------------------------------------

def _read(digits):
    """[for each row index: the index of the row's digits at columns ``digits``, in order]."""
    return _spread([3 ** digits.index(col) if col in digits else 0 for col in range(8)])


ROW_INDEX = [0] * 65536  # m | o << 8 (a row's two bytes) -> the row's index, digit j = column j
for _index, _key in enumerate(_spread(None, [(0, 1 << j, 1 << j + 8) for j in range(8)])):
    ROW_INDEX[_key] = _index
# the delta swaps that transpose the board (both halves of mover | other << 64 at once)
_K1, _K2, _K4 = ((k | k << 64) for k in (0x5500550055005500, 0x3333000033330000, 0x0F0F0F0F00000000))
_GATHER = 0x0101010101010101  # gathers a mask with one square per column into the top byte


def _diagonal_masks():
    """(mask, shift) of each diagonal image, in IMAGES order: the bits of the shifted
    board (both halves) that hold its squares."""
    masks = []
    for n in (8, 7, 6, 5, 4):
        for squares, shift in _diagonals(n):
            mask = sum(1 << (8 * r + c - shift) for r, c in squares)
            masks.append((mask | mask << 64, shift))
    return masks


def make_score(by_discs):
    """``score(mover, other)``: the integer total for the side to move. ``by_discs[n]``
    is the tuple (bias, one table per image in IMAGES order) for ``n`` discs."""
    R = ROW_INDEX
    XT = [3 ** 8 * i for i in _read([1, 6])]                # the X-squares of the next row, as digits 8 and 9
    L3, V3 = _read([0, 1, 2]), _read([7, 6, 5])              # 3x3: the ends of three lines
    L3B, V3B, L3C, V3C = ([s * i for i in t] for s in (27, 729) for t in (L3, V3))
    ((M0, S0), (M1, S1), (M2, S2), (M3, S3), (M4, S4), (M5, S5), (M6, S6), (M7, S7), (M8, S8),
     (M9, S9), (M10, S10), (M11, S11), (M12, S12), (M13, S13), (M14, S14), (M15, S15), (M16, S16),
     (M17, S17)) = _diagonal_masks()
    K1, K2, K4, G = _K1, _K2, _K4, _GATHER

    def score(mover, other):
        (bias, e0, e1, e2, e3, b0, b1, b2, b3,
         h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11,
         d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17) = by_discs[
            (mover | other).bit_count()]
        z = mover | other << 64
        r0 = R[z & 255 | z >> 56 & 65280]
        r1 = R[z >> 8 & 255 | z >> 64 & 65280]
        r2 = R[z >> 16 & 255 | z >> 72 & 65280]
        r3 = R[z >> 24 & 255 | z >> 80 & 65280]
        r4 = R[z >> 32 & 255 | z >> 88 & 65280]
        r5 = R[z >> 40 & 255 | z >> 96 & 65280]
        r6 = R[z >> 48 & 255 | z >> 104 & 65280]
        r7 = R[z >> 56 & 255 | z >> 112 & 65280]
        t = K4 & (z ^ z << 28)
        y = z ^ t ^ t >> 28
        t = K2 & (y ^ y << 14)
        y ^= t ^ t >> 14
        t = K1 & (y ^ y << 7)
        y ^= t ^ t >> 7
        c0 = R[y & 255 | y >> 56 & 65280]
        c1 = R[y >> 8 & 255 | y >> 64 & 65280]
        c2 = R[y >> 16 & 255 | y >> 72 & 65280]
        c3 = R[y >> 24 & 255 | y >> 80 & 65280]
        c4 = R[y >> 32 & 255 | y >> 88 & 65280]
        c5 = R[y >> 40 & 255 | y >> 96 & 65280]
        c6 = R[y >> 48 & 255 | y >> 104 & 65280]
        c7 = R[y >> 56 & 255 | y >> 112 & 65280]
        total = (bias + e0[r0 + XT[r1]] + e1[r7 + XT[r6]] + e2[c0 + XT[c1]] + e3[c7 + XT[c6]]
                 + b0[L3[r0] + L3B[r1] + L3C[r2]] + b1[V3[r0] + V3B[r1] + V3C[r2]]
                 + b2[L3[r7] + L3B[r6] + L3C[r5]] + b3[V3[r7] + V3B[r6] + V3C[r5]]
                 + h0[r1] + h1[r6] + h2[c1] + h3[c6] + h4[r2] + h5[r5] + h6[c2] + h7[c5]
                 + h8[r3] + h9[r4] + h10[c3] + h11[c4])
        p = (z >> S0 & M0) * G
        total += d0[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S1 & M1) * G
        total += d1[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S2 & M2) * G
        total += d2[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S3 & M3) * G
        total += d3[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S4 & M4) * G
        total += d4[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S5 & M5) * G
        total += d5[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S6 & M6) * G
        total += d6[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S7 & M7) * G
        total += d7[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S8 & M8) * G
        total += d8[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S9 & M9) * G
        total += d9[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S10 & M10) * G
        total += d10[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S11 & M11) * G
        total += d11[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S12 & M12) * G
        total += d12[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S13 & M13) * G
        total += d13[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S14 & M14) * G
        total += d14[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S15 & M15) * G
        total += d15[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S16 & M16) * G
        total += d16[R[p >> 56 & 255 | p >> 112 & 65280]]
        p = (z >> S17 & M17) * G
        return total + d17[R[p >> 56 & 255 | p >> 112 & 65280]]

    return score


def phase_tuples(weights):
    """``by_discs`` for ``make_score``: for each disc count 0-64, its phase's bias and
    tables, one per image."""
    tables, biases = LAYOUT.expand(weights)
    tuples = [(biases[k], *(tables[pattern][k] for pattern, _ in IMAGES)) for k in range(len(biases))]
    return [tuples[sum(1 for limit in weights.phases if discs >= limit)] for discs in range(65)]


_DEFAULT = []  # the default weights' scorer, made once


def make_evaluator(game, weights=None):
    """The evaluation with ``weights`` (a Weights; default: the fitted Othello ones). On
    boards other than 8x8, or in Reversed Reversi without weights of its own (the SUSTech
    bot passes games/othello/misere_ntuple_weights.py's), the handcrafted evaluation
    stands in."""
    if game.size != 8 or (game.misere and weights is None):
        from games.othello.evaluation import make_evaluator as handcrafted
        return handcrafted(game)
    if weights is None:
        if not _DEFAULT:
            weights = load()
            _DEFAULT.append((make_score(phase_tuples(weights)), weights.step))
        score, step = _DEFAULT[0]
    else:
        score, step = make_score(phase_tuples(unnamed(weights, "Othello N-tuple evaluation"))), weights.step
    half = step / 2
    tanh = math.tanh

    def evaluate(state):
        return tanh(score(state[0], state[1]) * half)

    return evaluate
