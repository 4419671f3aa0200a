"""Fits a learned evaluation: a logistic model of the game's result on a game's features.

A game's learned evaluation module (e.g. games/breakthrough/learned.py) defines
``features(state)`` (a list of numbers, from the side to move's point of view),
``NAMES`` (one per feature) and ``make_evaluator(game, weights)``, which must compute
``tanh(w . features(state) / 2)``, i.e. ``2 P(the side to move wins) - 1``. This
module finds the weights:

1. Self-play: games between shallow alpha-beta players (1-3 plies unless the game says
   otherwise), each opened with a few random plies and with one move in 25 drawn at
   random, so that the positions vary. Every position of a game is labelled with its
   result for the side to move there (a draw counts half a win). The games come from
   learn/pipeline.py: game i of round r is a function of (``--seed``, r, i) alone.
2. Fitting: logistic regression of the result on the features (Newton's method, an L2
   penalty), on every round's games but the last 15% of each round's, which are held
   out: their log-loss and accuracy are reported beside those of the handcrafted
   evaluation (as a one-feature logistic model of its value), the question being
   whether the learned model predicts results better.
3. Rounds: the first round's players use the handcrafted evaluation (or, with
   ``--from-weights``, weights written before), each later round's the weights fitted
   after the round before (positions closer to those the bot will meet).
4. Search targets (``--search-depth D``, off by default): the fit's target for a
   position is then ``(1 - s) * search + s * result``, ``search`` being the value (in
   [-1, 1], as a result is) of an alpha-beta search D plies deep from it with the
   evaluation of the round's players (a game's positions searched by one engine of
   their own, the held-out games' too, so that a game is the same whichever task
   plays it), and ``s`` the ``--outcome-share``. A game's result says little
   about any one of its positions; a deeper search of the position says more, and the
   evaluation learns to foresee it (the held-out figures still score the model
   against the results).
5. The weights are written to the game's weights module, with the command and the
   figures in its header.

Self-play and the searches run in ``--jobs`` processes, or as Ray tasks over a cluster
with ``--backend ray`` (``arena.backends``: a chunk of games a task, the same games
either way); ``--cache DIR`` keeps them between runs (learn/pipeline.py).

Needs numpy (a development dependency; the bundles never import it).
"""

import argparse
import importlib
import math
import sys
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Callable

import numpy as np

from arena.backends import open_backend_or_exit
from engines.alphabeta import QUIESCENCE, AlphaBeta, AlphaBetaPlus
from engines.base import PROVEN, Limit, random_plies
from games.nn import Net, flat_values
from learn.pipeline import Games, add_options, generate, made, split, until_played

RANDOM_MOVE = 0.04     # chance that a move is drawn at random
HELD_OUT = 0.15        # share of each round's games kept for its held-out figures
L2 = 1.0               # penalty on the squared weights
DEPTHS = (1, 2, 2, 3)  # plies of the self-play players, by default


@dataclass
class Setup:
    """What the fitting needs to know of a game."""
    name: str                       # for messages and the command line
    make_game: Callable             # () -> the rules object
    handcrafted: Callable           # make_evaluator(game) of the handcrafted evaluation
    learned: object                 # the learned evaluation's module
    player: type = AlphaBeta        # engine class of the players, made with max_depth=
    opening_plies: tuple = (2, 7)   # random plies at the start: range(*opening_plies)
    start: Callable = None          # (game, rng) -> a first position; None: initial_state()
    depths: tuple = DEPTHS          # plies of the players, drawn per player and game
    fresh: Callable = None          # () before each game: what must not carry over from the games before

    @property
    def weights_file(self):
        """The weights module the bots import: games/<name>/learned_weights.py."""
        return Path(__file__).resolve().parent.parent / "games" / self.name / "learned_weights.py"


def setup_of(name):
    """The Setup of learn/<name>.py (processes get the name: a Setup does not pickle)."""
    return importlib.import_module(f"learn.{name}").SETUP


