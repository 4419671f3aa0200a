"""Replays (arena/replay.py) of every game from real results files, the board views of the
game packages, and the info line from the bots' runtime to the arena's record."""
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from arena.errors import UserError
from arena.games import load_referee
from arena.info import parse_info
from arena.match import Match, play_match
from arena.replay import board_view_of, game_frames, page, select_records
from arena.results import read_results
from bots.runtime import info_line
from engines.base import SearchResult

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "tests" / "zoo"
DOCS_RESULTS = sorted((ROOT / "docs" / "results").glob("table-*.jsonl"))


def replayed_state(record):
    """The final state of a record's game, played by the rules alone."""
    referee = load_referee(record["game"])
    game = referee.game
    state = referee.new_state(random.Random(record["seed"]))
    for name in record["opening"] + record["moves"]:
        state = game.play(state, game.parse_move(name))
    return game, state


def winner_of(game, state):
    result = game.outcome(state)
    if result is None or result == 0:
        return None
    return game.to_move(state) if result > 0 else 1 - game.to_move(state)


def pieces(view):
    return sorted(cell for row in view["rows"] for cell in row if cell not in ("", 0))


def check_frames(record):
    data = game_frames(record)
    frames = data["frames"]
    assert len(frames) == 1 + len(record["opening"]) + len(record["moves"])
    assert [f["move"] for f in frames[1:]] == record["opening"] + record["moves"]
    game, state = replayed_state(record)
    assert frames[-1]["view"] == board_view_of(game)(state, game.parse_move(frames[-1]["move"]))
    if record["reason"] == "end":  # the replay ends where the game ended, with its winner
        assert game.outcome(state) is not None
        assert winner_of(game, state) == record["winner"]
    turns = [f for f in frames[1:] if not f["opening"] and "ms" in f]
    assert [f["ms"] for f in turns] == [t for t in record["times"] if t is not None]
    assert all(f["limit"] > 0 for f in turns)
    return data


@pytest.mark.parametrize("path", DOCS_RESULTS, ids=lambda p: p.stem)
def test_replays_of_the_codingame_games_from_the_docs_results(path):
    records = read_results(path)
    assert records
    for record in records[:3] + [r for r in records if r["reason"] != "end"][:1]:
        check_frames(record)


def test_the_docs_results_cover_the_four_codingame_games():
    assert {read_results(p)[0]["game"] for p in DOCS_RESULTS} == {"othello", "oware", "breakthrough", "onitama"}


@pytest.mark.parametrize("size", [6, 8, 10, 12])
def test_replays_of_reversed_reversi_at_every_size(size):
    game_name = "reversi" if size == 8 else f"reversi-{size}"
    ai = f"{ZOO}/sustech_zoo.py first"
    record = play_match(load_referee(game_name, 0.2), Match.between([ai, ai], ["a", "b"], seed=size, random_plies=4,
                                                                    scale=0.2))
    assert record["reason"] == "end", record["detail"]
    data = check_frames(record)
    view = data["frames"][-1]["view"]
    assert len(view["rows"]) == size and all(len(row) == size for row in view["rows"])
    black, white = pieces(view).count("p0"), pieces(view).count("p1")
    if black != white:  # Reversed Reversi: fewer discs wins
        assert record["winner"] == (0 if black < white else 1)


def test_every_game_draws_its_start_position():
    expected = {"othello": (8, 8, 4), "reversi-6": (6, 6, 4), "oware": (2, 6, 48),
                "breakthrough": (8, 8, 32), "onitama": (5, 5, 10)}
    for name, (rows, cols, count) in expected.items():
        referee = load_referee(name)
        view = board_view_of(referee.game)(referee.new_state(random.Random(1)))
        assert len(view["rows"]) == rows and {len(r) for r in view["rows"]} == {cols}
        cells = [c for row in view["rows"] for c in row]
        if name == "oware":
            assert sum(cells) == count and set(cells) == {4}
        else:
            assert sum(1 for c in cells if c) == count
        assert len(view["colors"]) == 2 and view["marks"] == []


