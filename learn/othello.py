"""Fits the N-tuple Othello evaluation (games/othello/ntuple.py) and writes its weights
module, games/othello/ntuple_weights.py. See docs/tuning/othello-ntuple.md for what
was tried and measured.

1. Self-play: games between shallow alpha-beta players (``--depths``, drawn per player
   and game), each opened with 2-10 random plies and with one move in 25 drawn at
   random. From ``SOLVE_EMPTIES`` empty squares on, the exact solver plays both sides
   (win, draw or loss, engines/solver.py), so every position's label is the result of
   the game with a perfect endgame: the solved result for the side to move there.
   Round 1's players use the handcrafted evaluation (or ``--from-weights``), each
   later round's the N-tuple weights fitted after the round before. Games come in
   chunks of ``CHUNK``, each seeded from (``--seed``, round, chunk), so the games do not
   depend on ``--jobs`` (the processes that play them).
2. Fitting: logistic regression of the label on the N-tuple network's entries (one
   parameter per phase and canonical table entry, and a bias per phase), full-batch
   Adam with an L2 penalty, on every round's games but the last ``HELD_OUT`` share of
   the last round's, which are held out. With ``--td LAMBDA`` below 1, the targets are
   then replaced by TD(lambda) returns computed with the fitted model along each game
   (the solved positions keep their exact labels), and the model is fitted again, for
   ``--td-passes`` passes: offline TD(lambda) over the self-play games.
3. The weights are quantized to 8-bit integers in steps of ``STEP`` logits,
   compressed (zlib) and written as base85 text with the command and the held-out
   figures (log-loss and accuracy beside those of the handcrafted evaluation as a
   one-feature logistic model, and the quantized model's) in the module's header.

Self-play runs in ``--jobs`` processes, or as Ray tasks over a cluster with ``--backend
ray`` (``arena.backends``: a chunk a task, the same games either way).

``--cache DIR`` keeps each round's games (and reuses them when the same command, or
one that shares its first rounds, is run again). Needs numpy (a development
dependency; the bundles never import it).

The committed weights came from the defaults, which are the recipe:

    python -m learn.othello --jobs 1 --cache results/cache
"""

import argparse
import hashlib
import math
import os
import random
import sys
import time
from pathlib import Path

import numpy as np
from tqdm import tqdm

from arena.backends import LocalBackend, add_backend_options, open_backend_or_exit
from engines.alphabeta import AlphaBeta
from engines.base import Limit, random_plies
from engines.solver import ExactSolver
from games.othello import ntuple
from games.othello.evaluation import make_evaluator as handcrafted
from games.othello.rules import Othello
from learn.ntuple import (add_training_options, checked_training_options, encode, fit, fit_line, quantize, scores,
                          sigmoid, td_targets, totals)

OPENING_PLIES = (2, 11)  # random plies at the start: range(*OPENING_PLIES)
RANDOM_MOVE = 0.04       # chance that a move is drawn at random
DEPTHS = (1, 2)          # plies of the players, by default
SOLVE_EMPTIES = 10       # the solver plays from this many empty squares on
CHUNK = 25               # games per seeded chunk
HELD_OUT = 0.1           # share of the last round's games held out
PHASES = (28, 44)        # disc counts where a phase starts (the first at 4)
PATTERNS = tuple(ntuple.PATTERNS)
L2 = 20.0                # penalty on the squared weights (a pseudo-count pulling to 0)
MIN_VISITS = 100         # weights read fewer times in the training positions stay 0
ITERATIONS = 150         # Adam steps of a fit (a TD pass takes half as many)
STEP = 1 / 16            # logits per unit of the quantized weights
TD_LAMBDA = 0.7          # lambda of the TD(lambda) refits
TD_PASSES = 2            # TD(lambda) refits after the fit to the results
WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "games" / "othello" / "ntuple_weights.py"

# -- self-play -------------------------------------------------------------------------

_EVALUATORS = {}  # per process: the players' evaluation, by weights


def _evaluator(game, encoded):
    if encoded not in _EVALUATORS:
        _EVALUATORS[encoded] = (handcrafted(game) if encoded is None
                                else ntuple.make_evaluator(game, ntuple.decode(*encoded)))
    return _EVALUATORS[encoded]


