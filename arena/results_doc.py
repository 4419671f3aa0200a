"""docs/RESULTS.md, written from the committed records under docs/ (``make results``).

``python -m arena.results_doc`` reads docs/results/figures.json and writes
docs/RESULTS.md:

- the engines' tables: each table's pairings recomputed from its results files
  (``<dir>/results/table-*.jsonl``), with the command and the date its ``table.md``
  records;
- tournaments and benchmarks: each figure with its games, date and command, quoted
  from the tuning record it names, which must hold the figure's text word for word
  (so a figure cannot drift from its record unnoticed);
- sections copied whole from a record (a benchmark's table).

``--check`` writes nothing and fails (exit 1) when docs/RESULTS.md is not what it would
write. A missing record or a figure its record does not hold is a one-line error (exit 2).
"""

import argparse
import json
import re
import sys
from pathlib import Path

from arena.errors import UserError
from arena.report import summarize
from arena.results import read_results
from arena.stats import format_elo

DOCS = Path(__file__).resolve().parent.parent / "docs"
FIGURES = Path("results") / "figures.json"
OUTPUT = "RESULTS.md"
# The figure shown for a quoted text: its first percentage or ratio ("77.2%", "1.63x").
NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:%|x)")


def read_text(docs, relative):
    path = docs / relative
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise UserError(f"cannot read {path}: {error.strerror}") from None


def load_figures(docs):
    try:
        return json.loads(read_text(docs, FIGURES))
    except ValueError as error:
        raise UserError(f"{docs / FIGURES} is not JSON: {error}") from None


def recorded_line(table_md, prefix):
    """The text after ``prefix`` on the first line of ``table_md`` that starts with it."""
    for line in table_md.splitlines():
        if line.startswith(prefix):
            return line[len(prefix):].strip()
    return None


def engine_order(command):
    """The engines in the order the table's command lists them (each pairing's first
    bot is the one listed first), or () where the command names none."""
    match = re.search(r"--engines[ =]([^\s`]+)", command or "")
    return tuple(match.group(1).split(",")) if match else ()


def table_section(docs, spec):
    folder = docs / spec["dir"]
    table_md = read_text(docs, Path(spec["dir"]) / "table.md")
    command = recorded_line(table_md, "Command:")
    machine = (recorded_line(table_md, "Machine:") or "not recorded").rstrip(".")
    records = [r for path in sorted((folder / "results").glob("table-*.jsonl"))
               for r in read_results(path, warn=False)]
    if not records:
        raise UserError(f"no results files under {folder / 'results'}")
    link = (Path(spec["dir"]) / "table.md").as_posix().removeprefix("./")
    lines = [f"### {spec['title']}", "", f"Command: {command}. Machine: {machine} ([{link}]({link})).", "",
             "| game | pairing | games | +W =D -L | score (95%) | Elo (95%) |",
             "|---|---|---:|---:|---:|---:|"]
    summary = summarize(records, engine_order(command))
    for game in sorted(summary.games):
        for pair in summary.pairs_of(game):
            e = pair.estimate()
            lines.append(f"| {game} | {pair.a} vs {pair.b} | {pair.games} | "
                         f"+{pair.wins} ={pair.draws} -{pair.losses} | "
                         f"{100 * e.score:.0f}% [{100 * e.score_low:.0f}, {100 * e.score_high:.0f}] | "
                         f"{format_elo(e.elo)} [{format_elo(e.elo_low)}, {format_elo(e.elo_high)}] |")
    return lines + [""]


def quoted_figure(docs, entry):
    """The figure an entry quotes, once its record is found to hold the quoted text."""
    text = read_text(docs, entry["source"])
    if entry["figure"] not in text:
        raise UserError(f"{entry['source']} does not hold the figure {entry['figure']!r} ({entry['what']})")
    number = NUMBER.search(entry["figure"])
    if number is None:
        raise UserError(f"the figure {entry['figure']!r} holds no percentage or ratio ({entry['what']})")
    return number.group()


def figure_lines(docs, entries):
    lines = []
    for entry in entries:
        figure = quoted_figure(docs, entry)
        games = f", {entry['games']} games" if "games" in entry else ""
        lines += [f"- **{figure}**{games}, {entry['date']}: {entry['what']} "
                  f"([record]({entry['source']})).", f"  `{entry['command']}`"]
    return lines + [""]


def heading_level(line):
    match = re.match(r"(#+) ", line)
    return len(match.group(1)) if match else None


def copied_section(docs, spec):
    """The lines under a record's heading, up to its next heading of the same level or above."""
    lines = read_text(docs, spec["source"]).splitlines()
    if spec["heading"] not in lines:
        raise UserError(f"{spec['source']} has no heading {spec['heading']!r}")
    start = lines.index(spec["heading"]) + 1
    level = heading_level(spec["heading"])
    end = next((i for i in range(start, len(lines))
                if heading_level(lines[i]) is not None and heading_level(lines[i]) <= level), len(lines))
    body = "\n".join(lines[start:end]).strip().splitlines()
    return [f"### {spec['title']}", "", f"From [{spec['source']}]({spec['source']}):", ""] + body + [""]


def results_doc(docs=DOCS):
    """The text of docs/RESULTS.md."""
    figures = load_figures(docs)
    lines = ["# Results", "",
             "Written by `make results` (`python -m arena.results_doc`) from the records under",
             f"docs/: the tables' results files and the figures listed in `docs/{FIGURES.as_posix()}`,",
             "each quoted from the record that holds it. Edit those, not this file. Scores are the",
             "first bot's, with 95% intervals (seat-swapped pairs counted as one outcome where the",
             "games are paired); a command's `NEW`, `OLD` or `/work/baseline/...` stands for a",
             "bundle built from the commit its record names.", "",
             "## The engines' tables", ""]
    for spec in figures["tables"]:
        lines += table_section(docs, spec)
    lines += ["## Tournaments", ""] + figure_lines(docs, figures["tournaments"])
    lines += ["## Benchmarks", ""] + figure_lines(docs, figures["benchmarks"])
    for spec in figures["sections"]:
        lines += copied_section(docs, spec)
    return "\n".join(lines).rstrip() + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m arena.results_doc", description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=Path, default=DOCS, help="the docs folder (default: the repository's)")
    parser.add_argument("--check", action="store_true",
                        help=f"write nothing; exit 1 if {OUTPUT} is not what would be written")
    options = parser.parse_args(argv)
    try:
        text = results_doc(options.docs)
    except UserError as error:
        print(f"results_doc: {error}", file=sys.stderr)
        return 2
    target = options.docs / OUTPUT
    if options.check:
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current != text:
            print(f"results_doc: {target} is out of date: run make results", file=sys.stderr)
            return 1
        return 0
    target.write_text(text, encoding="utf-8")
    print(f"written {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
