"""The arena's referee against the zoo of misbehaving bots (tests/zoo), and its files."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.errors import UserError
from arena.games import bundle_path, games_with_bundles, load_referee, load_with_bundle
from arena.match import Match, play_match
from arena.report import summary_text
from arena.results import ResultsWriter, read_results
from arena.tournament import Bot, Tournament, parse_bots, run_tournament, schedule

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "tests" / "zoo"
FIRST = f"{ZOO}/first.py"


def zoo(name, *args):
    return " ".join([f"{ZOO}/{name}.py"] + [str(a) for a in args])


def gone(pid):
    """True if the process no longer runs (absent, or a zombie waiting for init)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def play(bad, seat=0, **options):
    commands = [bad, FIRST] if seat == 0 else [FIRST, bad]
    options.setdefault("seed", 1)
    options.setdefault("random_plies", 0)
    return play_match(load_referee("othello", options.get("scale", 1.0)), Match.between(commands, **options))


# At 4 times Othello's clock (600 ms a turn): the well-behaved side keeps it on a busy
# machine too, and only the sleeper is late.
@pytest.mark.parametrize("bot, reason, detail", [
    (zoo("sleeper", 2, 1.5), "timeout", "no answer within 600 ms on turn 2"),
    (zoo("illegal", 2), "illegal", "d4"),
    (zoo("garbage", 1), "bad_output", "hello world"),
    (zoo("silent_exit", 2), "exit", "exit status 0"),
    (zoo("crash", 2), "crash", "exit status 1"),
])
@pytest.mark.parametrize("seat", [0, 1])
def test_each_misbehaviour_loses_with_its_reason(bot, reason, detail, seat):
    record = play(bot, seat, scale=4)
    assert record["reason"] == reason
    assert record["loser"] == seat and record["winner"] == 1 - seat
    assert record["score"][seat] == 0 and record["score"][1 - seat] == 1
    assert detail in record["detail"]


def test_a_crash_reports_the_last_stderr_lines():
    record = play(zoo("crash", 2))
    assert record["stderr"][-1] == "ZeroDivisionError: division by zero"
    assert "about to divide by zero" in record["stderr"]


def test_a_stderr_flood_neither_blocks_nor_hides_the_last_words():
    record = play(zoo("flood", 3, 2.0))  # 2 MB of stderr a turn, exit status 3 on turn 3
    assert record["reason"] == "crash" and "exit status 3" in record["detail"]
    assert record["stderr"][-1] == "last words before exit 3"
    assert len(record["moves"]) >= 4


def test_the_referee_drains_stderr_in_its_own_thread(monkeypatch):
    """A thread per bot for its stderr took the interpreter from the referee whenever the
    bot logged, and on a busy machine made answers look late: none is started now."""
    import threading

    from arena import process
    counts = []
    original = process.BotProcess.read_line

    def read_line(self, deadline, beside=()):
        counts.append(threading.active_count())
        return original(self, deadline, beside)

    monkeypatch.setattr(process.BotProcess, "read_line", read_line)
    before = threading.active_count()
    record = play(zoo("flood", 3, 0.5))
    assert record["stderr"][-1] == "last words before exit 3"
    assert counts and set(counts) == {before}


def test_the_referees_own_wait_for_a_cpu_is_not_charged_to_the_bot(monkeypatch):
    """On a busy machine the referee may get a CPU long after the answer came: the
    waits that schedstat counts for the referee's thread are left out of the bot's time.
    Here the bot answers after 200 ms, 150 of which the referee is said to have waited
    between starting to wait for the answer and reading it."""
    import time

    from arena import process
    monkeypatch.setattr(process, "POLL_S", 5.0)  # one select for the whole wait
    bot = process.BotProcess([sys.executable, "-c", "import os, sys, time; print('ready', flush=True); "
                              "sys.stdin.readline(); time.sleep(0.2); os.write(1, b'd3\\n'); time.sleep(5)"])
    try:
        assert bot.read_line(time.perf_counter() + 30)[0] == "ready"
        # the wait counter as the referee reads it: before and after sending, before
        # waiting, then once the answer is read (by call, so a slow machine changes
        # nothing; the answer is one write, so it comes in one read even unbuffered)
        readings = iter([0.0, 0.0, 0.0])
        monkeypatch.setattr(process, "referee_wait", lambda: next(readings, 0.15))
        sent = bot.send(["go"], time.perf_counter() + 2)
        line, arrived = bot.read_line(time.perf_counter() + 2)
        # under the bot's own 200 ms only if the referee's 150 ms were taken off
        assert line == "d3" and 0.0 < arrived - sent < 0.2 and bot.referee_wait_ms == pytest.approx(150)
    finally:
        bot.close()


