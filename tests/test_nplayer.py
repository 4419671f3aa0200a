"""engines/nplayer.py against exhaustive max^n, paranoid and offensive searches written
plainly here, on random trees of 2, 3 and 4 players, on small light-cycle boards and in
Tron positions, from every seat, with each kind of pruning."""
import itertools
import random

import pytest

from engines import registry
from engines.base import Limit, random_plies
from engines.nplayer import (PRUNINGS, DirectedOffensive, MaxN, MCTSN, MPMix, Paranoid,
                             leader_edge)
from games.tron.evaluation import make_evaluator
from games.tron.rules import Tron
from nplayergames import LightCycles, NTreeGame


def plain_maxn(game, state, depth, goals=None):
    """Max^n of ``state`` to ``depth`` plies; each player maximizes ``goals[p] = (entry,
    sign)`` (its own entry by default); ties go to the first child."""
    moves = game.legal_moves(state)
    if not moves:
        return game.returns(state)
    if depth == 0:
        return game.evaluate(state)
    mover = game.to_move(state)
    entry, sign = goals[mover] if goals else (mover, 1)
    best = None
    for move in moves:
        value = plain_maxn(game, game.play(state, move), depth - 1, goals)
        if best is None or value[entry] * sign > best[entry] * sign:
            best = value
    return best


def plain_paranoid(game, state, depth, me):
    """The root player ``me``'s value when every other player minimizes it."""
    moves = game.legal_moves(state)
    if not moves:
        return game.returns(state)[me]
    if depth == 0:
        return game.evaluate(state)[me]
    values = [plain_paranoid(game, game.play(state, move), depth - 1, me) for move in moves]
    return max(values) if game.to_move(state) == me else min(values)


def trees(players, count, **options):
    """(game, root) pairs: ``count`` random trees, each searched from every first ply
    (so every player is to move at some root)."""
    for seed in range(count):
        game = NTreeGame(seed * 7 + players, players, **options)
        for ply in range(players):
            root = game.initial_state(ply)
            if game.legal_moves(root):
                yield game, root


TREE_KINDS = {"points": {}, "constant sum": {"constant_sum": True}, "rankings": {"ranking": True}}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pruning", PRUNINGS)
@pytest.mark.parametrize("kind", sorted(TREE_KINDS))
def test_maxn_finds_the_exhaustive_value_from_every_seat(players, pruning, kind):
    seats = set()
    for game, root in trees(players, 40, **TREE_KINDS[kind]):
        me = game.to_move(root)
        seats.add(me)
        depth = 1 + (root[0] + game.seed) % 4
        engine = MaxN(game, game.evaluate, pruning=pruning)
        result = engine.search(root, Limit(depth=depth))
        children = {move: plain_maxn(game, game.play(root, move), depth - 1) for move in game.legal_moves(root)}
        best = max(value[me] for value in children.values())
        assert engine.vector == children[result.move], (game.seed, root, depth)
        assert result.value == best == children[result.move][me]
        if kind != "rankings":  # no ties: the vector itself is max^n's
            assert engine.vector == plain_maxn(game, root, depth)
    assert seats == set(range(players))


@pytest.mark.parametrize("players", [3, 4])
def test_pruned_maxn_searches_fewer_nodes_for_the_same_vectors(players):
    nodes = {pruning: 0 for pruning in PRUNINGS}
    for game, root in trees(players, 12, constant_sum=True, branching=(2, 4), end_chance=0.1, max_depth=7):
        vectors = set()
        for pruning in PRUNINGS:
            engine = MaxN(game, game.evaluate, pruning=pruning)
            result = engine.search(root, Limit(depth=5))
            nodes[pruning] += result.nodes
            vectors.add((result.move, engine.vector))
        assert len(vectors) == 1
    # Speculative pruning cuts more but searches some cuts again: it may end above
    # last-branch pruning (docs/ENGINES.md has the figures).
    assert nodes["none"] > nodes["shallow"] > max(nodes["last-branch"], nodes["speculative"]), nodes


def test_maxn_without_the_games_bounds_does_not_prune():
    game = NTreeGame(5, 3)
    del game.value_bounds
    assert MaxN(game, game.evaluate, pruning="speculative").pruning == "none"
    with pytest.raises(ValueError, match="pruning=sideways: expected one of none, shallow"):
        MaxN(NTreeGame(5, 3), None, pruning="sideways")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("kind", sorted(TREE_KINDS))
@pytest.mark.parametrize("tt", [True, False])
def test_paranoid_finds_the_exhaustive_value_from_every_seat(players, kind, tt):
    seats = set()
    for game, root in trees(players, 40, **TREE_KINDS[kind]):
        me = game.to_move(root)
        seats.add(me)
        depth = 1 + (root[0] + game.seed) % 5
        result = Paranoid(game, game.evaluate, tt=tt).search(root, Limit(depth=depth))
        assert result.value == plain_paranoid(game, root, depth, me), (game.seed, root, depth)
        assert plain_paranoid(game, game.play(root, result.move), depth - 1, me) == result.value
    assert seats == set(range(players))


