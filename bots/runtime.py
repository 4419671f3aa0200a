"""The bot runtime every CodinGame bot runs: its options, its engine, the turn clock and
the one turn loop. A bot (bots/<game>.py) is a ``Bot``: configuration only.

A bundle runs on the arena without arguments, so every option has a default; locally,
the same file accepts options so that variants can meet in tournaments::

    python3 dist/othello.py --engine bestfirst --set C=1.2 --set FPU=0.3 --time 0.6

``--engine NAME`` picks one of the configurations the bot offers by name (an engine, its
parameters, its evaluation), or an engine the bot names none for, which then plays with
its own defaults; ``best`` is the bot's strongest configuration as measured.

A wrong option stops the bot at start-up with one line naming it (exit status 2); bad
input during the game stops it with one line (exit status 1); the end of the input
ends it quietly (exit status 0). A bundle carries only the engines and the evaluation
that its bot uses by default (build/bundle.py); asking it for another is a wrong
option, whose line names the full bundle that carries every one. ``--version`` prints
where a bundle came from (its build line: commit, options baked in); ``--help`` shows it
too, under the bundle's own name.
"""
from time import perf_counter

STARTED = perf_counter()  # before the heavier imports: the arena's clock may be running

import argparse  # noqa: E402
import gc  # noqa: E402
import sys  # noqa: E402

from engines import registry  # noqa: E402
from engines.base import Limit  # noqa: E402
from games.protocol import ContractError, ProtocolError  # noqa: E402

BEST = "best"  # an --engine choice: the bot's strongest configuration as measured (its default)
WAITING_S = 0.001  # a first line read faster than this was already waiting for us
USAGE_ERROR = 2
FULL_BUNDLE = "dist/full/{}.py"  # where make build writes the bundle that carries every engine


class BotError(ValueError):
    """A bot that cannot start as configured and asked (an evaluation, a weight, an
    engine that cannot be built): one line, exit status 2."""


class Config:
    """A configuration a bot offers by name: the ``engine`` (its name in
    engines/registry.py), its parameters, the evaluation it uses (None: the bot's
    first) and that evaluation's weights."""

    def __init__(self, engine, /, evaluation=None, weights=None, **params):  # params may name an "engine"
        self.engine = engine
        self.evaluation = evaluation
        self.weights = dict(weights or {})
        self.params = params

    def updated(self, **params):
        """This configuration with some parameters changed."""
        return Config(self.engine, self.evaluation, self.weights, **{**self.params, **params})

    def __str__(self):
        """E.g. ``alphabeta, evaluation nn, quiescence=0``: what ``--help`` lists."""
        values = {**self.params, **self.weights}
        return ", ".join([self.engine] + ([f"evaluation {self.evaluation}"] if self.evaluation else [])
                         + [f"{key}={value.__name__ if callable(value) else value}" for key, value in values.items()])


# MCTS that uses the game's evaluation (the engines' table compares searches with the
# same evaluation): playouts of 2 plies, then the evaluation, and progressive bias
# (docs/tuning/engines-mcts-evaluation.md#mcts-with-the-evaluation).
MCTS_WITH_EVALUATION = Config("mcts", playout_plies=2, bias=1.0)


