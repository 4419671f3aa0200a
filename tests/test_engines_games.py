"""The engines on the real games: exact endgames, forced wins, deadlines, legal moves.

Games whose modules are not written yet are skipped. Test positions come from random
games with fixed seeds: endgames whose whole tree is small (checked against exhaustive
negamax), and positions with a forced win in exactly 1, 3 or 5 plies (1, 2 or 3 moves)
for either player to move, found by a plain depth-limited alpha-beta written here.
"""
import importlib
import math
import random
import time

import pytest

from engines.alphabeta import AlphaBeta, AlphaBetaPlus
from engines.base import PROVEN, WIN, Limit, terminal_value
from engines.bestfirst import BestFirst
from engines.bestfirst_plus import BestFirstPlus
from engines.mcts import MCTS
from engines import registry
from games import catalog, contract
from treegame import best_moves, exact_value

# Every game under games/ and the variants it declares (games/catalog.py):
# {name: (package, keyword arguments of its rules class)}.
GAMES = {name: (name, {}) for name in catalog.game_names()}
GAMES.update({variant: (name, options) for name in catalog.game_names()
              for variant, options in catalog.declared(name, "VARIANTS", {}).items()})

# Every engine of the registry, with the options these tests give it: a seed for the
# random ones, and a small share of the time for the solver, so that its inner engine
# plays where the end is not near.
TEST_OPTIONS = {"mcts": {"seed": 1}, "solver": {"solve_share": 0.03}}
ENGINES = {name: (registry.engine_class(name), TEST_OPTIONS.get(name, {})) for name in registry.ENGINES}


def build(engine_name, game, evaluate, **options):
    """A fresh engine ``engine_name`` for ``game``; skips the test where the game lacks
    a hook the engine needs (alpha-beta+ needs noisy moves), and only there."""
    engine_class, params = ENGINES[engine_name]
    try:
        return engine_class(game, evaluate, **{**params, **options})
    except ValueError as error:
        if "the game must offer" not in str(error):
            raise
        pytest.skip(str(error))

_loaded = {}


def load(name):
    """(game, evaluate) for a game name; skips the test if its rules are not there yet."""
    if name not in _loaded:
        package, options = GAMES[name]
        try:
            game = catalog.rules_class(package)(**options)
        except ImportError:
            pytest.skip(f"games/{package} is not written yet")
        if contract.is_n_player(game):
            pytest.skip(f"{name} is an N-player game: the two-player engines' checks do not apply to it")
        try:
            evaluation = importlib.import_module(f"games.{package}.evaluation")
            evaluate = evaluation.make_evaluator(game)
        except ImportError:
            evaluate = lambda state: 0.0  # noqa: E731
        _loaded[name] = (game, evaluate)
    return _loaded[name]


def skip_if_opted_out(name, check):
    """Skips ``check`` for a game that declares it does not hold, with the game's reason
    (its package's ``OPT_OUT``: games/catalog.py)."""
    reason = catalog.opted_out(GAMES[name][0], check)
    if reason:
        pytest.skip(f"{name} opts out of {check}: {reason}")


def lacks(name, check, what):
    """The message of a generic check that a game fails for want of something: what it
    lacked, and how a game that cannot give it opts out."""
    return f"{name} {what}. {catalog.opt_out_hint(GAMES[name][0], check)}"


def test_a_check_that_a_game_fails_names_what_it_lacked_and_the_opt_out():
    message = lacks("othello", "small_endgames", "gave no small endgame")
    assert message.startswith("othello gave no small endgame. ")
    assert "games/othello/__init__.py: OPT_OUT = {'small_endgames': 'the reason'}" in message
    variant = next(name for name, (package, _) in GAMES.items() if name != package)   # a variant's own package
    assert f"games/{GAMES[variant][0]}/__init__.py" in lacks(variant, "bestfirst_plus_tree", "x")


def random_game(game, rng):
    """The positions of one random game, last one finished."""
    state = game.initial_state()
    states = [state]
    moves = game.legal_moves(state)
    while moves:
        state = game.play(state, rng.choice(moves))
        states.append(state)
        moves = game.legal_moves(state)
    return states


def tree_size(game, state, limit):
    """Number of nodes of the whole game tree below ``state``, or None above ``limit``."""
    count = 0
    stack = [state]
    while stack:
        count += 1
        if count > limit:
            return None
        node = stack.pop()
        stack.extend(game.play(node, m) for m in game.legal_moves(node))
    return count