def test_the_last_move_is_marked_where_it_was_played():
    referee = load_referee("breakthrough")
    game = referee.game
    move = game.parse_move("c2c3")
    view = board_view_of(game)(game.play(game.initial_state(), move), move)
    assert sorted(view["marks"]) == [[5, 2], [6, 2]]  # rows from rank 8: c3 then c2
    assert view["rows"][5][2] == "p0" and view["rows"][6][2] == ""
    oware = load_referee("oware").game
    after = oware.play(oware.initial_state(), 2)
    assert board_view_of(oware)(after, 2)["marks"] == [[1, 2]]
    answer = oware.legal_moves(after)[0]
    assert board_view_of(oware)(oware.play(after, answer), answer)["marks"] == [[0, 5 - answer]]


class SixthGame:
    """A game that draws itself: the replay needs nothing else of it."""
    name = "sixth"

    def board_view(self, state, last_move=None):
        return {"rows": [["p0" if state else ""]], "colors": ["#000", "#fff"], "board": "checker"}


def test_a_game_with_its_own_board_view_draws_itself():
    draw = board_view_of(SixthGame())
    assert draw(1)["rows"] == [["p0"]]


def test_a_game_without_a_board_view_is_a_clear_error():
    class Plain:
        name = "plain"
    with pytest.raises(UserError, match="no board view"):
        board_view_of(Plain())


def test_the_replay_shows_each_moves_stderr_the_losers_last_lines_and_each_bots_side():
    record = play_match(load_referee("othello", 0.2), Match.between([f"{ZOO}/chatty.py", f"{ZOO}/crash.py 3"],
                        ["chatty", "crash"], seed=5, random_plies=4, scale=0.2))
    assert record["reason"] == "crash" and record["loser"] == 1, record["detail"]
    data = game_frames(record)
    assert data["sides"] == ["black", "white"] and data["colors"] == ["#111111", "#f4f4f4"]
    played = [f for f in data["frames"][1:] if not f["opening"]]
    assert [f["seat"] for f in played] == [0, 1, 0, 1, 0]  # the crash came on its third turn
    # each move with the lines its mover wrote for it, the info lines apart
    assert [f["said"] for f in played if f["seat"] == 0] == [[f"turn {n}: {f['info']['nodes']} actions"]
                                                             for n, f in enumerate(played[::2], 1)]
    assert [f["said"] for f in played if f["seat"] == 1] == [[], []]
    last = data["stderr"]
    assert last["seat"] == 1 and last["lines"][0] == "about to divide by zero"
    assert last["lines"][-1] == "ZeroDivisionError: division by zero"
    text = page([record], "stderr")
    assert "turn 3: " in text and "ZeroDivisionError" in text and '"sides":["black","white"]' in text


def test_a_game_whose_view_names_no_sides_names_its_players_by_seat(monkeypatch):
    record = read_results(next(path for path in DOCS_RESULTS if path.stem.endswith("othello")))[0]
    assert game_frames(record)["sides"] == ["black", "white"]
    drawn = board_view_of

    def without_sides(game):
        return lambda state, last_move=None: {k: v for k, v in drawn(game)(state, last_move).items() if k != "sides"}
    monkeypatch.setattr("arena.replay.board_view_of", without_sides)
    assert game_frames(record)["sides"] == ["player 0", "player 1"]
    assert game_frames({**record, "stderr": []})["stderr"] is None  # no fault, no last lines


def test_records_written_before_times_and_info_still_replay():
    record = read_results(DOCS_RESULTS[0])[0]
    old = {k: v for k, v in record.items() if k not in ("info", "times", "odds", "pair", "said")}
    frames = game_frames(old)["frames"]
    assert all(f.get("info") is None and "ms" not in f and f.get("said") is None for f in frames)


