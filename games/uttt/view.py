"""The board as the arena's replays draw it (arena/replay.py, "board views"): the 9 x 9
cells in CodinGame's rows and columns, X (player 0, the first to move) and O."""

from games.uttt.rules import ANY, OVER


def board_view(game, state, last_move=None):
    x, o, won_x, won_o, _, board, _ = state
    cells = [[game.parse_move(f"{r} {c}") for c in range(9)] for r in range(9)]
    rows = [["p0" if x >> m & 1 else "p1" if o >> m & 1 else "" for m in row] for row in cells]
    marks = [list(map(int, game.move_name(last_move).split()))] if last_move is not None else []
    sent = {ANY: "any open board", OVER: "none: the game is over"}.get(board, f"board {board}")
    return {
        "rows": rows, "files": "012345678", "ranks": list("012345678"),
        "colors": ["#c62828", "#1565c0"], "sides": ["X", "O"], "board": "#f4f4f4", "marks": marks,
        "notes": [f"boards won: X {won_x.bit_count()}, O {won_o.bit_count()}", f"next: {sent}"],
    }
