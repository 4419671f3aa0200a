"""Fits the learned Oware evaluations: the linear one (games/oware/learned.py; see
learn/logistic.py for the method) and, with ``--model nn``, the small network
(games/oware/nn.py; see learn/nn.py).

The committed linear weights came from three runs (before learn/pipeline.py's seeding
rule: run again, they play other games of the same kind): the first fits the games' results,
the second command, run twice, starts each time from the weights written before and
fits 6-ply search values instead of the results:

    python -m learn.oware --games 5000 --rounds 2 --jobs 2
    python -m learn.oware --games 4000 --rounds 1 --jobs 2 \
        --from-weights games/oware/learned_weights.py --search-depth 6 --outcome-share 0
    (the same again)

The network's command is in the header of games/oware/nn_weights.py.
"""
import sys

from games.oware import learned, nn
from games.oware.evaluation import make_evaluator
from games.oware.rules import Oware
from learn import nn as network_trainer
from learn.logistic import Setup, main

SETUP = Setup(name="oware", make_game=Oware, handcrafted=make_evaluator, learned=learned)
NN_SETUP = network_trainer.Setup(linear=SETUP, network=nn, compiled=("learned", "network"))
__all__ = ["SETUP", "NN_SETUP", "main"]  # main: the linear trainer, learn.logistic.main

if __name__ == "__main__":
    sys.exit(network_trainer.run(NN_SETUP))
