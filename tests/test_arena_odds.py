"""Time odds: a bot's clock multiplied by its factor, and only that bot's; recorded, and
checked when a tournament resumes; bad input refused in one line."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.games import load_referee
from arena.match import Bot, Match, play_match
from arena.results import read_results
from arena.tournament import odds_notices

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "tests" / "zoo"
FIRST = f"{ZOO}/first.py"
SLEEPER = f"{ZOO}/sleeper.py 2 0.4"   # 400 ms on its second turn: over Othello's 150


def play(odds, scale=1.0):
    seats = ("sleeper", "first")
    match = Match.between([SLEEPER, FIRST], seats, seed=1, random_plies=0, scale=scale, odds=dict(zip(seats, odds)))
    return play_match(load_referee("othello", scale), match)


def test_the_bot_with_odds_gets_the_larger_limit_and_only_it():
    plain = play((1.0, 1.0))
    assert plain["reason"] == "timeout" and plain["loser"] == 0
    assert "no answer within 150 ms on turn 2" in plain["detail"]
    given = play((5.0, 1.0))   # 750 ms
    assert given["reason"] == "end" and given["odds"] == [5.0, 1.0]
    assert given["time_max_ms"][0] + given["referee_wait_ms"][0] >= 400  # a busy machine's wait is left out
    other = play((1.0, 5.0))   # the opponent's odds do not help it
    assert other["reason"] == "timeout" and other["loser"] == 0


def test_odds_multiply_the_scaled_clock():
    record = play((2.0, 1.0))   # 300 ms
    assert record["reason"] == "timeout" and "no answer within 300 ms" in record["detail"]
    assert play((2.0, 1.0), scale=2.0)["reason"] == "end"   # 600 ms


def run_cli(*args, timeout=60):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=ROOT)


def test_a_tournament_with_odds_records_them_and_warns_when_they_change(tmp_path):
    results = tmp_path / "r.jsonl"
    common = ["tournament", "othello", FIRST, f"sleeper={SLEEPER}", "-n", "2", "--results", str(results), "-q"]
    done = run_cli(*common, "--odds", "sleeper=5")
    assert done.returncode == 0, done.stderr
    assert "sleeper has 5x the clock" in done.stderr
    assert "note: sleeper may take 5x the time, but its command has no --clock" in done.stderr
    records = read_results(results)
    assert [r["reason"] for r in records] == ["end", "end"]
    assert sorted(tuple(r["odds"]) for r in records) == [(1.0, 5.0), (5.0, 1.0)]
    assert all(r["odds"][r["bots"].index("sleeper")] == 5.0 for r in records)
    again = run_cli(*common, "--odds", "sleeper=5")
    assert again.returncode == 0 and "warning" not in again.stderr
    changed = run_cli(*common)   # the same games, now without odds: they still count, with a warning
    assert changed.returncode == 0 and "bot 'sleeper' had other time odds" in changed.stderr
    assert len(read_results(results)) == 2


def test_odds_note_a_command_that_does_not_tell_its_bot():
    """The arena moves only the limits: a bot given odds without --clock plays as usual."""
    bots = (Bot("told", "dist/onitama.py --clock 2"), Bot("untold", "dist/onitama.py"), Bot("even", "x.py"))
    notes = odds_notices({"told": 2.0, "untold": 2.0, "even": 1.0}, bots)
    assert notes == ["note: untold may take 2x the time, but its command has no --clock: "
                     "our bots use their usual time unless given --clock 2 too"]


@pytest.mark.parametrize("odds, message", [
    ("nobody=8", "no bot named 'nobody' (bots: first, sleeper)"),
    ("sleeper=0", "the factor must be a positive number"),
    ("sleeper=-2", "the factor must be a positive number"),
    ("sleeper=inf", "the factor must be a positive number"),
    ("sleeper=fast", "the factor is not a number"),
    ("sleeper", "expected NAME=FACTOR, e.g. sleeper=8"),
])
def test_bad_odds_are_one_line_errors(tmp_path, odds, message):
    done = run_cli("tournament", "othello", FIRST, f"sleeper={SLEEPER}", "-n", "2", "--odds", odds,
                   "--results", str(tmp_path / "r.jsonl"))
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and message in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "r.jsonl").exists()


def test_reversi_refuses_odds(tmp_path):
    ai = f"{ZOO}/sustech_zoo.py first"
    done = run_cli("tournament", "reversi", ai, f"b={ai}", "--odds", "b=2", "--results", str(tmp_path / "r.jsonl"))
    assert done.returncode == 2 and "not available for reversi" in done.stderr and "Traceback" not in done.stderr
