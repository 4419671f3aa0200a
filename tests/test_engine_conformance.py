"""The engine contract (engines/base.py), held by every engine of the registry on every
game the arena knows, both found from their registries: a legal move within each kind
of ``Limit``, and each limit respected. Forced wins from both seats and exact values
are tests/test_engines_games.py's (on the same registries) and tests/test_engines.py's
(random trees); Best Node Search is held here to fixed-depth minimax.
"""
import importlib
import math
import random
import time

import pytest

from arena.games import available_games, load_referee
from engines import registry
from engines.alphabeta import AlphaBeta, next_test
from engines.base import PROVEN, WIN, Engine, Limit, SearchResult, terminal_value
from engines.exact import ExactSolver
from games.contract import is_n_player
from treegame import TreeGame

GAMES = available_games()
ENGINES = sorted(registry.ENGINES)
TWO_PLAYER_GAMES = [name for name in GAMES if not is_n_player(load_referee(name).game)]
# every game with the engines that play it: two players' engines, or N players'
PAIRS = [(engine, name) for name in GAMES
         for engine in (ENGINES if name in TWO_PLAYER_GAMES else sorted(registry.NPLAYER_ENGINES))]
TEST_OPTIONS = {"mcts": {"seed": 1}, "bestfirst+": {"seed": 1}}
LATE = 0.25     # seconds past a deadline allowed on a shared machine (see test_engines_games.py)
BUDGET = 300    # the node budget of the node-limited searches
DEPTH = 2       # the depth of the depth-limited searches
POSITIONS = 4   # positions a game and engine
EXPANSION = 64  # more children than any position of these games has

_loaded = {}


def load(name):
    """(game, its handcrafted evaluation) of the arena's game ``name``."""
    if name not in _loaded:
        game = load_referee(name).game
        package = type(game).__module__.rpartition(".")[0]
        evaluation = importlib.import_module(f"{package}.evaluation")
        _loaded[name] = (game, evaluation.make_evaluator(game))
    return _loaded[name]


def build(engine_name, game, evaluate):
    """A fresh engine; skips where the game lacks a hook the engine needs, and only there."""
    try:
        return registry.engine_class(engine_name)(game, evaluate, **TEST_OPTIONS.get(engine_name, {}))
    except ValueError as error:
        if "the game must offer" not in str(error):
            raise
        pytest.skip(str(error))


def positions(game, seed, count=POSITIONS):
    """Unfinished positions of random games, either side to move."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        states = [state]
        while game.legal_moves(state):
            state = game.play(state, rng.choice(game.legal_moves(state)))
            states.append(state)
        found.append(states[rng.randrange(len(states) - 1)])
    return found


def searched(engine, game, limit, seed):
    """The results of ``engine`` within ``limit()`` on a few positions, each checked to
    be a SearchResult with a legal move that starts its principal variation; with the
    processor seconds each search took (a busy machine's waits are not the engine's)."""
    answers = []
    for state in positions(game, seed):
        start = time.process_time()
        result = engine.search(state, limit())
        took = time.process_time() - start
        assert isinstance(result, SearchResult)
        assert result.move in game.legal_moves(state), game.render(state)
        assert result.pv and result.pv[0] == result.move
        answers.append((result, took))
    return answers


@pytest.mark.parametrize("engine_name,name", PAIRS)
def test_a_deadline_is_kept(name, engine_name):
    game, evaluate = load(name)
    engine = build(engine_name, game, evaluate)
    for budget in (0.0, 0.002, 0.02):
        for _, took in searched(engine, game, lambda: Limit.within(budget), seed=len(name)):
            assert took < budget + LATE


@pytest.mark.parametrize("engine_name,name", PAIRS)
def test_a_node_budget_is_kept(name, engine_name):
    """Within one expansion: a tree search creates a node's children at once. (The
    deadline, far beyond what the budget takes, only stops an engine that ignores the
    budget.)"""
    game, evaluate = load(name)
    engine = build(engine_name, game, evaluate)
    for result, _ in searched(engine, game, lambda: Limit.within(5, nodes=BUDGET), seed=3):
        assert result.nodes < BUDGET + EXPANSION


@pytest.mark.parametrize("engine_name,name", PAIRS)
def test_a_depth_is_kept(name, engine_name):
    game, evaluate = load(name)
    engine = build(engine_name, game, evaluate)
    for result, _ in searched(engine, game, lambda: Limit.within(5, depth=DEPTH), seed=4):
        assert result.depth <= DEPTH


@pytest.mark.parametrize("engine_name", ENGINES)
def test_a_bare_number_is_refused_a_deadline_kept_and_a_finished_game_refused(engine_name):
    game = TreeGame(3, min_depth=8, max_depth=12)
    engine = registry.engine_class(engine_name)(game, game.evaluate, **TEST_OPTIONS.get(engine_name, {}))
    with pytest.raises(TypeError, match="takes a Limit, not 5.0: Limit.within"):
        engine.search(game.initial_state(), 5.0)
    start = time.perf_counter()
    assert engine.search(game.initial_state(), Limit(deadline=start + 0.01)).move in game.legal_moves(game.initial_state())
    assert time.perf_counter() - start < 0.01 + LATE
    state = game.initial_state()
    while game.legal_moves(state):
        state = game.play(state, game.legal_moves(state)[0])
    with pytest.raises(ValueError, match="finished game"):
        engine.search(state, Limit())


def test_an_engine_is_an_abstract_base_and_the_exact_solver_takes_a_limit_too():
    game = TreeGame(3, min_depth=4, max_depth=6)

    class NoSearch(Engine):
        pass

    with pytest.raises(TypeError, match="abstract"):
        NoSearch(game, game.evaluate)
    with pytest.raises(TypeError, match="takes a Limit"):
        ExactSolver(game).solve(game.initial_state(), math.inf)
    assert ExactSolver(game).solve(game.initial_state(), Limit()).proven


def test_node_budgets_count_what_the_result_counts():
    """Alpha-beta stops on the budget's last node exactly; without a deadline."""
    game = TreeGame(11, branching=(3, 5), min_depth=10, max_depth=12)
    for budget in (1, 15, 16, 100, 1000):
        result = AlphaBeta(game, game.evaluate).search(game.initial_state(), Limit(nodes=budget))
        assert result.nodes == budget


