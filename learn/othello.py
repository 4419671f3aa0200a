"""Fits the N-tuple Othello evaluation (games/othello/ntuple.py) and writes its weights
module, games/othello/ntuple_weights.py. See docs/tuning/othello-ntuple.md for what
was tried and measured.

1. Self-play: games between shallow alpha-beta players (``--depths``, drawn per player
   and game), each opened with 2-10 random plies and with one move in 25 drawn at
   random. From ``SOLVE_EMPTIES`` empty squares on, the exact solver plays both sides
   (win, draw or loss, engines/solver.py), so every position's label is the result of
   the game with a perfect endgame: the solved result for the side to move there.
   Round 1's players use the handcrafted evaluation (or ``--from-weights``), each
   later round's the N-tuple weights fitted after the round before. Game i of round r
   is a function of (``--seed``, r, i) alone (learn/pipeline.py), so the games do not
   depend on ``--jobs`` (the processes that play them), ``CHUNK`` games a task.
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
ray`` (``arena.backends``: a chunk a task, the same games either way), through the
rounds the N-tuple trainers share (learn/selfplay.py, on learn/pipeline.py). With ``--compiled`` the games
are played by numba code (learn/compiled/othello.py: the same players, labels and
columns, held equal to the pure-Python rules, evaluations and searches by tests) at
about 30 times the games a core-hour (docs/tuning/selfplay.md).

``--misere`` fits the same network to Reversed Reversi (fewer discs win): its games, its
handcrafted evaluation (games/othello/misere.py) for the first players and as the
held-out baseline, and games/othello/misere_ntuple_weights.py, the SUSTech bot's weights
on 8x8 (docs/tuning/reversi-sustech.md#the-n-tuple-evaluation).

``--cache DIR`` keeps each round's games (and reuses them when the same command, or
one that shares its first rounds, is run again). Needs numpy (a development
dependency; the bundles never import it).

The committed weights came from two rounds of compiled games of deeper players, seven
phases, starting from the weights the defaults had fitted (commit 970c6f7; the command
is in the weights module's header, the figures in docs/tuning/othello-ntuple.md):

    python -m learn.othello --compiled --games 100000 --rounds 2 --depths 2,3,4 \
        --from-weights games/othello/ntuple_weights.py --phases 16,24,32,40,48,56
"""

import argparse
import os
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path

import numpy as np

from engines.alphabeta import AlphaBeta
from engines.base import Limit, random_plies
from engines.solver import ExactSolver
from games.othello import misere, ntuple
from games.othello.evaluation import make_evaluator as handcrafted
from games.othello.rules import Othello
from learn.ntuple import add_training_options, checked_training_options, fit_line, scores, sigmoid, totals
from learn.pipeline import made, until_played
from learn.selfplay import Trainer, train

OPENING_PLIES = (2, 11)  # random plies at the start: range(*OPENING_PLIES)
RANDOM_MOVE = 0.04       # chance that a move is drawn at random
DEPTHS = (1, 2)          # plies of the players, by default
SOLVE_EMPTIES = 10       # the solver plays from this many empty squares on
CHUNK = 25               # games a task
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
MISERE_WEIGHTS_FILE = WEIGHTS_FILE.with_name("misere_ntuple_weights.py")  # --misere's

# -- self-play -------------------------------------------------------------------------

def first_players(game):
    """The first round's evaluation: the handcrafted one of the game."""
    return misere.make_evaluator(game) if game.misere else handcrafted(game)


def _evaluator(game, encoded):
    """The players' evaluation, made once a process."""
    return made(("othello", game.misere, encoded), lambda: first_players(game) if encoded is None
                else ntuple.make_evaluator(game, ntuple.LAYOUT.decode(*encoded)))


