"""Fits the N-tuple Onitama evaluation (games/onitama/ntuple.py) and writes its weights
module, games/onitama/ntuple_weights.py. See docs/tuning/onitama-ntuple.md for what was
tried and measured.

1. Self-play: games between shallow alpha-beta+ players (``--depths``, drawn per player
   and game; quiescence and ``noisy_first`` as the bot's), each from five cards dealt at
   random, opened with 0-2 random plies and with one move in 25 drawn at random. A
   position's label is the game's result for its side to move, or, where its player's
   search proved the result (a forced win or loss within its horizon), that result,
   marked exact. Round 1's players use the learned linear evaluation (the bot's
   default before this one; or ``--from-weights``), each later round's the N-tuple
   weights fitted after the round before. Game i of round r is a function of
   (``--seed``, r, i) alone (learn/pipeline.py), so the games do not depend on
   ``--jobs``; each starts with the memos emptied (learn/onitama.py says why).
   Self-play runs in ``--jobs`` processes, or as Ray tasks over a cluster with
   ``--backend ray`` (``arena.backends``: a chunk a task, the same games either way),
   through the rounds the N-tuple trainers share (learn/selfplay.py, on learn/pipeline.py). With
   ``--compiled`` the games are played by numba code (learn/compiled/onitama.py: the
   same players, labels and columns, held equal to the pure-Python rules, evaluations
   and searches by tests) at about 25-30 times the games a core-hour
   (docs/tuning/selfplay.md).
2. Fitting (learn/ntuple.py): logistic regression of the label on the network's table
   entries, full-batch Adam with an L2 penalty, on every round's games but the last
   ``HELD_OUT`` share of the last round's, which are held out; then ``--td-passes``
   refits to TD(lambda) returns along the games (exact labels kept).
3. Search targets (``--search-depth D``, with ``--compiled``; off by default): each
   position of the compiled games is also valued by a search D plies deep from it
   (the players' fixed-depth alpha-beta with quiescence, the round's players'
   evaluation; a proven value as -1 or 1), in the game loop (the ``value`` column of a
   chunk, cached apart: the cache key and the file's name carry D). The fit's target
   is then ``(1 - s) * value + s * label`` moved to [0, 1] (``s``: ``--outcome-share``),
   the exact positions keeping their proven label; there are no TD refits, whose
   returns start from the labels (``--td`` and ``--td-passes`` go unused: a deeper
   search's value is already the look-ahead that TD's bootstrapping stands in for).
   The held-out figures score the model against the results, as without it, and
   against the search targets too (with the targets' own entropy, the floor).
4. The weights are quantized to 8-bit integers in steps of ``--step`` logits,
   compressed and written as base85 text with the command and the held-out figures
   (beside the learned linear evaluation's, as a one-feature logistic model).

``--cache DIR`` keeps each round's games. Needs numpy and tqdm (development
dependencies; the bundles never import them).

The committed weights came from the defaults, which are the recipe (about 33 minutes on
two loaded cores, under ``nice -n 19``):

    python -m learn.onitama_ntuple --jobs 2 --cache results/cache
"""

import argparse
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path

import numpy as np

from engines.alphabeta import AlphaBetaPlus
from engines.base import Limit, is_proven, random_plies
from games.onitama import learned, ntuple
from games.onitama.rules import CARD_COUNT, Onitama, clear_memos
from learn.ntuple import add_training_options, checked_training_options, fit_line, log_loss, scores, sigmoid, totals
from learn.pipeline import made, until_played
from learn.selfplay import Trainer, train

OPENING_PLIES = (0, 3)   # random plies after the deal: range(*OPENING_PLIES)
RANDOM_MOVE = 0.04       # chance that a move is drawn at random
DEPTHS = (1, 2, 2, 3)    # plies of the players, by default
CHUNK = 50               # games a task
HELD_OUT = 0.1           # share of the last round's games held out
GAMES = 20000            # self-play games a round
ROUNDS = 2
TABLES = tuple(ntuple.TABLES)
PHASES = ()              # piece counts where a phase starts (the first at 2)
L2 = 5.0                 # penalty on the squared weights (a pseudo-count pulling to 0)
MIN_VISITS = 30          # weights read fewer times in the training positions stay 0
ITERATIONS = 150         # Adam steps of a fit (a TD pass takes half as many)
STEP = 1 / 16            # logits per unit of the quantized weights
TD_LAMBDA = 0.7          # lambda of the TD(lambda) refits
TD_PASSES = 2            # TD(lambda) refits after the fit to the results
COLUMNS = ("mine", "theirs", "my_master", "their_master", "hand", "their_hand", "centre", "turn")
WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "games" / "onitama" / "ntuple_weights.py"

