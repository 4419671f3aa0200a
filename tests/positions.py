"""Positions for tests: every position of random games in order, or one after random plies."""
import random

from engines.base import random_plies


def random_game_positions(game, count, seed=3):
    """The first ``count`` unfinished positions met along random games of ``game``."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        while game.legal_moves(state):
            found.append(state)
            state = game.play(state, rng.choice(game.legal_moves(state)))
    return found[:count]


def position_after(game, rng, plies):
    """The position after ``plies`` random plies from the start, or the end of the game
    if it comes first."""
    return random_plies(game, game.initial_state(), rng, plies)
