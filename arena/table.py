"""The engines' table: per game, a round-robin of a bundle's engines at the real clock.

``python -m arena table`` plays, for each game, every pair of engines of the game's
full bundle (``dist/full/GAME.py``, which carries every engine: ``--engine NAME``, the
bot's configuration of that name, evaluation included, else the engine's defaults) with
seats swapped and openings varied, then writes to ``--out`` (default ``results/table/``;
the tables of docs/ change only through ``make table`` and its kin, which name ``--out
docs...``):

- ``table.md``: the command, the machine, and per game each pairing's games, W/D/L,
  score with its 95% interval, Elo with its interval, the model that measured them
  (pentanomial over seat-swapped pairs, or trinomial), whether the interval clears the
  sources' 70% claim, and each bot's faults and time discipline (mean share of the turn
  used, largest turn against its limit, largest first turn against its limit);
- ``table.png``: each pairing's score with its interval, lines at 50% and 70%;
- ``results/table-GAME.jsonl``: the raw results (a rerun resumes them).

``--sprt ELO0 ELO1`` stops each pairing once the sequential test decides (or after
``-n`` games), but not before ``--min-games``: the cheap way to settle a lopsided
pairing on a 2-core machine. ``--json`` prints a JSON summary of every game instead of
the Markdown on stdout (arena/README.md).
"""

import json
import shlex
import sys
import time
from contextlib import redirect_stdout
from pathlib import Path

from arena.backends import add_backend_options, open_backend
from arena.errors import Interrupted, UserError
from arena.games import bundle_choices, game_names, games_with_bundles
from arena.report import summarize, summary_json
from arena.results import read_results
from arena.stats import PENTANOMIAL, SPRT_MIN_GAMES, format_elo
from arena.match import Match, seats_of
from arena.tournament import Tournament, parse_bots, run_tournament
from arena.tune import machine_line

DEFAULT_OUT = "results/table"   # docs/ changes only through make table and its kin (--out docs...)

CLAIM = 0.70  # the sources' claim: best-first minimax scores at least this against alpha-beta


def chosen_evaluation(wanted, offered):
    """The first of the evaluations ``wanted`` that a bundle offers, or None."""
    return next((name for name in wanted if name in offered), None)


def claim_verdict(low, high):
    if low >= CLAIM:
        return "holds"
    if high < CLAIM:
        return "fails"
    return "undecided"


def time_discipline(records, referee, name):
    """(mean share of the turn, largest share, largest first-turn share) of bot ``name``
    over its turns in ``records``, first turns apart; None where it played none."""
    shares, firsts = [], []
    for record in records:
        seats = [str(s) for s, bot in enumerate(record["bots"]) if bot == name]
        seen = set()
        for mover, ms in zip(record.get("movers", ""), record.get("times", [])):
            if mover not in seats or ms is None:
                continue
            if mover in seen:
                shares.append(ms / referee.turn_ms)
            else:
                seen.add(mover)
                firsts.append(ms / referee.first_turn_ms)
    if not shares:
        return None
    return sum(shares) / len(shares), max(shares), max(firsts)


def game_section(game, records, order, referee, sprt_args, evaluation=None):
    summary = summarize(records, order)
    both = f" Evaluation of every bot: `{evaluation}`." if evaluation else ""
    lines = [f"## {game}", "",
             f"Clock: {referee.first_turn_ms} ms first turn, {referee.turn_ms} ms a turn.{both}", "",
             "| pairing | games | +W =D -L | score (95%) | Elo (95%) | model | vs 70% |",
             "|---|---:|---:|---:|---:|---|---|"]
    for pair in summary.pairs_of(game):
        e = pair.estimate()
        verdict = claim_verdict(e.score_low, e.score_high)
        if sprt_args:
            verdict += f"; SPRT {pair.sprt(sprt_args).verdict or 'open'}"
        model = f"pentanomial, {sum(e.counts)} pairs" if e.model == PENTANOMIAL else "trinomial"
        lines.append(f"| {pair.a} vs {pair.b} | {pair.games} | +{pair.wins} ={pair.draws} -{pair.losses} | "
                     f"{100 * e.score:.0f}% [{100 * e.score_low:.0f}, {100 * e.score_high:.0f}] | "
                     f"{format_elo(e.elo)} [{format_elo(e.elo_low)}, {format_elo(e.elo_high)}] | "
                     f"{model} | {verdict} |")
    lines += ["", "| bot | games | score | faults | mean turn | largest turn | largest first turn |",
              "|---|---:|---:|---|---:|---:|---:|"]
    for stats in summary.bots_of(game):
        faults = ", ".join(f"{count} {kind}" for kind, count in stats.faults.items() if count) or "none"
        times = time_discipline(records, referee, stats.name)
        cells = [f"{100 * t:.0f}%" for t in times] if times else ["-"] * 3
        lines.append(f"| {stats.name} | {stats.games} | {100 * stats.points / max(1, stats.games):.0f}% | "
                     f"{faults} | " + " | ".join(cells) + " |")
    return lines, summary


