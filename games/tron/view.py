"""The grid as the arena's replays draw it (arena/replay.py, "board views"): 30 columns
by 20 rows, each player's ribbon in its colour and its head ringed."""

from games.tron.rules import HEIGHT, OFF, WIDTH, cell, xy

COLORS = ["#1565c0", "#c62828", "#2e7d32", "#f9a825"]


def board_view(game, state, last_move=None):
    to_move, heads, _, ribbons, _, out = state
    rows = []
    for y in range(HEIGHT):
        row = []
        for x in range(WIDTH):
            c = cell(x, y)
            owner = next((p for p, ribbon in enumerate(ribbons) if ribbon >> c & 1), None)
            row.append("" if owner is None else f"m{owner}" if heads[owner] == c else f"p{owner}")
        rows.append(row)
    marks = [[xy(h)[1], xy(h)[0]] for h in heads if h != OFF]
    notes = [f"player {p}: {ribbons[p].bit_count()} cells" if heads[p] != OFF else f"player {p}: out"
             for p in range(game.num_players)]
    if out:
        notes.append("out in this order: " + ", ".join(map(str, out)))
    if not game.over(state):
        notes.append(f"next: player {to_move}")
    return {"rows": rows, "files": [str(x % 10) for x in range(WIDTH)], "ranks": [str(y) for y in range(HEIGHT)],
            "colors": COLORS[:game.num_players], "board": "#101820", "marks": marks, "notes": notes}
