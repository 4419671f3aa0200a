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

A game of more than two players (its referee's ``players``) given more than two bots
seats as many of them as a table holds, those with the fewest games first, and plays
each rotation of the seats on one opening (keys ``GAME:league:ROUND:SEAT0:SEAT1:...``).
Its rating is Weng-Lin's Bayesian approximation with the Plackett-Luce model (the
``openskill`` package, as CG Arena rates CodinGame's multi-player games): each game's
ranking, ties shared, updates each bot's mean ``mu`` and deviation ``sigma``, game after
game in the file's order; the leaderboard shows ``mu`` with ``mu +- 1.96 sigma``.
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
from arena.games import load_referee
from arena.match import FAULTS, check_seats, fault_of, is_nplayer, ranks_of, seats_of
from arena.report import round_pair_id, table
from arena.results import ResultsWriter, read_results
from arena.stats import Z95, sprt
from arena.tournament import play_game, warn_changed_bots

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
    unit: str = "Elo"    # what elo, low and high measure: Elo (Bradley-Terry) or mu (Plackett-Luce)


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


def ranked(records):
    """Whether the league rates its games by their ranking (Plackett-Luce): those of a
    game of more than two players."""
    return any(len(record["bots"]) > 2 for record in records)


def rating_model(records):
    return "Plackett-Luce, Weng-Lin" if ranked(records) else "Bradley-Terry, Elo from the mean"


def plackett_luce(records, names):
    """{name: (mu, sigma)} after rating ``records`` in order with openskill's Plackett-Luce."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise UserError("rating a game of more than two players needs openskill (pip install openskill)") from None
    model = PlackettLuce()
    current = {name: model.rating(name=name) for name in names}
    for record in records:
        teams = model.rate([[current[name]] for name in record["bots"]], ranks=ranks_of(record))
        for name, team in zip(record["bots"], teams):
            current[name] = team[0]
    return {name: (rating.mu, rating.sigma) for name, rating in current.items()}


def intervals(records, names):
    """{name: (rating, low, high, unit)} of the bots of ``names`` over ``records``."""
    if ranked(records):
        return {name: (mu, mu - Z95 * sigma, mu + Z95 * sigma, "mu")
                for name, (mu, sigma) in plackett_luce(records, names).items()}
    values, covariance, index = fitted(records, names)
    found = {}
    for name, k in index.items():
        half = Z95 * math.sqrt(max(covariance[k, k], 0.0))
        found[name] = (*(ELO_PER_UNIT * x for x in (values[k], values[k] - half, values[k] + half)), "Elo")
    return found


def ratings(records, bots):
    """The leaderboard: a Rating per bot, best first; a bot without a game yet comes last,
    unrated (NaN), and does not take part in the fit (it would move the mean)."""
    played, points, faults = Counter(), Counter(), Counter()
    for record in records:
        for seat, name in enumerate(record["bots"]):
            played[name] += 1
            points[name] += record["score"][seat]
            faults[name] += fault_of(record, seat) in FAULTS
    rated = intervals(records, [name for name in names_in(records, bots) if played[name]])
    active = {b.name for b in bots}
    unit = "mu" if ranked(records) else "Elo"
    board = []
    for name in names_in(records, bots):
        elo, low, high, unit = rated.get(name, (math.nan, math.nan, math.nan, unit))
        board.append(Rating(name, elo, low, high, played[name], points[name], faults[name], name in active, unit))
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


def next_table(records, bots, size):
    """The ``size`` active bots with the fewest games (in the order given on a tie)."""
    played = Counter(name for record in records for name in record["bots"])
    return sorted(bots, key=lambda b: (played[b.name], bots.index(b)))[:size]


def rotations(group):
    return [group[k:] + group[:k] for k in range(len(group))]


def round_specs(match, number, group, seed):
    """The games of round ``number`` between the bots of ``group``, one per rotation of
    the seats (two bots: seats swapped)."""
    game = match.game
    game_seed = random.Random(f"league/{seed}/{number}").getrandbits(32)
    round_key = f"{game}:league:{number}"
    pair = round_pair_id(round_key, [b.name for b in group]) if len(group) == 2 else round_key
    return [match.seated(seats, seed=game_seed, key=":".join([round_key] + [b.name for b in seats]), pair=pair)
            for seats in rotations(list(group))]


def unfinished_rounds(records, bots, match):
    """The missing games of each round cut short whose bots are all still active, on
    the opening its first game had."""
    by_name = {b.name: b for b in bots}
    keys = {record["key"] for record in records}
    specs, seen = [], set()
    for record in records:
        names = record["bots"]
        if round_of(record) in seen or not all(n in by_name for n in names):
            continue
        seen.add(round_of(record))
        game = match.game
        for seats in rotations(names):
            key = ":".join([f"{game}:league:{round_of(record)}"] + seats)
            if key not in keys:
                specs.append(match.seated([by_name[n] for n in seats], seed=record["seed"], key=key,
                                          opening=tuple(record["opening"]), random_plies=0,
                                          pair=record.get("pair", "")))
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


def table_size(referee, bots):
    """How many bots a round seats: two, or, in a game of more than two players given
    more than two bots, as many as a table holds (UserError if the game seats neither)."""
    if is_nplayer(referee) and len(bots) > 2:
        return min(len(bots), max(seats_of(referee)))
    check_seats(referee, 2)
    return 2


def game_line(countdown, done, record):
    """A game's line in the league's log: the games done of the total, its bots and
    points, seat by seat."""
    names = " vs ".join(record["bots"])
    points = "-".join(f"{round(p, 2):g}" for p in record["score"])
    return f"{countdown(done)}: {names}: {points} ({record['reason']})"


def run_league(match, bots, total, results, seed=1, progress=True):
    """Plays rounds until the league's file holds ``total`` games (or the round that
    passes it) under ``match`` (a Match without bots); returns the league's records."""
    if len(bots) < 2:
        raise UserError("a league needs at least two bots")
    referee = load_referee(match.game, match.scale)
    size = table_size(referee, bots)
    writer = ResultsWriter(results)
    records = league_records(read_results(results), match.game)
    warn_changed_bots(records, bots)
    warn_other_clocks(records, match.clock)
    countdown = Countdown(total, len(records))

    def play(spec):
        record = play_game(spec)
        writer.append(record)
        records.append(record)
        if progress:
            say(game_line(countdown, len(records), record))

    for spec in unfinished_rounds(records, bots, match):
        play(spec)
    number = max((round_of(r) for r in records), default=-1) + 1
    while len(records) < total:
        group = next_pair(records, bots) if size == 2 else next_table(records, bots, size)
        for spec in round_specs(match, number, group, seed):
            play(spec)
        number += 1
    return records


