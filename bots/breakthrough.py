"""Breakthrough bot for CodinGame ("breakthrough"): alpha-beta with a quiescence search
and the network evaluation by default. The arena sends the opponent's last move and the
legal moves, never the board: the protocol's player keeps the position
(games/breakthrough/protocol.py). Its records: docs/tuning/breakthrough-constants.md#the-bots-constants."""
import sys

from bots.runtime import MCTS_WITH_EVALUATION, Bot, Config, main
from games.breakthrough.protocol import Player

BOT = Bot(
    "breakthrough", Player, {"handcrafted": "games.breakthrough.evaluation:make_evaluator",
                             "learned": "games.breakthrough.learned:make_evaluator",
                             "nn": "games.breakthrough.nn:make_evaluator"},
    best="alphabeta+",  # docs/tuning/breakthrough-constants.md#best_engine
    time=0.68,          # of the 100 ms turns: docs/tuning/breakthrough-constants.md#time_fraction
    first_time=0.3,     # of the 1000 ms first turn
    # The best engine takes the network evaluation (docs/tuning/breakthrough-nn.md); the
    # others keep the handcrafted one, so that the engines' table compares searches with
    # the same evaluation. Alpha-beta+ also searches captures first and reduces late quiet
    # moves (docs/tuning/breakthrough-constants.md#search-options).
    configs={
        "bestfirst": Config("bestfirst", C=1.26, FPU=0.363),  # arena tune: docs/tuning/breakthrough.md
        "mcts": MCTS_WITH_EVALUATION,
        "alphabeta+": Config("alphabeta+", evaluation="nn", noisy_first=True, reduce_after=3),
    },
    max_nodes=900_000,  # about 540 bytes a node: under the 768 MB limit
)

if __name__ == "__main__":
    sys.exit(main(BOT))