def test_an_answer_in_the_pipe_at_the_deadline_is_read_not_a_timeout():
    from arena import process
    import select
    import time
    bot = process.BotProcess([sys.executable, "-c", "import sys, time; sys.stdout.write('d3\\n'); "
                              "sys.stdout.flush(); time.sleep(5)"])  # one write: the whole line
    try:
        assert select.select([bot._out], [], [], 30)[0]  # the answer is in the pipe
        line, arrived = bot.read_line(time.perf_counter() - 1)  # the referee looks after its deadline
        assert line == "d3" and arrived <= time.perf_counter()
    finally:
        bot.close()


def test_the_first_turn_has_its_own_limit():
    record = play(zoo("slow_first", 0.5))   # 500 ms: over 150, under the first turn's 2000
    assert record["reason"] == "end"
    assert record["time_max_ms"][0] >= 500
    record = play(zoo("slow_first", 0.5), scale=0.2)   # first turn limit 400 ms
    assert record["reason"] == "timeout" and "its first" in record["detail"]


def test_a_bot_that_leaves_a_child_behind_loses_at_once_and_the_child_is_killed():
    record = play(zoo("orphan", 2))   # exits on turn 2; its child still holds the pipes
    assert record["reason"] == "exit"
    assert record["duration_s"] < 2
    child = int(next(line for line in record["stderr"] if line.startswith("child ")).split()[1])
    assert gone(child)


def test_over_the_memory_limit_loses():
    record = play(zoo("memory", 2, 150), memory_mb=100, scale=10)
    assert record["reason"] == "memory" and record["loser"] == 0
    assert record["peak_mb"][0] > 100


def test_a_bot_that_cannot_start_loses_as_a_crash(tmp_path):
    script = tmp_path / "bot"
    script.write_text("#!/nonexistent/interpreter\n")
    script.chmod(0o755)
    record = play(str(script), 1)
    assert record["reason"] == "crash" and record["loser"] == 1


def test_a_normal_game_records_everything():
    record = play(FIRST, random_plies=4, seed=7, key="k")
    assert record["reason"] == "end" and record["key"] == "k"
    assert len(record["opening"]) == 4
    assert len(record["moves"]) == len(record["times"]) == len(record["movers"])
    assert record["plies"] == 4 + len(record["moves"])
    assert sum(record["score"]) == 1
    assert record["overhead_ms"] is not None and record["overhead_ms"] < 50
    again = play(FIRST, random_plies=4, seed=7, key="k")
    assert again["moves"] == record["moves"] and again["opening"] == record["opening"]


def test_openings_by_name():
    record = play(FIRST, opening=["f5", "d6"])
    assert record["opening"] == ["f5", "d6"]
    with pytest.raises(UserError, match="not legal"):
        play(FIRST, opening=["a1"])
    with pytest.raises(UserError, match="not a move"):
        play(FIRST, opening=["zz"])


def test_a_tournament_goes_on_through_every_fault(tmp_path):
    referee = load_referee("othello")
    bots = parse_bots([FIRST, "crash=" + zoo("crash", 1), "garbage=" + zoo("garbage", 2)], referee)
    results = tmp_path / "r.jsonl"
    summary = run_tournament(Tournament(Match("othello"), games=2), bots, results=results, jobs=2, progress=False)
    records = read_results(results)
    assert len(records) == 6 == summary.count
    stats = {s.name: s for s in summary.bots_of("othello")}
    assert stats["crash"].faults["crash"] == 4
    assert stats["garbage"].faults["bad_output"] == 2   # loses to first; not reached vs crash
    assert stats["first"].points == 4
    text = summary_text(summary)
    assert "first vs crash: 2 games  +2 =0 -0" in text


