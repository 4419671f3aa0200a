"""The replay page in a real browser: Debian's Chromium, headless (``make chromium``
installs it; ``make test`` does so first when run as root). The page loads with no
error, shows the rules' board at known plies, stepping moves on, and a screenshot is
taken."""
import os
import random
import re
import subprocess
from pathlib import Path

import pytest

from arena.games import load_referee
from arena.match import Match, play_match
from arena.replay import page

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "tests" / "zoo"
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run"]


@pytest.fixture(scope="module")
def chromium():
    if not CHROMIUM.is_file():
        pytest.skip(f"no browser at {CHROMIUM}: `make chromium` installs Debian's chromium (as root)")
    return CHROMIUM


@pytest.fixture(scope="module")
def replay(tmp_path_factory):
    """(record, page path) of one Othello game between two zoo bots."""
    match = Match.between([str(ZOO / "first.py"), str(ZOO / "last.py")], ["first", "last"], seed=11,
                          random_plies=4, scale=0.2)
    record = play_match(load_referee("othello", 0.2), match)
    assert record["reason"] == "end", record["detail"]
    path = tmp_path_factory.mktemp("replay") / "game.html"
    path.write_text(page([record], "browser test"))
    return record, path


def browse(chromium, tmp_path, url, *flags):
    done = subprocess.run([str(chromium), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", *flags, url],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def expected_tokens(record, ply):
    """{(row, col): token} of the rules' board after ``ply`` plies: black p0, white p1."""
    referee = load_referee("othello")
    game = referee.game
    state = referee.new_state(random.Random(record["seed"]))
    for name in (record["opening"] + record["moves"])[:ply]:
        state = game.play(state, game.parse_move(name))
    black, white = game.discs(state)
    return {(sq // 8, sq % 8): "p0" if black >> sq & 1 else "p1" if white >> sq & 1 else ""
            for sq in range(64)}


def shown_tokens(dom):
    return {(int(r), int(c)): token for r, c, token in re.findall(r'data-cell="(\d+),(\d+)" data-token="([^"]*)"', dom)}


def check_loaded(dom):
    assert 'data-ready="yes"' in dom
    assert re.search(r'<pre id="errors">\s*</pre>', dom), re.search(r'<pre id="errors">.*?</pre>', dom, re.S).group(0)


@pytest.mark.parametrize("ply", [0, 9, 30])
def test_the_page_shows_the_board_of_a_known_ply(chromium, replay, tmp_path, ply):
    record, path = replay
    dom = browse(chromium, tmp_path, f"{path.as_uri()}#ply={ply}", "--dump-dom")
    check_loaded(dom)
    assert f'data-ply="{ply}"' in dom
    assert shown_tokens(dom) == expected_tokens(record, ply)


def test_stepping_forward_moves_the_board_and_the_move_list(chromium, replay, tmp_path):
    record, path = replay
    dom = browse(chromium, tmp_path, f"{path.as_uri()}#ply=10&step=3", "--dump-dom")
    check_loaded(dom)
    assert shown_tokens(dom) == expected_tokens(record, 13)
    move = (record["opening"] + record["moves"])[12]
    assert re.search(rf'<span class="[^"]*current[^"]*" data-ply="13"><small>13</small>(&nbsp;|\xa0){move}</span>', dom)
    assert f"ply 13: " in dom and f"played {move}" in dom


def test_a_screenshot_is_taken(chromium, replay, tmp_path):
    _, path = replay
    shot = tmp_path / "replay.png"
    browse(chromium, tmp_path, f"{path.as_uri()}#ply=20", f"--screenshot={shot}", "--window-size=1100,900",
           "--hide-scrollbars")
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 10_000


def test_the_page_shows_each_moves_stderr_the_losers_last_lines_and_the_sides(chromium, tmp_path):
    record = play_match(load_referee("othello", 0.2), Match.between([str(ZOO / "chatty.py"), f"{ZOO / 'crash.py'} 3"],
                        ["chatty", "crash"], seed=5, random_plies=4, scale=0.2))
    assert record["reason"] == "crash", record["detail"]
    path = tmp_path / "game.html"
    path.write_text(page([record], "stderr"))
    ply = len(record["opening"]) + 3  # chatty's second move
    dom = browse(chromium, tmp_path, f"{path.as_uri()}#ply={ply}", "--dump-dom")
    check_loaded(dom)
    said = re.search(r'<div id="said">(.*?)</div>', dom, re.S).group(1)
    assert re.fullmatch(r"stderr of chatty \(black\): \nturn 2: \d+ actions", said), said
    last = re.search(r'<div id="lasterr">(.*?)</div>', dom, re.S).group(1)
    assert last.startswith("last stderr lines of crash (white), who lost:\nabout to divide by zero\n")
    assert last.endswith("ZeroDivisionError: division by zero")
    assert "chatty (black), moves first" in dom and "crash (white)" in dom