def test_paranoid_keeps_its_table_for_one_root_player_only():
    game = NTreeGame(3, 3, branching=(2, 3), min_depth=6, max_depth=9, skip_chance=0)
    engine = Paranoid(game, game.evaluate)
    state = game.initial_state()
    for ply in range(6):  # the same engine for every player in turn, each at two depths
        for depth in (3, 4):
            result = engine.search(state, Limit(depth=depth))
            assert result.value == plain_paranoid(game, state, depth, game.to_move(state))
        state = game.play(state, result.move)


@pytest.mark.parametrize("players", [3, 4])
def test_offensive_finds_the_exhaustive_value_against_each_target(players):
    for game, root in trees(players, 25):
        me = game.to_move(root)
        depth = 1 + game.seed % 4
        for target in [-1] + [p for p in range(players) if p != me]:
            engine = DirectedOffensive(game, game.evaluate, target=target)
            result = engine.search(root, Limit(depth=depth))
            aimed = target if target >= 0 else leader_edge(game.evaluate(root), exclude=me)[0]
            assert engine.chosen_target == aimed
            goals = [(p, 1) for p in range(players)]
            goals[me] = (aimed, -1)
            assert engine.vector == plain_maxn(game, root, depth, goals)
            assert result.value == engine.vector[me]


def test_leader_edge_names_the_first_of_equals():
    assert leader_edge((0.2, 0.5, 0.3)) == (1, pytest.approx(0.2))
    assert leader_edge((0.4, 0.4, 0.2)) == (0, 0.0)
    assert leader_edge((0.9, 0.4, 0.2), exclude=0) == (1, pytest.approx(0.2))


class Fixed:
    """An evaluation that answers ``root_value`` at the root, the game's elsewhere."""

    def __init__(self, game, root, root_value):
        self.game, self.root, self.root_value = game, root, root_value

    def __call__(self, state):
        return self.root_value if state == self.root else self.game.evaluate(state)


@pytest.mark.parametrize("root_value, strategy", [
    ((0.6, 0.3, 0.1), "paranoid"),    # the root player leads by 0.3
    ((0.4, 0.3, 0.3), "maxn"),        # it leads by 0.1 only
    ((0.2, 0.5, 0.3), "maxn"),        # player 1 leads by 0.2 - a hair
    ((0.1, 0.6, 0.3), "offensive"),   # player 1 leads by 0.3
])
def test_mpmix_chooses_by_the_leaders_edge_and_answers_as_its_choice(root_value, strategy):
    game = NTreeGame(11, 3, min_depth=4)
    root = game.initial_state()
    evaluate = Fixed(game, root, root_value)
    engine = MPMix(game, evaluate, defend_edge=0.2, attack_edge=0.2 + 1e-9)
    result = engine.search(root, Limit(depth=3))
    assert engine.strategy == strategy
    alone = {"paranoid": Paranoid(game, evaluate), "maxn": MaxN(game, evaluate),
             "offensive": DirectedOffensive(game, evaluate, target=1)}[strategy]
    assert result == alone.search(root, Limit(depth=3))


def test_mcts_n_finds_the_maxn_move_where_it_stands_out():
    agreed = clear = 0
    for game, root in trees(3, 12, branching=(2, 3), max_depth=3, min_depth=3):
        me = game.to_move(root)
        children = {move: plain_maxn(game, game.play(root, move), 10)[me] for move in game.legal_moves(root)}
        ranked = sorted(children.values(), reverse=True)
        if ranked[0] - ranked[1] < 0.15:
            continue
        clear += 1
        result = MCTSN(game, game.evaluate, seed=1).search(root, Limit(nodes=3000))
        agreed += children[result.move] == ranked[0]
        assert result.nodes == 3000
    assert clear >= 5 and agreed == clear


def test_mcts_n_keeps_its_tree_for_the_next_turn():
    game = LightCycles(5, 5, (0, 4, 22))
    engine = MCTSN(game, game.evaluate, seed=2)
    state = game.initial_state()
    engine.search(state, Limit(nodes=500))
    for _ in range(game.num_players):  # a round of turns: the engine's, then the others'
        state = game.play(state, engine.search(state, Limit(nodes=1)).move)
    engine.search(state, Limit(nodes=100))
    assert engine.tree.state == state and engine.tree.visits > 100
    fresh = MCTSN(game, game.evaluate, reuse=False, seed=2)
    fresh.search(state, Limit(nodes=100))
    assert fresh.tree.visits == 100


