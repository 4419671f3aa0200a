"""The compiled Onitama self-play (learn/compiled/onitama.py) against the pure-Python
rules, evaluations and search it stands in for, on positions of random games from
random deals; its games replayed under the rules; the trainer's tiny setting with
``--compiled``. The long equality runs are marked slow."""

import pickle
import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from engines.alphabeta import AlphaBetaPlus  # noqa: E402
from engines.base import Limit, is_proven  # noqa: E402
from games.ntuple import Weights  # noqa: E402
from games.onitama import learned, ntuple  # noqa: E402
from games.onitama.rules import CARD_COUNT, MAX_TURNS, Onitama, clear_memos  # noqa: E402
from learn import onitama_ntuple as trainer  # noqa: E402
from learn.compiled import onitama as compiled  # noqa: E402
from learn.pipeline import game_seed  # noqa: E402
from randomgames import every_position  # noqa: E402

GAME = Onitama()


def random_positions(count, seed):
    """``count`` positions of random games, each from five cards dealt at random."""
    return every_position(GAME, count, seed, lambda rng: GAME.initial_state(tuple(rng.sample(range(CARD_COUNT), 5))))


def check_rules(states):
    work = np.empty(compiled.MAX_MOVES, dtype=np.int64)
    ends = passes = 0
    for state in states:
        s = compiled.position(state)
        assert compiled.state_of(s) == state
        moves = GAME.legal_moves(state)
        n = compiled.legal(s, work)
        assert tuple(work[:n].tolist()) == tuple(moves)
        expected = GAME.outcome(state)
        assert compiled.outcome(s) == (2 if expected is None else expected)
        assert compiled.over(s) == (not moves)
        ends += expected is not None
        if not moves:
            continue
        passes += moves[0] & 31 == 31
        n = compiled.noisy(s, work)
        assert work[:n].tolist() == GAME.noisy_moves(state, moves)
        for move in moves:
            assert compiled.state_of(compiled.play(s, move)) == GAME.play(state, move)
    return ends, passes


def test_rules_equal_the_pure_python_ones_on_random_positions():
    ends, _ = check_rules(random_positions(3000, 1))
    assert ends > 20


@pytest.mark.slow
def test_rules_equal_the_pure_python_ones_on_many_random_positions():
    ends, _ = check_rules(random_positions(200_000, 2))
    assert ends > 500


def test_a_pass_and_the_turn_limit_are_the_rules_ones():
    """A side whose pieces cannot move passes a card (it still goes to the centre); the
    game is a draw at the turn limit."""
    # player 0's pieces fill file A (the master on A3) and hold Horse and Tiger: they
    # cannot move, so player 0 passes
    mine = sum(1 << sq for sq in (0, 5, 10, 15, 20))
    state = GAME.make_state((mine, 1 << 22 | 1 << 14), (1 << 10, 1 << 22), ((3, 15), (0, 1)), 2, 0)
    assert all(move & 31 == 31 for move in GAME.legal_moves(state))
    check_rules([state, GAME.with_turn(state, MAX_TURNS - 1), GAME.with_turn(state, MAX_TURNS)])
    assert compiled.outcome(compiled.position(GAME.with_turn(state, MAX_TURNS))) == 0
    passed = [GAME.play(state, move) for move in GAME.legal_moves(state)]
    check_rules(passed + [GAME.play(after, move) for after in passed for move in GAME.legal_moves(after)])


def players(which):
    """(the Python evaluation, the compiled one's array) of ``which``: the learned linear
    evaluation (round 1's players), the shipped N-tuple weights, or random N-tuple
    weights in three phases (later rounds' players, ``--phases``)."""
    if which == "learned":
        return learned.make_evaluator(GAME), compiled.evaluation()
    if which == "shipped":
        weights = ntuple.load()
    else:
        rng = random.Random(7)
        counts = ntuple.LAYOUT.stored_counts(tuple(ntuple.TABLES))
        values = [[[rng.randrange(-127, 128) for _ in range(n)] for n in counts] for _ in range(3)]
        weights = Weights(tuple(ntuple.TABLES), (5, 8), 0.01, values)
    return ntuple.make_evaluator(GAME, weights), compiled.evaluation(weights)


WHICH = ["learned", "shipped", "phased"]


@pytest.mark.parametrize("which", WHICH)
def test_each_evaluation_equals_its_python_function_to_the_last_bit(which):
    """The memos are emptied before each Python evaluation: the learned evaluation's
    memo of a side's terms is shared by the two orders of its hand's cards
    (rules.Memo's ``twins``), so that the Python value's last bit depends on the order
    it met first (its two cards' weights summed a + b or b + a); afresh, it sums them
    in the hand's order, as the compiled one does."""
    python, ev = players(which)
    checked = 0
    for state in random_positions(2000, 3):
        if GAME.legal_moves(state):
            clear_memos()
            assert compiled.evaluate(compiled.position(state), ev) == python(state), state
            checked += 1
    assert checked > 1900


def sampled(count, seed, step):
    """Unfinished positions of random games spread over the whole game (every
    ``step``-th)."""
    return [s for s in random_positions(count * step * 2, seed)[::step] if GAME.legal_moves(s)][:count]


def check_search(states, depths, which):
    python, ev = players(which)
    proven = 0
    for state in states:
        for depth in depths:
            value, move = compiled.search(compiled.position(state), depth, ev)
            expected = AlphaBetaPlus(GAME, python, max_depth=depth, noisy_first=True).search(state, Limit()).value
            # within 1e-12, not to the last bit: the Python evaluation's memo sums a
            # hand's two card weights in the order of the twin it met first
            assert value == pytest.approx(expected, abs=1e-12), (state, depth)
            assert move in GAME.legal_moves(state)
            proven += is_proven(value)
    return proven


