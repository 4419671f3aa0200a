"""Summaries of finished games: tables, a JSON summary, and a plot of the score as games
accumulate.

Each pair of bots is measured under the pentanomial model when its games come in
seat-swapped pairs (the two games of a tournament's round: same opening, seats swapped),
else under the trinomial one (arena.stats). A record names its pair in ``pair``; records
written before that field existed are paired by their tournament key
(``game:seed:round:seat0:seat1``).
"""

import math
import re
from dataclasses import dataclass, field

from arena.errors import UserError
from arena.match import FAULTS, fault_of, first_places, ranks_of
from arena.stats import PENTANOMIAL, estimate, format_elo, score, score_interval, score_percent, sprt, trinomial

FAULT_LABELS = {"timeout": "timeout", "illegal": "illegal", "bad_output": "badout",
                "crash": "crash", "exit": "exit", "memory": "memory"}
PENTANOMIAL_NAMES = ("LL", "LD", "DD+WL", "WD", "WW")
# The referee's mean overhead a turn (ms) from which a summary warns that the machine was
# overloaded: healthy runs measure 0.2-0.7 ms, an overloaded one measured 112 ms
# (docs/tuning/onitama-constants.md, "Time odds on a lent 16-core machine").
OVERLOADED_MS = 5.0


def pair_id(record):
    """The id shared by the two games of a seat-swapped pair, or None (a lone game)."""
    if record.get("pair"):
        return record["pair"]
    names = record["bots"]
    prefix, seats = str(record.get("key") or ""), f":{names[0]}:{names[1]}"
    if prefix.endswith(seats) and re.fullmatch(r"[^:]+:-?\d+:\d+", prefix[:-len(seats)]):
        return round_pair_id(prefix[:-len(seats)], names)
    return None


def round_pair_id(round_key, names):
    """A pair's id: its round (``game:seed:round``) and its two bots in sorted order."""
    return ":".join([round_key] + sorted(names))


@dataclass
class Pair:
    """Results of bot ``a`` against bot ``b``, from ``a``'s side."""
    a: str
    b: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    history: list = field(default_factory=list)  # a's points, game after game
    rounds: dict = field(default_factory=dict)   # pair id -> a's points in its games
    losses_by: dict = field(default_factory=dict)  # loser -> {reason: games}

    @property
    def games(self):
        return self.wins + self.draws + self.losses

    def add(self, points, round_id=None):
        if points == 1:
            self.wins += 1
        elif points == 0:
            self.losses += 1
        else:
            self.draws += 1
        self.history.append(points)
        if round_id is not None:
            self.rounds.setdefault(round_id, []).append(points)

    def add_loss(self, loser, reason):
        reasons = self.losses_by.setdefault(loser, {})
        reasons[reason] = reasons.get(reason, 0) + 1

    def pentanomial(self):
        """(LL, LD, WL+DD, WD, WW) of a's complete pairs."""
        counts = [0] * 5
        for points in self.rounds.values():
            if len(points) == 2:
                counts[round(2 * sum(points))] += 1
        return tuple(counts)

    def counts(self):
        """The counts to measure: the pentanomial when complete pairs hold at least half
        of the games (the others are left out), else the trinomial of every game."""
        pairs = self.pentanomial()
        if sum(pairs) and 4 * sum(pairs) >= self.games:
            return pairs
        return trinomial(self.wins, self.draws, self.losses)

    def estimate(self):
        return estimate(self.counts())

    def sprt(self, sprt_args):
        return sprt(self.counts(), *sprt_args)


@dataclass
class BotStats:
    name: str
    games: int = 0
    points: float = 0.0
    faults: dict = field(default_factory=lambda: dict.fromkeys(FAULTS, 0))
    time_sum: float = 0.0
    turns: int = 0
    time_max: float = 0.0


@dataclass
class Ranks:
    """Games at a table of more than two: their count, the sum of the ranks (1 = first;
    see ``arena.match.ranking``), the first places (a shared one split) and the faults."""
    games: int = 0
    rank_sum: float = 0.0
    firsts: float = 0.0
    faults: int = 0

    def add(self, rank, first, fault):
        self.games += 1
        self.rank_sum += rank
        self.firsts += first
        self.faults += fault is not None

    @property
    def average(self):
        return self.rank_sum / self.games if self.games else math.nan