class Bot:
    """A bot's configuration: ``player`` makes the game's protocol ``Player``;
    ``evaluations`` maps names to the ``"module:make_evaluator"`` targets of functions
    ``make_evaluator(game, weights=None)``, the first being the default (targets, not the
    functions: the bot imports only the evaluation it uses, and its bundle carries only
    its default one); ``configs`` maps names to the ``Config`` that each names (a name
    that is an engine's names that engine with the bot's values for it); ``best`` is the
    configuration that ``--engine best`` (the default) means; ``time`` and ``first_time`` are the shares of
    the turn's budget to think; ``max_nodes`` caps the engines' trees (memory);
    ``solve_when(game, state)`` says where the solver solves exactly; ``book(game,
    state)`` is a move to play in place of the search's (an opening book's), or None,
    and ``book_on`` whether the bot asks it by default (``--book``/``--no-book``
    choose)."""

    def __init__(self, name, player, evaluations, best, time, first_time, configs=None,
                 max_nodes=None, solve_when=None, book=None, book_on=True):
        self.name = name
        self.player = player
        self.evaluations = evaluations
        self.best = best
        self.time = time
        self.first_time = first_time
        self.configs = configs or {}
        self.max_nodes = max_nodes
        self.solve_when = solve_when
        self.book = book
        self.book_on = book_on

    def config(self, name):
        """The configuration ``name``: the bot's, else the engine ``name`` with its defaults."""
        return self.configs.get(name) or Config(name)

    def choices(self):
        """The names ``--engine`` takes: the bot's configurations and every engine."""
        return sorted(set(self.configs) | set(registry.names())) + [BEST]

    def evaluation_factory(self, name):
        """The ``make_evaluator`` of evaluation ``name``, its module imported on first use;
        BotError if its target names nothing there."""
        target = self.evaluations[name]
        try:
            return registry.load(target)
        except AttributeError:
            raise BotError(f"evaluation {name}: {registry.module_of(target)} has no "
                             f"{target.partition(':')[2]} (the target {target!r})") from None

    def make_evaluator(self, name, game, **weights):
        """The evaluation ``name`` for ``game`` with named ``weights`` over its own
        (games/contract.py, ``EvaluationFactory``)."""
        factory = self.evaluation_factory(name)
        return factory(game, weights) if weights else factory(game)


class OptionParser(argparse.ArgumentParser):
    """Reports a wrong option in one line, exit status 2."""

    def error(self, message):
        self.exit(USAGE_ERROR, f"{self.prog}: {message}\n")


class PrintLine(argparse.Action):
    """Prints its ``const`` as one line (argparse's version action wraps it) and exits."""

    def __call__(self, parser, namespace, values, option_string=None):
        print(self.const)
        parser.exit()


def parse_pairs(parser, flag, items):
    """{NAME: VALUE} (both text) from the ``NAME=VALUE`` items of a repeatable option."""
    pairs = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            parser.error(f"{flag} expects NAME=VALUE, got {item!r}")
        pairs[key] = value
    return pairs


def parse_options(bot, argv=None):
    """The options, with ``config`` the configuration's name (``best`` resolved),
    ``engine`` its engine, ``params`` typed for that engine and ``weights`` as numbers;
    a wrong one exits with status 2."""
    build = build_info()
    name = build["name"] if build else bot.name
    parser = OptionParser(prog=name, description=f"{name} bot (reads the arena's turns on stdin)",
                          epilog=f"This bundle: {build['line']}." if build else None)
    carried = registry.carried_engines() if bundled() else registry.names()
    # every choice is accepted, so that one this bundle lacks gets the line naming the
    # full bundle; --help lists those it carries
    offered = {choice: config for choice, config in bot.configs.items() if config.engine in carried}
    shown = sorted(set(offered) | set(carried)) + [BEST]
    configs = "; ".join(f"{choice}: {config}" for choice, config in offered.items())
    parser.add_argument("--engine", default=BEST, choices=bot.choices(), metavar="{" + ",".join(shown) + "}",
                        help=f"a configuration of this bot ({configs}), or an engine with its defaults "
                             f"(default: {BEST}, this bot's strongest measured configuration: {bot.best})"
                             + (f"; {FULL_BUNDLE.format(bot.name)} carries every one"
                                if len(carried) < len(registry.names()) else ""))
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="engine parameter, e.g. --set C=1.2 (repeatable)")
    evaluations = [e for e, target in bot.evaluations.items() if not bundled() or registry.carries(target)]
    parser.add_argument("--eval", choices=list(bot.evaluations), metavar="{" + ",".join(evaluations) + "}",
                        help="evaluation (default: the configuration's, else the bot's first)")
    parser.add_argument("--weight", action="append", default=[], metavar="NAME=VALUE",
                        help="evaluation weight, e.g. --weight mobility=0.5 (repeatable)")
    parser.add_argument("--time", type=float, default=bot.time, metavar="FRACTION",
                        help="share of each turn's budget to think (default: %(default)s)")
    parser.add_argument("--first-time", type=float, default=bot.first_time, metavar="FRACTION",
                        help="share of the first turn's budget to think (default: %(default)s)")
    parser.add_argument("--clock", type=float, default=1.0, metavar="FACTOR",
                        help="the arena's turn budgets times FACTOR, for a local arena that gives "
                             "this bot time odds (arena tournament --odds NAME=FACTOR); default 1")
    if bot.book is not None:
        parser.add_argument("--book", action=argparse.BooleanOptionalAction, default=bot.book_on,
                            help="play the opening book's move where it has one, after searching as "
                                 "usual for the tree kept between turns (default: %(default)s)")
    parser.add_argument("--verbose", action="store_true", help="search statistics on stderr")
    parser.add_argument("--info", action="store_true",
                        help="an info line on stderr before each move: depth, nodes, value, pv")
    parser.add_argument("--version", action=PrintLine, nargs=0,
                        const=build["line"] if build else f"{bot.name}: run from source, not a bundle",
                        help="where this bundle came from: its commit and the options baked in")
    options = parser.parse_args(argv)
    options.config = bot.best if options.engine == BEST else options.engine
    options.engine = bot.config(options.config).engine
    inner = bot.config(options.config).params.get(registry.INNER)
    playing = registry.engines_for(bot.player.rules)
    if options.engine not in playing:
        parser.error(f"engine {options.engine} does not play {bot.name}, whose engines are {', '.join(playing)}")
    try:
        options.params = registry.typed_parameters(
            options.engine, parse_pairs(parser, "--set", options.set), inner)
    except registry.NotCarried as error:
        parser.error(not_carried(bot, f"engine {error.engine}", registry.target_of(error.engine)))
    except ValueError as error:
        parser.error(f"--set {error}")
    evaluation = evaluation_name(bot, options)
    if not registry.carries(bot.evaluations[evaluation]):
        parser.error(not_carried(bot, f"evaluation {evaluation}", bot.evaluations[evaluation]))
    options.weights = {}
    for key, text in parse_pairs(parser, "--weight", options.weight).items():
        try:
            options.weights[key] = float(text)
        except ValueError:
            parser.error(f"--weight {key}={text}: expected a number")
    for flag, fraction in (("--time", options.time), ("--first-time", options.first_time)):
        if not 0 < fraction <= 1:
            parser.error(f"{flag} {fraction}: expected a fraction in (0, 1]")
    if not 0 < options.clock < float("inf"):
        parser.error(f"--clock {options.clock}: expected a positive factor")
    return options


