"""Tournaments: a schedule of games between bots, played in parallel, saved as they end.

Every pair of bots plays ``games`` games: round ``k`` is a pair of games on the same
opening (the same seed: same random plies, same Onitama cards) with the seats swapped,
recorded with the same ``pair`` id (the statistics' pentanomial model counts such pairs).
A game's key is ``game:seed:round:seat0:seat1``: a rerun with the same arguments and
results file plays only the keys not yet in the file. The match's ``odds`` give bots
time odds: a factor on their clock.

In a game of more than two players (its referee's ``players``), 3 or 4 bots sit at one
table: round ``k`` is one game per rotation of the seats on the same opening, so that
every bot sits in every seat equally often, and ``games`` is rounded up to whole rounds.
Its key is ``game:seed:round:seat0:seat1:seat2...``.

Games run on a backend (``arena.backends``): threads of this process by default, or
Ray tasks on a cluster; either way this process alone writes the results file.

The API, for other front ends (``python -m arena table`` builds on it)::

    bots = parse_bots(["dist/othello.py", "ab=dist/full/othello.py --engine alphabeta"], referee)
    summary = run_tournament(Tournament(Match("othello"), games=100), bots, results="results/x.jsonl")
"""

import math
import random
import re
import shlex
import sys
import time
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from tqdm import tqdm

from arena.backends import LocalBackend
from arena.clock import warn_other_clocks
from arena.errors import Interrupted, UserError
from arena.games import load_referee
from arena.match import (Bot, Match, bot_command_argv, check_seats, is_nplayer, join_moves, parse_opening,
                         play_match)
from arena.report import round_pair_id, summarize
from arena.results import ResultsWriter, read_results
from arena.stats import PENTANOMIAL, format_elo, score_percent

# Games run in threads of one interpreter: a referee whose answer has arrived gets the
# interpreter from another thread within this many seconds (Python's default is 5 ms,
# all of it charged to the bot): docs/tuning/time-discipline.md.
SWITCH_INTERVAL_S = 0.0005


@dataclass(frozen=True)
class Tournament:
    """A tournament's schedule: what every game shares (``match``: a Match without bots;
    its ``random_plies`` None for the game's own), the games per pair (or per table of
    more than two), the openings' seed, the openings (tuples of move names; () for
    random plies), and the SPRT (elo0, elo1, alpha, beta) that stops a two-bot
    tournament once decided, but not before ``sprt_min_games`` games."""
    match: Match
    games: int = 100
    seed: int = 1
    openings: tuple = ()
    sprt: tuple = None
    sprt_min_games: int = 0


def play_game(match, stop=None):
    """The record of one game of the schedule. A backend's task: it runs in a thread of
    the arena or in a Ray worker, so it takes only what pickles (and ``stop``, see
    ``arena.match.play_match``)."""
    record = play_match(load_referee(match.game, match.scale), match, stop=stop)
    record["pair"] = match.pair
    if match.listed:
        record["listed"] = list(match.listed)
    return record


def default_name(command):
    """A short name for a bot command: the script's stem and its options."""
    try:
        words = shlex.split(command)
    except ValueError:
        return command
    if len(words) > 1 and Path(words[0]).name.startswith("python") and not words[1].startswith("-"):
        words = words[1:]
    if not words:
        return command
    return " ".join([Path(words[0]).stem] + words[1:])


def parse_bots(specs, referee):
    """Bots from command lines, each optionally named ``NAME=COMMAND``; checks that
    every command can run (UserError if not) and makes the names unique."""
    bots = []
    used = set()
    for spec in specs:
        match = re.fullmatch(r"([A-Za-z0-9_.+-]+)=(.*\S.*)", spec.strip())
        name, command = match.groups() if match else (default_name(spec), spec)
        bot_command_argv(referee, command)
        unique, count = name, 1
        while unique in used:
            count += 1
            unique = f"{name}#{count}"
        used.add(unique)
        bots.append(Bot(unique, command))
    return bots


