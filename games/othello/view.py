"""The board as the arena's replays draw it (arena/replay.py, "board views"): discs on
a green board, black (player 0, the first to move) and white; Reversed Reversi, its
misere variant on every size, draws the same way."""

from games.othello.rules import PASS

FILES = "abcdefghijklmnop"


def board_view(game, state, last_move=None):
    black, white = game.discs(state)
    n = game.size
    rows = [["p0" if black >> (r * n + c) & 1 else "p1" if white >> (r * n + c) & 1 else ""
             for c in range(n)] for r in range(n)]
    marks = [list(divmod(last_move, n))] if last_move is not None and last_move != PASS else []
    return {
        "rows": rows, "files": FILES[:n], "ranks": [str(r + 1) for r in range(n)],
        "colors": ["#111111", "#f4f4f4"], "sides": ["black", "white"], "board": "#2e7d32", "marks": marks,
        "notes": [f"black {black.bit_count()}, white {white.bit_count()}"],
    }