def bundled():
    """Whether this program is a bundle: its modules are served from memory, not files."""
    return not __spec__.has_location


def build_info():
    """A bundle's ``__build__`` (build/bundle.py): {"name": the bundle's name, "line":
    where it came from}; None run from source."""
    if not bundled():
        return None
    return getattr(sys.modules.get("__main__"), "__build__", None)


def not_carried(bot, choice, target):
    """The line for a choice whose module (of ``target``) this program lacks: in a bundle,
    naming what it carries; run from source, the module is missing (a typo)."""
    if not bundled():
        return f"{choice}: no module {registry.module_of(target)} (the target {target!r} names it)"
    evaluations = [name for name, target in bot.evaluations.items() if registry.carries(target)]
    return (f"{choice} is not in this bundle, which carries engines {', '.join(registry.carried_engines())}"
            f" and evaluations {', '.join(evaluations)}; {FULL_BUNDLE.format(bot.name)} carries every one"
            f" (make build)")


def evaluation_name(bot, options):
    """The evaluation the options choose: --eval's, else the configuration's, else the
    bot's first."""
    return options.eval or bot.config(options.config).evaluation or next(iter(bot.evaluations))


def inner_choice(bot, options):
    """The engine that the options' engine wraps as --set or the configuration name it
    (the solver's ``engine``); None where they name none."""
    return options.params.get(registry.INNER, bot.config(options.config).params.get(registry.INNER))


def chosen_targets(bot, options):
    """The ``"module:name"`` targets of what the options choose: the engine, the engine
    it wraps (if any) and the evaluation; what a bundle started with them needs."""
    inner = registry.inner_engine(options.engine, inner_choice(bot, options))
    engines = [options.engine] + ([inner] if inner else [])
    return [registry.target_of(name) for name in engines] + [bot.evaluations[evaluation_name(bot, options)]]


def make_evaluation(bot, options, game):
    """The evaluation of the options (``evaluation_name``); its weights: the
    configuration's, then --weight's."""
    name = evaluation_name(bot, options)
    weights = {**bot.config(options.config).weights, **options.weights}
    bot.evaluation_factory(name)  # a target that names nothing has its own line, not --weight's
    try:
        return bot.make_evaluator(name, game, **weights)
    except (TypeError, ValueError) as error:
        raise BotError(f"--weight for the {name} evaluation: {error}") from None


