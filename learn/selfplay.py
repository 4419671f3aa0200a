"""The rounds that the N-tuple trainers share (learn/othello.py,
learn/onitama_ntuple.py): self-play (learn/pipeline.py) and fitting, and the weights
module's text. A trainer keeps what is its game's own (its players, its layout, its
design matrix, its held-out baseline) and hands it over as a ``Trainer``.

1. Round ``r``'s games are the pipeline's stream ``r``: game ``i`` is played by
   ``Trainer.play_chunk(seeds, *players)`` from the seed ``game_seed(seed, r, i)``
   alone, in chunks of ``Trainer.chunk`` a task, so the games depend on the seed, not
   on ``--jobs`` (processes) or ``--backend ray`` (a chunk a Ray task,
   arena/backends.py); ``--cache DIR`` keeps them.
2. Each round fits the network to every round's games so far but the last
   ``Trainer.held_out`` share of the last round's, then refits to TD(lambda) returns
   (learn/ntuple.py); the fitted weights play the next round.
3. The quantized weights go to a weights module whose header holds the command and the
   held-out figures.

Needs numpy and tqdm (development dependencies; the bundles never import them).
"""

import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from arena.backends import open_backend_or_exit
from learn.ntuple import encode, fit, quantize, sigmoid, td_targets, totals
from learn.pipeline import Games, generate, split

WIDTH = 96  # characters of weights data a line


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

    ``play_chunk(seeds, encoded, depths)``: one game per seed (learn/pipeline.py) as
    arrays, with at least ``label`` (1, 0, -1 for the side to move), ``exact``,
    ``player`` and ``game`` (0 to len(seeds) - 1); ``encoded`` is the players' weights
    (``None``: the first round's evaluation). ``cache_key(encoded, depths)``: what
    decides a round's games besides their seeds. ``design(layout, data)``: the parameter ids of each position. ``pad``: the
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

    def games(self, encoded, depths):
        """The pipeline's Games of the players ``encoded`` at ``depths``."""
        return Games(name=self.name, play=self.play_chunk, args=(encoded, tuple(depths)),
                     key=self.cache_key(encoded, depths), chunk=self.chunk)

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


def train(trainer, parser, options, depths, layout, encoded, argv):
    """The rounds of self-play and fitting of the parsed ``options``, then the weights
    module; ``encoded`` the first round's players' weights (or None)."""
    progress = not options.quiet
    started = time.time()
    train_parts = []
    with open_backend_or_exit(parser, options, options.jobs) as backend:
        for round_number in range(options.rounds):
            data = generate(trainer.games(encoded, depths), options.games, options.seed, round_number,
                            options.cache, backend, progress=progress, desc=f"round {round_number + 1} self-play")
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
