"""The command line: python -m arena COMMAND ... (python -m arena COMMAND --help)."""

import argparse
import json
import random
import re
import signal
import subprocess
import sys
import threading
import uuid
from pathlib import Path

from arena import league, process, table, tune
from arena.backends import add_backend_options, default_jobs, open_backend
from arena.clock import add_rehearsal_options, clock_from_options
from arena.errors import Interrupted, UserError
from arena.games import ROOT, game_names, games_with_bundles, load_referee, sized_game
from arena.match import (FAULTS, REASONS, Match, check_seats, fault_of, join_moves, limits_ms, parse_opening,
                         play_match, ranks_of, seats_of)
from arena.report import listed_order, plot, summarize, summary_json, summary_text
from arena.replay import write_replay
from arena.results import ResultsWriter, read_results
from arena.tournament import (Tournament, odds_notices, parse_bots, parse_odds, read_openings, run_tournament,
                              seats_table)

SMOKE_SCALE = {"reversi": 0.1}   # 0.5 s a move: a quick game, still through the host
# The smoke proves that each bundle runs and plays legal moves, and must pass on a busy
# machine: its referee allows each answer this many times the arena's limit (a hang still
# fails), and names the answers that were over the limit. Clock discipline is measured by
# make bench-load and the tournaments.
SMOKE_SLACK = 10
DESCRIPTION = """Local referee and tournaments for the project's games, played under each
arena's protocol and clock. A bot is a command line ("dist/full/othello.py --engine
alphabeta"; a .py file runs with this Python), optionally named NAME=COMMAND. For
reversi a bot is a Python file defining the SUSTech class AI."""


def positive_float(text):
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
    return value


