"""Ultimate Tic-Tac-Toe bot for CodinGame ("tic-tac-toe", Ultimate leagues): alpha-beta
with a quiescence search over the moves that win a small board. The arena sends the
opponent's last move and the legal moves, never the board: the protocol's player keeps
the game (games/uttt/protocol.py). Its records: docs/tuning/uttt.md."""
import sys

from bots.runtime import MCTS_WITH_EVALUATION, Bot, main
from games.uttt.protocol import Player

BOT = Bot(
    "uttt", Player, {"handcrafted": "games.uttt.evaluation:make_evaluator"},
    best="alphabeta+",  # docs/tuning/uttt.md#best-the-engine
    time=0.6,           # of the 100 ms turns: docs/tuning/uttt.md#time-and-first_time
    first_time=0.3,     # of the 1000 ms first turn
    configs={"mcts": MCTS_WITH_EVALUATION},  # its evaluation after 2 playout plies, as every bot
    max_nodes=900_000,  # as Breakthrough's (about 540 bytes a node): under the 768 MB limit
)

if __name__ == "__main__":
    sys.exit(main(BOT))