def restamp(name, game, state, rng):
    """The same board a few plies before the turn limit (games that have one)."""
    if name == "oware":
        for left in rng.sample((3, 4, 5), 3):
            ply = game.max_turns - left
            if ply % 2 == game.to_move(state) and left < 5:
                return game.make_state(game.houses(state), game.stores(state), ply)
        return None
    if name == "onitama":
        return game.with_turn(state, game.max_turns - rng.choice((2, 3)))
    if name == "breakthrough":  # the same board in the variant with a ply limit
        return state + (LIMITED_PLIES - rng.choice((1, 2)),)
    return None


LIMITED_PLIES = 200


def endgame_game(name):
    """The game of the small endgames: Breakthrough has no turn limit, so its variant
    cut off after LIMITED_PLIES plies (a draw) stands in for it."""
    game, evaluate = load(name)
    if name != "breakthrough":
        return game, evaluate
    rules = importlib.import_module("games.breakthrough.rules")
    limited = rules.LimitedBreakthrough(LIMITED_PLIES)
    return limited, importlib.import_module("games.breakthrough.evaluation").make_evaluator(limited)


_endgames = {}


def small_endgames(name, seed, count, limit):
    """Positions whose whole tree has at most ``limit`` nodes, both seats represented:
    the earliest such position of random games, or a random position moved to a few
    plies before the turn limit."""
    key = (name, seed, count, limit)
    if key in _endgames:
        return _endgames[key]
    game, _ = load(name)
    rng = random.Random(seed)
    found, seats = [], set()
    _endgames[key] = found
    for _ in range(200):
        states = random_game(game, rng)
        candidate = None
        if name in ("oware", "onitama", "breakthrough"):
            candidate = restamp(name, game, states[rng.randrange(len(states) - 1)], rng)
            play_game = endgame_game(name)[0]
            if candidate is not None and (not play_game.legal_moves(candidate)
                                          or tree_size(play_game, candidate, limit) is None):
                candidate = None
        else:
            for state in reversed(states[:-1]):  # walk back while the tree stays small
                if tree_size(game, state, limit) is None:
                    break
                candidate = state
        if candidate is not None:
            found.append(candidate)
            seats.add(game.to_move(candidate))
        if len(found) >= count and len(seats) == 2:
            break
    return found


def reference(game, state, depth, alpha, beta, ply=0):
    """Plain fail-soft alpha-beta, horizon valued 0: proven values in it are exact."""
    moves = game.legal_moves(state)
    if not moves:
        return terminal_value(game.outcome(state), ply)
    if depth == 0:
        return 0.0
    best = -math.inf
    for move in moves:
        value = -reference(game, game.play(state, move), depth - 1, -beta, -alpha, ply + 1)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


def win_distance(game, state, plies):
    """Plies of the shortest forced win of the side to move, if at most ``plies``."""
    value = reference(game, state, plies, PROVEN - 1, WIN + 1)
    return WIN - value if value >= PROVEN else None


def loses_within(game, state, plies):
    """Whether the side to move is lost in at most ``plies`` plies."""
    return reference(game, state, plies, -WIN - 1, -PROVEN + 1) <= -(WIN - plies)


# Breakthrough positions found by the search of forced_wins (seed 2024), which takes a
# minute there: few random positions have a forced win within 5 plies, and proving
# there is none costs much with 25 moves a side. Checked again at every run.
PICKED = {
    "breakthrough": {
        (1, 0): ("........ bb...wbb ....b..b b.b.wb.w wbbb...w .w..wb.. .w.....w ..w.....", 0),
        (1, 1): (".......b .bb..b.. bbwb.b.w .w.w.bw. ..wb.... ww.ww.wb .wb.b... ..w.....", 1),
        (3, 0): ("........ .....b.. bbwww..b ..b.ww.. .w.wwwbb wb...wwb .....w.. ........", 0),
        (3, 1): ("........ .....b.. bbwww..b ..b.ww.b .w.wwwb. wb...wwb .....w.. ........", 1),
        (5, 0): (".b...bb. b.bbb.bb bbbw.bb. ....wb.. ........ w.ww.... .www.www w..w.www", 0),
        (5, 1): ("bb.bb.b. ......bb bb.b.b.. .w.b.b.b .wwwb.ww w....www ...w.w.. .w.ww...", 1),
    },
}

_forced = {}


def forced_wins(name):
    """{(plies, seat): position with a forced win in exactly that many plies}."""
    if name in PICKED and name not in _forced:
        game, _ = load(name)
        found = {}
        for (plies, seat), (rows, player) in PICKED[name].items():
            state = game.from_lines(rows.split(), player)
            assert game.to_move(state) == seat and win_distance(game, state, 5) == plies
            found[(plies, seat)] = state
        _forced[name] = found
    if name not in _forced:
        game, _ = load(name)
        rng = random.Random(2024)
        wanted = {(k, seat) for k in (1, 3, 5) for seat in (0, 1)}
        found = {}
        for _ in range(300):
            states = random_game(game, rng)
            for state in states[-9:-1]:
                key_seat = game.to_move(state)
                if all((k, key_seat) in found for k in (1, 3, 5)):
                    continue
                distance = win_distance(game, state, 5)
                if distance is not None and (distance, key_seat) not in found:
                    found[(distance, key_seat)] = state
            if wanted <= set(found):
                break
        _forced[name] = found
    return _forced[name]


