"""The engine contract: how every engine is called, what it answers, and the value
convention they share.

An engine is built on a game and an evaluation, ``Engine(game, evaluate, **options)``,
and answers ``search(state, limit)`` with a ``SearchResult``. ``limit`` is a ``Limit``:
a deadline (a ``time.perf_counter()`` value), a node budget, a depth, any of them or
none (then the search runs until its value is exact); a bare number is read as a
deadline. Whatever stops it, a search always answers with a legal move; it raises
GameOverError only on a finished game. docs/ENGINES.md lists the engines and their options.

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
EPS = 1e-9         # width of a null window (values are floats)


class Timeout(Exception):
    """Raised inside a search when its limit (deadline or node budget) is reached."""


# The engines' exceptions, one class for each fault, each message one line. Each is a
# ValueError, as python-chess's are, so that code which caught ValueError before they
# had names still catches them.

class EngineError(ValueError):
    """What an engine refuses: the family's base."""


class OptionError(EngineError):
    """A bad option: an unknown engine or parameter, a value that does not fit, options
    that exclude each other, or a game without the hook an option needs."""


class GameOverError(EngineError):
    """A search asked of a finished game."""


class RulesError(EngineError):
    """The game's rules break the contract engines rely on (docs/INTERFACES.md): a
    position with no legal move whose outcome is None."""


class Limit:
    """What may stop a search (python-chess's ``Limit`` is the model): ``deadline``, a
    ``time.perf_counter()`` value (none by default); ``nodes``, a budget of the units
    the engine counts in ``SearchResult.nodes``; ``depth``, the deepest iteration of an
    iterative search, or the depth at which a tree search stops growing its tree. None
    of them: the search runs until its value is exact."""

    __slots__ = ("deadline", "nodes", "depth")

    def __init__(self, deadline=math.inf, nodes=None, depth=None):
        self.deadline = deadline
        self.nodes = nodes
        self.depth = depth

    @classmethod
    def of(cls, limit):
        """``limit`` as a Limit: a Limit stays, a number is a deadline."""
        return limit if isinstance(limit, Limit) else cls(deadline=limit)

    @classmethod
    def within(cls, seconds, **others):
        """A Limit whose deadline is ``seconds`` from now."""
        return cls(deadline=perf_counter() + seconds, **others)

    def __repr__(self):
        return f"Limit(deadline={self.deadline!r}, nodes={self.nodes!r}, depth={self.depth!r})"


class Deadline:
    """The clock of a search: the time ``at`` which it must stop (a
    ``time.perf_counter()`` value; none by default) and a countdown of units of work
    (``left``) between two looks at the clock, which cost more than a unit.

    An engine keeps one as ``clock`` and starts it with the deadline that ``search``
    receives; a search nested in another shares the outer one's object, so one deadline
    holds for both. Hot loops may lower ``left`` by several units at once (work that
    counts more than one unit)."""

    __slots__ = ("at", "every", "left", "budget", "chunk")

    def __init__(self, at=math.inf, every=CHECK_EVERY):
        self.at = at
        self.every = every
        self.left = every
        self.budget = math.inf  # units of work left before the countdown in progress
        self.chunk = every      # the units of the countdown in progress

    def start(self, at, budget=None):
        """Sets the deadline and the budget of units of work (none: unbounded), and
        starts the countdown afresh."""
        self.at = at
        self.budget = math.inf if budget is None else budget
        self._countdown()

    def _countdown(self):
        self.chunk = self.left = min(self.every, self.budget)

    def spent(self):
        """Whether the budget of units of work is spent (without looking at the clock)."""
        return self.budget - (self.chunk - self.left) <= 0

    def passed(self):
        """Whether the deadline has passed (looks at the clock) or the budget is spent."""
        return perf_counter() >= self.at or self.budget - (self.chunk - self.left) <= 0

    def tick(self):
        """Counts one unit of work; every ``every`` units, looks at the clock and returns
        whether the deadline has passed. False otherwise."""
        self.left -= 1
        return self.left <= 0 and self.due()

    def due(self):
        """Starts the countdown afresh and says whether the deadline has passed or the
        budget is spent: what ``tick`` does once the countdown runs out. The hottest
        loops (alpha-beta's and the exact solver's nodes) count down inline and call
        this, saving a call per node."""
        self.budget -= self.chunk - self.left
        if self.budget <= 0:
            self.left = 0
            return True
        self._countdown()
        return perf_counter() >= self.at


SearchResult = namedtuple("SearchResult", "move value nodes depth pv proven iterations",
                          defaults=(False, ()))
SearchResult.__doc__ = """The answer of a search.

move: the move to play; value: its negamax value for the side to move at the root;
nodes: the units of work the engine counts (alpha-beta and the solver: positions
visited; best-first: positions created; MCTS: simulations), those a ``Limit``'s
``nodes`` budgets; depth: the deepest ply reached (alpha-beta: the last finished
iteration); pv: the principal variation as a list of moves, starting with ``move``;
proven: whether ``value`` is a game-theoretic result rather than a heuristic (an exact
value, or a proven win or loss); iterations: ``(depth, nodes so far)`` after each
finished iteration of an iterative search, else empty."""


class Engine:
    """The base of every engine: the game, the evaluation and the clock.

    ``search(state, limit)`` answers a ``SearchResult`` for ``state`` within ``limit``
    (a ``Limit``, or a number read as a deadline); the engine keeps what it learned
    (table, tree) for the next call; ``release()`` frees what the last search dropped,
    once the answer is out (see the module's notes)."""

    def __init__(self, game, evaluate):
        self.game = game
        self.evaluate = evaluate
        self.clock = Deadline()

    def start(self, limit):
        """Starts the clock with ``limit`` (a Limit or a deadline); returns the Limit."""
        limit = Limit.of(limit)
        self.clock.start(limit.deadline, limit.nodes)
        return limit

    def search(self, state, limit):
        raise NotImplementedError

    def release(self):
        """Frees what the last search dropped (see the module's notes)."""


NO_MOVE_NO_END = ("the rules give no legal move in a position whose outcome is None: legal_moves must be "
                  "empty exactly when outcome says the game is over")


def terminal_value(outcome, ply):
    """Value of a finished game for its side to move, found ``ply`` plies below the root;
    RulesError for a position with no legal move whose outcome is None (a rules fault)."""
    if outcome is None:
        raise RulesError(NO_MOVE_NO_END)
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