def play_chunk(seed, games, encoded=None, depths=DEPTHS, solve_empties=SOLVE_EMPTIES):
    """``games`` self-play games as arrays of their positions: ``mover``, ``other``
    (bitboards), ``player``, ``label`` (the solved result for the side to move: 1, 0,
    -1), ``exact`` (whether the solver labelled the position itself), ``game`` (0 to
    games - 1), ``mobility`` and ``their_mobility`` (legal moves of each side). The
    players use the N-tuple weights ``encoded`` (patterns, phases, step, data), or the
    handcrafted evaluation."""
    game = Othello()
    evaluate = _evaluator(game, encoded)
    solver = ExactSolver(game, exact=False)
    rng = random.Random(seed)
    rows = []
    played = 0
    while played < games:
        state = random_plies(game, game.initial_state(), rng, rng.randrange(*OPENING_PLIES))
        players = [AlphaBeta(game, evaluate, max_depth=rng.choice(depths)) for _ in range(2)]
        positions, labels = [], []
        moves = game.legal_moves(state)
        while moves:
            positions.append(state)
            if game.empty_squares(state) <= solve_empties:
                result = solver.solve(state, math.inf)
                labels.append((result.value > 0) - (result.value < 0))
                move = result.move
            else:
                labels.append(None)
                move = rng.choice(moves) if rng.random() < RANDOM_MOVE else \
                    players[state[2]].search(state, Limit()).move
            state = game.play(state, move)
            moves = game.legal_moves(state)
        if not positions:
            continue  # the opening ended the game
        # the first solved position's result (or the final one) for the earlier positions
        known = next((i for i, label in enumerate(labels) if label is not None), None)
        if known is None:
            reference, result = state[2], game.outcome(state)
        else:
            reference, result = positions[known][2], labels[known]
        for state, label in zip(positions, labels):
            mover, other, player = state
            exact = label is not None
            if not exact:
                label = result if player == reference else -result
            rows.append((mover, other, player, label, exact, played,
                         game.move_mask(mover, other).bit_count(), game.move_mask(other, mover).bit_count()))
        played += 1
    columns = list(zip(*rows))
    return {"mover": np.array(columns[0], dtype=np.uint64), "other": np.array(columns[1], dtype=np.uint64),
            "player": np.array(columns[2], dtype=np.int8), "label": np.array(columns[3], dtype=np.int8),
            "exact": np.array(columns[4], dtype=bool), "game": np.array(columns[5], dtype=np.int32),
            "mobility": np.array(columns[6], dtype=np.int8), "their_mobility": np.array(columns[7], dtype=np.int8)}


def chunk_seed(seed, round_number, chunk):
    return (seed * 1000 + round_number) * 100_000 + chunk


def generate(games, seed, round_number, jobs, encoded, depths, cache=None, progress=True, backend=None):
    """One round's games (arrays as ``play_chunk``'s, ``game`` numbered across chunks),
    played on ``backend`` (default: ``jobs`` processes); read from ``cache`` if it has them."""
    key = repr((games, seed, round_number, encoded, tuple(depths), OPENING_PLIES, RANDOM_MOVE,
                SOLVE_EMPTIES, CHUNK))
    path = None
    if cache:
        path = Path(cache) / f"othello-{hashlib.sha1(key.encode()).hexdigest()[:16]}.npz"
        if path.is_file():
            with np.load(path) as stored:
                return {name: stored[name] for name in stored.files}
    sizes = [min(CHUNK, games - start) for start in range(0, games, CHUNK)]
    tasks = [(chunk_seed(seed, round_number, i), n, encoded, tuple(depths)) for i, n in enumerate(sizes)]
    bar = tqdm(total=games, desc=f"round {round_number + 1} self-play", unit="game", disable=not progress)
    parts = []
    for task, part in zip(tasks, (backend or LocalBackend(jobs)).map(play_chunk, tasks)):
        parts.append(part)
        bar.update(task[1])
    bar.close()
    offset = 0
    for part, n in zip(parts, sizes):
        part["game"] = part["game"] + offset
        offset += n
    data = {name: np.concatenate([part[name] for part in parts]) for name in parts[0]}
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, **data)
    return data


# -- the model in numpy ----------------------------------------------------------------