BOARDS = {  # (width, height, starts)
    "3x3, 3 cycles": (3, 3, (0, 2, 7)),
    "4x3, 3 cycles": (4, 3, (0, 3, 9)),
    "3x3, 4 cycles": (3, 3, (0, 2, 6, 8)),
    "4x4, 2 cycles": (4, 4, (5, 10)),
}


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_light_cycles_from_every_seat(board):
    width, height, starts = BOARDS[board]
    game = LightCycles(width, height, starts)
    n = game.num_players
    for mover, depth in itertools.product(range(n), (2, 5)):
        root = game.initial_state(mover)
        children = {move: plain_maxn(game, game.play(root, move), depth - 1) for move in game.legal_moves(root)}
        for pruning in PRUNINGS:
            engine = MaxN(game, game.evaluate, pruning=pruning)
            result = engine.search(root, Limit(depth=depth))
            assert engine.vector == children[result.move], (board, mover, depth, pruning)
            assert result.value == max(value[mover] for value in children.values())
        result = Paranoid(game, game.evaluate).search(root, Limit(depth=depth))
        assert result.value == plain_paranoid(game, root, depth, mover)


def tron_positions(players, count, seed):
    """``count`` Tron positions for each player to move, 10 to 60 random plies from the
    default start."""
    rng = random.Random(seed)
    game = Tron(players)
    found = {p: [] for p in range(players)}
    while any(len(states) < count for states in found.values()):
        state = random_plies(game, game.initial_state(), rng, rng.randrange(10, 60))
        if game.legal_moves(state) and len(found[game.to_move(state)]) < count:
            found[game.to_move(state)].append(state)
    return game, [state for states in found.values() for state in states]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tron_from_every_seat(players):
    game, states = tron_positions(players, 2, seed=players)
    evaluate = make_evaluator(game)
    for index, state in enumerate(states):
        me, depth = game.to_move(state), 3 + index % 2
        children = {move: plain_maxn(Evaluated(game, evaluate), game.play(state, move), depth - 1)
                    for move in game.legal_moves(state)}
        for pruning in PRUNINGS:
            engine = MaxN(game, evaluate, pruning=pruning)
            result = engine.search(state, Limit(depth=depth))
            assert engine.vector == children[result.move], (players, pruning)
            assert result.value == max(value[me] for value in children.values())
        result = Paranoid(game, evaluate).search(state, Limit(depth=depth))
        assert result.value == plain_paranoid(Evaluated(game, evaluate), state, depth, me)


class Evaluated:
    """``game`` with ``evaluate`` as its method, for the plain searches."""

    def __init__(self, game, evaluate):
        self.game, self.evaluate = game, evaluate

    def __getattr__(self, name):
        return getattr(self.game, name)


def test_light_cycles_solved_to_the_end():
    game = LightCycles(3, 3, (0, 2, 7))
    for mover in range(3):
        root = game.initial_state(mover)
        result = MaxN(game, game.evaluate).search(root, Limit())
        assert result.proven
        assert result.value == max(plain_maxn(game, game.play(root, move), 99)[mover] for move in range(4))
        paranoid = Paranoid(game, game.evaluate).search(root, Limit())
        assert paranoid.proven and paranoid.value == plain_paranoid(game, root, 99, mover)


@pytest.mark.parametrize("name", ["paranoid", "maxn", "offensive", "mpmix", "mcts-n"])
def test_every_engine_keeps_a_node_budget_and_answers_a_legal_move(name):
    game = LightCycles(6, 6, (0, 5, 30, 35))
    engine = registry.engine_class(name)(game, game.evaluate)
    state = game.initial_state()
    for _ in range(6):
        result = engine.search(state, Limit(nodes=200))
        assert result.move in game.legal_moves(state)
        assert result.nodes <= 200 + (0 if name == "mcts-n" else 1)
        state = game.play(state, result.move)
    zero = engine.search(state, Limit(deadline=0.0))  # a deadline already passed
    assert zero.move in game.legal_moves(state)


@pytest.mark.parametrize("name", ["paranoid", "maxn", "offensive", "mpmix", "mcts-n"])
def test_registered_with_their_parameters_and_refusing_a_two_player_game(name):
    params = registry.parameters(name)
    assert all(kind in registry.SETTABLE for kind, _ in params.values()), params
    with pytest.raises(ValueError, match=f"{name} plays games that give returns"):
        registry.engine_class(name)(object(), None)
    finished = LightCycles(3, 3, (0, 2, 7))
    state = finished.initial_state()
    while finished.legal_moves(state):
        state = finished.play(state, 0)
    with pytest.raises(ValueError, match="finished game"):
        registry.engine_class(name)(finished, finished.evaluate).search(state, Limit())


def test_settable_from_text():
    assert registry.typed_parameters("mpmix", {"defend_edge": "0.3", "pruning": "shallow"}) == {
        "defend_edge": 0.3, "pruning": "shallow"}
    assert registry.typed_parameters("mcts-n", {"C": "1.2", "seed": "3"}) == {"C": 1.2, "seed": 3}
    with pytest.raises(ValueError, match="maxn has no parameter 'C'"):
        registry.typed_parameters("maxn", {"C": "1"})
