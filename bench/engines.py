"""Engines: speed per game, alpha-beta depth in the arena's time, ordering heuristics on
endgames, deadline overruns, and the side-by-side targets against open_spiel.

Figures (``python -m bench engines``, ``--quick`` for shorter runs):

- nodes per second of every engine from fixed positions (the start and ply 20 of a fixed
  random game): alpha-beta counts positions visited, best-first positions expanded and
  evaluated, MCTS simulations;
- alpha-beta in the arena's time (the turn budget times the bots' default share 0.7):
  mean depth reached and effective branching factor (nodes of the last iteration over
  nodes of the one before) on midgame positions;
- nodes to solve fixed endgame positions with all ordering heuristics, and with each one
  switched off (alpha-beta deepening to the end, and the exact solver);
- the worst deadline overrun of every engine on random positions (collector off, as in
  the bots);
- targets, measured side by side in interleaved rounds (medians): MCTS with random
  playouts against open_spiel's Python MCTS with random rollouts (>= 2x) on Othello,
  Oware and Breakthrough and against its C++ MCTSBot on Othello (>= 0.5x), all from the
  start position; best-first positions per second against alpha-beta nodes per second
  with the same evaluation (>= 0.8x), in searches of 1 s and in searches of the arena's
  turn (the ratio falls as the trees grow: best-first descends from the root for every
  expansion), with the collector off as in the bots.
"""
import functools
import gc
import importlib
import random
import statistics
import time

from arena.games import game_names, load_referee
from engines.alphabeta import AlphaBeta
from engines.base import Limit
from engines.bestfirst import BestFirst
from engines.bestfirst_plus import BestFirstPlus
from engines.mcts import C as MCTS_C
from engines.mcts import MCTS
from engines.registry import engine_class
from engines.solver import ExactSolver
from games import catalog, contract



def game_table():
    """{name: (package, rules options, open_spiel name, arena turn budget in ms)} of
    every game under games/ and every variant it declares (games/catalog.py); a
    variant's budget is its own arena's where it has one (Reversed Reversi's)."""
    table = {}
    for package in catalog.game_names():
        for name, options in {package: {}, **catalog.declared(package, "VARIANTS", {})}.items():
            referee = load_referee(name if name in game_names() else package)
            spiel = catalog.declared(package, "OPENSPIEL") if name == package else None
            table[name] = (package, options, spiel, referee.turn_ms)
    return table


GAMES = game_table()
SHARE = 0.7  # the bots' default share of the turn budget

# label: (the engine's name in engines/registry.py, its parameters)
ENGINES = {
    "alphabeta": ("alphabeta", {}),
    "bestfirst": ("bestfirst", {}),
    "bestfirst+": ("bestfirst+", {}),
    "bestfirst+resume16": ("bestfirst+", {"resume": 16}),
    "mcts": ("mcts", {"prove_depth": 0, "seed": 1}),
    "mcts-cutoff8": ("mcts", {"playout_plies": 8, "prove_depth": 0, "seed": 1}),
}
TIMED = dict(ENGINES, **{
    "mcts+proof": ("mcts", {"seed": 1}),
    "solver(alphabeta)": ("solver", {"solve_share": 0.2}),
})


def build(entry, game, evaluate):
    """The engine of an ``ENGINES`` or ``TIMED`` entry."""
    name, params = entry
    return engine_class(name)(game, evaluate, **params)


def load(name):
    """(game, evaluate) or None when the game's modules are not written yet."""
    package, options, _, _ = GAMES[name]
    try:
        game = catalog.rules_class(package)(**options)
    except ImportError:
        return None
    try:
        evaluate = importlib.import_module(f"games.{package}.evaluation").make_evaluator(game)
    except ImportError:
        evaluate = lambda state: 0.0  # noqa: E731
    return game, evaluate


def random_game(game, rng):
    state = game.initial_state()
    states = [state]
    moves = game.legal_moves(state)
    while moves:
        state = game.play(state, rng.choice(moves))
        states.append(state)
        moves = game.legal_moves(state)
    return states


def midgame_positions(game, count, seed=5, low=10, high=30):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        states = random_game(game, rng)
        ply = rng.randrange(low, high)
        if ply < len(states) - 1:
            found.append(states[ply])
    return found


def collector_off(function):
    """``function`` run with the cyclic garbage collector off, as the bots run
    (bots/runtime.py): a collection walks every live object, so it would charge a
    search for the size of the tree it holds, which the bots never pay."""
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            gc.enable()
    return wrapper