def write_plot(summaries, path):
    """Each pairing's score with its 95% interval, one panel per game."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    panels = [(game, summary.pairs_of(game)) for game, summary in summaries]
    panels = [(game, pairs) for game, pairs in panels if pairs]
    if not panels:
        return False
    figure, axes = plt.subplots(len(panels), 1, figsize=(7, 1.2 + 0.55 * sum(len(p) for _, p in panels)
                                                         + 0.6 * len(panels)), squeeze=False,
                                gridspec_kw={"height_ratios": [len(p) for _, p in panels]})
    for axis, (game, pairs) in zip(axes[:, 0], panels):
        labels, centres, errors = [], [], [[], []]
        for pair in pairs:
            e = pair.estimate()
            s, low, high = e.score, e.score_low, e.score_high
            labels.append(f"{pair.a} vs {pair.b} ({pair.games})")
            centres.append(100 * s)
            errors[0].append(100 * (s - low))
            errors[1].append(100 * (high - s))
        rows = range(len(pairs))
        axis.errorbar(centres, rows, xerr=errors, fmt="o", capsize=4)
        axis.set_yticks(list(rows), labels)
        axis.invert_yaxis()
        axis.axvline(50, color="grey", linewidth=0.8)
        axis.axvline(100 * CLAIM, color="red", linewidth=0.8, linestyle="--")
        axis.set_xlim(0, 100)
        axis.set_title(game, fontsize=10)
    axes[-1, 0].set_xlabel("score of the first bot, % (95% interval); dashed: the 70% claim")
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    plt.close(figure)
    return True


def cmd_table(options):
    if not options.json:
        return play_table(options)[0]
    with redirect_stdout(sys.stderr):   # stdout carries the JSON only
        code, summaries, sprt_args = play_table(options)
    print(json.dumps({"games": [entry for _, summary in summaries
                                for entry in summary_json(summary, sprt_args, every_pair=True)["games"]]}))
    return code


def require_matplotlib():
    """The table's plot needs matplotlib (an optional extra): refused before any game."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UserError("the table's plot needs matplotlib (pip install -e .[dev])") from None


def play_table(options):
    """Plays and writes the table: (exit code, [(game, Summary)], the SPRT's arguments)."""
    require_matplotlib()
    with open_backend(options, options.jobs) as backend:
        return play_games(options, backend)


def play_games(options, backend):
    games = options.games_list or game_names()
    out = Path(options.out)
    results_dir = out / "results"
    sprt_args = (options.sprt[0], options.sprt[1], options.alpha, options.beta) if options.sprt else None
    sections, summaries = [], []
    for game, referee, bundle, _ in games_with_bundles(games, options.dist, options.scale,
                                                       hint=": run make build", full=True):
        if 2 not in seats_of(referee):
            print(f"{game}: skipped (the table plays pairs of engines; {game} seats "
                  f"{', '.join(map(str, seats_of(referee)))} players)")
            continue
        offered, evaluations = bundle_choices(bundle)
        engines = options.engines.split(",") if options.engines else offered
        missing = [engine for engine in engines if engine not in offered]
        if missing:
            print(f"{game}: skipped ({bundle} offers no engine {', '.join(missing)})")
            continue
        if len(engines) < 2:
            print(f"{game}: skipped ({bundle} offers {len(engines)} engine(s))")
            continue
        evaluation = chosen_evaluation(options.eval.split(","), evaluations) if options.eval else None
        if options.eval and evaluation is None:
            print(f"{game}: skipped ({bundle} offers no evaluation {options.eval}; "
                  f"it offers {', '.join(evaluations) or 'none'})")
            continue
        same = f" --eval {evaluation}" if evaluation else ""
        bots = parse_bots([f"{e}={bundle} --engine {e}{same}" for e in engines], referee)
        results = results_dir / f"table-{game}.jsonl"
        results_dir.mkdir(parents=True, exist_ok=True)
        print(f"{game}: {', '.join(engines)}{same}; {options.games} games per pair, results in {results}",
              file=sys.stderr)
        try:
            tournament = Tournament(Match(game, scale=options.scale), games=options.games, sprt=sprt_args,
                                    sprt_min_games=options.min_games)
            for a, b in pairings(bots, options.first_only):
                run_tournament(tournament, [a, b], results=results, progress=not options.quiet, backend=backend)
        except Interrupted:
            print("interrupted: run the same command to resume", file=sys.stderr)
            return 130, summaries, sprt_args
        names = [bot.name for bot in bots]
        records = [r for r in read_results(results) if set(r["bots"]) <= set(names)]
        lines, summary = game_section(game, records, names, referee, sprt_args, evaluation)
        print("\n".join(lines) + "\n")
        sections.append(lines)
        summaries.append((game, summary))
    if sections:
        write_docs(out, sections, summaries, options)
    return (0 if sections else 1), summaries, sprt_args