class Summary:
    """W/D/L per pair and faults and times per bot, per game, from records; for games at
    a table of more than two, the ranks per bot and per seat."""

    def __init__(self, order=()):
        self.order = list(order)      # bot names in the order the user gave them
        self.pairs = {}               # (game, a, b) -> Pair
        self.bots = {}                # (game, name) -> BotStats
        self.games = []               # game names in order of appearance
        self.endings = {}             # game -> {reason: games}
        self.overheads = {}           # game -> [sum of the games' mean overheads (ms a turn), games]
        self.clocks = {}              # game -> {clock rehearsed (arena/clock.py) as text: games}
        self.ranks = {}               # (game, name, seat) -> Ranks, of games of more than two
        self.count = 0

    def _rank(self, name):
        return (self.order.index(name), name) if name in self.order else (len(self.order), name)

    def pair(self, game, a, b):
        """The Pair of a and b, oriented as the user listed them."""
        if self._rank(a) > self._rank(b):
            a, b = b, a
        key = (game, a, b)
        if key not in self.pairs:
            self.pairs[key] = Pair(a, b)
        return self.pairs[key]

    def bot(self, game, name):
        if (game, name) not in self.bots:
            self.bots[(game, name)] = BotStats(name)
        return self.bots[(game, name)]

    def add(self, record):
        game = record["game"]
        if game not in self.games:
            self.games.append(game)
        self.count += 1
        endings = self.endings.setdefault(game, {})
        endings[record["reason"]] = endings.get(record["reason"], 0) + 1
        if record.get("clock"):
            clocks = self.clocks.setdefault(game, {})
            clocks[clock_text(record["clock"])] = clocks.get(clock_text(record["clock"]), 0) + 1
        if record.get("overhead_ms") is not None:
            overhead = self.overheads.setdefault(game, [0.0, 0])
            overhead[0] += record["overhead_ms"]
            overhead[1] += 1
        names, points = record["bots"], record["score"]
        if len(names) == 2:
            pair = self.pair(game, *names)
            pair.add(points[names.index(pair.a)] if names[0] != names[1] else points[0], pair_id(record))
            if points[0] != points[1]:
                pair.add_loss(names[points.index(0)], record["reason"])
        else:
            self._add_ranks(game, record)
        for seat, name in enumerate(names):
            stats = self.bot(game, name)
            stats.games += 1
            stats.points += points[seat]
            turns = (record.get("turns") or [0, 0])[seat]
            stats.turns += turns
            stats.time_sum += (record.get("time_avg_ms") or [0, 0])[seat] * turns
            stats.time_max = max(stats.time_max, (record.get("time_max_ms") or [0, 0])[seat] or 0)
        for seat, name in enumerate(names):
            fault = fault_of(record, seat)
            if fault in FAULTS:
                self.bot(game, name).faults[fault] += 1
        return self

    def _add_ranks(self, game, record):
        firsts = first_places(record)
        for seat, (name, rank) in enumerate(zip(record["bots"], ranks_of(record))):
            key = (game, name, seat)
            self.ranks.setdefault(key, Ranks()).add(rank, firsts[seat], fault_of(record, seat))

    def ranks_in(self, game, name=None, seat=None):
        """The Ranks of games of more than two in ``game``, of bot ``name`` (every bot if
        None) in ``seat`` (every seat if None)."""
        total = Ranks()
        for (g, n, s), ranks in self.ranks.items():
            if g == game and name in (None, n) and seat in (None, s):
                total.games += ranks.games
                total.rank_sum += ranks.rank_sum
                total.firsts += ranks.firsts
                total.faults += ranks.faults
        return total

    def seats_of(self, game):
        """The seats of the games of more than two in ``game``, in order."""
        return sorted({s for (g, _, s) in self.ranks if g == game})

    def overhead(self, game=None):
        """The referee's overhead in ms a turn, the mean over the games of ``game`` (of
        every game if None) that measured it; None if none did."""
        kept = [value for name, value in self.overheads.items() if game in (None, name)]
        games = sum(count for _, count in kept)
        return sum(total for total, _ in kept) / games if games else None

    def overloaded(self, game):
        """Whether the referee's overhead in ``game`` says that the machine was overloaded."""
        overhead = self.overhead(game)
        return overhead is not None and overhead >= OVERLOADED_MS

    def pairs_of(self, game):
        return [p for (g, _, _), p in self.pairs.items() if g == game]

    def bots_of(self, game):
        found = [s for (g, _), s in self.bots.items() if g == game]
        return sorted(found, key=lambda s: (-s.points / max(1, s.games), self._rank(s.name)))

    def games_of(self, game):
        """The games played of ``game``: those of its pairs and its tables."""
        at_tables = sum(r.games for (g, _, s), r in self.ranks.items() if g == game and s == 0)
        return sum(p.games for p in self.pairs_of(game)) + at_tables


