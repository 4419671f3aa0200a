"""A league: many bots, one rating, games played where they tell the most; and a gate
that promotes or rejects a candidate against a pool (arena/README.md, "League").

The rating is Bradley-Terry, fitted over every game of the league's results file: bot
``i`` scores against bot ``j`` with probability ``1 / (1 + exp(r_j - r_i))`` (a draw is
half a win), maximised by Newton's method with a wide Gaussian prior on each rating
(``PRIOR_ELO``, so that a bot that won every game still gets a finite rating). The
intervals come from the inverse of the curvature at the maximum, the ratings measured
from their mean. Ratings print in Elo: ``r * 400 / ln 10``.

Each round is two games between one pair of bots on one opening, seats swapped. The
pair is the one whose order is least certain, weighed by how much a game between them
would tell: ``P(wrong order) * V**2 * I / (1 + V * I)``, with ``P(wrong order) =
Phi(-|r_i - r_j| / sqrt(V))``, ``V`` the variance of ``r_i - r_j`` and ``I = p (1 - p)``
the information of one game between them; the second factor is what one game takes
from ``V`` (the Gaussian update). Without it two bots of equal strength would take every
round, their order being a coin toss however often they meet; with it their claim falls
as 1/games**2. Fewest games between them first on a tie.

A round's games have keys ``GAME:league:ROUND:SEAT0:SEAT1``: a rerun first finishes a
round cut in half, then goes on from the next round, so that every game is played once,
however the run ended. Bots may be added or left out between runs; the
games of those left out (retired) still count in everyone's rating.
"""

import math
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from arena.clock import warn_other_clocks
from arena.errors import UserError
from arena.games import default_random_plies
from arena.match import FAULTS
from arena.report import round_pair_id, table
from arena.results import ResultsWriter, read_results
from arena.stats import Z95, sprt
from arena.tournament import GameSpec, play_game, warn_changed_bots

ELO_PER_UNIT = 400 / math.log(10)
PRIOR_ELO = 1000.0     # the prior's standard deviation, in Elo: wide, it only keeps ratings finite
NEWTON_STEPS = 100


@dataclass(frozen=True)
class Rating:
    name: str
    elo: float
    low: float
    high: float
    games: int
    points: float
    faults: int
    active: bool


def fit(names, games):
    """(ratings in natural units, their covariance) of ``names`` from ``games``: (i, j,
    score of i) with indices into ``names``. Ratings are measured from their mean."""
    n = len(names)
    ratings = np.zeros(n)
    precision = 1 / (PRIOR_ELO / ELO_PER_UNIT) ** 2
    if games:
        i, j, s = (np.array(column) for column in zip(*games))
        s = s.astype(float)
    for _ in range(NEWTON_STEPS):
        gradient = -precision * ratings
        hessian = -precision * np.eye(n)
        if games:
            p = 1 / (1 + np.exp(ratings[j] - ratings[i]))
            np.add.at(gradient, i, s - p)
            np.add.at(gradient, j, p - s)
            w = p * (1 - p)
            np.add.at(hessian, (i, i), -w)
            np.add.at(hessian, (j, j), -w)
            np.add.at(hessian, (i, j), w)
            np.add.at(hessian, (j, i), w)
        step = np.linalg.solve(hessian, gradient)
        ratings = ratings - step
        if np.max(np.abs(step)) < 1e-10:
            break
    centre = np.eye(n) - 1 / n
    covariance = centre @ np.linalg.inv(-hessian) @ centre.T
    return centre @ ratings, covariance


def order_doubt(ratings, covariance, a, b):
    """How much a game between bots ``a`` and ``b`` (indices) can tell about their order:
    the probability that it is wrong, times the variance of their difference that one
    game would take away (see the module's notes)."""
    variance = covariance[a, a] + covariance[b, b] - 2 * covariance[a, b]
    if variance <= 0:
        return 0.0
    difference = ratings[a] - ratings[b]
    wrong = 0.5 * math.erfc(abs(difference) / math.sqrt(2 * variance))
    information = 1 / (2 + math.exp(difference) + math.exp(-difference))  # p (1 - p) of one game
    return wrong * variance ** 2 * information / (1 + variance * information)


def league_records(records, game):
    prefix = f"{game}:league:"
    return [r for r in records if str(r.get("key", "")).startswith(prefix)]


def round_of(record):
    return int(record["key"].split(":")[2])


def names_in(records, bots):
    """Every bot's name: the active ones in their order, then those of the records."""
    names = [b.name for b in bots]
    for record in records:
        names += [n for n in record["bots"] if n not in names]
    return names


def fitted(records, names):
    """(ratings, covariance, index of each name) of ``names`` over ``records``."""
    index = {name: k for k, name in enumerate(names)}
    games = [(index[r["bots"][0]], index[r["bots"][1]], r["score"][0]) for r in records]
    values, covariance = fit(names, games)
    return values, covariance, index