def evaluator_of(setup, game, weights):
    """The players' evaluation: the handcrafted one (``weights`` None), the learned linear
    one (a list of weights) or the game's network (a games.nn.Net, games/<name>/nn.py)."""
    if weights is None:
        return setup.handcrafted(game)
    if isinstance(weights, Net):
        return importlib.import_module(f"games.{setup.name}.nn").make_evaluator(game, weights)
    return setup.learned.make_evaluator(game, weights)


def weights_key(weights):
    """What decides the players' evaluation, as a value that prints the same in every
    run: None (the handcrafted one), the linear weights as they are, a network's
    integers and step."""
    return ("network", tuple(flat_values(weights)), weights.step) if isinstance(weights, Net) else weights


def players_of(name, weights):
    """(the rules, the players' evaluation of ``weights``), made once a process."""
    setup = setup_of(name)

    def make():
        game = setup.make_game()
        return game, evaluator_of(setup, game, weights)
    return made(("logistic", name, repr(weights_key(weights))), make)


def play_game(setup, game, evaluate, rng):
    """One game of ``rng``'s draws: a list of (state, result for the side to move: 1, 0
    or -1), empty where the opening ended the game."""
    state = game.initial_state() if setup.start is None else setup.start(game, rng)
    state = random_plies(game, state, rng, rng.randrange(*setup.opening_plies))
    players = [setup.player(game, evaluate, max_depth=rng.choice(setup.depths)) for _ in range(2)]
    states = []
    moves = game.legal_moves(state)
    while moves:
        states.append(state)
        if rng.random() < RANDOM_MOVE:
            move = rng.choice(moves)
        else:
            move = players[game.to_move(state)].search(state, Limit()).move
        state = game.play(state, move)
        moves = game.legal_moves(state)
    if not states:
        return []
    # The result for the side to move at the end, then for each position's mover.
    final, last_mover = game.outcome(state), game.to_move(state)
    return [(s, final if game.to_move(s) == last_mover else -final) for s in states]


def self_play(name, seeds, weights=None):
    """One game per seed (learn/pipeline.py's seeding rule), each a list of (state,
    result for the side to move); the players use the evaluation of ``weights``
    (``evaluator_of``)."""
    setup = setup_of(name)
    game, evaluate = players_of(name, weights)
    played = []
    for seed in seeds:
        if setup.fresh is not None:
            setup.fresh()
        played.append(until_played(seed, partial(play_game, setup, game, evaluate)))
    return played


def search_values(name, states, depth, weights=None, quiescence=False):
    """The value in [-1, 1] of an alpha-beta search ``depth`` plies deep from each state,
    with the evaluation of ``weights`` (``evaluator_of``); with ``quiescence``, the
    search of AlphaBetaPlus (noisy moves played past the depth). Proven results count
    as -1 or 1. One engine searches them all, in order (its table carries over)."""
    game, evaluate = players_of(name, weights)
    engine = (AlphaBetaPlus if quiescence else AlphaBeta)(game, evaluate, max_depth=depth)
    values = []
    for state in states:
        value = engine.search(state, Limit()).value
        values.append(max(-1.0, min(1.0, value)) if abs(value) < PROVEN else math.copysign(1.0, value))
    return values


def play_chunk(seeds, name, weights, depth, quiescence=False):
    """One labelled game per seed: a list of (state, result, search value) for the side
    to move, the value by ``search_values`` ``depth`` plies deep with the players'
    evaluation, a game's positions by their own engine (the result itself with
    ``depth`` 0; ``quiescence``: the searches are AlphaBetaPlus's)."""
    labelled = []
    for played in self_play(name, seeds, weights):
        states = [state for state, _ in played]
        values = search_values(name, states, depth, weights, quiescence) if depth else \
            [float(result) for _, result in played]
        labelled.append([(state, result, value) for (state, result), value in zip(played, values)])
    return labelled


