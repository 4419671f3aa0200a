"""Onitama bot for CodinGame ("onitama"): alpha-beta with a quiescence search and the
N-tuple evaluation by default. Its records: docs/tuning/onitama-constants.md#the-bots-constants,
docs/tuning/onitama-forced.md (the configuration forced) and, for the evaluation,
docs/tuning/onitama-ntuple.md."""
import sys

from bots.runtime import MCTS_WITH_EVALUATION, Bot, Config, main
from games.onitama.protocol import Player

BOT = Bot(
    "onitama", Player, {"handcrafted": "games.onitama.evaluation:make_evaluator",
                        "learned": "games.onitama.learned:make_evaluator",
                        "ntuple": "games.onitama.ntuple:make_evaluator"},
    best="alphabeta+",  # docs/tuning/onitama-constants.md#best_engine; forced: docs/tuning/onitama-forced.md
    time=0.73,          # of the 50 ms turns, the longest answers' margin: docs/tuning/onitama-constants.md#time_fraction
    first_time=0.4,     # of the 1000 ms first turn (#first_time_fraction)
    # The best engine takes the N-tuple evaluation; the others keep the handcrafted one,
    # so that the engines' table compares searches with the same evaluation. Best-first
    # keeps its defaults, which arena tune did not beat (docs/tuning/onitama.md).
    # Alpha-beta+ also searches captures and shrine steps first and reduces late quiet
    # moves, the latest by two plies
    # (docs/tuning/onitama-constants.md#search-options-at-a-fixed-node-budget).
    # Forced: alpha-beta+ with proofs of forced lines around it (engines/forced.py); even
    # against the default, within the noise against the compiled opponent: not the
    # default (docs/tuning/onitama-forced.md).
    configs={"mcts": MCTS_WITH_EVALUATION,
             "alphabeta+": Config("alphabeta+", evaluation="ntuple", noisy_first=True, reduce_after=3,
                                  reduce_more=6),
             "forced": Config("forced", evaluation="ntuple", engine="alphabeta+")},
    max_nodes=1_000_000,  # about 530 bytes a node: under the 768 MB limit
)

if __name__ == "__main__":
    sys.exit(main(BOT))
