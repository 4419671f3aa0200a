"""CodinGame "othello-1" protocol: the bot's side and the referee's side.

Per turn the arena sends (init lines on a player's first turn only): the player id and
the board size; then the board, top row first (`.` empty, `0` black = player 0, `1`
white); the number of legal actions; one action per line. The answer is a square such as
``d3``, optionally followed by ``MSG text``. The referee keeps the part before ``MSG``,
removes *all* whitespace from it and lowercases it, so ``d3 hello`` reads ``d3hello``
and loses. A player with no legal move is not asked at all: the opponent moves again.

EXPERT mode: a player whose first answer is ``EXPERT d3`` plays d3 and from its next turn
on gets one more line, after the board and before the number of actions: the moves its
opponent made since its own last turn, each followed by ``;`` (``c4;``; ``pass;`` when
the opponent could not move; ``c4;e3;`` when this player could not move in between).
"""

import re

from games import protocol
from games.protocol import ProtocolError, parse_int, read_moves
from games.othello.rules import PASS, Othello

FIRST_TURN_MS = 2000
TURN_MS = 150


def check_row(game, line):
    if len(line) != game.size or set(line) - set(".01"):
        raise ProtocolError(f"bad board line {line!r}")
    return line


def parse_board(game, rows):
    """(black, white) bitboards from the arena's board lines."""
    if len(rows) != game.size:
        raise ProtocolError(f"expected {game.size} board lines, got {len(rows)}")
    black = white = 0
    for row, line in enumerate(rows):
        check_row(game, line)
        for col, cell in enumerate(line):
            bit = 1 << (row * game.size + col)
            if cell == "0":
                black |= bit
            elif cell == "1":
                white |= bit
    return black, white


def read_init(first_line, next_line):
    """(my id, board size) from the first turn's init lines."""
    my_id = parse_int(first_line, "the player id")
    size = parse_int(next_line(), "the board size")
    if my_id not in (0, 1):
        raise ProtocolError(f"player id must be 0 or 1, got {my_id}")
    return my_id, size


class Player(protocol.Player):
    """The bot's side: the init lines on the first turn (our id and the board size,
    which may replace ``game``), then the whole board and the listed actions each turn."""

    rules = Othello
    first_turn_ms = FIRST_TURN_MS
    turn_ms = TURN_MS

    def __init__(self, game=None):
        super().__init__(game)
        self.my_id = None

    def read_turn(self, first_line, next_line):
        if self.my_id is None:
            self.my_id, size = read_init(first_line, next_line)
            if size != self.game.size:
                self.game = Othello(size)
            first_line = next_line()
        game = self.game
        rows = [check_row(game, first_line)]
        while len(rows) < game.size:
            rows.append(check_row(game, next_line()))  # a bad line stops us at once
        black, white = parse_board(game, rows)
        actions = read_moves(game, next_line, parse_int(next_line(), "the number of actions"))
        return game.state_from_discs(black, white, self.my_id), actions, []

    def legal_moves(self, state):
        """Without the pass: the arena plays it itself and never lists it."""
        return [m for m in self.game.legal_moves(state) if m != PASS]


class Referee(protocol.Referee):
    """The arena's side, for the local referee. It remembers, for one game, each
    player's answers and who asked for EXPERT mode (``new_state`` starts a game)."""

    name = "othello"
    rules = Othello
    first_turn_ms = FIRST_TURN_MS
    turn_ms = TURN_MS
    max_turns = None  # 60 on CodinGame: one disc per turn, so it never cuts a game short
    random_plies = 4  # vary the openings of deterministic engines

    def __init__(self, game=None):
        super().__init__(game)
        self.answers = []     # (player, move) of every answer of this game
        self.experts = set()  # the players in EXPERT mode

    def new_state(self, rng=None):
        self.answers, self.experts = [], set()
        return super().new_state(rng)

    def needs_answer(self, state):
        """A player whose only move is a pass is skipped: the referee plays it."""
        return self.game.legal_moves(state) != [PASS]

    def turn_lines(self, state, player, first_turn, last_move=None):
        game = self.game
        lines = [str(player), str(game.size)] if first_turn else []
        lines += game.render(state)
        if player in self.experts:
            lines.append(self.moves_since_last_turn(player))
        actions = sorted(game.legal_moves(state))
        lines.append(str(len(actions)))
        lines += [game.move_name(m) for m in actions]
        return lines

    def moves_since_last_turn(self, player):
        """EXPERT's line: the opponent's answers since ``player``'s last one (``pass``
        if none: the opponent could not move, so ``player`` moves again)."""
        moves = []
        for mover, move in reversed(self.answers):
            if mover == player:
                break
            moves.append(self.game.move_name(move))
        return "".join(f"{name};" for name in reversed(moves or ["pass"]))

    def parse_answer(self, state, line):
        player = self.game.to_move(state)
        action = re.sub(r"\s", "", line.split("MSG", 1)[0]).lower()
        # Only a player's first answer may ask for EXPERT mode (the space is gone by now).
        expert = action.startswith("expert") and all(p != player for p, _ in self.answers)
        if expert:
            action = action[len("expert"):]
        legal = {self.game.move_name(m): m for m in self.game.legal_moves(state)}
        if action not in legal:
            raise ValueError(f"invalid action {line.strip()!r}")
        if expert:
            self.experts.add(player)
        self.answers.append((player, legal[action]))
        return legal[action]
