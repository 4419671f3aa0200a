"""Reversed Reversi as the SUSTech CS303 judge plays it, for the arena.

A bot is a Python file defining ``class AI`` (docs/PROTOCOLS.md). The arena cannot talk
to a class, so each bot runs inside a host child process (``arena/sustech_host.py``)
that imports the file, calls ``go`` in a thread and answers the last element of
``candidate_list`` when ``go`` returns or at the time limit. This referee speaks the
host's line protocol and applies the judge's rules: fewer discs wins, an illegal move
or an exception loses, an empty list is a pass (legal only when no move exists).

Limits: ``time_out`` (5 s, times the arena's scale) per move; the host stops ``go`` at
that limit, so the arena's own clock allows ``grace_ms`` more for the host itself, and
the first turn also covers the AI's constructor. 180 s per player per game, 100 MB.
*Unconfirmed:* whether the judge times the constructor; whether it asks a player who
must pass (here it does, and expects an empty list).

The board is 8x8 by default; the judge may use other even sizes, so 6, 10 and 12 are
played too (game ``reversi-N``), starting from the four centre squares as on 8x8 (white
on the diagonal from the top-left, black on the other).
"""

import shlex
import sys
from pathlib import Path

from arena.errors import UserError
from games.othello.rules import PASS, Othello

SUSTECH = "reversi"
# Reversed Reversi's board sizes: "reversi" is 8x8, "reversi-N" the others (a game of its
# own: its results and resume keys must not mix with another size's).
SUSTECH_SIZES = (6, 8, 10, 12)
SIZED_SUSTECH = {f"{SUSTECH}-{n}": n for n in SUSTECH_SIZES if n != 8}
BUNDLE = "reversi_sustech"  # its bot in dist/, every size's
SIZES = {SUSTECH: 8, **SIZED_SUSTECH}  # each game's board size

HOST = Path(__file__).resolve().parent / "sustech_host.py"
TIME_OUT_S = 5.0
COLORS = (-1, 1)  # player 0 is black (-1) and moves first; player 1 is white (1)


class Referee:
    name = "reversi"
    max_turns = None
    random_plies = 4  # vary the openings of deterministic engines
    grace_ms = 500           # the host's own work around go(), not scaled
    memory_mb = 100
    bundle = BUNDLE    # its bot in dist/ (the arena's own games name theirs)
    odds = False       # its host stops every AI at the one time_out the referee announces

    def __init__(self, size=8, time_scale=1.0):
        if size not in SUSTECH_SIZES:
            raise UserError(f"reversi board size must be one of {SUSTECH_SIZES}, got {size}")
        self.name = "reversi" if size == 8 else f"reversi-{size}"  # one game per size
        self.game = Othello(size, misere=True)
        self.time_out = TIME_OUT_S * time_scale
        self.turn_ms = TIME_OUT_S * 1000
        self.first_turn_ms = 2 * self.turn_ms   # the constructor, then a full go()
        self.game_ms = 180_000

    def bot_argv(self, command):
        """The host running the AI file of ``command`` ("FILE.py [ARG...]")."""
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise UserError(f"bad bot command {command!r}: {error}") from None
        if not argv or not argv[0].endswith(".py"):
            raise UserError(f"bad bot command {command!r}: a reversi bot is a Python file "
                            "defining class AI (then its arguments)")
        if not Path(argv[0]).is_file():
            raise UserError(f"bad bot command {command!r}: no file {argv[0]}")
        return [sys.executable, str(HOST), str(Path(argv[0]).resolve())] + argv[1:]

    def new_state(self, rng=None):
        return self.game.initial_state()

    def needs_answer(self, state):
        return True

    def turn_lines(self, state, player, first_turn, last_move=None):
        game = self.game
        lines = [f"init {game.size} {COLORS[player]} {self.time_out!r}"] if first_turn else []
        lines.append("go")
        black, white = game.discs(state)
        for row in range(game.size):
            cells = []
            for col in range(game.size):
                bit = 1 << (row * game.size + col)
                cells.append("-1" if black & bit else "1" if white & bit else "0")
            lines.append(" ".join(cells))
        return lines

    def parse_answer(self, state, line):
        legal = self.game.legal_moves(state)
        words = line.split()
        if words == ["pass"]:
            if legal == [PASS]:
                return PASS
            raise ValueError("empty candidate list (a pass) while a move exists")
        try:
            row, col = (int(w) for w in words)
        except ValueError:
            raise ValueError(f"not a (row, col) move: {line.strip()!r}") from None
        n = self.game.size
        move = row * n + col
        if not (0 <= row < n and 0 <= col < n) or move not in legal:
            raise ValueError(f"({row}, {col}) is not a legal move")
        return move

    def classify(self, state, line):
        """'illegal' for a well-formed move the rules forbid, else 'bad_output'."""
        words = line.split()
        if words == ["pass"] or (len(words) == 2 and all(w.lstrip("-").isdigit() for w in words)):
            return "illegal"
        return "bad_output"


def referees():
    """The arena's own games of this module: {game name: its referee's factory, which
    takes the clock's scale}."""
    return {name: (lambda scale=1.0, size=size: Referee(size, time_scale=scale)) for name, size in SIZES.items()}
