"""bench/knowledge.py: it counts, over the named bot's moves of a results file, those
the Othello and Oware books answered and those the Oware table knew."""
import json
import random
import subprocess
import sys
from pathlib import Path

from bench.knowledge import BOOK, TABLE, count
from games.othello.book import book_move
from games.oware.book import book_move as oware_book_move
from games.othello.rules import Othello
from games.oware.endgame import load
from games.oware.rules import Oware

ROOT = Path(__file__).resolve().parent.parent


def othello_record(key):
    """4 opening plies, then 4 moves (our bot ``a`` Black: its moves at 8 and 10 discs)."""
    game = Othello()
    state, names = game.initial_state(), []
    for _ in range(8):
        move = game.legal_moves(state)[0]
        names.append(game.move_name(move))
        state = game.play(state, move)
    return {"key": key, "game": "othello", "bots": ["a", "b"], "seed": 1, "opening": names[:4],
            "moves": names[4:], "score": [1, 0], "reason": "end"}


def oware_record(key):
    """A random game to its end: its captures bring it down to the table's seeds."""
    game = Oware()
    state, names = game.initial_state(), []
    rng = random.Random(3)
    while game.legal_moves(state):
        move = rng.choice(game.legal_moves(state))
        names.append(game.move_name(move))
        state = game.play(state, move)
    return {"key": key, "game": "oware", "bots": ["a", "b"], "seed": 1, "opening": [],
            "moves": names, "score": [1, 0], "reason": "end"}


def test_the_othello_book_answers_the_first_move_after_the_opening_only():
    game = Othello()
    figures = count([othello_record("o1")], "a")
    assert figures == {("othello", BOOK): (1, 2, 1, 1)}
    assert book_move(game, game.initial_state()) is None  # outside the book: no count


def test_the_oware_counts_are_the_positions_the_book_and_the_table_know():
    record = oware_record("w1")
    game = Oware()
    table = load()
    state, in_table, in_book, own = game.initial_state(), 0, 0, 0
    for name in record["moves"]:
        if game.to_move(state) == 0:
            own += 1
            in_table += table.result(state) is not None
            in_book += oware_book_move(game, state) is not None
        state = game.play(state, game.parse_move(name))
    assert 0 < in_table < own and 0 < in_book < own
    assert count([record], "a") == {("oware", TABLE): (1, own, in_table, 1), ("oware", BOOK): (1, own, in_book, 1)}


def test_the_command_prints_a_line_a_game_and_refuses_an_unknown_bot(tmp_path):
    path = tmp_path / "results.jsonl"
    path.write_text(json.dumps(othello_record("o1")) + "\n")
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "knowledge.py"), str(path), "a"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0 and "the opening book has a move at 1 of them (50.0%)" in done.stdout
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "knowledge.py"), str(path), "z"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 2 and "no Othello or Oware game" in done.stderr
