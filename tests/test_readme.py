"""Every command of the README's `sh` blocks runs, as it is or as a quick variant.

The README's commands are read from its fenced ``sh`` blocks (a trailing ``# comment``
is not part of a command). Each must have a row in ``QUICK`` below: the command this
test runs for it (itself where it is quick), what its output must contain, and the
optional extra it needs (the test skips, naming it, where that is missing). A README
command without a row fails the test, as does a row whose command left the README.
"""

import os
import re
from itertools import dropwhile, takewhile
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

# README command -> (command run here, text its output must hold, extra it needs).
# In the command run: {python} is this Python, {make} runs make with it (no set-up
# step), {tmp} a folder of this test's own. Games run at --scale 0.5 where the clock
# changes nothing a row checks.
QUICK = {
    "make all": ("{make} build && {python} -m arena match oware dist/oware.py dist/oware.py --scale 0.5",
                 "result:", None),
    "make test": ("{python} -m pytest --collect-only -m 'not slow'", "tests/test_readme.py::test_the_readme_command_runs", None),
    "make build": ("{make} build", "dist/othello.py:", None),
    "python3 dist/othello.py --help": ("{python} dist/othello.py --help", "--engine", None),
    '.venv/bin/python build/bundle.py bots/othello.py --name othello_c12 --args "--set C=1.2"':
        ('{python} build/bundle.py bots/othello.py --name othello_c12 --args "--set C=1.2" --out {tmp}',
         "othello_c12.py", None),
    '.venv/bin/python -m arena match othello dist/othello.py "dist/full/othello.py --engine alphabeta"':
        ('{python} -m arena match othello dist/othello.py "dist/full/othello.py --engine alphabeta" --scale 0.5',
         "result:", None),
    '.venv/bin/python -m arena tournament oware dist/oware.py "ab=dist/full/oware.py --engine alphabeta" -n 100':
        ('{python} -m arena tournament oware dist/oware.py "ab=dist/full/oware.py --engine alphabeta" -n 2 -q --scale 0.5'
         ' --results {tmp}/oware.jsonl', "Elo", None),
    ".venv/bin/python -m arena replay docs/league/othello.jsonl --game 3 -o game.html":
        ("{python} -m arena replay docs/league/othello.jsonl --game 3 -o {tmp}/game.html", "replay written", None),
    '.venv/bin/python -m arena league othello "a=dist/othello.py --info" "b=dist/othello.py --clock 0.25" -n 40 --table league.md':
        ('{python} -m arena league othello "a=dist/othello.py --info" "b=dist/othello.py --clock 0.25" -n 2 -q --scale 0.5'
         ' --table {tmp}/league.md --results {tmp}/league.jsonl', "Elo", None),
    '.venv/bin/python -m arena gate othello new=dist/othello.py "old=dist/full/othello.py --engine alphabeta"':
        ('{python} -m arena gate othello tests/zoo/first.py tests/zoo/last.py --max-games 2 -q'
         ' --results {tmp}/gate.jsonl; test $? -le 1', "reject", None),  # undecided: a verdict, exit 1
    ".venv/bin/python -m arena report results/oware.jsonl":
        ("{python} -m arena report docs/best/results/table-oware.jsonl", "Elo", None),
    "make table-quick": ("{python} -m arena table oware -n 2 --engines bestfirst,alphabeta -q --scale 0.5"
                         " --out {tmp}/table",
                         "table.md", "matplotlib"),
    ".venv/bin/python -m arena tune onitama --trials 16 --games 16 --confirm 24":
        # --scale 4: a game lost on time on a busy machine leaves its one trial unfinished
        ("{python} -m arena tune oware --trials 1 --games 2 --confirm 0 -q --scale 4 --results-dir {tmp}/tune"
         " --record {tmp}/tune.md", "study recorded", "optuna"),
    ".venv/bin/python -m learn.oware --model nn --games 6000 --cache results/cache":
        ("{python} -m learn.oware --model nn --games 20 --jobs 1 --out {tmp}/nn_weights.py", "wrote", None),
    "make bench": ("{python} -m bench --quick oware", "time discipline", None),
    ".venv/bin/python bench/same_search.py --save before.json":
        ("{python} bench/same_search.py --save {tmp}/before.json --games oware --positions 1"
         " && {python} bench/same_search.py --compare {tmp}/before.json --games oware --positions 1",
         "saved", None),
}


def readme_commands(text):
    """The commands of the text's fenced sh blocks, continuation lines joined."""
    commands = []
    for block in re.findall(r"^```sh\n(.*?)^```", text, re.MULTILINE | re.DOTALL):
        for line in block.replace("\\\n", " ").splitlines():
            command = re.split(r"\s+#\s", line, maxsplit=1)[0].strip()
            if command:
                commands.append(re.sub(r"\s+", " ", command))
    return commands


COMMANDS = readme_commands(README.read_text(encoding="utf-8"))


def shell_line(quick, tmp):
    make = f"make -o .venv/installed PY={sys.executable}"
    return quick.format(python=sys.executable, make=make, tmp=tmp)


def games_table_rows(lines):
    """The rows of the README's "Games and clocks" table, one a bundle (header apart)."""
    after = lines[lines.index("## Games and clocks"):]
    is_row = lambda line: line.startswith("| `")   # noqa: E731
    return list(takewhile(is_row, dropwhile(lambda line: not is_row(line), after)))


def test_the_readme_has_commands_and_stays_short():
    """143 lines at most besides the games table, whose rows a new game may grow
    (docs/ADDING_A_GAME.md)."""
    assert len(COMMANDS) >= 10
    lines = README.read_text(encoding="utf-8").splitlines()
    rows = games_table_rows(lines)
    assert len(rows) >= 7 and all(row.count(" | ") == 2 for row in rows), rows
    assert len(lines) - len(rows) <= 143   # 150 with the seven bundles of today


def test_every_quick_variant_belongs_to_a_readme_command():
    stale = [command for command in QUICK if command not in COMMANDS]
    assert not stale, f"QUICK rows whose command is not in the README: {stale}"


def test_commands_are_read_from_sh_blocks_only():
    text = "```sh\nmake a   # why\nrun x \\\n    --long\n```\n```\nnot me\n```\n"
    assert readme_commands(text) == ["make a", "run x --long"]


@pytest.mark.parametrize("command", COMMANDS)
def test_the_readme_command_runs(command, tmp_path):
    assert command in QUICK, f"README command {command!r} has no row in tests/test_readme.py's QUICK"
    quick, expected, extra = QUICK[command]
    if extra:
        pytest.importorskip(extra)
    done = subprocess.run(["bash", "-c", shell_line(quick, tmp_path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{command!r} (run as {quick!r}) failed:\n{output[-3000:]}"
    assert expected in output, f"{command!r}: {expected!r} not in its output:\n{output[-3000:]}"