def clock_text(clock):
    """A record's rehearsed clock (its ``clock``, arena/clock.py) as the options that set it."""
    parts = []
    if clock.get("jitter"):
        parts.append("--jitter " + ",".join(f"{rate:g}:{ms:g}" for rate, ms in clock["jitter"]))
    if clock.get("slow", 1.0) != 1.0:
        parts.append(f"--slow {clock['slow']:g}")
    if clock.get("soft"):
        parts.append("--soft-timeout")
    return " ".join(parts)


def listed_order(records):
    """The bots' names in the order their tournament listed them (a record's ``listed``),
    then those of records without it in order of appearance: a report shows each pair
    as its tournament did."""
    order = {}
    for record in records:
        order.update(dict.fromkeys(record.get("listed") or ()))
    for record in records:
        order.update(dict.fromkeys(name for name in record["bots"] if name not in order))
    return list(order)


def summarize(records, order=()):
    summary = Summary(order)
    for record in records:
        summary.add(record)
    return summary


def model_line(pair, e):
    """Which model measured the pair, over which games."""
    if e.model != PENTANOMIAL:
        return "trinomial: the games are not in seat-swapped pairs"
    pairs = sum(e.counts)
    counts = ", ".join(f"{name} {count}" for name, count in zip(PENTANOMIAL_NAMES, e.counts))
    left = pair.games - e.games
    return (f"pentanomial over {pairs} seat-swapped pairs ({counts})"
            + (f"; {left} unpaired game(s) left out" if left else ""))


def pair_line(pair, sprt_args=None):
    w, d, l = pair.wins, pair.draws, pair.losses
    e = pair.estimate()
    text = (f"{pair.a} vs {pair.b}: {pair.games} games  +{w} ={d} -{l}  "
            f"score {score_percent(w, d, l):.1f}%  Elo {format_elo(e.elo)} "
            f"[{format_elo(e.elo_low)}, {format_elo(e.elo_high)}]  nElo {format_elo(e.nelo)} "
            f"[{format_elo(e.nelo_low)}, {format_elo(e.nelo_high)}]\n    {model_line(pair, e)}")
    if sprt_args:
        elo0, elo1, alpha, beta = sprt_args
        text += (f"\n    SPRT elo0={elo0:g} elo1={elo1:g} alpha={alpha:g} beta={beta:g} ({e.model}): "
                 + pair.sprt(sprt_args).describe(elo0, elo1))
    return text


