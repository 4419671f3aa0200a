"""Fits a small neural-network evaluation (games/nn.py, a game's games/<game>/nn.py)
and writes its weights module, games/<game>/nn_weights.py. Run through the game's
trainer: ``python -m learn.oware --model nn`` (``--help`` after it for the options).

1. Positions: self-play games of learn/logistic.py's players (shallow alpha-beta, one
   move in 25 at random), by default with the game's linear learned evaluation (the
   bot's evaluation before this one), from learn/pipeline.py: game i is a function of
   (``--seed``, i) alone, whatever ``--jobs`` (the processes that play them). Every
   position is labelled with its game's result and with the value of an alpha-beta
   search ``--search-depth`` plies deep from it, with the players' evaluation
   (learn/logistic.py's ``play_chunk``, the games the linear trainer's
   ``--search-depth`` fits too). ``--cache DIR`` keeps each chunk of games, so a run
   that stops goes on where it was, and a run with more games reuses the chunks it
   shares. The chunks run in ``--jobs`` processes, or as Ray tasks over a cluster with
   ``--backend ray`` (``arena.backends``: a chunk a task, the same games either way).
   With ``--compiled`` (Oware with ``--players learned`` or ``network``;
   Breakthrough with ``--players network``) the games and their labels are played by
   learn/compiled/<game>.py in numba, many times as many a core-hour
   (docs/tuning/selfplay.md): the same players and labels, the games differing where
   moves tie. ``--players network`` plays
   with the game's shipped network (games/<game>/nn_weights.py, or ``--network FILE``),
   and ``--label-quiescence`` labels with AlphaBetaPlus's search (noisy moves past the
   depth) where the game names noisy moves.
2. Split by games: the last ``HELD_OUT`` share is held out for the figures, the
   ``VALIDATION`` share before it decides when to stop, the rest is fitted (with each
   position's mirror image too where the network module has a ``MIRROR``).
3. Fitting: the network of games/nn.py in floating point (activation 1.0 being the
   integer ``ONE``), the cross-entropy of its win probability against the target
   ``(1 - s) * search + s * result`` moved to [0, 1] (``s``: ``--outcome-share``), an L2
   penalty, Adam on shuffled minibatches (seeded by ``--seed``); after each epoch the
   validation loss: the step size halves when it has not improved for two epochs, and
   the fit stops after ``--patience`` epochs without improvement, keeping the best.
4. Quantization after training: W1 and b1 in steps of 1 / ONE, w2 scaled to +-W2_LIMIT,
   ``step`` the logit of one output unit; ``integer_logits`` is the numpy reference of
   the integer network, which the tests hold the bots' evaluation to. The header of
   the weights module holds the command and the held-out figures, before and after
   quantization, beside those of the players' evaluation and the handcrafted one.

Needs numpy and tqdm (development dependencies; the bundles never import them).
"""

import argparse
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from arena.backends import open_backend_or_exit
from games.nn import INT16, ONE, W2_LIMIT, Net, flat_values
from games.weights import to_text
from learn import logistic
from learn.ntuple import fit_line, sigmoid
from learn.pipeline import add_options, generate, split
from learn.progress import progress_bar
from learn import selfplay

HELD_OUT = 0.1     # share of the games held out for the figures
VALIDATION = 0.1   # share of the games, before the held-out ones, that stop the fit
HIDDEN = 32
EPOCHS = 60        # at most
BATCH = 256
RATE = 0.002       # Adam's step size at the start
PATIENCE = 6       # epochs without a better validation loss before the fit stops
L2 = 1e-6          # penalty on the squared weights, per position
GAMES = 6000
SEARCH_DEPTH = 6


@dataclass
class Setup:
    """What the network's trainer needs of a game: its linear trainer's Setup (the
    self-play players and the search labels) and its network module (FEATURES, ACTIVE,
    ``active(state)``, ``make_evaluator(game, weights)`` with a Net)."""
    linear: logistic.Setup
    network: object
    compiled: tuple = ()  # the players (--players) learn/compiled/<name>.py plays with (--compiled), if any

    @property
    def name(self):
        return self.linear.name

    @property
    def weights_file(self):
        """games/<name>/nn_weights.py"""
        return self.linear.weights_file.with_name("nn_weights.py")


