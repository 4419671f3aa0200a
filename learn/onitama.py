"""Fits the learned Onitama evaluation (games/onitama/learned.py); see
learn/logistic.py for the method. Every self-play game deals five cards at random, and
starts with the evaluations' memos emptied (the last bit of a value depends on their
history: games/onitama/rules.py's ``Memo``), so that it is a function of its seed alone.

Usage: ``python -m learn.onitama --games 5000 --rounds 2 --jobs 1``, which wrote
games/onitama/learned_weights.py (run again since learn/pipeline.py's seeding rule, it
plays other games of the same kind).
"""
import sys

from engines.alphabeta import AlphaBetaPlus
from games.onitama import learned
from games.onitama.evaluation import make_evaluator
from games.onitama.rules import CARD_COUNT, Onitama, clear_memos
from learn.logistic import Setup, main


def deal(game, rng):
    return game.initial_state(tuple(rng.sample(range(CARD_COUNT), 5)))


SETUP = Setup(name="onitama", make_game=Onitama, handcrafted=make_evaluator, learned=learned,
              player=AlphaBetaPlus, opening_plies=(0, 3), start=deal, fresh=clear_memos)

if __name__ == "__main__":
    sys.exit(main(SETUP))
