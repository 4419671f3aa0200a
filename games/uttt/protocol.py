"""CodinGame "Tic-Tac-Toe" from its Ultimate leagues on (docs/uttt.md): the bot's and
the referee's sides, on the shared "last move, then the legal actions" shape.

No init input. Each turn: ``opponentRow opponentCol`` (``-1 -1`` for the first player's
first turn), ``validActionCount``, then one ``row col`` a line; the answer is ``row col``.
Rows and columns count 0-8 over the whole 9 x 9 grid. 1000 ms for the first turn, 100 ms
for the others. The arena sends no board: the bot keeps the game itself.
"""

from games import lastmove
from games.uttt.rules import UltimateTicTacToe

FIRST_TURN_MS, TURN_MS = 1000, 100
NO_MOVE = "-1 -1"


class Tracker(lastmove.OpeningTracker):
    # The listed moves never tell X's from O's, so after unseen opening plies the bot
    # could not know its own mark: only CodinGame's openings (none) are looked for.
    opening_plies = 1


class Player(lastmove.LastMovePlayer):
    rules = UltimateTicTacToe
    first_turn_ms, turn_ms = FIRST_TURN_MS, TURN_MS
    no_move = NO_MOVE
    max_actions = 81
    tracker_class = Tracker


class Referee(lastmove.LastMoveReferee):
    name = "uttt"
    rules = UltimateTicTacToe
    first_turn_ms, turn_ms = FIRST_TURN_MS, TURN_MS
    no_move = NO_MOVE
    random_plies = 0  # see Tracker: games vary by the searches' clock instead
