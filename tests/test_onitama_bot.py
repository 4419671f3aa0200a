"""The Onitama bundle through its real stdin/stdout, as CodinGame drives it."""
import random

import pytest

from botproc import BotProcess, build_bundle, first_turn_answer, full_bundle
from engines.registry import ENGINES
from games.onitama.protocol import Referee
from test_onitama_protocol import PASS_TURN, PLAYER_0_FIRST_TURN, PLAYER_1_FIRST_TURN

FAST = ["--time", "0.1", "--first-time", "0.02"]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    return build_bundle("onitama", tmp_path_factory.mktemp("dist"))


def test_golden_first_turns_get_listed_answers(bundle, tmp_path):
    for turn in (PLAYER_0_FIRST_TURN, PLAYER_1_FIRST_TURN):
        count = int(turn[11])
        assert first_turn_answer(bundle, FAST, tmp_path, turn) in set(turn[12:12 + count])


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_every_engine_answers_a_listed_move(bundle, tmp_path, engine):
    bot = BotProcess(full_bundle(bundle), FAST + ["--engine", engine], cwd=tmp_path)
    bot.send(PLAYER_1_FIRST_TURN)
    assert bot.answer() in set(PLAYER_1_FIRST_TURN[12:])
    code, err = bot.finish()
    assert code == 0 and err == "", err


@pytest.mark.parametrize("seat", [0, 1])
def test_whole_game_against_a_random_mover(bundle, tmp_path, seat):
    referee = Referee()
    game = referee.game
    rng = random.Random(seat)
    state = referee.new_state(rng)
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    first_turn = True
    turns = 0
    while game.legal_moves(state):
        if game.to_move(state) == seat:
            bot.send(referee.turn_lines(state, seat, first_turn))
            first_turn = False
            move = referee.parse_answer(state, bot.answer())  # raises if illegal
            turns += 1
        else:
            move = rng.choice(game.legal_moves(state))
        state = game.play(state, move)
    code, err = bot.finish()
    assert turns >= 2
    assert game.winner(state) == seat  # a random mover does not beat a search
    assert code == 0 and err == "", err


def test_a_pass_turn_mid_game(bundle, tmp_path):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send(["0"] + PASS_TURN)
    assert bot.answer() in {"6 PASS", "4 PASS"}
    code, err = bot.finish()
    assert code == 0 and "Traceback" not in err


@pytest.mark.parametrize("bad_lines", [["garbage"], [""], ["bbBbb", "....."], ["0 1 2"]])
def test_bad_input_ends_quietly_with_a_message(bundle, tmp_path, bad_lines):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send(PLAYER_0_FIRST_TURN[:3] + bad_lines + PLAYER_0_FIRST_TURN[3 + len(bad_lines):])
    code, err = bot.finish()
    assert code == 1
    assert "bad input" in err and "Traceback" not in err


def test_bad_player_id_ends_quietly(bundle, tmp_path):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send(["7"] + PLAYER_0_FIRST_TURN[1:])
    code, err = bot.finish()
    assert code == 1 and "bad input" in err and "Traceback" not in err


def test_eof_mid_game_ends_quietly(bundle, tmp_path):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send(PLAYER_0_FIRST_TURN)
    bot.answer()
    bot.send(PLAYER_0_FIRST_TURN[1:4])  # the next turn is cut short
    code, err = bot.finish()
    assert code == 0 and err == ""


def test_disagreeing_action_list_is_followed_and_reported(bundle, tmp_path):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send(PLAYER_0_FIRST_TURN[:11] + ["1", "15 A1A3"])
    assert bot.answer() == "15 A1A3"
    code, err = bot.finish()
    assert code == 0 and "arena lists" in err and "Traceback" not in err


def test_unexpected_card_vectors_are_reported_but_a_listed_move_is_played(bundle, tmp_path):
    lines = list(PLAYER_0_FIRST_TURN)
    lines[6] = "0 15 0 -1 0 1 0 0 0 0"
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send(lines)
    assert bot.answer() in set(lines[12:])
    code, err = bot.finish()
    assert code == 0 and "our table says" in err and "Traceback" not in err
