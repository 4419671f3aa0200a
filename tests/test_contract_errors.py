"""A game that breaks the contract is named in one line where the fault is met: at the
build, at the bot's start, at the referee's start or while refereeing; and the end of a
game is the rules' to tell."""
import io
import random
import subprocess
import sys

import pytest

from arena import cli
from arena.games import load_referee
from arena.match import Match, RefereeError, end_reason, join_moves, parse_opening, play_match
from botproc import ROOT
from bots import runtime
from bots.runtime import Bot
from engines.alphabeta import AlphaBeta
from engines.base import NO_MOVE_NO_END, Limit
from games import lastmove
from games.onitama.rules import MAX_TURNS as ONITAMA_TURNS, Onitama
from games.oware.protocol import Player as OwarePlayer
from games.oware.rules import MAX_TURNS as OWARE_TURNS, Oware


def one_line(text):
    assert text.count("\n") == 1 and "Traceback" not in text, text
    return text.strip()


def start(bot, capsys):
    """(exit status, its one line on stderr) of the bot started on no input."""
    code = runtime.main(bot, [], stdin=io.StringIO(), stdout=io.StringIO())
    return code, one_line(capsys.readouterr().err)


def test_a_typo_in_an_evaluations_module_is_named_at_the_bots_start(capsys):
    bot = Bot("test", OwarePlayer, {"handcrafted": "games.oware.evaluatoin:make_evaluator"},
              best="alphabeta", time=0.5, first_time=0.2)
    with pytest.raises(SystemExit) as stopped:
        runtime.main(bot, [], stdin=io.StringIO(), stdout=io.StringIO())
    assert stopped.value.code == 2
    assert one_line(capsys.readouterr().err) == (
        "test: evaluation handcrafted: no module games.oware.evaluatoin "
        "(the target 'games.oware.evaluatoin:make_evaluator' names it)")


def test_a_typo_in_an_evaluations_function_is_named_at_the_bots_start(capsys):
    bot = Bot("test", OwarePlayer, {"handcrafted": "games.oware.evaluation:make_evaluater"},
              best="alphabeta", time=0.5, first_time=0.2)
    assert start(bot, capsys) == (2, "test: evaluation handcrafted: games.oware.evaluation has no make_evaluater "
                                     "(the target 'games.oware.evaluation:make_evaluater')")


def test_a_typo_in_an_evaluation_stops_the_build_in_one_line(tmp_path):
    source = (ROOT / "bots" / "oware.py").read_text()
    assert '"games.oware.evaluation:make_evaluator"' in source
    entry = tmp_path / "typo.py"
    entry.write_text(source.replace('"games.oware.evaluation:make_evaluator"', '"games.oware.evaluatoin:make_evaluator"')
                     .replace('"nn": "games.oware.nn:make_evaluator"', '"nn": "games.oware.evaluatoin:make_evaluator"'))
    built = subprocess.run([sys.executable, str(ROOT / "build" / "bundle.py"), str(entry), "--out", str(tmp_path)],
                           capture_output=True, text=True, cwd=ROOT)
    assert built.returncode != 0
    assert "no module games.oware.evaluatoin" in one_line(built.stderr)


class RulelessPlayer(lastmove.LastMovePlayer):
    first_turn_ms = turn_ms = 100


def test_a_player_without_rules_is_named_at_the_bots_start(capsys):
    bot = Bot("test", RulelessPlayer, {"handcrafted": "games.oware.evaluation:make_evaluator"},
              best="alphabeta", time=0.5, first_time=0.2)
    code, line = start(bot, capsys)
    assert code == 2
    assert line == ("test: test_contract_errors.RulelessPlayer has no rules: set its rules to the game's rules "
                    "class (docs/INTERFACES.md)")


class Steps:
    """Two plies of "go", then no move; ``outcome`` may be broken (None at the end)."""

    name = "steps"

    def __init__(self, broken=False):
        self.broken = broken

    def initial_state(self):
        return 0

    def to_move(self, state):
        return state % 2

    def legal_moves(self, state):
        return ["go"] if state < 2 else []

    def play(self, state, move):
        return state + 1

    def outcome(self, state):
        return None if self.broken or state < 2 else 0

    def move_name(self, move):
        return move

    def parse_move(self, text):
        if text != "go":
            raise ValueError(f"not a move: {text!r}")
        return text

    def render(self, state):
        return [str(state)]


class StepsReferee(lastmove.LastMoveReferee):
    name = "steps"
    rules = Steps
    first_turn_ms = turn_ms = 2000


class FaultyReferee(StepsReferee):
    def turn_lines(self, state, player, first_turn, last_move=None):
        return {}["lines"]