# -- self-play -------------------------------------------------------------------------

def _evaluator(game, encoded):
    """The players' evaluation, made once a process."""
    return made(("onitama", encoded), lambda: learned.make_evaluator(game) if encoded is None
                else ntuple.make_evaluator(game, ntuple.LAYOUT.decode(*encoded)))


def play_game(game, evaluate, depths, rng):
    """One game of ``rng``'s draws: its rows (``play_chunk``'s columns but ``game``),
    none where the opening ended the game."""
    state = game.initial_state(tuple(rng.sample(range(CARD_COUNT), 5)))
    state = random_plies(game, state, rng, rng.randrange(*OPENING_PLIES))
    players = [AlphaBetaPlus(game, evaluate, max_depth=rng.choice(depths), noisy_first=True) for _ in range(2)]
    positions, proofs = [], []
    moves = game.legal_moves(state)
    while moves:
        positions.append(state)
        result = players[game.to_move(state)].search(state, Limit())
        proofs.append((result.value > 0) - (result.value < 0) if is_proven(result.value) else None)
        move = rng.choice(moves) if rng.random() < RANDOM_MOVE else result.move
        state = game.play(state, move)
        moves = game.legal_moves(state)
    if not positions:
        return []
    final, last = game.outcome(state), game.to_move(state)
    rows = []
    for position, proof in zip(positions, proofs):
        player = game.to_move(position)
        label = proof if proof is not None else final if player == last else -final
        rows.append((*position, label, proof is not None, player))
    return rows


def play_chunk(seeds, encoded=None, depths=DEPTHS):
    """One self-play game per seed (learn/pipeline.py) as arrays: the states' eight
    fields (``COLUMNS``), ``label`` (the result for the side to move: 1, 0, -1),
    ``exact`` (proved by its player's search), ``player`` (the seat to move) and
    ``game`` (0 to len(seeds) - 1). The players use the N-tuple weights ``encoded``
    (patterns, phases, step, data), or the learned linear evaluation. Each game starts
    with the memos emptied (learn/onitama.py says why)."""
    game = Onitama()
    evaluate = _evaluator(game, encoded)
    rows = []
    for number, seed in enumerate(seeds):
        clear_memos()
        rows += [(*row, number) for row in until_played(seed, partial(play_game, game, evaluate, depths))]
    columns = list(zip(*rows))
    data = {name: np.array(columns[i], dtype=np.int32) for i, name in enumerate(COLUMNS)}
    data.update(label=np.array(columns[8], dtype=np.int8), exact=np.array(columns[9], dtype=bool),
                player=np.array(columns[10], dtype=np.int8), game=np.array(columns[11], dtype=np.int32))
    return data


def play_chunk_compiled(seeds, encoded=None, depths=DEPTHS, search_depth=0):
    """``play_chunk``'s games played by learn/compiled/onitama.py: the same players,
    labels and columns, compiled with numba (the games differ where moves tie). With
    ``search_depth`` > 0, a float column more, ``value``: each position's value (in
    [-1, 1], a proven one -1 or 1) by a search that deep with quiescence and the
    players' evaluation, in the same games."""
    from learn.compiled import onitama as compiled  # numba: imported by this option only
    ev = made(("onitama-compiled", encoded),
              lambda: compiled.evaluation(None if encoded is None else ntuple.LAYOUT.decode(*encoded)))
    settings = compiled.Settings(depths=tuple(depths), opening_plies=OPENING_PLIES, random_move=RANDOM_MOVE,
                                 label_depth=search_depth)
    return compiled.play_chunk(seeds, ev, settings)


def cache_key(encoded, depths, search_depth=0):
    """What decides a round's games besides their seeds (and, with ``search_depth`` >
    0, their values)."""
    return (encoded, tuple(depths), OPENING_PLIES, RANDOM_MOVE, search_depth)


def search_targets(data, share):
    """The fit's targets with search values: ``(1 - share) * value + share * label``
    moved to [0, 1], the positions proved by their player's search (``exact``) keeping
    their label."""
    label = data["label"].astype(float)
    return (np.where(data["exact"], label, (1 - share) * data["value"] + share * label) + 1) / 2


# -- the model in numpy ----------------------------------------------------------------

