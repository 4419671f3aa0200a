"""Best-first minimax against exhaustive negamax, from both seats, and under tiny deadlines."""
import random
import time

import pytest

from engines.base import PROVEN, WIN, terminal_value
from engines.bestfirst import REUSE_DEPTH, BestFirst
from engines.tree import find_kept
from games.othello.evaluation import make_evaluator
from games.othello.rules import Othello
from positions import position_after


def negamax(game, state, ply=0):
    """Exact value in the engines' convention (WIN - ply), by walking the whole tree."""
    moves = game.legal_moves(state)
    if not moves:
        return terminal_value(game.outcome(state), ply)
    return max(-negamax(game, game.play(state, m), ply + 1) for m in moves)


def positions(game, seed, count, plies):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = position_after(game, rng, plies + rng.randrange(2))
        if game.legal_moves(state):
            found.append(state)
    return found


def category(value):
    return "win" if value >= PROVEN else "loss" if value <= -PROVEN else "open"


@pytest.mark.parametrize("misere", [False, True])
def test_results_agree_with_exhaustive_negamax_on_small_trees(misere):
    """The sources' selection proves wins and losses, and never plays a move worse than
    the position's exact value; its value is exact when it has expanded the whole tree."""
    game = Othello(4, misere=misere)
    evaluate = make_evaluator(game)
    seats = set()
    for state in positions(game, 7 + misere, 16, 6):
        exact = negamax(game, state)
        engine = BestFirst(game, evaluate)
        result = engine.search(state, time.perf_counter() + 0.5)
        moved = -negamax(game, game.play(state, result.move), 1)
        assert category(moved) == category(exact), game.render(state)
        if category(exact) != "open":
            assert category(result.value) == category(exact)
        # it stops early only on a forced win (whose length it does not refine);
        # otherwise it has searched the whole tree and its value is the exact one
        assert engine.root.complete or result.value >= PROVEN
        if engine.root.complete:
            assert result.value == exact
        seats.add(game.to_move(state))
    assert seats == {0, 1}


def test_forced_wins_are_found_from_both_seats():
    game = Othello(4)
    evaluate = make_evaluator(game)
    wins = {0: 0, 1: 0}
    for state in positions(game, 11, 60, 5):
        exact = negamax(game, state)
        if exact < PROVEN:
            continue
        result = BestFirst(game, evaluate).search(state, time.perf_counter() + 5)
        assert result.value >= PROVEN
        assert -negamax(game, game.play(state, result.move), 1) >= PROVEN
        wins[game.to_move(state)] += 1
    assert wins[0] >= 2 and wins[1] >= 2


def test_prefers_the_shortest_win():
    # Black to move on 4x4: d1 wipes white out at once; other wins take longer.
    game = Othello(4)
    black = (1 << 0) | (1 << 4)
    white = (1 << 1) | (1 << 2)
    state = game.state_from_discs(black, white, 0)
    result = BestFirst(game, make_evaluator(game)).search(state, time.perf_counter() + 5)
    assert game.move_name(result.move) == "d1"
    assert result.value == WIN - 1


def test_never_returns_an_illegal_move_even_with_no_time():
    game = Othello(8)
    evaluate = make_evaluator(game)
    engine = BestFirst(game, evaluate)
    for state in positions(game, 3, 150, 30):
        legal = game.legal_moves(state)
        deadline = time.perf_counter() + random.Random(len(legal)).choice([0, 0.001, 0.005])
        assert engine.search(state, deadline).move in legal


def test_tree_is_reused_after_the_opponent_replies():
    game = Othello(8)
    engine = BestFirst(game, make_evaluator(game))
    state = game.initial_state()
    first = engine.search(state, time.perf_counter() + 0.2)
    after_reply = game.play(game.play(state, first.move), game.legal_moves(game.play(state, first.move))[0])
    kept, plies = find_kept(engine.root, after_reply, REUSE_DEPTH)
    assert kept is not None and kept.children is not None and plies == 2
    second = engine.search(after_reply, time.perf_counter() + 0.05)
    assert second.move in game.legal_moves(after_reply)
    assert engine.root is kept


@pytest.mark.parametrize("size", [6, 8])
def test_every_expanded_node_holds_the_negamax_of_its_children(size):
    """The back-up stops early where values stop changing; the invariant it relies on
    must hold over the whole tree after a search: value = max(-child.value), and a node
    is complete exactly when all its children are (or it ends the game)."""
    game = Othello(size)
    engine = BestFirst(game, make_evaluator(game), max_nodes=4000)
    for state in positions(game, 7, 4, 12):
        engine.search(state, time.perf_counter() + 5)
        stack, expanded = [engine.root], 0
        while stack:
            node = stack.pop()
            if node.children is None:
                assert node.complete == (not node.moves)
                continue
            expanded += 1
            assert node.value == max(-child.value for child in node.children)
            assert node.complete == all(child.complete for child in node.children)
            stack.extend(node.children)
        assert expanded > 100
