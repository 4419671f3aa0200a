"""The engines' answers with fixed node budgets, depths and seeds stay what they were
(tests/engine_figures.py says what is searched). A change of a game's rules or
evaluation changes them too: then regenerate the file as that module says."""
import json
from pathlib import Path

import pytest

from engine_figures import figures

KNOWN = Path(__file__).parent / "data" / "engine_figures.json"


@pytest.fixture(scope="module")
def found():
    return json.loads(json.dumps(figures()))


def test_engine_answers_are_unchanged(found):
    known = json.loads(KNOWN.read_text())
    assert sorted(found) == sorted(known)
    differ = [key for key in known if found[key] != known[key]]
    assert not differ, differ[:10]
