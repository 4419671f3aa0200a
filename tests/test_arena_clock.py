"""Rehearsing CodinGame's clock (arena/clock.py): jitter, a slow server, the soft timeout;
as rules of the clock, then in games against bots that sleep."""
import subprocess
import sys
from pathlib import Path

import pytest

from arena.clock import (DEFAULT_JITTER, PLAIN, SOFT_EXTRA_MS, SOFT_OVERRUNS, Clock, TurnBeyondLimit, parse_jitter,
                         warn_other_clocks)
from arena.errors import UserError
from arena.games import load_referee
from arena.match import Match, play_match

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "tests" / "zoo"


def test_the_plain_clock_counts_what_it_measures():
    judge = PLAIN.judge(1)
    assert [judge.pause_ms() for _ in range(100)] == [0.0] * 100
    assert judge.wait_ms(150, 0) == 150 and judge.counted_ms(120, 0) == 120
    judge.check(0, 150, 150)
    with pytest.raises(TurnBeyondLimit, match="over the 150 ms limit"):
        judge.check(0, 150.5, 150)


def test_the_soft_timeout_tolerates_two_late_answers_then_the_third_loses():
    judge = Clock(soft=True).judge(1)
    assert judge.wait_ms(100, 0) == 100 + SOFT_EXTRA_MS
    for _ in range(SOFT_OVERRUNS):
        judge.check(0, 140, 100)
    judge.check(1, 149, 100)  # the other player's count is its own
    judge.check(0, 100, 100)  # on time: not counted
    assert judge.overruns == [SOFT_OVERRUNS, 1]
    with pytest.raises(TurnBeyondLimit, match="late answer 3"):
        judge.check(0, 101, 100)


def test_the_soft_timeout_still_has_a_hard_limit():
    judge = Clock(soft=True).judge(1)
    with pytest.raises(TurnBeyondLimit, match="over the 150 ms limit"):
        judge.check(0, 150.5, 100)


def test_a_slow_server_counts_the_time_f_times_and_waits_accordingly():
    judge = Clock(slow=2.0).judge(1)
    assert judge.counted_ms(60, 0) == 120
    assert judge.wait_ms(150, 0) == 75
    assert judge.wait_ms(150, 20) == 65  # a pause leaves less to the bot


def test_jitter_draws_its_pauses_at_their_rates_and_again_for_the_same_seed():
    clock = Clock(jitter=DEFAULT_JITTER)
    judge = clock.judge(7)
    pauses = [judge.pause_ms() for _ in range(20_000)]
    for rate, ms in DEFAULT_JITTER:
        seen = pauses.count(ms) / len(pauses)
        assert abs(seen - rate) < 4 * (rate * (1 - rate) / len(pauses)) ** 0.5, (ms, seen)
    assert pauses.count(0.0) + sum(pauses.count(ms) for _, ms in DEFAULT_JITTER) == len(pauses)
    again = clock.judge(7)
    assert [again.pause_ms() for _ in range(200)] == pauses[:200]
    other = clock.judge(8)
    assert [other.pause_ms() for _ in range(200)] != pauses[:200]


def test_a_pause_counts_in_the_bots_time():
    judge = Clock(jitter=((1.0, 30.0),)).judge(1)
    pause = judge.pause_ms()
    assert pause == 30.0 and judge.counted_ms(100, pause) == 130
    with pytest.raises(TurnBeyondLimit, match=r"\(counted\)"):
        judge.check(0, judge.counted_ms(130, pause), 150)


def test_jitter_options():
    assert parse_jitter("0.1:5,0.01:25") == ((0.1, 5.0), (0.01, 25.0))
    for bad in ("5", "0.1:x", "1.5:5", "0.6:5,0.6:10", "0.1:-1"):
        with pytest.raises(UserError, match="--jitter"):
            parse_jitter(bad)


def test_a_rerun_under_another_clock_is_told_that_the_games_played_still_count(capsys):
    soft = Clock(soft=True)
    records = [{"key": "a"}, {"key": "b", "clock": soft.describe()}]
    warn_other_clocks(records, soft)
    assert "warning: 1 game already played had another clock" in capsys.readouterr().err
    warn_other_clocks(records[:1], PLAIN)
    assert capsys.readouterr().err == ""


def run_arena(*args):
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=120)


@pytest.mark.parametrize("options", [["--jitter", "2:5"], ["--slow", "0"], ["--jitter", "0.1"]])
def test_bad_rehearsal_options_end_in_one_error_line(options):
    done = run_arena("match", "othello", str(ZOO / "first.py"), str(ZOO / "first.py"), *options)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "error:" in done.stderr.splitlines()[-1] and options[0] in done.stderr.splitlines()[-1]


# -- in games ----------------------------------------------------------------------------
def sleeper_game(clock, seconds, scale=1.0):
    """A game between a bot that sleeps ``seconds`` a turn (seat 0) and one that answers
    at once; Othello turns are 150 ms (times ``scale``) after a first turn of 2 s."""
    return play_match(load_referee("othello", scale), Match.between([f"{ZOO}/slow.py {seconds}", str(ZOO / "first.py")],
                      ["slow", "first"], seed=2, random_plies=4, scale=scale, clock=clock))


def test_late_answers_lose_at_once_without_the_soft_timeout_and_on_the_third_with_it():
    plain = sleeper_game(PLAIN, 0.175)  # 25 ms over the 150 ms limit, 25 ms inside the soft one
    assert plain["reason"] == "timeout" and plain["loser"] == 0 and plain["turns"][0] == 1  # its first turn has 2 s
    soft = sleeper_game(Clock(soft=True), 0.175)
    assert soft["reason"] == "timeout" and soft["loser"] == 0, soft["detail"]
    assert soft["turns"][0] == 1 + SOFT_OVERRUNS and soft["late"][0] == SOFT_OVERRUNS + 1
    assert "late answer 3" in soft["detail"] and soft["clock"] == {"jitter": [], "slow": 1.0, "soft": True}


def test_a_slow_server_makes_a_bot_on_time_late():
    assert sleeper_game(PLAIN, 0.06)["reason"] == "end"
    slow = sleeper_game(Clock(slow=3.0), 0.06)
    assert slow["reason"] == "timeout" and slow["loser"] == 0 and slow["turns"][0] == 1


def test_jitter_makes_timeouts_that_the_plain_clock_has_not():
    assert sleeper_game(PLAIN, 0.0, scale=0.1)["reason"] == "end"
    paused = sleeper_game(Clock(jitter=((1.0, 400.0),)), 0.0, scale=0.1)  # each pause past the 200 ms first turn
    assert paused["reason"] == "timeout" and paused["loser"] == 0
    assert "400 ms of it a pause" in paused["detail"]
    light = sleeper_game(Clock(jitter=((1.0, 5.0),)), 0.0, scale=0.5)  # 5 ms inside 75 ms turns
    assert light["reason"] == "end" and min(t for t in light["times"] if t is not None) >= 5.0