def read_openings(path):
    """Openings from a file: one per line (``#`` starts a comment), moves by name."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise UserError(f"cannot read openings file {path}: {error.strerror}") from None
    openings = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            openings.append(tuple(parse_opening(line)))
    if not openings:
        raise UserError(f"openings file {path} lists no opening")
    return openings


def parse_odds(specs, bots, game):
    """Time odds from ``NAME=FACTOR`` texts: {bot name: factor}; UserError if bad."""
    names = [b.name for b in bots]
    odds = {}
    for spec in specs or ():
        name, equals, text = spec.partition("=")
        if not equals:
            raise UserError(f"--odds {spec}: expected NAME=FACTOR, e.g. {names[-1]}=8")
        if name not in names:
            raise UserError(f"--odds {spec}: no bot named {name!r} (bots: {', '.join(names)})")
        try:
            factor = float(text)
        except ValueError:
            raise UserError(f"--odds {spec}: the factor is not a number") from None
        if not (factor > 0 and math.isfinite(factor)):
            raise UserError(f"--odds {spec}: the factor must be a positive number")
        odds[name] = factor
    if not getattr(load_referee(game), "odds", True) and any(f != 1 for f in odds.values()):
        raise UserError(f"--odds is not available for {game}: its AIs are told one time_out")
    return odds


def odds_notices(odds, bots):
    """A line for each bot given time odds whose command does not tell it so: the
    arena only moves its limits, and our bots plan their turns on the arena's clock
    unless given ``--clock FACTOR`` (a bot of another make has its own way, or none)."""
    commands = {bot.name: bot.command for bot in bots}
    return [f"note: {name} may take {factor:g}x the time, but its command has no --clock: "
            f"our bots use their usual time unless given --clock {factor:g} too"
            for name, factor in odds.items() if factor != 1 and "--clock" not in shlex.split(commands[name])]


def schedule(tournament, bots, table=False):
    """The games of a tournament, rounds first so that pairs (tables) progress together:
    every pair of ``bots`` with the seats swapped, or, with ``table``, all the bots at
    one table in every rotation of the seats."""
    t = tournament
    game = t.match.game
    size = len(bots) if table else 2
    specs = []
    listed = tuple(b.name for b in bots)
    for round_ in range(-(-t.games // size)):
        game_seed = random.Random(f"{t.seed}/{round_}").getrandbits(32)
        opening = tuple(t.openings[round_ % len(t.openings)]) if t.openings else ()
        round_key = f"{game}:{t.seed}:{round_}"
        groups = [list(bots)] if table else [list(pair) for pair in combinations(bots, 2)]
        for group in groups:
            for turn in range(size):
                if not table and size * round_ + turn >= t.games:
                    continue
                seats = group[turn:] + group[:turn]
                pair = round_key if table else round_pair_id(round_key, [b.name for b in group])
                key = ":".join([round_key] + [b.name for b in seats])
                specs.append(t.match.seated(seats, seed=game_seed, opening=opening, key=key, pair=pair,
                                             listed=listed))
    return specs


class Progress:
    """Games done, the running score and Elo, and the time left, on stderr: a tqdm bar
    on a terminal; in a log, the same line printed at every tenth of the games."""

    def __init__(self, total, stream=None, enabled=True):
        self.total = total
        self.stream = stream or sys.stderr
        self.enabled = enabled and total > 0
        self.tty = self.stream.isatty()
        self.started = time.monotonic()
        self.resumed = None   # games already done at the first update: not played now
        self.last_tenth = -1
        self.bar = None

    def update(self, done, text):
        if not self.enabled:
            return
        if self.resumed is None:
            self.resumed = done
        if self.tty:
            self._draw(done, text)
        elif done * 10 // self.total > self.last_tenth:
            self.last_tenth = done * 10 // self.total
            line = tqdm.format_meter(done, self.total, time.monotonic() - self.started, ncols=100,
                                     initial=self.resumed, unit="game", postfix=text)
            print(line, file=self.stream, flush=True)

    def _draw(self, done, text):
        if self.bar is None:   # resumed games count as done, not in the rate: tqdm's initial
            self.bar = tqdm(total=self.total, initial=done, file=self.stream, unit="game",
                            dynamic_ncols=True, smoothing=0.1)
        self.bar.set_postfix_str(text, refresh=False)
        self.bar.update(done - self.bar.n)

    def close(self):
        if self.bar is not None:
            self.bar.close()


def running_text(summary, game):
    """The score and Elo so far of a two-bot tournament, the best average rank at a
    table of more, else the leader's points."""
    pairs = summary.pairs_of(game)
    if len(pairs) == 1:
        p = pairs[0]
        e = p.estimate()
        model = " (pairs)" if e.model == PENTANOMIAL else ""
        return (f"{p.a} vs {p.b} +{p.wins} ={p.draws} -{p.losses} "
                f"{score_percent(p.wins, p.draws, p.losses):.1f}% Elo {format_elo(e.elo)} "
                f"[{format_elo(e.elo_low)}, {format_elo(e.elo_high)}]{model}")
    if summary.seats_of(game):
        ranked = [(summary.ranks_in(game, b.name).average, b.name) for b in summary.bots_of(game)]
        average, name = min(ranked)
        return f"leader {name} avg rank {average:.2f}"
    leader = summary.bots_of(game)[:1]
    return f"leader {leader[0].name} {leader[0].points:g} pts" if leader else ""


