"""The Oware bundle through its real stdin/stdout, as CodinGame drives it."""
import random
import time

import pytest

from botproc import BotProcess, build_bundle, first_turn_answer, full_bundle
from games.oware.protocol import Referee

FAST = ["--time", "0.1", "--first-time", "0.02"]
START = "4 4 4 4 4 4 4 4 4 4 4 4"


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    return build_bundle("oware", tmp_path_factory.mktemp("dist"))


def test_first_turn_gets_a_bare_house_index(bundle, tmp_path):
    assert first_turn_answer(bundle, FAST, tmp_path, [START]) in {"0", "1", "2", "3", "4", "5"}


def play_against_random(bundle, tmp_path, seat, args, seed):
    """Plays one game; returns the final state and the bot's answer times (s)."""
    referee = Referee()
    game = referee.game
    rng = random.Random(seed)
    state = referee.new_state()
    bot = BotProcess(bundle, args, cwd=tmp_path)
    times = []
    while referee.needs_answer(state):
        if game.to_move(state) == seat:
            sent = time.perf_counter()
            bot.send(referee.turn_lines(state, seat, not times))
            answer = bot.answer()
            times.append(time.perf_counter() - sent)
            move = referee.parse_answer(state, answer)  # raises on anything the arena refuses
        else:
            move = rng.choice(game.legal_moves(state))
        state = game.play(state, move)
    code, err = bot.finish()
    assert code == 0 and err == "", err  # never lost track of the scores
    return state, times


@pytest.mark.parametrize("seat", [0, 1])
def test_whole_game_against_a_random_mover(bundle, tmp_path, seat):
    referee = Referee()
    state, times = play_against_random(bundle, tmp_path, seat, FAST, seed=seat)
    assert len(times) >= 5  # many turns answered: the bot wins against random moves in as few as 9
    assert referee.game.outcome(state) is not None
    scores = referee.game.scores(state)
    assert scores[seat] > scores[1 - seat]  # even a short search beats random moves


def test_the_solver_engine_plays_a_whole_game(bundle, tmp_path):
    # Against a random mover the game ends on 25 captured seeds long before the turn
    # limit comes near, where the solver starts (tests/test_runtime.py checks the hand-over)
    state, times = play_against_random(full_bundle(bundle), tmp_path, 1, FAST + ["--engine", "solver"], seed=3)
    assert len(times) >= 10 and Referee().game.outcome(state) is not None


def test_the_default_clock_plays_a_whole_game(bundle, tmp_path):
    """With no options, as the arena starts it. Its margin on 50 ms turns (the median
    answer, the first one) is a figure of make bench (bench/oware.py), not a test."""
    state, times = play_against_random(bundle, tmp_path, 0, [], seed=5)
    assert len(times) >= 5 and Referee().game.outcome(state) is not None
    scores = Referee().game.scores(state)
    assert scores[0] > scores[1]


@pytest.mark.parametrize("bad_line", ["garbage", "", "0 1 2", "4 4 4 4 4 4 4 4 4 4 4 x"])
def test_bad_input_ends_quietly_with_a_message(bundle, tmp_path, bad_line):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send([START])
    bot.answer()
    bot.send([bad_line])
    code, err = bot.finish()
    assert code == 1
    assert "bad input" in err and "Traceback" not in err


def test_eof_mid_game_ends_quietly(bundle, tmp_path):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send([START])
    bot.answer()
    code, err = bot.finish()
    assert code == 0 and err == ""


def test_a_board_no_move_explains_still_gets_a_legal_answer(bundle, tmp_path):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send([START])
    bot.answer()
    bot.send(["0 0 0 0 0 3 5 5 5 5 5 5"])  # not reachable; only house 5 (3 seeds) is not empty
    assert bot.answer() == "5"
    code, err = bot.finish()
    assert code == 0 and "rebuilt" in err and "Traceback" not in err
