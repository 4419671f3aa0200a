"""engines/paths.py against breadth-first search and exhaustive longest paths written
plainly here, on random grids."""
import random

import pytest

from engines.base import Deadline
from engines.paths import (astar, breadth_first, dijkstra, grid_colour, grid_neighbours, idastar,
                           longest_path, reachable_count)


def random_grid(seed, width, height, wall_share=0.3):
    rng = random.Random(seed)
    free = [rng.random() >= wall_share for _ in range(width * height)]
    return free, grid_neighbours(width, height, free).__getitem__


def plain_distances(width, height, free, start):
    """Breadth-first distances on the grid, from coordinates (not the neighbour lists)."""
    distance, frontier = {start: 0}, [start]
    while frontier:
        cell = frontier.pop(0)
        x, y = cell % width, cell // width
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            other = nx + ny * width
            if 0 <= nx < width and 0 <= ny < height and free[other] and other not in distance:
                distance[other] = distance[cell] + 1
                frontier.append(other)
    return distance


def plain_longest(node, neighbours, visited):
    """The steps of the longest simple path from ``node`` avoiding ``visited``."""
    best = 0
    for other in neighbours(node):
        if other not in visited:
            visited.add(other)
            best = max(best, 1 + plain_longest(other, neighbours, visited))
            visited.discard(other)
    return best


def is_path(start, path, neighbours):
    steps = [start] + list(path)
    return (len(set(steps)) == len(steps)
            and all(b in neighbours(a) for a, b in zip(steps, steps[1:])))


def grids(count, width=6, height=5):
    for seed in range(count):
        free, neighbours = random_grid(seed, width, height)
        starts = [cell for cell in range(width * height) if free[cell]]
        if starts:
            yield width, height, free, neighbours, starts[seed % len(starts)]


def manhattan(width, goal):
    return lambda cell: abs(cell % width - goal % width) + abs(cell // width - goal // width)


def test_grid_neighbours_are_the_free_cells_beside():
    free = [True, True, False, True, True, True]  # 3 x 2
    assert grid_neighbours(3, 2, free) == [(1, 3), (4, 0), (), (0, 4), (1, 5, 3), (4,)]


def test_breadth_first_and_dijkstra_match_plain_breadth_first():
    for width, height, free, neighbours, start in grids(40):
        expected = plain_distances(width, height, free, start)
        assert breadth_first([start], neighbours) == expected
        assert dijkstra([start], neighbours) == expected


def test_dijkstra_with_costs_and_several_sources():
    for width, height, free, neighbours, start in grids(30):
        def cost(a, b):
            return 1 + (a * 7 + b * 3) % 5  # not symmetric: a directed graph
        others = [cell for cell in range(width * height) if free[cell]]
        sources = [start, others[-1]]
        found = dijkstra(sources, neighbours, cost)
        # Bellman-Ford, plainly
        expected = {source: 0 for source in sources}
        for _ in range(len(others)):
            for a in list(expected):
                for b in neighbours(a):
                    if expected[a] + cost(a, b) < expected.get(b, float("inf")):
                        expected[b] = expected[a] + cost(a, b)
        assert found == expected


def test_astar_and_idastar_find_shortest_paths():
    reached = 0
    for width, height, free, neighbours, start in grids(40):
        distances = plain_distances(width, height, free, start)
        for goal in [cell for cell in range(width * height) if free[cell]][::3]:
            heuristic = manhattan(width, goal)
            for search in (astar, idastar):
                found = search(start, goal, neighbours, heuristic)
                if goal not in distances:
                    assert found is None
                    continue
                cost, path = found
                assert cost == distances[goal] == len(path) - 1
                assert path[0] == start and path[-1] == goal and is_path(start, path[1:], neighbours)
                reached += 1
    assert reached > 200


def test_astar_and_idastar_with_costs_match_dijkstra():
    for width, height, free, neighbours, start in grids(20, 5, 4):
        def cost(a, b):
            return 1 + (a + b) % 3
        distances = dijkstra([start], neighbours, cost)
        for goal, distance in distances.items():
            heuristic = manhattan(width, goal)  # every step costs at least 1
            assert astar(start, goal, neighbours, heuristic, cost)[0] == distance
            assert idastar(start, goal, neighbours, heuristic, cost)[0] == distance


def test_longest_path_matches_exhaustive_search():
    for width, height, free, neighbours, start in grids(40, 5, 4):
        length, path, exact = longest_path(start, neighbours)
        assert exact and length == len(path) == plain_longest(start, neighbours, {start})
        assert is_path(start, path, neighbours)


def test_the_chequerboards_bound_is_admissible_and_the_longest_path_the_same():
    tighter = 0
    for width, height, free, neighbours, start in grids(40, 5, 4):
        colour = grid_colour(width)
        longest = plain_longest(start, neighbours, {start})
        bound = reachable_count(start, {start}, neighbours, colour)
        assert longest <= bound <= reachable_count(start, {start}, neighbours)
        tighter += bound < reachable_count(start, {start}, neighbours)
        length, path, exact = longest_path(start, neighbours, colour=colour)
        assert exact and length == longest and is_path(start, path, neighbours)
    assert tighter > 5
    line = grid_neighbours(3, 1, [True] * 3).__getitem__  # from the middle: one step
    assert reachable_count(1, {1}, line, grid_colour(3)) == 1 < reachable_count(1, {1}, line)


def test_longest_path_with_a_loose_bound_and_on_open_boards():
    def loose(node, visited):
        return 30
    for width, height, free, neighbours, start in grids(15, 4, 4):
        expected = plain_longest(start, neighbours, {start})
        assert longest_path(start, neighbours, loose)[0] == expected
    open_board = grid_neighbours(4, 3, [True] * 12).__getitem__
    assert longest_path(0, open_board)[:1] == (11,)  # a Hamiltonian path from a corner
    assert longest_path(5, open_board)[0] == plain_longest(5, open_board, {5})


def test_a_clock_stops_the_longest_path_with_what_it_found():
    neighbours = grid_neighbours(7, 7, [True] * 49).__getitem__
    clock = Deadline()
    clock.start(float("inf"), budget=50)
    # From a cell of the board's minority colour no path takes every cell: the count
    # of cells left is not reached, and the search runs on until the clock stops it.
    length, path, exact = longest_path(1, neighbours, clock=clock)
    assert not exact and length == len(path) > 0 and is_path(1, path, neighbours)


def test_reachable_count_leaves_out_the_visited():
    neighbours = grid_neighbours(3, 1, [True] * 3).__getitem__
    assert reachable_count(0, set(), neighbours) == 2
    assert reachable_count(0, {1}, neighbours) == 0


@pytest.mark.parametrize("search", [astar, idastar])
def test_the_start_is_the_goal(search):
    neighbours = grid_neighbours(2, 1, [True, True]).__getitem__
    assert search(0, 0, neighbours, lambda cell: 0) == (0, [0])
