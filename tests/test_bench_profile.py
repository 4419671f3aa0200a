"""bench/profile.py: the bot's search sampled along a short game of self-play, the
functions listed by their share of the samples; bad input is one line of usage error."""
import subprocess
import sys
from pathlib import Path

from bench.profile import main

ROOT = Path(__file__).resolve().parent.parent


def test_the_bots_search_is_sampled_and_its_functions_listed(capsys):
    assert main(["oware", "--games", "1", "--plies", "4", "--interval", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("oware: engine alphabeta, 1 games, turns of 36.0 ms:")
    assert lines[1].split() == ["own", "below", "function"]
    shares = [line.split() for line in lines[2:]]
    assert shares and all(own.endswith("%") and below.endswith("%") for own, below, *_ in shares)
    assert any("negamax" in line for line in lines[2:])  # alpha-beta's recursion is where it runs
    assert sum(float(own[:-1]) for own, *_ in shares) <= 100 + 0.05 * len(shares)  # each rounded to 0.1


def test_the_bots_options_come_after_a_double_dash(capsys):
    assert main(["oware", "--games", "1", "--plies", "2", "--", "--engine", "mcts"]) == 0
    assert capsys.readouterr().out.startswith("oware: engine mcts,")


def test_an_unknown_bot_is_a_one_line_usage_error():
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "profile.py"), "reversi"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2 and "no bot for 'reversi'" in done.stderr.splitlines()[-1]
    assert "Traceback" not in done.stderr