def positive_int(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return value


def add_clock_options(parser):
    parser.add_argument("--scale", type=positive_float, default=1.0, metavar="F",
                        help="multiply the arena's time limits by F (slower machine: F > 1)")
    parser.add_argument("--memory-mb", type=positive_int, metavar="MB",
                        help="memory limit (default: the arena's, 768 MB; 100 MB for reversi)")
    parser.add_argument("--isolated", action="store_true",
                        help="run bots as the arena does: no PYTHON* variables (a bundle cannot "
                             "reach the repository), each in an empty folder")
    parser.add_argument("--size", type=int, metavar="N",
                        help="reversi only: play on an N x N board (6, 8, 10 or 12; game reversi-N)")
    parser.add_argument("--random-plies", type=int, metavar="K",
                        help="random opening plies (default: the game's own, its referee's random_plies)")
    add_rehearsal_options(parser, positive_float)


def match_of(options, **fields):
    """The Match of the clock options (--scale, --memory-mb, --isolated, --random-plies,
    the rehearsal's), with ``fields``."""
    return Match(options.game, scale=options.scale, memory_mb=options.memory_mb, isolated=options.isolated,
                 random_plies=options.random_plies, clock=clock_from_options(options), **fields)


# -- match -----------------------------------------------------------------------------
def ranking_lines(record):
    """The lines of a game of more than two: its ranking, and each player's fault."""
    names, ranks = record["bots"], ranks_of(record)
    lines = [f"result: after {record['plies']} plies; {REASONS[record['reason']]}; ranking:"]
    for seat in sorted(range(len(names)), key=lambda s: (ranks[s], s)):
        fault = (record.get("faults") or [None] * len(names))[seat]
        out = f", out by {REASONS[fault['reason']]}" + (f" ({fault['detail']})" if fault["detail"] else "") \
            if fault else ""
        lines.append(f"  {ranks[seat]:g}. {names[seat]} (player {seat}), {record['score'][seat]:g} points{out}")
    return lines


def describe(record):
    """A few lines telling how a game went."""
    names = record["bots"]
    if len(names) == 2:
        players = f"{names[0]} (player 0) vs {names[1]} (player 1)"
    else:
        players = ", ".join(f"{name} (player {seat})" for seat, name in enumerate(names))
    lines = [f"{record['game']} seed {record['seed']}: {players}"]
    if record["opening"]:
        lines.append(f"opening: {join_moves(record['opening'])}")
    lines.append(f"moves: {join_moves(record['moves'])}")
    if len(names) > 2:
        return "\n".join(lines + ranking_lines(record) + seat_lines(record) + fault_tails(record))
    if record["winner"] is None:
        outcome = "draw"
    else:
        outcome = f"{names[record['winner']]} wins"
    reason = REASONS[record["reason"]]
    if record["loser"] is not None:
        reason = f"{names[record['loser']]}: {reason}"
    if record["detail"]:
        reason += f" ({record['detail']})"
    lines.append(f"result: {outcome} after {record['plies']} plies; {reason}")
    lines += seat_lines(record)
    if record["stderr"]:
        lines.append(f"last stderr lines of {names[record['loser']]}:")
        lines += ["  | " + line for line in record["stderr"]]
    return "\n".join(lines)


def seat_lines(record):
    return [f"  {name}: {record['turns'][seat]} turns, avg {record['time_avg_ms'][seat]:.1f} ms, "
            f"max {record['time_max_ms'][seat]:.1f} ms, peak {record['peak_mb'][seat]:.0f} MB"
            for seat, name in enumerate(record["bots"])]


def fault_tails(record):
    """The last stderr lines of each player out by a fault, in a game of more than two."""
    lines = []
    for name, fault in zip(record["bots"], record.get("faults") or ()):
        if fault and fault["stderr"]:
            lines.append(f"last stderr lines of {name}:")
            lines += ["  | " + line for line in fault["stderr"]]
    return lines


def seated_bots(referee, specs):
    """The bots of ``specs``, refused in one line unless the game seats that many."""
    check_seats(referee, len(specs))
    return parse_bots(specs, referee)


def cmd_match(options):
    referee = load_referee(options.game, options.scale)
    bots = seated_bots(referee, options.bots)
    seed = options.seed if options.seed is not None else random.randrange(2 ** 32)
    opening = tuple(parse_opening(options.opening)) if options.opening else ()
    record = play_match(referee, match_of(options, bots=tuple(bots), seed=seed, opening=opening,
                                          key=f"{options.game}:match:{uuid.uuid4().hex}"))
    if options.results:
        ResultsWriter(options.results).append(record)
    print(json.dumps(record) if options.json else describe(record))
    return 0


# -- tournament ------------------------------------------------------------------------
def cmd_tournament(options):
    referee = load_referee(options.game, options.scale)
    bots = parse_bots(options.bots, referee)
    if len(bots) < 2:
        raise UserError("a tournament needs at least two bots")
    odds = parse_odds(options.odds, bots, options.game)
    openings = read_openings(options.openings) if options.openings else None
    results = options.results or str(Path("results") / f"{options.game}.jsonl")
    sprt_args = None
    if options.sprt:
        if len(bots) != 2:
            raise UserError("--sprt compares two bots")
        sprt_args = (options.sprt[0], options.sprt[1], options.alpha, options.beta)
    at_table = seats_table(referee, bots)
    games = (f"{-(-options.games // len(bots)) * len(bots)} games at one table, the seats rotated"
             if at_table else f"{options.games} games per pair")
    tournament = Tournament(match_of(options, odds=odds), games=options.games, seed=options.seed,
                            openings=tuple(openings or ()), sprt=sprt_args)
    try:
        with open_backend(options, options.jobs) as backend:
            print(f"{options.game}: {len(bots)} bots, {games}, "
                  f"{backend.describe()}, results in {results}"
                  + "".join(f"; {name} has {factor:g}x the clock" for name, factor in odds.items()),
                  file=sys.stderr)
            for notice in odds_notices(odds, bots):
                print(notice, file=sys.stderr)
            summary = run_tournament(tournament, bots, results=results, backend=backend,
                                     progress=not options.quiet)
    except Interrupted:
        print(f"interrupted: the finished games are in {results}; run the same command to resume",
              file=sys.stderr)
        return 130
    print(json.dumps(summary_json(summary, sprt_args)) if options.json else summary_text(summary, sprt_args))
    return 0


# -- report ----------------------------------------------------------------------------
def cmd_report(options):
    records = []
    for path in options.results:
        if not Path(path).is_file():
            raise UserError(f"no results file {path}")
        records += read_results(path)
    if options.game:
        records = [r for r in records if r["game"] == options.game]
    if not records:
        raise UserError("no games in the results")
    summary = summarize(records, listed_order(records))
    sprt_args = (options.sprt[0], options.sprt[1], options.alpha, options.beta) if options.sprt else None
    if options.json:
        if options.plot:
            plot(summary, options.plot)
        print(json.dumps(summary_json(summary, sprt_args)))
        return 0
    print(summary_text(summary, sprt_args))
    reasons = {}
    for record in records:
        reasons[record["reason"]] = reasons.get(record["reason"], 0) + 1
    print("endings: " + ", ".join(f"{REASONS.get(k, k)} {v}" for k, v in sorted(reasons.items())))
    overhead = summary.overhead()
    if overhead is not None:
        print(f"referee overhead: {overhead:.3f} ms per turn on average")
    if options.plot:
        plot(summary, options.plot)
        print(f"plot written to {options.plot}")
    return 0


# -- league and gate -------------------------------------------------------------------
def cmd_league(options):
    referee = load_referee(options.game, options.scale)
    bots = parse_bots(options.bots, referee)
    results = options.results or league.default_results(options.game, "league")
    try:
        records = league.run_league(match_of(options), bots, options.games, results, seed=options.seed,
                                    progress=not options.quiet)
    except Interrupted:
        print(f"interrupted: the finished games are in {results}; run the same command to resume",
              file=sys.stderr)
        return 130
    board = league.ratings(records, bots)
    print(f"{options.game} league: {len(records)} games in {results}")
    print("\n".join(league.leaderboard_text(board)))
    if options.table:
        Path(options.table).write_text(f"{options.game} league, {len(records)} games "
                                       f"({league.rating_model(records)})\n\n{league.leaderboard_markdown(board)}\n")
        print(f"table written to {options.table}")
    if options.plot:
        league.plot_leaderboard(board, options.plot, f"{options.game} league, {len(records)} games")
        print(f"plot written to {options.plot}")
    return 0


def cmd_gate(options):
    referee = load_referee(options.game, options.scale)
    bots = parse_bots([options.candidate] + options.pool, referee)
    results = options.results or league.default_results(options.game, "gate")
    sprt_args = (options.sprt[0], options.sprt[1], options.alpha, options.beta)
    try:
        verdict, test, counts = league.run_gate(match_of(options), bots[0], bots[1:], results, sprt_args,
                                                options.max_games, seed=options.seed, progress=not options.quiet)
    except Interrupted:
        print(f"interrupted: the finished games are in {results}; run the same command to resume",
              file=sys.stderr)
        return 130
    print(league.verdict_line(verdict, test, counts, bots[0], bots[1:], sprt_args))
    return 0 if verdict == "promote" else 1


# -- replay ----------------------------------------------------------------------------
def cmd_replay(options):
    path = write_replay(options.results, options.output, options.game)
    print(f"replay written to {path}")
    return 0


# -- smoke -----------------------------------------------------------------------------
def cmd_smoke(options):
    played = failed = 0
    for game, referee, bundle, scale in games_with_bundles(game_names(), options.dist, options.scale,
                                                            SMOKE_SCALE):
        for count in seats_of(referee):  # a game of 2 to 4 players: a table of each size
            command = str(bundle)
            names = [f"{bundle.stem}#{seat}" for seat in range(count)]
            match = Match.between([command] * count, names, seed=random.randrange(2 ** 32), scale=scale,
                                  odds={name: SMOKE_SLACK for name in names}, isolated=True)
            record = play_match(referee, match)
            played += 1
            bad = record["reason"] in FAULTS or any(record.get("faults") or ())
            failed += bad
            label = game if count == 2 else f"{game} ({count} bots)"
            print(f"{label}: {'FAILED' if bad else 'ok'}  {record['plies']} plies in {record['duration_s']:.1f} s, "
                  f"score {'-'.join(format(score, 'g') for score in record['score'])}, {REASONS[record['reason']]}"
                  + (f" ({record['detail']})" if record["detail"] else "")
                  + late_note(late_answers(record, limits_ms(referee, scale))))
            for line in record["stderr"]:
                print("  | " + line)
    if not played:
        print(f"no game was played: build the bundles first (make build)")
        return 1
    return 1 if failed else 0


def late_answers(record, limits):
    """[(ms, limit ms)] of the record's answers over ``limits`` (first turn, other turns)."""
    late, answered = [], set()
    for seat, ms in zip(record["movers"], record["times"]):
        if ms is None:
            continue
        limit = limits[1] if seat in answered else limits[0]
        answered.add(seat)
        if ms > limit:
            late.append((ms, limit))
    return late


def late_note(late):
    """The smoke's words on the answers over the arena's limit (none: nothing)."""
    if not late:
        return ""
    ms, limit = max(late)
    return (f"; {len(late)} answer(s) over the arena's limit, the slowest {ms:.0f} ms of {limit:.0f}"
            f" (a busy machine? clock discipline: make bench-load)")


# -- play_game (psyleague) -------------------------------------------------------------
def cmd_play_game(options):
    """One game, reported in psyleague's play_game format on stdout."""
    referee = load_referee(options.game, options.scale)
    bots = seated_bots(referee, options.bots)
    seed = options.seed if options.seed is not None else random.randrange(2 ** 32)
    record = play_match(referee, match_of(options, bots=tuple(bots), seed=seed,
                                          key=f"{options.game}:play_game:{uuid.uuid4().hex}"))
    if options.results:
        ResultsWriter(options.results).append(record)
    print(json.dumps(psyleague_result(record)))
    return 0


def psyleague_result(record):
    """psyleague's play_game JSON: ranks (0 = first place, equal on a draw), errors
    (1 for a bot that lost by a fault), test_data and player_data."""
    score = record["score"]
    seats = range(len(score))
    ranks = [sum(other > mine for other in score) for mine in score]
    errors = [int(fault_of(record, seat) in FAULTS) for seat in seats]
    test_data = {"seed": record["seed"], "reason": record["reason"], "plies": record["plies"]}
    player_data = [{"avg_ms": record["time_avg_ms"][s], "max_ms": record["time_max_ms"][s]} for s in seats]
    return {"ranks": ranks, "errors": errors, "test_data": test_data, "player_data": player_data}


# -- the parser ------------------------------------------------------------------------
class Parser(argparse.ArgumentParser):
    """Reports a wrong option in one line, not under a usage block (status 2); its
    commands' parsers are of this class too."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} ({self.prog} --help lists the options)\n")


def build_parser():
    parser = Parser(prog="python -m arena", description=DESCRIPTION)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    p = commands.add_parser("match", help="play one game and show it")
    p.add_argument("game", help=f"one of {', '.join(game_names())}")
    p.add_argument("bots", nargs="+", metavar="BOT",
                   help="player 0 (moves first), player 1 (and 2, 3 in a game of more players)")
    p.add_argument("--seed", type=int)
    p.add_argument("--opening", metavar="MOVES", help="opening moves, e.g. 'd3 c5'")
    p.add_argument("--results", metavar="FILE", help="also append the game to this results file")
    p.add_argument("--json", action="store_true", help="print the game's record as JSON")
    add_clock_options(p)
    p.set_defaults(run=cmd_match)

    p = commands.add_parser("tournament", aliases=["run"], help="play many games, resumable")
    p.add_argument("game")
    p.add_argument("bots", nargs="+", metavar="BOT")
    p.add_argument("-n", "--games", type=positive_int, default=100, help="games per pair (default: 100)")
    p.add_argument("--results", metavar="FILE", help="results file (default: results/GAME.jsonl)")
    p.add_argument("-j", "--jobs", type=positive_int,
                   help=f"games at once (default: half the cores, here {default_jobs()}; on Ray: "
                        "as many as the cluster's CPUs hold)")
    p.add_argument("--seed", type=int, default=1, help="openings seed (default: 1)")
    p.add_argument("--openings", metavar="FILE", help="openings, one per line, instead of random plies")
    p.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"),
                   help="sequential test of the first bot against the second; stops when decided")
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--odds", action="append", metavar="NAME=FACTOR",
                   help="time odds: multiply bot NAME's time limits by FACTOR (repeatable)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print the summary as JSON (see arena/README.md)")
    add_clock_options(p)
    add_backend_options(p)
    p.set_defaults(run=cmd_tournament)

    p = commands.add_parser("report", help="summarise results files")
    p.add_argument("results", nargs="+", metavar="FILE")
    p.add_argument("--game", help="only this game")
    p.add_argument("--plot", metavar="PNG", help="plot the score and its 95%% interval as games accumulate")
    p.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"))
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--json", action="store_true", help="print the summary as JSON (see arena/README.md)")
    p.set_defaults(run=cmd_report)

    p = commands.add_parser("league", help="many bots, one rating (Bradley-Terry; Plackett-Luce for more "
                                           "than two players), resumable")
    p.add_argument("game")
    p.add_argument("bots", nargs="+", metavar="BOT")
    p.add_argument("-n", "--games", type=positive_int, default=100,
                   help="play until the league's file holds this many games (default: 100)")
    p.add_argument("--results", metavar="FILE", help="results file (default: results/league-GAME.jsonl)")
    p.add_argument("--seed", type=int, default=1, help="openings seed (default: 1)")
    p.add_argument("--table", metavar="MD", help="also write the leaderboard as a Markdown table")
    p.add_argument("--plot", metavar="PNG", help="also plot the ratings and their intervals")
    p.add_argument("-q", "--quiet", action="store_true", help="no line per game")
    add_clock_options(p)
    p.set_defaults(run=cmd_league)

    p = commands.add_parser("gate", help="a candidate against a pool until the SPRT promotes or rejects it")
    p.add_argument("game")
    p.add_argument("candidate", metavar="CANDIDATE")
    p.add_argument("pool", nargs="+", metavar="BOT")
    p.add_argument("--sprt", nargs=2, type=float, default=(0.0, 20.0), metavar=("ELO0", "ELO1"),
                   help="H0: Elo = ELO0 against H1: Elo = ELO1 over the pool (default: 0 20)")
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("-n", "--games", "--max-games", dest="max_games", type=positive_int, default=400,
                   help="reject once this many games leave the test undecided (default: 400)")
    p.add_argument("--results", metavar="FILE", help="results file (default: results/gate-GAME.jsonl)")
    p.add_argument("--seed", type=int, default=1, help="openings seed (default: 1)")
    p.add_argument("-q", "--quiet", action="store_true", help="no line per game")
    add_clock_options(p)
    p.set_defaults(run=cmd_gate)

    p = commands.add_parser("replay", help="a results file's games as one HTML page, ply by ply")
    p.add_argument("results", metavar="FILE")
    p.add_argument("--game", metavar="K", help="only game K (a number from 1, or a text in its key)")
    p.add_argument("-o", "--output", metavar="HTML", help="the page to write (default: FILE with .html)")
    p.set_defaults(run=cmd_replay)

    p = commands.add_parser("smoke", help="one game per game between the bundles in dist/")
    p.add_argument("--dist", default=str(ROOT / "dist"), help="bundles folder (default: dist/)")
    p.add_argument("--scale", type=positive_float, default=1.0, metavar="F")
    p.set_defaults(run=cmd_smoke)

    p = commands.add_parser("play_game", help="one game, result as psyleague's play_game JSON")
    p.add_argument("game")
    p.add_argument("bots", nargs="+", metavar="BOT")
    p.add_argument("--seed", type=int)
    p.add_argument("--results", metavar="FILE", help="also append the game to this results file")
    add_clock_options(p)
    p.set_defaults(run=cmd_play_game)

    table.add_parser(commands, positive_int, positive_float)
    tune.add_parser(commands, positive_int, positive_float)
    return parser


def stop_on_sigterm(signum, frame):
    raise KeyboardInterrupt


def main(argv=None):
    parser = build_parser()
    options = parser.parse_args(argv)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, stop_on_sigterm)  # cleaned up like Ctrl-C
    try:
        if getattr(options, "size", None) is not None:
            options.game = sized_game(options.game, options.size)
        return options.run(options)
    except UserError as error:
        print(f"arena: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        process.kill_all()
        print("interrupted", file=sys.stderr)
        return 130
    finally:
        process.kill_all()