def ratings(records, bots):
    """The leaderboard: a Rating per bot, best first; a bot without a game yet comes last,
    unrated (NaN), and does not take part in the fit (it would move the mean)."""
    played, points, faults = Counter(), Counter(), Counter()
    for record in records:
        for seat, name in enumerate(record["bots"]):
            played[name] += 1
            points[name] += record["score"][seat]
        if record.get("loser") is not None and record["reason"] in FAULTS:
            faults[record["bots"][record["loser"]]] += 1
    names = [name for name in names_in(records, bots) if played[name]]
    values, covariance, index = fitted(records, names)
    active = {b.name for b in bots}
    board = []
    for name in names_in(records, bots):
        if name in index:
            k = index[name]
            half = Z95 * math.sqrt(max(covariance[k, k], 0.0))
            elo, low, high = (ELO_PER_UNIT * x for x in (values[k], values[k] - half, values[k] + half))
        else:
            elo = low = high = math.nan
        board.append(Rating(name, elo, low, high, played[name], points[name], faults[name], name in active))
    return sorted(board, key=lambda r: (not r.games, -r.elo if r.games else 0))


def next_pair(records, bots):
    """The two active bots whose order is least certain (fewest games between them on a tie)."""
    values, covariance, index = fitted(records, names_in(records, bots))
    met = Counter(frozenset(r["bots"]) for r in records)
    best = None
    for x in range(len(bots)):
        for y in range(x + 1, len(bots)):
            a, b = bots[x], bots[y]
            doubt = order_doubt(values, covariance, index[a.name], index[b.name])
            rank = (-round(doubt, 9), met[frozenset((a.name, b.name))], x, y)
            if best is None or rank < best[0]:
                best = (rank, (a, b))
    return best[1]


def round_specs(game, number, a, b, seed, random_plies):
    """The two games of round ``number`` between bots ``a`` and ``b``, seats swapped."""
    game_seed = random.Random(f"league/{seed}/{number}").getrandbits(32)
    pair = round_pair_id(f"{game}:league:{number}", [a.name, b.name])
    return [GameSpec(f"{game}:league:{number}:{x.name}:{y.name}", number, (x, y), game_seed, (), random_plies, pair)
            for x, y in ((a, b), (b, a))]


def unfinished_rounds(records, bots, game):
    """The missing game of each round cut in half whose bots are both still active, on
    the opening its first game had."""
    by_name = {b.name: b for b in bots}
    rounds = Counter(round_of(r) for r in records)
    specs = []
    for record in records:
        names = record["bots"]
        if rounds[round_of(record)] == 1 and all(n in by_name for n in names):
            other = GameSpec(f"{game}:league:{round_of(record)}:{names[1]}:{names[0]}", round_of(record),
                             (by_name[names[1]], by_name[names[0]]), record["seed"], tuple(record["opening"]),
                             0, record.get("pair", ""))
            specs.append(other)
    return specs


def say(text):
    print(text, file=sys.stderr, flush=True)


def duration_text(seconds):
    if seconds < 90:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.0f} min" if seconds < 5400 else f"{seconds / 3600:.1f} h"


class Countdown:
    """The games done of the total, and the time left at the pace of the games played in
    this run (those already in the file took none of it): "12/100, about 3 min left".
    ``at_most``: the total is a cap that the run may stop before (the gate's)."""

    def __init__(self, total, done, at_most=False, clock=time.monotonic):
        self.total, self.first, self.at_most, self.clock = total, done, at_most, clock
        self.started = clock()

    def __call__(self, done):
        text = f"{done}/{'at most ' if self.at_most else ''}{self.total}"
        played, left = done - self.first, self.total - done
        if played > 0 and left > 0:
            seconds = (self.clock() - self.started) / played * left
            text += f", about {duration_text(seconds)} left{' at most' if self.at_most else ''}"
        return text


def game_line(countdown, done, record):
    names = record["bots"]
    return (f"{countdown(done)}: {names[0]} vs {names[1]}: "
            f"{record['score'][0]:g}-{record['score'][1]:g} ({record['reason']})")


def run_league(game, bots, total, results, conditions, seed=1, random_plies=None, progress=True):
    """Plays rounds until the league's file holds ``total`` games (or the round that
    passes it); returns the league's records."""
    if len(bots) < 2:
        raise UserError("a league needs at least two bots")
    if random_plies is None:
        random_plies = default_random_plies(game)
    writer = ResultsWriter(results)
    records = league_records(read_results(results), game)
    warn_changed_bots(records, bots)
    warn_other_clocks(records, conditions.clock)
    countdown = Countdown(total, len(records))

    def play(spec):
        record = play_game(spec, conditions)
        writer.append(record)
        records.append(record)
        if progress:
            say(game_line(countdown, len(records), record))

    for spec in unfinished_rounds(records, bots, game):
        play(spec)
    number = max((round_of(r) for r in records), default=-1) + 1
    while len(records) < total:
        a, b = next_pair(records, bots)
        for spec in round_specs(game, number, a, b, seed, random_plies):
            play(spec)
        number += 1
    return records


