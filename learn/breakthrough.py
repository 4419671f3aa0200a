"""Fits the learned Breakthrough evaluation (games/breakthrough/learned.py); see
learn/logistic.py for the method.

Usage: ``python -m learn.breakthrough --games 2500 --rounds 2 --jobs 2`` (5-8 minutes on 2
cores), which wrote games/breakthrough/learned_weights.py (the same weights at every run).
"""
import sys

from engines.alphabeta import AlphaBetaPlus
from games.breakthrough import learned
from games.breakthrough.evaluation import make_evaluator
from games.breakthrough.rules import Breakthrough
from learn.logistic import Setup, main


SETUP = Setup(name="breakthrough", make_game=Breakthrough, handcrafted=make_evaluator, learned=learned,
              player=AlphaBetaPlus)

if __name__ == "__main__":
    sys.exit(main(SETUP))
