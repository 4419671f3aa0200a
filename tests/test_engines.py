"""Every engine against exhaustive negamax on random game trees, from both seats.

Given time enough to exhaust the tree, each engine must return the exact negamax value
(``WIN - plies`` for proven results, so the shortest win and the longest loss) and one
of the moves that reach it, with and without its table, whatever its options.
"""
import time

import pytest

from engines.alphabeta import AlphaBeta, AlphaBetaPlus
from engines.base import PROVEN, Limit, terminal_value
from engines.bestfirst import BestFirst
from engines.bestfirst_plus import BestFirstPlus
from engines.registry import ENGINES, engine_class
from engines.mcts import MCTS
from engines.solver import ExactSolver, Solver
from engines.table import COMPLETE, EXACT, TranspositionTable
from games.othello.rules import Othello
from treegame import TreeGame, best_moves, exact_value

LATE = 0.25  # seconds past a deadline allowed on a shared machine (0.204 s seen for 0.1 s asked)

CONFIGS = [
    ("alphabeta", AlphaBeta, {}),
    ("alphabeta-no-tt", AlphaBeta, {"tt": False}),
    ("alphabeta-tiny-tt", AlphaBeta, {"tt_size": 8}),
    ("alphabeta-mtdf", AlphaBeta, {"mtdf": True}),
    ("alphabeta-plain", AlphaBeta, {"pvs": False, "aspiration": 0, "killers": False,
                                     "history": False}),
    ("alphabeta-bns", AlphaBeta, {"bns": True}),
    ("alphabeta-bns-no-tt", AlphaBeta, {"bns": True, "tt": False}),
    ("alphabeta+-bns", AlphaBetaPlus, {"bns": True}),
    ("alphabeta+", AlphaBetaPlus, {}),
    ("alphabeta+-q1-no-tt", AlphaBetaPlus, {"quiescence": 1, "tt": False}),
    ("alphabeta+-noisy-first", AlphaBetaPlus, {"noisy_first": True}),
    ("alphabeta+-reductions", AlphaBetaPlus, {"reduce_after": 1}),
    ("alphabeta+-deeper-reductions", AlphaBetaPlus, {"reduce_after": 1, "reduce_more": 2}),
    ("mcts", MCTS, {"stop_on_win": False, "seed": 1}),
    ("mcts-bias-history", MCTS, {"stop_on_win": False, "bias": 0.5, "history": 0.5, "seed": 2}),
    ("mcts-cutoff-weighted", MCTS, {"stop_on_win": False, "playout_plies": 2,
                                     "playout_weight": {0: 3.0}, "seed": 3}),
    ("bestfirst+", BestFirstPlus, {"stop_on_win": False}),
    ("bestfirst+-cache-softmax", BestFirstPlus, {"stop_on_win": False, "cache_size": 50,
                                                 "selection": "softmax", "seed": 4}),
    ("bestfirst+-leaf-search", BestFirstPlus, {"stop_on_win": False, "leaf_depth": 2}),
    ("bestfirst+-resume", BestFirstPlus, {"stop_on_win": False, "resume": 8}),
    ("solver", Solver, {}),
    ("solver-no-tt", Solver, {"tt": False, "order": "none"}),
]