def test_a_tournament_of_the_whole_zoo_records_every_game_and_fault(tmp_path):
    zoo_bots = {"sleeper": (zoo("sleeper", 2, 0.4), "timeout"), "illegal": (zoo("illegal", 2), "illegal"),
                "garbage": (zoo("garbage", 1), "bad_output"), "silent": (zoo("silent_exit", 2), "exit"),
                "crash": (zoo("crash", 2), "crash"), "flood": (zoo("flood", 3, 0.5), "crash"),
                "orphan": (zoo("orphan", 2), "exit")}
    referee = load_referee("othello")
    bots = parse_bots([FIRST] + [f"{name}={command}" for name, (command, _) in zoo_bots.items()], referee)
    results = tmp_path / "r.jsonl"
    summary = run_tournament(Tournament(Match("othello"), games=2), bots, results=results, jobs=2, progress=False)
    records = read_results(results)
    assert summary.count == len(records) == 2 * 28 and len({r["key"] for r in records}) == 56
    stats = {s.name: s for s in summary.bots_of("othello")}
    assert stats["first"].points == 14 and not any(stats["first"].faults.values())
    for name, (_, reason) in zoo_bots.items():
        against_first = [r for r in records if set(r["bots"]) == {"first", name}]
        assert [r["reason"] for r in against_first] == [reason, reason], name
        assert all(r["bots"][r["loser"]] == name for r in against_first)
        assert stats[name].faults[reason] >= 2


def test_schedule_swaps_seats_and_shares_openings():
    a, b, c = Bot("a", "x"), Bot("b", "y"), Bot("c", "z")
    specs = schedule(Tournament(Match("othello"), games=4, seed=3), [a, b, c])
    assert len(specs) == 12 and len({s.key for s in specs}) == 12
    first_round = [s for s in specs if s.key.split(":")[2] == "0"]
    assert [tuple(b.name for b in s.bots) for s in first_round] == [
        ("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")]
    assert len({s.seed for s in first_round}) == 1
    assert len(schedule(Tournament(Match("othello"), games=5, seed=3), [a, b])) == 5


def test_bot_names():
    referee = load_referee("othello")
    bots = parse_bots([FIRST, FIRST, "me=" + FIRST + " --set C=1", FIRST + " --set C=2"], referee)
    assert [b.name for b in bots] == ["first", "first#2", "me", "first --set C=2"]
    assert bots[2].command == FIRST + " --set C=1"


def test_results_file_survives_a_cut_write_and_rejects_corruption(tmp_path):
    path = tmp_path / "r.jsonl"
    writer = ResultsWriter(path)
    base = {"game": "othello", "bots": ["a", "b"], "score": [1, 0], "reason": "end"}
    writer.append(dict(base, key="1"))
    writer.append(dict(base, key="2"))
    writer.append(dict(base, key="1"))  # the same game again: counted once
    with open(path, "a") as f:
        f.write('{"key": "3", "game": "oth')   # cut short by a crash
    assert [r["key"] for r in read_results(path, warn=False)] == ["1", "2"]
    ResultsWriter(path).append(dict(base, key="3"))   # reopening drops the cut line
    assert [r["key"] for r in read_results(path, warn=False)] == ["1", "2", "3"]
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:1] + ["not json"] + lines[1:]) + "\n")
    with pytest.raises(UserError, match="line 2"):
        read_results(path)
    path.write_text(json.dumps({"key": "1"}) + "\n")
    with pytest.raises(UserError, match="line 1: no game"):
        read_results(path)


def run_cli(*args, timeout=60):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=ROOT)