def pairings(bots, first_only):
    """Every pair of bots, or only the first bot against each other one."""
    if first_only:
        return [(bots[0], other) for other in bots[1:]]
    return [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]]


def write_docs(out, sections, summaries, options):
    command = "python -m arena " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    head = ["# Which search wins, per game, at the arena's clock", "",
            f"Command: `{command}`", "",
            f"Machine: {machine_line()}; written {time.strftime('%Y-%m-%d %H:%M')}.", "",
            "Each bot is the game's bundle with `--engine NAME`: the bot's configuration of that",
            "name, its parameters and its evaluation (the handcrafted one unless the configuration",
            "names another; see docs/DECISIONS.md), else the engine with its defaults."]
    if options.eval:
        head += [f"Here every bot of a game uses the same evaluation: the first of `{options.eval}`",
                 "that the game's bundle offers (`--eval`), named under each game's clock."]
    head += ["Seats swapped in pairs, openings varied (arena defaults).",
             "Scores are the first bot's, with 95% intervals; \"vs 70%\" says whether the",
             "interval lies above (holds) or below (fails) the sources' 70% claim. The intervals",
             "and the SPRT treat each seat-swapped pair of games as one outcome (the pentanomial",
             "model; \"model\" says over how many pairs), or each game apart where they are not paired."]
    if options.sprt:
        head += [f"A pairing stops after {options.games} games, or earlier once the SPRT of its first bot",
                 f"between {options.sprt[0]:+g} Elo (H0) and {options.sprt[1]:+g} Elo (H1) decides",
                 f"(alpha {options.alpha:g}, beta {options.beta:g}), but not before"
                 f" {max(options.min_games, SPRT_MIN_GAMES)} games."]
    head += ["", "![scores](table.png)", ""]
    body = [line for lines in sections for line in lines + [""]]
    try:
        (out / "table.md").write_text("\n".join(head + body))
        write_plot(summaries, out / "table.png")
    except OSError as error:
        raise UserError(f"cannot write to {out}: {error.strerror}") from None
    print(f"written {out / 'table.md'} and {out / 'table.png'}")


def add_parser(commands, positive_int, positive_float):
    p = commands.add_parser("table", help="round-robin of each bundle's engines per game, into results/table/")
    p.add_argument("games_list", nargs="*", metavar="GAME", help="games (default: all with a bundle)")
    p.add_argument("-n", "--games", type=positive_int, default=40, help="games per pair at most (default: 40)")
    p.add_argument("--engines", help="comma-separated engines (default: those the bundle offers)")
    p.add_argument("--eval", metavar="NAMES",
                   help="comma-separated evaluations: every bot of a game uses the first of these that "
                        "the game's bundle offers (e.g. nn,ntuple: the learned ones); default: each "
                        "configuration's own")
    p.add_argument("--first-only", action="store_true",
                   help="only the first engine against each other one, not every pair")
    p.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"),
                   help="stop each pairing once this test of its first bot decides")
    p.add_argument("--min-games", type=int, default=0, metavar="N",
                   help="play at least N games per pair before the SPRT may stop it")
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--out", default=DEFAULT_OUT, help="where table.md, table.png, results/ go (default: results/table/)")
    p.add_argument("--dist", default=None, help="bundles folder, whose full/ is read (default: dist/)")
    p.add_argument("-j", "--jobs", type=positive_int)
    p.add_argument("--scale", type=positive_float, default=1.0, metavar="F")
    p.add_argument("-q", "--quiet", action="store_true")
    p.add_argument("--json", action="store_true",
                   help="print a JSON summary on stdout instead of the tables (see arena/README.md)")
    add_backend_options(p)
    p.set_defaults(run=cmd_table)
