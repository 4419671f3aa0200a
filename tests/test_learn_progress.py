"""The trainers' command lines as a user meets them: the progress written to a log file
(lines, not a terminal's carriage-return frames) and --model in their --help."""
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from learn.progress import LogBar, progress_bar

ROOT = Path(__file__).resolve().parent.parent


def test_in_a_log_the_bar_is_a_line_at_each_tenth_with_no_carriage_return():
    log = io.StringIO()
    bar = progress_bar(range(50), desc="fit", unit="step", stream=log)
    assert isinstance(bar, LogBar)
    for step in bar:
        bar.set_postfix(loss=f"{1 / (step + 1):.4f}")
    bar.close()
    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue() and len(lines) == 10
    assert [line.split("|")[0] for line in lines] == [f"fit: {10 * k:3d}%" for k in range(1, 11)]
    assert lines[-1].endswith("loss=0.0200]") and " 50/50 " in lines[-1]  # the last step's, 1/50


def test_a_bar_counted_by_update_starts_from_what_was_done_before():
    log = io.StringIO()
    bar = progress_bar(total=10, initial=6, desc="round 1", unit="game", stream=log)
    for _ in range(4):
        bar.update(1)
    lines = log.getvalue().splitlines()
    assert [line.split("|")[0] for line in lines] == [f"round 1: {p}%" for p in (" 70", " 80", " 90", "100")]
    assert progress_bar(total=3, disable=True, stream=log).disable  # tqdm's, silent


@pytest.mark.parametrize("game", ["oware", "breakthrough"])
def test_the_trainers_help_lists_model(game):
    done = subprocess.run([sys.executable, "-m", f"learn.{game}", "--help"], capture_output=True, text=True,
                          cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120)
    assert done.returncode == 0, done.stderr
    assert "--model {linear,nn}" in done.stdout and "--model nn --help" in " ".join(done.stdout.split())