def engine_parameters(bot, options, game):
    """The engine's parameters, each overriding the one before: those of the bot's
    configuration named after the engine it wraps, if any (the solver's ``engine``),
    the configuration's, the bot's node cap and "near the end" test where the engine
    takes them, --set."""
    inner = inner_choice(bot, options)
    params = {**(bot.config(inner).params if inner else {}), **bot.config(options.config).params}
    accepted = registry.parameters(options.engine, inner)
    if bot.max_nodes is not None and "max_nodes" in accepted:
        params["max_nodes"] = bot.max_nodes
    if bot.solve_when is not None and "solve_when" in accepted:
        solve_when = bot.solve_when
        params["solve_when"] = lambda state: solve_when(game, state)
    params.update(options.params)
    return params


def make_engine(bot, options, game):
    """The engine of the options for ``game``; BotError if it cannot be built."""
    evaluate = make_evaluation(bot, options, game)
    params = engine_parameters(bot, options, game)
    try:
        return registry.engine_class(options.engine)(game, evaluate, **params)
    except (TypeError, ValueError) as error:
        raise BotError(f"--engine {options.config}: {error}") from None


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


def value_text(value, spec):
    """A search's value as text: a number in ``spec``, or an N-player engine's vector
    (one value a player) as its numbers joined by commas."""
    if isinstance(value, (tuple, list)):
        return ",".join(format(v, spec) for v in value)
    return format(value, spec)


def info_line(game, result):
    """The search's result as the arena's info line (arena/info.py): moves by name,
    separated by commas where a name holds a space."""
    names = [game.move_name(move) for move in result.pv or [result.move]]
    moves = (", " if any(" " in name for name in names) else " ").join(names)
    return f"info depth {result.depth} nodes {result.nodes} value {value_text(result.value, '.6g')} pv {moves}"


def choose(engine, state, allowed, deadline, verbose=False, info_game=None, book_move=None):
    """The engine's move if it is among ``allowed``, else the first allowed move;
    ``info_game``: the game whose move names the info line uses (None: no info line);
    ``book_move``: an allowed move played in place of the engine's, after its search
    (an opening book's: the info line's pv is that move alone)."""
    try:
        result = engine.search(state, Limit(deadline=deadline))
    except Exception as error:  # a bot must answer even if its engine fails
        log(f"engine failed ({type(error).__name__}: {error}); playing a listed move")
        return allowed[0] if book_move is None else book_move
    if book_move is not None:
        result = result._replace(move=book_move, pv=[book_move])
    if info_game is not None:
        log(info_line(info_game, result))
    if verbose:
        proven = " (solved exactly)" if result.proven else ""
        log(f"move {result.move} value {value_text(result.value, '.3f')} nodes {result.nodes} "
            f"depth {result.depth}{proven}")
    if result.move in allowed:
        return result.move
    log(f"engine chose {result.move!r}, not in the arena's list; playing a listed move")
    return allowed[0]


class RunQueue:
    """(seconds waited for a CPU while ready to run, times run on a CPU) of this thread,
    from Linux's schedstat; (0.0, 0) forever where the file cannot be read."""

    PATH = "/proc/thread-self/schedstat"

    def __init__(self):
        try:
            self.file = open(self.PATH, "rb", buffering=0)
            self.read()
        except (OSError, ValueError, IndexError):
            self.file = None

    def read(self):
        if self.file is None:
            return 0.0, 0
        self.file.seek(0)
        figures = self.file.read().split()
        return int(figures[1]) / 1e9, int(figures[2])