def play_game(game, evaluate, depths, solve_empties, rng):
    """One game of ``rng``'s draws: its rows (``play_chunk``'s columns but ``game``),
    none where the opening ended the game."""
    solver = ExactSolver(game, exact=False)
    state = random_plies(game, game.initial_state(), rng, rng.randrange(*OPENING_PLIES))
    players = [AlphaBeta(game, evaluate, max_depth=rng.choice(depths)) for _ in range(2)]
    positions, labels = [], []
    moves = game.legal_moves(state)
    while moves:
        positions.append(state)
        if game.empty_squares(state) <= solve_empties:
            result = solver.solve(state, Limit())
            labels.append((result.value > 0) - (result.value < 0))
            move = result.move
        else:
            labels.append(None)
            move = rng.choice(moves) if rng.random() < RANDOM_MOVE else \
                players[state[2]].search(state, Limit()).move
        state = game.play(state, move)
        moves = game.legal_moves(state)
    if not positions:
        return []
    # the first solved position's result (or the final one) for the earlier positions
    known = next((i for i, label in enumerate(labels) if label is not None), None)
    if known is None:
        reference, result = state[2], game.outcome(state)
    else:
        reference, result = positions[known][2], labels[known]
    rows = []
    for state, label in zip(positions, labels):
        mover, other, player = state
        exact = label is not None
        if not exact:
            label = result if player == reference else -result
        rows.append((mover, other, player, label, exact,
                     game.move_mask(mover, other).bit_count(), game.move_mask(other, mover).bit_count()))
    return rows


def play_chunk(seeds, encoded=None, depths=DEPTHS, solve_empties=SOLVE_EMPTIES, misere_game=False):
    """One self-play game per seed (learn/pipeline.py) as arrays of their positions:
    ``mover``, ``other`` (bitboards), ``player``, ``label`` (the solved result for the
    side to move: 1, 0, -1), ``exact`` (whether the solver labelled the position
    itself), ``game`` (0 to len(seeds) - 1), ``mobility`` and ``their_mobility`` (legal
    moves of each side). The players use the N-tuple weights ``encoded`` (patterns,
    phases, step, data), or the handcrafted evaluation. ``misere_game``: games of
    Reversed Reversi (fewer discs win)."""
    game = Othello(misere=misere_game)
    evaluate = _evaluator(game, encoded)
    rows = [(*row[:5], number, *row[5:]) for number, seed in enumerate(seeds)
            for row in until_played(seed, partial(play_game, game, evaluate, depths, solve_empties))]
    columns = list(zip(*rows))
    return {"mover": np.array(columns[0], dtype=np.uint64), "other": np.array(columns[1], dtype=np.uint64),
            "player": np.array(columns[2], dtype=np.int8), "label": np.array(columns[3], dtype=np.int8),
            "exact": np.array(columns[4], dtype=bool), "game": np.array(columns[5], dtype=np.int32),
            "mobility": np.array(columns[6], dtype=np.int8), "their_mobility": np.array(columns[7], dtype=np.int8)}


def play_chunk_compiled(seeds, encoded=None, depths=DEPTHS, solve_empties=SOLVE_EMPTIES, misere_game=False):
    """``play_chunk``'s games played by learn/compiled/othello.py: the same players,
    labels and columns, compiled with numba (the games differ where moves tie; the
    first round's misere players use the compiled bot's evaluation, the weighted sum
    cut to an integer)."""
    from learn.compiled import othello as compiled  # numba: imported by this option only
    ev = made(("othello-compiled", misere_game, encoded),
              lambda: compiled.evaluation(None if encoded is None else ntuple.LAYOUT.decode(*encoded), misere_game))
    settings = compiled.Settings(depths=tuple(depths), opening_plies=OPENING_PLIES, random_move=RANDOM_MOVE,
                                 solve_empties=solve_empties, misere=misere_game)
    return compiled.play_chunk(seeds, ev, settings)


def cache_key(encoded, depths):
    """What decides a round's games besides their seeds."""
    return (encoded, tuple(depths), OPENING_PLIES, RANDOM_MOVE, SOLVE_EMPTIES)


# -- the model in numpy ----------------------------------------------------------------

