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
wrong ones (``games.lastmove.OpeningTracker``).

The real referee is not public. The local referee reads the move as the text before the
first space, and accepts it only if it is exactly the name of a legal move; our bot
never prints anything else, so this strictness can only catch our own mistakes.
"""

from games import lastmove
from games.protocol import ProtocolError
from games.breakthrough.rules import BLACK, GOAL_ROW, WHITE, Breakthrough

FIRST_TURN_MS = 1000
TURN_MS = 100
# How far from the start the first turn's position is looked for: enough for random
# openings of up to 3 plies whichever seat we have (the local arena plays 2 when asked).
OPENING_PLIES = 4
MAX_ACTIONS = 48  # 16 pieces with 3 steps each at most


def colour_of(actions):
    """WHITE or BLACK, from the direction of the listed moves; None if they are mixed."""
    ups = {(m % 64) // 8 > (m // 64) // 8 for m in actions}
    if len(ups) != 1:
        return None
    return WHITE if ups.pop() else BLACK


class Tracker(lastmove.OpeningTracker):
    """The positions that fit everything seen; the listed moves also tell our colour."""

    opening_plies = OPENING_PLIES
    other_side = "the listed moves are the other colour's"

    def side_of(self, actions):
        colour = colour_of(actions)
        if colour is None:
            raise ProtocolError("the listed moves go both up and down the board")
        return colour


class Player(lastmove.LastMovePlayer):
    """The bot's side: the opponent's last move and the listed moves a turn; the
    position kept by ``Tracker``, and unknown (None) once it is lost."""

    rules = Breakthrough
    first_turn_ms = FIRST_TURN_MS
    turn_ms = TURN_MS
    max_actions = MAX_ACTIONS
    tracker_class = Tracker

    def blind_move(self, actions):
        """One that reaches a goal row (it wins at once) if there is one, else the first."""
        for move in actions:
            if (move % 64) // 8 in GOAL_ROW:
                return move
        return actions[0]


class Referee(lastmove.LastMoveReferee):
    """The arena's side, for the local referee. Every player with a legal move is
    asked: Breakthrough has no pass."""

    name = "breakthrough"
    rules = Breakthrough
    first_turn_ms = FIRST_TURN_MS
    turn_ms = TURN_MS
    max_turns = None  # unconfirmed on CodinGame; a game lasts 177 plies at most anyway
    random_plies = 2  # without them every game between two bots would be nearly the same
