"""The board as the arena's replays draw it (arena/replay.py, "board views"): rank 8 on
top, White (player 0) starting on ranks 1-2."""

from games.breakthrough.rules import FILES, square_bit


def board_view(game, state, last_move=None):
    white, black = game.pieces(state)
    rows = []
    for row in range(7, -1, -1):
        bits = [square_bit(8 * row + col) for col in range(8)]
        rows.append(["p0" if white & bit else "p1" if black & bit else "" for bit in bits])
    marks = []
    if last_move is not None:
        marks = [[7 - square // 8, square % 8] for square in (last_move // 64, last_move % 64)]
    return {
        "rows": rows, "files": FILES, "ranks": [str(r) for r in range(8, 0, -1)],
        "colors": ["#f4f4f4", "#222222"], "sides": ["white", "black"], "board": "checker", "marks": marks,
        "notes": [f"white {white.bit_count()}, black {black.bit_count()}"],
    }
