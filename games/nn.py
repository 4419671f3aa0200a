"""Small neural-network evaluations in integer arithmetic, shared by the games that
have one (games/oware/nn.py, games/breakthrough/nn.py).

The network: ``FEATURES`` inputs that are each on or off (a game's one-hot features,
a few dozen of them on in a position), one hidden layer of ``hidden`` clipped-ReLU
units, one output, the logit of the side to move's win::

    z = b1 + sum of the rows W1[f] of the features f that are on   (integers)
    h = min(max(z, 0), ONE)                                         (0 to ONE = 127)
    logit = (b2 + w2 . h) * step                                    (integers, then one float)

and the evaluation is ``tanh(logit / 2)`` = 2 P(win) - 1, as for the linear learned
evaluations. ``W1`` and ``b1`` hold 16-bit integers (a hidden unit's activation 1.0 is
``ONE``), ``w2`` integers within +-``W2_LIMIT``, ``b2`` any integer.

Speed (the evaluation is called at every leaf): the hidden units live side by side in
one Python integer, ``width`` bits each (``packed``), so a feature's row is one integer
and the first layer is a sum of looked-up integers, a few additions of one big number
where the plain loop would make ``hidden`` additions per feature. Each field holds its
unit's ``z`` plus ``2 ** (width - 1)`` (the packed bias carries that offset), so no
field ever borrows from the next one, and ``output`` clips every field at once with
masks, then takes ``w2 . h`` as one coefficient of a single product of two integers
(``h`` and the polynomial of the signed ``w2``): every coefficient lies within
``+-2 ** (width - 1)`` and the ones below it sum to less than half of its place, so
rounding at that place and reading the field as signed gives it exactly.

The weights live in a game's nn_weights.py: ``FEATURES``, ``HIDDEN``, ``STEP`` and
``DATA``, base85 text of the zlib-compressed 16-bit values (W1 row by row, b1, w2, b2;
low bytes first, then high bytes, which are mostly 0 or 255 and compress well), decoded
once by ``decode``. learn/nn.py writes them.
"""

import math
from array import array

from games.errors import WeightsError
from games.weights import from_text, unnamed

ONE = 127          # a hidden unit's activation 1.0; its clip (all ones: ``output`` masks with it)
W2_LIMIT = 2047    # |w2| at most (field_width makes room for the dot product)
INT16 = 32767      # |W1|, |b1| and |b2| at most


class Net:
    """Decoded weights: ``w1`` (a row of ``hidden`` ints per feature), ``b1``, ``w2``
    (``hidden`` ints each), ``b2`` (an int) and ``step`` (logits per output unit)."""

    def __init__(self, w1, b1, w2, b2, step):
        self.w1, self.b1, self.w2, self.b2, self.step = w1, b1, w2, b2, step
        self.features, self.hidden = len(w1), len(b1)


def flat_values(net):
    """The net's integers in their stored order: W1 row by row, b1, w2, b2."""
    return [v for row in net.w1 for v in row] + list(net.b1) + list(net.w2) + [net.b2]


def decode(features, hidden, step, data, expected_features=None):
    """The Net stored as ``data`` (see the module's docstring). WeightsError, one line, on
    anything that does not fit, including a feature count other than the game's
    ``expected_features``."""
    if expected_features is not None and features != expected_features:
        raise WeightsError(f"network weights for {features} input features; the evaluation reads {expected_features}")
    if not (isinstance(hidden, int) and 0 < hidden <= 64 and isinstance(features, int) and features > 0):
        raise WeightsError(f"network weights with {features} features and {hidden} hidden units: out of range")
    if not (isinstance(step, (int, float)) and 0 < step < 1):
        raise WeightsError(f"network weights step must lie within (0, 1), got {step!r}")
    raw = from_text(data, "network weights data")
    count = (features + 2) * hidden + 1
    if len(raw) != 2 * count:
        raise WeightsError(f"network weights hold {len(raw) // 2} values; {features} features and"
                         f" {hidden} hidden units need {count}")
    interleaved = bytearray(2 * count)
    interleaved[0::2], interleaved[1::2] = raw[:count], raw[count:]
    values = array("h", interleaved)
    if array("h", [1]).tobytes() != b"\x01\x00":
        values.byteswap()  # stored little-endian
    w1 = [list(values[f * hidden:(f + 1) * hidden]) for f in range(features)]
    rest = values[features * hidden:]
    w2 = list(rest[hidden:2 * hidden])
    if max(map(abs, w2)) > W2_LIMIT:
        raise WeightsError(f"network weights w2 beyond +-{W2_LIMIT}")
    return Net(w1, list(rest[:hidden]), w2, rest[2 * hidden], step)


