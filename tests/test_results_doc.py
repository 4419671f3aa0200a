"""docs/RESULTS.md is what `make results` writes from the records under docs/."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from arena.results_doc import DOCS, OUTPUT, results_doc

ROOT = Path(__file__).resolve().parent.parent


def run_generator(*args):
    return subprocess.run([sys.executable, "-m", "arena.results_doc", *args], cwd=ROOT,
                          capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": ""})


def test_the_committed_results_doc_is_what_the_generator_writes():
    assert (DOCS / OUTPUT).read_text(encoding="utf-8") == results_doc(), "run make results"
    done = run_generator("--check")
    assert done.returncode == 0, done.stderr


def wdl_rows(text, with_game):
    """(game, pairing) -> "+W =D -L" from a Markdown table's rows."""
    rows, game = {}, None
    for line in text.splitlines():
        if line.startswith("## "):
            game = line[3:].strip()
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) >= 4 and " vs " in cells[int(with_game)] and re.fullmatch(r"\+\d+ =\d+ -\d+", cells[2 + with_game]):
            key = (cells[0], cells[1]) if with_game else (game, cells[0])
            rows[key] = cells[2 + with_game]
    return rows


@pytest.mark.parametrize("folder", ["best", ".", "bestfirst", "learned"])
def test_each_tables_counts_match_the_table_that_arena_wrote(folder):
    # the generator recounts the results files; arena table counted the same games
    generated = results_doc()
    section = generated.split(f"([{(Path(folder) / 'table.md').as_posix().removeprefix('./')}]", 1)[1]
    section = section.split("\n### ", 1)[0].split("\n## ", 1)[0]
    ours = wdl_rows(section, with_game=True)
    theirs = wdl_rows((DOCS / folder / "table.md").read_text(encoding="utf-8"), with_game=False)
    assert ours and ours == theirs


def copy_of_docs(tmp_path):
    docs = tmp_path / "docs"
    shutil.copytree(DOCS, docs, ignore=shutil.ignore_patterns("*.png"))
    shutil.copytree(ROOT / "sparring", tmp_path / "sparring", ignore=shutil.ignore_patterns("bin"))
    return docs


def test_a_figure_its_record_does_not_hold_is_a_one_line_error(tmp_path):
    docs = copy_of_docs(tmp_path)
    figures = json.loads((docs / "results" / "figures.json").read_text())
    figures["tournaments"][0]["figure"] = "99.9% (+1 =0 -0)"
    (docs / "results" / "figures.json").write_text(json.dumps(figures))
    done = run_generator("--docs", str(docs))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "does not hold the figure '99.9% (+1 =0 -0)'" in done.stderr


def test_check_fails_when_the_doc_is_out_of_date_and_writing_repairs_it(tmp_path):
    docs = copy_of_docs(tmp_path)
    (docs / OUTPUT).write_text("stale\n")
    assert run_generator("--docs", str(docs), "--check").returncode == 1
    assert run_generator("--docs", str(docs)).returncode == 0
    assert run_generator("--docs", str(docs), "--check").returncode == 0
    assert (docs / OUTPUT).read_text(encoding="utf-8") == results_doc()
