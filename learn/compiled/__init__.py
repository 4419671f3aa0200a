"""Games and shallow searches compiled with numba for the trainers' self-play (never
imported by a bot or a bundle): each module is held equal to its game's pure-Python
rules and search by tests (tests/test_compiled_*.py).

Every module here is one compiled game with one interface:

- ``evaluation(weights)``: the players' evaluation as the compiled searches read it
  (arrays), made once a process (learn/pipeline.py's ``made``); a game may take
  keywords of its own after ``weights`` (Othello's ``misere_game``, Onitama's
  ``linear``);
- ``Settings``: a subclass of ``Settings`` below, with the game's own fields besides
  (a game has only the fields it plays: Oware, no quiescence);
- ``play_chunk(seeds, ev, settings)``: one game per seed, each a function of its seed
  alone (learn/pipeline.py's seeding rule), in the form of its trainer's pure-Python
  ``play_chunk``.
"""

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Settings:
    """What every compiled game's players are given."""
    depths: tuple           # plies of the players, drawn per player and game
    opening_plies: tuple    # random plies at the start: range(*opening_plies)
    random_move: float      # the chance that a move is drawn at random


def depth_pair(rng, depths):
    """The two players' plies, drawn from ``depths`` (first seat's, second seat's)."""
    return np.array([rng.choice(depths), rng.choice(depths)], dtype=np.int64)
