"""The Reversed Reversi (misere) evaluation of the SUSTech bots, in pure Python; the
compiled bot (games/othello/compiled.py) computes the same features with the same
weights, which live here so that both import them (this module needs no numba).

Features, each the mover's count minus the opponent's: legal moves; frontier (the
opponent's discs beside an empty square, minus mine: a frontier disc gives the other
side moves); corners (stable discs, which the misere player must avoid); X squares and C
squares beside a corner still empty (they hand the corner over); the other edge squares;
discs (fewer wins, more so as the board fills). Each weight is a pair (opening, ending),
mixed by the share of empty squares. Fitted by self-play with the compiled search
(learn/reversi_compiled.py; docs/tuning/reversi-sustech.md#the-compiled-evaluation).
"""

import math

MOBILITY, FRONTIER, CORNERS, X_SQUARES, C_SQUARES, EDGES, DISCS = range(7)
WEIGHTS = (
    (8.0, 4.0),       # legal moves
    (5.0, 2.0),       # frontier
    (-120.0, -60.0),  # corners
    (6.0, 2.0),       # X squares beside an empty corner
    (3.0, 1.0),       # C squares beside an empty corner
    (-2.0, -1.0),     # other edge squares
    (-0.5, -4.0),     # discs
)
SCALE = 200.0  # the pure-Python value is tanh(score / SCALE), within [-1, 1]


def square_kinds(n):
    """By square: 0 inner, 1 corner, 2 X, 3 C, 4 other edge; and the corner of an X or C
    square (-1 elsewhere)."""
    kinds, corners = [], []
    last = n - 1
    for row in range(n):
        for col in range(n):
            near_row = 0 if row <= 1 else last if row >= last - 1 else -1
            near_col = 0 if col <= 1 else last if col >= last - 1 else -1
            corner = near_row * n + near_col if near_row >= 0 and near_col >= 0 else -1
            on_edge = row in (0, last) or col in (0, last)
            if row in (0, last) and col in (0, last):
                kinds.append(1)
                corner = -1
            elif corner >= 0 and not on_edge:
                kinds.append(2)
            elif corner >= 0:
                kinds.append(3)
            else:
                kinds.append(4 if on_edge else 0)
            corners.append(corner)
    return kinds, corners


def corner_masks(n):
    """For each corner: (its bit, its X square, its C squares), as bitboards."""
    kinds, corners = square_kinds(n)
    found = []
    for corner in (0, n - 1, n * n - n, n * n - 1):
        xs = sum(1 << s for s in range(n * n) if corners[s] == corner and kinds[s] == 2)
        cs = sum(1 << s for s in range(n * n) if corners[s] == corner and kinds[s] == 3)
        found.append((1 << corner, xs, cs))
    return found


def make_evaluator(game, weights=WEIGHTS, scale=SCALE):
    """``evaluate(state)`` in [-1, 1] for the side to move (games/othello/rules.py states);
    with ``scale`` None, the weighted sum itself (as the compiled evaluation)."""
    n = game.size
    squares = game.squares
    full = game.full
    kinds, _ = square_kinds(n)
    edge_mask = sum(1 << s for s in range(squares) if kinds[s] in (1, 3, 4))
    by_corner = corner_masks(n)
    all_corners = sum(corner for corner, _, _ in by_corner)
    first_column = sum(1 << (row * n) for row in range(n))
    not_first = full & ~first_column
    not_last = full & ~(first_column << (n - 1))
    # the weights by number of empty squares, mixed once
    mixed = [tuple(opening * e / squares + ending * (1 - e / squares) for opening, ending in weights)
             for e in range(squares + 1)]
    move_mask = game.move_mask
    tanh = math.tanh

    def evaluate(state):
        mover, other, _ = state
        empty = full & ~(mover | other)
        w = mixed[empty.bit_count()]
        near = (((empty << 1) & not_first) | ((empty >> 1) & not_last) | (empty << n) | (empty >> n)
                | ((empty << (n + 1)) & not_first) | ((empty >> (n + 1)) & not_last)
                | ((empty << (n - 1)) & not_last) | ((empty >> (n - 1)) & not_first))
        xs = cs = 0
        for corner, x, c in by_corner:
            if corner & empty:
                xs |= x
                cs |= c
        edges = edge_mask & ~(all_corners | cs)
        score = (w[MOBILITY] * (move_mask(mover, other).bit_count() - move_mask(other, mover).bit_count())
                 + w[FRONTIER] * ((other & near).bit_count() - (mover & near).bit_count())
                 + w[CORNERS] * ((mover & all_corners).bit_count() - (other & all_corners).bit_count())
                 + w[X_SQUARES] * ((mover & xs).bit_count() - (other & xs).bit_count())
                 + w[C_SQUARES] * ((mover & cs).bit_count() - (other & cs).bit_count())
                 + w[EDGES] * ((mover & edges).bit_count() - (other & edges).bit_count())
                 + w[DISCS] * (mover.bit_count() - other.bit_count()))
        return score if scale is None else tanh(score / scale)

    return evaluate
