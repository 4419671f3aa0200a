"""The board as the arena's replays draw it (arena/replay.py, "board views"): player 1's
houses on top, right to left as seen across the board, player 0's below; each cell
holds its count of seeds."""

from games.oware.rules import HOUSES


def board_view(game, state, last_move=None):
    houses = game.houses(state)
    store0, store1 = game.stores(state)
    rows = [list(reversed(houses[6:])), list(houses[:6])]
    marks = []
    if last_move is not None:
        mover = 1 - game.to_move(state)  # Oware has no pass: the last mover is the other side
        marks = [[1, last_move]] if mover == 0 else [[0, HOUSES // 2 - 1 - last_move]]
    return {
        "rows": rows, "files": "", "ranks": ["P1", "P0"],
        "colors": ["#8d5524", "#8d5524"], "sides": ["bottom row", "top row"], "board": "pits",
        "marks": marks,
        "notes": [f"captured: player 0 {store0}, player 1 {store1}"],
    }
