"""The engines by name, and the types of their parameters: the one list that the bots'
runtime, the solver's inner engine, the arena's tuner and the bench read.

An engine's parameters are its constructor's keyword arguments after ``game`` and
``evaluate``. Each has a type: its annotation where it has one (parameters whose
default is None say what they take, e.g. ``seed: int = None``), else the type of its
default. ``convert`` turns the text of a command-line value into that type, so that a
wrong name or value is caught before any search runs.

Each engine is named by a ``"module:Class"`` target and imported when first asked for:
a bundle carries only the engines its bot uses by default (build/bundle.py), so the
registry must not import the others.
"""

import importlib
import importlib.util
import inspect

from engines.base import OptionError

ENGINES = {"bestfirst": "engines.bestfirst:BestFirst", "bestfirst+": "engines.bestfirst_plus:BestFirstPlus",
           "alphabeta": "engines.alphabeta:AlphaBeta", "alphabeta+": "engines.alphabeta:AlphaBetaPlus",
           "mcts": "engines.mcts:MCTS", "solver": "engines.solver:Solver", "forced": "engines.forced:Forced"}
# Engines of games of two to four players (games that give ``returns``: docs/INTERFACES.md).
NPLAYER_ENGINES = {"paranoid": "engines.nplayer:Paranoid", "maxn": "engines.nplayer:MaxN",
                   "offensive": "engines.nplayer:DirectedOffensive", "mpmix": "engines.nplayer:MPMix",
                   "mcts-n": "engines.nplayer:MCTSN", "fill": "engines.fill:Fill"}
INNER = "engine"  # the parameter of an engine that wraps another (the solver): its name
INNER_CHOICES = sorted(name for name in ENGINES if name not in ("solver", "forced"))  # wrap no wrapper
NPLAYER_INNER_CHOICES = sorted(name for name in NPLAYER_ENGINES if name != "fill")
# Types that a command-line value can take; parameters of other types (callables, such
# as the solver's solve_when) are set by the bot's configuration only.
SETTABLE = (bool, int, float, str, list)
TRUE, FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def module_of(target):
    """The module of a ``"module:name"`` target."""
    return target.partition(":")[0]


def load(target):
    """The object a ``"module:name"`` target names, its module imported on first use."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def carries(target):
    """Whether this program holds the module of ``target``: a bundle holds only the
    modules it was built with, and refuses the others."""
    try:
        return importlib.util.find_spec(module_of(target)) is not None
    except ModuleNotFoundError:
        return False


class NotCarried(OptionError):
    """An engine whose module this program does not hold (a bundle built without it)."""

    def __init__(self, engine):
        super().__init__(f"the engine {engine} is not in this bundle")
        self.engine = engine


def carried_engines():
    """The engines whose module this program holds (in the order of ``names``)."""
    return [name for name in names() if carries(target_of(name))]


def names():
    """Every engine's name, those of two players' games and those of N players'."""
    return sorted(ENGINES) + sorted(NPLAYER_ENGINES)


def engines_for(game):
    """The names of the engines that play ``game`` (a rules object or class): the
    N-player ones for a game that gives ``returns`` (games.contract.is_n_player's test,
    not imported: every bundle carries this module), else the two players' ones."""
    return sorted(NPLAYER_ENGINES) if hasattr(game, "returns") else sorted(ENGINES)


def target_of(name):
    """The ``"module:Class"`` target of the engine ``name`` (KeyError if none)."""
    return ENGINES[name] if name in ENGINES else NPLAYER_ENGINES[name]


def engine_class(name):
    """The class of the engine ``name``; OptionError naming the engines otherwise, and
    NotCarried where this program does not hold it."""
    try:
        target = target_of(name)
    except KeyError:
        raise OptionError(f"unknown engine {name!r}; engines: {', '.join(names())}") from None
    if not carries(target):
        raise NotCarried(name)
    return load(target)


def own_parameters(name):
    """{parameter: (type, default)} of the engine ``name`` itself, without those of an
    engine it wraps."""
    found = {}
    for cls in engine_class(name).__mro__:  # a subclass passes **options on to its base
        params = list(inspect.signature(cls.__init__).parameters.values())[3:]  # after self, game, evaluate
        for param in params:
            if param.kind in (param.KEYWORD_ONLY, param.POSITIONAL_OR_KEYWORD) and param.name not in found:
                kind = param.annotation if param.annotation is not param.empty else type(param.default)
                found[param.name] = (kind, param.default)
        if INNER in found or not any(p.kind is p.VAR_KEYWORD for p in params):
            break
    return found


def inner_engine(name, inner=None):
    """The engine that ``name`` wraps: ``inner``, else its default; None for an engine
    that wraps none."""
    own = own_parameters(name)
    return (inner or own[INNER][1]) if INNER in own else None


def parameters(name, inner=None):
    """{parameter: (type, default)} of the engine ``name``. An engine that wraps another
    (a parameter ``engine``) also takes the inner engine's parameters: those of
    ``inner``, or of its default inner engine."""
    found = own_parameters(name)
    wrapped = inner_engine(name, inner)
    return {**parameters(wrapped), **found} if wrapped else found


def convert(kind, text):
    """``text`` as a value of type ``kind``; OptionError saying what was expected."""
    if kind is bool:
        if text.lower() in TRUE:
            return True
        if text.lower() in FALSE:
            return False
        raise OptionError("expected true or false")
    if kind is int:
        try:
            return int(text)
        except ValueError:
            raise OptionError("expected an integer") from None
    if kind is float:
        try:
            return float(text)
        except ValueError:
            raise OptionError("expected a number") from None
    if kind is list:
        try:
            return [float(item) for item in text.split(",")]
        except ValueError:
            raise OptionError("expected numbers separated by commas") from None
    if kind is str:
        return text
    raise OptionError("cannot be set from the command line")


def typed_parameters(name, texts, inner=None):
    """{parameter: value} of the engine ``name`` from {parameter: text}; OptionError
    naming the first parameter that it does not take or whose value does not fit.
    ``inner``: the engine that ``name`` wraps unless ``texts`` names one."""
    choices = NPLAYER_INNER_CHOICES if name in NPLAYER_ENGINES else INNER_CHOICES
    if INNER in texts and texts[INNER] not in choices:
        raise OptionError(f"{INNER}={texts[INNER]}: expected one of {', '.join(choices)}")
    known = parameters(name, texts.get(INNER) or inner)
    values = {}
    for key, text in texts.items():
        if key not in known:
            settable = sorted(key for key, (kind, _) in known.items() if kind in SETTABLE)
            raise OptionError(f"{name} has no parameter {key!r}; it takes {', '.join(settable)}")
        kind, default = known[key]
        if default is None and text.lower() == "none":
            values[key] = None
            continue
        try:
            values[key] = convert(kind, text)
        except ValueError as error:
            raise OptionError(f"{key}={text}: {error}") from None
    return values
