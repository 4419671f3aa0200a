"""Breakthrough bot for CodinGame ("breakthrough"): alpha-beta with a quiescence search
and the learned evaluation by default, the strongest combination measured here
(best-first minimax with --engine bestfirst, the generic alpha-beta baseline with the
handcrafted evaluation with --engine alphabeta, either evaluation with --eval).

The arena sends the opponent's last move and the list of legal moves, never the board:
the bot keeps the position itself (see games/breakthrough/protocol.py) and learns its
colour from the first turn. Turns after the first allow 100 ms: the search gets a share
of them (--time), the rest is left for reading, printing and the pipe.
"""
import sys
from time import perf_counter

STARTED = perf_counter()  # before the heavier imports below

from engines import driver
from games.breakthrough import learned, protocol
from games.breakthrough.evaluation import make_evaluator
from games.breakthrough.rules import GOAL_ROW, Breakthrough

TIME_FRACTION = 0.68  # of the 100 ms turns
FIRST_FRACTION = 0.3  # of the 1000 ms first turn
MAX_NODES = 900_000  # about 540 bytes a node: some 490 MB at most, under the 768 MB limit
# Engine -> parameters for breakthrough (see driver.make_engine): best-first's from
# `python -m arena tune` (docs/tuning/breakthrough.md); MCTS's make it use the evaluation
# (the table's "same evaluation") after 2 playout plies, chosen in short matches.
# The best engine takes the learned evaluation (games/breakthrough/learned.py); the
# others keep the handcrafted one, so that the engines' table compares searches with
# the same evaluation.
TUNED = {"bestfirst": {"C": 1.26, "FPU": 0.363}, "mcts": driver.MCTS_WITH_EVALUATION,
         "alphabeta+": {"eval": "learned"}}
# The engine pasted by default (--engine best): alpha-beta beat tuned best-first 30-10
# (docs/table.md); best-first with 1- or 2-ply alpha-beta at its leaves did worse still
# (10% and 20% against alpha-beta, 20 games each). Alpha-beta with 4 plies of
# quiescence (captures and goal steps, engines/alphabeta.py) beat plain alpha-beta 63%
# (136 games); with the learned evaluation too, 89% (80 games; docs/best/table.md has
# the table's run).
BEST_ENGINE = "alphabeta+"
WAITING_S = 0.001  # a first line read faster than this was already waiting for us


def blind_move(actions):
    """A listed move when our position is unknown: one that reaches a goal row (it wins
    at once) if there is one, else the first."""
    for move in actions:
        if (move % 64) // 8 in GOAL_ROW:
            return move
    return actions[0]


def main(argv=None):
    options = driver.parse_options(argv, "breakthrough", TIME_FRACTION, FIRST_FRACTION, BEST_ENGINE)
    read = driver.LineReader(sys.stdin)
    game = Breakthrough()
    evaluators = {"handcrafted": make_evaluator, "learned": learned.make_evaluator}
    evaluate = driver.make_evaluation(options, game, evaluators, TUNED)
    engine = driver.make_engine(options, game, evaluate, tuned=TUNED, max_nodes=MAX_NODES)
    tracker = protocol.Tracker(game)

    def loop():
        budget, fraction = protocol.FIRST_TURN_MS, options.first_time
        first = True
        while True:
            before = driver.now()
            line = read()
            start = driver.now()
            if first and start - before < WAITING_S:
                # The line came while we were starting up, so the arena's clock may have
                # run since then: count the start-up against the first turn.
                start = STARTED
            first = False
            state, actions, note = protocol.read_turn(tracker, line, read)
            if note:
                driver.log(note)
            allowed, problem = protocol.check_actions(game, state, actions)
            if problem:
                driver.log(problem)
            if state is None:
                move = blind_move(allowed)
            else:  # a forced move too: the search fills the table the next turn starts with
                deadline = driver.deadline_after(start, budget, fraction)
                move = driver.choose(engine, state, allowed, deadline, options.verbose)
            print(protocol.format_move(game, move), flush=True)
            tracker.played(state, move)
            budget, fraction = protocol.TURN_MS, options.time

    return driver.run(loop, "breakthrough")


if __name__ == "__main__":
    sys.exit(main())
