"""What the N-tuple trainers share (learn/othello.py, learn/onitama_ntuple.py): their
options; the logistic regression of game results on sums of table entries, fitted by
full-batch Adam with an L2 penalty; TD(lambda) targets along the self-play games; the
held-out figures (``sigmoid`` and ``fit_line`` serve the networks' trainer, learn/nn.py,
too); the quantized weights as zlib-compressed base85 text. A model is ``theta`` (one float
per parameter) and a design ``x``: (rows, positions) parameter ids, a position's logit
being the sum of ``theta`` over its column. Needs numpy and tqdm (development
dependencies; the bundles never import them)."""


import numpy as np

from games.weights import from_text, to_text
from learn.pipeline import add_options
from learn.progress import progress_bar

try:  # the fit's two loops over the design compiled where numba is installed; numpy without it
    import numba
except ImportError:
    numba = None

RATE = 0.03  # Adam's step size


def totals(theta, x):
    """The model's logit of each position: the sum of its parameters."""
    if numba is not None:
        return _compiled_totals(theta, x)
    s = np.zeros(x.shape[1])
    for row in x:
        s += theta[row]
    return s


def add_gradient_sums(gradient, x, residual):
    """Adds to ``gradient``, per parameter, the sum of ``residual`` over the positions
    that read it: row by row, in position order (the same floating-point sums compiled
    or not)."""
    if numba is not None:
        return _compiled_gradient_sums(gradient, x, residual)
    size = len(gradient)
    for row in x:
        gradient += np.bincount(row, weights=residual, minlength=size)
    return gradient


if numba is not None:
    @numba.njit(parallel=True, cache=True)
    def _compiled_totals(theta, x):
        s = np.zeros(x.shape[1])
        for r in range(x.shape[0]):
            for i in numba.prange(x.shape[1]):
                s[i] += theta[x[r, i]]
        return s

    @numba.njit(cache=True)
    def _compiled_gradient_sums(gradient, x, residual):
        row_sums = np.zeros(len(gradient))
        for r in range(x.shape[0]):
            row_sums[:] = 0.0
            for i in range(x.shape[1]):
                row_sums[x[r, i]] += residual[i]
            gradient += row_sums
        return gradient


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
    bar = progress_bar(range(1, iterations + 1), desc=desc, unit="step", disable=not progress)
    for t in bar:
        p = sigmoid(totals(theta, x))
        gradient = add_gradient_sums(l2 * theta, x, p - y)
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
    """Base85 text of the zlib-compressed signed bytes (games/ntuple.py's Layout.decode reads it)."""
    return to_text(np.asarray(values, dtype=np.int8).tobytes())


def decode_values(text):
    """The signed bytes of ``encode``'s text, as one int8 array."""
    return np.frombuffer(from_text(text, "N-tuple weights data"), dtype=np.int8)



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


def add_training_options(parser, constants, *, games, rounds, jobs, first_players, layout_option, layout_default,
                         phases_of):
    """The options both N-tuple trainers take: ``constants`` is the trainer's module (its
    DEPTHS, PHASES, L2, MIN_VISITS, ITERATIONS, TD_LAMBDA, TD_PASSES, STEP, WEIGHTS_FILE
    are the defaults); ``layout_option`` names the tables' option (``--patterns``,
    ``--tables``), ``phases_of`` what a phase counts (discs, pieces), ``first_players``
    the first round's players without ``--from-weights``; the games' options are
    learn/pipeline.py's."""
    parser.add_argument("--games", type=int, default=games, help="self-play games a round (default: %(default)s)")
    parser.add_argument("--rounds", type=int, default=rounds, help="self-play rounds (default: %(default)s)")
    parser.add_argument("--out", default=str(constants.WEIGHTS_FILE), help="weights module to write")
    parser.add_argument("--from-weights", metavar="FILE",
                        help=f"N-tuple weights module whose weights the first round's players use"
                             f" (default: {first_players})")
    parser.add_argument("--depths", default=",".join(map(str, constants.DEPTHS)),
                        help="plies of the self-play players, drawn per player and game (default: %(default)s)")
    parser.add_argument(layout_option, dest="layout", metavar="NAMES", default=",".join(layout_default),
                        help=f"{layout_option[2:]} (default: %(default)s)")
    parser.add_argument("--phases", default=",".join(map(str, constants.PHASES)),
                        help=f"{phases_of} counts where a phase starts (default: %(default)s)")
    parser.add_argument("--l2", type=float, default=constants.L2, help="L2 penalty (default: %(default)s)")
    parser.add_argument("--min-visits", type=int, default=constants.MIN_VISITS,
                        help="weights read fewer times in training stay 0 (default: %(default)s)")
    parser.add_argument("--iterations", type=int, default=constants.ITERATIONS,
                        help="Adam steps a fit (default: %(default)s)")
    parser.add_argument("--td", type=float, default=constants.TD_LAMBDA, metavar="LAMBDA",
                        help="refit to TD(LAMBDA) returns; 1: the results alone (default: %(default)s)")
    parser.add_argument("--td-passes", type=int, default=constants.TD_PASSES, help="TD refits (default: %(default)s)")
    parser.add_argument("--step", type=float, default=constants.STEP,
                        help="logits per quantized unit (default: %(default)s)")
    add_options(parser, jobs)


def checked_training_options(parser, options, make_layout):
    """(depths, layout) of the options of ``add_training_options``, or the parser's
    error (one line, exit 2) on values that cannot be; ``make_layout(names, phases)``
    builds the trainer's layout and raises ValueError on a wrong one."""
    if options.games < 2 or options.jobs < 1 or options.rounds < 1 or options.iterations < 1:
        parser.error("need at least 2 games, 1 round, 1 job and 1 iteration")
    if not 0 <= options.td <= 1 or options.td_passes < 0 or not 0 < options.step < 1:
        parser.error("--td must lie within 0-1, --td-passes be 0 or more, --step within (0, 1)")
    depths = parse_list(parser, options.depths, int, "--depths")
    if not depths or min(depths) < 1:
        parser.error("--depths: expected plies of 1 or more")
    try:
        layout = make_layout([name.strip() for name in options.layout.split(",") if name.strip()],
                             parse_list(parser, options.phases, int, "--phases"))
    except ValueError as error:
        parser.error(str(error))
    return depths, layout
