"""The Oware network evaluation (games/oware/nn.py): the pure-Python evaluation equals
the trainer's numpy integer reference exactly, the inputs mean what they say, the
stored weights decode to the trained ones, bad weights give one clear line, the
trainer's tiny setting runs end to end (and again alike), and the bot names it."""
import pytest

from games.oware import nn
from games.oware.rules import Oware
from positions import random_game_positions

np = pytest.importorskip("numpy")
import network  # noqa: E402  (needs numpy)

GAME = Oware()


def positions(count, seed):
    found = random_game_positions(GAME, count, seed)
    assert {GAME.to_move(state) for state in found} == {0, 1}
    return found


@pytest.mark.parametrize("source", ["shipped", "random"])
def test_the_evaluation_equals_the_integer_reference(source):
    net = nn.load_weights() if source == "shipped" else network.random_net(nn.FEATURES, 32, seed=2)
    found = positions(3000, seed=1)
    if source == "random":
        network.assert_units_clip_at_both_ends(net, nn, found)
    network.assert_equals_the_reference(nn, GAME, net, found)


def test_the_inputs_are_one_per_house_store_and_ply():
    houses = [0, 1, 2, 0, 25, 0, 0, 1, 2, 3, 0, 0]  # 25 seeds: over the cap
    state = GAME.make_state(houses, stores=(3, 11), ply=17)  # player 1 to move
    on = nn.active(state)
    assert len(on) == nn.ACTIVE == len(set(on)) and max(on) < nn.FEATURES
    assert on[:6] == [nn.MY_HOUSES + nn.COUNTS * h + s for h, s in enumerate(houses[6:])]
    assert on[6:12] == [nn.THEIR_HOUSES + nn.COUNTS * h + min(s, nn.SEED_CAP) for h, s in enumerate(houses[:6])]
    assert on[12:] == [nn.MY_STORE + 11, nn.THEIR_STORE + 3, nn.PLY + 17 // nn.PLY_BUCKET]


def test_stored_weights_decode_to_the_trained_ones(tmp_path):
    network.assert_round_trip(nn, tmp_path)


def test_quantized_logits_stay_close_to_the_float_ones():
    network.assert_quantized_logits_close(nn, positions(500, seed=4))


def test_corrupt_or_mismatched_weights_give_one_clear_line():
    network.assert_bad_weights_refused(nn)


def test_the_tiny_training_setting_runs_end_to_end_and_again_alike(tmp_path, monkeypatch):
    from learn.oware import NN_SETUP
    texts = [network.tiny_training(NN_SETUP, tmp_path, jobs, monkeypatch=monkeypatch) for jobs in (1, 2)]
    assert "python -m learn.oware --model nn --games 12" in texts[0] and "quantized" in texts[0]
    namespaces = [{}, {}]
    for text, namespace in zip(texts, namespaces):
        exec(text, namespace)
    assert namespaces[0]["DATA"] == namespaces[1]["DATA"]  # the games do not depend on --jobs
    net = nn.load_weights(type("Weights", (), namespaces[0]))
    assert -1 < nn.make_evaluator(GAME, net)(GAME.initial_state()) < 1


def test_the_bot_names_the_network_evaluation():
    from bots import oware, runtime
    options = runtime.parse_options(oware.BOT, ["--eval", "nn"])
    evaluate = runtime.make_evaluation(oware.BOT, options, GAME)
    assert evaluate.__module__ == "games.oware.nn"


def test_without_ray_the_trainer_stops_with_one_line(monkeypatch, tmp_path, capsys):
    import sys

    from learn import nn as trainer
    from learn.oware import NN_SETUP
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as if not installed
    with pytest.raises(SystemExit) as stop:
        trainer.main(NN_SETUP, ["--backend", "ray", "--games", "10", "--out", str(tmp_path / "w.py")])
    assert stop.value.code == 2
    assert capsys.readouterr().err == ("python -m learn.oware --model nn: error: --backend ray needs Ray,"
                                       " an optional extra: pip install -e .[ray]\n")
    assert not (tmp_path / "w.py").exists()
