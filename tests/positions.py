"""Positions for evaluation tests: every position of random games, in order."""
import random


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
