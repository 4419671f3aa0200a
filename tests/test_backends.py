"""The backends (arena/backends.py) without Ray: the local one, and the one clear line
that --backend ray gives where Ray is not installed. Ray itself: tests/test_ray.py."""
import argparse
import importlib
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from arena import cli
from arena.backends import LocalBackend, open_backend
from arena.errors import UserError
from arena.games import load_referee
from arena.results import read_results
from arena.match import Match
from arena.tournament import Tournament, parse_bots, run_tournament, schedule

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "tests" / "zoo"
FIRST = f"{ZOO}/first.py"


def square(x, stop=None):
    return x * x


def waits_for_stop(stop=None):
    return stop.wait(30)


def test_the_local_backend_runs_jobs_at_a_time_and_hands_back_results():
    with LocalBackend(2) as backend:
        assert backend.capacity() == 2 and backend.describe() == "2 at a time"
        handles = {backend.submit(square, n) for n in range(5)}
        results = []
        while handles:
            finished, handles = backend.wait(handles, timeout=5)
            results += [backend.result(h) for h in finished]
        assert sorted(results) == [0, 1, 4, 9, 16]


def test_aborting_the_local_backend_stops_its_games_and_drops_those_queued():
    backend = LocalBackend(1)
    running = backend.submit(waits_for_stop)
    queued = backend.submit(waits_for_stop)
    aborting = threading.Timer(0.2, backend.abort)
    aborting.start()
    assert running.result(timeout=10) is True   # told to stop
    aborting.join()
    assert queued.cancelled()
    again = backend.submit(square, 3)           # usable afresh
    assert again.result(timeout=10) == 9
    backend.close()


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_local_map_keeps_the_order_of_its_tasks(jobs):
    assert list(LocalBackend(jobs).map(pow, [(2, n) for n in range(6)])) == [1, 2, 4, 8, 16, 32]


class Redelivering(LocalBackend):
    """Hands every finished game back twice, as a backend that ran it twice would."""

    def wait(self, handles, timeout):
        finished, running = super().wait(handles, timeout)
        return [h for h in finished for _ in (0, 1)], running


def test_a_game_handed_back_twice_is_recorded_once(tmp_path):
    bots = parse_bots([FIRST, f"last={ZOO}/last.py"], load_referee("othello"))
    results = tmp_path / "r.jsonl"
    tournament = Tournament(Match("othello"), games=4)
    summary = run_tournament(tournament, bots, results=results, progress=False, backend=Redelivering(2))
    planned = {spec.key for spec in schedule(tournament, bots)}
    assert summary.count == 4 and {r["key"] for r in read_results(results)} == planned
    assert len(results.read_text().splitlines()) == 4


def test_address_is_for_ray_only():
    with pytest.raises(UserError, match="--address is for --backend ray"):
        open_backend(argparse.Namespace(backend="local", address="10.0.0.1:6379"))


@pytest.mark.parametrize("command", [
    ["tournament", "othello", FIRST, FIRST, "-n", "2"],
    ["table", "othello", "-n", "2"],
    ["tune", "oware", "-n", "2"],
])
def test_ray_missing_is_one_clear_line(command, monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)   # `import ray` fails as if not installed
    monkeypatch.chdir(tmp_path)
    assert cli.main(command + ["--backend", "ray"]) == 2
    err = capsys.readouterr().err
    assert err == "arena: error: --backend ray needs Ray, an optional extra: pip install -e .[ray]\n"
    assert not (tmp_path / "results").exists()


@pytest.mark.parametrize("trainer, run", [
    ("learn.oware", lambda module, argv: module.main(module.SETUP, argv)),
    ("learn.othello", lambda module, argv: module.main(argv)),
    ("learn.onitama_ntuple", lambda module, argv: module.main(argv)),
])
def test_ray_missing_stops_a_trainer_with_one_line(trainer, run, monkeypatch, tmp_path, capsys):
    pytest.importorskip("numpy")
    monkeypatch.setitem(sys.modules, "ray", None)
    argv = ["--backend", "ray", "--games", "10", "--out", str(tmp_path / "w.py")]
    with pytest.raises(SystemExit) as stop:
        run(importlib.import_module(trainer), argv)
    assert stop.value.code == 2
    assert capsys.readouterr().err == (f"python -m {trainer}: error: --backend ray needs Ray, an optional "
                                       "extra: pip install -e .[ray]\n")
    assert not (tmp_path / "w.py").exists()


def test_nothing_imports_ray_unless_asked():
    code = ("import sys, arena.cli, arena.backends, learn.logistic, learn.othello, learn.oware; "
            "print('ray' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.stdout.strip() == "False", done.stderr
