"""Fits the learned Oware evaluation (games/oware/learned.py); see learn/logistic.py
for the method.

The committed weights came from three runs: the first fits the games' results, the
second command, run twice, starts each time from the weights written before and fits
6-ply search values instead of the results:

    python -m learn.oware --games 5000 --rounds 2 --jobs 2
    python -m learn.oware --games 4000 --rounds 1 --jobs 2 \
        --from-weights games/oware/learned_weights.py --search-depth 6 --outcome-share 0
    (the same again)
"""
import sys

from games.oware import learned
from games.oware.evaluation import make_evaluator
from games.oware.rules import Oware
from learn.logistic import Setup, main


SETUP = Setup(name="oware", make_game=Oware, handcrafted=make_evaluator, learned=learned)

if __name__ == "__main__":
    sys.exit(main(SETUP))
