"""An engine wrapper that solves exactly when the end is near (the solver itself is
engines/exact.py, apart so that a bot can carry it without the registry).

``Solver(game, evaluate, engine="alphabeta", solve_when=..., ...)`` is an engine: in a
position where ``solve_when(state)`` is true (the bot says when, e.g. "at most 14 empty
squares"; by default always) it gives the solver ``solve_share`` of the time and
answers with the exact result if it finishes; otherwise the inner engine, built with
the remaining parameters, searches until the deadline.
"""

from time import perf_counter

from engines import registry
from engines.base import Engine, Limit, OptionError
from engines.exact import ExactSolver
from engines.table import TT_SIZE

SOLVE_SHARE = 0.5    # share of the remaining time the solver may use before giving up

__all__ = ["ExactSolver", "Solver", "SOLVE_SHARE"]


class Solver(Engine):
    """Any engine, with exact solving where ``solve_when(state)`` holds.

    Parameters: ``engine`` (the inner engine's name, one of engines/registry.py's
    ``INNER_CHOICES``), ``solve_when`` (a callable on states, None for always),
    ``solve_share``, and the ExactSolver's ``tt``, ``tt_size``, ``order``, ``exact``;
    any other parameter goes to the inner engine.
    """

    def __init__(self, game, evaluate, engine="alphabeta", solve_when=None,
                 solve_share=SOLVE_SHARE, tt=True, tt_size=TT_SIZE, order="mobility",
                 exact=True, **params):
        if engine not in registry.INNER_CHOICES:
            raise OptionError(f"unknown engine {engine!r}; choose from {', '.join(registry.INNER_CHOICES)}")
        super().__init__(game, evaluate)
        self.inner = registry.engine_class(engine)(game, evaluate, **params)
        self.solver = ExactSolver(game, tt=tt, tt_size=tt_size, order=order, exact=exact)
        self.solve_when = solve_when
        self.solve_share = solve_share

    def release(self):
        self.inner.release()
        self.solver.release()

    def search(self, state, limit):
        """The solver's answer (``proven``) where it finishes within its share of the
        limit's deadline and node budget, else the inner engine's within the rest
        (engines/base.py's contract). A limit with a depth asks for a search of that
        depth: the inner engine's alone."""
        limit = Limit.of(limit)
        if limit.depth is None and (self.solve_when is None or self.solve_when(state)):
            now = perf_counter()
            nodes = None if limit.nodes is None else max(1, int(limit.nodes * self.solve_share))
            result = self.solver.solve(state, Limit(now + (limit.deadline - now) * self.solve_share, nodes))
            if result is not None:
                return result
            if nodes is not None:
                limit = Limit(limit.deadline, max(1, limit.nodes - self.solver.nodes))
        return self.inner.search(state, limit)
