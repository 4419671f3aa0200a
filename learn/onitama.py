"""Fits the learned Onitama evaluation (games/onitama/learned.py); see
learn/logistic.py for the method. Every self-play game deals five cards at random.

Usage: ``python -m learn.onitama --games 5000 --rounds 2 --jobs 1``, which wrote
games/onitama/learned_weights.py.
"""
import sys
from pathlib import Path

from engines.alphabeta import AlphaBetaPlus
from games.onitama import learned
from games.onitama.evaluation import make_evaluator
from games.onitama.rules import CARD_COUNT, Onitama
from learn.logistic import Setup, main


def player(game, evaluate, depth):
    return AlphaBetaPlus(game, evaluate, max_depth=depth)


def deal(game, rng):
    return game.initial_state(tuple(rng.sample(range(CARD_COUNT), 5)))


SETUP = Setup(name="onitama", make_game=Onitama, handcrafted=make_evaluator, learned=learned,
              make_player=player, opening_plies=(0, 3), start=deal,
              weights_file=Path(__file__).resolve().parent.parent / "games" / "onitama" / "learned_weights.py")

if __name__ == "__main__":
    sys.exit(main(SETUP))