def rate(engine, state, seconds):
    start = time.perf_counter()
    result = engine.search(state, Limit(deadline=start + seconds))
    return result.nodes / (time.perf_counter() - start)


# -- speed --------------------------------------------------------------------------
def engine_speeds(name, game, evaluate, seconds):
    fixed = [("start", game.initial_state())]
    ply20 = midgame_positions(game, 1, seed=20, low=20, high=21)
    fixed.append(("ply 20", ply20[0]))
    for label, state in fixed:
        figures = []
        for engine_name, entry in ENGINES.items():
            figures.append(f"{engine_name} {rate(build(entry, game, evaluate), state, seconds):,.0f}")
        print(f"{name} from {label}: " + ", ".join(figures) + " (nodes or simulations per s)")


def alphabeta_depth(name, game, evaluate, quick):
    budget_ms = GAMES[name][3]
    if quick:
        budget_ms = min(budget_ms, 1000)
    seconds = budget_ms * SHARE / 1000
    depths, factors, rates = [], [], []
    for state in midgame_positions(game, 4 if quick else 10):
        engine = AlphaBeta(game, evaluate)
        start = time.perf_counter()
        result = engine.search(state, Limit(deadline=start + seconds))
        rates.append(result.nodes / (time.perf_counter() - start))
        depths.append(result.depth)
        its = result.iterations
        if len(its) >= 3:
            last = its[-1][1] - its[-2][1]
            before = its[-2][1] - its[-3][1]
            factors.append(last / max(before, 1))
    ebf = statistics.geometric_mean(factors) if factors else float("nan")
    print(f"{name} alpha-beta in {seconds * 1000:.0f} ms ({budget_ms} ms x {SHARE}): depth"
          f" {statistics.mean(depths):.1f} (min {min(depths)}, max {max(depths)}),"
          f" effective branching factor {ebf:.2f}, {statistics.mean(rates):,.0f} nodes/s"
          f" over {len(depths)} midgame positions")