# The sources' best-first stops at its first proven win, not the shortest: it is held to
# forced wins found within two plies of the shortest instead.
EXACT_ENGINES = sorted(name for name in ENGINES if name != "bestfirst")


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("engine_name", EXACT_ENGINES)
def test_exact_value_and_best_move_in_small_endgames(name, engine_name):
    skip_if_opted_out(name, "small_endgames")
    load(name)
    game, evaluate = endgame_game(name)
    engine_class, _ = ENGINES[engine_name]
    options = {"stop_on_win": False} if engine_class in (MCTS, BestFirstPlus) else {}
    positions = small_endgames(name, seed=len(name), count=6, limit=1500)
    seats = {game.to_move(s) for s in positions}
    assert seats == {0, 1}, lacks(name, "small_endgames", f"gave small endgames (a whole tree of at most 1,500 "
                                  f"nodes) in 200 random games only with seat(s) {sorted(seats)} to move, not both")
    memo = {}
    for state in positions:
        engine = build(engine_name, game, evaluate, **options)
        result = engine.search(state, time.perf_counter() + 20)
        assert result.value == exact_value(game, state, memo), (engine_name, game.render(state))
        assert result.move in best_moves(game, state, memo), (engine_name, game.render(state))


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("engine_name", sorted(ENGINES))
def test_forced_wins_in_one_two_and_three_moves(name, engine_name):
    game, evaluate = load(name)
    found = forced_wins(name)
    assert {(k, s) for k in (1, 3, 5) for s in (0, 1)} <= set(found), sorted(found)
    engine_class, _ = ENGINES[engine_name]
    for (plies, seat), state in sorted(found.items()):
        engine = build(engine_name, game, evaluate)
        result = engine.search(state, time.perf_counter() + 3)
        where = (engine_name, plies, seat, game.render(state))
        assert result.value >= PROVEN, where
        distance = WIN - result.value
        if engine_class in (BestFirst, BestFirstPlus):  # the first proof, maybe not the shortest
            assert plies <= distance <= plies + 2, where
        else:
            assert distance == plies, where
        assert loses_within(game, game.play(state, result.move), distance - 1), where


# Seconds a search may overrun its deadline, in the CPU time it used (the wall time also
# holds what a busy machine gave other work, and make test runs beside it). Generous on
# purpose; an engine that ignores its deadline overruns by seconds. The overruns
# themselves are measured by `make bench`.
LATE = 0.25


def deadline_check(name, engine_name, count, seed):
    game, evaluate = load(name)
    rng = random.Random(seed)
    engine = build(engine_name, game, evaluate)
    worst = 0.0
    for _ in range(count):
        states = random_game(game, rng)
        state = states[rng.randrange(len(states) - 1)]
        if rng.random() < 0.3:
            engine = build(engine_name, game, evaluate)  # now and then a fresh one
        budget = rng.choice([0.0, 0.001, 0.005, 0.02])
        start, cpu_start = time.perf_counter(), time.process_time()
        result = engine.search(state, start + budget)
        late = time.process_time() - cpu_start - budget
        assert result.move in game.legal_moves(state), (engine_name, game.render(state))
        worst = max(worst, late)
    return worst


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("engine_name", sorted(ENGINES))
def test_deadline_kept_and_moves_legal(name, engine_name):
    assert deadline_check(name, engine_name, 25, seed=7) < LATE


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("engine_name", sorted(ENGINES))
def test_deadline_kept_and_moves_legal_on_hundreds_of_positions(name, engine_name):
    assert deadline_check(name, engine_name, 300, seed=8) < LATE


@pytest.mark.parametrize("name", sorted(GAMES))
def test_mcts_and_bestfirst_plus_keep_their_tree_between_turns(name):
    game, evaluate = load(name)
    for engine_class in (MCTS, BestFirstPlus):
        engine = engine_class(game, evaluate)
        state = game.initial_state()
        # Node budgets, not deadlines: on a loaded machine 0.1 s may not reach the reply.
        first = engine.search(state, Limit(nodes=3000))
        after = game.play(state, first.move)
        after = game.play(after, game.legal_moves(after)[0])
        old_root = engine.root
        second = engine.search(after, Limit(nodes=200))
        assert second.move in game.legal_moves(after)
        assert engine.root is not old_root and engine.root.state == after
        assert engine.root_ply == 2


