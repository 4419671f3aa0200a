"""The parts the engines share: the clock (engines.base.Deadline) and nested searches
under one deadline, the tree toolkit (engines/tree.py), and MCTS's weighted playouts."""
import math
import random
import time

import pytest

from engines.alphabeta import AlphaBeta
from engines.base import PROVEN, WIN, Deadline, Limit, random_plies, relative_below
from engines.bestfirst_plus import BestFirstPlus
from engines.mcts import MCTS
from engines.mcts import Node as MCTSNode
from engines.tree import count_nodes, find_kept, proven_choice, update_bounds
from games.othello.evaluation import make_evaluator
from games.othello.rules import Othello
from treegame import exact_value

OTHELLO = Othello()
EVALUATE = make_evaluator(OTHELLO)
MIDGAME = random_plies(OTHELLO, OTHELLO.initial_state(), random.Random(3), 20)
MARGIN = 0.2  # seconds a search may overrun: generous, these machines are shared


# -- the clock ----------------------------------------------------------------------------
def test_deadline_looks_at_the_clock_every_few_ticks():
    clock = Deadline(every=3)
    assert clock.at == math.inf and not clock.passed()
    clock.start(time.perf_counter() - 1)  # passed already
    assert clock.passed()
    assert [clock.tick() for _ in range(7)] == [False, False, True, False, False, True, False]
    clock.start(math.inf)
    assert not any(clock.tick() for _ in range(10))
    clock.left = 0  # work worth several units brings the next look nearer
    clock.start(time.perf_counter() - 1)
    assert clock.left == 3  # start resets the countdown


def test_best_first_plus_leaf_searches_share_its_clock_and_keep_its_deadline():
    # One expansion of this root with alpha-beta of 5 plies at each child takes about
    # 0.5 s on a fast machine: leaf searches that ignored the deadline would overrun it.
    engine = BestFirstPlus(OTHELLO, EVALUATE, leaf_depth=5)
    assert engine.leaf_search.clock is engine.clock
    engine.search(MIDGAME, Limit.within(-1))  # values the root (in full) and keeps it
    start = time.perf_counter()
    result = engine.search(MIDGAME, Limit(deadline=start + 0.02))
    assert time.perf_counter() - start < 0.02 + MARGIN
    assert result.move in OTHELLO.legal_moves(MIDGAME)
    assert engine.leaf_search.clock is engine.clock


def test_mcts_proof_search_keeps_its_share_of_the_deadline():
    engine = MCTS(OTHELLO, EVALUATE, prove_depth=30, prove_share=0.5, seed=1)
    start = time.perf_counter()
    deadline = start + 0.05
    result = engine.search(MIDGAME, Limit(deadline=deadline))
    assert time.perf_counter() - start < 0.05 + MARGIN
    assert result.move in OTHELLO.legal_moves(MIDGAME)
    assert result.nodes > 0  # the simulations had their share after the proof search
    assert engine.prover.clock is not engine.clock
    assert engine.clock.at == deadline and start < engine.prover.clock.at < deadline


def test_alphabeta_ticks_a_shared_clock():
    clock = Deadline()
    engine = AlphaBeta(OTHELLO, EVALUATE)
    engine.clock = clock
    clock.start(time.perf_counter() + 0.02)
    start = time.perf_counter()
    with pytest.raises(Exception) as raised:
        engine.negamax(MIDGAME, 12, -math.inf, math.inf, 0)
    assert type(raised.value).__name__ == "Timeout"
    assert time.perf_counter() - start < 0.02 + MARGIN


# -- the tree toolkit -------------------------------------------------------------------
class Node:
    def __init__(self, state, children=None, lo=-WIN, hi=WIN, visits=0, moves=None):
        self.state, self.children, self.lo, self.hi, self.visits = state, children, lo, hi, visits
        self.moves = moves if moves is not None else list(range(len(children or ())))