def signed(elo):
    """An Elo figure rounded and signed, but 0 unsigned (never "-0")."""
    text = f"{elo:+.0f}"
    return "0" if text in ("+0", "-0") else text


def board_rows(board, interval):
    """The leaderboard's cells: rank, name, Elo (or mu), the interval as ``interval``
    spells it, games, score, faults ("-" where a bot has no game yet)."""
    rows = []
    for k, r in enumerate(board):
        rating = signed(r.elo) if r.unit == "Elo" else f"{r.elo:.1f}"
        low, high = (signed(r.low), signed(r.high)) if r.unit == "Elo" else (f"{r.low:.1f}", f"{r.high:.1f}")
        rated = [rating, interval.format(low, high), f"{100 * r.points / r.games:.1f}%"] \
            if r.games else ["-", "-", "-"]
        rows.append([str(k + 1), r.name + ("" if r.active else " (retired)"), *rated[:2], str(r.games),
                     rated[2], str(r.faults)])
    return rows


def unit_of(board):
    return board[0].unit if board else "Elo"


def leaderboard_markdown(board):
    rows = board_rows(board, "[{}, {}]")
    header = ["#", "bot", unit_of(board), "95% interval", "games", "score", "faults"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def leaderboard_text(board):
    return table(board_rows(board, "{}..{}"), ["#", "bot", unit_of(board), "95%", "games", "score", "faults"])


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
    axes.set_xlabel("Elo (Bradley-Terry, mean 0), 95% interval" if unit_of(board) == "Elo"
                    else "mu (Plackett-Luce, Weng-Lin), 95% interval")
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


def run_gate(match, candidate, pool, results, sprt_args, max_games, seed=1, progress=True):
    """Rounds of the candidate against each bot of the pool in turn until the SPRT over
    all of them decides or ``max_games`` are played, under ``match`` (a Match without
    bots); returns (verdict, Sprt, counts). Games of two only (UserError otherwise)."""
    game = match.game
    referee = load_referee(game, match.scale)
    if 2 not in seats_of(referee):
        raise UserError(f"the gate plays games of two players, and {game} seats "
                        f"{', '.join(map(str, seats_of(referee)))}")
    writer = ResultsWriter(results)
    records = gate_records(read_results(results), game, candidate.name)
    warn_changed_bots(records, [candidate, *pool])
    warn_other_clocks(records, match.clock)
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
            record = play_game(match.seated(seats, seed=game_seed, key=key, pair=pair))
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

