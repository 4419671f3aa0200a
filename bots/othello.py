"""Othello bot for CodinGame ("othello-1"): best-first minimax, exact in the endgame, by default."""
import sys

from engines import driver
from games.othello import protocol
from games.othello.evaluation import make_evaluator
from games.othello.rules import Othello

TIME_FRACTION = 0.76   # of the 150 ms turns (solved endgames answer early: the mean is lower)
FIRST_FRACTION = 0.25  # of the 2000 ms first turn
# Engine -> parameters for othello (see driver.make_engine): best-first's from
# `python -m arena tune` (docs/tuning/othello.md); the solver is tuned best-first until
# SOLVE_EMPTIES squares are left, then solves exactly; MCTS's make it use the evaluation
# (the table's "same evaluation") after 2 playout plies, chosen in short matches, and its
# C comes from `python -m arena tune othello --engine mcts` (docs/tuning/othello-mcts.md).
SOLVE_EMPTIES = 10  # solved in 22 ms (median; 82 ms at most) of 8 random positions
TUNED = {"bestfirst": {"C": 0.172, "FPU": 0.139}, "solver": {"engine": "bestfirst"},
         "mcts": {**driver.MCTS_WITH_EVALUATION, "C": 0.107}}
# The engine pasted by default (--engine best): best-first with an exact endgame, which
# cannot play worse where the solver finishes. Against alpha-beta, tuned best-first
# scored 81% over 40 games (docs/table.md) and the solver 55% over 40 (docs/best/table.md)
# and 80% over 20 on other openings; head to head the two drew 52.5% (20 games).
BEST_ENGINE = "solver"


def main(argv=None):
    options = driver.parse_options(argv, "othello", TIME_FRACTION, FIRST_FRACTION, BEST_ENGINE)
    read = driver.LineReader(sys.stdin)

    def loop():
        first_line = read()
        start = driver.now()
        my_id, size = protocol.read_init(first_line, read)
        game = Othello(size)
        evaluate = driver.make_evaluation(options, game, make_evaluator, TUNED)
        engine = driver.make_engine(options, game, evaluate, tuned=TUNED,
                                    solve_when=lambda state: game.empty_squares(state) <= SOLVE_EMPTIES)
        budget = protocol.FIRST_TURN_MS
        fraction = options.first_time
        first_line = read()
        while True:
            state, actions = protocol.read_turn(game, my_id, first_line, read)
            allowed, problem = protocol.check_actions(game, state, actions)
            if problem:
                driver.log(problem)
            if not allowed:
                raise ValueError("the arena lists no action")
            deadline = driver.deadline_after(start, budget, fraction)
            move = driver.choose(engine, state, allowed, deadline, options.verbose)
            print(protocol.format_move(game, move), flush=True)
            budget, fraction = protocol.TURN_MS, options.time
            first_line = read()
            start = driver.now()

    return driver.run(loop, "othello")


if __name__ == "__main__":
    sys.exit(main())
