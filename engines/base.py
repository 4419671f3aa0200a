"""What every engine shares: the value convention and the result of a search.

Values are negamax values, from the point of view of the side to move at the node they
belong to. A proven win ``ply`` plies below the root is ``WIN - ply``, a proven loss
``-(WIN - ply)``: heuristic values stay within [-1, 1], so the two never mix, and the
shortest win and the longest loss are preferred.

The clock of a search is a ``Deadline``; a search nested in another (best-first+'s leaf
alpha-beta) shares the outer one's.

What a search drops (the old tree's other branches, a table's old generation) is kept
until the engine's ``release()``, which a bot calls once it has answered: freeing a tree
or a table of a hundred thousand entries takes milliseconds, and after the answer they
are off the turn's clock (docs/tuning/time-discipline.md).
"""

import math
from collections import namedtuple
from time import perf_counter

WIN = 10000
PROVEN = WIN // 2  # any |value| at or above this is a proven result, not a heuristic
CHECK_EVERY = 15   # units of work between two looks at the clock (alpha-beta: nodes)


class Deadline:
    """The clock of a search: the time ``at`` which it must stop (a
    ``time.perf_counter()`` value; none by default) and a countdown of units of work
    (``left``) between two looks at the clock, which cost more than a unit.

    An engine keeps one as ``clock`` and starts it with the deadline that ``search``
    receives; a search nested in another shares the outer one's object, so one deadline
    holds for both. Hot loops may lower ``left`` by several units at once (work that
    counts more than one unit)."""

    __slots__ = ("at", "every", "left")

    def __init__(self, at=math.inf, every=CHECK_EVERY):
        self.at = at
        self.every = every
        self.left = every

    def start(self, at):
        """Sets the deadline and starts the countdown afresh."""
        self.at = at
        self.left = self.every

    def passed(self):
        """Whether the deadline has passed (looks at the clock)."""
        return perf_counter() >= self.at

    def tick(self):
        """Counts one unit of work; every ``every`` units, looks at the clock and returns
        whether the deadline has passed. False otherwise."""
        self.left -= 1
        return self.left <= 0 and self.due()

    def due(self):
        """Starts the countdown afresh and says whether the deadline has passed: what
        ``tick`` does once the countdown runs out. The hottest loops (alpha-beta's and the
        exact solver's nodes) count down inline and call this, saving a call per node."""
        self.left = self.every
        return perf_counter() >= self.at

SearchResult = namedtuple("SearchResult", "move value nodes depth pv")
SearchResult.__doc__ = """The answer of a search.

move: the move to play; value: its negamax value for the side to move at the root;
nodes: positions expanded or visited (each engine says which); depth: the deepest ply
reached; pv: the principal variation as a list of moves, starting with ``move``."""


NO_MOVE_NO_END = ("the rules give no legal move in a position whose outcome is None: legal_moves must be "
                  "empty exactly when outcome says the game is over")


def terminal_value(outcome, ply):
    """Value of a finished game for its side to move, found ``ply`` plies below the root;
    ValueError for a position with no legal move whose outcome is None (a rules fault)."""
    if outcome is None:
        raise ValueError(NO_MOVE_NO_END)
    if outcome > 0:
        return WIN - ply
    if outcome < 0:
        return ply - WIN
    return 0.0


def relative_below(value, plies):
    """A value measured from one node, measured instead from a node ``plies`` plies
    below it on the same line (above it where negative): a proven result comes ``plies``
    nearer; a heuristic value stays."""
    if value >= PROVEN:
        return value + plies
    if value <= -PROVEN:
        return value - plies
    return value


def is_proven(value):
    return value >= PROVEN or value <= -PROVEN


def plain_random_playout(game, state, random, moves=None):
    """``(final state, plies played)`` of the game continued from ``state`` with
    uniformly random moves, each drawn as ``moves[int(random() * len(moves))]``. A
    game's faster ``random_playout(state, random)`` hook (engines/mcts.py plays either)
    plays the same random games: draw for draw where it draws as this loop does, else
    with every legal move as likely as here (docs/INTERFACES.md). ``moves``: the legal
    moves of ``state`` where the caller has them already."""
    legal_moves, play = game.legal_moves, game.play
    plies = 0
    if moves is None:
        moves = legal_moves(state)
    while moves:
        state = play(state, moves[int(random() * len(moves))])
        moves = legal_moves(state)
        plies += 1
    return state, plies


def random_plies(game, state, rng, plies):
    """The position after ``plies`` moves drawn by ``rng.choice`` from ``state``, or the
    end of the game if it comes first (test and benchmark positions)."""
    for _ in range(plies):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.play(state, rng.choice(moves))
    return state