class Layout:
    """Where each parameter lives: per phase a block of ``block`` parameters, the bias
    first, then each pattern's canonical entries (as the weights module stores them)."""

    def __init__(self, patterns, phases):
        ntuple.LAYOUT.check(patterns, phases)
        self.tables, self.phases = tuple(patterns), tuple(phases)
        counts = ntuple.LAYOUT.stored_counts(self.tables)
        self.offsets = dict(zip(self.tables, np.cumsum(counts)[:-1].tolist()))
        self.block = sum(counts)
        self.size = self.block * (len(phases) + 1)
        self.slots = {}
        for pattern in self.tables:
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
    used = [j for j, (pattern, _) in enumerate(ntuple.IMAGES) if pattern in layout.tables]
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


# -- the command -----------------------------------------------------------------------

def write_weights(path, layout, step, data, header):
    TRAINER.write(path, layout, step, data, header)


def read_weights(path, parser):
    """(patterns, phases, step, data) of a weights module; a usage error if it has none."""
    return TRAINER.read(path, parser, ntuple.LAYOUT.decode)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m learn.othello",
                                     description="Fits the N-tuple Othello evaluation (see learn/othello.py).")
    add_training_options(parser, sys.modules[__name__], games=10000, rounds=2, jobs=os.cpu_count() or 1,
                         first_players="the handcrafted evaluation", layout_option="--patterns",
                         layout_default=PATTERNS, phases_of="disc")
    parser.add_argument("--compiled", action="store_true",
                        help="self-play compiled with numba (learn/compiled/othello.py): the same kind of games,"
                             " about 30 times as many a core-hour (docs/tuning/selfplay.md)")
    parser.add_argument("--misere", action="store_true",
                        help="Reversed Reversi (fewer discs win) on 8x8: its games, its handcrafted evaluation"
                             f" for the first players, and --out {MISERE_WEIGHTS_FILE.name} by default")
    parser.set_defaults(out=None)
    options = parser.parse_args(argv)
    options.out = options.out or str(MISERE_WEIGHTS_FILE if options.misere else WEIGHTS_FILE)
    depths, layout = checked_training_options(parser, options, Layout)
    encoded = read_weights(options.from_weights, parser) if options.from_weights else None
    trainer = {(False, False): TRAINER, (True, False): COMPILED_TRAINER,
               (False, True): MISERE_TRAINER, (True, True): MISERE_COMPILED_TRAINER}[options.compiled, options.misere]
    return train(trainer, parser, options, depths, layout, encoded, argv)


def held_out_figures(theta, quantized, step, x_train, y_train, x_test, test, train, misere_game=False):
    """The held-out figures of the model, quantized too, and of the game's handcrafted
    evaluation as a logistic model fitted to the training positions."""
    y_test = (test["label"] + 1) / 2
    loss, accuracy = scores(sigmoid(totals(theta, x_test)), y_test)
    q_loss, q_accuracy = scores(sigmoid(totals(quantized.astype(float) * step, x_test)), y_test)
    evaluate = first_players(Othello(misere=misere_game))

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


TRAINER = Trainer(name="othello", prog="learn.othello", what="N-tuple Othello evaluation (games/othello/ntuple.py)",
                  play_chunk=play_chunk, cache_key=cache_key, design=design, figures=held_out_figures,
                  phases_comment="disc counts where a phase starts (the first at 4)",
                  chunk=CHUNK, held_out=HELD_OUT)
COMPILED_TRAINER = replace(TRAINER, name="othello-compiled", play_chunk=play_chunk_compiled)
MISERE_TRAINER = replace(TRAINER, name="reversi", what="N-tuple Reversed Reversi evaluation (games/othello/ntuple.py)",
                         play_chunk=partial(play_chunk, misere_game=True),
                         figures=partial(held_out_figures, misere_game=True))
MISERE_COMPILED_TRAINER = replace(MISERE_TRAINER, name="reversi-compiled",
                                  play_chunk=partial(play_chunk_compiled, misere_game=True))

if __name__ == "__main__":
    sys.exit(main())
