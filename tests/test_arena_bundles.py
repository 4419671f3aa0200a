"""Real bundles in a short tournament, under the arena's real clock: dist/othello.py
(built into a temporary folder when dist/ has none) against a second bundle built with
other options baked in."""
import subprocess
import sys
from pathlib import Path

import pytest

from arena.games import load_referee
from arena.results import read_results
from arena.match import Match
from arena.tournament import Tournament, parse_bots, run_tournament

ROOT = Path(__file__).resolve().parent.parent


def build(out, name, args=""):
    done = subprocess.run([sys.executable, str(ROOT / "build" / "bundle.py"), str(ROOT / "bots" / "othello.py"),
                           "--out", str(out), "--name", name, "--args", args],
                          capture_output=True, text=True, cwd=ROOT)
    if done.returncode:
        pytest.fail(f"cannot build an Othello bundle: {done.stderr}")
    return out / f"{name}.py"


@pytest.fixture(scope="module")
def bundles(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    main = ROOT / "dist" / "othello.py"
    if not main.is_file():
        main = build(out, "othello")
    # Each bot thinks a fifth of its 150 ms turn: short games, still the real clock.
    variant = build(out, "othello_c05", "--time 0.2 --set C=0.5")
    return [f"{main} --time 0.2", str(variant)]


def test_two_bundles_play_a_short_tournament(bundles, tmp_path):
    bots = parse_bots(bundles, load_referee("othello"))
    summary = run_tournament(Tournament(Match("othello", isolated=True), games=2), bots, results=tmp_path / "r.jsonl",
                             progress=False)
    assert summary.count == 2
    for stats in summary.bots_of("othello"):
        assert not any(stats.faults.values()), stats
        assert stats.turns >= 40
    pair = summary.pairs_of("othello")[0]
    assert pair.wins + pair.draws + pair.losses == 2


def test_the_table_in_its_small_setting_end_to_end(tmp_path):
    pytest.importorskip("matplotlib")  # an optional extra (dev)
    # `make table-quick` with fewer games and one game: the real bundle, the real clock,
    # both engines with the learned evaluation as `make table-learned` plays them.
    dist = tmp_path / "dist"
    done = subprocess.run([sys.executable, str(ROOT / "build" / "bundle.py"), str(ROOT / "bots" / "onitama.py"),
                           "--out", str(dist)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    out = tmp_path / "docs"
    done = subprocess.run([sys.executable, "-m", "arena", "table", "onitama", "--dist", str(dist), "-n", "2",
                           "--engines", "bestfirst,alphabeta", "--eval", "nn,ntuple", "--out", str(out), "-q"],
                          capture_output=True, text=True, cwd=ROOT, timeout=240)
    assert done.returncode == 0, done.stderr
    records = read_results(out / "results" / "table-onitama.jsonl")
    assert len(records) == 2 and {tuple(r["bots"]) for r in records} == {("bestfirst", "alphabeta"),
                                                                         ("alphabeta", "bestfirst")}
    assert all(command.endswith("--eval ntuple") for r in records for command in r["commands"])
    text = (out / "table.md").read_text()
    assert "| bestfirst vs alphabeta | 2 |" in text and "## onitama" in text
    assert (out / "table.png").stat().st_size > 1000
