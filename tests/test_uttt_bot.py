"""The Ultimate Tic-Tac-Toe bundle through its real stdin/stdout, as CodinGame drives it,
from both seats."""
import random

import pytest

from botproc import BotProcess, build_bundle, first_turn_answer, full_bundle
from games.uttt.protocol import Referee
from test_uttt_protocol import O_FIRST_TURN, X_FIRST_TURN

FAST = ["--time", "0.1", "--first-time", "0.02"]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    return build_bundle("uttt", tmp_path_factory.mktemp("dist"))


@pytest.mark.parametrize("turn", [X_FIRST_TURN, O_FIRST_TURN])
def test_golden_first_turns_get_a_listed_answer(bundle, tmp_path, turn):
    assert first_turn_answer(bundle, FAST, tmp_path, turn) in turn[2:]


def play_against_random(bot, seat, seed):
    """One game through the referee's lines against a random mover; the final state."""
    referee = Referee()
    game, rng = referee.game, random.Random(seed)
    state, last, first = referee.new_state(), None, True
    while referee.needs_answer(state):
        if game.to_move(state) == seat:
            bot.send(referee.turn_lines(state, seat, first, last))
            move = referee.parse_answer(state, bot.answer())  # raises on anything the arena refuses
            first = False
        else:
            move = rng.choice(game.legal_moves(state))
        state, last = game.play(state, move), move
    code, err = bot.finish()
    assert code == 0 and err == "", err  # it never lost track of the game
    return state


@pytest.mark.parametrize("engine", ["best", "mcts"])
@pytest.mark.parametrize("seat", [0, 1])
def test_whole_game_against_a_random_mover_is_won(bundle, tmp_path, seat, engine):
    game = Referee().game
    path = bundle if engine == "best" else full_bundle(bundle)
    state = play_against_random(BotProcess(path, FAST + ["--engine", engine], cwd=tmp_path), seat, seed=seat)
    assert game.outcome(state) == -1 and game.to_move(state) != seat


@pytest.mark.parametrize("bad_line", ["garbage", "", "9 9", "4"])
def test_bad_input_ends_quietly_with_a_message(bundle, tmp_path, bad_line):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send(X_FIRST_TURN)
    bot.answer()
    bot.send([bad_line])
    code, err = bot.finish()
    assert code == 1 and "bad input" in err and "Traceback" not in err


def test_a_list_our_rules_disagree_with_gets_a_listed_answer(bundle, tmp_path):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send(X_FIRST_TURN)
    first = bot.answer()
    bot.send(["-1 -1", "2", "8 8", "0 0"] if first not in ("8 8", "0 0") else ["-1 -1", "1", "4 5"])
    assert bot.answer() in {"8 8", "0 0", "4 5"}
    code, err = bot.finish()
    assert code == 0 and "Traceback" not in err and err  # it said what did not add up
