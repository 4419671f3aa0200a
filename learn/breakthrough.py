"""Fits the learned Breakthrough evaluation (games/breakthrough/learned.py); see
learn/logistic.py for the method.

Usage: ``python -m learn.breakthrough --games 2500 --rounds 2 --jobs 2`` (5-8 minutes on 2
cores), which wrote games/breakthrough/learned_weights.py (the same weights at every run).
"""
import sys
from pathlib import Path

from engines.alphabeta import AlphaBetaPlus
from games.breakthrough import learned
from games.breakthrough.evaluation import make_evaluator
from games.breakthrough.rules import Breakthrough
from learn.logistic import Setup, main


def player(game, evaluate, depth):
    return AlphaBetaPlus(game, evaluate, max_depth=depth)


SETUP = Setup(name="breakthrough", make_game=Breakthrough, handcrafted=make_evaluator, learned=learned,
              make_player=player,
              weights_file=Path(__file__).resolve().parent.parent / "games" / "breakthrough" / "learned_weights.py")

if __name__ == "__main__":
    sys.exit(main(SETUP))