def test_the_page_is_self_contained():
    records = read_results(DOCS_RESULTS[0])[:2]
    text = page(records, "two games </script>")
    assert "<script src" not in text and "<link" not in text and "url(" not in text
    assert not re.search(r"""(src|href)\s*=\s*["']?https?:""", text)
    assert text.count("</script>") == 2  # the data cannot close its element early
    data = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', text, re.S).group(1)
    assert len(json.loads(data)["games"]) == 2


def test_choosing_a_game():
    records = [{"key": "g:1:0:a:b"}, {"key": "g:1:0:b:a"}]
    assert select_records(records, "2") == [records[1]]
    assert select_records(records, "b:a") == [records[1]]
    with pytest.raises(UserError, match="games 1 to 2"):
        select_records(records, "3")


def run_arena(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=cwd,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=120)


def test_replay_command(tmp_path):
    output = tmp_path / "page.html"
    done = run_arena("replay", str(DOCS_RESULTS[0]), "--game", "1", "-o", str(output))
    assert done.returncode == 0, done.stderr
    assert output.read_text().startswith("<!DOCTYPE html>")
    missing = run_arena("replay", str(tmp_path / "none.jsonl"))
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1 and "no results file" in missing.stderr
    beyond = run_arena("replay", str(DOCS_RESULTS[0]), "--game", "100000")
    assert beyond.returncode == 2 and "Traceback" not in beyond.stderr


# -- the info line -----------------------------------------------------------------------
@pytest.mark.parametrize("name", ["othello", "oware", "breakthrough", "onitama", "reversi"])
def test_the_runtime_info_line_reads_back_in_the_arena(name):
    referee = load_referee(name)
    game = referee.game
    state = referee.new_state(random.Random(3))
    pv = []
    for _ in range(3):
        move = game.legal_moves(state)[-1]
        pv.append(move)
        state = game.play(state, move)
    line = info_line(game, SearchResult(pv[0], -0.125, 1234, 7, pv))
    assert parse_info(line) == {"depth": 7, "nodes": 1234, "value": -0.125, "pv": [game.move_name(m) for m in pv]}


def test_an_n_player_engines_vector_value_is_written_comma_separated():
    """The arena reads the depth, nodes and moves of such a line and leaves the value
    out (it reads one number), without failing."""
    game = load_referee("tron").game
    line = info_line(game, SearchResult(0, (0.25, 0.75), 99, 3, [0, 2]))
    assert line == "info depth 3 nodes 99 value 0.25,0.75 pv UP LEFT"
    assert parse_info(line) == {"depth": 3, "nodes": 99, "pv": ["UP", "LEFT"]}


def test_info_lines_that_are_not_or_are_odd():
    assert parse_info("depth 3") is None
    assert parse_info("information") is None
    assert parse_info("info depth x nodes 5 value 9998 pv") == {"nodes": 5, "value": 9998.0, "pv": []}
    assert parse_info("info nodes 5 hashfull 12") == {"nodes": 5, "hashfull": "12"}


def test_the_arena_records_what_our_bot_says_and_nothing_for_a_bot_that_says_nothing():
    bot = f"{ROOT}/bots/othello.py --info --clock 0.05 --engine alphabeta"
    record = play_match(load_referee("othello", 0.5), Match.between([bot, str(ZOO / "first.py")], ["ours", "first"],
                                                                    seed=5, random_plies=4, scale=0.5))
    assert record["reason"] == "end", record["detail"]
    assert len(record["info"]) == len(record["moves"])
    ours = [(move, info) for move, info, seat, ms in
            zip(record["moves"], record["info"], record["movers"], record["times"]) if seat == "0" and ms is not None]
    assert ours and all(info["depth"] >= 0 and info["nodes"] >= 1 and info["pv"][0] == move for move, info in ours)
    assert all(info is None for info, seat in zip(record["info"], record["movers"]) if seat == "1")
    assert not any(line.startswith("info ") for line in record["stderr"])
