"""bench/decided.py: the look back over lost games finds the latest move made from a
position the oracle does not prove lost, and skips the games not lost on the board."""
import json
import random
import subprocess
import sys
from pathlib import Path

from bench.decided import FROM_THE_START, Oracle, decided, lost_on_the_board, positions
from engines.base import WIN, SearchResult
from games.onitama.protocol import Referee

ROOT = Path(__file__).resolve().parent.parent


def random_record(seed, key):
    """A results record of a random Onitama game from the referee's deal of ``seed``
    that ends with a winner before the turn limit; seats named a and b."""
    referee = Referee()
    game = referee.game
    state = referee.new_state(random.Random(seed))
    draws = random.Random(seed + 1)
    moves = []
    while game.legal_moves(state):
        move = draws.choice(game.legal_moves(state))
        moves.append(game.move_name(move))
        state = game.play(state, move)
    winner = game.winner(state)
    assert winner is not None and len(moves) > 6
    return {"key": key, "game": "onitama", "bots": ["a", "b"], "seed": seed, "opening": [], "moves": moves,
            "score": [1 - winner, winner], "winner": winner, "loser": None, "reason": "end"}


class FakeOracle:
    """Proves lost exactly the positions in ``lost``; elsewhere plays the first legal move."""

    def __init__(self, lost):
        self.referee = Referee()
        self.game = self.referee.game
        self.lost = lost

    def search(self, state):
        value = -(WIN - 2) if state in self.lost else 0.1
        return SearchResult(self.game.legal_moves(state)[0], value, 1, 1, [])


def test_the_deciding_move_is_the_latest_from_a_position_not_proven_lost():
    record = random_record(5, "onitama:5:0:a:b")
    loser = record["bots"][1 - record["winner"]]
    oracle = FakeOracle(set())
    states, final = positions(oracle.referee, record)
    assert oracle.game.winner(final) == record["winner"]
    own = [i for i, s in enumerate(states) if oracle.game.to_move(s) == 1 - record["winner"]]
    # the loser's last two moves came from positions proven lost: the third last decided
    oracle.lost = {states[i] for i in own[-2:]}
    distance, played, better = decided(oracle, record, loser)
    assert (distance, played) == (len(states) - own[-3], record["moves"][own[-3]])
    assert better == oracle.game.move_name(oracle.game.legal_moves(states[own[-3]])[0])
    oracle.lost = {states[i] for i in own}
    assert decided(oracle, record, loser) == (FROM_THE_START, None, None)


def test_only_games_lost_on_the_board_count():
    record = random_record(5, "onitama:5:0:a:b")
    loser, winner = record["bots"][1 - record["winner"]], record["bots"][record["winner"]]
    assert lost_on_the_board(record, loser) and not lost_on_the_board(record, winner)
    assert not lost_on_the_board(dict(record, reason="timeout"), loser)
    assert not lost_on_the_board(dict(record, bots=["a", "a"]), "a")


def run(*args):
    return subprocess.run([sys.executable, str(ROOT / "bench" / "decided.py"), *args],
                          capture_output=True, text=True, cwd=ROOT)


def test_command_line_on_a_results_file(tmp_path):
    records = [random_record(seed, f"onitama:{seed}:0:a:b") for seed in (5, 6, 7)]
    records.append(dict(records[0], key="onitama:5:1:a:b", reason="timeout"))
    results = tmp_path / "r.jsonl"
    results.write_text("".join(json.dumps(r) + "\n" for r in records))
    lost_by_a = sum(lost_on_the_board(r, "a") for r in records)
    done = run(str(results), "a", "--nodes", "300")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == lost_by_a + 2
    assert lines[-2].startswith(f"a: {lost_by_a} games lost on the board; decided, in plies before the end: ")
    assert lines[-1].startswith("the oracle (300 positions a search) would have played another move in ")
    for record, line in zip([r for r in records if lost_on_the_board(r, "a")], lines):
        assert line.startswith(record["key"] + ": ")


def test_bad_input_is_named_not_a_traceback(tmp_path):
    missing = run(str(tmp_path / "none.jsonl"), "a")
    assert missing.returncode == 2 and "no results file" in missing.stderr
    results = tmp_path / "r.jsonl"
    results.write_text(json.dumps(random_record(5, "onitama:5:0:a:b")) + "\n")
    unknown = run(str(results), "c")
    assert unknown.returncode == 2 and "no bot named 'c'" in unknown.stderr and "a, b" in unknown.stderr
    results.write_text("not json\n{}\n")
    broken = run(str(results), "a")
    assert broken.returncode == 2 and "corrupt results file" in broken.stderr
    assert "Traceback" not in missing.stderr + unknown.stderr + broken.stderr


def test_the_oracle_is_the_bots_best_engine():
    oracle = Oracle("onitama", 1000)
    assert oracle.config[1].engine == oracle.bot.best
