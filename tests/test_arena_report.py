"""Summaries: games paired into the pentanomial model (new and old results files), the
JSON summaries of report, tournament and table, and the progress display."""
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.report import OVERLOADED_MS, pair_id, summarize, summary_json, summary_text
from arena.results import ResultsWriter
from arena.stats import PENTANOMIAL, TRINOMIAL, estimate, trinomial
from arena.tournament import Progress

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "tests" / "zoo"


def record(key, bots, score, pair=None, reason="end", loser=None):
    """A results record as the arena writes it, with only the fields a summary reads;
    without ``pair``, as files written before that field."""
    found = {"key": key, "game": "othello", "bots": list(bots), "score": list(score), "reason": reason,
             "loser": loser}
    if pair:
        found["pair"] = pair
    return found


def rounds(points_of_a, pairs=True):
    """Records of a against b: round k is two games, seats swapped, a scoring the
    given points in each; tournament keys, and the pair field if ``pairs``."""
    records = []
    for k, (first, second) in enumerate(points_of_a):
        pair = f"othello:1:{k}:a:b" if pairs else None
        records.append(record(f"othello:1:{k}:a:b", "ab", (first, 1 - first), pair))
        records.append(record(f"othello:1:{k}:b:a", "ba", (1 - second, second), pair))
    return records


POINTS = [(1, 1), (1, 0.5), (0, 1), (0.5, 0.5), (0, 0), (1, 1), (0.5, 0)]   # WW WD WL DD LL WW LD


def test_seat_swapped_games_are_counted_as_pairs():
    pair = summarize(rounds(POINTS), "ab").pairs_of("othello")[0]
    assert pair.pentanomial() == (1, 1, 2, 1, 2)   # LL, LD, WL+DD, WD, WW
    assert (pair.wins, pair.draws, pair.losses) == (6, 4, 4)
    e = pair.estimate()
    assert e.model == PENTANOMIAL and e.games == 14
    assert e == estimate((1, 1, 2, 1, 2))
    assert e.score == estimate(trinomial(6, 4, 4)).score   # the same games, the same score


def test_old_results_files_pair_their_games_by_key():
    old = summarize(rounds(POINTS, pairs=False), "ab").pairs_of("othello")[0]
    assert old.pentanomial() == (1, 1, 2, 1, 2) and old.estimate().model == PENTANOMIAL
    # the pair field written now and the id read from an old key are one id
    assert pair_id(rounds(POINTS)[0]) == pair_id(rounds(POINTS, pairs=False)[1])


def test_lone_games_fall_back_to_the_trinomial():
    lone = [record(f"othello:match:{i}", "ab", (i % 2, 1 - i % 2)) for i in range(6)]
    pair = summarize(lone, "ab").pairs_of("othello")[0]
    assert pair_id(lone[0]) is None and pair.pentanomial() == (0,) * 5
    assert pair.estimate().model == TRINOMIAL
    assert "trinomial: the games are not in seat-swapped pairs" in summary_text(summarize(lone, "ab"))
    # one pair among many lone games: still trinomial, over every game
    mixed = summarize(lone + rounds(POINTS[:1]), "ab").pairs_of("othello")[0]
    assert mixed.estimate().model == TRINOMIAL and mixed.estimate().games == 8
    # a pair cut in half (an interrupted round) is left out of the pentanomial
    cut = summarize(rounds(POINTS)[:-1], "ab")
    assert cut.pairs_of("othello")[0].estimate().games == 12
    assert "1 unpaired game(s) left out" in summary_text(cut)


def test_json_summary_of_a_pair():
    records = rounds(POINTS) + [record("othello:1:7:a:b", "ab", (0, 1), "othello:1:7:a:b", "timeout", 0)]
    found = summary_json(summarize(records, "ab"), (0, 50, 0.05, 0.05))
    json.dumps(found)   # plain JSON: no infinity, no objects
    game = found["games"][0]
    assert game["game"] == "othello" and game["games"] == 15 and game["endings"] == {"end": 14, "timeout": 1}
    pair = game["pairs"][0]
    assert (pair["a"], pair["b"], pair["wins"], pair["draws"], pair["losses"]) == ("a", "b", 6, 4, 5)
    assert pair["model"] == PENTANOMIAL and pair["pentanomial"] == [1, 1, 2, 1, 2] and pair["unpaired_games"] == 1
    assert pair["estimate"]["games"] == 14 and pair["estimate"]["elo_low"] < pair["estimate"]["elo"]
    assert pair["sprt"]["model"] == PENTANOMIAL and pair["sprt"]["verdict"] is None
    assert pair["loss_reasons"] == {"a": {"end": 4, "timeout": 1}, "b": {"end": 6}}
    assert [b["name"] for b in game["bots"]] == ["a", "b"] and game["bots"][0]["faults"]["timeout"] == 1


