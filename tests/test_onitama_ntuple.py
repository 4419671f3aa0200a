"""The N-tuple Onitama evaluation (games/onitama/ntuple.py): the trainer's numpy indices
equal the square-by-square definition, the fast evaluator reads in every table what the
definition does and its integer sum equals the numpy reference exactly, a position is
worth what its mirror image (cards mirrored too) and its colour-swapped image are, the
stored weights decode to what was encoded, bad weights give one clear line, and the
trainer's tiny setting runs end to end."""
import collections
import random
import subprocess
import sys

import numpy as np
import pytest

from botproc import ROOT
from games.ntuple import Weights
from games.onitama import ntuple
from games.onitama.rules import CARD_COUNT, Onitama
from learn import onitama_ntuple as trainer
from learn.ntuple import encode

GAME = Onitama()


def positions(count, seed):
    """Unfinished positions of random games from random deals: both seats to move,
    every card, few pieces to many."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = GAME.initial_state(tuple(rng.sample(range(CARD_COUNT), 5)))
        while GAME.legal_moves(state) and len(found) < count:
            found.append(state)
            state = GAME.play(state, rng.choice(GAME.legal_moves(state)))
    return found


def columns(states):
    return {name: np.array([s[i] for s in states], dtype=np.int32) for i, name in enumerate(trainer.COLUMNS)}


def random_weights(rng, tables=tuple(ntuple.TABLES), phases=(), density=1.0):
    counts = ntuple.LAYOUT.stored_counts(tables)
    values = [[[rng.randrange(-127, 128) if rng.random() < density else 0 for _ in range(n)] for n in counts]
              for _ in range(len(phases) + 1)]
    return Weights(tables, phases, 0.01, values)


def rotated(state):
    """The colours swapped: the board turned by 180 degrees, the other seat to move with
    the same cards (which that seat uses turned round): the same game for the mover."""
    def turn(bits):
        return sum(1 << (24 - sq) for sq in range(25) if bits >> sq & 1)

    mine, theirs, my_master, their_master, hand, their_hand, centre, ply = state
    return (turn(mine), turn(theirs), turn(my_master), turn(their_master), hand ^ 256, their_hand ^ 256,
            centre, ply)


def test_mirrored_cards_move_as_mirror_images():
    for card, (_, vectors) in enumerate(ntuple.CARDS):
        mirrored = ntuple.CARDS[ntuple.MIRROR_CARD[card]][1]
        assert sorted((-dx, dy) for dx, dy in vectors) == sorted(mirrored)
    assert sorted(ntuple.MIRROR_CARD) == list(range(CARD_COUNT))


def test_numpy_indices_of_the_trainer_equal_the_definition():
    found = positions(1500, seed=2)
    indices = trainer.table_indices(columns(found))
    for i, state in enumerate(found):
        expected = collections.defaultdict(list)
        for table, index in ntuple.lookups(state):
            expected[table].append(index)
        for table in ntuple.TABLES:
            got = sorted(int(k) for k in indices[table][i] if k >= 0)
            assert got == sorted(expected[table]), (table, GAME.render(state))


def test_a_mirrored_position_reads_the_mirrored_entries():
    for state in positions(500, seed=3):
        image = ntuple.mirrored(state)
        assert GAME.legal_moves(image)
        read = collections.Counter(ntuple.lookups(state))
        mirrored = collections.Counter((table, ntuple.mirror_index(table, index))
                                       for table, index in ntuple.lookups(image))
        assert read == mirrored, GAME.render(state)


@pytest.mark.parametrize("table", list(ntuple.TABLES))
def test_the_fast_evaluator_reads_each_table_as_the_definition(table):
    rng = random.Random(hash(table) % 1000)
    weights = random_weights(rng, (table,))
    score = ntuple.make_scorer(weights)
    found = positions(1000, seed=4)
    assert [score(s) for s in found] == [ntuple.reference_total(weights, s) for s in found]


@pytest.mark.parametrize("phases", [(), (6, 9)])
def test_the_integer_sum_equals_the_numpy_reference(phases):
    weights = random_weights(random.Random(7), phases=phases)
    score = ntuple.make_scorer(weights)
    layout = trainer.Layout(weights.tables, phases)
    theta = np.concatenate([np.concatenate([np.asarray(v, dtype=np.int64) for v in phase])
                            for phase in weights.values] + [np.zeros(1, dtype=np.int64)])
    assert len(theta) == layout.size + 1
    found = positions(3000, seed=5)
    reference = np.zeros(len(found), dtype=np.int64)
    for row in trainer.design(layout, columns(found)):
        reference += theta[row]
    assert [score(s) for s in found] == reference.tolist()


@pytest.mark.parametrize("source", ["shipped", "random"])
def test_a_position_is_worth_its_mirror_image_and_its_colour_swap(source):
    weights = ntuple.load() if source == "shipped" else random_weights(random.Random(5), phases=(7,))
    evaluate = ntuple.make_evaluator(GAME, weights)
    values = []
    for state in positions(600, seed=6)[::2]:
        value = evaluate(state)
        assert -1 < value < 1
        assert evaluate(ntuple.mirrored(state)) == value
        assert evaluate(rotated(state)) == value
        values.append(value)
    assert min(values) < -0.1 and max(values) > 0.1


def test_encoded_weights_decode_to_the_same_values(tmp_path):
    rng = random.Random(9)
    tables, phases = ("row2", "colC", "cards", "tactics"), (6,)
    layout = trainer.Layout(tables, phases)
    values = np.array([rng.randrange(-127, 128) if rng.random() < 0.1 else 0 for _ in range(layout.size)])
    data = encode(values)
    decoded = ntuple.LAYOUT.decode(" ".join(tables), phases, 0.05, data)
    assert [v for phase in decoded.values for table in phase for v in table] == values.tolist()
    path = tmp_path / "w.py"
    trainer.write_weights(path, layout, 0.05, data, "test weights")
    namespace = {}
    exec(path.read_text(), namespace)
    again = ntuple.LAYOUT.decode(namespace["TABLES"], namespace["PHASES"], namespace["STEP"], namespace["DATA"])
    assert again.values == decoded.values and again.phases == phases and again.tables == tables


def test_the_shipped_weights_decode_and_name_their_command():
    from games.onitama import ntuple_weights
    weights = ntuple.load()
    assert weights.tables and ntuple_weights.__doc__.count("python -m learn.onitama_ntuple") == 1
    assert "log-loss" in ntuple_weights.__doc__


def test_bad_weights_are_refused_with_one_clear_line():
    good = encode(np.zeros(trainer.Layout(["tactics"], ()).size))
    with pytest.raises(ValueError, match="corrupt N-tuple weights"):
        ntuple.LAYOUT.decode("tactics", (), 0.05, good[:-5] + "~~~~~")
    with pytest.raises(ValueError, match="corrupt N-tuple weights"):
        ntuple.LAYOUT.decode("tactics", (), 0.05, "not base85 at all")
    with pytest.raises(ValueError, match="need"):
        ntuple.LAYOUT.decode("tactics cards", (), 0.05, good)
    with pytest.raises(ValueError, match="known"):
        ntuple.LAYOUT.decode("tactics knight", (), 0.05, good)
    with pytest.raises(ValueError, match="phase"):
        ntuple.LAYOUT.decode("tactics", (9, 4), 0.05, good)


def test_the_trainer_refuses_a_corrupt_weights_file(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("TABLES = 'tactics'\nPHASES = ()\nSTEP = 0.05\nDATA = 'not base85 at all'\n")
    result = subprocess.run([sys.executable, "-m", "learn.onitama_ntuple", "--from-weights", str(bad), "--games", "2"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    last = result.stderr.strip().splitlines()[-1]
    assert "cannot read N-tuple weights" in last and "Traceback" not in result.stderr


def test_search_depth_without_compiled_is_a_usage_error():
    result = subprocess.run([sys.executable, "-m", "learn.onitama_ntuple", "--search-depth", "2", "--games", "2"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "--search-depth needs --compiled" in result.stderr.strip().splitlines()[-1]


def test_the_search_depth_is_in_the_cache_key_and_the_trainers_name():
    encoded = ("tactics", (), 0.0625, "data")
    keys = {repr(trainer.cache_key(encoded, [1, 2], search_depth=d)) for d in (0, 3, 4)}
    assert len(keys) == 3 and trainer.cache_key(encoded, [1, 2]) == trainer.cache_key(encoded, (1, 2), 0)
    assert trainer.COMPILED_TRAINER.name == "onitama-compiled" and trainer.COMPILED_TRAINER.targets is None
    assert trainer.searching_trainer(3, 0.5).name == "onitama-compiled-search3"


def test_search_targets_mix_the_value_and_the_result_and_keep_proofs():
    data = {"label": np.array([1, -1, 0, 1], dtype=np.int8), "exact": np.array([False, False, False, True]),
            "value": np.array([0.2, 0.6, -1.0, -0.4])}
    expected = [(0.75 * 0.2 + 0.25 + 1) / 2, (0.75 * 0.6 - 0.25 + 1) / 2, (-0.75 + 1) / 2, 1.0]
    assert trainer.search_targets(data, 0.25).tolist() == pytest.approx(expected)
    assert trainer.search_targets(data, 0.0).tolist() == pytest.approx([0.6, 0.8, 0.0, 1.0])


def test_the_tiny_training_setting_runs_end_to_end_and_again_alike(tmp_path):
    datas = []
    for jobs, name in ((1, "one.py"), (2, "two.py")):  # the games do not depend on --jobs
        out = tmp_path / name
        assert trainer.main(["--games", "4", "--rounds", "2", "--jobs", str(jobs), "--iterations", "3",
                             "--depths", "1", "--td", "0.5", "--td-passes", "1", "--min-visits", "1",
                             "--out", str(out), "--quiet"]) == 0
        text = out.read_text()
        assert "python -m learn.onitama_ntuple --games 4" in text and "log-loss" in text
        namespace = {}
        exec(text, namespace)
        weights = ntuple.LAYOUT.decode(namespace["TABLES"], namespace["PHASES"], namespace["STEP"], namespace["DATA"])
        evaluate = ntuple.make_evaluator(GAME, weights)
        assert -1 < evaluate(GAME.initial_state()) < 1
        datas.append(namespace["DATA"])
    assert datas[0] == datas[1]


def test_the_bot_gives_the_ntuple_evaluation_to_its_best_engine_only():
    from bots import onitama, runtime
    for argv, module in (([], "games.onitama.ntuple"), (["--engine", "alphabeta"], "games.onitama.evaluation"),
                         (["--eval", "learned"], "games.onitama.learned"),
                         (["--engine", "alphabeta", "--eval", "ntuple"], "games.onitama.ntuple")):
        evaluate = runtime.make_evaluation(onitama.BOT, runtime.parse_options(onitama.BOT, argv), GAME)
        assert evaluate.__module__ == module, argv


def test_the_bot_stops_on_corrupt_shipped_weights_with_one_line():
    code = ("import sys; import games.onitama.ntuple_weights as w; w.DATA = w.DATA[:-9] + '~' * 9;"
            " from bots.onitama import BOT; from bots.runtime import main; sys.exit(main(BOT, []))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, input="", capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "corrupt N-tuple weights" in result.stderr


def test_the_tactical_terms_are_the_learned_evaluations_features():
    from games.onitama import learned
    for state in positions(1000, seed=8):
        values = learned.features(state)
        assert list(ntuple.tactics(state)) == [values[k] for k in (learned.THREAT, learned.DANGER, learned.MY_HANGING,
                                                                     learned.THEIR_HANGING, learned.MY_MOVES,
                                                                     learned.THEIR_MOVES)]