class Layout:
    """Where each parameter lives: per phase a block of ``block`` parameters, the bias
    first, then each table's canonical entries (as the weights module stores them); one
    parameter more, ``pad``, pinned at 0, for the look-ups a position does not make
    (students it does not have)."""

    def __init__(self, tables, phases):
        ntuple.LAYOUT.check(tables, phases)
        self.tables, self.phases = tuple(tables), tuple(phases)
        counts = ntuple.LAYOUT.stored_counts(self.tables)
        self.offsets = dict(zip(self.tables, np.cumsum(counts)[:-1].tolist()))
        self.block = sum(counts)
        self.size = self.block * (len(phases) + 1)
        self.pad = self.size
        self.slots = {}
        for table in self.tables:
            _, slot = np.unique(np.array(ntuple.canonical(table)), return_inverse=True)
            self.slots[table] = slot.astype(np.int64)

    def phase(self, pieces):
        return np.searchsorted(np.array(self.phases), pieces, side="right")


def view_digits(data):
    """(N, 25) cells of each position as its side to move sees them (ntuple.cells)."""
    squares = np.arange(ntuple.SQUARES)

    def bits(name):
        return (data[name].astype(np.int64)[:, None] >> squares) & 1

    digits = bits("mine") * (1 + bits("my_master")) + bits("theirs") * (3 + bits("their_master"))
    return np.where((data["hand"] >> 8 == 1)[:, None], digits[:, ::-1], digits)


def first_squares(digits, digit, count=4):
    """(N, count) the first ``count`` squares holding ``digit`` in each row, -1 past them."""
    order = np.argsort(digits != digit, axis=1, kind="stable")[:, :count]
    found = np.take_along_axis(digits, order, axis=1) == digit
    return np.where(found, order, -1)


def table_indices(data):
    """{table: (N, k) index of each look-up of the table, -1 for none}, in numpy: what
    ntuple.lookups defines, in its order."""
    digits = view_digits(data)
    powers = 5 ** np.arange(ntuple.SIZE)
    out = {}
    for name, squares in ntuple.BOARD.items():
        out[name] = (digits[:, squares] @ powers)[:, None]
    my_sq, their_sq = np.argmax(digits == 2, axis=1), np.argmax(digits == 4, axis=1)
    hands = (data["hand"].astype(np.int64), data["their_hand"].astype(np.int64))
    masters, students = [], []
    for role, (hand, master_sq) in enumerate(zip(hands, (my_sq, their_sq))):
        squares = first_squares(digits, 1 + 2 * role)
        for card in (hand & 15, hand >> 4 & 15):
            base = (role * ntuple.CARD_COUNT + card) * ntuple.SQUARES
            masters.append(base + master_sq)
            students.append(np.where(squares >= 0, base[:, None] + squares, -1))
    out["cardmaster"] = np.stack(masters, axis=1)
    out["cardstudent"] = np.concatenate(students, axis=1)
    pair = np.array(ntuple.PAIR_OF)
    mine_pair, their_pair = pair[hands[0] & 255], pair[hands[1] & 255]
    out["cards"] = (mine_pair * len(ntuple.PAIRS) + their_pair)[:, None]
    out["tactics"], out["mobility"] = tactical_indices(data)
    return out


def tactical_indices(data):
    """(tactics, mobility) indices, position by position (ntuple.tactics)."""
    tactics, mobility = [], []
    for state in zip(*(data[name].tolist() for name in COLUMNS)):
        threat, danger, my_hanging, their_hanging, my_moves, their_moves = ntuple.tactics(state)
        tactics.append(threat + 2 * danger + 4 * my_hanging + 20 * their_hanging)
        mobility.append((min(my_moves, ntuple.MOVES_CAP), ntuple.MOVES_CAP + 1 + min(their_moves, ntuple.MOVES_CAP)))
    return np.array(tactics)[:, None], np.array(mobility)


def design(layout, data, indices=None):
    """(columns, N) parameter ids of each position: its phase's bias, then one per
    look-up of the layout's tables (``layout.pad`` where there is none)."""
    indices = table_indices(data) if indices is None else indices
    pieces = np.array([int(m).bit_count() + int(t).bit_count() for m, t in zip(data["mine"], data["theirs"])])
    base = layout.phase(pieces) * layout.block
    rows = [base]
    for table in layout.tables:
        for index in indices[table].T:
            ids = base + layout.offsets[table] + layout.slots[table][np.maximum(index, 0)]
            rows.append(np.where(index >= 0, ids, layout.pad))
    return np.stack(rows).astype(np.int32)


# -- the weights module ----------------------------------------------------------------

def write_weights(path, layout, step, data, header):
    TRAINER.write(path, layout, step, data, header)


def read_weights(path, parser):
    """(tables, phases, step, data) of a weights module; a usage error if it has none."""
    return TRAINER.read(path, parser, ntuple.LAYOUT.decode)


