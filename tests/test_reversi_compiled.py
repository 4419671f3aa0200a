"""The compiled Reversed Reversi (games/othello/compiled.py) against the pure-Python rules,
and the numba bundle loaded as the SUSTech judge loads it, with numba and without.

The compiled tests skip where numba is not installed; the bundle is tested without numba
everywhere (numba is hidden from its process)."""
import json
import random
import subprocess
import sys
import textwrap
import time

import pytest

from botproc import build_bundle
from games.othello.rules import PASS, Othello

SIZES = (6, 8, 10)


@pytest.fixture(scope="module")
def compiled():
    pytest.importorskip("numba")
    from games.othello import compiled
    return compiled


@pytest.fixture(scope="module")
def engines(compiled):
    return {n: compiled.Engine(n, tt_bits=12) for n in SIZES + (12,)}


def random_positions(game, count, seed):
    """Positions of random games (passes included), from the start to the end."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        while game.legal_moves(state) and len(found) < count:
            found.append(state)
            state = game.play(state, rng.choice(game.legal_moves(state)))
    return found


@pytest.mark.parametrize("size", SIZES + (12,))
def test_moves_and_flips_agree_with_the_rules(engines, size):
    game = Othello(size, misere=True)
    engine = engines[size]
    positions = random_positions(game, 2000 if size < 12 else 500, seed=size)
    for mover, other, player in positions:
        legal = game.legal_moves((mover, other, player))
        ours = engine.moves(mover, other)
        assert ours == ([] if legal == [PASS] else legal)
        for square in ours:
            assert engine.flips(mover, other, square) == game.flips(mover, other, square)


@pytest.mark.parametrize("size", SIZES + (12,))
def test_the_evaluation_is_the_pure_python_one(engines, size):
    """The compiled evaluation and games/othello/misere.py's weigh the same features alike
    (the compiled one truncates to an integer)."""
    from games.othello.misere import make_evaluator
    game = Othello(size, misere=True)
    score = make_evaluator(game, scale=None)
    for mover, other, player in random_positions(game, 300, seed=size + 7):
        if game.legal_moves((mover, other, player)) != [PASS]:
            assert abs(engines[size].evaluate(mover, other) - score((mover, other, player))) <= 1


def exact_margin(game, state):
    """The opponent's discs minus the mover's at the end of perfect play (fewer wins)."""
    moves = game.legal_moves(state)
    if not moves:
        return state[1].bit_count() - state[0].bit_count()
    return max(-exact_margin(game, game.play(state, move)) for move in moves)


def endgames(game, count, empties, seed):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        while game.legal_moves(state) and game.empty_squares(state) > empties:
            state = game.play(state, rng.choice(game.legal_moves(state)))
        legal = game.legal_moves(state)
        if legal and legal != [PASS]:
            found.append(state)
    return found


@pytest.mark.parametrize("size", SIZES)
def test_the_solver_finds_the_exact_margin(engines, size):
    game = Othello(size, misere=True)
    engine = engines[size]
    for state in endgames(game, 60, 7, seed=size):
        mover, other, _ = state
        margin = exact_margin(game, state)
        value, move = engine.solve(mover, other, time.perf_counter() + 60, exact=True)
        assert value == margin
        assert -exact_margin(game, game.play(state, move)) == margin  # the move keeps it
        sign, move = engine.solve(mover, other, time.perf_counter() + 60)
        assert (sign > 0) == (margin > 0) and (sign < 0) == (margin < 0)
        assert (-exact_margin(game, game.play(state, move)) > 0) == (margin > 0)


@pytest.mark.parametrize("size", SIZES)
def test_a_deep_search_of_an_endgame_is_exact(engines, compiled, size):
    """With depth to spare, the search's value is the finished game's: sign(d) * FINAL + d."""
    game = Othello(size, misere=True)
    engine = engines[size]
    for state in endgames(game, 10, 6, seed=size + 100):
        mover, other, _ = state
        margin = exact_margin(game, state)
        engine.clear()
        result = engine.search(mover, other, time.perf_counter() + 60, max_depth=12, solve_empties=0)
        assert result["value"] == (compiled.final_value(margin) if margin else 0)
        assert result["move"] in game.legal_moves(state)


def test_search_publishes_legal_moves_and_stops_by_its_deadline(engines):
    game = Othello(8, misere=True)
    engine = engines[8]
    for mover, other, player in random_positions(game, 20, seed=3)[5::5]:
        legal = game.legal_moves((mover, other, player))
        if legal == [PASS]:
            continue
        published = []
        started = time.perf_counter()
        result = engine.search(mover, other, started + 0.2, publish=published.append, solve_empties=0)
        assert time.perf_counter() - started < 10  # it stops (a search to the end would take far longer)
        assert published and set(published) <= set(legal) and result["move"] == published[-1]


# -- the compilation in steps: the bot's decisions, on a fake clock --------------------------

@pytest.fixture(scope="module")
def numba_bot():
    from bots import reversi_sustech_numba
    return reversi_sustech_numba


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def stepping_ai(bot, durations, time_out=5.0):
    """An AI whose steps take ``durations`` (name: seconds) on a fake clock, and do nothing
    else; ``ai.started`` lists (step, the clock, its estimate) as each starts."""
    ai = bot.AI(8, -1, time_out)
    ai.clock = clock = FakeClock()
    ai.steps = list(durations)
    ai.started = []

    def step(name):
        ai.started.append((name, clock.now, ai.estimate(name)))
        clock.now += durations[name]

    ai._step = step
    ai._ready = lambda: ai.started.append(("ready", clock.now, 0.0))
    return ai, clock


def test_a_step_starts_only_if_its_estimate_ends_in_time(numba_bot):
    seconds = numba_bot.STEP_SECONDS
    durations = {"popcount": 0.3, "bb_evaluate": 0.9, "bb_search": 0.8, "bb_solve": 0.5}
    for budget in (0.1, 0.59, 0.6, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0):
        ai, clock = stepping_ai(numba_bot, durations)
        until = clock.now + budget
        ai._compile_some(until)
        for name, started, estimate in ai.started:
            assert started + estimate <= until, (budget, name)
        if ai.steps:  # the first step left had no time for its estimate
            assert clock.now + ai.estimate(ai.steps[0]) > until, budget
        assert [name for name, _, _ in ai.started] + ai.steps == list(durations) + ["ready"] * (not ai.steps)
    ai, clock = stepping_ai(numba_bot, durations)
    ai._compile_some(clock.now + seconds["popcount"] - 0.01)
    assert ai.started == []
    ai._compile_some(clock.now + seconds["popcount"] + seconds["bb_evaluate"])
    assert [name for name, _, _ in ai.started] == ["popcount", "bb_evaluate"]  # popcount took 0.3 s of 0.6


def test_steps_slower_than_estimated_lengthen_the_next_estimates(numba_bot):
    seconds = numba_bot.STEP_SECONDS
    ai, clock = stepping_ai(numba_bot, {"popcount": 3 * seconds["popcount"], "bb_search": 0.1})
    ai._compile_some(clock.now + seconds["popcount"])
    assert ai.steps == ["bb_search"]
    assert ai.estimate("bb_search") == pytest.approx(3 * seconds["bb_search"])
    ai, clock = stepping_ai(numba_bot, {"popcount": seconds["popcount"] / 4, "bb_search": 0.1})
    ai._compile_some(clock.now + seconds["popcount"])
    assert ai.estimate("bb_search") == seconds["bb_search"]  # never shorter than estimated


def test_a_move_keeps_its_python_search_time_from_the_steps(numba_bot):
    """``_search`` lets the steps run only until PYTHON_SECONDS before the move's deadline."""
    game = Othello(8, misere=True)
    ai = numba_bot.AI(8, -1, 5.0)
    asked = []
    ai._compile_some = asked.append
    state = game.initial_state()
    deadline = time.perf_counter()  # the pure-Python search then stops at once
    ai._search(state, game.legal_moves(state), deadline)
    assert asked == [deadline - numba_bot.PYTHON_SECONDS]