def test_user_mistakes_get_one_clear_line(tmp_path):
    for args, message in [
        (["match", "chess", FIRST, FIRST], "unknown game 'chess'"),
        (["match", "othello", FIRST, "no_such_bot.py"], "no file no_such_bot.py"),
        (["match", "othello", FIRST, "nosuchprogram --x"], "no program 'nosuchprogram'"),
        (["match", "reversi", "missing_ai.py", FIRST], "no file missing_ai.py"),
        (["match", "reversi", "ls", FIRST], "a reversi bot is a Python file"),
        (["report", str(tmp_path / "none.jsonl")], "no results file"),
    ]:
        done = run_cli(*args)
        assert done.returncode == 2, args
        assert message in done.stderr and "Traceback" not in done.stderr
    corrupt = tmp_path / "c.jsonl"
    corrupt.write_text("{}\n")
    done = run_cli("report", str(corrupt))
    assert done.returncode == 2 and "corrupt results file" in done.stderr and "Traceback" not in done.stderr


def test_play_game_speaks_psyleague(tmp_path):
    done = run_cli("play_game", "othello", zoo("crash", 2), FIRST, "--seed", "4",
                   "--results", str(tmp_path / "r.jsonl"))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)   # nothing else on stdout
    assert result["ranks"] == [1, 0] and result["errors"] == [1, 0]
    assert result["test_data"]["seed"] == 4 and result["test_data"]["reason"] == "crash"
    assert len(result["player_data"]) == 2
    done = run_cli("play_game", "othello", FIRST, FIRST, "--seed", "4")
    result = json.loads(done.stdout)
    assert result["errors"] == [0, 0] and sorted(result["ranks"]) in ([0, 0], [0, 1])


def test_report_prints_a_table_and_draws_the_plot(tmp_path):
    pytest.importorskip("matplotlib")  # an optional extra (dev)
    referee = load_referee("othello")
    results = tmp_path / "r.jsonl"
    bots = parse_bots([FIRST, "slow=" + zoo("slow", 0)], referee)
    run_tournament(Tournament(Match("othello"), games=6), bots, results=results, jobs=2, progress=False)
    done = run_cli("report", str(results), "--plot", str(tmp_path / "p.png"), "--sprt", "0", "10")
    assert done.returncode == 0, done.stderr
    assert "first vs slow: 6 games" in done.stdout and "SPRT" in done.stdout
    assert (tmp_path / "p.png").stat().st_size > 1000


