"""The self-play pipeline that the N-tuple trainers share (learn/othello.py,
learn/onitama_ntuple.py): games in seeded chunks on a backend with a progress bar and
a cache, the rounds of self-play and fitting, and the weights module's text. A trainer
keeps what is its game's own (its players, its layout, its design matrix, its held-out
baseline) and hands it over as a ``Trainer``.

1. A round's games come in chunks of ``Trainer.chunk``; chunk ``i`` of round ``r`` is
   played by ``Trainer.play_chunk(chunk_seed(seed, r, i), games, *players)``, so the
   games depend on the seed alone, not on ``--jobs`` (processes) or ``--backend ray``
   (a chunk a Ray task, arena/backends.py).
2. Each round fits the network to every round's games so far but the last
   ``Trainer.held_out`` share of the last round's, then refits to TD(lambda) returns
   (learn/ntuple.py); the fitted weights play the next round.
3. The quantized weights go to a weights module whose header holds the command and the
   held-out figures.

Needs numpy and tqdm (development dependencies; the bundles never import them).
"""

import hashlib
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from arena.backends import LocalBackend, open_backend_or_exit
from learn.ntuple import encode, fit, quantize, sigmoid, td_targets, totals
from learn.progress import progress_bar

WIDTH = 96  # characters of weights data a line


def chunk_seed(seed, round_number, chunk):
    return (seed * 1000 + round_number) * 100_000 + chunk


def chunk_sizes(games, chunk):
    return [min(chunk, games - start) for start in range(0, games, chunk)]


def cache_path(cache, name, key):
    """Where a round's games with this ``key`` (the repr of what decides them) are kept."""
    return Path(cache) / f"{name}-{hashlib.sha1(key.encode()).hexdigest()[:16]}.npz" if cache else None


def play_chunks(play_chunk, tasks, backend, progress, desc, initial=0, count_at=1):
    """Yields ``play_chunk(*task)`` of every task, in order, as each comes back from
    ``backend``, with a progress bar counting games (a task's item ``count_at``;
    ``initial`` games already had)."""
    bar = progress_bar(total=initial + sum(task[count_at] for task in tasks), initial=initial, desc=desc,
                       unit="game", disable=not progress)
    for task, part in zip(tasks, backend.map(play_chunk, tasks)):
        bar.update(task[count_at])
        yield part
    bar.close()


def joined(parts, sizes):
    """One round's arrays from its chunks', the ``game`` column numbered across chunks."""
    offset = 0
    for part, n in zip(parts, sizes):
        part["game"] = part["game"] + offset
        offset += n
    return {name: np.concatenate([part[name] for part in parts]) for name in parts[0]}


def generate(trainer, games, seed, round_number, players, key, cache=None, progress=True, backend=None, jobs=1):
    """One round's games (``trainer.play_chunk``'s arrays, ``game`` numbered across
    chunks), played on ``backend`` (default: ``jobs`` processes); read from ``cache`` if
    it has the games of ``key``, and written there otherwise."""
    path = cache_path(cache, trainer.name, key)
    if path is not None and path.is_file():
        with np.load(path) as stored:
            return {name: stored[name] for name in stored.files}
    sizes = chunk_sizes(games, trainer.chunk)
    tasks = [(chunk_seed(seed, round_number, i), n, *players) for i, n in enumerate(sizes)]
    parts = list(play_chunks(trainer.play_chunk, tasks, backend or LocalBackend(jobs), progress,
                             f"round {round_number + 1} self-play"))
    data = joined(parts, sizes)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, **data)
    return data


# -- the weights module ----------------------------------------------------------------

def write_weights(path, header, fields, data):
    """A weights module: the ``header`` as its docstring, ``fields`` (name, value,
    comment) as constants, then ``DATA``, the base85 text, in lines of ``WIDTH``."""
    lines = [f'"""{header}"""', ""]
    lines += [f"{name} = {value!r}" + (f"  # {comment}" if comment else "") for name, value, comment in fields]
    lines.append("DATA = (")
    lines += [f"    {data[i:i + WIDTH]!r}" for i in range(0, len(data), WIDTH)]
    lines.append(")")
    Path(path).write_text("\n".join(lines) + "\n", encoding="ascii")


def read_weights(path, parser, names, decode):
    """The values of constants ``names`` (the last ``DATA``) of a weights module, checked
    by ``decode(*values)``; a usage error (one line, exit 2) if the file has none."""
    namespace = {}
    try:
        exec(Path(path).read_text(), namespace)
        encoded = tuple(tuple(value) if isinstance(value, list) else value
                        for value in (namespace[name] for name in names))
        decode(*encoded)
    except Exception as error:  # a user's file: any failure is a usage error, not a traceback
        parser.error(f"cannot read N-tuple weights from {path}: {type(error).__name__}: {error}")
    return encoded


# -- the rounds ------------------------------------------------------------------------

