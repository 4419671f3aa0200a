"""The compiled Onitama opponent (sparring/onitama.cpp): its move generator counts what
our rules count (the perft table), it plays whole games in the arena under the real
clock without a fault, and it names a wrong argument. Skipped where no C++ compiler is
installed (the project itself never needs one)."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from arena.games import load_referee
from arena.match import Match
from arena.tournament import Tournament, parse_bots, run_tournament
from test_onitama_rules import GAME, perft, read_perft_file

ROOT = Path(__file__).resolve().parent.parent
COMPILER = os.environ.get("CXX") or shutil.which("g++") or shutil.which("clang++")


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    if not COMPILER:
        pytest.skip("no C++ compiler")
    out = tmp_path_factory.mktemp("sparring") / "onitama"
    done = subprocess.run([COMPILER, "-O2", "-std=c++17", "-o", str(out), str(ROOT / "sparring" / "onitama.cpp")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return out


def engine_perft(engine, depth, cards):
    """[(depth, count)] for depths 1..``depth`` as the engine's ``--perft`` prints them."""
    done = subprocess.run([str(engine), "--perft", str(depth), *map(str, cards)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return [tuple(map(int, line.split())) for line in done.stdout.splitlines()]


@pytest.mark.parametrize("cards", list(read_perft_file()))
def test_perft_equals_the_rules_table(engine, cards):
    expected = [(depth, count) for depth, count in read_perft_file()[cards] if depth <= 6]
    assert engine_perft(engine, len(expected), cards) == expected


@pytest.mark.parametrize("cards", [(0, 1, 3, 4, 7), (8, 12, 14, 0, 1)])
def test_perft_equals_the_rules_with_the_cards_the_table_lacks(engine, cards):
    # The table's two deals hold 8 of the 16 cards; these hold the other 8.
    start = GAME.initial_state(cards)
    assert engine_perft(engine, 4, cards) == [(depth, perft(start, depth)) for depth in range(1, 5)]


def test_whole_games_in_the_arena_without_a_fault(engine, tmp_path):
    bots = parse_bots([f"quick={engine} --think 5 --first 50", f"slower={engine} --think 15 --first 50"],
                      load_referee("onitama"))
    # the arena's clock at 4 times: the engines think 5 and 15 ms whatever it allows, and a
    # busy machine's waits are bench.load's to judge, not a test's
    summary = run_tournament(Tournament(Match("onitama", isolated=True, scale=4), games=2), bots,
                             results=tmp_path / "r.jsonl", progress=False)
    assert summary.count == 2
    for stats in summary.bots_of("onitama"):
        assert not any(stats.faults.values()), stats
    pair = summary.pairs_of("onitama")[0]
    assert pair.wins + pair.draws + pair.losses == 2


def test_a_wrong_argument_is_named(engine):
    done = subprocess.run([str(engine), "--fast"], capture_output=True, text=True, timeout=10)
    assert done.returncode == 2
    assert "usage:" in done.stderr and done.stdout == ""
