"""The forced-line search (engines/forced.py) on the positions where games were sealed.

    python bench/forced.py sealed results/onitama.jsonl ours sealed.jsonl --nodes 200000
    python bench/forced.py measure sealed.jsonl --ms 5,15,40

``sealed`` finds, in each game that the bot ``ours`` lost on the board, the position of
its deciding move as bench/decided.py does (the last of its moves made from a position
that the bot's best search, given ``--nodes`` positions, does not prove lost) and writes
one JSON line for each: the game's key, the state, the move played there and how many
plies before the end it came.

``measure`` gives the proof-number search a fresh prover (no proof kept from another
search) and each time of ``--ms`` on the position after the move played, the opponent
to move: the check that the engine ``forced`` makes of the move its alpha-beta chose.
For each time it prints how many of those moves it proves lost, the proofs' length in
plies, the positions it created and the time taken. Times are of this machine, as busy
as it is: run it alone.
"""
import argparse
import json
import sys
from pathlib import Path
from time import perf_counter

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.decided import Oracle, decided, lost_on_the_board, positions, results_or_usage_error  # noqa: E402
from engines.base import Deadline  # noqa: E402
from engines.forced import ProofSearch  # noqa: E402

GAME = "onitama"


def sealed(options, parser):
    records = results_or_usage_error(parser, Path(options.results))
    lost = [record for record in records if lost_on_the_board(record, options.name)][:options.games]
    oracle = Oracle(GAME, options.nodes)
    with open(options.out, "w") as out:
        for record in lost:
            plies, played, _ = decided(oracle, record, options.name)
            if not isinstance(plies, int):
                continue
            states, _ = positions(oracle.referee, record)
            index = len(states) - plies
            line = {"key": record["key"], "state": states[index], "played": record["moves"][index], "plies": plies}
            out.write(json.dumps(line) + "\n")
            print(f"{record['key']}: sealed {plies} plies before the end by {played}", flush=True)
    return 0


def measure(options, parser):
    path = Path(options.positions)
    if not path.is_file():
        parser.error(f"no file {path}")
    try:
        lines = [json.loads(text) for text in path.read_text().splitlines() if text.strip()]
        states = [(tuple(line["state"]), line["played"]) for line in lines]
    except (ValueError, KeyError, TypeError):
        parser.error(f"{path}: not a file of sealed positions (bench/forced.py sealed writes them)")
    if not states:
        parser.error(f"no positions in {path}")
    game = Oracle(GAME, 1).game
    try:
        times = [float(text) for text in options.ms.split(",")]
    except ValueError:
        parser.error(f"--ms {options.ms}: expected times in ms separated by commas")
    for ms in times:
        proven = nodes = 0
        plies, elapsed = [], 0.0
        for position, played in states:
            state = game.play(position, game.parse_move(played))
            clock = Deadline()
            prover = ProofSearch(game, clock)
            began = perf_counter()
            clock.start(began + ms / 1000)
            found = prover.prove(state)
            elapsed += perf_counter() - began
            nodes += prover.nodes
            if found is not None:
                proven += 1
                plies.append(found[1])
        count = len(states)
        mean = sum(plies) / len(plies) if plies else 0
        print(f"{ms:g} ms: the move played proven lost in {proven} of {count}; proofs of {mean:.1f} plies "
              f"on average ({min(plies, default=0)}-{max(plies, default=0)}); {nodes / count:,.0f} positions "
              f"and {1000 * elapsed / count:.1f} ms a position", flush=True)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    find = commands.add_parser("sealed", help="find the positions where a bot's lost games were sealed")
    find.add_argument("results", help="a results file of the arena (JSON lines)")
    find.add_argument("name", help="the bot whose lost games to look at, as the file names it")
    find.add_argument("out", help="where to write the positions (JSON lines)")
    find.add_argument("--nodes", type=int, default=200_000, help="the oracle's positions a search")
    find.add_argument("--games", type=int, help="look at this many lost games at most")
    run = commands.add_parser("measure", help="the forced-line search's figures on those positions")
    run.add_argument("positions", help="a file that `sealed` wrote")
    run.add_argument("--ms", default="5,15,40", help="the times to give it, in ms, comma-separated")
    options = parser.parse_args(argv)
    return (sealed if options.command == "sealed" else measure)(options, parser)


if __name__ == "__main__":
    sys.exit(main())