# -- ordering heuristics on endgames --------------------------------------------------
def endgame_positions(name, game, count, size):
    """Fixed endgames: Othello-like games with ``size`` empty squares; positions of random
    games moved to ``size`` plies before the turn limit (Oware, Onitama, Breakthrough
    with a ply limit). ``game`` is the one that plays them (see endgame_game)."""
    rng = random.Random(99)
    found = []
    while len(found) < count:
        states = random_game(game, rng)
        if GAMES[name][0] == "othello":
            for state in states:
                empty = game.squares - (state[0] | state[1]).bit_count()
                if empty == size and game.legal_moves(state):
                    found.append(state)
                    break
        elif name == "oware":
            state = states[len(states) // 2]
            ply = game.max_turns - size
            if ply % 2 != game.to_move(state):
                ply -= 1
            state = game.make_state(game.houses(state), game.stores(state), ply)
            if game.legal_moves(state):
                found.append(state)
        elif name == "onitama":
            state = states[rng.randrange(len(states) - 1)]
            state = game.with_turn(state, game.max_turns - size)
            if game.legal_moves(state):
                found.append(state)
        elif name == "breakthrough":  # the variant with a ply limit (a draw there)
            state = states[rng.randrange(len(states) - 1)]
            found.append(state[:3] + (game.max_plies - size,))
    return found


def endgame_game(name, game, evaluate):
    """Breakthrough has no turn limit: its variant cut off after 200 plies stands in."""
    if name != "breakthrough":
        return game, evaluate
    rules = importlib.import_module("games.breakthrough.rules")
    limited = rules.LimitedBreakthrough(200)
    return limited, importlib.import_module("games.breakthrough.evaluation").make_evaluator(limited)


AB_VARIANTS = {
    "all": {},
    "no table": {"tt": False},
    "no killers": {"killers": False},
    "no history": {"history": False},
    "no PVS": {"pvs": False},
    "none": {"tt": False, "killers": False, "history": False},
}
SOLVER_VARIANTS = {
    "all": {},
    "no table": {"tt": False},
    "no mobility order": {"order": "none"},
    "win/draw/loss only": {"exact": False},
}


# The endgames' size (empty squares, or plies before the turn limit) in the quick run, for
# the games whose endgames endgame_positions knows how to set up.
ENDGAME_SIZES = {"othello": 8, "reversi": 8, "oware": 8, "onitama": 5, "breakthrough": 4}


def ordering(name, game, evaluate, quick):
    size = ENDGAME_SIZES[name]
    if not quick:
        size += 2 if GAMES[name][0] == "othello" or name == "oware" else 1
    game, evaluate = endgame_game(name, game, evaluate)
    positions = endgame_positions(name, game, 4 if quick else 8, size)
    for label, variants, make in (
            ("alpha-beta", AB_VARIANTS, lambda p: AlphaBeta(game, evaluate, **p)),
            ("exact solver", SOLVER_VARIANTS, lambda p: ExactSolver(game, **p))):
        figures = []
        for variant, params in variants.items():
            nodes, start = 0, time.perf_counter()
            for state in positions:
                engine = make(params)
                if label == "alpha-beta":
                    nodes += engine.search(state, Limit.within(600)).nodes
                else:
                    nodes += engine.solve(state, Limit.within(600)).nodes
            figures.append(f"{variant} {nodes:,} ({time.perf_counter() - start:.1f}s)")
        print(f"{name} {label}, nodes to solve {len(positions)} endgames {size} plies"
              f" (or empty squares) from the end: " + ", ".join(figures))


# -- deadlines -----------------------------------------------------------------------
@collector_off
def overruns(name, game, evaluate, count):
    """Worst time past the deadline."""
    rng = random.Random(3)
    worst = {}
    positions = []
    while len(positions) < count:
        states = random_game(game, rng)
        positions.append(states[rng.randrange(len(states) - 1)])
    for engine_name, entry in TIMED.items():
        engine = build(entry, game, evaluate)
        late = []
        for state in positions:
            budget = rng.choice([0.001, 0.01, 0.05])
            start = time.perf_counter()
            move = engine.search(state, Limit(deadline=start + budget)).move
            late.append(time.perf_counter() - start - budget)
            assert move in game.legal_moves(state), (engine_name, name)
        late.sort()
        worst[engine_name] = (late[len(late) // 2], late[-1])
    print(f"{name} deadline overrun over {count} random positions (median / worst, ms): "
          + ", ".join(f"{e} {m * 1000:.1f}/{w * 1000:.1f}" for e, (m, w) in worst.items()))


# -- targets -------------------------------------------------------------------------
def spiel_python_rate(spiel_game, sims):
    import numpy as np
    from open_spiel.python.algorithms import mcts
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(spiel_game, MCTS_C, sims, evaluator, random_state=np.random.RandomState(0))
    start = time.perf_counter()
    bot.step(spiel_game.new_initial_state())
    return sims / (time.perf_counter() - start)


def spiel_cpp_rate(spiel_game, sims):
    import pyspiel
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    bot = pyspiel.MCTSBot(spiel_game, evaluator, MCTS_C, sims, 1000, False, 0, False)
    start = time.perf_counter()
    bot.step(spiel_game.new_initial_state())
    return sims / (time.perf_counter() - start)


def mcts_targets(name, game, evaluate, seconds, rounds):
    spiel_name = GAMES[name][2]
    try:
        import pyspiel
    except ImportError:
        print(f"{name} MCTS target: open_spiel is not installed")
        return
    spiel_game = pyspiel.load_game(spiel_name)
    ours, python, cpp = [], [], []
    for _ in range(rounds):
        engine = MCTS(game, evaluate, prove_depth=0, seed=len(ours))
        ours.append(rate(engine, game.initial_state(), seconds))
        sims = max(50, int(python[-1] * seconds)) if python else 300
        python.append(spiel_python_rate(spiel_game, sims))
        if name == "othello":
            sims = max(100, int(cpp[-1] * seconds)) if cpp else 2000
            cpp.append(spiel_cpp_rate(spiel_game, sims))
    mine, theirs = statistics.median(ours), statistics.median(python)
    line = (f"{name} MCTS random playouts from the start: ours {mine:,.0f} sims/s,"
            f" open_spiel Python {theirs:,.0f} sims/s: {mine / theirs:.2f}x (target 2x)")
    if cpp:
        other = statistics.median(cpp)
        line += f"; open_spiel C++ {other:,.0f} sims/s: {mine / other:.2f}x (target 0.5x)"
    print(line + f" [median of {rounds} interleaved rounds]")


def counted(evaluate):
    """``evaluate`` that counts its calls (in ``.calls[0]``)."""
    calls = [0]

    def wrapper(state):
        calls[0] += 1
        return evaluate(state)
    wrapper.calls = calls
    return wrapper


@collector_off
def bestfirst_target(name, game, evaluate, seconds, rounds):
    """Positions per second, the target's figure; and, beside it, evaluations per second
    (both engines wrapped in the same counter): best-first evaluates every position it
    creates, alpha-beta only its leaves, so the two counts tell different stories."""
    states = midgame_positions(game, 3, seed=11)
    ratios, evaluations = [], []
    for _ in range(rounds):
        for state in states:
            ab_eval, bf_eval = counted(evaluate), counted(evaluate)
            start = time.perf_counter()
            ab = rate(AlphaBeta(game, ab_eval), state, seconds)
            ab_time = time.perf_counter() - start
            start = time.perf_counter()
            bf = rate(BestFirst(game, bf_eval), state, seconds)
            bf_time = time.perf_counter() - start
            ratios.append((bf / ab, *plus_rates(game, evaluate, state, seconds, ab)))
            evaluations.append((bf_eval.calls[0] / bf_time) / (ab_eval.calls[0] / ab_time))
    print(f"{name} best-first positions/s over alpha-beta nodes/s (same evaluation, midgame):"
          f" {bestfirst_medians(ratios)};"
          f" evaluations/s, seed over alpha-beta: {statistics.median(evaluations):.2f}x")


@collector_off
def bestfirst_at_the_clock(name, game, evaluate, count, budget):
    """The same ratio, positions/s over alpha-beta's nodes/s, for fresh searches of the
    arena's turn (budget x SHARE) from ``count`` midgame positions: the regime the bots
    play in, where the trees are smaller and best-first's descent from the root shorter
    than in the longer searches above. Fewer positions where four searches of each would
    take more than ``budget`` seconds (Reversi's 5 s turns); one search is a noisy
    figure (Reversi's ratios range from 0.5x to 1.1x), so not fewer than 3."""
    seconds = GAMES[name][3] * SHARE / 1000
    count = max(3, min(count, int(budget / (4 * seconds))))
    ratios = []
    for state in midgame_positions(game, count, seed=11):
        ab = rate(AlphaBeta(game, counted(evaluate)), state, seconds)
        ratios.append((rate(BestFirst(game, counted(evaluate)), state, seconds) / ab,
                       *plus_rates(game, evaluate, state, seconds, ab)))
    print(f"{name} best-first positions/s over alpha-beta nodes/s at the arena's turn"
          f" ({seconds * 1000:.0f} ms, median of {count} midgame positions): {bestfirst_medians(ratios)}")


def plus_rates(game, evaluate, state, seconds, ab):
    """Best-first+'s positions/s, plain and with resume=16, over alpha-beta's ``ab``
    (the same counting wrapper everywhere, so that no engine runs a cheaper call)."""
    return (rate(BestFirstPlus(game, counted(evaluate)), state, seconds) / ab,
            rate(BestFirstPlus(game, counted(evaluate), resume=16), state, seconds) / ab)


def bestfirst_medians(ratios):
    """The medians of (seed, best-first+, best-first+ resume=16) ratios, as printed."""
    seed, plus, resumed = (statistics.median(r[i] for r in ratios) for i in range(3))
    return (f"seed {seed:.2f}x, best-first+ {plus:.2f}x, best-first+ resume=16 {resumed:.2f}x"
            " (target 0.8x)")


def run(quick=False):
    seconds = 0.5 if quick else 2.0
    rounds = 3 if quick else 5
    for name in GAMES:
        loaded = load(name)
        if loaded is None:
            print(f"{name}: rules not written yet, skipped")
            continue
        game, evaluate = loaded
        if contract.is_n_player(game):
            print(f"{name}: an N-player game, skipped (these are the two-player engines' figures)")
            continue
        engine_speeds(name, game, evaluate, seconds)
        alphabeta_depth(name, game, evaluate, quick)
        if GAMES[name][2]:
            mcts_targets(name, game, evaluate, seconds, rounds)
        bestfirst_target(name, game, evaluate, seconds / 2, 1 if quick else 2)
        bestfirst_at_the_clock(name, game, evaluate, 10 if quick else 30, 30 if quick else 180)
        if name in ENDGAME_SIZES:
            ordering(name, game, evaluate, quick)
        overruns(name, game, evaluate, 30 if quick else 150)


if __name__ == "__main__":
    import sys
    run(quick="--quick" in sys.argv)
