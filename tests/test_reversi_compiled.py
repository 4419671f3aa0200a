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
        assert time.perf_counter() - started < 1.0
        assert published and set(published) <= set(legal) and result["move"] == published[-1]


# -- the bundle, loaded as the judge loads it ---------------------------------------------

JUDGE = textwrap.dedent("""
    import importlib.util, json, random, sys, time
    if sys.argv[2] == "hide":
        sys.modules["numba"] = None   # import numba raises ImportError
    import numpy as np
    spec = importlib.util.spec_from_file_location("judged_ai", sys.argv[1])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    from games.othello.rules import PASS, Othello  # the bundle's own copy
    size, color, time_out, wait = (int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6]))
    game = Othello(size, misere=True)
    ai = module.AI(size, color, time_out)
    started = time.perf_counter()
    while wait and ai.compiled is None and ai.compile_error is None and time.perf_counter() - started < wait:
        time.sleep(0.05)
    me = 0 if color == -1 else 1
    rng = random.Random(size)
    state = game.initial_state()
    report = {"moves": 0, "compiled_moves": 0, "slowest": 0.0}
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
            report["compiled_moves"] += ai.compiled is not None
            begun = time.perf_counter()
            candidates = ai.go(board)
            report["slowest"] = max(report["slowest"], time.perf_counter() - begun)
            if legal == [PASS]:
                assert candidates == [], candidates
                move = PASS
            else:
                assert sorted(r * size + c for r, c in set(candidates)) == sorted(legal), candidates
                move = candidates[-1][0] * size + candidates[-1][1]
                assert move in legal
            report["moves"] += 1
        else:
            move = rng.choice(legal)
        state = game.play(state, move)
    report["error"] = ai.compile_error
    print(json.dumps(report))
""")


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    return build_bundle("reversi_sustech_numba", tmp_path_factory.mktemp("dist"))


def judge(bundle, tmp_path, numba, size, color, time_out, wait):
    """Plays a whole game of the bundle against a random mover in a process of its own,
    with the repository out of reach (``-I``, an empty folder); the judge script's report.
    ``wait``: seconds to wait for the compilation before the first move."""
    script = tmp_path / "judge.py"
    script.write_text(JUDGE)
    result = subprocess.run([sys.executable, "-I", str(script), str(bundle), numba, str(size), str(color),
                             str(time_out), str(wait)], capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1]), result.stderr


@pytest.mark.parametrize("size", (8, 10))
def test_the_bundle_plays_compiled_where_numba_is_there(bundle, tmp_path, size):
    pytest.importorskip("numba")
    report, _ = judge(bundle, tmp_path, "show", size, -1, 0.3, 300)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["judge.py"]  # numba wrote no cache
    assert report["error"] is None
    assert report["moves"] >= size * size // 2 - 8 and report["compiled_moves"] == report["moves"]
    assert report["slowest"] < 0.3 + 0.2


def test_the_bundle_plays_in_python_until_numba_is_ready(bundle, tmp_path):
    """No wait for the compilation: the first moves are pure Python's, the game legal."""
    pytest.importorskip("numba")
    report, _ = judge(bundle, tmp_path, "show", 8, 1, 0.3, 0)
    assert report["error"] is None and report["moves"] >= 20 and report["compiled_moves"] < report["moves"]
    assert report["slowest"] < 0.3 + 0.2


def test_the_bundle_plays_without_numba(bundle, tmp_path):
    report, stderr = judge(bundle, tmp_path, "hide", 8, 1, 0.1, 30)
    assert report["compiled_moves"] == 0 and "numba" in report["error"]
    assert "playing without numba" in stderr
    assert report["moves"] >= 20 and report["slowest"] < 0.1 + 0.2