def test_no_step_where_no_move_is_long_enough_for_the_longest(numba_bot):
    longest = max(numba_bot.STEP_SECONDS.values()) + numba_bot.PYTHON_SECONDS
    short = numba_bot.AI(8, -1, 0.99 * longest / 0.8)
    assert short.steps == [] and "no move is long enough" in short.compile_error
    assert short.engine.max_nodes == numba_bot.reversi_sustech.MAX_NODES  # the pure-Python bot's own tree
    assert numba_bot.AI(8, -1, 1.01 * longest / 0.8).steps == ["import"]


def test_every_step_has_an_estimate(compiled, numba_bot):
    for steps in compiled.STEPS.values():
        assert set(steps) <= set(numba_bot.STEP_SECONDS)


# -- the bundle, loaded as the judge loads it ---------------------------------------------

JUDGE = textwrap.dedent("""
    import importlib.util, json, random, sys, threading, time
    if sys.argv[2] == "hide":
        sys.modules["numba"] = None   # import numba raises ImportError
    import numpy as np

    def os_threads():
        try:
            with open("/proc/self/status") as status:
                return next(int(line.split()[1]) for line in status if line.startswith("Threads:"))
        except OSError:
            return None

    spec = importlib.util.spec_from_file_location("judged_ai", sys.argv[1])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    from games.othello.rules import PASS, Othello  # the bundle's own copy
    size, color, time_out, later = int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6])
    game = Othello(size, misere=True)
    threads = [(threading.active_count(), os_threads())]
    ai = module.AI(size, color, time_out)
    threads.append((threading.active_count(), os_threads()))
    me = 0 if color == -1 else 1
    rng = random.Random(size)
    state = game.initial_state()
    report = {"moves": 0, "compiled_moves": 0, "first_compiled": None}
    while game.legal_moves(state):
        legal = game.legal_moves(state)
        if game.to_move(state) == me:
            black, white = game.discs(state)
            board = np.zeros((size, size), dtype=int)
            for square in range(size * size):
                if black >> square & 1:
                    board[square // size][square % size] = -1
                elif white >> square & 1:
                    board[square // size][square % size] = 1
            if ai.compiled is not None:
                report["compiled_moves"] += 1
                report["first_compiled"] = report["first_compiled"] or report["moves"] + 1
            candidates = ai.go(board)
            threads.append((threading.active_count(), os_threads()))
            if legal == [PASS]:
                assert candidates == [], candidates
                move = PASS
            else:
                assert sorted(r * size + c for r, c in set(candidates)) == sorted(legal), candidates
                move = candidates[-1][0] * size + candidates[-1][1]
                assert move in legal
            report["moves"] += 1
            if not ai.steps:
                ai.time_out = later  # the compilation is over: the rest of the game goes faster
        else:
            move = rng.choice(legal)
        state = game.play(state, move)
    report["error"] = ai.compile_error
    report["steps"] = [name for name, _ in ai.step_log]
    report["threads"] = sorted(set(threads))
    report["numba"] = "numba" in sys.modules and sys.modules["numba"] is not None
    compiled = sys.modules.get("games.othello.compiled")
    report["versions"] = {name: len(getattr(compiled, name).overloads) for name in report["steps"][1:]}
    print(json.dumps(report))
""")


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    return build_bundle("reversi_sustech_numba", tmp_path_factory.mktemp("dist"))