def test_smoke_plays_the_bundles_of_a_dist_folder(tmp_path):
    for name in ("othello.py", "zoolib.py"):
        (tmp_path / name).write_bytes((ZOO / ("first.py" if name == "othello.py" else name)).read_bytes())
    done = run_cli("smoke", "--dist", str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "othello: ok" in done.stdout
    (tmp_path / "othello.py").write_bytes((ZOO / "crash.py").read_bytes())
    done = run_cli("smoke", "--dist", str(tmp_path))
    assert done.returncode == 1 and "othello: FAILED" in done.stdout


LATE_ON_TURN_2 = """import time
from zoolib import answer, turns
for number, actions in turns():
    if number == 2:
        time.sleep(SECONDS)
    answer(actions[0])
"""


def test_smoke_passes_a_late_answer_on_a_busy_machine_and_fails_a_fault(tmp_path):
    """Set-up must pass on a loaded machine: an answer over the limit is named, not a
    failure (clock discipline is bench.load's); an illegal move or a hang still fails."""
    (tmp_path / "zoolib.py").write_bytes((ZOO / "zoolib.py").read_bytes())
    (tmp_path / "othello.py").write_text(LATE_ON_TURN_2.replace("SECONDS", "0.4"))  # 150 ms allowed
    done = run_cli("smoke", "--dist", str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "othello: ok" in done.stdout and "answer(s) over the arena's limit, the slowest 4" in done.stdout
    for bot, reason in ((LATE_ON_TURN_2.replace("SECONDS", "5"), "timeout"),
                        ((ZOO / "illegal.py").read_text(), "illegal move")):
        (tmp_path / "othello.py").write_text(bot)
        done = run_cli("smoke", "--dist", str(tmp_path))
        assert done.returncode == 1 and "othello: FAILED" in done.stdout and reason in done.stdout, done.stdout


def test_games_with_bundles_skips_games_without_a_referee_or_a_bundle(tmp_path, capsys):
    (tmp_path / "othello.py").write_text("")
    ready = list(games_with_bundles(["othello", "oware", "nosuchgame"], tmp_path, 2.0,
                                    {"othello": 0.5}, hint=": run make build"))
    assert [(game, bundle, scale) for game, _, bundle, scale in ready] == [("othello", tmp_path / "othello.py", 1.0)]
    assert ready[0][1].game.name == "othello"
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"oware: skipped (no bundle {tmp_path / 'oware.py'}: run make build)"
    assert lines[1].startswith("nosuchgame: skipped (unknown game 'nosuchgame'")
    with pytest.raises(UserError, match=r"no bundle .*oware\.py \(run make build\)"):
        load_with_bundle("oware", tmp_path, hint=" (run make build)")


def test_runs_that_choose_an_engine_take_the_full_bundles(tmp_path):
    assert bundle_path("oware", tmp_path) == tmp_path / "oware.py"
    assert bundle_path("oware", tmp_path, full=True) == tmp_path / "full" / "oware.py"
    # the SUSTech bundle has no engine to choose, so no full one
    assert bundle_path("reversi-6", tmp_path, full=True) == tmp_path / "reversi_sustech.py"


def test_reversi_ais_run_in_a_host():
    referee = load_referee("reversi", 0.02)   # 100 ms a move, 500 ms more for the host
    zoo_ai = f"{ZOO}/sustech_zoo.py"
    first = f"{zoo_ai} first"
    record = play_match(referee, Match.between([f"{zoo_ai} loop", first], seed=2, scale=0.02, random_plies=0))
    assert record["reason"] == "end"          # stopped at the limit, its last candidate played
    times = [t for t, p in zip(record["times"], record["movers"]) if p == "0"]
    assert all(t >= 100 for t in times[:3]) and max(times[3:]) < 100
    record = play_match(referee, Match.between([first, f"{zoo_ai} raise"], seed=2, scale=0.02, random_plies=0))
    assert record["reason"] == "crash" and record["loser"] == 1
    assert "RuntimeError: this AI always fails" in record["stderr"]
    record = play_match(referee, Match.between([f"{zoo_ai} illegal", first], seed=2, scale=0.02, random_plies=0))
    assert record["reason"] == "illegal" and record["loser"] == 0


def test_sprt_stops_a_tournament_once_decided(tmp_path):
    referee = load_referee("othello")
    bots = parse_bots([FIRST, "crash=" + zoo("crash", 1)], referee)
    # every pair won twice: the LLR of 0 against +100 Elo (scores 0.5 and 0.64) grows
    # by about log(0.64 / 0.5) = 0.247 a pair, past 2.94 at the 12th pair
    summary = run_tournament(Tournament(Match("othello"), games=200, sprt=(0, 100, 0.05, 0.05)), bots,
                             results=tmp_path / "r.jsonl", jobs=1, progress=False)
    assert summary.count == 24
    text = summary_text(summary, (0, 100, 0.05, 0.05))
    assert "(pentanomial): LLR 2.9" in text and "H1 accepted" in text
    more = run_tournament(Tournament(Match("othello"), games=200, sprt=(0, 100, 0.05, 0.05), sprt_min_games=36),
                          bots, results=tmp_path / "r2.jsonl", jobs=1, progress=False)
    assert 36 <= more.count < 46


def test_openings_from_a_file(tmp_path):
    from arena.tournament import read_openings
    openings = tmp_path / "openings.txt"
    openings.write_text("# two openings\nf5 d6\nc4, e3  # commas work too\n")
    referee = load_referee("othello")
    assert read_openings(openings) == [("f5", "d6"), ("c4", "e3")]
    records = []
    bots = parse_bots([FIRST, zoo("slow", 0)], referee)
    run_tournament(Tournament(Match("othello"), games=4, openings=tuple(read_openings(openings))), bots,
                   progress=False, on_record=records.append)
    assert sorted(tuple(r["opening"]) for r in records) == [("c4", "e3")] * 2 + [("f5", "d6")] * 2


def test_table_plays_a_round_robin_of_engines_and_writes_the_docs(tmp_path):
    pytest.importorskip("matplotlib")  # an optional extra (dev)
    # the zoo's first-move bot, with a --help that offers engines a, b and c as a bundle's
    # does, where the table looks: the full bundles' folder
    help_text = 'import sys\nif "--help" in sys.argv:\n    print("usage: [--engine {a,b,c}]")\n    sys.exit(0)\n'
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "othello.py").write_text(help_text + (ZOO / "first.py").read_text())
    (tmp_path / "full" / "zoolib.py").write_bytes((ZOO / "zoolib.py").read_bytes())
    out = tmp_path / "docs"
    refused = run_cli("table", "othello", "--dist", str(tmp_path), "--engines", "a,d", "-q", "--out", str(out))
    assert refused.returncode == 1 and "offers no engine d" in refused.stdout
    assert not (out / "results" / "table-othello.jsonl").exists()
    done = run_cli("table", "othello", "--dist", str(tmp_path), "--engines", "a,b,c", "-n", "2", "-q",
                   "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert len(read_results(out / "results" / "table-othello.jsonl")) == 6
    text = (out / "table.md").read_text()
    # the zoo's bot plays the first listed move whatever its engine: seat 0 wins or loses
    # both games of a pair alike, so every pairing is two games with one win each way
    for pairing in ("a vs b", "a vs c", "b vs c"):
        assert f"| {pairing} | 2 | +1 =0 -1 | 50% [" in text, text
    assert "Command: `python -m arena table othello" in text and "Machine: " in text
    assert (out / "table.png").read_bytes().startswith(b"\x89PNG")
    again = run_cli("table", "othello", "--dist", str(tmp_path), "--engines", "a,b,c", "-n", "2", "-q",
                    "--out", str(out), "--json", "--sprt", "0", "50")   # all played: a summary only
    assert again.returncode == 0, again.stderr
    pairs = json.loads(again.stdout)["games"][0]["pairs"]   # nothing else on stdout
    assert [(p["a"], p["b"], p["games"], p["model"]) for p in pairs] == [
        ("a", "b", 2, "pentanomial"), ("a", "c", 2, "pentanomial"), ("b", "c", 2, "pentanomial")]
    assert all(p["sprt"]["verdict"] is None for p in pairs)
    assert len(read_results(out / "results" / "table-othello.jsonl")) == 6


def test_table_writes_docs_only_where_the_makefile_says_so():
    """arena table's default folder is results/table/: docs/ changes through make table and
    its kin, each naming its folder under docs/."""
    from arena.cli import build_parser
    assert build_parser().parse_args(["table", "othello"]).out == "results/table"
    makefile = (ROOT / "Makefile").read_text()
    runs = [line for line in makefile.splitlines() if "-m arena table" in line]
    assert len(runs) >= 3 and all("--out " in line for line in runs), runs
    assert "--engines bestfirst,alphabeta,mcts --out docs" in makefile   # make table: docs/table.md


def test_table_gives_every_engine_the_first_evaluation_the_bundle_offers(tmp_path):
    pytest.importorskip("matplotlib")  # an optional extra (dev)
    help_text = ('import sys\nif "--help" in sys.argv:\n'
                 '    print("usage: [--engine {a,b}] [--eval {handcrafted,nn}]")\n    sys.exit(0)\n')
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "othello.py").write_text(help_text + (ZOO / "first.py").read_text())
    (tmp_path / "full" / "zoolib.py").write_bytes((ZOO / "zoolib.py").read_bytes())
    out = tmp_path / "docs"
    refused = run_cli("table", "othello", "--dist", str(tmp_path), "--eval", "ntuple", "-q", "--out", str(out))
    assert refused.returncode == 1
    assert "offers no evaluation ntuple; it offers handcrafted, nn" in refused.stdout
    done = run_cli("table", "othello", "--dist", str(tmp_path), "--eval", "ntuple,nn", "-n", "2", "-q",
                   "--out", str(out))
    assert done.returncode == 0, done.stderr
    records = read_results(out / "results" / "table-othello.jsonl")
    assert len(records) == 2
    assert all(command.endswith(f"--engine {name} --eval nn")
               for record in records for name, command in zip(record["bots"], record["commands"]))
    assert "Evaluation of every bot: `nn`." in (out / "table.md").read_text()

# An Oware bot that plays its first legal house (feeding the opponent when it must).
FIRST_HOUSE = """\
import sys
for line in sys.stdin:
    houses = [int(n) for n in line.split()]
    feed = not any(houses[6:])
    print(next(i for i in range(6) if houses[i] > (5 - i if feed else 0)), flush=True)
"""
# The same, crashing at once when given engine parameters: the tuner's candidates crash,
# its opponent plays.
CRASHES_WITH_PARAMETERS = """\
import sys
if "--set" in sys.argv:
    raise SystemExit("this candidate cannot start")
""" + FIRST_HOUSE.replace("import sys\n", "")


def test_the_table_without_matplotlib_stops_with_one_line_before_any_game(tmp_path):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "oware.py").write_text(FIRST_HOUSE)
    without = ("import sys; sys.modules['matplotlib'] = None; from arena.cli import main; "
               f"sys.exit(main(['table', 'oware', '--dist', {str(tmp_path)!r}, '--out', {str(tmp_path / 't')!r},"
               " '-n', '2', '-q']))")
    done = subprocess.run([sys.executable, "-c", without], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT)
    assert done.returncode == 2
    assert done.stderr == "arena: error: the table's plot needs matplotlib (pip install -e .[dev])\n"
    assert not (tmp_path / "t").exists()