def play_chunk_compiled(seeds, name, weights, depth, quiescence=False):
    """``play_chunk``'s games played by learn/compiled/<name>.py (Oware's and
    Breakthrough's, whose compiled games are labelled ones): the same players and labels,
    compiled with numba (the games differ where moves tie)."""
    compiled = importlib.import_module(f"learn.compiled.{name}")  # numba: imported by --compiled only
    setup = setup_of(name)
    ev = made(("compiled", name, repr(weights_key(weights))), lambda: compiled.evaluation(weights))
    options = {"label_depth": depth}
    if issubclass(setup.player, AlphaBetaPlus):
        options["quiescence"] = QUIESCENCE
    if quiescence:
        options["label_quiescence"] = QUIESCENCE
    settings = compiled.Settings(depths=setup.depths, opening_plies=setup.opening_plies, random_move=RANDOM_MOVE,
                                 **options)
    return compiled.play_chunk(seeds, ev, settings)


def labelled_games(setup, weights, depth, quiescence=False, compiled=False):
    """The pipeline's Games of ``play_chunk`` (or ``play_chunk_compiled``) with the
    players of ``weights``: what decides them, for the cache, is the players (engine,
    depths, evaluation), the openings, the random moves and the labels' searches."""
    key = (weights_key(weights), setup.player.__name__, setup.depths, setup.opening_plies, RANDOM_MOVE, depth,
           quiescence)
    return Games(name=f"{setup.name}-compiled" if compiled else setup.name,
                 play=play_chunk_compiled if compiled else play_chunk, args=(setup.name, weights, depth, quiescence),
                 key=key)


def targets(games, share):
    """(state, target) of every position of the labelled ``games``: the target
    ``(1 - share) * search value + share * result`` (``share`` 1: the result)."""
    return [(state, (1 - share) * value + share * result) for game in games for state, result, value in game]


def fit(x, y, l2=L2, iterations=30):
    """Weights of the logistic regression of ``y`` (in [0, 1]) on the rows of ``x``."""
    w = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + l2 * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def scores(x, y, w):
    """(log-loss, accuracy on the decided positions) of the model ``w`` on ``x``."""
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-12, 1 - 1e-12)
    decided = y != 0.5
    accuracy = np.mean((p[decided] > 0.5) == (y[decided] > 0.5)) if decided.any() else float("nan")
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))), float(accuracy)


def design(setup, positions, evaluate):
    """(learned features, the handcrafted model's features, labels) as arrays; a label
    is ``(result + 1) / 2`` for a result or target in [-1, 1]."""
    x = np.array([setup.learned.features(state) for state, _ in positions], dtype=float)
    values = np.array([evaluate(state) for state, _ in positions])
    handcrafted = np.stack([np.arctanh(np.clip(values, -0.999999, 0.999999)), np.ones(len(values))], axis=1)
    y = np.array([(result + 1) / 2 for _, result in positions])
    return x, handcrafted, y


def read_weights(path, setup, parser):
    """The WEIGHTS of a weights module at ``path``; a usage error if it has none that fit."""
    namespace = {}
    try:
        exec(Path(path).read_text(), namespace)
    except Exception as error:  # a user's file: any failure is a usage error, not a traceback
        parser.error(f"cannot read weights from {path}: {error}")
    weights = namespace.get("WEIGHTS")
    if not isinstance(weights, list) or len(weights) != setup.learned.FEATURES:
        parser.error(f"{path} holds no list of {setup.learned.FEATURES} WEIGHTS")
    return [float(w) for w in weights]


def write_weights(path, names, weights, header):
    lines = [f'"""{header}"""', "", "WEIGHTS = ["]
    for name, value in zip(names, weights):
        lines.append(f"    {value:.4f},  # {name}")
    lines.append("]")
    path.write_text("\n".join(lines) + "\n")


