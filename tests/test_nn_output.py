"""games/nn.py's packed output layer at its extremes: every hidden size the weights
files allow, output weights all at +-W2_LIMIT and every unit at either clip, where the
dot product's rounding has the least room."""
import math
import random

import pytest

from games import nn


def packed_accumulator(net, width, z):
    """The packed first layer that holds the pre-activations ``z``."""
    return nn.packed_bias(net, width) + nn.packed([value - bias for value, bias in zip(z, net.b1)], width)


def expected(net, z):
    h = [min(max(value, 0), nn.ONE) for value in z]
    return math.tanh((sum(a * b for a, b in zip(h, net.w2)) + net.b2) * net.step / 2)


@pytest.mark.parametrize("hidden", [1, 2, 7, 16, 32, 64])
def test_the_output_is_exact_at_the_extremes(hidden):
    rng = random.Random(hidden)
    width = nn.field_width(hidden, 16)
    limit = nn.W2_LIMIT
    w2_sets = [[limit] * hidden, [-limit] * hidden, [limit * (-1) ** i for i in range(hidden)],
               [rng.randint(-limit, limit) for _ in range(hidden)]]
    extremes = [-nn.INT16, -1, 0, 1, nn.ONE - 1, nn.ONE, nn.ONE + 1, nn.INT16]
    for w2 in w2_sets:
        net = nn.Net([[0] * hidden], [rng.randint(-9, 9) for _ in range(hidden)], w2, 0, 3e-4)
        output = nn.make_output(net, width)
        z_sets = [[nn.INT16] * hidden, [-nn.INT16] * hidden, [nn.ONE] * hidden,
                  [rng.choice(extremes) for _ in range(hidden)], [rng.randint(-300, 300) for _ in range(hidden)]]
        for z in z_sets:
            assert output(packed_accumulator(net, width, z)) == expected(net, z), (w2[:3], z[:3])