def test_tune_records_trials_and_resumes_without_replaying(tmp_path):
    pytest.importorskip("optuna")  # an optional extra (dev)
    (tmp_path / "full").mkdir()  # the tuner runs the bundles that carry every engine
    (tmp_path / "full" / "oware.py").write_text(FIRST_HOUSE)
    common = ["tune", "oware", "--dist", str(tmp_path), "-n", "2", "-q", "--results-dir", str(tmp_path / "r"),
              "--record", str(tmp_path / "study.md")]
    first = run_cli(*common, "-t", "2")
    assert first.returncode == 0, first.stderr
    again = run_cli(*common, "-t", "3")
    assert again.returncode == 0, again.stderr
    assert "2 of 3 trials done" in again.stderr and again.stderr.count("  trial ") == 1
    games = read_results(tmp_path / "r" / "tune-oware.jsonl")
    assert len(games) == 6 and len({r["key"] for r in games}) == 6
    study = (tmp_path / "study.md").read_text()
    assert study.count("% |") == 3 and "Chosen (" in study and "`'bestfirst': Config('bestfirst', C=" in study
    by_default = run_cli(*common[:-2], "-t", "3")  # no --record: next to the games' logs
    assert by_default.returncode == 0 and (tmp_path / "r" / "tune-oware.md").read_text().count("% |") == 3
    narrower = run_cli(*common, "-t", "1", "--param", "C=50:60")  # the earlier trials lie outside
    assert narrower.returncode == 0 and "3 earlier trial(s) lie outside" in narrower.stderr
    bad = run_cli("tune", "oware", "--dist", str(tmp_path), "--param", "C=2:1")
    assert bad.returncode == 2 and "LOW < HIGH" in bad.stderr and "Traceback" not in bad.stderr


