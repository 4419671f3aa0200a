"""What every bot shares: command-line options, the engine registry, the turn clock,
and clean exits on bad input.

A bundle runs on the arena without arguments, so every option has a default; locally,
the same file accepts options so that variants can meet in tournaments::

    python3 dist/othello.py --engine bestfirst --set C=1.2 --set FPU=0.3 --time 0.6
"""

import argparse
import gc
import sys
from time import perf_counter

from engines.alphabeta import AlphaBeta, AlphaBetaPlus
from engines.bestfirst import BestFirst
from engines.bestfirst_plus import BestFirstPlus
from engines.mcts import MCTS
from engines.solver import Solver

ENGINES = {"bestfirst": BestFirst, "bestfirst+": BestFirstPlus, "alphabeta": AlphaBeta,
           "alphabeta+": AlphaBetaPlus, "mcts": MCTS, "solver": Solver}


def register(name, engine_class):
    ENGINES[name] = engine_class


def parse_value(text):
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if text in ("True", "true", "False", "false"):
        return text.lower() == "true"
    return text


BEST = "best"  # an --engine choice: the bot's strongest engine as measured (its default)


def parse_pairs(parser, flag, items, convert):
    """{NAME: convert(VALUE)} from the ``NAME=VALUE`` items of a repeatable option."""
    pairs = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            parser.error(f"{flag} expects NAME=VALUE, got {item!r}")
        try:
            pairs[key] = convert(value)
        except ValueError:
            parser.error(f"{flag} {key}: not a number: {value!r}")
    return pairs


def parse_options(argv, name, time_fraction=0.7, first_fraction=0.25, best="bestfirst"):
    """The bot's options; ``best`` is the engine that ``--engine best``, the default, means."""
    parser = argparse.ArgumentParser(prog=name, description=f"{name} bot (reads the arena's turns on stdin)")
    parser.add_argument("--engine", default=BEST, choices=sorted(ENGINES) + [BEST],
                        help=f"search engine (default: {BEST}, this bot's strongest measured engine: {best})")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="engine parameter, e.g. --set C=1.2 (repeatable)")
    parser.add_argument("--eval", metavar="NAME",
                        help="evaluation, where the bot has more than one (default: the engine's measured best)")
    parser.add_argument("--weight", action="append", default=[], metavar="NAME=VALUE",
                        help="evaluation weight, e.g. --weight mobility=0.5 (repeatable)")
    parser.add_argument("--time", type=float, default=time_fraction, metavar="FRACTION",
                        help="share of each turn's budget to think (default: %(default)s)")
    parser.add_argument("--first-time", type=float, default=first_fraction, metavar="FRACTION",
                        help="share of the first turn's budget to think (default: %(default)s)")
    parser.add_argument("--verbose", action="store_true", help="search statistics on stderr")
    options = parser.parse_args(argv)
    if options.engine == BEST:
        options.engine = best
    options.params = parse_pairs(parser, "--set", options.set, parse_value)
    options.weights = parse_pairs(parser, "--weight", options.weight, float)
    for fraction in (options.time, options.first_time):
        if not 0 < fraction <= 1:
            parser.error("time fractions must be in (0, 1]")
    return options


# MCTS that uses the game's evaluation: playouts stop after 2 plies and score with it,
# and it biases the first visits (progressive bias). In short in-process matches
# against alpha-beta it won 5/10 Oware games where random playouts to the end won 0/10,
# and 2/8 against 0/8 in Othello.
MCTS_WITH_EVALUATION = {"playout_plies": 2, "bias": 1.0}


def accepts(engine_class, name):
    """Whether the engine's constructor takes the parameter ``name``."""
    code = engine_class.__init__.__code__
    return name in code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]


