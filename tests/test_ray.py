"""The Ray backend (arena/backends.py) on a local Ray of 2 CPUs: the same games and the
same study as the local backend, no game lost or counted twice when a worker dies, and
Ctrl-C. Part of every run: make test installs the ray extra (make test-ray runs these
alone)."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena.backends import LocalBackend, RayBackend, job_environment
from arena.errors import UserError
from arena.games import load_referee
from arena.results import read_results
from arena.match import Match
from arena.tournament import Tournament, parse_bots, play_game, run_tournament, schedule
from arena.tune import SPACES, run_study

ray = pytest.importorskip("ray")

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "tests" / "zoo"
FIRST = f"{ZOO}/first.py"
LAST = f"last={ZOO}/last.py"
SAME = ("key", "bots", "commands", "seed", "opening", "moves", "movers", "score", "reason", "pair")
# An Othello bot that plays the listed action its first --set value picks (the tuner's
# C): each trial's parameters play other games; without --set it plays the first.
BY_PARAMETER = """\
import sys
from zoolib import answer, turns
value = float(sys.argv[sys.argv.index("--set") + 1].split("=")[1]) if "--set" in sys.argv else 0
for _, actions in turns():
    answer(actions[int(value * 10) % len(actions)])
"""


def games_of(path):
    """{key: what a deterministic game's record must repeat} of a results file."""
    return {r["key"]: {k: r[k] for k in SAME} for r in read_results(path)}


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_for(condition, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return False


def listen_to_ctrl_c():
    signal.signal(signal.SIGINT, signal.SIG_DFL)   # as a user's terminal has it (see test_arena_resume)


# First, while no Ray runs in this process: the command line starts a Ray of its own.
def test_ctrl_c_on_ray_kills_every_bot_and_records_no_broken_game(tmp_path):
    results = tmp_path / "r.jsonl"
    pidfile = tmp_path / "pids"
    arena = subprocess.Popen(
        [sys.executable, "-m", "arena", "tournament", "othello", FIRST, f"{ZOO}/hang.py {pidfile}", "-n", "2",
         "--results", str(results), "--quiet", "--backend", "ray"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)), preexec_fn=listen_to_ctrl_c)
    try:
        assert wait_for(lambda: pidfile.exists() and pidfile.read_text().endswith("\n"), timeout=120)
        pids = [int(p) for p in pidfile.read_text().split()]
        assert all(alive(p) for p in pids)
        arena.send_signal(signal.SIGINT)
        out, err = arena.communicate(timeout=60)
    finally:
        arena.kill()
    assert arena.returncode == 130, err
    assert "2 games per pair, on Ray, " in err
    assert "resume" in err and "Traceback" not in err
    assert wait_for(lambda: not any(alive(p) for p in pids), timeout=10)
    assert read_results(results, warn=False) == []


@pytest.fixture(scope="module")
def cluster():
    """A Ray of 2 CPUs, its job set up as the arena sets up its own."""
    ray.init(num_cpus=2, object_store_memory=100 * 2 ** 20, include_dashboard=False, logging_level="WARNING",
             runtime_env=job_environment())
    try:
        yield
    finally:
        ray.shutdown()


def test_a_tournament_on_ray_plays_the_games_the_local_backend_plays(cluster, tmp_path):
    bots = parse_bots([FIRST, LAST], load_referee("othello"))
    local, on_ray = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    tournament = Tournament(Match("othello", scale=4), games=6, seed=3)  # no timeout on a busy machine
    run_tournament(tournament, bots, results=local, progress=False, backend=LocalBackend(1))
    backend = RayBackend()
    assert backend.capacity() == 1 and backend.describe() == "on Ray, 1 at a time (2 CPUs, 2 a game)"
    summary = run_tournament(tournament, bots, results=on_ray, progress=False, backend=backend)
    assert summary.count == 6
    assert games_of(on_ray) == games_of(local)
    assert len(games_of(local)) == 6 and len({tuple(g["opening"]) for g in games_of(local).values()}) == 3
    assert {g["score"][0] for g in games_of(local).values()} == {0, 1}   # not one seat winning all


def test_a_table_of_three_on_ray_plays_the_games_the_local_backend_plays(cluster, tmp_path):
    """Tron with three flood-fill bots at one table (sparring/: deterministic, quick)."""
    ff = ROOT / "sparring" / "tron_floodfill.py"
    bots = parse_bots([f"a={ff}", f"b={ff}", f"c={ff}"], load_referee("tron"))
    local, on_ray = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    tournament = Tournament(Match("tron", scale=4), games=3, seed=5)
    run_tournament(tournament, bots, results=local, progress=False, backend=LocalBackend(1))
    summary = run_tournament(tournament, bots, results=on_ray, progress=False, backend=RayBackend())
    assert summary.count == 3
    assert games_of(on_ray) == games_of(local)
    assert {tuple(g["bots"]) for g in games_of(local).values()} == {("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")}


def test_a_tuning_study_on_ray_records_what_a_local_one_does(cluster, tmp_path):
    dist = tmp_path / "dist"
    (dist / "full").mkdir(parents=True)   # the tuner runs the bundles that carry every engine
    (dist / "full" / "othello.py").write_text(BY_PARAMETER)
    (dist / "full" / "zoolib.py").write_bytes((ZOO / "zoolib.py").read_bytes())
    studies = {}
    for name, backend in (("local", LocalBackend(1)), ("ray", RayBackend())):
        folder = tmp_path / name
        run_study("othello", "bestfirst", SPACES["bestfirst"], 3, 2, "--engine alphabeta", folder,
                  folder / "study.md", seed=4, progress=False, dist=dist, confirm=2, backend=backend)
        trials = [json.loads(line) for line in (folder / "tune-othello-trials.jsonl").read_text().splitlines()]
        record = [line for line in (folder / "study.md").read_text().splitlines() if not line.startswith("Machine:")]
        studies[name] = ([(t["event"], t["params"], t.get("score"), t.get("faults")) for t in trials],
                         games_of(folder / "tune-othello.jsonl"), record)
    assert studies["ray"] == studies["local"]
    trials, games, record = studies["local"]
    assert len(games) == 3 * 2 + 2 * 2 and any("Confirmation, 2 games" in line for line in record)
    assert len({t[2] for t in trials if t[0] == "end"}) > 1   # the trials' games differ


def test_a_killed_worker_loses_no_game_and_counts_none_twice(cluster, tmp_path):
    marker = tmp_path / "killed"
    bots = parse_bots([FIRST, f"killer={ZOO}/kills_worker.py {marker}"], load_referee("othello"))
    results = tmp_path / "r.jsonl"
    tournament = Tournament(Match("othello"), games=4)
    summary = run_tournament(tournament, bots, results=results, progress=False, backend=RayBackend())
    assert marker.exists()   # a worker was killed in the middle of a game
    records = read_results(results, warn=False)
    assert summary.count == 4 and len(results.read_text().splitlines()) == 4
    assert {r["key"] for r in records} == {spec.key for spec in schedule(tournament, bots)}
    assert all(r["reason"] == "end" for r in records)   # the killed game was played again, whole


def test_a_worker_that_ray_kills_leaves_no_bot_behind(cluster, tmp_path):
    pidfile = tmp_path / "pids"
    bots = parse_bots([FIRST, f"{ZOO}/hang.py {pidfile}"], load_referee("othello"))
    backend = RayBackend()
    handle = backend.submit(play_game, schedule(Tournament(Match("othello", scale=20), games=2), bots)[0])
    assert wait_for(lambda: pidfile.exists() and pidfile.read_text().endswith("\n"), timeout=60)
    pids = [int(p) for p in pidfile.read_text().split()]
    ray.cancel(handle, force=True)   # what abort() does to a game that ignores Ctrl-C
    assert wait_for(lambda: not any(alive(p) for p in pids), timeout=10)


def test_a_task_whose_worker_always_dies_fails_in_one_line_after_its_retries(cluster):
    backend = RayBackend()
    handle = backend.submit(os._exit, 1)   # its worker exits at once, every time
    with pytest.raises(UserError, match=r"a Ray task failed \(WorkerCrashedError; .* 3 times at most\)"):
        backend.result(handle)


def test_a_game_reserving_more_cpus_than_any_node_has_is_refused(cluster):
    with pytest.raises(UserError, match="no Ray node has that many CPUs"):
        RayBackend(cpus_per_game=4)
    with pytest.raises(UserError, match="a share of one CPU or a whole number"):
        RayBackend(cpus_per_game=1.5)
    assert ray.is_initialized()   # a Ray it did not start stays up