def test_tuned_values_are_kept_only_when_confirmed():
    from arena.tune import chosen_params
    best, defaults = {"C": 0.8}, {"C": 1.5}
    assert chosen_params(best, defaults, None) == best
    assert chosen_params(best, defaults, {"best_score": 0.6, "baseline_score": 0.5}) == best
    assert chosen_params(best, defaults, {"best_score": 0.5, "baseline_score": 0.5}) == defaults
    # values that lost a confirmation game by a fault are not kept, whatever they scored
    assert chosen_params(best, defaults, {"best_score": 0.9, "baseline_score": 0.5, "best_faults": 1}) == defaults


def test_a_trial_with_faults_is_never_chosen_and_the_record_goes_to_results(tmp_path):
    pytest.importorskip("optuna")  # an optional extra (dev)
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "oware.py").write_text(CRASHES_WITH_PARAMETERS)
    results = tmp_path / "r"
    run = run_cli("tune", "oware", "--dist", str(tmp_path), "-n", "2", "-t", "2", "-q",
                  "--results-dir", str(results))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "lost by a fault: never chosen" in run.stderr and "without a game lost by a fault" in run.stderr
    assert not (results / "tune-oware.md").exists()  # nothing adopted, nothing recorded
    trials = [json.loads(line) for line in (results / "tune-oware-trials.jsonl").read_text().splitlines()]
    assert [t["faults"] for t in trials if t["event"] == "end"] == [2, 2]