@pytest.mark.parametrize("which", WHICH[:2])
def test_the_search_value_equals_alphabeta_plus_at_a_fixed_depth(which):
    assert check_search(sampled(40, 4, 5), (1, 2, 3), which) > 0


@pytest.mark.slow
@pytest.mark.parametrize("which", WHICH)
def test_the_search_value_equals_alphabeta_plus_at_a_fixed_depth_on_many_positions(which):
    check_search(sampled(600, 5, 5), (1, 2, 3, 4), which)


def settings(depths, label_depth=0):
    return compiled.Settings(depths=depths, opening_plies=trainer.OPENING_PLIES, random_move=trainer.RANDOM_MOVE,
                             label_depth=label_depth)


def test_a_compiled_chunk_holds_games_as_the_python_one_does():
    python, ev = players("learned")
    seeds = [game_seed(11, 0, i) for i in range(5)]
    data = compiled.play_chunk(seeds, ev, settings((2,)))
    expected = trainer.play_chunk(seeds[:1], depths=(1,))
    assert {name: column.dtype for name, column in data.items()} == {n: c.dtype for n, c in expected.items()}
    alone = compiled.play_chunk(seeds[3:4], ev, settings((2,)))  # a game is its seed's alone
    assert all(np.array_equal(data[name][data["game"] == 3], alone[name]) for name in data if name != "game")
    assert list(np.unique(data["game"])) == list(range(5))
    rows = list(zip(*(data[n].tolist() for n in (*trainer.COLUMNS, "label", "exact", "player", "game"))))
    exact_rows = 0
    for i, row in enumerate(rows):
        state, (label, exact, player, game) = row[:8], row[8:]
        moves = GAME.legal_moves(state)
        assert moves and player == GAME.to_move(state)
        value = AlphaBetaPlus(GAME, python, max_depth=2, noisy_first=True).search(state, Limit()).value
        assert exact == is_proven(value)  # the player's search proved the result
        if exact:
            assert label == (value > 0) - (value < 0)
            exact_rows += 1
        following = rows[i + 1] if i + 1 < len(rows) and rows[i + 1][11] == game else None
        ends = [GAME.play(state, m) for m in moves]
        if following is None:  # the game's last position: one move ends it, and its result labels it
            final = [-GAME.outcome(end) for end in ends if GAME.outcome(end) is not None]
            assert final and (exact or label in final)
        else:  # one legal move leads to the next position
            assert following[:8] in ends
            if not exact and not following[9]:
                assert label == (following[8] if following[10] == player else -following[8])
    assert exact_rows > 0


def test_the_tiny_training_setting_runs_compiled(tmp_path):
    out = tmp_path / "w.py"
    assert trainer.main(["--games", "6", "--rounds", "2", "--jobs", "1", "--iterations", "3", "--min-visits", "1",
                         "--compiled", "--out", str(out), "--quiet", "--cache", str(tmp_path / "cache")]) == 0
    text = out.read_text()
    assert "--compiled" in text and "log-loss" in text
    names = [path.name for path in (tmp_path / "cache").iterdir()]
    assert len(names) == 2 and all(name.startswith("onitama-compiled-") for name in names)  # a round each


def test_a_compiled_chunks_values_are_its_positions_search_values():
    """``--search-depth``'s column: each position's value by the compiled search 2 plies
    deep (AlphaBetaPlus's within 1e-12), a proven one as -1 or 1; the players' own
    search where they search 2 plies, another search where they search 1; the games
    are those without the values."""
    python, ev = players("learned")
    seeds = [game_seed(13, 0, i) for i in range(3)]
    data = compiled.play_chunk(seeds, ev, settings((1, 2), label_depth=2))
    plain = compiled.play_chunk(seeds, ev, settings((1, 2)))
    assert set(data) == set(plain) | {"value"} and data["value"].dtype == np.float64
    assert all(np.array_equal(data[name], plain[name]) for name in plain)
    states = list(zip(*(data[n].tolist() for n in trainer.COLUMNS)))

    def mapped(value):
        return (value > 0) - (value < 0) if is_proven(value) else value

    for state, value in zip(states, data["value"].tolist()):
        assert value == mapped(compiled.search(compiled.position(state), 2, ev)[0])
    assert any(abs(value) == 1 for value in data["value"]) and any(abs(value) < 1 for value in data["value"])
    for state, value in list(zip(states, data["value"].tolist()))[::max(1, len(states) // 12)]:
        clear_memos()
        expected = AlphaBetaPlus(GAME, python, max_depth=2, noisy_first=True).search(state, Limit()).value
        assert value == pytest.approx(mapped(expected), abs=1e-12), state


def test_the_tiny_training_setting_runs_compiled_with_search_targets(tmp_path):
    out = tmp_path / "w.py"
    argv = ["--games", "6", "--rounds", "2", "--jobs", "1", "--iterations", "3", "--min-visits", "1", "--compiled",
            "--search-depth", "2", "--outcome-share", "0.25", "--out", str(out), "--quiet",
            "--cache", str(tmp_path / "cache")]
    assert trainer.main(argv) == 0
    text = out.read_text()
    assert f"`python -m learn.onitama_ntuple {' '.join(argv)}`" in text
    assert "log-loss" in text and "against the search targets: log-loss" in text
    folders = list((tmp_path / "cache").iterdir())
    assert len(folders) == 2 and all(folder.name.startswith("onitama-compiled-search2-") for folder in folders)
    stored = pickle.loads(next(folders[0].iterdir()).read_bytes())
    assert stored["value"].dtype == np.float64 and np.all(np.abs(stored["value"]) <= 1)
