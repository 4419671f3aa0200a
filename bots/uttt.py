"""Ultimate Tic-Tac-Toe bot for CodinGame ("tic-tac-toe", Ultimate leagues). The arena
sends the opponent's last move and the legal moves, never the board: the protocol's
player keeps the game (games/uttt/protocol.py). Its records: docs/tuning/uttt.md."""
import sys

from bots.runtime import MCTS_WITH_EVALUATION, Bot, Tuned, main
from games.uttt.protocol import Player

BOT = Bot(
    "uttt", Player, {"handcrafted": "games.uttt.evaluation:make_evaluator"},
    best="alphabeta",
    time=0.7,         # of the 100 ms turns
    first_time=0.3,   # of the 1000 ms first turn
    tuned={"mcts": MCTS_WITH_EVALUATION},
    max_nodes=1_000_000,
)

if __name__ == "__main__":
    sys.exit(main(BOT))