class Layout:
    """Where each parameter lives: per phase a block of ``block`` parameters, the bias
    first, then each pattern's canonical entries (as the weights module stores them)."""

    def __init__(self, patterns, phases):
        ntuple.check_layout(patterns, phases)
        self.patterns, self.phases = tuple(patterns), tuple(phases)
        counts = ntuple.stored_counts(self.patterns)
        self.offsets = dict(zip(self.patterns, np.cumsum(counts)[:-1].tolist()))
        self.block = sum(counts)
        self.size = self.block * (len(phases) + 1)
        self.slots = {}
        for pattern in self.patterns:
            canon = np.array(ntuple.canonical(pattern))
            _, slot = np.unique(canon, return_inverse=True)
            self.slots[pattern] = slot.astype(np.int64)

    def phase(self, discs):
        return np.searchsorted(np.array(self.phases), discs, side="right")


def ternary(mover, other):
    """(N, 64) digits: 0 empty, 1 the mover's disc, 2 the other's."""
    shifts = np.arange(64, dtype=np.uint64)
    one = np.uint64(1)
    return (((mover[:, None] >> shifts) & one) + 2 * ((other[:, None] >> shifts) & one)).astype(np.int64)


def image_indices(mover, other):
    """(N, images) index of each image of ntuple.IMAGES, square by square in numpy."""
    digits = ternary(mover, other)
    out = np.empty((len(mover), len(ntuple.IMAGES)), dtype=np.int64)
    for j, (_, squares) in enumerate(ntuple.IMAGES):
        out[:, j] = digits[:, [8 * r + c for r, c in squares]] @ (3 ** np.arange(len(squares)))
    return out


def design(layout, data, batch=100_000):
    """(columns, N) parameter ids of each position: its phase's bias, then one per
    image of the layout's patterns."""
    n = len(data["mover"])
    used = [j for j, (pattern, _) in enumerate(ntuple.IMAGES) if pattern in layout.patterns]
    x = np.empty((1 + len(used), n), dtype=np.int32)
    for start in range(0, n, batch):
        mover, other = data["mover"][start:start + batch], data["other"][start:start + batch]
        discs = np.array([int(m).bit_count() + int(o).bit_count() for m, o in zip(mover, other)])
        base = layout.phase(discs) * layout.block
        x[0, start:start + batch] = base
        indices = image_indices(mover, other)
        for row, j in enumerate(used, 1):
            pattern = ntuple.IMAGES[j][0]
            x[row, start:start + batch] = base + layout.offsets[pattern] + layout.slots[pattern][indices[:, j]]
    return x


# -- the weights module ----------------------------------------------------------------

def write_weights(path, layout, step, data, header):
    lines = [f'"""{header}"""', "",
             f"PATTERNS = {' '.join(layout.patterns)!r}",
             f"PHASES = {layout.phases!r}  # disc counts where a phase starts (the first at 4)",
             f"STEP = {step!r}  # logits per unit",
             "DATA = ("]
    width = 96
    lines += [f"    {data[i:i + width]!r}" for i in range(0, len(data), width)]
    lines.append(")")
    Path(path).write_text("\n".join(lines) + "\n", encoding="ascii")


def read_weights(path, parser):
    """(patterns, phases, step, data) of a weights module; a usage error if it has none."""
    namespace = {}
    try:
        exec(Path(path).read_text(), namespace)
        encoded = (namespace["PATTERNS"], tuple(namespace["PHASES"]), namespace["STEP"], namespace["DATA"])
        ntuple.decode(*encoded)
    except Exception as error:  # a user's file: any failure is a usage error, not a traceback
        parser.error(f"cannot read N-tuple weights from {path}: {type(error).__name__}: {error}")
    return encoded


# -- the command -----------------------------------------------------------------------