def judge(bundle, tmp_path, numba, size, color, time_out, later):
    """Plays a whole game of the bundle against a random mover in a process of its own,
    with the repository out of reach (``-I``, an empty folder); the judge script's report.
    Each move has ``time_out`` seconds until the compilation is over, ``later`` after."""
    script = tmp_path / "judge.py"
    script.write_text(JUDGE)
    result = subprocess.run([sys.executable, "-I", str(script), str(bundle), numba, str(size), str(color),
                             str(time_out), str(later)], capture_output=True, text=True, timeout=600,
                            cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1]), result.stderr


# 10x10 (the tuple boards' steps, a minute's game) only in the slow run: the 8x8 game covers
# the stepping, and the 10x10 compiled functions have their own tests above.
@pytest.mark.parametrize("size", (8, pytest.param(10, marks=pytest.mark.slow)))
def test_the_bundle_compiles_in_steps_then_plays_compiled(bundle, compiled, tmp_path, size):
    """8 s a move while compiling (room for the steps on a busy machine too: at 4 s, beside
    two spinning processes, the bot rightly gave up on them): a few moves of steps and pure
    Python, then the compiled search to the end, no thread started, nothing written.
    (Whether moves keep their time is measured by the arena's games, not here: this
    machine's load moves wall times.)"""
    report, _ = judge(bundle, tmp_path, "show", size, -1, 8.0, 0.3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["judge.py"]  # numba wrote no cache
    assert report["error"] is None
    assert report["steps"] == ["import"] + list(compiled.STEPS[size <= 8])
    assert 1 < report["first_compiled"] <= 10  # (about 3 on a quiet machine)
    assert report["compiled_moves"] == report["moves"] - report["first_compiled"] + 1
    assert report["moves"] >= size * size // 2 - 8
    assert set(report["versions"].values()) == {1}  # no version compiled after the steps
    assert len(report["threads"]) == 1, report["threads"]


def test_the_bundle_does_not_import_numba_where_no_move_is_long_enough(bundle, tmp_path):
    pytest.importorskip("numba")
    report, stderr = judge(bundle, tmp_path, "show", 8, 1, 0.3, 0.3)
    assert report["compiled_moves"] == 0 and not report["numba"] and report["steps"] == []
    assert "no move is long enough" in report["error"] and "playing without numba" in stderr
    assert report["moves"] >= 20


def test_the_bundle_plays_without_numba(bundle, tmp_path):
    report, stderr = judge(bundle, tmp_path, "hide", 8, 1, 4.0, 0.1)
    assert report["compiled_moves"] == 0 and "numba" in report["error"]
    assert "playing without numba" in stderr
    assert report["moves"] >= 20
    assert len(report["threads"]) == 1, report["threads"]
