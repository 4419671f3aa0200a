"""Onitama bot for CodinGame ("onitama"): alpha-beta with a quiescence search and the
learned evaluation by default, the strongest combination measured here (best-first
minimax with --engine bestfirst, the generic alpha-beta baseline with the handcrafted
evaluation with --engine alphabeta, either evaluation with --eval)."""
import sys
from time import perf_counter

STARTED = perf_counter()  # before the heavier imports below

from engines import driver
from games.onitama import learned, protocol
from games.onitama.evaluation import make_evaluator
from games.onitama.rules import Onitama

# 50 ms a turn leaves little room: think for 73% of it (36.5 ms; alpha-beta overruns its
# deadline by well under a millisecond, but over the engines' table, docs/table.md, two
# games at once on two cores, the longest answer took 8 points more than the share),
# and for 40% of the first turn's 1000 ms. Proven positions answer at once: the mean
# share is lower than this. With the learned evaluation (more games decided early) 72%
# gave a mean of 58.7%, 74% a largest turn of 81% in a tournament; 73% gave means of
# 61.8% and 63.4% and a largest turn of 79% (python -m bench onitama; 32 games).
TIME_FRACTION = 0.73
FIRST_TIME_FRACTION = 0.4
WAITING_S = 0.001  # a first line read faster than this was already waiting for us
MAX_NODES = 1_000_000  # about 530 bytes a node: some 550 MB at most, under the 768 MB limit
# Engine -> parameters for onitama (see driver.make_engine): best-first keeps its own
# defaults, which `python -m arena tune` did not beat (docs/tuning/onitama.md); MCTS's
# make it use the evaluation (the table's "same evaluation") after 2 playout plies,
# chosen in short matches.
# The best engine takes the learned evaluation (games/onitama/learned.py); the others
# keep the handcrafted one, so that the engines' table compares searches with the same
# evaluation.
TUNED = {"mcts": driver.MCTS_WITH_EVALUATION, "alphabeta+": {"eval": "learned"}}
# The engine pasted by default (--engine best): alpha-beta beat best-first 24-16
# (docs/table.md); best-first with 1- or 2-ply alpha-beta at its leaves did worse still
# (0% and 25% against alpha-beta, 20 games each). Alpha-beta with 4 plies of
# quiescence (captures and the master's shrine step, engines/alphabeta.py) beat plain
# alpha-beta 65% (136 games); with the learned evaluation too, 90% (64 games;
# docs/best/table.md has the table's run).
BEST_ENGINE = "alphabeta+"


def main(argv=None):
    options = driver.parse_options(argv, "onitama", TIME_FRACTION, FIRST_TIME_FRACTION, BEST_ENGINE)
    read = driver.LineReader(sys.stdin)

    def loop():
        before = driver.now()
        first_line = read()
        start = driver.now()
        if start - before < WAITING_S:
            # The line came while we were starting up, so the arena's clock may have run
            # since then: count the start-up against the first turn.
            start = STARTED
        my_id = protocol.read_init(first_line)
        game = Onitama()
        evaluators = {"handcrafted": make_evaluator, "learned": learned.make_evaluator}
        evaluate = driver.make_evaluation(options, game, evaluators, TUNED)
        engine = driver.make_engine(options, game, evaluate, tuned=TUNED, max_nodes=MAX_NODES)
        budget = protocol.FIRST_TURN_MS
        fraction = options.first_time
        turn = my_id  # the arena does not send the ply number: player 0 moves on even plies
        first_line = read()
        while True:
            state, actions, problems = protocol.read_turn(game, my_id, turn, first_line, read)
            for problem in problems:
                driver.log(problem)
            allowed, problem = protocol.check_actions(game, state, actions)
            if problem:
                driver.log(problem)
            if not allowed:
                raise ValueError("the arena lists no action")
            deadline = driver.deadline_after(start, budget, fraction)
            move = driver.choose(engine, state, allowed, deadline, options.verbose)
            print(protocol.format_move(game, move), flush=True)
            budget, fraction = protocol.TURN_MS, options.time
            turn += 2
            first_line = read()
            start = driver.now()

    return driver.run(loop, "onitama")


if __name__ == "__main__":
    sys.exit(main())
