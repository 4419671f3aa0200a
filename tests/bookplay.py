"""For the opening books' tests: a bot's first answer with an engine that only counts
its searches (so that the book's move, where played, is told apart from the engine's)."""
import io

import pytest

from bots import runtime
from engines.base import SearchResult


class CountingEngine:
    """An engine that counts its searches and plays its first legal move."""

    def __init__(self, game):
        self.game, self.searches = game, 0

    def search(self, state, deadline):
        self.searches += 1
        move = self.game.legal_moves(state)[0]
        return SearchResult(move, 0.0, 1, 1, [move])

    def release(self):
        pass


def first_answer(bot, player, game, lines, argv):
    """(the answer line of ``bot`` run with ``argv`` to a first turn of ``lines``, the
    number of its engine's searches)."""
    options = runtime.parse_options(bot, argv)
    engine = CountingEngine(game)
    answers = []
    with pytest.raises(EOFError):
        runtime.play(bot, options, player, engine, runtime.LineReader(io.StringIO("\n".join(lines) + "\n")),
                     answers.append)
    return answers[0].strip(), engine.searches
