"""Positions of random games, for the tests that hold compiled code equal to the
pure-Python rules."""

import random


def every_position(game, count, seed, first=None):
    """``count`` positions of random games of ``game`` (every position of each, the end
    included); ``first(rng)`` gives a game's first position (default: the initial one)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state() if first is None else first(rng)
        while True:
            found.append(state)
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.play(state, rng.choice(moves))
    return found[:count]
