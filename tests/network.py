"""Checks shared by the network evaluations' tests (tests/test_<game>_nn.py): the
pure-Python evaluation against the trainer's numpy integer reference, the stored weights
against the trained ones, bad weights, the trainer's tiny setting."""
import math
import random

import numpy as np
import pytest

from games import nn
from learn import nn as trainer
from learn import pipeline


def random_net(features, hidden, seed, scale=4000):
    """A Net of random integers, large enough that units clip at both ends."""
    rng = random.Random(seed)
    return nn.Net([[rng.randrange(-scale, scale) for _ in range(hidden)] for _ in range(features)],
                  [rng.randrange(-scale, scale) for _ in range(hidden)],
                  [rng.randrange(-nn.W2_LIMIT, nn.W2_LIMIT + 1) for _ in range(hidden)],
                  rng.randrange(-nn.INT16, nn.INT16 + 1), 3e-4)


def assert_equals_the_reference(module, game, net, positions):
    """The evaluation of every position is exactly tanh(reference * step / 2), the
    reference being the trainer's numpy integer network on ``active``'s inputs."""
    evaluate = module.make_evaluator(game, net)
    idx = trainer.design(module, [[(state, 0, 0.0) for state in positions]])[0]
    reference = trainer.integer_logits(net, idx)
    half = net.step / 2
    for state, units in zip(positions, reference.tolist()):
        assert evaluate(state) == math.tanh(units * half), game.render(state)


def assert_units_clip_at_both_ends(net, module, positions):
    """The random net's hidden units meet both clips on these positions (so the test
    covers the masks of games/nn.py's ``output``)."""
    idx = trainer.design(module, [[(state, 0, 0.0) for state in positions]])[0]
    w1 = np.zeros((net.features + 1, net.hidden), dtype=np.int64)
    w1[:-1] = net.w1
    z = w1[idx].sum(axis=1) + np.array(net.b1)
    assert (z < 0).any() and (z > nn.ONE).any() and ((z > 0) & (z < nn.ONE)).any()


def assert_round_trip(module, tmp_path, seed=5):
    """Trained float weights, quantized, encoded and written, decode to the same
    integers, which are the trained ones to within half a quantization step."""
    rng = np.random.default_rng(seed)
    params = trainer.initial_params(module.FEATURES, 8, module.ACTIVE, rng)
    params.w1[:-1] *= 3
    net = trainer.quantize(params)
    assert np.abs(np.array(net.w1) / nn.ONE - params.w1[:-1]).max() <= 0.5 / nn.ONE + 1e-12
    assert np.abs(np.array(net.w2) * net.step * nn.ONE - params.w2).max() <= 0.5 * net.step * nn.ONE + 1e-12
    decoded = nn.decode(net.features, net.hidden, net.step, trainer.encode(net), module.FEATURES)
    assert nn.flat_values(decoded) == nn.flat_values(net)
    path = tmp_path / "nn_weights.py"
    trainer.write_weights(path, net, trainer.encode(net), "test weights")
    namespace = {}
    exec(path.read_text(), namespace)
    loaded = module.load_weights(type("Weights", (), namespace))
    assert nn.flat_values(loaded) == nn.flat_values(net) and loaded.step == net.step


def assert_quantized_logits_close(module, positions):
    """The integer network's logits are the float network's to within a few hundredths,
    also where a large output bias beside small output weights limits the scale."""
    idx = trainer.design(module, [[(state, 0, 0.0) for state in positions]])[0]
    for w2_scale, b2 in ((1.0, 0.2), (0.01, 3.0)):
        params = trainer.initial_params(module.FEATURES, 16, module.ACTIVE, np.random.default_rng(7))
        params.w2 *= w2_scale
        params.b2[0] = b2
        net = trainer.quantize(params)
        assert abs(net.b2) <= nn.INT16
        difference = np.abs(trainer.integer_logits(net, idx) * net.step - trainer.logits(params, idx))
        assert difference.max() < 0.05


def assert_bad_weights_refused(module):
    """Corrupt or mismatched weights: ValueError with one line saying what is wrong."""
    net = random_net(module.FEATURES, 4, seed=1)
    good = trainer.encode(net)
    cases = [((module.FEATURES, 4, net.step, good[:-5] + "~~~~~"), "corrupt network weights"),
             ((module.FEATURES, 4, net.step, "not base85 at all"), "corrupt network weights"),
             ((module.FEATURES + 1, 4, net.step, good), "input features; the evaluation reads"),
             ((module.FEATURES, 5, net.step, good), "need"),
             ((module.FEATURES, 4, 2.0, good), "step"),
             ((module.FEATURES, 0, net.step, good), "hidden units")]
    for (features, hidden, step, data), message in cases:
        with pytest.raises(ValueError, match=message) as error:
            nn.decode(features, hidden, step, data, module.FEATURES)
        assert "\n" not in str(error.value)
    with pytest.raises(ValueError, match="not a network weights module"):
        module.load_weights(type("Weights", (), {"FEATURES": module.FEATURES}))


def tiny_training(setup, tmp_path, jobs, games=12, monkeypatch=None):
    """The trainer's tiny setting, run end to end (chunks of a quarter of the games
    with one job, an eighth with two, so that the chunks differ too and the processes
    share them); the weights module's text."""
    monkeypatch.setattr(pipeline, "CHUNK", games // (4 * jobs))
    out = tmp_path / f"tiny{jobs}.py"
    assert trainer.main(setup, ["--games", str(games), "--search-depth", "1", "--epochs", "2", "--hidden", "4",
                                "--batch", "64", "--jobs", str(jobs), "--out", str(out), "--quiet"]) == 0
    return out.read_text()