def test_json_has_no_infinity():
    sweep = summary_json(summarize(rounds([(1, 1)]), "ab"))["games"][0]["pairs"][0]
    assert sweep["estimate"]["elo"] is None and sweep["estimate"]["score"] == 1.0


def run_cli(*args, timeout=60):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=ROOT)


def test_report_and_tournament_print_json(tmp_path):
    results = tmp_path / "r.jsonl"
    bots = [f"{ZOO}/first.py", f"slow={ZOO}/slow.py 0"]
    done = run_cli("tournament", "othello", *bots, "-n", "4", "--results", str(results), "-q", "--json",
                   "--sprt", "0", "50")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)   # nothing else on stdout
    pair = summary["games"][0]["pairs"][0]
    assert pair["games"] == 4 and pair["model"] == PENTANOMIAL and sum(pair["pentanomial"]) == 2
    assert pair["sprt"]["elo1"] == 50
    done = run_cli("report", str(results), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"][0]["pairs"][0] == dict(pair, sprt=None)


def test_old_results_files_still_report(tmp_path):
    results = tmp_path / "old.jsonl"
    writer = ResultsWriter(results)
    for r in rounds(POINTS, pairs=False):
        writer.append(r)
    done = run_cli("report", str(results))
    assert done.returncode == 0, done.stderr
    assert "pentanomial over 7 seat-swapped pairs (LL 1, LD 1, DD+WL 2, WD 1, WW 2)" in done.stdout


def test_summary_warns_when_the_referee_overhead_says_the_machine_was_overloaded():
    def with_overhead(records, values):
        return [dict(r, overhead_ms=v) for r, v in zip(records, values)]

    healthy = with_overhead(rounds(POINTS), [0.6] * 14)
    overloaded = with_overhead(rounds(POINTS), [0.6] * 7 + [2 * OVERLOADED_MS] * 7)
    mean = (0.6 + 2 * OVERLOADED_MS) / 2
    assert summarize(healthy).overhead() == pytest.approx(0.6)
    assert "overloaded" not in summary_text(summarize(healthy, "ab"))
    assert summarize(overloaded).overhead("othello") == pytest.approx(mean)
    warning = summary_text(summarize(overloaded, "ab")).splitlines()[-1]
    assert warning.startswith(f"  warning: the referee took {mean:.1f} ms a turn")
    assert "overloaded" in warning and "(-j)" in warning
    assert summary_json(summarize(healthy))["games"][0]["overloaded"] is False
    overloaded_json = summary_json(summarize(overloaded))["games"][0]
    assert overloaded_json["overloaded"] is True
    assert overloaded_json["overhead_ms"] == round(mean, 3)
    assert summarize(rounds(POINTS)).overhead() is None   # files from before the field: no warning
    assert summary_json(summarize(rounds(POINTS)))["games"][0]["overhead_ms"] is None
    assert "overloaded" not in summary_text(summarize(rounds(POINTS), "ab"))


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_shows_games_score_elo_and_time_left():
    log = io.StringIO()
    progress = Progress(10, stream=log)
    for done in range(2, 11):   # two games resumed, then one game at a time
        progress.update(done, f"a vs b +{done} =0 -0 Elo +100")
    progress.close()
    lines = log.getvalue().splitlines()
    assert len(lines) == 9 and lines[-1].startswith("100%")   # a line a tenth, in a log
    assert "3/10" in lines[1] and "<" in lines[1] and "Elo +100" in lines[1]   # elapsed<left
    screen = Terminal()
    progress = Progress(10, stream=screen)
    progress.update(4, "a vs b Elo +7")
    progress.update(5, "a vs b Elo +8")
    progress.close()
    assert "5/10" in screen.getvalue() and "Elo +8" in screen.getvalue() and "\r" in screen.getvalue()
    quiet = io.StringIO()
    progress = Progress(10, stream=quiet, enabled=False)
    progress.update(5, "x")
    progress.close()
    assert quiet.getvalue() == ""
