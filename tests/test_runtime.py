"""The bots' runtime (bots/runtime.py): options, the engine a bot builds, and the one
turn loop, run in-process over scripted games of every game."""
import importlib
import io
import random
import time

import pytest

from arena.games import games_with_bots, load_referee
from bots import onitama, othello, oware, runtime
from bots.runtime import Bot, Config
from engines import registry
from engines.base import Limit
from engines.bestfirst import BestFirst
from engines.mcts import MCTS
from games.othello.rules import Othello
from games.oware.evaluation import make_evaluator
from games.oware.protocol import Player
from games.oware.rules import MAX_TURNS, Oware

game = Oware()
evaluate = make_evaluator(game)


def near_the_turn_limit(game, state):
    return MAX_TURNS - game.ply(state) <= 10


HANDCRAFTED = "games.oware.evaluation:make_evaluator"


def make_bot(configs=None, evaluations=None, **settings):
    """An Oware bot whose best configuration is best-first's."""
    return Bot("test", Player, evaluations or {"handcrafted": HANDCRAFTED}, best="bestfirst",
               time=0.5, first_time=0.2, configs=configs, **settings)


def engine_for(argv, bot=None, for_game=game):
    bot = bot or make_bot()
    return runtime.make_engine(bot, runtime.parse_options(bot, argv), for_game)


