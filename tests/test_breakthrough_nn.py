"""The Breakthrough network evaluation (games/breakthrough/nn.py): the pure-Python
evaluation equals the trainer's numpy integer reference exactly, the inputs mean what
they say, the stored weights decode to the trained ones, bad weights give one clear
line, the trainer's tiny setting runs end to end (and again alike), and the bot names
it."""
import pytest

from games.breakthrough import nn
from games.breakthrough.rules import Breakthrough
from positions import random_game_positions

np = pytest.importorskip("numpy")
import network  # noqa: E402  (needs numpy)

GAME = Breakthrough()


def positions(count, seed):
    found = random_game_positions(GAME, count, seed)
    assert {GAME.to_move(state) for state in found} == {0, 1}
    return found


@pytest.mark.parametrize("source", ["shipped", "random"])
def test_the_evaluation_equals_the_integer_reference(source):
    net = nn.load_weights() if source == "shipped" else network.random_net(nn.FEATURES, 32, seed=2, scale=1500)
    found = positions(3000, seed=1)
    if source == "random":
        network.assert_units_clip_at_both_ends(net, nn, found)
    network.assert_equals_the_reference(nn, GAME, net, found)


def test_the_inputs_are_the_pieces_from_the_movers_side():
    state = GAME.from_lines(["........", "...b....", "........", "........",
                             "........", "........", "w.......", "........"], player=1)
    on = nn.active(state)  # black to move: its piece on d7 has come 1 row, white's a2 1 row
    assert on == [nn.MINE + 8 * 1 + 3, nn.THEIRS + 8 * 1 + 0]
    white = GAME.from_lines(["........", "........", "........", "........",
                             "........", ".b......", "...w....", "........"], player=0)
    assert nn.active(white) == [nn.MINE + 8 * 1 + 3, nn.THEIRS + 8 * 5 + 1]  # b3: 5 rows from row 8
    mirrored = [nn.MIRROR[f] for f in on]
    assert mirrored == [nn.MINE + 8 + 4, nn.THEIRS + 8 + 7]


def test_stored_weights_decode_to_the_trained_ones(tmp_path):
    network.assert_round_trip(nn, tmp_path)


def test_quantized_logits_stay_close_to_the_float_ones():
    network.assert_quantized_logits_close(nn, positions(500, seed=4))


def test_corrupt_or_mismatched_weights_give_one_clear_line():
    network.assert_bad_weights_refused(nn)


def test_the_tiny_training_setting_runs_end_to_end_and_again_alike(tmp_path, monkeypatch):
    from learn.breakthrough import NN_SETUP
    texts = [network.tiny_training(NN_SETUP, tmp_path, jobs, monkeypatch=monkeypatch) for jobs in (1, 2)]
    assert "python -m learn.breakthrough --model nn --games 12" in texts[0] and "quantized" in texts[0]
    namespaces = [{}, {}]
    for text, namespace in zip(texts, namespaces):
        exec(text, namespace)
    assert namespaces[0]["DATA"] == namespaces[1]["DATA"]  # the games do not depend on --jobs
    net = nn.load_weights(type("Weights", (), namespaces[0]))
    assert -1 < nn.make_evaluator(GAME, net)(GAME.initial_state()) < 1


def test_the_bot_names_the_network_evaluation():
    from bots import breakthrough, runtime
    options = runtime.parse_options(breakthrough.BOT, ["--eval", "nn"])
    evaluate = runtime.make_evaluation(breakthrough.BOT, options, GAME)
    assert evaluate.__module__ == "games.breakthrough.nn"
