"""What the N-tuple trainers share (learn/othello.py, learn/onitama_ntuple.py): the
logistic regression of game results on sums of table entries, fitted by full-batch Adam
with an L2 penalty; TD(lambda) targets along the self-play games; the held-out figures;
the quantized weights as zlib-compressed base85 text. A model is ``theta`` (one float
per parameter) and a design ``x``: (rows, positions) parameter ids, a position's logit
being the sum of ``theta`` over its column. Needs numpy and tqdm (development
dependencies; the bundles never import them)."""

import base64
import zlib

import numpy as np
from tqdm import tqdm

RATE = 0.03  # Adam's step size


def totals(theta, x):
    """The model's logit of each position: the sum of its parameters."""
    s = np.zeros(x.shape[1])
    for row in x:
        s += theta[row]
    return s


def sigmoid(s):
    return 1 / (1 + np.exp(-s))


def visits(x, size):
    """How many times each parameter is read in ``x``."""
    return np.bincount(x.ravel(), minlength=size)


def fit(x, y, size, l2, iterations, rate=RATE, theta=None, progress=True, desc="fit",
        min_visits=1, pinned=()):
    """Parameters of the logistic regression of ``y`` (in [0, 1]) on the sums of the
    parameters ``x`` names (full-batch Adam on the log-loss summed over positions plus
    ``l2 / 2`` times the squared parameters); those read fewer than ``min_visits`` times
    stay 0 (too few positions to say anything, and zeros are what compresses), as do
    the ``pinned`` ones."""
    theta = np.zeros(size) if theta is None else theta.copy()
    free = visits(x, size) >= min_visits
    free[list(pinned)] = False
    m, v = np.zeros(size), np.zeros(size)
    beta1, beta2 = 0.9, 0.999
    bar = tqdm(range(1, iterations + 1), desc=desc, unit="step", disable=not progress)
    for t in bar:
        p = sigmoid(totals(theta, x))
        residual = p - y
        gradient = l2 * theta
        for row in x:
            gradient += np.bincount(row, weights=residual, minlength=size)
        gradient *= free
        m = beta1 * m + (1 - beta1) * gradient
        v = beta2 * v + (1 - beta2) * gradient * gradient
        theta -= rate * (m / (1 - beta1 ** t)) / (np.sqrt(v / (1 - beta2 ** t)) + 1e-8)
        if t % 25 == 0 or t == iterations:
            bar.set_postfix(loss=f"{log_loss(p, y):.4f}")
    return theta


def log_loss(p, y):
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def scores(p, y):
    """(log-loss, accuracy on the decided positions) of the probabilities ``p``."""
    decided = y != 0.5
    accuracy = float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5))) if decided.any() else float("nan")
    return log_loss(p, y), accuracy


def td_targets(p, data, lam):
    """TD(lambda) returns: walking each game backwards, a position's target is
    ``(1 - lam) * v(next) + lam * target(next)`` from its side to move's view, ``v``
    being the model's probabilities ``p``; solved positions, and the last of a game,
    keep their labels."""
    y = (data["label"].astype(float) + 1) / 2
    target = y.copy()
    game, player, exact = data["game"], data["player"], data["exact"]
    for i in range(len(y) - 2, -1, -1):
        if exact[i] or game[i + 1] != game[i]:
            continue
        same = player[i + 1] == player[i]
        value = p[i + 1] if same else 1 - p[i + 1]
        following = target[i + 1] if same else 1 - target[i + 1]
        target[i] = (1 - lam) * value + lam * following
    return target



def quantize(theta, step):
    return np.clip(np.round(theta / step), -127, 127).astype(np.int8)


def encode(values):
    """Base85 text of the zlib-compressed signed bytes (ntuple.decode reads it)."""
    return base64.b85encode(zlib.compress(np.asarray(values, dtype=np.int8).tobytes(), 9)).decode("ascii")



def fit_line(h, y, iterations=50):
    """(a, b) of the logistic regression of ``y`` on ``a * h + b`` (Newton's method)."""
    x = np.stack([h, np.ones(len(h))], axis=1)
    w = np.zeros(2)
    for _ in range(iterations):
        p = sigmoid(x @ w)
        hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-6 * np.eye(2)
        w -= np.linalg.solve(hessian, x.T @ (p - y))
    return w


def parse_list(parser, text, kind, what):
    try:
        return tuple(kind(item) for item in text.split(",") if item.strip())
    except ValueError:
        parser.error(f"{what}: expected numbers separated by commas, got {text!r}")