def table(rows, header):
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    lines = []
    for row in [header] + rows:
        cells = [str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    return lines


def bot_table(stats_list):
    header = ["bot", "games", "points", "score"] + [FAULT_LABELS[f] for f in FAULTS] + ["avg ms", "max ms"]
    rows = []
    for s in stats_list:
        rows.append([s.name, s.games, f"{round(s.points, 2):g}", f"{100 * s.points / max(1, s.games):.1f}%"]
                    + [s.faults[f] for f in FAULTS]
                    + [f"{s.time_sum / s.turns:.1f}" if s.turns else "-", f"{s.time_max:.0f}"])
    return table(rows, header)


def cross_table(summary, game, bots):
    """Each bot's score against each other bot, in percent (row against column)."""
    names = [s.name for s in bots]
    header = [""] + [f"#{i + 1}" for i in range(len(names))]
    rows = []
    for i, a in enumerate(names):
        row = [f"#{i + 1} {a}"]
        for b in names:
            pair = summary.pairs.get((game, a, b)) or summary.pairs.get((game, b, a))
            if a == b or pair is None or not pair.games:
                row.append("-")
                continue
            s = score(pair.wins, pair.draws, pair.losses)
            row.append(f"{100 * (s if pair.a == a else 1 - s):.0f}%")
        rows.append(row)
    return table(rows, header)


def rank_cells(ranks):
    return [ranks.games, f"{ranks.average:.2f}" if ranks.games else "-", f"{ranks.firsts:g}", ranks.faults]


def rank_tables(summary, game, bots):
    """The games of more than two: per bot its average rank, first places and faults,
    over every seat and in each seat; then per seat over every bot."""
    seats = summary.seats_of(game)
    header = ["bot", "games", "avg rank", "firsts", "faults"] + [f"seat {s}" for s in seats]
    names = [b.name for b in bots if summary.ranks_in(game, b.name).games]
    rows = []
    for name in sorted(names, key=lambda n: (summary.ranks_in(game, n).average, summary._rank(n))):
        in_seats = [summary.ranks_in(game, name, s) for s in seats]
        rows.append([name] + rank_cells(summary.ranks_in(game, name))
                    + [f"{r.average:.2f}" if r.games else "-" for r in in_seats])
    seat_rows = [[f"seat {s}"] + rank_cells(summary.ranks_in(game, seat=s)) for s in seats]
    return (["ranks at tables of more than two (1 = first; ties share):"] + table(rows, header)
            + table(seat_rows, ["seat", "games", "avg rank", "firsts", "faults"]))


def summary_text(summary, sprt_args=None):
    lines = []
    for game in summary.games:
        bots = summary.bots_of(game)
        pairs = summary.pairs_of(game)
        total = summary.games_of(game)
        lines.append(f"{game}: {total} games, {len(bots)} bots")
        for pair in pairs:
            lines.append("  " + pair_line(pair, sprt_args if len(pairs) == 1 else None))
        lines += ["  " + line for line in bot_table(bots)]
        if summary.seats_of(game):
            lines += ["  " + line for line in rank_tables(summary, game, bots)]
        if len(bots) > 2 and pairs:
            lines += ["  " + line for line in cross_table(summary, game, bots)]
        for text, games in summary.clocks.get(game, {}).items():
            lines.append(f"  clock rehearsed ({text}): " + ("every game" if games == total else
                                                          f"{games} of the {total} games"))
        if summary.overloaded(game):
            lines.append(f"  warning: the referee took {summary.overhead(game):.1f} ms a turn on average to pass "
                         f"the answers on (well under 1 ms where the machine has a processor to spare): the "
                         f"machine was overloaded, so the timeouts and the scores may be its doing, not the "
                         f"bots'; play fewer games at a time (-j)")
    return "\n".join(lines)


def number(value, digits=4):
    """A float for JSON: rounded, None where infinite (a score of 0 or 1)."""
    return round(value, digits) + 0.0 if math.isfinite(value) else None   # + 0.0: no -0.0


def pair_json(pair, sprt_args=None):
    e = pair.estimate()
    pentanomial = pair.pentanomial()
    result = {
        "a": pair.a, "b": pair.b, "games": pair.games,
        "wins": pair.wins, "draws": pair.draws, "losses": pair.losses,
        "score": number(score(pair.wins, pair.draws, pair.losses)),
        "model": e.model,
        "pentanomial": list(pentanomial) if sum(pentanomial) else None,
        "unpaired_games": pair.games - 2 * sum(pentanomial),
        "estimate": {"games": e.games, **{name: number(getattr(e, name)) for name in (
            "score", "score_low", "score_high", "elo", "elo_low", "elo_high", "nelo", "nelo_low", "nelo_high")}},
        "sprt": None,
        "loss_reasons": {name: dict(sorted(reasons.items())) for name, reasons in pair.losses_by.items()},
    }
    if sprt_args:
        test = pair.sprt(sprt_args)
        result["sprt"] = {"elo0": sprt_args[0], "elo1": sprt_args[1], "alpha": sprt_args[2],
                          "beta": sprt_args[3], "model": test.model, "llr": number(test.llr),
                          "lower": number(test.lower), "upper": number(test.upper), "verdict": test.verdict}
    return result


def bot_json(stats):
    return {"name": stats.name, "games": stats.games, "points": stats.points,
            "score": number(stats.points / max(1, stats.games)), "faults": dict(stats.faults),
            "avg_ms": number(stats.time_sum / stats.turns, 1) if stats.turns else None,
            "max_ms": number(stats.time_max, 1)}


def ranks_json(ranks):
    return {"games": ranks.games, "avg_rank": number(ranks.average) if ranks.games else None,
            "firsts": ranks.firsts, "faults": ranks.faults}


def tables_json(summary, game):
    """The ranks of the games of more than two: per bot (overall and per seat), per seat."""
    seats = summary.seats_of(game)
    names = [s.name for s in summary.bots_of(game) if summary.ranks_in(game, s.name).games]
    return {"bots": [{"name": name, **ranks_json(summary.ranks_in(game, name)),
                      "seats": [ranks_json(summary.ranks_in(game, name, s)) for s in seats]} for name in names],
            "seats": [{"seat": s, **ranks_json(summary.ranks_in(game, seat=s))} for s in seats]}


def summary_json(summary, sprt_args=None, every_pair=False):
    """A machine-readable summary (its shape: arena/README.md, "JSON summaries"); the
    SPRT for a game's only pair, or for each pair if ``every_pair`` (the table's)."""
    games = []
    for game in summary.games:
        pairs = summary.pairs_of(game)
        overhead = summary.overhead(game)
        games.append({
            "game": game, "games": summary.games_of(game),
            "endings": dict(sorted(summary.endings.get(game, {}).items())),
            "overhead_ms": None if overhead is None else number(overhead, 3),
            "overloaded": summary.overloaded(game),
            "pairs": [pair_json(p, sprt_args if every_pair or len(pairs) == 1 else None) for p in pairs],
            "bots": [bot_json(s) for s in summary.bots_of(game)],
        })
        if summary.seats_of(game):
            games[-1]["tables"] = tables_json(summary, game)
    return {"games": games}


def running_interval(history):
    """(games, score, low, high) after each game of a history of points."""
    points = []
    w = d = l = 0
    for value in history:
        w += value == 1
        d += value == 0.5
        l += value == 0
        points.append((w + d + l, *score_interval(w, d, l)))
    return points


def plot(summary, path):
    """Writes a PNG: each pair's score with its 95% interval as games accumulate."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UserError("the plot needs matplotlib (pip install matplotlib)") from None
    pairs = [(game, p) for game in summary.games for p in summary.pairs_of(game) if p.games]
    if not pairs:
        raise UserError("no games to plot")
    figure, axes = plt.subplots(len(pairs), 1, figsize=(8, 3 * len(pairs)), squeeze=False)
    for axis, (game, pair) in zip(axes[:, 0], pairs):
        points = running_interval(pair.history)
        games = [p[0] for p in points]
        axis.fill_between(games, [p[2] for p in points], [p[3] for p in points], alpha=0.3,
                          label="95% interval")
        axis.plot(games, [p[1] for p in points], label=f"score of {pair.a}")
        axis.axhline(0.5, color="grey", linewidth=0.8)
        axis.set_ylim(0, 1)
        axis.set_xlabel("games")
        axis.set_ylabel("score")
        axis.set_title(f"{game}: {pair.a} vs {pair.b}")
        axis.legend(loc="upper right")
    figure.tight_layout()
    try:
        figure.savefig(path)
    except OSError as error:
        raise UserError(f"cannot write the plot {path}: {error.strerror}") from None
    finally:
        plt.close(figure)
