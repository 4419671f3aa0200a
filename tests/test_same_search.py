"""bench/same_search.py: saved fixed-depth searches compare equal to themselves, and a
search that changed is named."""
import json

import pytest

from bench import same_search


def test_saved_searches_compare_equal_and_a_changed_one_is_named(tmp_path, capsys):
    saved = tmp_path / "searches.json"
    assert same_search.main(["--save", str(saved), "--games", "onitama", "--positions", "2"]) == 0
    assert same_search.main(["--compare", str(saved), "--games", "onitama", "--positions", "2"]) == 0
    assert "0 difference(s)" in capsys.readouterr().out

    searches = json.loads(saved.read_text())
    key = "onitama the bot's alphabeta+ ntuple"
    assert key in searches and searches[key][1][2] > 100  # positions visited
    searches[key][1][2] += 1
    saved.write_text(json.dumps(searches))
    assert same_search.main(["--compare", str(saved), "--games", "onitama", "--positions", "2"]) == 1
    out = capsys.readouterr().out
    assert f"{key}, position 2" in out and "1 difference(s)" in out


def test_an_unreadable_file_is_one_line_and_status_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("not json")
    with pytest.raises(SystemExit) as stopped:
        same_search.main(["--compare", str(bad), "--games", "onitama"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1