class LoadGuard:
    """What a busy machine costs a turn, as the bot can see it.

    ``woken``: a bot woken by its turn's input may wait for a CPU before it can read
    it, while the arena's clock runs; that wait shows in the run queue's figures, not on
    the bot's clock, so the turn's start is moved back by it. ``reserve``: a bot
    preempted after its last look at the clock answers late by one wait for a CPU; the
    deadline keeps ``PREEMPTIONS_KEPT`` times the mean wait per preemption of the recent
    turns (``DECAY`` a turn), at most ``MAX_RESERVE`` of the thinking time. On an idle
    machine both are zero. Figures: docs/tuning/time-discipline.md."""

    PREEMPTIONS_KEPT = 2
    DECAY = 0.9
    MAX_RESERVE = 0.5

    def __init__(self, run_queue=None):
        self.run_queue = run_queue or RunQueue()
        self.reserve = 0.0
        self.woken = 0.0
        self.before = self.at_start = (0.0, 0)

    def waiting(self):
        """Called just before blocking on the turn's input."""
        self.before = self.run_queue.read()

    def started(self):
        """Called once the input is read: the seconds the wake-up waited for a CPU."""
        self.at_start = self.run_queue.read()
        self.woken = self.at_start[0] - self.before[0]
        return self.woken

    def deadline(self, start, seconds):
        return start + seconds - min(self.reserve, self.MAX_RESERVE * seconds)

    def answered(self):
        """Called once the answer is written: updates the reserve."""
        waited, runs = self.run_queue.read()
        preemptions = runs - self.at_start[1]  # each run after the one that read the input
        gap = (waited - self.at_start[0]) / preemptions if preemptions > 0 else 0.0
        self.reserve = max(self.PREEMPTIONS_KEPT * gap, self.reserve * self.DECAY)


class LineReader:
    """Reads stripped input lines; EOFError at the end of input."""

    def __init__(self, stream):
        self.stream = stream

    def __call__(self):
        line = self.stream.readline()
        if not line:
            raise EOFError
        return line.strip()


def booked(bot, options, game, state):
    """The bot's book move for ``state``, or None (no book, or the book is off)."""
    if bot.book is None or not options.book:
        return None
    move = bot.book(game, state)
    if options.verbose and move is not None:
        log(f"book move {move}")
    return move


def play(bot, options, player, engine, read, write):
    """The turn loop: read a turn through the protocol's ``player``, search within the
    turn's share of the budget (its clock starts when its first line arrives), write
    the move. Runs until the input ends (EOFError)."""
    game = player.game
    budget, fraction = player.first_turn_ms, options.first_time
    first = True
    guard = LoadGuard()
    while True:
        before = perf_counter()
        guard.waiting()
        line = read()
        start = perf_counter()
        woken = guard.started()
        if first and start - before < WAITING_S:
            start = STARTED  # the line came while we started up: the arena's clock ran
        else:
            start -= woken
        first = False
        state, actions, notes = player.read_turn(line, read)
        for note in notes:
            log(note)
        if player.game is not game:  # the first turn said which rules (a board size)
            game = player.game
            engine = make_engine(bot, options, game)
        allowed, problem = player.check_actions(state, actions)
        if problem:
            log(problem)
        if not allowed:
            raise ProtocolError("the arena lists no action")
        if state is None:
            move = player.blind_move(allowed)
        else:
            # searched even where the book or the rules leave one move: the tree kept
            # between turns grows meanwhile (docs/tuning/othello-book.md)
            deadline = guard.deadline(start, budget * options.clock * fraction / 1000.0)
            book_move = booked(bot, options, game, state)
            move = choose(engine, state, allowed, deadline, options.verbose, game if options.info else None,
                          book_move if book_move in allowed else None)
        write(player.format_move(move) + "\n")
        guard.answered()
        engine.release()  # off the clock now: what the search dropped
        if options.verbose:
            log(f"turn: answered {(perf_counter() - start) * 1000:.1f} ms after the input, woken after "
                f"{woken * 1000:.1f} ms; reserve {guard.reserve * 1000:.1f} ms")
        player.played(state, move)
        budget, fraction = player.turn_ms, options.time


def main(bot, argv=None, stdin=None, stdout=None):
    """Runs the bot; the exit status (see the module's notes)."""
    options = parse_options(bot, argv)
    try:
        player = bot.player()
    except ContractError as error:
        log(f"{bot.name}: {error}")
        return USAGE_ERROR
    try:
        engine = make_engine(bot, options, player.game)
    except ValueError as error:
        log(f"{bot.name}: {error}")
        return USAGE_ERROR
    stdout = stdout or sys.stdout

    def write(text):
        stdout.write(text)
        stdout.flush()

    gc.disable()  # search trees are acyclic: a full collection would only stall the clock
    try:
        play(bot, options, player, engine, LineReader(stdin or sys.stdin), write)
    except EOFError:
        return 0
    except ValueError as error:  # the protocols raise it for input they reject
        log(f"{bot.name}: bad input: {error}")
        return 1
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    finally:
        gc.enable()
    return 0
