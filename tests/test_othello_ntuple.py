"""The N-tuple Othello evaluation (games/othello/ntuple.py): every image's index read
from the bitboards equals the square-by-square definition, the value of a position is
that of its 8 symmetric images, the pure-Python sum equals the numpy reference of the
trainer exactly, the stored weights decode to what was encoded, bad weights give one
clear line, and the trainer's tiny setting runs end to end."""
import random
import subprocess
import sys

import numpy as np
import pytest

from botproc import ROOT
from games.ntuple import Weights
from games.othello import ntuple
from games.othello.rules import Othello
from learn import othello as trainer
from learn.ntuple import encode
from positions import random_game_positions

GAME = Othello()


def naive_indices(mover, other):
    """Each image's index, square by square: the definition, to which the tests hold the
    fast evaluator and the trainer's numpy."""
    indices = []
    for _, squares in ntuple.IMAGES:
        index = 0
        for j, (r, c) in enumerate(squares):
            bit = 1 << (8 * r + c)
            index += (1 if mover & bit else 2 if other & bit else 0) * 3 ** j
        indices.append(index)
    return indices


def positions(count, seed):
    """Positions of random games: every phase, both sides to move."""
    found = random_game_positions(GAME, count, seed)
    assert {state[2] for state in found} == {0, 1}
    return found


