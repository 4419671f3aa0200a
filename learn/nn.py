"""Fits a small neural-network evaluation (games/nn.py, a game's games/<game>/nn.py)
and writes its weights module, games/<game>/nn_weights.py. Run through the game's
trainer: ``python -m learn.oware --model nn`` (``--help`` after it for the options).

1. Positions: self-play games of learn/logistic.py's players (shallow alpha-beta, one
   move in 25 at random), by default with the game's linear learned evaluation (the
   bot's evaluation before this one), ``CHUNK`` games at a time, each chunk seeded from
   (``--seed``, chunk), so the games do not depend on ``--jobs`` (the processes that
   play them). Every position is labelled with its game's result and with the value of
   an alpha-beta search ``--search-depth`` plies deep from it, with the players'
   evaluation (learn/logistic.py's ``search_values``). ``--cache DIR`` keeps each chunk,
   so a run that stops goes on where it was, and a run with more games reuses the
   chunks it shares. The chunks run in ``--jobs`` processes, or as Ray tasks over a
   cluster with ``--backend ray`` (``arena.backends``: a chunk a task, the same games
   either way). With ``--compiled`` (Oware with ``--players learned`` or ``network``;
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
import hashlib
import importlib
import math
import pickle
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from arena.backends import LocalBackend, add_backend_options, open_backend_or_exit
from engines.alphabeta import QUIESCENCE, AlphaBetaPlus
from games.nn import INT16, ONE, W2_LIMIT, Net, flat_values
from games.weights import to_text
from learn import logistic
from learn.ntuple import fit_line, sigmoid
from learn.progress import progress_bar
from learn import selfplay
from learn.selfplay import chunk_sizes, play_chunks

CHUNK = 25         # games per seeded chunk
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

def play_chunk(name, seed, games, weights, depth, quiescence=False):
    """One chunk's games, each a list of (state, result, search value) for the side to
    move (the result itself with no search; ``quiescence``: the labelling searches are
    AlphaBetaPlus's, with noisy moves past the depth)."""
    played = logistic.self_play(name, seed, games, weights)
    states = [state for game in played for state, _ in game]
    if depth:
        values = logistic.search_values(name, states, depth, weights, quiescence)
    else:
        values = [float(result) for game in played for _, result in game]
    chunk, at = [], 0
    for game in played:
        chunk.append([(state, result, value) for (state, result), value in zip(game, values[at:at + len(game)])])
        at += len(game)
    return chunk


_COMPILED = {}  # per process: the compiled players' evaluation, by weights


def play_chunk_compiled(name, seed, games, weights, depth, quiescence=False):
    """``play_chunk``'s games played by learn/compiled/<name>.py: the same players and
    labels, compiled with numba (the games differ where moves tie)."""
    compiled = importlib.import_module(f"learn.compiled.{name}")  # numba: imported by --compiled only
    key = (name, repr(weights_key(weights)))
    if key not in _COMPILED:
        _COMPILED[key] = compiled.evaluation(weights)
    linear = logistic.setup_of(name)
    players_quiescence = QUIESCENCE if issubclass(linear.player, AlphaBetaPlus) else 0
    return compiled.play_chunk(seed, games, _COMPILED[key], linear.depths, linear.opening_plies,
                               logistic.RANDOM_MOVE, depth, players_quiescence, QUIESCENCE if quiescence else 0)


def weights_key(weights):
    """What decides the players' evaluation, as a value that prints the same in every
    run: the linear weights as they are, a network's integers and step."""
    return ("network", tuple(flat_values(weights)), weights.step) if isinstance(weights, Net) else weights


def generate(setup, games, seed, jobs, weights, depth, cache=None, progress=True, backend=None, compiled=False,
             quiescence=False):
    """``games`` labelled games (``play_chunk``'s, or ``play_chunk_compiled``'s), in
    chunk order, played on ``backend`` (default: ``jobs`` processes); chunks kept in
    ``cache`` are read from there, the others written."""
    sizes = chunk_sizes(games, CHUNK)
    tasks = [(setup.name, seed * 100_000 + i, n, weights, depth, quiescence) for i, n in enumerate(sizes)]
    folder = None
    if cache:
        linear = setup.linear
        decided_by = (setup.name, seed, depth, weights_key(weights), logistic.RANDOM_MOVE, linear.depths,
                      linear.opening_plies)
        key = repr(decided_by + (("quiescence",) if quiescence else ()))  # the keys of earlier runs unchanged
        kind = "nn-compiled" if compiled else "nn"
        folder = Path(cache) / f"{setup.name}-{kind}-{hashlib.sha1(key.encode()).hexdigest()[:16]}"
        folder.mkdir(parents=True, exist_ok=True)
    files = [folder / f"chunk{i:05d}-{n}.pkl" if folder else None for i, n in enumerate(sizes)]
    chunks = [pickle.loads(path.read_bytes()) if path and path.is_file() else None for path in files]
    missing = [i for i, chunk in enumerate(chunks) if chunk is None]
    done = play_chunks(play_chunk_compiled if compiled else play_chunk, [tasks[i] for i in missing], backend or LocalBackend(jobs), progress,
                       "self-play and search", initial=games - sum(sizes[i] for i in missing), count_at=2)
    for i, chunk in zip(missing, done):
        chunks[i] = chunk
        if files[i]:
            files[i].write_bytes(pickle.dumps(chunk))
    return [game for chunk in chunks for game in chunk]


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
    parser.add_argument("--seed", type=int, default=1, help="seeds the games and the fit (default: %(default)s)")
    parser.add_argument("--jobs", type=int, default=2,
                        help="processes for self-play, unused with --backend ray (default: %(default)s)")
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
    parser.add_argument("--cache", metavar="DIR", help="folder keeping the labelled games between runs")
    parser.add_argument("--out", default=str(setup.weights_file), help="weights module to write")
    parser.add_argument("--quiet", action="store_true", help="no progress bars")
    compiled_players = " or ".join(setup.compiled)
    if setup.compiled:
        parser.add_argument("--compiled", action="store_true",
                            help=f"self-play and labels compiled with numba (learn/compiled/{setup.name}.py),"
                                 f" the {compiled_players} players only (docs/tuning/selfplay.md)")
    add_backend_options(parser, games=False)
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
    with open_backend_or_exit(parser, options, options.jobs) as backend:
        games = generate(setup, options.games, options.seed, options.jobs, weights, options.search_depth,
                         options.cache, not options.quiet, backend, compiled, options.label_quiescence)
    test_cut = int(len(games) * (1 - HELD_OUT))
    validation_cut = int(len(games) * (1 - HELD_OUT - VALIDATION))
    fitted, validation, test = games[:validation_cut], games[validation_cut:test_cut], games[test_cut:]
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
