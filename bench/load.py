"""Time discipline under load: the bundles' self-play at the arena's real clock with busy
processes beside them, and every answer's time against its limit.

A CodinGame bot shares its machine with others, and so does a local tournament. This
bench starts ``--busy`` processes that spin forever (default: one per core), then plays
each bundle against itself through the local referee, one game at a time, until both
seats have answered ``--turns`` times in all (first turns apart), and reports the
answers past the limit (the arena's timeouts), the largest answer and the high
percentiles as shares of the limit. ``--busy 0`` measures the idle machine.

``--against FOLDER`` plays each bundle against the one of the same name in FOLDER
instead (the bundles of another commit: both sides under the same load, side by side)
and reports each side.

Games are kept in ``results/load/<game>-busy<K>-<bundles>.jsonl`` (``--results-dir``), where
``<bundles>`` is a digest of the bundles' bytes: a rerun with the same options and bundles
plays only what is missing, a rerun with more turns adds games, and a rebuilt bundle starts
afresh (its stored games were another bundle's)::

    python -m bench.load                       # every game, 2,000 turns each, one busy process per core
    python -m bench.load oware --turns 10000 --busy 0
    python -m bench.load --against /tmp/old-dist --turns 1000
"""

import argparse
import hashlib
import math
import os
import subprocess
import sys
import time
from pathlib import Path

from arena.errors import UserError
from arena.games import bundle_path, games_with_bots, load_referee
from arena.match import Match
from arena.results import read_results
from arena.tournament import Tournament, parse_bots, run_tournament

ROOT = Path(__file__).resolve().parent.parent
GAMES = tuple(games_with_bots())  # the CodinGame games: tight clocks
SPIN = "while True: pass"
PERCENTILES = (0.5, 0.99, 0.999)


def start_busy(count):
    """``count`` processes that spin until killed."""
    return [subprocess.Popen([sys.executable, "-c", SPIN], stdin=subprocess.DEVNULL)
            for _ in range(count)]


def stop_busy(processes):
    for process in processes:
        process.kill()
    for process in processes:
        process.wait()


def answer_shares(records, referee, name=None):
    """(shares of the limit of the answers after each seat's first, of the first answers,
    answers past the limit) of the bot ``name`` (None: both seats), as the referee
    measured them."""
    shares, firsts, late = [], [], 0
    for record in records:
        seats = {str(s) for s in (0, 1) if name is None or record["bots"][s] == name}
        seen = set()
        for seat, ms in zip(record["movers"], record["times"]):
            if ms is None or seat not in seats:
                continue
            if seat in seen:
                shares.append(ms / referee.turn_ms)
            else:
                seen.add(seat)
                firsts.append(ms / referee.first_turn_ms)
        if record["reason"] == "timeout" and str(record["loser"]) in seats:
            late += 1  # the late answer ended the game: it is not among the times
    return shares, firsts, late


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(fraction * len(ordered)) - 1)]


def results_file(folder, game, busy, bundles):
    """Where the games of ``bundles`` (paths: one for self-play, two against another
    folder's) under ``busy`` spinning processes are kept: named by a digest of their
    bytes, so that the games of a rebuilt bundle are never counted as its own."""
    digest = hashlib.sha256()
    for bundle in bundles:
        digest.update(hashlib.sha256(Path(bundle).read_bytes()).digest())
    against = "-against" if len(bundles) > 1 else ""
    return Path(folder) / f"{game}-busy{busy}{against}-{digest.hexdigest()[:12]}.jsonl"


def play_until(game, bots, turns, results, seed):
    """Games between ``bots`` (two bot specs) into ``results`` until ``turns`` answers
    (first ones apart) are in."""
    referee = load_referee(game)
    bots = parse_bots(bots, referee)
    games = 0
    while True:
        records = read_results(results)
        shares, _, late = answer_shares(records, referee)
        have = len(shares) + late
        if have >= turns:
            return
        per_game = have / len(records) if records else turns  # two games first, to learn their length
        games = max(games, len(records)) + 2 * max(1, math.ceil((turns - have) / per_game / 2))
        run_tournament(Tournament(Match(game), games=games, seed=seed), bots, results=results, jobs=1, progress=False)


def report(game, results, wall_s, name=None):
    """One line: the answers of the bot ``name`` (None: both seats) in ``results``."""
    referee = load_referee(game)
    records = read_results(results)
    shares, firsts, late = answer_shares(records, referee, name)
    label = f"{game} {name}" if name else game
    if not shares:
        return f"{label:<17} no answers recorded"
    cells = "  ".join(f"p{fraction * 100:g} {percentile(shares, fraction):.0%}" for fraction in PERCENTILES)
    worst_ms = max(shares) * referee.turn_ms
    return (f"{label:<17}{len(records):>6}{len(shares):>8}{late:>6}   {cells}  max {max(shares):.0%}"
            f" ({worst_ms:.0f} of {referee.turn_ms} ms)   first answers max {max(firsts):.0%} of "
            f"{referee.first_turn_ms} ms   {wall_s / 60:.1f} min")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), help=f"any of {', '.join(GAMES)} (default: all)")
    parser.add_argument("--turns", type=int, default=2000, help="answers per game, first turns apart (default 2000)")
    parser.add_argument("--busy", type=int, default=len(os.sched_getaffinity(0)),
                        help="spinning processes beside the games (default: one per core)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--results-dir", default=str(ROOT / "results" / "load"))
    parser.add_argument("--dist", default=None, help="folder of the bundles (default: dist/)")
    parser.add_argument("--against", metavar="FOLDER", help="play against the bundles in FOLDER, not self-play")
    options = parser.parse_args(argv)
    unknown = [g for g in options.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown games {unknown}; choose from {', '.join(GAMES)}")
    if options.turns < 1 or options.busy < 0:
        parser.error("--turns must be at least 1 and --busy at least 0")
    folder = Path(options.results_dir)
    folder.mkdir(parents=True, exist_ok=True)
    print(f"# {options.busy} busy processes on {len(os.sched_getaffinity(0))} cores, "
          f"{time.strftime('%Y-%m-%d %H:%M')}; answers after each seat's first, as shares of the limit")
    print(f"{'game':<17}{'games':>6}{'answers':>8}{'late':>6}")
    for game in options.games:
        bundle = bundle_path(game, options.dist)
        if not bundle.is_file():
            print(f"{game:<13} skipped: no bundle {bundle} (run make build)")
            continue
        if options.against:
            other = bundle_path(game, options.against)
            if not other.is_file():
                print(f"{game:<13} skipped: no bundle {other} to play against")
                continue
            bots, names, bundles = [f"new={bundle}", f"old={other}"], ["new", "old"], [bundle, other]
        else:
            bots, names, bundles = [f"a={bundle}", f"b={bundle}"], [None], [bundle]
        results = results_file(folder, game, options.busy, bundles)
        load_at_start = os.getloadavg()[0]  # other work than ours shows here
        busy = start_busy(options.busy)
        started = time.perf_counter()
        try:
            play_until(game, bots, options.turns, results, options.seed)
        except UserError as error:
            print(f"{game:<17} {error}")
            continue
        finally:
            stop_busy(busy)
        loads = f"load average {load_at_start:.1f} at the start, {os.getloadavg()[0]:.1f} at the end"
        for name in names:
            print(report(game, results, time.perf_counter() - started, name) + f"   {loads}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