# -- positions -------------------------------------------------------------------------

def design(network, games):
    """(inputs on, N x ACTIVE, padded with FEATURES; results; search values) of every
    position of ``games``."""
    rows, results, values = [], [], []
    pad = [network.FEATURES] * network.ACTIVE
    for game in games:
        for state, result, value in game:
            on = network.active(state)
            rows.append(on + pad[len(on):])
            results.append(result)
            values.append(value)
    return (np.array(rows, dtype=np.int32).reshape(-1, network.ACTIVE), np.array(results, dtype=float),
            np.array(values, dtype=float))


def with_mirrors(data, mirror):
    """(inputs, targets) with each position's mirror image added (``mirror``: the image
    of each input, for a game whose board has a symmetry that keeps the value)."""
    idx, y = data
    image = np.array(list(mirror) + [len(mirror)])  # the padding stays the padding
    return np.concatenate([idx, image[idx]]), np.concatenate([y, y])


# -- the network in numpy --------------------------------------------------------------

class Params:
    """Floating-point weights: ``w1`` (FEATURES + 1 rows, the last the padding's,
    always 0), ``b1``, ``w2`` and ``b2``; a unit's activation 1.0 is the integer ONE."""

    def __init__(self, w1, b1, w2, b2):
        self.w1, self.b1, self.w2, self.b2 = w1, b1, w2, b2

    def arrays(self):
        return [self.w1, self.b1, self.w2, self.b2]

    def copy(self):
        return Params(*(a.copy() for a in self.arrays()))


def initial_params(features, hidden, active, rng):
    """Small random weights, the hidden units starting mid-way up their ramp."""
    w1 = rng.normal(0, 0.5 / math.sqrt(active), (features + 1, hidden))
    w1[features] = 0
    return Params(w1, np.full(hidden, 0.5), rng.normal(0, 1 / math.sqrt(hidden), hidden), np.zeros(1))


def one_hot(idx, features):
    """(N, FEATURES + 1) matrix of the inputs on (the padding's column included)."""
    x = np.zeros((len(idx), features + 1))
    x[np.arange(len(idx))[:, None], idx] = 1
    return x


def logits(params, idx, batch=65536):
    """The floating-point network's logit of each position."""
    out = np.empty(len(idx))
    for start in range(0, len(idx), batch):
        z = params.w1[idx[start:start + batch]].sum(axis=1) + params.b1
        out[start:start + batch] = np.clip(z, 0, 1) @ params.w2 + params.b2[0]
    return out


def gradients(params, x, y, l2):
    """(mean loss, gradients) of the cross-entropy on the one-hot batch ``x``."""
    z = x @ params.w1 + params.b1
    a = np.clip(z, 0, 1)
    s = a @ params.w2 + params.b2[0]
    loss = float(np.mean(np.logaddexp(0, s) - y * s))
    d_s = (sigmoid(s) - y) / len(y)
    d_z = np.outer(d_s, params.w2) * ((z > 0) & (z < 1))
    g_w1 = x.T @ d_z + l2 * params.w1
    g_w1[-1] = 0  # the padding's row stays 0
    return loss, [g_w1, d_z.sum(axis=0), a.T @ d_s + l2 * params.w2, np.array([d_s.sum()])]


def cross_entropy(s, y):
    """Mean cross-entropy of the logits ``s`` against the targets ``y`` in [0, 1]."""
    return float(np.mean(np.logaddexp(0, s) - y * s))


