"""CodinGame "breakthrough" protocol: the bot's side and the referee's side.

There is no init input. Each turn the arena sends the opponent's last move (``None``
when the reader moves first), the number of legal moves, then one legal move per line,
all in absolute coordinates such as ``c2c3`` (rank 1 is White's home). The answer is a
move, optionally followed by a space and a short message.

The arena sends no board, so the bot keeps the game itself: after its own move it knows
the position, and the next turn's first line says what the opponent played. Its colour
is not sent either. A bot that reads ``None`` is White; otherwise the listed moves tell
(White's go up the board, Black's down). Whether player 0 is always White is
unconfirmed, so the bot never relies on a player id. A first line other than ``None``
is normally White's first move, but a local arena may play a few random opening plies:
the bot then keeps every position within a few plies of the start that ends with that
move and offers exactly the listed moves, and lets the following turns rule out the
wrong ones (see ``Tracker``).

The real referee is not public. The local referee reads the move as the text before the
first space, and accepts it only if it is exactly the name of a legal move; our bot
never prints anything else, so this strictness can only catch our own mistakes.
"""

from games import protocol
from games.protocol import ProtocolError, read_moves
from games.breakthrough.rules import BLACK, GOAL_ROW, WHITE, Breakthrough

FIRST_TURN_MS = 1000
TURN_MS = 100
# How far from the start the first turn's position is looked for: enough for random
# openings of up to 3 plies whichever seat we have (the local arena plays 2 when asked).
OPENING_PLIES = 4


def parse_last_move(game, line):
    """The opponent's last move, or None at the start of the game."""
    if line == "None":
        return None
    try:
        return game.parse_move(line)
    except ValueError:
        raise ProtocolError(f"expected the opponent's last move or None, got {line!r}") from None


def parse_count(line):
    if not (line.isascii() and line.isdigit()):
        raise ProtocolError(f"expected the number of legal moves, got {line!r}")
    count = int(line)
    if not 1 <= count <= 48:  # 16 pieces with 3 steps each at most
        raise ProtocolError(f"the number of legal moves must be 1 to 48, got {count}")
    return count


def read_actions(game, next_line):
    return read_moves(game, next_line, parse_count(next_line()), "legal move")


def colour_of(actions):
    """WHITE or BLACK, from the direction of the listed moves; None if they are mixed."""
    ups = {(m % 64) // 8 > (m // 64) // 8 for m in actions}
    if len(ups) != 1:
        return None
    return WHITE if ups.pop() else BLACK


class Tracker:
    """The bot's memory between turns: the positions that fit everything seen so far.

    On CodinGame that is one position: the start, or the start after White's first move,
    then whatever our moves and the opponent's make of it. After random opening plies
    (a local arena may play some) the first turn can fit several positions, which
    differ in pieces the listed moves do not see; the tracker keeps them all, follows
    each with the moves played, and drops those that the opponent's moves or the listed
    moves rule out. The bot searches the first one. If none is left, the tracker is
    lost for the rest of the game, and the bot plays from the listed moves alone.
    """

    def __init__(self, game=None):
        self.game = game or Breakthrough()
        self.candidates = None  # positions after our last move; None before our first turn
        self.colour = None
        self.lost = False

    def state_for(self, last_move, actions):
        """Our state for a turn (None if it cannot be known) and a note when something
        did not add up (None when all is as expected)."""
        game = self.game
        listed = colour_of(actions)
        if listed is None:
            raise ProtocolError("the listed moves go both up and down the board")
        if self.lost:
            return None, None  # already said; playing from the listed moves
        wanted = sorted(actions)
        if self.candidates is None:
            self.colour = listed
            fitting = self._first_positions(last_move, wanted)
            if not fitting:
                return self._lose("no position near the start fits this first turn")
        else:
            if listed != self.colour:
                return self._lose("the listed moves are the other colour's")
            fitting = [game.play(s, last_move) for s in self.candidates
                       if last_move is not None and last_move in game.legal_moves(s)]
            if not fitting:
                return self._lose(f"the opponent's move {last_move!r} is not legal in our position")
            exact = [s for s in fitting if sorted(game.legal_moves(s)) == wanted]
            fitting = exact or fitting  # none exact: our rules disagree; check_actions says so
        self.candidates = fitting
        return fitting[0], None

    def _lose(self, why):
        self.lost = True
        self.candidates = []
        return None, why + "; playing from the listed moves from now on"

    def _first_positions(self, last_move, wanted):
        """The start for None. Otherwise every position within OPENING_PLIES of the start
        that ends with ``last_move`` and offers exactly the ``wanted`` moves; failing that,
        the start after ``last_move`` (CodinGame's case: if its list differs from ours,
        ``check_actions`` says so)."""
        game = self.game
        start = game.initial_state()
        if last_move is None:
            return [start] if colour_of(wanted) == WHITE else []
        found = []
        layer = [start]
        for depth in range(OPENING_PLIES):
            for state in layer:
                if last_move in game.legal_moves(state):
                    after = game.play(state, last_move)
                    if sorted(game.legal_moves(after)) == wanted and after not in found:
                        found.append(after)
            if depth + 1 < OPENING_PLIES:
                layer = list(dict.fromkeys(game.play(s, m) for s in layer for m in game.legal_moves(s)))
        if not found and last_move in game.legal_moves(start):
            after = game.play(start, last_move)
            if game.to_move(after) == colour_of(wanted):
                found.append(after)
        return found

    def played(self, state, move):
        """Records our answer, so that the opponent's next move can be applied to it."""
        if self.lost or self.candidates is None:
            return
        game = self.game
        self.candidates = [game.play(s, move) for s in self.candidates if move in game.legal_moves(s)]
        if not self.candidates:
            self.lost = True


class Player(protocol.Player):
    """The bot's side: the opponent's last move and the listed moves a turn; the
    position kept by ``Tracker``, and unknown (None) once it is lost."""

    rules = Breakthrough
    first_turn_ms = FIRST_TURN_MS
    turn_ms = TURN_MS

    def __init__(self, game=None):
        super().__init__(game)
        self.tracker = Tracker(self.game)

    def read_turn(self, first_line, next_line):
        last_move = parse_last_move(self.game, first_line)
        actions = read_actions(self.game, next_line)
        state, note = self.tracker.state_for(last_move, actions)
        return state, actions, [note] if note else []

    def blind_move(self, actions):
        """One that reaches a goal row (it wins at once) if there is one, else the first."""
        for move in actions:
            if (move % 64) // 8 in GOAL_ROW:
                return move
        return actions[0]

    def played(self, state, move):
        self.tracker.played(state, move)


class Referee(protocol.Referee):
    """The arena's side, for the local referee. Every player with a legal move is
    asked: Breakthrough has no pass."""

    name = "breakthrough"
    rules = Breakthrough
    first_turn_ms = FIRST_TURN_MS
    turn_ms = TURN_MS
    max_turns = None  # unconfirmed on CodinGame; a game lasts 177 plies at most anyway

    def turn_lines(self, state, player, first_turn, last_move=None):
        game = self.game
        moves = sorted(game.move_name(m) for m in game.legal_moves(state))
        last = "None" if last_move is None else game.move_name(last_move)
        return [last, str(len(moves))] + moves

    def parse_answer(self, state, line):
        """The move of an answer line: the text before the first space must be the exact
        name of a legal move. ValueError with the reason otherwise."""
        text = line.rstrip("\r\n").split(" ", 1)[0]
        legal = {self.game.move_name(m): m for m in self.game.legal_moves(state)}
        if text not in legal:
            raise ValueError(f"invalid action {line.strip()!r}")
        return legal[text]