def sprt_decided(summary, game, sprt_args, min_games=0):
    pairs = summary.pairs_of(game)
    if not sprt_args or len(pairs) != 1 or pairs[0].games < min_games:
        return False
    return pairs[0].sprt(sprt_args).verdict is not None


def seats_table(referee, bots):
    """Whether the bots sit at one table (a game of more than two players, given more
    than two bots); UserError (one line) where the game cannot seat them all."""
    if is_nplayer(referee) and len(bots) > 2:
        check_seats(referee, len(bots))
        return True
    return False


def warn_changed_bots(records, bots, odds=None):
    """Games are matched to the schedule by bot names: say so when a name now stands
    for another command, or plays with other time odds, than in the games already played."""
    commands = {b.name: b.command for b in bots}
    odds = odds or {}
    changed, other_odds = set(), set()
    for record in records:
        for name, command in zip(record["bots"], record.get("commands") or ()):
            if commands.get(name, command) != command:
                changed.add(name)
        for name, factor in zip(record["bots"], record.get("odds") or [1.0] * len(record["bots"])):
            if name in commands and odds.get(name, 1.0) != factor:
                other_odds.add(name)
    for name in sorted(changed):
        print(f"warning: bot {name!r} had another command in the games already played; "
              "they still count (give the new command another name to start afresh)", file=sys.stderr)
    for name in sorted(other_odds):
        print(f"warning: bot {name!r} had other time odds in the games already played; "
              "they still count (give the bot another name to start afresh)", file=sys.stderr)


def run_tournament(tournament, bots, results=None, backend=None, jobs=None, progress=True, on_record=None):
    """Plays the games of ``tournament``'s schedule between ``bots`` missing from
    ``results`` (a JSON-lines path, or None to keep nothing) on ``backend`` (default:
    this machine, ``jobs`` at a time); returns the Summary of the schedule.

    ``on_record`` is called with each record as it is saved. Ctrl-C kills the games in
    progress (not recorded) and raises Interrupted."""
    if len(bots) < 2:
        raise UserError("a tournament needs at least two bots")
    if tournament.games < 1:
        raise UserError("the number of games must be at least 1")
    game = tournament.match.game
    referee = load_referee(game, tournament.match.scale)
    table = seats_table(referee, bots)
    for opening in tournament.openings or ():
        for text in opening:
            try:
                referee.game.parse_move(text)
            except ValueError:
                raise UserError(f"opening {join_moves(opening)!r}: {text!r} is not a move") from None
    specs = schedule(tournament, bots, table)
    keys = {spec.key for spec in specs}
    order = [b.name for b in bots]
    writer = ResultsWriter(results) if results else None
    done = [r for r in read_results(results) if r["key"] in keys] if results else []
    summary = summarize(done, order)
    if not summary.games:
        summary.games.append(game)
    recorded = {r["key"] for r in done}
    odds = tournament.match.odds
    warn_changed_bots(done, bots, odds)
    warn_other_clocks(done, tournament.match.clock)
    todo = [spec for spec in specs if spec.key not in recorded]
    bar = Progress(len(specs), enabled=progress)
    bar.update(len(done), running_text(summary, game))
    sprt_args, sprt_min_games = tournament.sprt, tournament.sprt_min_games

    def record(finished):
        for result in finished:
            if result["key"] in recorded:
                continue  # a game its backend played twice counts once
            recorded.add(result["key"])
            if writer:
                writer.append(result)
            summary.add(result)
            if on_record:
                on_record(result)
        bar.update(summary.count, running_text(summary, game))

    own = backend is None
    backend = backend or LocalBackend(jobs)
    switch_interval = sys.getswitchinterval()
    sys.setswitchinterval(min(switch_interval, SWITCH_INTERVAL_S))
    try:
        play_schedule(backend, todo, record, lambda: sprt_decided(summary, game, sprt_args, sprt_min_games))
    except (KeyboardInterrupt, Interrupted):
        backend.abort()
        raise Interrupted() from None
    except BaseException:
        backend.abort()
        raise
    finally:
        sys.setswitchinterval(switch_interval)
        bar.close()
        if own:
            backend.close()
    return summary


def play_schedule(backend, todo, record, decided):
    """Plays the games of ``todo`` on ``backend``, as many at once as it takes; hands
    the records of the games finished to ``record`` every half second (an iterable,
    perhaps empty: the progress bar's clock); starts no game once ``decided()``."""
    pending = list(reversed(todo))
    running = set()
    while pending or running:
        while pending and len(running) < backend.capacity() and not decided():
            running.add(backend.submit(play_game, pending.pop()))
        if not running:
            break
        finished, running = backend.wait(running, timeout=0.5)
        # a generator: each game is recorded before the next result may raise
        record(backend.result(handle) for handle in finished)