def main(setup, argv=None, models=None):
    """The linear trainer's command; ``models``: the --model choices of a game that also
    has a network (learn/nn.py's ``run`` reads --model first; listed here for --help)."""
    parser = argparse.ArgumentParser(prog=f"python -m learn.{setup.name}",
                                     description=f"Fits the learned {setup.name} evaluation (see learn/logistic.py).")
    if models:
        parser.add_argument("--model", choices=models, default="linear",
                            help="linear: this linear evaluation (the default); nn: the small network, "
                                 "whose options --model nn --help lists")
    parser.add_argument("--games", type=int, default=2500, help="self-play games a round (default: %(default)s)")
    parser.add_argument("--rounds", type=int, default=2, help="self-play rounds (default: %(default)s)")
    parser.add_argument("--out", type=str, default=str(setup.weights_file), help="weights module to write")
    parser.add_argument("--from-weights", type=str, metavar="FILE",
                        help="weights module whose weights the first round's players use"
                             " (default: the handcrafted evaluation)")
    parser.add_argument("--search-depth", type=int, default=0, metavar="D",
                        help="fit to the values of D-ply searches instead of the results (default: off)")
    parser.add_argument("--outcome-share", type=float, default=0.0, metavar="S",
                        help="with --search-depth: the share of the result in each target (default: %(default)s)")
    add_options(parser, jobs=2)
    options = parser.parse_args(argv)
    if options.games < 10 or options.jobs < 1 or options.rounds < 1:
        parser.error("need at least 10 games, 1 round and 1 job")
    if options.search_depth < 0 or not 0 <= options.outcome_share <= 1:
        parser.error("--search-depth must be 0 or more, --outcome-share within 0-1")
    started = time.time()
    game = setup.make_game()
    evaluate = setup.handcrafted(game)
    train, weights = [], None
    origin = ""
    if options.from_weights:
        weights = read_weights(options.from_weights, setup, parser)
        first_line = Path(options.from_weights).read_text().splitlines()[0].strip('"')
        origin = f"The first round's players took the weights of {options.from_weights}: {first_line}\n"
    with open_backend_or_exit(parser, options, options.jobs) as backend:
        for round_number in range(options.rounds):
            games = generate(labelled_games(setup, weights, options.search_depth), options.games, options.seed,
                             round_number, options.cache, backend, progress=not options.quiet,
                             desc=f"round {round_number + 1} self-play")
            fitted_games, test_games = split(games, int(len(games) * (1 - HELD_OUT)))
            train += targets(fitted_games, options.outcome_share if options.search_depth else 1.0)
            test = [(state, result) for game in test_games for state, result, _ in game]
            x_train, h_train, y_train = design(setup, train, evaluate)
            x_test, h_test, y_test = design(setup, test, evaluate)
            weights = [float(w) for w in fit(x_train, y_train)]
            learned_loss, learned_accuracy = scores(x_test, y_test, np.array(weights))
            handcrafted_loss, handcrafted_accuracy = scores(h_test, y_test, fit(h_train, y_train))
            figures = (f"round {round_number + 1}, held out ({len(test_games)} games, {len(test)} positions):"
                       f" log-loss {learned_loss:.4f}, accuracy {learned_accuracy:.1%}; the handcrafted"
                       f" evaluation as a logistic model: log-loss {handcrafted_loss:.4f},"
                       f" accuracy {handcrafted_accuracy:.1%}")
            print(figures, flush=True)
    arguments = argv if argv is not None else sys.argv[1:]
    command = " ".join([f"python -m learn.{setup.name}", *arguments])
    header = (f"Weights of the learned {setup.name} evaluation, written by `{command}`\n"
              f"({options.rounds} round{'s' if options.rounds > 1 else ''} of {options.games} self-play games,"
              f" {len(train)} positions"
              f" fitted, {time.time() - started:.0f} s).\n"
              f"{origin}{figures}.\n")
    write_weights(Path(options.out), setup.learned.NAMES, weights, header)
    print(f"wrote {options.out}")
    return 0
