"""Othello bot for CodinGame ("othello-1"): best-first minimax with the N-tuple
evaluation, exact in the endgame, by default; an opening book for its first two moves
(`--no-book` leaves it out: docs/tuning/othello-book.md). Its records:
docs/tuning/othello-constants.md#the-bots-constants and docs/tuning/othello-ntuple.md."""
import sys

from bots.runtime import MCTS_WITH_EVALUATION, Bot, Config, main
from games.othello.book import book_move
from games.othello.protocol import Player

SOLVE_EMPTIES = 10  # solved in tens of ms: docs/tuning/othello-constants.md#solve_empties


def near_the_end(game, state):
    return game.empty_squares(state) <= SOLVE_EMPTIES


BOT = Bot(
    "othello", Player, {"handcrafted": "games.othello.evaluation:make_evaluator",
                        "ntuple": "games.othello.ntuple:make_evaluator"},
    # best-first with an exact endgame: it cannot play worse where the solver finishes
    # (docs/tuning/othello-constants.md#best_engine)
    best="solver",
    time=0.76,        # of the 150 ms turns: docs/tuning/othello-constants.md#time_fraction
    first_time=0.25,  # of the 2000 ms first turn
    configs={
        "bestfirst": Config("bestfirst", C=0.172, FPU=0.139),  # arena tune: docs/tuning/othello.md
        # tuned best-first until the end is near, with the N-tuple evaluation: 80% against
        # the same engine with the handcrafted one (docs/tuning/othello-ntuple.md)
        "solver": Config("solver", evaluation="ntuple", engine="bestfirst"),
        "mcts": MCTS_WITH_EVALUATION.updated(C=0.107),  # docs/tuning/othello-mcts.md
    },
    solve_when=near_the_end,
    book=book_move,  # the first two moves of each side after the arena's 4 random plies
    book_on=True,  # 54.0% against no book over 200 games: docs/tuning/othello-book.md
)

if __name__ == "__main__":
    sys.exit(main(BOT))
