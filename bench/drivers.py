"""Alpha-beta's three drivers of the root side by side: PVS with aspiration windows (the
default), MTD(f) and Best Node Search, in fixed-depth searches of the same positions.

    python bench/drivers.py                   # every game, the depths of DEPTHS
    python bench/drivers.py --games oware --positions 20

For each game and depth, each driver searches the same positions of random games with a
fresh engine (iterative deepening to ``Limit(depth=...)``, the game's handcrafted
evaluation, the table and ordering of the defaults): the positions it visited in all,
over those of PVS, and how often its move is PVS's (a different move may be as good:
equal values). Prints a Markdown table (docs/tuning/best-node-search.md holds one).
Not a topic of ``python -m bench``: it measures work, not speed, and takes a minute.
"""
import argparse
import importlib
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.games import available_games, load_referee  # noqa: E402
from engines.alphabeta import AlphaBeta  # noqa: E402
from bench.same_search import positions  # noqa: E402
from engines.base import Limit  # noqa: E402

DRIVERS = {"PVS": {}, "MTD(f)": {"mtdf": True}, "BNS": {"bns": True}}
DEPTHS = {"onitama": (4, 5, 6), "breakthrough": (3, 4, 5), "othello": (4, 5, 6), "reversi": (4, 5, 6),
          "oware": (6, 7, 8)}
POSITIONS = 12


def rows(name, count, seed):
    """Table rows (game, depth, then nodes and agreement of each driver) of one game."""
    referee = load_referee(name)
    game = referee.game
    package = type(game).__module__.rpartition(".")[0]
    evaluate = importlib.import_module(f"{package}.evaluation").make_evaluator(game)
    states = positions(referee, count, seed)  # the same kind as bench/same_search.py's
    found = []
    for depth in DEPTHS.get(name, (3, 4, 5)):
        nodes, moves = {}, {}
        for label, params in DRIVERS.items():
            results = [AlphaBeta(game, evaluate, **params).search(state, Limit(depth=depth)) for state in states]
            nodes[label] = sum(result.nodes for result in results)
            moves[label] = [result.move for result in results]
        cells = [name, str(depth), f"{nodes['PVS']:,}"]
        for label in list(DRIVERS)[1:]:
            same = sum(a == b for a, b in zip(moves[label], moves["PVS"]))
            cells.append(f"{nodes[label]:,} ({nodes[label] / nodes['PVS']:.2f}x), {same}/{len(states)} same move")
        found.append(cells)
        print("| " + " | ".join(cells) + " |", flush=True)
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python bench/drivers.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", help="comma-separated (default: every game of the arena)")
    parser.add_argument("--positions", type=int, default=POSITIONS, help="positions a game (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=7)
    options = parser.parse_args(argv)
    names = options.games.split(",") if options.games else available_games()
    unknown = [name for name in names if name not in available_games()]
    if unknown:
        parser.error(f"--games: unknown {', '.join(unknown)}; choose among {', '.join(available_games())}")
    if options.positions < 1:
        parser.error("--positions: expected at least 1")
    labels = list(DRIVERS)
    print("| game | depth | " + " | ".join(f"{label} positions" for label in labels) + " |")
    print("|---|---:|" + "---:|" * len(labels))
    for name in names:
        rows(name, options.positions, options.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