def make_engine(options, game, evaluate, tuned=None, max_nodes=None, solve_when=None):
    """The engine named in the options. Its parameters, each overriding the one before:
    the game's tuned values for the engine it wraps, if any (the solver's ``engine``),
    the game's tuned values for that engine (``tuned`` maps engine names to parameters),
    the node cap and the game's "near the end" test (``solve_when``, for the solver)
    where the engine takes them, the user's --set."""
    tuned = tuned or {}
    engine_class = ENGINES[options.engine]
    params = engine_parameters(tuned.get(options.engine, {}))
    inner = options.params.get("engine", params.get("engine"))
    if inner is not None and accepts(engine_class, "engine"):
        params = {**engine_parameters(tuned.get(inner, {})), **params}
    if max_nodes is not None and accepts(engine_class, "max_nodes"):
        params["max_nodes"] = max_nodes
    if solve_when is not None and accepts(engine_class, "solve_when"):
        params["solve_when"] = solve_when
    params.update(options.params)
    try:
        return engine_class(game, evaluate, **params)
    except (TypeError, ValueError) as error:
        raise SystemExit(f"bad engine parameters for {options.engine}: {error}") from None


WEIGHT = "weight."  # in a bot's tuned values, "weight.NAME" is the evaluation weight NAME
EVAL = "eval"       # in a bot's tuned values, the name of the engine's evaluation
HANDCRAFTED = "handcrafted"  # the name of a game's first evaluation


def engine_parameters(params):
    """``params`` without the evaluation's choice and weights."""
    return {name: value for name, value in params.items()
            if not name.startswith(WEIGHT) and name != EVAL}


def make_evaluation(options, game, evaluators, tuned=None):
    """The game's evaluation. ``evaluators`` is the game's ``make_evaluator`` or a dict
    of them by name (the first being the handcrafted one); the one used is --eval's,
    else the game's tuned choice for the engine (``tuned[engine]["eval"]``), else the
    first. Its weights are the game's tuned ones for the chosen engine
    (``tuned[engine]["weight.NAME"]``, from `arena tune --param weight.NAME=...`),
    then --weight's."""
    if callable(evaluators):
        evaluators = {HANDCRAFTED: evaluators}
    tuned_params = (tuned or {}).get(options.engine, {})
    name = options.eval or tuned_params.get(EVAL) or next(iter(evaluators))
    if name not in evaluators:
        raise SystemExit(f"bad --eval: {name!r}; this bot has {', '.join(evaluators)}")
    weights = {key[len(WEIGHT):]: value for key, value in tuned_params.items()
               if key.startswith(WEIGHT)}
    weights.update(options.weights)
    try:
        return evaluators[name](game, **weights)
    except (TypeError, ValueError) as error:
        raise SystemExit(f"bad --weight for the {name} evaluation: {error}") from None


class LineReader:
    """Reads stripped input lines; EOFError at the end of input."""

    def __init__(self, stream):
        self.stream = stream

    def __call__(self):
        line = self.stream.readline()
        if not line:
            raise EOFError
        return line.strip()


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


def choose(engine, state, allowed, deadline, verbose=False):
    """The engine's move if it is among ``allowed``, else the first allowed move."""
    try:
        result = engine.search(state, deadline)
    except Exception as error:  # a bot must answer even if its engine fails
        log(f"engine failed ({type(error).__name__}: {error}); playing a listed move")
        return allowed[0]
    if verbose:
        solved = " (solved exactly)" if getattr(engine, "solved", False) else ""
        log(f"move {result.move} value {result.value:.3f} nodes {result.nodes} depth {result.depth}{solved}")
    if result.move in allowed:
        return result.move
    log(f"engine chose {result.move!r}, not in the arena's list; playing a listed move")
    return allowed[0]


def deadline_after(start, budget_ms, fraction):
    return start + budget_ms * fraction / 1000.0


def run(main_loop, name):
    """Runs a bot's loop; exits quietly at EOF and with one stderr line on bad input."""
    gc.disable()  # search trees are acyclic: a full collection would only stall the clock
    try:
        main_loop()
    except EOFError:
        return 0
    except ValueError as error:  # the protocol modules raise it for input they reject
        log(f"{name}: bad input: {error}")
        return 1
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    return 0


now = perf_counter
