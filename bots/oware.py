"""Oware Abapa bot for CodinGame ("oware-abapa"): alpha-beta with the learned evaluation
by default (best-first minimax with --engine bestfirst, exact near the turn limit with
--engine solver, the generic alpha-beta baseline with the handcrafted evaluation with
--engine alphabeta, either evaluation with --eval).

The arena sends only the board; the bot keeps the scores and the ply count itself
(see games/oware/protocol.py). Turns after the first allow 50 ms: the search gets a
share of them (--time), the rest is left for reading, printing and the pipe.
"""
import sys

from engines import driver
from games.oware import learned, protocol
from games.oware.evaluation import make_evaluator
from games.oware.rules import MAX_TURNS, Oware

TIME_FRACTION = 0.72  # of the 50 ms turns (solved endgames answer early: the mean is lower)
FIRST_FRACTION = 0.3  # of the 1000 ms first turn
# Engine -> parameters for oware (see driver.make_engine): best-first's from
# `python -m arena tune` (docs/tuning/oware.md); the solver is tuned best-first until the
# turn limit is SOLVE_PLIES plies away, then solves exactly (few seeds alone do not make
# a small tree: the game can go on to the limit); MCTS's make it use the evaluation
# (the table's "same evaluation") after 2 playout plies, chosen in short matches, and
# its C comes from `python -m arena tune oware --engine mcts` (docs/tuning/oware-mcts.md).
SOLVE_PLIES = 24
# The best engine, alphabeta+ without quiescence (plain alpha-beta under its own name,
# so that the baseline "alphabeta" keeps the handcrafted evaluation), takes the learned
# evaluation (games/oware/learned.py).
TUNED = {"bestfirst": {"C": 1.23, "FPU": 0.465}, "solver": {"engine": "bestfirst"},
         "mcts": {**driver.MCTS_WITH_EVALUATION, "C": 0.413},
         "alphabeta+": {"quiescence": 0, "eval": "learned"}}
# The engine pasted by default (--engine best). Against alpha-beta with the handcrafted
# evaluation at the arena's clock: tuned best-first scored 64% over 55 games
# (docs/table.md), the solver (tuned best-first, exact near the limit) 79% over 40, then
# 65% over 73; with the learned evaluation, the solver 55% over 64 (best-first's C and
# FPU were tuned for the handcrafted values), the solver around alpha-beta 65% over 48,
# alpha-beta 73% over 48. Quiescence over captures lost (46% over 48, handcrafted).
# Weights per phase of the game (seeds left on the board) lifted alpha-beta from 61.5%
# over 357 games to 67.0% over 367, side by side on one 16-core machine; refitted to
# 6-ply search values, to 75.0% and 68.3% over 120 games on two sets of openings, where
# the results-only weights scored 65.4% and 62.1%; refitted once more, to 74.2% and
# 77.9% (docs/tuning/oware-evaluation.md).
BEST_ENGINE = "alphabeta+"


def main(argv=None):
    options = driver.parse_options(argv, "oware", TIME_FRACTION, FIRST_FRACTION, BEST_ENGINE)
    read = driver.LineReader(sys.stdin)
    game = Oware()
    evaluators = {"handcrafted": make_evaluator, "learned": learned.make_evaluator}
    evaluate = driver.make_evaluation(options, game, evaluators, TUNED)
    engine = driver.make_engine(options, game, evaluate, tuned=TUNED,
                                solve_when=lambda state: MAX_TURNS - game.ply(state) <= SOLVE_PLIES)
    tracker = protocol.Tracker(game)

    def loop():
        budget, fraction = protocol.FIRST_TURN_MS, options.first_time
        while True:
            line = read()
            start = driver.now()
            state, actions, note = protocol.read_turn(tracker, line)
            if note:
                driver.log(note)
            allowed, problem = protocol.check_actions(game, state, actions)
            if problem:
                driver.log(problem)
            deadline = driver.deadline_after(start, budget, fraction)
            # A forced move is searched too: the tree under it is what the next turn
            # starts from (best-first keeps it), so the turn's time is not lost.
            move = driver.choose(engine, state, allowed, deadline, options.verbose)
            print(protocol.format_move(game, move), flush=True)
            tracker.played(state, move)
            budget, fraction = protocol.TURN_MS, options.time

    return driver.run(loop, "oware")


if __name__ == "__main__":
    sys.exit(main())
