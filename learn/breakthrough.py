"""Fits the learned Breakthrough evaluations: the linear one
(games/breakthrough/learned.py; see learn/logistic.py for the method) and, with
``--model nn``, the small network (games/breakthrough/nn.py; see learn/nn.py).

Usage: ``python -m learn.breakthrough --games 2500 --rounds 2 --jobs 2`` (5-8 minutes on 2
cores), which wrote games/breakthrough/learned_weights.py (the same weights at every run;
run again since learn/pipeline.py's seeding rule, it plays other games of the same kind).
The network's command is in the header of games/breakthrough/nn_weights.py.
"""
import sys

from engines.alphabeta import AlphaBetaPlus
from games.breakthrough import learned, nn
from games.breakthrough.evaluation import make_evaluator
from games.breakthrough.rules import Breakthrough
from learn import nn as network_trainer
from learn.logistic import Setup, main

SETUP = Setup(name="breakthrough", make_game=Breakthrough, handcrafted=make_evaluator, learned=learned,
              player=AlphaBetaPlus)
NN_SETUP = network_trainer.Setup(linear=SETUP, network=nn, compiled=("network",))
__all__ = ["SETUP", "NN_SETUP", "main"]  # main: the linear trainer, learn.logistic.main

if __name__ == "__main__":
    sys.exit(network_trainer.run(NN_SETUP))
