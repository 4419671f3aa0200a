"""Handcrafted Othello evaluation, for both the normal and the misere (reversed) game.

Four terms, each scaled to about [-1, 1] for the side to move:
- position: a square-weight table (corners good, the squares next to them bad);
- mobility: the difference in legal moves, relative to their sum;
- corners: the difference in corners held;
- discs: the disc difference, weighted by how full the board is (it matters late).
In the misere game the position, corner and disc terms change sign: holding corners
means stable discs, and stable discs are what the misere player must avoid. Mobility
keeps its sign in both games: having choices is always good.
"""

import math

from games.weights import merged

WEIGHTS = {"position": 1.0, "mobility": 1.2, "corners": 0.8, "discs": 0.6}

# Square classes of the positional table, by distance from the nearest corner.
CORNER, X_SQUARE, C_SQUARE, EDGE, INNER_EDGE, CENTER = range(6)
CLASS_WEIGHT = {CORNER: 100, X_SQUARE: -50, C_SQUARE: -20, EDGE: 5, INNER_EDGE: -2, CENTER: -1}


def square_class(row, col, size):
    last = size - 1
    on_edge_row = row in (0, last)
    on_edge_col = col in (0, last)
    near_row = row in (1, last - 1)
    near_col = col in (1, last - 1)
    if on_edge_row and on_edge_col:
        return CORNER
    if near_row and near_col:
        return X_SQUARE
    if (on_edge_row and near_col) or (on_edge_col and near_row):
        return C_SQUARE
    if on_edge_row or on_edge_col:
        return EDGE
    if near_row or near_col:
        return INNER_EDGE
    return CENTER


def class_masks(size):
    """{weight: bitboard of the squares with that weight}."""
    masks = {}
    for row in range(size):
        for col in range(size):
            weight = CLASS_WEIGHT[square_class(row, col, size)]
            masks[weight] = masks.get(weight, 0) | (1 << (row * size + col))
    return tuple(masks.items())


def make_evaluator(game, weights=None):
    w = merged(WEIGHTS, weights or {}, "Othello evaluation")
    sign = -1.0 if game.misere else 1.0
    w_position = sign * w["position"]
    w_mobility = w["mobility"]
    w_corners = sign * w["corners"]
    w_discs = sign * w["discs"]
    masks = class_masks(game.size)
    corner_mask = next(mask for weight, mask in masks if weight == CLASS_WEIGHT[CORNER])
    position_scale = 1.0 / (4 * CLASS_WEIGHT[CORNER])
    squares = game.squares
    move_mask = game.move_mask
    tanh = math.tanh

    def evaluate(state):
        mover, other, _ = state
        position = 0
        for weight, mask in masks:
            position += weight * ((mover & mask).bit_count() - (other & mask).bit_count())
        my_moves = move_mask(mover, other).bit_count()
        their_moves = move_mask(other, mover).bit_count()
        mobility = (my_moves - their_moves) / (my_moves + their_moves + 2)
        corners = ((mover & corner_mask).bit_count() - (other & corner_mask).bit_count()) / 4
        mine = mover.bit_count()
        theirs = other.bit_count()
        filled = (mine + theirs) / squares
        discs = (mine - theirs) / (mine + theirs) * filled * filled
        score = (w_position * position * position_scale + w_mobility * mobility
                 + w_corners * corners + w_discs * discs)
        return tanh(score)

    return evaluate
