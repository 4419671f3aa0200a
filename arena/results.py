"""The results file: one JSON object per finished game, one game per line.

A game is appended (and flushed to disk) as soon as it ends, so a crash or Ctrl-C loses
at most the games in progress. Each record has a ``key`` naming the game in its
tournament's schedule: a rerun skips the keys already in the file, and reading keeps
only the first record of a key, so no game is ever played or counted twice.

A record's fields: key, game, bots (names, seat 0 first: seat 0 moves first), commands,
seed, opening and moves (move names), movers (the seat of each move), times (ms per
move, null where the referee moved for a bot), score (points per seat: 1, 0.5, 0),
winner and loser (seat or null), reason (see ``arena.match.REASONS``), detail, stderr
(the loser's last lines), plies, turns, time_avg_ms, time_max_ms, peak_mb, overhead_ms,
referee_wait_ms (per seat, the longest wait of the referee for a CPU left out of its
times), scale, odds (the factor on each seat's clock), info (per move, what its mover
said of its search: ``arena/info.py``, or null), said (per move, its mover's other stderr
lines since its previous move, at most 20; null where the referee moved), late (per
seat, answers the soft timeout let through), clock (only where ``arena/clock.py`` rehearsed the real clock), duration_s,
started, finished, and for a
tournament's games pair (the same for both games of a seat-swapped pair, or of a round's
rotations at a table of more than two) and listed (its bots' names in the order the user
gave them, which its reports follow). A game whose referee seats more than two
players (its ``players``) has 2 to 4 bots and per-seat lists as long; its score is the
game's ``returns`` (in [0, 1], by elimination order, ties shared), and it adds ranks (1
for the first place, tied seats sharing the mean of their places) and faults (per seat,
null or {reason, detail, stderr}: a bot at fault is out, the others play on); winner is
the seat ranked first alone, or null; with two seats, loser, reason, detail and stderr
are a two-player game's. Records
written before odds, pair and info existed still load (``arena.report.pair_id`` pairs them
by key).

A last line cut short by a crash is dropped (with a warning) and its game played again;
anything else that is not a record is an error naming the file and the line.
"""

import fcntl
import json
import os
import sys
import threading
from pathlib import Path

from arena.errors import UserError

REQUIRED = ("key", "game", "bots", "score", "reason")
MAX_PLAYERS = 4


def _check(record):
    if not isinstance(record, dict):
        return "not a JSON object"
    missing = [k for k in REQUIRED if k not in record]
    if missing:
        return f"no {', '.join(missing)}"
    bots, score = record["bots"], record["score"]
    if not (isinstance(bots, list) and 2 <= len(bots) <= MAX_PLAYERS and all(isinstance(b, str) for b in bots)):
        return f"'bots' is not 2 to {MAX_PLAYERS} names"
    if len(bots) == 2 and not (isinstance(score, list) and len(score) == 2 and all(s in (0, 0.5, 1) for s in score)):
        return "'score' is not a pair of points"
    if not (isinstance(score, list) and len(score) == len(bots)
            and all(isinstance(s, (int, float)) and 0 <= s <= 1 for s in score)):
        return "'score' is not a value in [0, 1] per bot"
    return None


def read_results(path, warn=True):
    """The records of a results file, first record of each key only. [] if no file.

    UserError if a line (other than a cut-off last line) is not a record."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as error:
        raise UserError(f"cannot read results file {path}: {error.strerror}") from None
    lines = data.split(b"\n")
    records = []
    seen = set()
    duplicates = 0
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        last = number == len(lines)  # no newline after it: perhaps written halfway
        try:
            record = json.loads(raw)
            problem = _check(record)
        except (ValueError, UnicodeDecodeError) as error:
            record, problem = None, f"not JSON ({error})"
        if problem:
            if last and record is None:
                if warn:
                    print(f"warning: {path}: the last line is cut short (an interrupted write); "
                          "ignoring it", file=sys.stderr)
                continue
            raise UserError(f"corrupt results file {path}, line {number}: {problem}")
        key = record["key"]
        if key is not None and key in seen:
            duplicates += 1
            continue
        if key is not None:
            seen.add(key)
        records.append(record)
    if duplicates and warn:
        print(f"warning: {path}: {duplicates} repeated game(s) ignored", file=sys.stderr)
    return records


class ResultsWriter:
    """Appends records to a results file; safe across threads and processes."""

    def __init__(self, path):
        self.path = Path(path)
        self.lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._repair()
        except OSError as error:
            raise UserError(f"cannot write results file {self.path}: {error.strerror}") from None

    def _repair(self):
        """Drops a cut-off last line, and ends a complete one, so appends start clean."""
        if not self.path.exists():
            return
        with open(self.path, "rb+") as f:
            fcntl.flock(f, fcntl.LOCK_EX)
            data = f.read()
            if not data or data.endswith(b"\n"):
                return
            start = data.rfind(b"\n") + 1
            try:
                json.loads(data[start:])
                f.write(b"\n")
            except ValueError:
                f.truncate(start)

    def append(self, record):
        line = json.dumps(record, separators=(",", ":")) + "\n"
        with self.lock, open(self.path, "a", encoding="utf-8") as f:
            fcntl.flock(f, fcntl.LOCK_EX)
            f.write(line)
            f.flush()
            os.fsync(f.fileno())