def held_out_figures(theta, quantized, step, x_train, y_train, x_test, test, train, targets=None):
    """The held-out figures of the model, quantized too, and of the learned linear
    evaluation as a logistic model fitted to (at most 100,000) training positions,
    against the results; with ``targets`` (``search_targets``' function), the model's
    log-loss against them too."""
    y_test = (test["label"] + 1) / 2
    p, q = sigmoid(totals(theta, x_test)), sigmoid(totals(np.append(quantized.astype(float) * step, 0.0), x_test))
    loss, accuracy = scores(p, y_test)
    q_loss, q_accuracy = scores(q, y_test)
    evaluate = learned.make_evaluator(Onitama())

    def logits(part, limit=None):
        n = len(part["label"]) if limit is None else min(limit, len(part["label"]))
        values = np.array([evaluate(state) for state in zip(*(part[c][:n].tolist() for c in COLUMNS))])
        return np.arctanh(np.clip(values, -0.999999, 0.999999)), n

    h_train, n = logits(train, 100_000)
    h_test, _ = logits(test)
    a, b = fit_line(h_train, (train["label"][:n] + 1) / 2)
    h_loss, h_accuracy = scores(sigmoid(a * h_test + b), y_test)
    text = (f"{len(np.unique(test['game']))} games, {len(y_test)} positions: log-loss {loss:.4f},"
            f" accuracy {accuracy:.1%} ({q_loss:.4f} and {q_accuracy:.1%} quantized);"
            f" the learned linear evaluation as a logistic model: log-loss {h_loss:.4f}, accuracy {h_accuracy:.1%}")
    if targets is not None:
        y_search = targets(test)
        text += (f"; against the search targets: log-loss {log_loss(p, y_search):.4f}"
                 f" ({log_loss(q, y_search):.4f} quantized; their own entropy {log_loss(y_search, y_search):.4f})")
    return text


# -- the command -----------------------------------------------------------------------

def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m learn.onitama_ntuple",
                                     description="Fits the N-tuple Onitama evaluation (see learn/onitama_ntuple.py).")
    add_training_options(parser, sys.modules[__name__], games=GAMES, rounds=ROUNDS, jobs=1,
                         first_players="the learned linear evaluation", layout_option="--tables",
                         layout_default=TABLES, phases_of="piece")
    parser.add_argument("--compiled", action="store_true",
                        help="self-play compiled with numba (learn/compiled/onitama.py): the same kind of games,"
                             " about 25-30 times as many a core-hour (docs/tuning/selfplay.md)")
    parser.add_argument("--search-depth", type=int, default=0, metavar="D",
                        help="with --compiled: fit each position to the value of a search D plies deep from it"
                             " (quiescence, the round's players' evaluation; proved: -1 or 1) mixed with the"
                             " result by --outcome-share, with no TD refits (--td and --td-passes unused);"
                             " 0: to the results (default: %(default)s)")
    parser.add_argument("--outcome-share", type=float, default=0.0, metavar="S",
                        help="with --search-depth: the result's share in each target (default: %(default)s)")
    options = parser.parse_args(argv)
    depths, layout = checked_training_options(parser, options, Layout)
    if options.search_depth < 0 or not 0 <= options.outcome_share <= 1:
        parser.error("--search-depth must be 0 or more, --outcome-share within 0-1")
    if options.search_depth and not options.compiled:
        parser.error("--search-depth needs --compiled (the values are searched in the compiled games)")
    encoded = read_weights(options.from_weights, parser) if options.from_weights else None
    trainer = COMPILED_TRAINER if options.compiled else TRAINER
    if options.search_depth:
        trainer = searching_trainer(options.search_depth, options.outcome_share)
    return train(trainer, parser, options, depths, layout, encoded, argv)


def searching_trainer(search_depth, share):
    """The compiled trainer whose games carry ``search_depth``-ply values (kept apart in
    the cache) and whose fits go to ``search_targets`` with ``share``."""
    targets = partial(search_targets, share=share)
    return replace(COMPILED_TRAINER, name=f"onitama-compiled-search{search_depth}",
                   play_chunk=partial(play_chunk_compiled, search_depth=search_depth),
                   cache_key=partial(cache_key, search_depth=search_depth), targets=targets,
                   figures=partial(held_out_figures, targets=targets))


TRAINER = Trainer(name="onitama", prog="learn.onitama_ntuple",
                  what="N-tuple Onitama evaluation (games/onitama/ntuple.py)", play_chunk=play_chunk,
                  cache_key=cache_key, design=design, figures=held_out_figures,
                  phases_comment="piece counts where a phase starts (the first at 2)", chunk=CHUNK,
                  held_out=HELD_OUT, pad=True)
COMPILED_TRAINER = replace(TRAINER, name="onitama-compiled", play_chunk=play_chunk_compiled)


if __name__ == "__main__":
    sys.exit(main())