def train(params, data, validation, options, progress=True):
    """The params with the least validation loss (see the module's docstring);
    ``data`` and ``validation`` are (inputs on, targets in [0, 1])."""
    rng = np.random.default_rng(options.seed)
    idx, y = data
    features = params.w1.shape[0] - 1
    moments = [(np.zeros_like(a), np.zeros_like(a)) for a in params.arrays()]
    beta1, beta2, rate, t = 0.9, 0.999, options.rate, 0
    best, best_loss, waited = params.copy(), cross_entropy(logits(params, validation[0]), validation[1]), 0
    bar = progress_bar(range(options.epochs), desc="fit", unit="epoch", disable=not progress)
    for _ in bar:
        order = rng.permutation(len(y))
        losses = []
        for start in range(0, len(y), options.batch):
            rows = order[start:start + options.batch]
            loss, grads = gradients(params, one_hot(idx[rows], features), y[rows], options.l2)
            losses.append(loss)
            t += 1
            for array, grad, (m, v) in zip(params.arrays(), grads, moments):
                m += (1 - beta1) * (grad - m)
                v += (1 - beta2) * (grad * grad - v)
                array -= rate * (m / (1 - beta1 ** t)) / (np.sqrt(v / (1 - beta2 ** t)) + 1e-8)
        loss = cross_entropy(logits(params, validation[0]), validation[1])
        if loss < best_loss - 1e-5:
            best, best_loss, waited = params.copy(), loss, 0
        else:
            waited += 1
            if waited % 2 == 0:
                rate /= 2  # a plateau: smaller steps
            if waited >= options.patience:
                break
        bar.set_postfix(train=f"{np.mean(losses):.4f}", validation=f"{loss:.4f}", best=f"{best_loss:.4f}")
    bar.close()
    return best


# -- quantization and the integer reference ------------------------------------------------

def quantize(params):
    """The integer Net nearest ``params`` (see the module's docstring)."""
    w1 = np.clip(np.round(params.w1[:-1] * ONE), -INT16, INT16).astype(int)
    b1 = np.clip(np.round(params.b1 * ONE), -INT16, INT16).astype(int)
    # w2's integers per unit: as many as w2 and b2 (in units of ONE) leave room for
    scale = min(W2_LIMIT / max(float(np.abs(params.w2).max()), 1e-9),
                INT16 / max(float(abs(params.b2[0])) * ONE, 1e-9))
    w2 = np.clip(np.round(params.w2 * scale), -W2_LIMIT, W2_LIMIT).astype(int)
    b2 = int(np.clip(np.round(params.b2[0] * ONE * scale), -INT16, INT16))
    return Net(w1.tolist(), b1.tolist(), w2.tolist(), b2, 1 / (ONE * scale))


def integer_logits(net, idx):
    """The integer network's output units (before ``step``) of each position, in
    numpy int64: the reference that games/<game>/nn.py's evaluator equals."""
    w1 = np.zeros((net.features + 1, net.hidden), dtype=np.int64)  # the padding's row: 0
    w1[:-1] = net.w1
    z = w1[idx].sum(axis=1) + np.array(net.b1, dtype=np.int64)
    return np.clip(z, 0, ONE) @ np.array(net.w2, dtype=np.int64) + net.b2


def encode(net):
    """Base85 text of the zlib-compressed 16-bit values, low bytes then high bytes
    (games/nn.py's ``decode`` reads it)."""
    raw = np.array(flat_values(net), dtype="<i2").view(np.uint8)
    return to_text(raw[0::2].tobytes() + raw[1::2].tobytes())


def read_network(setup, path, parser):
    """The Net of the weights module at ``path``; a usage error (one line) if it has none
    that fits the game's network."""
    namespace = {}
    try:
        exec(Path(path).read_text(), namespace)
        return setup.network.load_weights(SimpleNamespace(**namespace))
    except Exception as error:  # a user's file: any failure is a usage error, not a traceback
        parser.error(f"cannot read network weights from {path}: {type(error).__name__}: {error}")


def write_weights(path, net, data, header):
    selfplay.write_weights(path, header, [("FEATURES", net.features, "inputs"), ("HIDDEN", net.hidden, "hidden units"),
                                          ("STEP", net.step, "logits per output unit")], data)


# -- figures -----------------------------------------------------------------------------