def tree_positions(count, **shape):
    """Root positions of random games: trees and DAGs, either player to move."""
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        game = TreeGame(seed, width=None if seed % 2 else 10, **shape)
        state = game.initial_state(ply=seed // 2 % 2)
        if game.legal_moves(state):
            found.append((game, state))
    return found


@pytest.mark.parametrize("name, engine_class, params", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_exhaustive_value_and_best_move_on_random_trees(name, engine_class, params):
    seats = set()
    for game, state in tree_positions(150, max_depth=7, branching=(1, 4)):
        memo = {}
        exact = exact_value(game, state, memo)
        engine = engine_class(game, game.evaluate, **params)
        result = engine.search(state, Limit.within(10))
        assert result.value == exact, (name, game.seed, state)
        assert result.move in best_moves(game, state, memo), (name, game.seed, state)
        assert result.pv and result.pv[0] == result.move
        seats.add(game.to_move(state))
    assert seats == {0, 1}


@pytest.mark.parametrize("engine_class, params", [
    (AlphaBeta, {"tt_size": 64}), (MCTS, {"stop_on_win": False}),
    (BestFirstPlus, {"stop_on_win": False}), (Solver, {"tt_size": 64}),
])
def test_one_engine_through_a_whole_game_keeps_exact(engine_class, params):
    """Tables and trees kept between turns must not spoil later answers."""
    for seed in range(6):
        game = TreeGame(100 + seed, width=20, max_depth=9, branching=(1, 3))
        engine = engine_class(game, game.evaluate, **params)
        state = game.initial_state()
        while game.legal_moves(state):
            memo = {}
            result = engine.search(state, Limit.within(10))
            assert result.value == exact_value(game, state, memo)
            assert result.move in best_moves(game, state, memo)
            # both sides play the engine's move: the next root is a grandchild, or a child
            state = game.play(state, result.move)


def test_plain_best_first_is_still_the_default_and_agrees_on_results():
    assert engine_class("bestfirst") is BestFirst
    for game, state in tree_positions(20, max_depth=5):
        exact = exact_value(game, state)
        result = BestFirst(game, game.evaluate).search(state, Limit.within(10))
        if exact >= PROVEN:
            assert result.value >= PROVEN
        elif exact <= -PROVEN:
            assert result.value <= -PROVEN


def test_win_draw_loss_solving_gives_bounds_only():
    """``exact=False`` stops after win/draw/loss: right sign, a winning move, a bound."""
    for game, state in tree_positions(40, max_depth=7):
        memo = {}
        exact = exact_value(game, state, memo)
        result = ExactSolver(game, exact=False).solve(state, Limit.within(10))
        if exact >= PROVEN:
            assert PROVEN <= result.value <= exact
            assert exact_value(game, game.play(state, result.move), memo) <= -PROVEN
        elif exact <= -PROVEN:
            assert exact <= result.value <= -PROVEN
        else:
            assert result.value == exact == 0
            assert result.move in best_moves(game, state, memo)


def test_solver_falls_back_to_its_engine_when_out_of_time():
    game = TreeGame(5, branching=(3, 5), min_depth=14, max_depth=16)
    engine = Solver(game, game.evaluate, engine="mcts", solve_share=0.2)
    state = game.initial_state()
    start = time.perf_counter()
    result = engine.search(state, Limit(deadline=start + 0.1))
    assert not result.proven
    assert result.move in game.legal_moves(state)
    assert result.nodes > 0  # the playouts ran after the solver gave up
    assert time.perf_counter() - start < 0.1 + LATE  # at its deadline, not at a solve's end


def solves_recorded(solver):
    """The list of the results of ``solver``'s exact solver, as it answers them."""
    answers, solve = [], solver.solver.solve

    def recorded(state, limit):
        answers.append(solve(state, limit))
        return answers[-1]
    solver.solver.solve = recorded
    return answers


def test_solver_only_where_the_bot_says():
    game = TreeGame(7, max_depth=6)
    state = game.initial_state()
    engine = Solver(game, game.evaluate, solve_when=lambda s: s[0] >= 1)
    solved = solves_recorded(engine)
    engine.search(state, Limit.within(1))
    assert solved == []
    child = game.play(state, game.legal_moves(state)[0])
    assert game.legal_moves(child)
    result = engine.search(child, Limit.within(1))
    assert solved == [result] and result.proven


def test_transposition_table_stays_bounded_and_keeps_recent_entries():
    table = TranspositionTable(10)
    for key in range(100):
        table.put(key, key)
        assert len(table) <= 10
        assert table.get(key) == key
    assert table.get(0) is None
    table.put(1000, "x")
    assert table.get(99) == 99       # in the old generation: moved back to the young one


def test_table_entries_read_by_name_after_a_search():
    game = TreeGame(9, branching=(2, 4), max_depth=6)
    engine = AlphaBeta(game, game.evaluate)
    state = game.initial_state()
    result = engine.search(state, Limit.within(10))
    entry = engine.table.entry(state)
    assert (entry.move, entry.value) == (result.move, result.value) and entry.depth in (result.depth, COMPLETE)
    assert entry.flag == EXACT and engine.table.move(state) == engine.best_move(state) == result.move
    assert engine.table.entry("absent") is None and engine.table.move("absent") is None


def test_dropped_generations_wait_for_release():
    """Freeing a generation mid-search could hold an answer past its deadline: the
    table keeps those it drops (no more entries than were put since the last release)
    until the engine releases them, which the bots do after answering."""
    table = TranspositionTable(10)
    for key in range(11):
        table.put(key, key)
    assert len(table.retired) == 2 and len(table) <= 10  # dropped at the 6th and 11th keys
    for key in range(11, 40):
        table.put(key, key)
    assert len(table.retired) == 7 and sum(map(len, table.retired)) <= 40
    table.release()
    assert table.retired == []
    game = TreeGame(5, branching=(3, 5), min_depth=8, max_depth=12)
    engine = AlphaBeta(game, game.evaluate, tt_size=20)
    engine.search(game.initial_state(), Limit.within(0.05))
    assert engine.table.retired  # dropped during the search, kept for now
    engine.release()
    assert engine.table.retired == []


def test_an_old_tree_waits_for_release():
    game = TreeGame(6, branching=(3, 3), min_depth=6, max_depth=6, end_chance=0)
    for engine_class in (BestFirst, MCTS):
        engine = engine_class(game, game.evaluate)
        first = game.initial_state()
        engine.search(first, Limit.within(0.02))
        old_root = engine.root
        engine.search(game.play(game.play(first, 0), 0), Limit.within(0.02))
        assert engine.root is not old_root and engine.retired == [old_root]
        engine.release()
        assert engine.retired == []


def test_alphabeta_stops_on_exhaustive_search_and_reports_depth():
    game = TreeGame(3, branching=(2, 2), min_depth=4, max_depth=4, end_chance=0)
    result = AlphaBeta(game, game.evaluate).search(game.initial_state(), Limit.within(10))
    assert result.depth == 4


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_every_registered_engine_builds_from_game_and_evaluation(name):
    game = TreeGame(9, max_depth=5)
    engine = engine_class(name)(game, game.evaluate)
    state = game.initial_state()
    assert engine.search(state, Limit.within(0.05)).move in game.legal_moves(state)


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_a_move_is_ready_even_with_the_deadline_already_past(name):
    game = TreeGame(11, branching=(3, 6), min_depth=20, max_depth=30)
    engine = engine_class(name)(game, game.evaluate)
    state = game.initial_state()
    start = time.perf_counter()
    result = engine.search(state, Limit(deadline=start - 1))
    assert result.move in game.legal_moves(state)
    assert time.perf_counter() - start < LATE


class Biased:
    """Twelve plies of three moves each; the side to move at the start wins 90% of the
    game ends after its move 0, and 10% after the others: only averages can tell."""

    def __init__(self, first_player):
        self.first_player = first_player

    def initial_state(self):
        return (self.first_player, None, 0)

    def to_move(self, state):
        return state[0] % 2

    def legal_moves(self, state):
        return [] if state[0] >= self.first_player + 12 else [0, 1, 2]

    def play(self, state, move):
        ply, first, code = state
        return (ply + 1, move if first is None else first, code * 3 + move)

    def outcome(self, state):
        ply, first, code = state
        starter_wins = (code * 2654435761 % 1000) < (900 if first == 0 else 100)
        starter_to_move = self.to_move(state) == self.first_player % 2
        return 1 if starter_wins == starter_to_move else -1


@pytest.mark.parametrize("seat", [0, 1])
def test_mcts_averages_results_for_the_right_player(seat):
    game = Biased(seat)
    state = game.initial_state()
    assert game.to_move(state) == seat
    engine = MCTS(game, lambda s: 0.0, prove_depth=0, seed=seat)
    result = engine.search(state, Limit.within(0.3))
    assert result.move == 0
    assert 0.3 < result.value <= 1.0


@pytest.mark.parametrize("engine_class", [MCTS, BestFirstPlus])
def test_trees_stay_within_max_nodes_across_turns(engine_class):
    game = TreeGame(21, branching=(2, 4), min_depth=30, max_depth=40)
    engine = engine_class(game, game.evaluate, max_nodes=200)
    state = game.initial_state()
    for _ in range(8):
        result = engine.search(state, Limit.within(0.05))
        assert result.move in game.legal_moves(state)
        assert engine.size <= 200 + 4  # one expansion may pass the bound
        state = game.play(state, result.move)


def test_leaf_search_engine_values_a_new_root_after_an_old_deadline():
    # The leaf searches once kept the previous turn's deadline while valuing a new root,
    # and the search raised Timeout instead of answering.
    from games.breakthrough.evaluation import make_evaluator
    from games.breakthrough.rules import Breakthrough
    game = Breakthrough()
    engine = BestFirstPlus(game, make_evaluator(game), leaf_depth=2, reuse=False)
    state = game.initial_state()
    for _ in range(20):
        assert engine.search(state, Limit.within(0.005)).move in game.legal_moves(state)
        state = game.play(state, game.legal_moves(state)[-1])


def quiescence_value(game, state, depth, noisy_plies, ply=0):
    """Plain negamax to ``depth``, then the side to move takes the better of its
    evaluation and its noisy moves, for ``noisy_plies`` more plies: what alpha-beta with
    quiescence must return, written without any pruning."""
    moves = game.legal_moves(state)
    if not moves:
        return terminal_value(game.outcome(state), ply)
    if depth > 0:
        return max(-quiescence_value(game, game.play(state, m), depth - 1, noisy_plies, ply + 1)
                   for m in moves)
    best = game.evaluate(state)
    if noisy_plies > 0:
        for move in game.noisy_moves(state, moves):
            best = max(best, -quiescence_value(game, game.play(state, move), 0, noisy_plies - 1, ply + 1))
    return best


@pytest.mark.parametrize("depth, noisy_plies", [(1, 1), (2, 3), (3, 4)])
def test_quiescence_values_equal_unpruned_search(depth, noisy_plies):
    checked = 0
    for game, state in tree_positions(60, max_depth=12, min_depth=6, branching=(2, 4)):
        engine = AlphaBetaPlus(game, game.evaluate, quiescence=noisy_plies, max_depth=depth,
                               aspiration=0)
        result = engine.search(state, Limit.within(10))
        assert result.value == pytest.approx(quiescence_value(game, state, depth, noisy_plies)), game.seed
        checked += 1
    assert checked == 60


def test_quiescence_needs_noisy_moves():
    with pytest.raises(ValueError, match="noisy_moves"):
        AlphaBetaPlus(Othello(), lambda state: 0.0)
