"""The league (arena/league.py): the Bradley-Terry fit, the schedule, a league of our bot
at several clock handicaps, resuming after SIGKILL, bots added and retired; the gate."""
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from arena.league import ELO_PER_UNIT, fit, leaderboard_markdown, next_pair, ratings
from arena.tournament import Bot

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "tests" / "zoo"


def simulated_games(elos, count, seed):
    rng = np.random.default_rng(seed)
    games = []
    for _ in range(count):
        i, j = rng.choice(len(elos), 2, replace=False)
        p = 1 / (1 + 10 ** ((elos[j] - elos[i]) / 400))
        games.append((int(i), int(j), float(rng.random() < p)))
    return games


def test_the_fit_recovers_known_ratings_within_its_intervals():
    elos = np.array([-300.0, -100.0, 0.0, 150.0, 400.0])
    values, covariance = fit(list("abcde"), simulated_games(elos, 3000, seed=1))
    fitted = values * ELO_PER_UNIT
    assert list(np.argsort(fitted)) == [0, 1, 2, 3, 4]
    half = 1.96 * np.sqrt(np.diag(covariance)) * ELO_PER_UNIT
    assert np.all(np.abs(fitted - (elos - elos.mean())) < half), (fitted, half)
    assert abs(fitted.sum()) < 1e-6 and np.all(half < 60)


def test_a_bot_that_won_every_game_has_a_finite_rating_above_the_others():
    values, covariance = fit(["a", "b"], [(0, 1, 1.0)] * 10 + [(1, 0, 0.0)] * 10)
    assert np.all(np.isfinite(values)) and np.all(np.isfinite(covariance))
    assert values[0] > values[1] + 1.0


def test_draws_count_half():
    values, _ = fit(["a", "b"], [(0, 1, 0.5)] * 10)
    assert abs(values[0] - values[1]) < 1e-9


def record(a, b, score, number):
    return {"key": f"othello:league:{number}:{a}:{b}", "bots": [a, b], "score": [score, 1 - score],
            "reason": "end", "loser": None}


def test_the_schedule_meets_the_pairs_whose_order_is_least_certain():
    bots = [Bot(n, "x") for n in "abc"]
    assert [b.name for b in next_pair([], bots)] == ["a", "b"]
    # a beat b and c in every game: clear; b and c split theirs: in doubt
    records = ([record("a", "b", 1.0, k) for k in range(10)] + [record("a", "c", 1.0, 10 + k) for k in range(10)]
               + [record("b", "c", k % 2, 20 + k) for k in range(10)])
    assert {b.name for b in next_pair(records, bots)} == {"b", "c"}
    records += [record("b", "c", k % 2, 30 + k) for k in range(300)]
    assert {b.name for b in next_pair(records, bots)} != {"b", "c"}  # measured enough: each game tells less


def test_ratings_keep_retired_bots():
    records = [record("a", "b", 1.0, k) for k in range(6)] + [record("b", "c", 1.0, 6 + k) for k in range(6)]
    board = ratings(records, [Bot("a", "x"), Bot("c", "x"), Bot("new", "x")])
    assert [r.name for r in board] == ["a", "b", "c", "new"]
    assert [r.active for r in board] == [True, False, True, True]
    assert board[0].low < board[0].elo < board[0].high and board[1].games == 12
    assert board[3].games == 0 and np.isnan(board[3].elo)  # unrated, and out of the fit:
    assert board[0].elo + board[1].elo + board[2].elo == pytest.approx(0)  # the mean is the rated bots'
    assert "| 4 | new | - | - | 0 | - | 0 |" in leaderboard_markdown(board)


# -- leagues of real bots -----------------------------------------------------------------
def arena(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=600, **kwargs)


def read(path):
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


