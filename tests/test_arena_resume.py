"""Killing a tournament: the finished games stay, a rerun completes the schedule exactly,
and Ctrl-C leaves no bot process behind."""
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from arena.games import load_referee
from arena.results import read_results
from arena.match import Match
from arena.tournament import Tournament, parse_bots, schedule

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "tests" / "zoo"
FIRST = f"{ZOO}/first.py"


def start_tournament(results, *bots, games):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "arena", "tournament", "othello", *bots, "-n", str(games),
         "--results", str(results), "--jobs", "2", "--quiet", "--seed", "5"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
        preexec_fn=listen_to_ctrl_c)


def listen_to_ctrl_c():
    # A test run started in the background (nohup, a CI shell's `&`) ignores SIGINT, and
    # children inherit that: give the arena the terminal's default back, as a user has it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_for(condition, timeout=30):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return False


def count_lines(path):
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_killed_tournament_resumes_without_replaying_or_losing_games(tmp_path):
    results = tmp_path / "r.jsonl"
    slow = f"slow={ZOO}/slow.py 0.004"
    games = 12
    arena = start_tournament(results, FIRST, slow, games=games)
    assert wait_for(lambda: count_lines(results) >= 3), arena.communicate()
    arena.kill()   # no chance to clean up
    arena.wait()
    with open(results, "a") as f:
        f.write('{"key": "othello:5:9:first:slow", "ga')   # a write cut short
    first_run = len(read_results(results, warn=False))
    assert 3 <= first_run < games
    arena = start_tournament(results, FIRST, slow, games=games)
    out, err = arena.communicate(timeout=120)
    assert arena.returncode == 0, err
    records = read_results(results, warn=False)
    keys = [r["key"] for r in records]
    assert len(records) == games and len(set(keys)) == games
    assert len(results.read_text().splitlines()) == games   # no line written twice
    referee = load_referee("othello")
    tournament = Tournament(Match("othello"), games=games, seed=5)
    planned = {s.key for s in schedule(tournament, parse_bots([FIRST, slow], referee))}
    assert set(keys) == planned
    assert f"first vs slow: {games} games" in out
    # a third run has nothing left to play
    arena = start_tournament(results, FIRST, slow, games=games)
    out, err = arena.communicate(timeout=60)
    assert arena.returncode == 0 and len(read_results(results, warn=False)) == games
    assert Counter(r["bots"][0] for r in records) == {"first": games // 2, "slow": games // 2}


def test_ctrl_c_kills_every_bot_and_records_no_broken_game(tmp_path):
    results = tmp_path / "r.jsonl"
    pidfile = tmp_path / "pids"
    arena = start_tournament(results, FIRST, f"{ZOO}/hang.py {pidfile}", games=2)
    try:
        assert wait_for(lambda: pidfile.exists() and pidfile.read_text().endswith("\n"))
        pids = [int(p) for p in pidfile.read_text().split()]
        assert all(alive(p) for p in pids)
        arena.send_signal(signal.SIGINT)
        out, err = arena.communicate(timeout=30)
    finally:
        arena.kill()
    assert arena.returncode == 130, err
    assert "resume" in err and "Traceback" not in err
    assert wait_for(lambda: not any(alive(p) for p in pids), timeout=5)
    assert read_results(results, warn=False) == []