# -- Best Node Search against fixed-depth minimax ---------------------------------------
def minimax(game, evaluate, state, depth, ply=0):
    """Plain negamax to ``depth`` plies with the engines' conventions (proven results
    ``WIN - ply`` from the root): the reference of a fixed-depth search."""
    moves = game.legal_moves(state)
    if not moves:
        return terminal_value(game.outcome(state), ply)
    if depth == 0:
        return evaluate(state)
    return max(-minimax(game, evaluate, game.play(state, m), depth - 1, ply + 1) for m in moves)


def root_values(game, evaluate, state, depth):
    return {m: -minimax(game, evaluate, game.play(state, m), depth - 1, 1) for m in game.legal_moves(state)}


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_best_node_search_finds_a_best_move_of_fixed_depth_minimax_on_trees(depth):
    """Without a table (whose deeper entries a fixed depth may reuse), the move that
    Best Node Search proves best has the best minimax value at that depth, ties
    included; PVS's value is that minimax value."""
    seats = set()
    for seed in range(1, 60):
        game = TreeGame(seed, branching=(2, 6), min_depth=2, max_depth=9)
        state = game.initial_state(ply=seed % 2)
        values = root_values(game, game.evaluate, state, depth)
        best = max(values.values())
        bns = AlphaBeta(game, game.evaluate, tt=False, bns=True).search(state, Limit(depth=depth))
        assert abs(values[bns.move] - best) <= 1e-6, (seed, depth)
        pvs = AlphaBeta(game, game.evaluate, tt=False).search(state, Limit(depth=depth))
        assert pvs.value == best and values[pvs.move] == best, (seed, depth)
        seats.add(game.to_move(state))
    assert seats == {0, 1}


@pytest.mark.parametrize("name", TWO_PLAYER_GAMES)
def test_best_node_search_finds_a_best_move_of_fixed_depth_minimax_in_games(name):
    game, evaluate = load(name)
    for state in positions(game, seed=8, count=6):
        values = root_values(game, evaluate, state, 2)
        result = AlphaBeta(game, evaluate, tt=False, bns=True).search(state, Limit(depth=2))
        assert abs(values[result.move] - max(values.values())) <= 1e-6, game.render(state)


def test_best_node_search_tests_stay_between_the_bounds():
    for lower, upper in ((-WIN - 1.0, WIN + 1.0), (-0.3, 0.2), (0.9, WIN + 1.0), (PROVEN, WIN + 1.0),
                         (-WIN - 1.0, -PROVEN)):
        for count in (2, 3, 10):
            assert lower < next_test(lower, upper, count) < upper
    assert abs(next_test(-WIN - 1.0, WIN + 1.0, 2)) < 1.5  # within the heuristic values first
    assert next_test(2.0, WIN + 1.0, 2) > 1.5  # above them once the bounds show a proven win


def test_best_node_search_does_not_combine_with_mtdf():
    game = TreeGame(1)
    with pytest.raises(ValueError, match="mtdf and bns"):
        AlphaBeta(game, game.evaluate, mtdf=True, bns=True)


def test_a_limit_of_nothing_searches_to_the_exact_value():
    game = TreeGame(21, branching=(1, 3), max_depth=6)
    result = AlphaBeta(game, game.evaluate, bns=True).search(game.initial_state(), Limit())
    assert result.proven and math.isfinite(result.value)
