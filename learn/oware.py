"""Fits the learned Oware evaluation (games/oware/learned.py); see learn/logistic.py
for the method.

Usage: ``python -m learn.oware --games 2500 --rounds 2 --jobs 1``, which wrote
games/oware/learned_weights.py.
"""
import sys
from pathlib import Path

from engines.alphabeta import AlphaBeta
from games.oware import learned
from games.oware.evaluation import make_evaluator
from games.oware.rules import Oware
from learn.logistic import Setup, main


def player(game, evaluate, depth):
    return AlphaBeta(game, evaluate, max_depth=depth)


SETUP = Setup(name="oware", make_game=Oware, handcrafted=make_evaluator, learned=learned,
              make_player=player,
              weights_file=Path(__file__).resolve().parent.parent / "games" / "oware" / "learned_weights.py")

if __name__ == "__main__":
    sys.exit(main(SETUP))
