"""Path searches over a graph given by a neighbours function, for evaluations and
endgames (Tron's territory and its lone cycle's fill).

A graph is ``neighbours(node) -> iterable of nodes``; nodes are any hashable values
(small ints for a grid: ``grid_neighbours`` builds the lists of a grid's free cells).
Steps cost 1 unless a ``cost(node, next) -> number >= 0`` is given.

- ``breadth_first``: distances of unit steps from one or more sources.
- ``dijkstra`` (Dijkstra 1959): distances with costs, from one or more sources.
- ``astar`` (Hart, Nilsson & Raphael 1968) and ``idastar`` (Korf 1985): a shortest
  path to a goal, guided by an admissible heuristic (never above the true distance),
  so the first path found to the goal is shortest. IDA* keeps only the path in memory:
  depth-first searches bounded by ``f = g + h``, the bound raised to the least ``f``
  that exceeded it.
- ``longest_path``: the longest simple path from a node (a cycle alone in its region
  fills as much of it as it can), depth-first with an admissible upper bound on what is
  left (by default the count of cells still reachable, or on a grid the chequerboard's
  bound: a path alternates the colours), by iterative deepening on the
  target length: from the bound of the start down, each round asks for a path at least
  that long and prunes any branch whose bound cannot reach it.
"""

import heapq
import math

from engines.base import Timeout

INF = math.inf


def grid_neighbours(width, height, free):
    """The neighbours of each cell of a ``width`` x ``height`` grid, cell ``x + y *
    width``: a list of tuples of the free cells beside each (``free[cell]`` true), and
    an empty tuple for a blocked cell. ``neighbours = grid_neighbours(...).__getitem__``."""
    found = []
    for cell in range(width * height):
        x, y = cell % width, cell // width
        beside = []
        if free[cell]:
            if y > 0:
                beside.append(cell - width)
            if x < width - 1:
                beside.append(cell + 1)
            if y < height - 1:
                beside.append(cell + width)
            if x > 0:
                beside.append(cell - 1)
        found.append(tuple(other for other in beside if free[other]))
    return found


def breadth_first(sources, neighbours):
    """{node: number of steps from the nearest source} of every node reachable."""
    distance = dict.fromkeys(sources, 0)
    frontier, steps = list(distance), 0
    while frontier:
        steps += 1
        following = []
        for node in frontier:
            for other in neighbours(node):
                if other not in distance:
                    distance[other] = steps
                    following.append(other)
        frontier = following
    return distance


def dijkstra(sources, neighbours, cost=None):
    """{node: cost of the cheapest path from a source} of every node reachable."""
    distance = dict.fromkeys(sources, 0)
    heap = [(0, order, node) for order, node in enumerate(distance)]
    done, order = set(), len(heap)
    while heap:
        reached, _, node = heapq.heappop(heap)
        if node in done:
            continue
        done.add(node)
        for other in neighbours(node):
            through = reached + (cost(node, other) if cost else 1)
            if through < distance.get(other, INF):
                distance[other] = through
                order += 1  # breaks ties between equal costs without comparing nodes
                heapq.heappush(heap, (through, order, other))
    return distance


def astar(start, goal, neighbours, heuristic, cost=None):
    """``(cost, path from start to goal inclusive)`` of a cheapest path, or None if the
    goal cannot be reached; ``heuristic(node)`` must not exceed the cost to ``goal``."""
    best = {start: 0}
    parent = {start: None}
    heap, order = [(heuristic(start), 0, 0, start)], 0
    while heap:
        _, _, reached, node = heapq.heappop(heap)
        if reached > best[node]:
            continue  # a dearer copy of a node met again more cheaply
        if node == goal:
            path = []
            while node is not None:
                path.append(node)
                node = parent[node]
            return reached, path[::-1]
        for other in neighbours(node):
            through = reached + (cost(node, other) if cost else 1)
            if through < best.get(other, INF):
                best[other] = through
                parent[other] = node
                order += 1
                heapq.heappush(heap, (through + heuristic(other), order, through, other))
    return None


def idastar(start, goal, neighbours, heuristic, cost=None, clock=None):
    """What ``astar`` answers, found by IDA*; ``clock`` (an engines.base.Deadline,
    ticked once a node) raises Timeout when it runs out."""
    path, on_path = [start], {start}

    def bounded(node, reached, bound):
        """The goal's cost if found within ``bound``, else the least f above it."""
        if clock is not None and clock.tick():
            raise Timeout
        estimate = reached + heuristic(node)
        if estimate > bound:
            return False, estimate
        if node == goal:
            return True, reached
        least = INF
        for other in neighbours(node):
            if other in on_path:
                continue
            path.append(other)
            on_path.add(other)
            found, value = bounded(other, reached + (cost(node, other) if cost else 1), bound)
            if found:
                return True, value
            path.pop()
            on_path.discard(other)
            least = min(least, value)
        return False, least

    bound = heuristic(start)
    while bound < INF:
        found, value = bounded(start, 0, bound)
        if found:
            return value, path
        bound = value
    return None


def reachable_count(node, visited, neighbours, colour=None):
    """The number of nodes reachable from ``node`` without entering ``visited``
    (``node`` not counted): an upper bound on the length of a simple path from it.
    With ``colour`` (a two-colouring of a bipartite graph, such as a grid's
    chequerboard: ``colour(node)`` is 0 or 1), a path alternates the colours, so with
    ``a`` nodes of the other colour than ``node``'s and ``b`` of its own it takes at
    most ``min(2a, 2b + 1)`` steps: the bound answered then."""
    seen, stack = {node}, [node]
    while stack:
        for other in neighbours(stack.pop()):
            if other not in seen and other not in visited:
                seen.add(other)
                stack.append(other)
    if colour is None:
        return len(seen) - 1
    own = colour(node)
    same = sum(1 for other in seen if colour(other) == own) - 1
    return min(2 * (len(seen) - 1 - same), 2 * same + 1)


def grid_colour(width):
    """The chequerboard colouring of a grid ``width`` cells wide, for ``longest_path``."""
    def colour(cell):
        return (cell % width + cell // width) & 1

    return colour


def longest_path(start, neighbours, bound=None, clock=None, colour=None):
    """``(length, path, exact)``: the longest simple path from ``start`` (``path``, its
    nodes after ``start``; ``length`` its steps), and whether it is proven longest.

    ``bound(node, visited)``: at least the length of the longest simple path from
    ``node`` that avoids the set ``visited`` (``node`` is in it); by default
    ``reachable_count`` (with ``colour``, a two-colouring such as ``grid_colour``'s,
    the colours' bound). ``clock`` (an engines.base.Deadline, ticked once a node): when
    it runs out, the longest path found so far, not exact."""
    if bound is None:
        def bound(node, visited):
            return reachable_count(node, visited, neighbours, colour)

    visited, path, best = {start}, [], []

    def reach(node, target):
        """Whether a path of ``target`` steps continues ``path`` (which ends at ``node``)."""
        if clock is not None and clock.tick():
            raise Timeout
        steps = len(path)
        if steps > len(best):
            best[:] = path
        if steps >= target:
            return True
        if steps + bound(node, visited) < target:
            return False
        for other in neighbours(node):
            if other not in visited:
                visited.add(other)
                path.append(other)
                if reach(other, target):
                    return True
                path.pop()
                visited.discard(other)
        return False

    target = bound(start, visited)
    try:
        while target > len(best):
            if reach(start, target):
                return target, list(path), True
            target -= 1
    except Timeout:
        return len(best), best, False
    return len(best), best, True
