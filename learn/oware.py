"""Fits the learned Oware evaluation (games/oware/learned.py); see learn/logistic.py
for the method.

Usage: ``python -m learn.oware --games 5000 --rounds 2 --jobs 2``, which wrote
games/oware/learned_weights.py.
"""
import sys

from games.oware import learned
from games.oware.evaluation import make_evaluator
from games.oware.rules import Oware
from learn.logistic import Setup, main


SETUP = Setup(name="oware", make_game=Oware, handcrafted=make_evaluator, learned=learned)

if __name__ == "__main__":
    sys.exit(main(SETUP))