@pytest.mark.parametrize("name", sorted(GAMES))
def test_outcome_is_none_exactly_while_there_are_legal_moves(name):
    """Best-first+ creates positions knowing only their outcome and generates their moves
    when it expands them: the two must agree on when a game is over."""
    game, _ = load(name)
    rng = random.Random(12)
    seen = played = 0
    while played < 60 or seen <= 1000:  # short games: more of them
        for state in random_game(game, rng):
            assert (game.outcome(state) is None) == bool(game.legal_moves(state))
            seen += 1
        played += 1


@pytest.mark.parametrize("name", sorted(GAMES))
def test_bestfirst_plus_tree_keeps_its_selection_order(name):
    """In every expanded node, each child is the position its move leads to, the node's
    value is the negamax of its children's, its visits are its own expansion and its
    children's visits, and among the children that can still raise the node's proven
    bound the visited ones come before the unvisited ones, which keep their creation
    order, best value first: what lets the selection stop at the first unvisited child."""
    skip_if_opted_out(name, "bestfirst_plus_tree")
    game, evaluate = load(name)
    rng = random.Random(13)
    for _ in range(3):
        states = random_game(game, rng)
        ply = 8 if len(states) > 20 else 0  # early, far from a proof: the start in a short game
        state = states[ply]
        engine = BestFirstPlus(game, evaluate, resume=16, max_nodes=3000)
        engine.search(state, time.perf_counter() + 10)
        stack, expanded = [engine.root], 0
        while stack:
            node = stack.pop()
            if node.children is None:
                continue
            expanded += 1
            children = node.children
            assert all(game.play(node.state, c.move) == c.state for c in children)
            assert node.value == max(-c.value for c in children)
            assert node.visits == 1 + sum(c.visits for c in children)
            running = [c for c in children if -c.lo > node.lo]
            visited = [c.visits > 0 for c in running]
            assert visited == sorted(visited, reverse=True)
            fresh = [c.value for c in running if not c.visits]
            assert fresh == sorted(fresh)
            stack.extend(children)
        assert expanded > 20, lacks(name, "bestfirst_plus_tree", f"gave a search of only {expanded} expanded "
                                    f"nodes (more than 20 are needed) from ply {ply} of a random game: "
                                    f"it was proven too soon")


def test_deeper_reductions_need_the_reductions():
    game, evaluate = load("onitama")
    with pytest.raises(ValueError, match="reduce_more"):
        AlphaBetaPlus(game, evaluate, reduce_more=6)


# Alpha-beta+'s options against exact values: each bot's own settings (captures first,
# late move reductions), read from bots/<game>.py, and Best Node Search over them.
THE_BOTS = "the bot's"
EXACT_CASES = [("onitama", THE_BOTS), ("breakthrough", THE_BOTS), ("onitama", {"bns": True}),
               ("breakthrough", {"bns": True})]
FORCED_WIN_CASES = [("onitama", THE_BOTS), ("breakthrough", THE_BOTS), ("onitama", {"bns": True}),
                    ("breakthrough", {"bns": True})]


def search_options(name, params):
    if params != THE_BOTS:
        return params
    settings = importlib.import_module(f"bots.{name}").BOT.configs["alphabeta+"].params
    assert settings.get("reduce_after"), settings  # the reductions are what is tested
    return settings


@pytest.mark.parametrize("name, params", EXACT_CASES)
def test_search_options_keep_exact_values_in_small_endgames(name, params):
    """Against exhaustive negamax: what the ordering, the reductions and the root's
    driver change is how deep each move is searched, never a value."""
    params = search_options(name, params)
    game, evaluate = endgame_game(name)
    memo = {}
    positions = small_endgames(name, seed=len(name), count=6, limit=1500)
    assert {game.to_move(s) for s in positions} == {0, 1}
    for state in positions:
        engine = AlphaBetaPlus(game, evaluate, **params)
        result = engine.search(state, time.perf_counter() + 20)
        assert result.value == exact_value(game, state, memo), game.render(state)
        assert result.move in best_moves(game, state, memo), game.render(state)


@pytest.mark.parametrize("name, params", FORCED_WIN_CASES)
def test_search_options_find_forced_wins_from_both_seats(name, params):
    params = search_options(name, params)
    game, evaluate = load(name)
    for (plies, seat), state in sorted(forced_wins(name).items()):
        engine = AlphaBetaPlus(game, evaluate, **params)
        result = engine.search(state, time.perf_counter() + 3)
        where = (plies, seat, game.render(state))
        assert result.value >= PROVEN and WIN - result.value == plies, where
        assert loses_within(game, game.play(state, result.move), plies - 1), where
