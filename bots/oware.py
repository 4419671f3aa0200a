"""Oware Abapa bot for CodinGame ("oware-abapa"): alpha-beta with the network evaluation
and the endgame table by default; `--book` adds an opening book for its first moves
(four from CodinGame's start, three after the local arena's random plies), off by
default: docs/tuning/oware-book.md. The arena sends only the board: the protocol's player
keeps the scores and the ply count (games/oware/protocol.py). Its records:
docs/tuning/oware-constants.md#the-bots-constants."""
import sys

from bots.runtime import MCTS_WITH_EVALUATION, Bot, Config, main
from games.oware.book import book_move
from games.oware.protocol import Player
from games.oware.rules import MAX_TURNS

SOLVE_PLIES = 24  # few seeds alone do not make a small tree: docs/tuning/oware-constants.md#solve_plies


def near_the_end(game, state):
    return MAX_TURNS - game.ply(state) <= SOLVE_PLIES


BOT = Bot(
    "oware", Player, {"handcrafted": "games.oware.evaluation:make_evaluator",
                      "learned": "games.oware.learned:make_evaluator",
                      "nn": "games.oware.nn:make_evaluator",
                      # the network with the endgame table's exact results in front
                      "nn+table": "games.oware.endgame:make_evaluator"},
    # plain alpha-beta with the network evaluation; the baseline "alphabeta" keeps the
    # handcrafted one (docs/tuning/oware-constants.md#best_engine)
    best="alphabeta-nn",
    time=0.72,       # of the 50 ms turns: docs/tuning/oware-constants.md#time_fraction
    first_time=0.3,  # of the 1000 ms first turn
    configs={
        "bestfirst": Config("bestfirst", C=1.23, FPU=0.465),  # arena tune: docs/tuning/oware.md
        "solver": Config("solver", engine="bestfirst"),    # tuned best-first until the limit is near
        "mcts": MCTS_WITH_EVALUATION.updated(C=0.413),  # docs/tuning/oware-mcts.md
        # docs/tuning/oware-nn.md; the table: docs/tuning/oware-endgame.md
        "alphabeta-nn": Config("alphabeta", evaluation="nn+table"),
    },
    solve_when=near_the_end,
    book=book_move,  # our first moves from either seat: docs/tuning/oware-book.md
    book_on=False,  # 55.1% against no book, but 5 points less against base: docs/tuning/oware-book.md
)

if __name__ == "__main__":
    sys.exit(main(BOT))