# A bot of the last-move protocol that plays the first listed action.
FIRST_ACTION = """import sys
while True:
    last = sys.stdin.readline()
    if not last:
        break
    actions = [sys.stdin.readline().strip() for _ in range(int(sys.stdin.readline()))]
    print(actions[0], flush=True)
"""


@pytest.fixture
def first_action(tmp_path):
    bot = tmp_path / "first.py"
    bot.write_text(FIRST_ACTION)
    return str(bot)


def test_the_steps_game_plays_to_its_end_when_its_rules_hold(first_action):
    record = play_match(StepsReferee(), Match.between([first_action, first_action]))
    assert (record["reason"], record["plies"], record["score"]) == ("end", 2, [0.5, 0.5])


def test_a_fault_in_the_referees_turn_lines_is_one_line_naming_it(first_action):
    with pytest.raises(RefereeError) as error:
        play_match(FaultyReferee(), Match.between([first_action, first_action]))
    assert str(error.value) == "steps: the referee's turn_lines failed: KeyError: 'lines'"


def test_rules_with_no_move_while_the_game_goes_on_are_named_by_the_arena_and_the_engines(first_action):
    referee = StepsReferee(Steps(broken=True))
    with pytest.raises(RefereeError) as error:
        play_match(referee, Match.between([first_action, first_action]))
    assert str(error.value) == ("steps: the rules give no legal move after 2 plies but outcome is None: "
                                "legal_moves must be empty exactly when outcome is -1, 0 or 1")
    game = Steps(broken=True)
    with pytest.raises(ValueError) as error:
        AlphaBeta(game, lambda state: 0.0).search(1, Limit())
    assert str(error.value) == NO_MOVE_NO_END


def test_a_referee_that_cannot_start_is_named_at_the_arenas_start(monkeypatch, capsys):
    monkeypatch.setattr("games.breakthrough.protocol.Referee.rules", None)
    assert cli.main(["match", "breakthrough", "a.py", "b.py"]) == 2
    assert one_line(capsys.readouterr().err) == (
        "arena: error: games/breakthrough/protocol.py: its Referee cannot start: ContractError: "
        "games.breakthrough.protocol.Referee has no rules: set its rules to the game's rules class "
        "(docs/INTERFACES.md)")


def test_moves_that_hold_spaces_are_joined_so_that_they_read_back():
    assert join_moves(["c2c3", "d7d6"]) == "c2c3 d7d6"
    assert join_moves(["4 5", "1 1"]) == "4 5, 1 1"
    for names in (["c2c3", "d7d6"], ["4 5", "1 1", "0 0"]):
        assert parse_opening(join_moves(names)) == names
    record = {"game": "uttt", "seed": 1, "bots": ["a", "b"], "opening": ["4 4"], "moves": ["1 1", "3 3"],
              "winner": None, "loser": None, "reason": "end", "detail": "", "plies": 3, "turns": [1, 1],
              "time_avg_ms": [1, 1], "time_max_ms": [1, 1], "peak_mb": [1, 1], "stderr": []}
    assert "moves: 1 1, 3 3" in cli.describe(record).splitlines()


def onitama_final_states(count, seed=1):
    """The final states of random Onitama games won before the turn limit."""
    game, rng, found = Onitama(), random.Random(seed), []
    while len(found) < count:
        state = game.initial_state()
        while game.legal_moves(state):
            state = game.play(state, rng.choice(game.legal_moves(state)))
        if game.outcome(state) == -1:
            found.append(state)
    return found


def test_a_game_won_on_its_last_allowed_ply_ended_by_the_rules_not_the_limit():
    game = Onitama()
    for won in onitama_final_states(3):
        on_the_last_ply = game.with_turn(won, ONITAMA_TURNS)
        assert game.outcome(on_the_last_ply) == -1 and not game.legal_moves(on_the_last_ply)
        assert end_reason(game, on_the_last_ply) == "end"
    cut = game.with_turn(game.initial_state(), ONITAMA_TURNS)
    assert game.outcome(cut) == 0 and end_reason(game, cut) == "turn_limit"
    oware = Oware()
    won = oware.make_state((0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1), (25, 20), OWARE_TURNS)
    assert oware.outcome(won) is not None and end_reason(oware, won) == "end"
    cut = oware.make_state((4, 4, 4, 4, 2, 2, 4, 4, 4, 4, 4, 4), (2, 2), OWARE_TURNS)
    assert oware.outcome(cut) == 0 and end_reason(oware, cut) == "turn_limit"
    assert end_reason(load_referee("othello").game, load_referee("othello").game.initial_state()) == "end"