def test_isolated_bots_get_no_pythonpath_and_a_folder_of_their_own(monkeypatch):
    from time import perf_counter

    from arena.process import BotProcess
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    script = "import os; print(os.getcwd()); print(os.environ.get('PYTHONPATH'), flush=True)"
    bot = BotProcess([sys.executable, "-c", script], isolated=True)
    try:
        folder, _ = bot.read_line(perf_counter() + 10)
        pythonpath, _ = bot.read_line(perf_counter() + 10)
    finally:
        bot.close()
    assert Path(folder).name.startswith("arena-bot-") and not Path(folder).exists()
    assert pythonpath == "None"


def test_tuning_evaluation_weights():
    from arena.tune import candidate_spec, config_entry, engine_defaults
    space = {"weight.material": (0.5, 2.0, False), "quiescence": (1, 8, False)}
    assert engine_defaults("alphabeta+", space, "onitama") == {"weight.material": 1.0, "quiescence": 4}
    spec = candidate_spec("dist/onitama.py", "alphabeta+", {"weight.material": 1.5, "quiescence": 2})
    assert spec.endswith("--engine alphabeta+ --weight material=1.5 --set quiescence=2")
    assert config_entry("alphabeta+", {"weight.material": 1.5, "quiescence": 2}) == (
        "Config('alphabeta+', weights={'material': 1.5}, quiescence=2)")
    # the point to beat is what the bot plays now: its tuned values, not the engine's own
    from bots.breakthrough import BOT
    tuned = BOT.config("bestfirst").params
    assert engine_defaults("bestfirst", {"C": (0.1, 4, True), "FPU": (0, 1.5, False)}, "breakthrough") == {
        "C": tuned["C"], "FPU": tuned["FPU"]} != {"C": 1.5, "FPU": 0.5}
    spec = candidate_spec("dist/onitama.py", "bestfirst", {"C": 0.8}, evaluation="ntuple")
    assert spec == "bestfirst-ntuple_C0.8=dist/onitama.py --engine bestfirst --eval ntuple --set C=0.8"
    assert config_entry("bestfirst", {"C": 0.8}, "ntuple") == "Config('bestfirst', evaluation='ntuple', C=0.8)"


def test_tuning_refuses_an_evaluation_the_bundle_lacks_before_any_game(tmp_path):
    pytest.importorskip("optuna")  # an optional extra (dev)
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "oware.py").write_text(
        'import sys\nif "--help" in sys.argv:\n    print("usage: [--eval {handcrafted,nn}]")\n    sys.exit(0)\n'
        + FIRST_HOUSE)
    refused = run_cli("tune", "oware", "--dist", str(tmp_path), "--eval", "ntuple", "-q",
                      "--results-dir", str(tmp_path / "r"))
    assert refused.returncode != 0 and "--eval ntuple:" in refused.stderr and "handcrafted, nn" in refused.stderr
    assert "Traceback" not in refused.stderr and not (tmp_path / "r" / "tune-oware.jsonl").exists()


def test_tuning_rejects_what_no_bot_takes_before_any_game():
    from arena.tune import check_space, typed
    check_space("alphabeta+", {"weight.material": (0.5, 2.0, False), "quiescence": (1, 8, False)}, "onitama")
    for space, message in [({"nosuch": (0, 1, False)}, r"alphabeta\+ has no such parameter"),
                           ({"weight.nosuch": (0, 1, False)}, "no weight 'nosuch'"),
                           ({"noisy_first": (0, 1, False)}, "not a number")]:
        with pytest.raises(UserError, match=message):
            check_space("alphabeta+", space, "onitama")
    # the sampler's floats: an integer parameter is passed as an integer (the bots refuse 2.0)
    assert typed("alphabeta+", {"quiescence": 2.4, "aspiration": 0.07}) == {"quiescence": 2, "aspiration": 0.07}