def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m learn.othello",
                                     description="Fits the N-tuple Othello evaluation (see learn/othello.py).")
    add_training_options(parser, sys.modules[__name__], games=10000, rounds=2, jobs=os.cpu_count() or 1,
                         jobs_help="processes for self-play, unused with --backend ray (default: the cores, %(default)s)",
                         first_players="the handcrafted evaluation", layout_option="--patterns",
                         layout_default=PATTERNS, phases_of="disc")
    add_backend_options(parser, games=False)
    options = parser.parse_args(argv)
    depths, layout = checked_training_options(parser, options, Layout)
    encoded = read_weights(options.from_weights, parser) if options.from_weights else None
    progress = not options.quiet
    started = time.time()
    train_parts, theta = [], None
    with open_backend_or_exit(parser, options, options.jobs) as backend:
        for round_number in range(options.rounds):
            data = generate(options.games, options.seed, round_number, options.jobs, encoded, depths,
                            options.cache, progress, backend)
            last = round_number == options.rounds - 1
            cut = int(options.games * (1 - HELD_OUT)) if last else options.games
            train_parts.append({name: column[data["game"] < cut] for name, column in data.items()})
            test = {name: column[data["game"] >= cut] for name, column in data.items()}
            train = {name: np.concatenate([part[name] for part in train_parts]) for name in data}
            x_train = design(layout, train)
            x_test = design(layout, test) if last else None
            y_train = (train["label"] + 1) / 2
            theta = fit(x_train, y_train, layout.size, options.l2, options.iterations, progress=progress,
                        desc=f"round {round_number + 1} fit", min_visits=options.min_visits)
            for td_pass in range(options.td_passes if options.td < 1 else 0):
                y_td = td_targets(sigmoid(totals(theta, x_train)), train, options.td)
                theta = fit(x_train, y_td, layout.size, options.l2, options.iterations // 2, theta=theta,
                            progress=progress, desc=f"round {round_number + 1} TD pass {td_pass + 1}",
                            min_visits=options.min_visits)
            quantized = quantize(theta, options.step)
            encoded = (" ".join(layout.patterns), layout.phases, options.step, encode(quantized))
            if last:
                figures = held_out_figures(theta, quantized, options.step, x_train, y_train, x_test, test, train)
                print(f"round {round_number + 1}: held out, {figures}", flush=True)
            else:
                print(f"round {round_number + 1}: {len(y_train)} positions fitted", flush=True)
    arguments = argv if argv is not None else sys.argv[1:]
    command = " ".join(["python -m learn.othello", *arguments])
    positions = sum(len(part["label"]) for part in train_parts)
    header = (f"Weights of the N-tuple Othello evaluation (games/othello/ntuple.py), written by\n`{command}`\n"
              f"({options.rounds} round{'s' if options.rounds > 1 else ''} of {options.games} self-play games,"
              f" {positions} positions fitted, {time.time() - started:.0f} s;"
              f" {int(np.count_nonzero(quantized))} of {layout.size} weights not zero).\n"
              f"Held out, {figures}.\n")
    write_weights(options.out, layout, options.step, encoded[3], header)
    print(f"wrote {options.out} ({len(encoded[3]):,} characters of data)")
    return 0


def held_out_figures(theta, quantized, step, x_train, y_train, x_test, test, train):
    """The held-out figures of the model, quantized too, and of the handcrafted
    evaluation as a logistic model fitted to the training positions."""
    y_test = (test["label"] + 1) / 2
    loss, accuracy = scores(sigmoid(totals(theta, x_test)), y_test)
    q_loss, q_accuracy = scores(sigmoid(totals(quantized.astype(float) * step, x_test)), y_test)
    game = Othello()
    evaluate = handcrafted(game)

    def logits(part, limit=None):
        n = len(part["label"]) if limit is None else min(limit, len(part["label"]))
        values = np.array([evaluate((int(m), int(o), int(p))) for m, o, p in
                           zip(part["mover"][:n], part["other"][:n], part["player"][:n])])
        return np.arctanh(np.clip(values, -0.999999, 0.999999)), n

    h_train, n = logits(train, 100_000)
    h_test, _ = logits(test)
    a, b = fit_line(h_train, y_train[:n])
    h_loss, h_accuracy = scores(sigmoid(a * h_test + b), y_test)
    return (f"{len(np.unique(test['game']))} games, {len(y_test)} positions: log-loss {loss:.4f},"
            f" accuracy {accuracy:.1%} ({q_loss:.4f} and {q_accuracy:.1%} quantized);"
            f" the handcrafted evaluation as a logistic model: log-loss {h_loss:.4f}, accuracy {h_accuracy:.1%}")


if __name__ == "__main__":
    sys.exit(main())