def test_find_kept_looks_breadth_first_within_the_depth():
    leaf = Node("x")
    deep = Node("a", [Node("b", [Node("c", [leaf])])])
    shallow = Node("x")
    root = Node("r", [deep, Node("d", [shallow])])
    assert find_kept(root, "r", 2) == (root, 0)
    assert find_kept(root, "x", 4) == (shallow, 2)  # the shallowest
    assert find_kept(root, "c", 3) == (deep.children[0].children[0], 3)
    assert find_kept(root, "c", 2) == (None, 0)
    assert count_nodes(root) == 7


def test_bounds_and_proven_choice():
    won, lost, open_ = Node("w", lo=-(WIN - 3), hi=-(WIN - 3)), Node("l", lo=WIN - 2, hi=WIN - 2), Node("o")
    root = Node("r", [lost, open_, won])
    assert update_bounds(root) and (root.lo, root.hi) == (WIN - 3, WIN)
    assert not update_bounds(root)
    assert proven_choice(root, lambda c: 0) is won
    partial = Node("p", [lost], moves=[0, 1])  # a move without its child yet
    assert update_bounds(partial) and (partial.lo, partial.hi) == (-(WIN - 2), WIN)
    both_lost = Node("b", [lost, Node("l2", lo=WIN - 4, hi=WIN - 4, visits=3)])
    update_bounds(both_lost)
    assert both_lost.hi <= -PROVEN and proven_choice(both_lost, lambda c: 0).state == "l2"
    undecided = Node("u", [lost, Node("o1", visits=5), Node("o2", visits=9)])
    update_bounds(undecided)
    assert proven_choice(undecided, lambda c: c.visits).state == "o2"
    assert relative_below(WIN - 7, 2) == WIN - 5 and relative_below(-(WIN - 7), 2) == -(WIN - 5)
    assert relative_below(0.25, 2) == 0.25


# -- weighted playouts ------------------------------------------------------------------
class Recording:
    """Othello that counts, for one square, how often it was legal beside other moves
    and how often it was played then."""

    def __init__(self, square):
        self.square, self.legal, self.played, self.last = square, 0, 0, ()

    def legal_moves(self, state):
        moves = self.last = OTHELLO.legal_moves(state)
        if len(moves) > 1 and self.square in moves:
            self.legal += 1
        return moves

    def play(self, state, move):
        if move == self.square and len(self.last) > 1:
            self.played += 1
        return OTHELLO.play(state, move)

    def __getattr__(self, name):
        return getattr(OTHELLO, name)


def playout_counts(weights, square=19):
    game = Recording(square)
    engine = MCTS(game, EVALUATE, playout_weight=weights, seed=5)
    rng = random.Random(8)
    for _ in range(60):
        state = random_plies(OTHELLO, OTHELLO.initial_state(), rng, rng.randrange(0, 40))
        moves = game.legal_moves(state)
        if moves:
            engine._playout(MCTSNode(state, moves, None))
    return game.legal, game.played


def test_a_move_weighing_zero_in_a_list_is_never_drawn_in_a_playout():
    weights = [1.0] * 64
    legal, played = playout_counts(weights)
    assert legal > 30 and played > 0  # with equal weights the square is drawn
    weights[19] = 0.0
    legal, played = playout_counts(weights)
    assert legal > 30 and played == 0
    legal, played = playout_counts(tuple(weights))
    assert legal > 30 and played == 0


def othello_endgames(count):
    rng, found = random.Random(12), []
    while len(found) < count:
        state = OTHELLO.initial_state()
        while len(OTHELLO.legal_moves(state)) and bin(state[0] | state[1]).count("1") < 58:
            state = OTHELLO.play(state, rng.choice(OTHELLO.legal_moves(state)))
        if OTHELLO.legal_moves(state):
            found.append(state)
    return found


def test_mcts_with_list_weights_solves_othello_endgames():
    weights = [1.0 + (square % 7) for square in range(64)]
    for state in othello_endgames(4):
        engine = MCTS(OTHELLO, EVALUATE, playout_weight=weights, stop_on_win=False, seed=2)
        result = engine.search(state, Limit.within(20))
        assert result.value == exact_value(OTHELLO, state)
        assert result.move in OTHELLO.legal_moves(state)