def test_a_league_of_our_bot_at_several_clock_handicaps_finds_their_order(tmp_path):
    bot = ROOT / "bots" / "othello.py"
    results = tmp_path / "league.jsonl"
    done = arena("league", "othello", f"full={bot} --clock 0.5", f"sixty-fourth={bot} --clock 0.008",
                 f"first={ZOO}/first.py", "-n", "12", "--scale", "0.5", "--results", str(results), "-q")
    assert done.returncode == 0, done.stderr
    table = [line.split() for line in done.stdout.splitlines()[2:5]]
    assert [row[1] for row in table] == ["full", "sixty-fourth", "first"], done.stdout
    assert len(read(results)) == 12


def league_command(results, *bots, games=16):
    return [sys.executable, "-m", "arena", "league", "othello", *bots, "-n", str(games),
            "--scale", "0.2", "--results", str(results), "-q"]


ZOO_BOTS = [f"first={ZOO}/first.py", f"last={ZOO}/last.py", f"slow={ZOO}/slow.py 0.001"]


def check_rounds(records):
    """Every game once; each round two games on one seed, seats swapped; rounds 0..n-1."""
    keys = [r["key"] for r in records]
    assert len(keys) == len(set(keys))
    rounds = {}
    for r in records:
        rounds.setdefault(int(r["key"].split(":")[2]), []).append(r)
    assert sorted(rounds) == list(range(len(rounds)))
    for games in rounds.values():
        assert len(games) == 2 and games[0]["bots"] == games[1]["bots"][::-1]
        assert games[0]["seed"] == games[1]["seed"] and games[0]["pair"] == games[1]["pair"]
        assert games[0]["opening"] == games[1]["opening"]


def test_a_league_resumes_after_sigkill_with_every_game_once_and_takes_new_bots(tmp_path):
    results = tmp_path / "league.jsonl"
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    run = subprocess.Popen(league_command(results, *ZOO_BOTS), cwd=ROOT, env=env, start_new_session=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    until = time.monotonic() + 120
    while time.monotonic() < until and (not results.exists() or results.read_text().count("\n") < 5):
        time.sleep(0.05)
    os.killpg(run.pid, signal.SIGKILL)
    run.wait()
    cut = results.read_text().count("\n")
    assert 5 <= cut < 16
    done = subprocess.run(league_command(results, *ZOO_BOTS), cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    records = read(results)
    assert len(records) == 16
    check_rounds(records)
    before = results.read_text()
    # a new bot joins, "last" retires: its games still count
    bots = [ZOO_BOTS[0], ZOO_BOTS[2], f"illegal={ZOO}/illegal.py 3"]
    done = subprocess.run(league_command(results, *bots, games=22), cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert results.read_text().startswith(before)
    records = read(results)
    check_rounds(records)
    new = records[16:]
    assert len(new) == 6 and all("last" not in r["bots"] for r in new)
    assert Counter(name for r in new for name in r["bots"])["illegal"] >= 2
    assert "last (retired)" in done.stdout and "illegal" in done.stdout


# -- the gate -----------------------------------------------------------------------------
def gate(tmp_path, candidate, *pool):
    return arena("gate", "othello", candidate, *pool, "--sprt", "0", "100", "--scale", "0.2", "-q",
                 "--results", str(tmp_path / "gate.jsonl"))


def test_the_gate_promotes_a_clearly_better_candidate(tmp_path):
    done = gate(tmp_path, f"first={ZOO}/first.py", f"illegal2={ZOO}/illegal.py 2", f"illegal3={ZOO}/illegal.py 3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("promote first: H1 accepted"), done.stdout
    played = read(tmp_path / "gate.jsonl")
    assert {name for r in played for name in r["bots"]} == {"first", "illegal2", "illegal3"}
    assert len(played) < 400


def test_the_gate_rejects_a_clearly_worse_candidate(tmp_path):
    done = gate(tmp_path, f"illegal={ZOO}/illegal.py 2", f"first={ZOO}/first.py")
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("reject illegal: H0 accepted"), done.stdout
