"""The board as the arena's replays draw it (arena/replay.py, "board views"): row 5 on
top, player 0's students (p0) and master (m0) starting on row 1; the cards below."""

from games.onitama.rules import CARDS, PASS, SIZE, move_from, move_to, square


def board_view(game, state, last_move=None):
    (pieces0, pieces1), (master0, master1) = game.pieces(state)
    rows = []
    for row in range(SIZE - 1, -1, -1):
        line = []
        for col in range(SIZE):
            bit = 1 << square(col, row)
            line.append("m0" if bit & master0 else "p0" if bit & pieces0 else
                        "m1" if bit & master1 else "p1" if bit & pieces1 else "")
        rows.append(line)
    marks = []
    if last_move is not None and last_move & 31 != PASS:
        marks = [[SIZE - 1 - sq // SIZE, sq % SIZE] for sq in (move_from(last_move), move_to(last_move))]
    hand0, hand1, centre = game.hands(state)
    name = lambda cards: ", ".join(f"{CARDS[c][0]} ({c})" for c in cards)
    return {
        "rows": rows, "files": "ABCDE", "ranks": [str(r) for r in range(SIZE, 0, -1)],
        "colors": ["#1e63b5", "#c0392b"], "sides": ["blue", "red"], "board": "checker", "marks": marks,
        "notes": [f"player 0: {name(hand0)}", f"player 1: {name(hand1)}", f"centre: {name([centre])}"],
    }
