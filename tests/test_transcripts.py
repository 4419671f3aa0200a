"""Whole games from fixed golden transcripts (tests/data/transcripts/), replayed through
the built bundles. Unlike the whole-game tests in test_<game>_bot.py, the input here does
not come from our Referee classes at run time, so a change in a referee cannot change
what is checked. tests/data/transcripts/make_transcripts.py wrote the files.

Each turn is fed as written, whatever the bot answered before. The bot's answer may
differ from the move the transcript goes on with; that is fine here because every turn's
input gives the whole position (Othello and Onitama also list the legal actions), so a
bot needs none of its own history. Oware is the half exception: the board is sent but
the scores are not, so once the bot's answer differs from the transcript it can no
longer explain the next board from its own move, and takes the path that rebuilds its
state from the board (it says so on stderr). The accepted houses still depend on the
board alone, so its answers can still be checked exactly.
"""
from pathlib import Path

import pytest

from botproc import BotProcess, build_bundle

TRANSCRIPTS = Path(__file__).resolve().parent / "data" / "transcripts"
# The fast clocks of test_<game>_bot.py: the whole file takes a few seconds.
FAST = {"othello": ["--time", "0.08", "--first-time", "0.02"],
        "oware": ["--time", "0.1", "--first-time", "0.02"],
        "onitama": ["--time", "0.1", "--first-time", "0.02"]}


def read_transcript(name):
    """[(input lines, accepted answers)] for each turn of the transcript. Lines starting
    with '#' are the generator's comments and blank lines separate turns: no input line
    of these protocols is either."""
    turns = []
    for line in (TRANSCRIPTS / f"{name}.txt").read_text().splitlines():
        if line.startswith("# turn "):
            turns.append(([], set()))
        elif line.startswith("# legal: "):
            turns[-1][1].update(line[len("# legal: "):].split(", "))
        elif line and not line.startswith("#"):
            turns[-1][0].append(line)
    return turns


def replay(bundle, name, tmp_path):
    """Feeds the whole transcript to the bundle; returns its stderr."""
    turns = read_transcript(name)
    assert len(turns) >= 10 and all(lines and legal for lines, legal in turns)
    bot = BotProcess(bundle, FAST[name], cwd=tmp_path)
    for number, (lines, legal) in enumerate(turns, 1):
        bot.send(lines)
        answer = bot.answer()
        assert answer in legal, f"turn {number}: {answer!r} is not one of {sorted(legal)}"
    code, err = bot.finish()  # EOF after the last turn, as when the arena closes the game
    assert code == 0 and "Traceback" not in err, err
    assert list(tmp_path.iterdir()) == []  # it wrote nothing
    return err


@pytest.fixture(scope="module")
def othello_bundle(tmp_path_factory):
    return build_bundle("othello", tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="module")
def oware_bundle(tmp_path_factory):
    return build_bundle("oware", tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="module")
def onitama_bundle(tmp_path_factory):
    return build_bundle("onitama", tmp_path_factory.mktemp("dist"))


def test_othello_transcript(othello_bundle, tmp_path):
    # The game ends with player 1 unable to move three times: the bot answers four
    # turns in a row, each with the whole board, and must see nothing amiss.
    assert replay(othello_bundle, "othello", tmp_path) == ""


def test_oware_transcript(oware_bundle, tmp_path):
    err = replay(oware_bundle, "oware", tmp_path)
    # Any note is the rebuild (see the module docstring) or a disagreement over the
    # accepted houses that a wrongly rebuilt score could cause; never anything else.
    for line in err.splitlines():
        assert "rebuilt from the board" in line or "the arena lists" in line, err


def test_onitama_transcript(onitama_bundle, tmp_path):
    # Every turn's lists must agree with the bot's own rules and card table (it counts
    # the plies itself, and player 0 moves every second one).
    assert replay(onitama_bundle, "onitama", tmp_path) == ""
