"""What a user meets at the edges of the arena's commands: one-line option errors, the
same -n in every command, the league's and gate's countdown, no "-0" Elo, a faulting
turn's time, the report's order of a pair, the clock a summary was counted under, and
what the tuner says it did."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from arena import tune
from arena.cli import build_parser
from arena.games import load_referee
from arena.league import Countdown, Rating, leaderboard_markdown, leaderboard_text, signed
from arena.match import Match, play_match
from arena.report import listed_order, summarize, summary_text
from arena.results import read_results
from arena.tournament import Tournament, parse_bots, run_tournament

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "tests" / "zoo"


def arena(*args):
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=300)


@pytest.mark.parametrize("args, option", [
    (["tournament", "othello", "a", "b", "-n", "0"], "-n/--games"),
    (["league", "othello", "a", "b", "-n", "0"], "-n/--games"),
    (["gate", "othello", "a", "b", "-n", "0"], "-n/--games/--max-games"),
    (["match", "othello", "a", "b", "--slow", "0"], "--slow"),
    (["tournament", "othello", "a", "b", "--no-such-option"], "--no-such-option"),
])
def test_a_wrong_option_is_one_line_not_a_usage_block(args, option):
    done = arena(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "usage:" not in done.stderr, done.stderr
    # argparse reports an unknown option from the top parser, a bad value from the command's
    assert re.fullmatch(rf"(python -m arena(?: {args[0]})?): error: .*{re.escape(option)}.* \(\1 --help lists "
                        r"the options\)\n", done.stderr), done.stderr


def test_gate_takes_n_as_tournament_and_league_do_and_still_max_games():
    parser = build_parser()
    for spelling in ("-n", "--games", "--max-games"):
        assert parser.parse_args(["gate", "othello", "a", "b", spelling, "6"]).max_games == 6
    assert parser.parse_args(["gate", "othello", "a", "b"]).max_games == 400
    assert parser.parse_args(["league", "othello", "a", "b", "-n", "6"]).games == 6
    assert parser.parse_args(["tournament", "othello", "a", "b", "-n", "6"]).games == 6


def test_the_countdown_says_the_games_of_the_total_and_the_time_left_at_this_runs_pace():
    now = [100.0]
    countdown = Countdown(22, 4, clock=lambda: now[0])  # 4 games already in the file
    assert countdown(4) == "4/22"  # nothing played in this run yet: no pace
    now[0] += 30.0
    assert countdown(6) == "6/22, about 4 min left"  # 15 s a game, 16 to go
    now[0] += 3.0
    assert countdown(21) == "21/22, about 2 s left"  # 33 s for 17 games
    assert countdown(22) == "22/22"
    gate = Countdown(10000, 0, at_most=True, clock=lambda: now[0])
    now[0] += 2.0
    assert gate(2) == "2/at most 10000, about 2.8 h left at most"


def test_the_league_and_the_gate_print_the_countdown_on_each_game(tmp_path):
    done = arena("league", "othello", f"first={ZOO}/first.py", f"last={ZOO}/last.py", "-n", "4", "--scale", "0.2",
                 "--results", str(tmp_path / "league.jsonl"))
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stderr.splitlines() if " vs " in line]
    assert [line.split(":")[0].split(",")[0] for line in lines] == ["1/4", "2/4", "3/4", "4/4"]
    assert all(re.match(r"\d/4, about \d+ s left: ", line) for line in lines[:-1]), lines
    done = arena("gate", "othello", f"first={ZOO}/first.py", f"illegal={ZOO}/illegal.py 1", "--scale", "0.2",
                 "--sprt", "0", "100", "-n", "4", "--results", str(tmp_path / "gate.jsonl"))
    lines = [line for line in done.stderr.splitlines() if " vs " in line]
    assert lines and lines[0].startswith("1/at most 4, about "), done.stderr


def rating(name, elo, low, high):
    return Rating(name, elo, low, high, games=10, points=5.0, faults=0, active=True)


def test_an_elo_that_rounds_to_zero_prints_0_never_minus_0():
    assert [signed(v) for v in (-0.4, 0.0, 0.4, -0.6, 12.3)] == ["0", "0", "0", "-1", "+12"]
    board = [rating("a", 0.3, -40.2, 41.0), rating("b", -0.3, -0.2, 0.4)]
    text = "\n".join(leaderboard_text(board)) + leaderboard_markdown(board)
    assert "-0" not in text and "+0" not in text
    assert "| 2 | b | 0 | [0, 0] |" in leaderboard_markdown(board)


def test_a_faulting_turns_time_counts_in_the_maximum_as_in_the_average():
    record = play_match(load_referee("othello", 0.2), Match.between([f"{ZOO}/illegal.py 1 0.05", f"{ZOO}/first.py"],
                        ["illegal", "first"], seed=3, scale=0.2, random_plies=0))
    assert record["reason"] == "illegal" and record["loser"] == 0 and record["turns"][0] == 1
    assert record["time_avg_ms"][0] >= 50 and record["time_max_ms"][0] == record["time_avg_ms"][0]


def test_report_shows_a_pair_as_its_tournament_did(tmp_path):
    results = tmp_path / "r.jsonl"
    referee = load_referee("othello", 0.2)
    bots = parse_bots([f"zeta={ZOO}/first.py", f"alpha={ZOO}/last.py"], referee)  # not in alphabetical order
    played = run_tournament(Tournament(Match("othello", scale=0.2, random_plies=0), games=4), bots,
                            results=str(results), progress=False, jobs=2)
    shown = summary_text(played).splitlines()[1]
    assert shown.startswith("  zeta vs alpha: 4 games")
    done = arena("report", str(results))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == shown  # the same pair, the same figures
    records = read_results(results)
    assert listed_order(records) == ["zeta", "alpha"]
    old = [{k: v for k, v in r.items() if k != "listed"} for r in records]  # written before listed
    assert listed_order(old) == list(dict.fromkeys(name for r in old for name in r["bots"]))


def test_a_summary_says_which_clock_was_rehearsed(tmp_path):
    referee = load_referee("othello", 0.2)
    command = f"{ZOO}/first.py"
    plain = play_match(referee, Match.between([command, command], ["a", "b"], seed=1, scale=0.2, random_plies=0))
    assert "clock rehearsed" not in summary_text(summarize([plain]))
    rehearsed = {**plain, "clock": {"jitter": [[0.2, 5.0], [0.02, 20.0]], "slow": 2.0, "soft": False}}
    text = summary_text(summarize([rehearsed, {**rehearsed, "key": "other"}]))
    assert "  clock rehearsed (--jitter 0.2:5,0.02:20 --slow 2): every game" in text.splitlines()
    text = summary_text(summarize([plain, {**rehearsed, "clock": {"jitter": [], "slow": 1.0, "soft": True}}]))
    assert "  clock rehearsed (--soft-timeout): 1 of the 2 games" in text.splitlines()


def test_the_tuner_says_it_changed_no_file_of_the_bot(tmp_path, capsys):
    trial = {"number": 0, "params": {"C": 0.5}, "score": 0.75, "faults": 0}
    tune.write_record(tmp_path / "study.md", "oware", "bestfirst", "--engine alphabeta", 4, [trial], "cmd", trial,
                      {"C": 1.5}, None)
    said = capsys.readouterr().out
    assert "adopted" not in said and "bots/oware.py is unchanged" in said
    study = (tmp_path / "study.md").read_text()
    assert "Chosen (to adopt, paste it into the `configs` of bots/oware.py): `'bestfirst': " in study
    tune.write_record(tmp_path / "study.md", "oware", "bestfirst", "--engine alphabeta", 4, [trial], "cmd", trial,
                      {"C": 0.5}, None)
    assert "(the current values stay)" in capsys.readouterr().out