def signed(elo):
    """An Elo figure rounded and signed, but 0 unsigned (never "-0")."""
    text = f"{elo:+.0f}"
    return "0" if text in ("+0", "-0") else text


def board_rows(board, interval):
    """The leaderboard's cells: rank, name, Elo, the interval as ``interval`` spells
    it, games, score, faults ("-" where a bot has no game yet)."""
    rows = []
    for k, r in enumerate(board):
        rated = [signed(r.elo), interval.format(signed(r.low), signed(r.high)),
                 f"{100 * r.points / r.games:.1f}%"] if r.games else ["-", "-", "-"]
        rows.append([str(k + 1), r.name + ("" if r.active else " (retired)"), *rated[:2], str(r.games),
                     rated[2], str(r.faults)])
    return rows


def leaderboard_markdown(board):
    rows = board_rows(board, "[{}, {}]")
    header = ["#", "bot", "Elo", "95% interval", "games", "score", "faults"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def leaderboard_text(board):
    return table(board_rows(board, "{}..{}"), ["#", "bot", "Elo", "95%", "games", "score", "faults"])


def plot_leaderboard(board, path, title):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UserError("the plot needs matplotlib (pip install matplotlib)") from None
    shown = [r for r in reversed(board) if r.games]
    figure, axes = plt.subplots(figsize=(7, 0.45 * len(shown) + 1.2))
    y = range(len(shown))
    axes.errorbar([r.elo for r in shown], y, xerr=[[r.elo - r.low for r in shown], [r.high - r.elo for r in shown]],
                  fmt="o", capsize=4)
    axes.set_yticks(list(y), [r.name + ("" if r.active else " (retired)") for r in shown])
    axes.axvline(0, color="#999", linewidth=0.8)
    axes.set_xlabel("Elo (Bradley-Terry, mean 0), 95% interval")
    axes.set_title(title)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


# -- the gate --------------------------------------------------------------------------
def gate_records(records, game, candidate):
    prefix = f"{game}:gate:{candidate}:"
    return [r for r in records if str(r.get("key", "")).startswith(prefix)]


def pentanomial(records, candidate):
    """(LL, LD, WL+DD, WD, WW) of the candidate's complete rounds."""
    rounds = {}
    for record in records:
        rounds.setdefault(record["pair"], []).append(record["score"][record["bots"].index(candidate)])
    counts = [0] * 5
    for points in rounds.values():
        if len(points) == 2:
            counts[round(2 * sum(points))] += 1
    return tuple(counts)


def run_gate(game, candidate, pool, results, conditions, sprt_args, max_games, seed=1, random_plies=None,
             progress=True):
    """Rounds of the candidate against each bot of the pool in turn until the SPRT over
    all of them decides or ``max_games`` are played; returns (verdict, Sprt, counts)."""
    if random_plies is None:
        random_plies = default_random_plies(game)
    writer = ResultsWriter(results)
    records = gate_records(read_results(results), game, candidate.name)
    warn_changed_bots(records, [candidate, *pool])
    warn_other_clocks(records, conditions.clock)
    countdown = Countdown(max_games, len(records), at_most=True)
    number = 0
    while True:
        counts = pentanomial(records, candidate.name)
        test = sprt(counts, *sprt_args)
        if test.verdict or 2 * sum(counts) >= max_games:
            return ("promote" if test.verdict == "H1" else "reject"), test, counts
        opponent = pool[number % len(pool)]
        game_seed = random.Random(f"gate/{seed}/{number}").getrandbits(32)
        pair = f"{game}:gate:{candidate.name}:{number}"
        for seats in ((candidate, opponent), (opponent, candidate)):
            key = f"{pair}:{seats[0].name}:{seats[1].name}"
            if any(r["key"] == key for r in records):
                continue
            record = play_game(GameSpec(key, number, seats, game_seed, (), random_plies, pair), conditions)
            writer.append(record)
            records.append(record)
            if progress:
                say(game_line(countdown, len(records), record))
        number += 1


def verdict_line(verdict, test, counts, candidate, pool, sprt_args):
    elo0, elo1 = sprt_args[:2]
    score = sum(k / 4 * c for k, c in enumerate(counts)) / max(sum(counts), 1)
    why = ("H1 accepted" if test.verdict == "H1" else "H0 accepted" if test.verdict == "H0"
           else "no decision within the games allowed")
    return (f"{verdict} {candidate.name}: {why} (Elo {elo0:g} against {elo1:g}), LLR {test.llr:.2f} in "
            f"({test.lower:.2f}, {test.upper:.2f}) after {2 * sum(counts)} games against "
            f"{', '.join(b.name for b in pool)}, score {100 * score:.1f}%")


def default_results(game, kind):
    return str(Path("results") / f"{kind}-{game}.jsonl")