def scores(s, y):
    """(log-loss, accuracy on the decided positions) of the logits ``s`` against ``y``."""
    decided = y != 0.5
    accuracy = float(np.mean((s[decided] > 0) == (y[decided] > 0.5))) if decided.any() else float("nan")
    return cross_entropy(s, y), accuracy


def evaluation_logits(evaluate, games):
    """The logit ``2 atanh(v)`` of an evaluation's value v of every position."""
    values = np.array([evaluate(state) for game in games for state, _, _ in game])
    return 2 * np.arctanh(np.clip(values, -0.999999, 0.999999))


def held_out_figures(setup, params, net, test, train_games, players):
    """A line of figures on the held-out games: log-loss and accuracy against the
    results, log-loss against the search targets, of the network before and after
    quantization, of the players' evaluation and of the handcrafted one (as a logistic
    model of its value fitted on training positions)."""
    idx, results, values = design(setup.network, test)
    y_result, y_search = (results + 1) / 2, (values + 1) / 2
    game = setup.linear.make_game()
    handcrafted = setup.linear.handcrafted(game)
    sample = train_games[:: max(1, len(train_games) // 300)]
    _, sample_results, _ = design(setup.network, sample)
    a, b = fit_line(evaluation_logits(handcrafted, sample), (sample_results + 1) / 2)
    models = [("network", logits(params, idx)), ("quantized", integer_logits(net, idx) * net.step),
              ("players' evaluation", evaluation_logits(players, test)),
              ("handcrafted", a * evaluation_logits(handcrafted, test) + b)]
    parts = []
    for name, s in models:
        loss, accuracy = scores(s, y_result)
        parts.append(f"{name} {loss:.4f}, {accuracy:.1%}, {cross_entropy(s, y_search):.4f}")
    return (f"{len(test)} games, {len(y_result)} positions; log-loss to the results, accuracy,"
            f" log-loss to the search targets: " + "; ".join(parts))


# -- the command ---------------------------------------------------------------------------

def main(setup, argv=None, prog=None):
    prog = prog or f"python -m learn.{setup.name} --model nn"
    parser = argparse.ArgumentParser(prog=prog, description=f"Fits the {setup.name} network evaluation"
                                                            " (see learn/nn.py).")
    parser.add_argument("--games", type=int, default=GAMES, help="self-play games (default: %(default)s)")
    parser.add_argument("--players", choices=("learned", "handcrafted", "network"), default="learned",
                        help="the self-play players' evaluation (default: %(default)s, the linear one;"
                             f" network: the weights of games/{setup.name}/nn_weights.py)")
    parser.add_argument("--search-depth", type=int, default=SEARCH_DEPTH, metavar="D",
                        help="plies of the labelling searches; 0: the results alone (default: %(default)s)")
    parser.add_argument("--network", metavar="FILE", default=str(setup.weights_file),
                        help="with --players network: the network weights module the players use"
                             " (default: the shipped one)")
    parser.add_argument("--label-quiescence", action="store_true",
                        help="label with AlphaBetaPlus's search: noisy moves played past the depth")
    parser.add_argument("--outcome-share", type=float, default=0.0, metavar="S",
                        help="the result's share in each target (default: %(default)s)")
    parser.add_argument("--hidden", type=int, default=HIDDEN, help="hidden units (default: %(default)s)")
    parser.add_argument("--epochs", type=int, default=EPOCHS, help="epochs at most (default: %(default)s)")
    parser.add_argument("--batch", type=int, default=BATCH, help="positions a step (default: %(default)s)")
    parser.add_argument("--rate", type=float, default=RATE, help="Adam's first step size (default: %(default)s)")
    parser.add_argument("--patience", type=int, default=PATIENCE,
                        help="epochs without progress before stopping (default: %(default)s)")
    parser.add_argument("--l2", type=float, default=L2, help="L2 penalty (default: %(default)s)")
    parser.add_argument("--out", default=str(setup.weights_file), help="weights module to write")
    compiled_players = " or ".join(setup.compiled)
    if setup.compiled:
        parser.add_argument("--compiled", action="store_true",
                            help=f"self-play and labels compiled with numba (learn/compiled/{setup.name}.py),"
                                 f" the {compiled_players} players only (docs/tuning/selfplay.md)")
    add_options(parser, jobs=2, seed_help="seeds the games and the fit")
    options = parser.parse_args(argv)
    compiled = getattr(options, "compiled", False)
    if compiled and options.players not in setup.compiled:
        choices = " or ".join(f"--players {players}" for players in setup.compiled)
        parser.error(f"--compiled plays with the {compiled_players} players only ({choices})")
    if options.label_quiescence and not hasattr(setup.linear.make_game(), "noisy_moves"):
        parser.error(f"--label-quiescence needs noisy moves, which {setup.name} does not name")
    if options.games < 10 or options.jobs < 1 or options.epochs < 1 or options.batch < 1:
        parser.error("need at least 10 games, 1 job, 1 epoch and a batch of 1")
    if not 0 < options.hidden <= 64 or options.search_depth < 0 or not 0 <= options.outcome_share <= 1:
        parser.error("--hidden must lie within 1-64, --search-depth be 0 or more, --outcome-share within 0-1")
    started = time.time()
    weights = None
    if options.players == "learned":
        weights = [float(w) for w in logistic.read_weights(setup.linear.weights_file, setup.linear, parser)]
    elif options.players == "network":
        weights = read_network(setup, options.network, parser)
    labelled = logistic.labelled_games(setup.linear, weights, options.search_depth, options.label_quiescence, compiled)
    with open_backend_or_exit(parser, options, options.jobs) as backend:
        games = generate(labelled, options.games, options.seed, cache=options.cache, backend=backend,
                         progress=not options.quiet, desc="self-play and search")
    kept, test = split(games, int(len(games) * (1 - HELD_OUT)))
    fitted, validation = split(kept, int(len(games) * (1 - HELD_OUT - VALIDATION)))
    network = setup.network
    share = options.outcome_share

    def inputs_and_targets(part):
        idx, results, values = design(network, part)
        return idx, ((1 - share) * values + share * results + 1) / 2

    data = inputs_and_targets(fitted)
    positions = f"{len(data[1])} positions fitted"
    if hasattr(network, "MIRROR"):
        data = with_mirrors(data, network.MIRROR)
        positions += " with their mirror images"
    params = initial_params(network.FEATURES, options.hidden, network.ACTIVE, np.random.default_rng(options.seed))
    params = train(params, data, inputs_and_targets(validation), options, not options.quiet)
    net = quantize(params)
    game = setup.linear.make_game()
    players = logistic.evaluator_of(setup.linear, game, weights)
    figures = held_out_figures(setup, params, net, test, fitted, players)
    print(f"held out: {figures}", flush=True)
    arguments = argv if argv is not None else sys.argv[1:]
    command = " ".join([prog, *arguments])
    text = encode(net)
    header = (f"Weights of the {setup.name} network evaluation (games/{setup.name}/nn.py), written by\n`{command}`\n"
              f"({options.games} self-play games with the {options.players} evaluation, {positions},"
              f" {len(validation)} games for early stopping, {time.time() - started:.0f} s).\n"
              f"Held out, {figures}.\n")
    write_weights(options.out, net, text, header)
    print(f"wrote {options.out} ({len(text):,} characters of data)")
    return 0


MODELS = ("linear", "nn")  # a game trainer's --model choices


def run(setup, argv=None):
    """The game trainer's command: ``--model nn`` fits the network (this module), else
    (``--model linear``, the default) the linear model of learn/logistic.py."""
    argv = sys.argv[1:] if argv is None else list(argv)
    chooser = argparse.ArgumentParser(add_help=False)
    chooser.add_argument("--model", choices=MODELS, default="linear")
    chosen, rest = chooser.parse_known_args(argv)
    if chosen.model == "nn":
        return main(setup, rest)
    return logistic.main(setup.linear, rest, models=MODELS)