@dataclass
class Trainer:
    """What is a game's own in an N-tuple trainer.

    ``play_chunk(seed, games, encoded, depths)``: a chunk's games as arrays, with at
    least ``label`` (1, 0, -1 for the side to move), ``exact``, ``player`` and ``game``;
    ``encoded`` is the players' weights (``None``: the first round's evaluation).
    ``cache_key(games, seed, round_number, encoded, depths)``: what decides a round's
    games. ``design(layout, data)``: the parameter ids of each position. ``pad``: the
    layout has one parameter more, pinned at 0, for look-ups a position does not make.
    ``figures(theta, quantized, step, x_train, y_train, x_test, test, train)``: the
    held-out figures' text. ``phases_comment``: what the weights module's PHASES count.
    ``targets(data)``: the fit's target of each position, in [0, 1] (default: the
    label moved to [0, 1]); with its own targets a trainer has no TD refits, whose
    returns start from the labels."""
    name: str
    prog: str
    what: str
    play_chunk: Callable
    cache_key: Callable
    design: Callable
    figures: Callable
    phases_comment: str
    chunk: int
    held_out: float
    pad: bool = False
    targets: Callable = None

    def fit(self, layout, x, y, options, progress, desc, theta=None, iterations=None):
        size = layout.size + 1 if self.pad else layout.size
        return fit(x, y, size, options.l2, iterations or options.iterations, theta=theta, progress=progress,
                   desc=desc, min_visits=options.min_visits, pinned=[layout.size] if self.pad else ())

    def write(self, path, layout, step, data, header):
        write_weights(path, header, [("TABLES", " ".join(layout.tables), ""),
                                     ("PHASES", layout.phases, self.phases_comment),
                                     ("STEP", step, "logits per unit")], data)

    def read(self, path, parser, decode):
        return read_weights(path, parser, ("TABLES", "PHASES", "STEP", "DATA"), decode)


def split(data, cut):
    """(the games numbered below ``cut``, the others)."""
    return ({name: column[data["game"] < cut] for name, column in data.items()},
            {name: column[data["game"] >= cut] for name, column in data.items()})


def train(trainer, parser, options, depths, layout, encoded, argv):
    """The rounds of self-play and fitting of the parsed ``options``, then the weights
    module; ``encoded`` the first round's players' weights (or None)."""
    progress = not options.quiet
    started = time.time()
    train_parts = []
    with open_backend_or_exit(parser, options, options.jobs) as backend:
        for round_number in range(options.rounds):
            key = trainer.cache_key(options.games, options.seed, round_number, encoded, depths)
            data = generate(trainer, options.games, options.seed, round_number, (encoded, tuple(depths)), key,
                            options.cache, progress, backend)
            last = round_number == options.rounds - 1
            kept, test = split(data, int(options.games * (1 - trainer.held_out)) if last else options.games)
            train_parts.append(kept)
            train_data = {name: np.concatenate([part[name] for part in train_parts]) for name in data}
            theta, x_train, y_train = fit_round(trainer, layout, train_data, options, progress, round_number)
            quantized = quantize(theta[:layout.size], options.step)
            encoded = (" ".join(layout.tables), layout.phases, options.step, encode(quantized))
            if last:
                figures = trainer.figures(theta, quantized, options.step, x_train, y_train,
                                          trainer.design(layout, test), test, train_data)
                print(f"round {round_number + 1}: held out, {figures}", flush=True)
            else:
                print(f"round {round_number + 1}: {len(y_train)} positions fitted", flush=True)
    arguments = argv if argv is not None else sys.argv[1:]
    command = " ".join([f"python -m {trainer.prog}", *arguments])
    positions = sum(len(part["label"]) for part in train_parts)
    header = (f"Weights of the {trainer.what}, written by\n`{command}`\n"
              f"({options.rounds} round{'s' if options.rounds > 1 else ''} of {options.games} self-play games,"
              f" {positions} positions fitted, {time.time() - started:.0f} s;"
              f" {int(np.count_nonzero(quantized))} of {layout.size} weights not zero).\n"
              f"Held out, {figures}.\n")
    trainer.write(options.out, layout, options.step, encoded[3], header)
    print(f"wrote {options.out} ({len(encoded[3]):,} characters of data)")
    return 0


def fit_round(trainer, layout, data, options, progress, round_number):
    """(theta, design, targets) of one round: the fit to the results (or to the
    trainer's ``targets``), then the TD passes."""
    x = trainer.design(layout, data)
    y = (data["label"] + 1) / 2 if trainer.targets is None else trainer.targets(data)
    desc = f"round {round_number + 1}"
    theta = trainer.fit(layout, x, y, options, progress, f"{desc} fit")
    # TD(lambda) returns start from the labels (learn/ntuple.td_targets): other targets
    # would be thrown away, so a trainer's own targets have no TD refits
    passes = options.td_passes if options.td < 1 and trainer.targets is None else 0
    for td_pass in range(passes):
        y_td = td_targets(sigmoid(totals(theta, x)), data, options.td)
        theta = trainer.fit(layout, x, y_td, options, progress, f"{desc} TD pass {td_pass + 1}", theta,
                            options.iterations // 2)
    return theta, x, y