def transformed(bits, symmetry):
    out = 0
    for square in range(64):
        if bits >> square & 1:
            r, c = symmetry(square // 8, square % 8)
            out |= 1 << (8 * r + c)
    return out


def random_weights(rng, patterns=tuple(ntuple.PATTERNS), phases=(20, 32, 44)):
    counts = ntuple.LAYOUT.stored_counts(patterns)
    values = [[[rng.randrange(-127, 128) for _ in range(n)] for n in counts] for _ in range(len(phases) + 1)]
    return Weights(patterns, phases, 0.01, values)


def test_images_are_the_patterns_symmetric_images():
    for pattern, squares in ntuple.PATTERNS.items():
        listed = [image for name, image in ntuple.IMAGES if name == pattern]
        for image in listed:  # each in an order some symmetry gives
            assert any(image == [s(r, c) for r, c in squares] for s in ntuple.SYMMETRIES), (pattern, image)
        expected = {frozenset(s(r, c) for r, c in squares) for s in ntuple.SYMMETRIES}
        assert {frozenset(image) for image in listed} == expected and len(listed) == len(expected), pattern


def test_each_image_index_equals_the_square_by_square_one():
    # A table per image that keeps its index apart: image j adds index * BASE**j.
    base = 3 ** 10
    tables = [[i * base ** j for i in range(3 ** len(squares))] for j, (_, squares) in enumerate(ntuple.IMAGES)]
    score = ntuple.make_score([(0, *tables)] * 65)
    for state in positions(1500, seed=1):
        total, indices = score(state[0], state[1]), []
        for _ in ntuple.IMAGES:
            total, index = divmod(total, base)
            indices.append(index)
        assert indices == naive_indices(state[0], state[1]), GAME.render(state)


def test_numpy_indices_of_the_trainer_equal_the_definition():
    found = positions(500, seed=2)
    mover = np.array([s[0] for s in found], dtype=np.uint64)
    other = np.array([s[1] for s in found], dtype=np.uint64)
    indices = trainer.image_indices(mover, other)
    for state, row in zip(found, indices):
        assert row.tolist() == naive_indices(state[0], state[1])


@pytest.mark.parametrize("source", ["shipped", "random"])
def test_a_position_is_worth_what_its_symmetric_images_are(source):
    weights = ntuple.load() if source == "shipped" else random_weights(random.Random(5))
    evaluate = ntuple.make_evaluator(GAME, weights)
    values = []
    for state in positions(400, seed=3)[::2]:
        value = evaluate(state)
        assert -1 < value < 1
        values.append(value)
        for symmetry in ntuple.SYMMETRIES[1:]:
            image = (transformed(state[0], symmetry), transformed(state[1], symmetry), state[2])
            assert evaluate(image) == value
    assert min(values) < -0.1 and max(values) > 0.1


@pytest.mark.parametrize("patterns", [tuple(ntuple.PATTERNS), ("edge2x", "corner3x3", "diag5")])
def test_the_integer_sum_equals_the_numpy_reference(patterns):
    weights = random_weights(random.Random(7), patterns)
    score = ntuple.make_score(ntuple.phase_tuples(weights))
    layout = trainer.Layout(patterns, weights.phases)
    theta = np.concatenate([np.concatenate([np.asarray(v, dtype=np.int64) for v in phase])
                            for phase in weights.values])
    assert len(theta) == layout.size
    found = positions(3000, seed=4)
    data = {"mover": np.array([s[0] for s in found], dtype=np.uint64),
            "other": np.array([s[1] for s in found], dtype=np.uint64)}
    reference = np.zeros(len(found), dtype=np.int64)
    for row in trainer.design(layout, data):
        reference += theta[row]
    assert [score(s[0], s[1]) for s in found] == reference.tolist()


def test_encoded_weights_decode_to_the_same_values(tmp_path):
    rng = random.Random(9)
    patterns, phases = ("edge2x", "row3", "diag4"), (30,)
    layout = trainer.Layout(patterns, phases)
    values = np.array([rng.randrange(-127, 128) if rng.random() < 0.1 else 0 for _ in range(layout.size)])
    data = encode(values)
    decoded = ntuple.LAYOUT.decode(" ".join(patterns), phases, 0.05, data)
    flat = [v for phase in decoded.values for table in phase for v in table]
    assert flat == values.tolist()
    path = tmp_path / "w.py"
    trainer.write_weights(path, layout, 0.05, data, "test weights")
    namespace = {}
    exec(path.read_text(), namespace)
    again = ntuple.LAYOUT.decode(namespace["TABLES"], namespace["PHASES"], namespace["STEP"], namespace["DATA"])
    assert again.values == decoded.values and again.phases == phases and again.tables == patterns


def test_bad_weights_are_refused_with_one_clear_line():
    good = encode(np.zeros(trainer.Layout(["diag4"], (30,)).size))
    with pytest.raises(ValueError, match="corrupt N-tuple weights"):
        ntuple.LAYOUT.decode("diag4", (30,), 0.05, good[:-5] + "~~~~~")
    with pytest.raises(ValueError, match="need"):
        ntuple.LAYOUT.decode("diag4 diag5", (30,), 0.05, good)
    with pytest.raises(ValueError, match="known"):
        ntuple.LAYOUT.decode("diag4 knight", (30,), 0.05, good)
    with pytest.raises(ValueError, match="phase"):
        ntuple.LAYOUT.decode("diag4", (30, 20), 0.05, good)


def test_the_trainer_refuses_a_corrupt_weights_file(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("TABLES = 'diag4'\nPHASES = (30,)\nSTEP = 0.05\nDATA = 'not base85 at all'\n")
    result = subprocess.run([sys.executable, "-m", "learn.othello", "--from-weights", str(bad), "--games", "2"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert "cannot read N-tuple weights" in result.stderr and "Traceback" not in result.stderr
    assert "cannot read N-tuple weights" in result.stderr.strip().splitlines()[-1]  # after the usage


def test_the_tiny_training_setting_runs_end_to_end_and_again_alike(tmp_path):
    datas = []
    for jobs, name in ((1, "one.py"), (2, "two.py")):  # the games do not depend on --jobs
        out = tmp_path / name
        assert trainer.main(["--games", "4", "--rounds", "2", "--jobs", str(jobs), "--iterations", "3",
                             "--td", "0.5", "--td-passes", "1", "--min-visits", "1", "--out", str(out),
                             "--quiet"]) == 0
        text = out.read_text()
        assert "python -m learn.othello --games 4" in text and "log-loss" in text
        namespace = {}
        exec(text, namespace)
        weights = ntuple.LAYOUT.decode(namespace["TABLES"], namespace["PHASES"], namespace["STEP"], namespace["DATA"])
        evaluate = ntuple.make_evaluator(GAME, weights)
        assert -1 < evaluate(GAME.initial_state()) < 1
        datas.append(namespace["DATA"])
    assert datas[0] == datas[1]


def test_the_bot_gives_the_ntuple_evaluation_to_its_best_engine_only():
    from bots import othello, runtime
    for argv, module in (([], "games.othello.ntuple"), (["--engine", "alphabeta"], "games.othello.evaluation"),
                         (["--engine", "bestfirst"], "games.othello.evaluation"),
                         (["--engine", "alphabeta", "--eval", "ntuple"], "games.othello.ntuple")):
        evaluate = runtime.make_evaluation(othello.BOT, runtime.parse_options(othello.BOT, argv), GAME)
        assert evaluate.__module__ == module, argv


def test_other_boards_and_reversed_reversi_get_the_handcrafted_evaluation():
    from games.othello.evaluation import make_evaluator
    for game in (Othello(6), Othello(8, misere=True)):
        state = positions(10, seed=1)[5] if game.size == 8 else game.initial_state()
        assert ntuple.make_evaluator(game)(state) == make_evaluator(game)(state)


def test_the_compiled_fit_sums_exactly_as_numpy_does(monkeypatch):
    """The fit's compiled loops (numba) give the same floating-point sums as numpy's, so
    a weights module does not depend on which of them ran."""
    from learn import ntuple as fitting
    if fitting.numba is None:
        pytest.skip("numba is not installed")
    rng = np.random.default_rng(7)
    x = rng.integers(0, 3000, size=(39, 20_000)).astype(np.int32)
    theta, residual = rng.normal(size=3000), rng.normal(size=20_000)
    compiled = fitting.totals(theta, x), fitting.add_gradient_sums(2.0 * theta, x, residual)
    monkeypatch.setattr(fitting, "numba", None)
    plain = fitting.totals(theta, x), fitting.add_gradient_sums(2.0 * theta, x, residual)
    assert np.array_equal(compiled[0], plain[0]) and np.array_equal(compiled[1], plain[1])


def test_the_held_out_comparison_scores_as_the_bundle_evaluates(capsys):
    """learn/othello_heldout.py's log-loss of a weights module over fresh compiled games
    is the one the bundle's own evaluator gives on those positions (its value v is
    2 P(win) - 1 for the side to move)."""
    pytest.importorskip("numba")
    from learn import othello_heldout
    from learn.ntuple import scores
    from learn.pipeline import generate

    path = str(trainer.WEIGHTS_FILE)
    assert othello_heldout.main([path, "--games", "3", "--depths", "1"]) == 0
    printed = capsys.readouterr().out
    assert printed.count("log-loss") == 2 and path in printed
    data = generate(trainer.COMPILED_TRAINER.games(trainer.read_weights(path, None), (1,)), 3, 1, 999, progress=False)
    (loss, accuracy), _ = othello_heldout.figures(path, None, data)
    evaluate = ntuple.make_evaluator(GAME)
    p = np.array([(evaluate((int(m), int(o), int(s))) + 1) / 2
                  for m, o, s in zip(data["mover"], data["other"], data["player"])])
    expected = scores(p, (data["label"] + 1) / 2)
    assert loss == pytest.approx(expected[0], abs=1e-9) and accuracy == pytest.approx(expected[1])
    assert f"log-loss {loss:.4f}, accuracy {accuracy:.1%}" in printed
