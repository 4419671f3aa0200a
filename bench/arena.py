"""The arena's own cost and throughput.

- Referee overhead per turn: the time from a bot's answer to the next input line the
  referee sends (move parsing, rules, the next turn's lines), over games between
  instant zoo bots and over the real bundles' games.
- Games per minute at each game's real clock: every bundle in dist/ against itself,
  played as a tournament with the default number of parallel games and with two.
"""
import os
import statistics
import tempfile
import time
from pathlib import Path

from arena.games import bundle_path, game_names, load_referee
from arena.match import FAULTS, Match, play_match
from arena.backends import default_jobs
from arena.tournament import Tournament, parse_bots, run_tournament

ROOT = Path(__file__).resolve().parent.parent
ZOO_FIRST = ROOT / "tests" / "zoo" / "first.py"


def overhead_of_instant_bots(games):
    referee = load_referee("othello")
    per_game = []
    turns = 0
    for seed in range(games):
        record = play_match(referee, Match.between([str(ZOO_FIRST)] * 2, seed=seed, random_plies=4))
        per_game.append(record["overhead_ms"])
        turns += sum(record["turns"])
    return statistics.mean(per_game), max(per_game), turns


def throughput(game, bundle, games, jobs, scale=1.0):
    bots = parse_bots([str(bundle), str(bundle)], load_referee(game, scale))
    with tempfile.TemporaryDirectory() as folder:
        results = Path(folder) / "r.jsonl"
        records = []
        started = time.perf_counter()
        run_tournament(Tournament(Match(game, scale=scale), games=games), bots, results=results, jobs=jobs,
                       progress=False, on_record=records.append)
        wall = time.perf_counter() - started
    faults = sorted(f"{r['reason']}" for r in records if r["reason"] in FAULTS)
    overheads = [r["overhead_ms"] for r in records if r["overhead_ms"] is not None]
    plies = statistics.mean(r["plies"] for r in records)
    return 60 * games / wall, faults, statistics.mean(overheads) if overheads else float("nan"), plies


def run(quick=False):
    cores = len(os.sched_getaffinity(0))
    print(f"{cores} cores; default parallel games {default_jobs()}")
    mean, worst, turns = overhead_of_instant_bots(3 if quick else 20)
    print(f"referee overhead, Othello, instant bots: {mean:.3f} ms per turn on average "
          f"(worst game {worst:.3f} ms; {turns} turns)")
    games = 2 if quick else 6
    job_counts = sorted({default_jobs(), 2})
    print(f"\ngames per minute at the real clock, each bundle against itself, {games} games per figure")
    print(f"{'game':<13}{'jobs':>5}{'games/min':>11}{'faults':>8}{'plies':>7}{'overhead ms':>13}")
    for game in game_names():
        bundle = bundle_path(game)
        try:
            load_referee(game)
        except Exception as error:
            print(f"{game:<13} skipped: {error}")
            continue
        if not bundle.is_file():
            print(f"{game:<13} skipped: no bundle {bundle}")
            continue
        scale = 1.0
        note = ""
        if game == "reversi" and quick:
            scale, note = 0.1, "  (time scale 0.1: quick run)"
        # A Reversed Reversi game at the real clock takes minutes (5 s a move): two games,
        # two at a time (its clock leaves ample room for sharing the cores).
        for jobs in (job_counts if game != "reversi" or quick else [2]):
            n = games if game != "reversi" or quick else 2
            per_minute, faults, overhead, plies = throughput(game, bundle, n, jobs, scale)
            print(f"{game:<13}{jobs:>5}{per_minute:>11.2f}{len(faults):>8}{plies:>7.0f}{overhead:>13.3f}"
                  f"{note}{'  ' + ', '.join(faults) if faults else ''}", flush=True)