def usage_error(argv, bot, capsys):
    """The one stderr line of a bot stopped at start-up by a wrong option."""
    with pytest.raises(SystemExit) as stopped:
        runtime.parse_options(bot, argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


# -- options -----------------------------------------------------------------------------
def test_parameters_override_in_order_tuned_then_set():
    bot = make_bot({"bestfirst": Config("bestfirst", C=0.3, FPU=0.2)})
    engine = engine_for([], bot)
    assert isinstance(engine, BestFirst) and (engine.C, engine.FPU) == (0.3, 0.2)
    engine = engine_for(["--set", "C=0.9"], bot)
    assert (engine.C, engine.FPU) == (0.9, 0.2)


def test_set_values_take_the_type_of_the_parameter():
    options = runtime.parse_options(make_bot(), ["--engine", "mcts", "--set", "C=2", "--set", "reuse=false",
                                                 "--set", "playout_plies=3", "--set", "seed=none",
                                                 "--set", "playout_weight=1,2.5,0"])
    assert options.params == {"C": 2.0, "reuse": False, "playout_plies": 3, "seed": None,
                              "playout_weight": [1.0, 2.5, 0.0]}
    assert type(options.params["C"]) is float and type(options.params["playout_plies"]) is int


@pytest.mark.parametrize("argv, message", [
    (["--set", "C=abc"], "--set C=abc: expected a number"),
    (["--set", "nonsense=1"], "--set bestfirst has no parameter 'nonsense'"),
    (["--set", "reuse=maybe"], "--set reuse=maybe: expected true or false"),
    (["--engine", "alphabeta", "--set", "tt_size=1.5"], "--set tt_size=1.5: expected an integer"),
    (["--engine", "mcts", "--set", "playout_weight=1,x"], "expected numbers separated by commas"),
    (["--engine", "solver", "--set", "engine=nosuch"], "engine=nosuch: expected one of"),
    (["--engine", "solver", "--set", "solve_when=1"], "solve_when=1: cannot be set"),
    (["--set", "C"], "--set expects NAME=VALUE"),
    (["--weight", "material=lots"], "--weight material=lots: expected a number"),
    (["--time", "1.5"], "--time 1.5: expected a fraction"),
    (["--clock", "0"], "--clock 0.0: expected a positive factor"),
    (["--clock", "nan"], "--clock nan: expected a positive factor"),
    (["--eval", "nope"], "--eval"),
    (["--engine", "nope"], "--engine"),
    (["--engine", "paranoid"], "engine paranoid does not play test, whose engines are alphabeta, alphabeta+,"),
])
def test_a_wrong_option_stops_the_bot_with_one_line(argv, message, capsys):
    assert message in usage_error(argv, make_bot(), capsys)


@pytest.mark.parametrize("argv, choice", [
    (["--engine", "mcts"], "engine mcts"),
    (["--engine", "solver", "--set", "engine=mcts"], "engine mcts"),   # the engine it wraps
    (["--eval", "gone"], "evaluation gone"),
])
def test_a_choice_that_the_bundle_lacks_stops_the_bot_naming_the_full_bundle(monkeypatch, capsys, argv, choice):
    monkeypatch.setitem(registry.ENGINES, "mcts", "engines.nosuch:MCTS")  # as in a bundle built without them
    monkeypatch.setattr(runtime, "bundled", lambda: True)
    bot = make_bot(evaluations={"handcrafted": HANDCRAFTED, "gone": "games.oware.nosuch:make_evaluator"})
    err = usage_error(argv, bot, capsys)
    assert err.startswith(f"test: {choice} is not in this bundle, which carries engines alphabeta, ")
    assert "and evaluations handcrafted; dist/full/test.py carries every one" in err


def test_what_the_options_choose_is_what_a_bundle_carries():
    def chosen(argv, bot=othello.BOT):
        return runtime.chosen_targets(bot, runtime.parse_options(bot, argv))
    assert chosen([]) == ["engines.solver:Solver", "engines.bestfirst:BestFirst",
                          "games.othello.ntuple:make_evaluator"]
    assert chosen(["--engine", "mcts"]) == ["engines.mcts:MCTS", "games.othello.evaluation:make_evaluator"]
    assert chosen(["--engine", "solver", "--set", "engine=mcts", "--eval", "handcrafted"]) == [
        "engines.solver:Solver", "engines.mcts:MCTS", "games.othello.evaluation:make_evaluator"]
    assert chosen([], onitama.BOT) == ["engines.alphabeta:AlphaBetaPlus", "games.onitama.ntuple:make_evaluator"]
    assert chosen(["--engine", "forced"], onitama.BOT) == ["engines.forced:Forced", "engines.alphabeta:AlphaBetaPlus",
                                                           "games.onitama.ntuple:make_evaluator"]
    assert chosen(["--engine", "solver"], onitama.BOT)[1] == "engines.alphabeta:AlphaBeta"  # its default


def test_the_solver_takes_its_inner_engines_parameters():
    bot = make_bot({"solver": Config("solver", engine="bestfirst")})
    solver = engine_for(["--engine", "solver", "--set", "C=0.4"], bot)
    assert isinstance(solver.inner, BestFirst) and solver.inner.C == 0.4


def test_a_bundled_bot_stops_at_start_up_on_a_wrong_value(capsys):
    # the whole main: nothing is read from stdin, one line, exit 2
    stdin = io.StringIO("4 4 4 4 4 4 4 4 4 4 4 4\n")
    with pytest.raises(SystemExit) as stopped:
        runtime.main(oware.BOT, ["--set", "quiescence=lots"], stdin=stdin, stdout=io.StringIO())
    assert stopped.value.code == 2 and stdin.tell() == 0
    assert capsys.readouterr().err == "oware: --set quiescence=lots: expected an integer\n"


def test_an_engine_that_cannot_be_built_stops_the_bot_at_start_up(capsys):
    # alpha-beta+ needs a game with noisy moves, which Othello does not name
    assert runtime.main(othello.BOT, ["--engine", "alphabeta+"], stdin=io.StringIO(),
                        stdout=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "noisy_moves" in err
    with pytest.raises(ValueError, match="mtdf and bns"):
        engine_for(["--engine", "alphabeta", "--set", "mtdf=true", "--set", "bns=true"], for_game=Othello())


def test_weighted_playouts_can_be_set_from_the_command_line():
    engine = engine_for(["--engine", "mcts", "--set", "playout_weight=1,2,1,1,1,0.5,1,2,1,1,1,0.5", "--set", "seed=1"])
    assert isinstance(engine, MCTS)
    result = engine.search(game.initial_state(), Limit.within(0.05))
    assert result.move in game.legal_moves(game.initial_state())


# -- the solver and the bot's "near the end" test -------------------------------------------
def test_the_solver_solves_near_the_end_and_searches_before():
    bot = make_bot({"solver": Config("solver", engine="bestfirst")}, solve_when=near_the_turn_limit)
    solver = engine_for(["--engine", "solver"], bot)
    solved, solve = [], solver.solver.solve
    solver.solver.solve = lambda state, limit: solved.append(state) or solve(state, limit)
    early = game.initial_state()
    solver.search(early, Limit.within(0.05))
    assert solved == []
    late = game.make_state((1, 0, 0, 2, 0, 3, 0, 1, 0, 0, 1, 4), (18, 18), ply=190)
    result = solver.search(late, Limit.within(5))
    assert solved == [late] and result.proven and result.move in game.legal_moves(late)


def test_the_solver_takes_the_tuned_values_of_the_engine_it_wraps():
    bot = make_bot({"bestfirst": Config("bestfirst", C=0.3), "solver": Config("solver", engine="bestfirst")})
    solver = engine_for(["--engine", "solver"], bot)
    assert isinstance(solver.inner, BestFirst) and solver.inner.C == 0.3
    # another inner engine does not get best-first's values
    solver = engine_for(["--engine", "solver", "--set", "engine=alphabeta"], bot)
    assert not isinstance(solver.inner, BestFirst)


# -- evaluations -----------------------------------------------------------------------------
def unequal_scores():
    state, rng = game.initial_state(), random.Random(3)
    while len(set(game.stores(state))) == 1:  # a material difference to weigh
        state = game.play(state, rng.choice(game.legal_moves(state)))
    return state


def evaluation_for(argv, bot):
    return runtime.make_evaluation(bot, runtime.parse_options(bot, argv), game)


def test_evaluation_weights_from_the_command_line():
    state = unequal_scores()
    weighted = evaluation_for(["--weight", "material=3"], make_bot())
    assert weighted(state) == make_evaluator(game, {"material": 3.0})(state) != evaluate(state)


def test_bad_weight_names_stop_the_bot_at_start_up(capsys):
    with pytest.raises(ValueError, match="--weight for the handcrafted evaluation.*nonsense"):
        evaluation_for(["--weight", "nonsense=1"], make_bot())
    assert runtime.main(oware.BOT, ["--weight", "nonsense=1"], stdin=io.StringIO(), stdout=io.StringIO()) == 2
    assert "nonsense" in capsys.readouterr().err


def test_tuned_weights_reach_the_evaluation_of_their_engine_only():
    bot = make_bot({"bestfirst": Config("bestfirst", weights={"material": 3.0}, C=0.3)})
    assert engine_for([], bot).C == 0.3  # the weight is not an engine parameter
    state = unequal_scores()
    assert evaluation_for([], bot)(state) == make_evaluator(game, {"material": 3.0})(state)
    assert evaluation_for(["--weight", "material=1"], bot)(state) == evaluate(state)
    assert evaluation_for(["--engine", "alphabeta"], bot)(state) == evaluate(state)


def flat(game, **weights):
    if weights:
        raise ValueError(f"no weights here: {sorted(weights)}")
    return lambda state: 0.25


def test_evaluation_chosen_by_name_by_tuned_choice_or_first():
    bot = make_bot({"alphabeta": Config("alphabeta", evaluation="flat", aspiration=0.1)},
                   evaluations={"handcrafted": HANDCRAFTED, "flat": f"{__name__}:flat"})
    state = game.initial_state()
    assert evaluation_for([], bot)(state) == evaluate(state)                      # best-first: the first
    assert evaluation_for(["--engine", "alphabeta"], bot)(state) == 0.25          # the tuned choice
    assert evaluation_for(["--engine", "alphabeta", "--eval", "handcrafted"], bot)(state) == evaluate(state)
    assert evaluation_for(["--eval", "flat"], bot)(state) == 0.25
    with pytest.raises(ValueError, match="--weight for the flat evaluation"):
        evaluation_for(["--eval", "flat", "--weight", "material=2"], bot)
    assert engine_for(["--engine", "alphabeta"], bot).aspiration == 0.1  # the choice is no parameter


def test_a_configuration_is_picked_by_its_name_and_listed_in_the_help(capsys):
    bot = Bot("test", Player, {"handcrafted": HANDCRAFTED, "flat": f"{__name__}:flat"}, best="plain-flat",
              time=0.5, first_time=0.2, configs={"plain-flat": Config("alphabeta", evaluation="flat", aspiration=0.1)})
    state = game.initial_state()
    for argv in ([], ["--engine", "best"], ["--engine", "plain-flat"]):
        options = runtime.parse_options(bot, argv)
        assert (options.config, options.engine) == ("plain-flat", "alphabeta")
        assert evaluation_for(argv, bot)(state) == 0.25 and engine_for(argv, bot).aspiration == 0.1
    # an engine the bot names no configuration for: its own defaults, the bot's first evaluation
    assert evaluation_for(["--engine", "alphabeta"], bot)(state) == evaluate(state)
    assert engine_for(["--engine", "alphabeta"], bot).aspiration != 0.1
    with pytest.raises(SystemExit):
        runtime.parse_options(bot, ["--help"])
    assert "plain-flat: alphabeta, evaluation flat, aspiration=0.1" in " ".join(capsys.readouterr().out.split())
    assert "plain-flat" in usage_error(["--engine", "nonsense"], bot, capsys)


@pytest.mark.parametrize("name", games_with_bots())
def test_a_configuration_named_after_an_engine_runs_that_engine(name):
    bot = importlib.import_module(f"bots.{name}").BOT
    assert bot.best in bot.choices()
    for config_name, config in bot.configs.items():
        assert config.engine in registry.names(), config_name  # Tron's: an N-player engine
        assert config_name == config.engine or config_name not in registry.names(), config_name


# -- the turn loop over scripted games -------------------------------------------------------
class ScriptedArena:
    """stdin and stdout of a bot in a game against a random mover, in-process: the bot
    reads the referee's lines for its turns, and its answers are played."""

    def __init__(self, referee, seat, seed):
        self.referee, self.seat = referee, seat
        self.rng = random.Random(seed)
        self.state = referee.new_state(self.rng)
        self.first_turn, self.last_move = True, None
        self.pending, self.answers, self.output = [], 0, ""
        self._advance()

    def _advance(self):
        """Plays the opponent's moves (and the arena's forced passes) up to our turn."""
        game, referee = self.referee.game, self.referee
        while game.legal_moves(self.state):
            moves = game.legal_moves(self.state)
            if game.to_move(self.state) == self.seat and referee.needs_answer(self.state):
                self.pending = referee.turn_lines(self.state, self.seat, self.first_turn, self.last_move)
                self.first_turn = False
                return
            self.last_move = self.rng.choice(moves) if referee.needs_answer(self.state) else moves[0]
            self.state = game.play(self.state, self.last_move)
        self.pending = None  # the game is over: end of input

    def readline(self):
        if self.pending is None:
            return ""
        assert self.pending, "the bot read past its turn's lines"
        return self.pending.pop(0) + "\n"

    def write(self, text):
        self.output += text

    def flush(self):
        while "\n" in self.output:
            line, self.output = self.output.split("\n", 1)
            assert self.pending == [], "the bot answered before reading its whole turn"
            self.last_move = self.referee.parse_answer(self.state, line)  # ValueError if illegal
            self.state = self.referee.game.play(self.state, self.last_move)
            self.answers += 1
            self._advance()


FAST = ["--time", "0.05", "--first-time", "0.01"]


def every_bot():
    """(bot, referee) of every game that has a bot (found, not listed)."""
    return [(importlib.import_module(f"bots.{name}").BOT, load_referee(name)) for name in games_with_bots()]


@pytest.mark.parametrize("bot, referee", every_bot(), ids=lambda x: getattr(x, "name", ""))
@pytest.mark.parametrize("seat", [0, 1])
def test_the_turn_loop_plays_whole_games_of_every_game(bot, referee, seat, capsys):
    arena = ScriptedArena(referee, seat, seed=seat)
    assert runtime.main(bot, FAST, stdin=arena, stdout=arena) == 0
    assert arena.pending is None and arena.answers >= 3  # the game was played to its end
    assert capsys.readouterr().err == ""


def test_bad_input_stops_the_bot_with_one_line(capsys):
    stdin = io.StringIO("4 4 4 4 4 4 4 4 4 4 4 4\n4 4 banana\n")
    stdout = io.StringIO()
    assert runtime.main(oware.BOT, FAST, stdin=stdin, stdout=stdout) == 1
    assert len(stdout.getvalue().splitlines()) == 1  # it answered the first turn
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "oware: bad input: expected 12 seed counts" in err


class DeadlineRecorder:
    """An engine that records the deadlines it is given, relative to ``base()``."""

    def __init__(self, base=lambda: 0.0):
        self.base = base
        self.deadlines = []

    def search(self, state, limit):
        self.deadlines.append(limit.deadline - self.base())
        raise RuntimeError("no search needed")

    def release(self):
        pass


def test_the_first_turn_clock_counts_the_start_up_when_the_line_was_waiting(monkeypatch):
    recorder = DeadlineRecorder()
    deadlines = recorder.deadlines

    bot = oware.BOT
    options = runtime.parse_options(bot, ["--first-time", "0.5"])
    monkeypatch.setattr(runtime, "STARTED", time.perf_counter() - 10)  # started long ago
    stdin = runtime.LineReader(io.StringIO("4 4 4 4 4 4 4 4 4 4 4 4\n"))
    with pytest.raises(EOFError):
        runtime.play(bot, options, Player(), recorder, stdin, lambda text: None)
    # the line was waiting: the 1000 ms first turn began at the start-up, 10 s ago
    assert deadlines and deadlines[0] < time.perf_counter() - 9


def test_the_clock_option_multiplies_the_turn_budgets(monkeypatch):
    recorder = DeadlineRecorder(base=time.perf_counter)
    deadlines = recorder.deadlines

    def first_deadline(argv):
        deadlines.clear()
        monkeypatch.setattr(runtime, "STARTED", time.perf_counter())  # the bot starts now
        options = runtime.parse_options(oware.BOT, argv)
        stdin = runtime.LineReader(io.StringIO("4 4 4 4 4 4 4 4 4 4 4 4\n"))
        with pytest.raises(EOFError):
            runtime.play(oware.BOT, options, Player(), recorder, stdin, lambda text: None)
        return deadlines[0]

    # the first turn's 1000 ms, whatever share the bot thinks, eight times as long
    plain, odds = first_deadline([]), first_deadline(["--clock", "8"])
    assert 0 < plain < 1.0 and 7 * plain < odds < 8.0


class FakeRunQueue:
    """Run-queue figures set by the test: (seconds waited, runs)."""

    def __init__(self):
        self.figures = (0.0, 0)

    def read(self):
        return self.figures


def test_the_load_guard_moves_the_start_back_by_the_wake_up_wait_and_keeps_a_reserve():
    queue = FakeRunQueue()
    guard = runtime.LoadGuard(queue)
    assert guard.deadline(10.0, 0.036) == 10.036  # nothing seen yet: the whole share
    guard.waiting()
    queue.figures = (0.004, 1)         # woken after 4 ms in the run queue
    assert guard.started() == pytest.approx(0.004)
    queue.figures = (0.010, 4)         # then preempted 3 times for 6 ms in all
    guard.answered()
    assert guard.reserve == pytest.approx(2 * 0.002)
    assert guard.deadline(10.0, 0.036) == pytest.approx(10.032)
    for _ in range(10):                # quiet turns: the reserve fades
        guard.waiting()
        guard.started()
        queue.figures = (queue.figures[0], queue.figures[1] + 1)
        guard.answered()
    assert guard.reserve == pytest.approx(0.004 * 0.9 ** 10)
    guard.reserve = 1.0                # never more than half the thinking time
    assert guard.deadline(10.0, 0.036) == pytest.approx(10.018)


def test_the_run_queue_figures_grow_or_stay_zero_where_unreadable(monkeypatch):
    queue = runtime.RunQueue()
    first = queue.read()
    sum(range(10 ** 6))
    second = queue.read()
    assert second[0] >= first[0] and second[1] >= first[1]
    if queue.file is not None:  # Linux
        assert second[1] >= 1
    monkeypatch.setattr(runtime.RunQueue, "PATH", "/nonexistent/schedstat")
    assert runtime.RunQueue().read() == (0.0, 0)
