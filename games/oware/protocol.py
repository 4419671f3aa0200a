"""CodinGame "oware-abapa" protocol: the bot's side and the referee's side.

Each turn the arena sends one line of 12 integers: the seeds in the player's own six
houses, then in the opponent's six, both in sowing order. There is no init input. The
answer is the bare house index 0-5: the referee reads the whole line with Java's
``Integer.parseInt`` (so ``"3 "`` or ``"3 hello"`` is a wrong output that loses), adds 6
for player 1, and takes the result modulo 12 with Java's ``%`` (the sign of the
dividend): ``"12"`` therefore plays house 0 and ``"-12"`` plays player 0's house 0.
A player with no legal move is not asked at all; the game then ends.

Scores are not sent. The bot keeps them: after its own move it knows the whole state
(its move's capture included); when the next line comes it tries each opponent move
from there and takes the one that gives exactly that board, which yields the
opponent's capture and the ply count. Its first line is the start (it is player 0), or
the start after one move (player 1), or after a few opening plies that a local arena
may play at random: it looks for the line within a few plies of the start, which also
tells it its seat. If nothing explains a line (our rules and the arena's disagree,
or a line was lost), it rebuilds the state from the board alone: the seeds missing from
the board (48 minus the board) are the two captured totals together, its own total is
what it counted so far, and the opponent's is the rest.
"""

from games import protocol
from games.protocol import ProtocolError, java_int, java_parse_int, java_remainder
from games.oware.rules import HOUSES, MAX_TURNS, SEEDS, Oware

FIRST_TURN_MS = 1000
TURN_MS = 50
OPENING_PLIES = 4  # how far from the start the first turn line is looked for


def parse_board(line):
    """The 12 numbers of a turn line, the reader's own houses first."""
    fields = line.split()
    if len(fields) != HOUSES or not all(f.isdigit() and f.isascii() for f in fields):
        raise ProtocolError(f"expected 12 seed counts, got {line!r}")
    board = tuple(int(f) for f in fields)
    if sum(board) > SEEDS:
        raise ProtocolError(f"more than {SEEDS} seeds on the board: {line!r}")
    return board


def arena_actions(board):
    """The houses 0-5 the arena accepts for the reader of ``board``: non-empty ones, and
    only those that reach the opponent when the opponent has no seeds."""
    feed = not any(board[6:])
    return tuple(m for m in range(6) if board[m] > (5 - m if feed else 0))


class Tracker:
    """The bot's memory between turns: the state after its own last move."""

    def __init__(self, game=None):
        self.game = game or Oware()
        self.after_my_move = None
        self.seat = None

    def state_from(self, board):
        """Our full state for a turn line's ``board``, and a note when it had to be
        rebuilt from the board alone (None when it follows from our own bookkeeping)."""
        game = self.game
        if self.after_my_move is None:
            found = self._explain_first(board)
            if found is not None:
                self.seat = game.to_move(found)
                return found, None
            self.seat = 1
            before = game.initial_state()
        else:
            before = self.after_my_move
            houses = self._absolute(board)
            for move in game.legal_moves(before):
                state = game.play(before, move)
                if game.houses(state) == houses:
                    return state, None
        ply = game.ply(before) + 1
        mine = game.stores(before)[self.seat]
        note = "the board follows from no opponent move; rebuilt from the board"
        theirs = max(0, SEEDS - sum(board) - mine)
        mine = SEEDS - sum(board) - theirs
        if ply >= MAX_TURNS:  # the arena asks us, so its turn limit is not reached
            ply = MAX_TURNS - 2 + self.seat
        stores = (mine, theirs) if self.seat == 0 else (theirs, mine)
        return game.make_state(self._absolute(board), stores, ply), note

    def _explain_first(self, board):
        """The shallowest position within ``OPENING_PLIES`` of the start whose mover
        sees ``board``: the start itself (we are player 0), one move later (player 1),
        or a few random opening plies later, as a local arena may play them."""
        game = self.game
        layer = [game.initial_state()]
        for depth in range(OPENING_PLIES + 1):
            if depth:
                layer = [game.play(s, m) for s in layer for m in game.legal_moves(s)]
            for state in layer:
                houses = game.houses(state)
                seen = houses if game.to_move(state) == 0 else houses[6:] + houses[:6]
                if seen == board and game.legal_moves(state):
                    return state
        return None

    def played(self, state, move):
        """Records our answer, so that the next turn line can be explained."""
        self.after_my_move = self.game.play(state, move)

    def _absolute(self, board):
        return board if self.seat == 0 else board[6:] + board[:6]


class Player(protocol.Player):
    """The bot's side: one line a turn; the scores and the ply count kept by ``Tracker``."""

    rules = Oware
    first_turn_ms = FIRST_TURN_MS
    turn_ms = TURN_MS

    def __init__(self, game=None):
        super().__init__(game)
        self.tracker = Tracker(self.game)

    def read_turn(self, first_line, next_line):
        board = parse_board(first_line)
        actions = arena_actions(board)
        if not actions:
            raise ProtocolError(f"the arena asks for a move where none is legal: {first_line!r}")
        state, note = self.tracker.state_from(board)
        return state, actions, [note] if note else []

    def played(self, state, move):
        self.tracker.played(state, move)


class Referee(protocol.Referee):
    """The arena's side, for the local referee. Every player with a legal move is asked
    (the game ends when one has none)."""

    name = "oware"
    rules = Oware
    first_turn_ms = FIRST_TURN_MS
    turn_ms = TURN_MS
    max_turns = MAX_TURNS
    random_plies = 2  # vary the openings of deterministic engines

    def turn_lines(self, state, player, first_turn, last_move=None):
        houses = self.game.houses(state)
        mine = houses[6 * player: 6 * player + 6]
        theirs = houses[6 - 6 * player: 12 - 6 * player]
        return [" ".join(str(n) for n in mine + theirs)]

    def parse_answer(self, state, line):
        """The move (0-5) of an answer line, read as the referee reads it; ValueError
        with the referee's reason for a wrong output or an invalid action."""
        player = self.game.to_move(state)
        number = java_parse_int(line)
        house = java_remainder(java_int(number + 6 * player), HOUSES)
        move = house - 6 * player
        if not 0 <= move < 6 or move not in self.game.legal_moves(state):
            raise ValueError(f"invalid action {line!r}")
        return move
