"""An N-player engine wrapper for games of cycles that fill a region (Tron): once the
player to move is cut off from every other, the others no longer matter, and the best
play is the longest path through its own region.

``Fill(game, evaluate, engine="maxn", separated=..., graph=..., step=..., ...)`` is an
engine: where ``separated(state)`` holds it plays the longest path that
engines/paths.py's ``longest_path`` finds within the limit over ``graph(state)``, a pair
``(start node, neighbours function)``, each node mapped to its move by ``step(state,
node)``; it keeps the longest path found and follows it on later turns while every node
of it is still free, searching again for a longer one meanwhile. Elsewhere (or without
those functions) the inner N-player engine, built with the remaining parameters,
searches. The bot gives the three functions: the game knows nothing of engines.
"""

from engines import registry
from engines.base import Engine, Limit, OptionError, SearchResult, check_limit
from engines.paths import longest_path


class Counted:
    """A clock that counts its ticks (the path search's nodes)."""

    def __init__(self, clock):
        self.clock, self.count = clock, 0

    def tick(self):
        self.count += 1
        return self.clock.tick()


class Fill(Engine):
    """Any N-player engine, with the fill of a lone region where ``separated(state)``.

    Parameters: ``engine`` (the inner engine's name, one of engines/registry.py's
    ``NPLAYER_INNER_CHOICES``), ``separated``, ``graph``, ``step`` (callables on states,
    see the module's notes; None: never fill), ``colour`` (a two-colouring of the
    graph's nodes for the path's bound, as paths.grid_colour; None: the count of nodes
    reachable), ``fill_nodes`` (the most nodes a turn's fill visits, for searches of a
    fixed size; None: the limit's); any other parameter goes to the inner engine."""

    name = "fill"

    def __init__(self, game, evaluate, engine="maxn", separated=None, graph=None, step=None, colour=None,
                 fill_nodes: int = None, **params):
        if engine not in registry.NPLAYER_INNER_CHOICES:
            raise OptionError(f"unknown engine {engine!r}; choose from {', '.join(registry.NPLAYER_INNER_CHOICES)}")
        super().__init__(game, evaluate)
        self.inner = registry.engine_class(engine)(game, evaluate, **params)
        self.separated, self.graph, self.step, self.colour = separated, graph, step, colour
        self.fill_nodes = fill_nodes
        self.plan = []        # the longest path found: the nodes still ahead of our head
        self.plan_exact = False

    def release(self):
        self.inner.release()

    def search(self, state, limit):
        check_limit(limit)
        if None in (self.separated, self.graph, self.step) or not self.separated(state):
            self.plan = []
            return self.inner.search(state, limit)
        return self.fill(state, limit)

    def fill(self, state, limit):
        """The first step of the longest path found (``proven`` where it is the longest)."""
        start, neighbours = self.graph(state)
        kept = self.kept_plan(start, neighbours)
        nodes = 0
        if not (kept and self.plan_exact):
            nodes = limit.nodes if self.fill_nodes is None else min(limit.nodes or self.fill_nodes, self.fill_nodes)
            self.start(Limit(deadline=limit.deadline, nodes=nodes))
            clock = Counted(self.clock)
            length, path, exact = longest_path(start, neighbours, clock=clock, colour=self.colour)
            nodes = clock.count
            if exact or length > len(kept):
                kept, self.plan_exact = path, exact
        self.plan = kept[1:]
        moves = self.game.legal_moves(state)
        move = self.step(state, kept[0]) if kept else moves[0]  # no free step: every move loses alike
        value = self.evaluate(state)[self.game.to_move(state)]
        return SearchResult(move, value, nodes, len(kept), [move], self.plan_exact)

    def kept_plan(self, start, neighbours):
        """The path kept from the last search if it still runs from ``start`` over free
        nodes (we followed it, and no one else can enter the region), else []."""
        path, here = self.plan, start
        for node in path:
            if node not in neighbours(here):
                self.plan_exact = False
                return []
            here = node
        return path