def load(module, expected_features):
    """The Net of a weights module (FEATURES, HIDDEN, STEP, DATA); WeightsError if it
    lacks one of them or does not fit."""
    try:
        return decode(module.FEATURES, module.HIDDEN, module.STEP, module.DATA, expected_features)
    except AttributeError as error:
        raise WeightsError(f"not a network weights module: {error}") from None


_DEFAULT_TABLES = {}  # a game's build function -> its tables of the fitted weights, made once


def tables_of(weights, load_default, build, what):
    """``build(net)`` of the Net ``weights``, taken whole (named weights are refused with a
    line naming ``what``); where they are None, of the fitted ones (``load_default()``),
    decoded and built once."""
    if weights is not None:
        return build(unnamed(weights, what))
    if build not in _DEFAULT_TABLES:
        _DEFAULT_TABLES[build] = build(load_default())
    return _DEFAULT_TABLES[build]


def field_width(hidden, active):
    """Bits per hidden unit in a packed integer: room for the sum of ``active`` rows and
    the bias, sign included, and for ``output``'s product (twice a coefficient's largest
    magnitude below a field's place, so the ones under the dot product sum to less than
    half of its place)."""
    accumulator = ((active + 1) * INT16).bit_length() + 1
    product = (hidden * ONE * (2 * W2_LIMIT + 1)).bit_length()
    return max(accumulator, product)


def packed(values, width):
    """``values`` side by side, ``width`` bits each (value i at bit ``width * i``; signed
    values are fine: the packed sums of rows add up field by field)."""
    return sum(value << (width * i) for i, value in enumerate(values))


def packed_bias(net, width):
    """The packed b1 with each field's offset ``2 ** (width - 1)``: what a game adds once
    to the packed rows of the features that are on."""
    return packed([b + (1 << (width - 1)) for b in net.b1], width)


def make_output(net, width):
    """``output(acc)``: the evaluation, in (-1, 1), of the packed first layer ``acc``
    (``packed_bias`` plus the packed rows of the features that are on)."""
    hidden = net.hidden
    sign = width - 1
    ones = packed([1] * hidden, width)                       # bit 0 of every field
    signs = ones << sign                                     # set in the fields of a non-negative z
    full = (1 << width) - 1                                  # one field's bits
    clip = packed([ONE] * hidden, width)
    over = packed([(1 << sign) - (ONE + 1)] * hidden, width)  # reaches the sign bit from ONE + 1 up
    # h (unit i at x**i, x = 2**width) times this has w2 . h at x**(hidden - 1)
    poly = packed(list(reversed(net.w2)), width)
    dot_shift = width * (hidden - 1)
    half = 1 << sign
    # rounds at x**(hidden - 1), past the lower coefficients' sum, and lifts w2 . h to non-negative
    rounding = ((1 << dot_shift) >> 1) + (half << dot_shift)
    b2, half_step = net.b2, net.step / 2
    tanh = math.tanh

    def output(acc):
        kept = acc & signs
        relu = acc & (kept - (kept >> sign))  # the bits below the sign where it is set: z < 0 cleared
        h = relu & clip | ((relu + over) >> sign & ones) * ONE  # fields above ONE set to ONE
        dot = ((h * poly + rounding) >> dot_shift & full) - half
        return tanh((dot + b2) * half_step)

    return output
