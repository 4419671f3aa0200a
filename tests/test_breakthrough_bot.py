"""The Breakthrough bundle through its real stdin/stdout, as CodinGame drives it."""
import random
import time

import pytest

from botproc import BotProcess, build_bundle, first_turn_answer
from games.breakthrough.protocol import Referee
from games.breakthrough.rules import BLACK, WHITE
from test_breakthrough_protocol import BLACK_FIRST_TURN, WHITE_FIRST_TURN

FAST = ["--time", "0.1", "--first-time", "0.02"]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    return build_bundle("breakthrough", tmp_path_factory.mktemp("dist"))


@pytest.mark.parametrize("turn", [WHITE_FIRST_TURN, BLACK_FIRST_TURN])
def test_golden_first_turns_get_a_listed_answer(bundle, tmp_path, turn):
    assert first_turn_answer(bundle, FAST, tmp_path, turn) in turn[2:]


def play_against_random(bundle, tmp_path, seat, args, seed):
    """Plays one game through the referee's lines; returns the final state and the bot's
    answer times (s)."""
    referee = Referee()
    game = referee.game
    rng = random.Random(seed)
    state = referee.new_state()
    bot = BotProcess(bundle, args, cwd=tmp_path)
    times = []
    last = None
    while referee.needs_answer(state):
        if game.to_move(state) == seat:
            sent = time.perf_counter()
            bot.send(referee.turn_lines(state, seat, not times, last))
            answer = bot.answer()
            times.append(time.perf_counter() - sent)
            move = referee.parse_answer(state, answer)  # raises on anything the arena refuses
        else:
            move = rng.choice(game.legal_moves(state))
        state, last = game.play(state, move), move
    code, err = bot.finish()
    assert code == 0 and err == "", err  # it never lost track of the game
    return state, times


@pytest.mark.parametrize("seat", [WHITE, BLACK])
def test_whole_game_against_a_random_mover(bundle, tmp_path, seat):
    game = Referee().game
    state, times = play_against_random(bundle, tmp_path, seat, FAST, seed=seat)
    assert len(times) >= 5
    assert game.outcome(state) == -1 and game.to_move(state) != seat  # even a short search wins


def test_the_default_clock_plays_a_whole_game(bundle, tmp_path):
    """With no options, as the arena starts it. Its margin on 100 ms turns (the median
    answer, the first one) is a figure of make bench (bench/breakthrough.py), not a test."""
    game = Referee().game
    state, times = play_against_random(bundle, tmp_path, BLACK, [], seed=5)
    assert len(times) >= 5
    assert game.outcome(state) == -1 and game.to_move(state) != BLACK


@pytest.mark.parametrize("bad_line", ["garbage", "", "e2e9", "22"])
def test_bad_input_ends_quietly_with_a_message(bundle, tmp_path, bad_line):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send(WHITE_FIRST_TURN)
    bot.answer()
    bot.send([bad_line])
    code, err = bot.finish()
    assert code == 1
    assert "bad input" in err and "Traceback" not in err


def test_a_bad_move_count_ends_quietly_with_a_message(bundle, tmp_path):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send(["None", "many"])
    code, err = bot.finish()
    assert code == 1 and "bad input" in err and "Traceback" not in err


def test_eof_mid_game_ends_quietly(bundle, tmp_path):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send(WHITE_FIRST_TURN)
    bot.answer()
    code, err = bot.finish()
    assert code == 0 and err == ""


def test_unexpected_turns_still_get_a_listed_answer(bundle, tmp_path):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send(WHITE_FIRST_TURN)
    first = bot.answer()
    assert first in WHITE_FIRST_TURN[2:]
    # "None" again, mid-game, with a list that is not what our position gives.
    bot.send(["None", "2", "h2h3", "a2a3"])
    assert bot.answer() in {"h2h3", "a2a3"}
    # A list our rules disagree with: the bot keeps to the list (and a winning move in it).
    bot.send(["a7a6", "3", "a2a3", "b2b3", "c7c8"])
    assert bot.answer() == "c7c8"
    code, err = bot.finish()
    assert code == 0 and "Traceback" not in err
    assert "not legal in our position" in err or "playing the listed moves" in err
