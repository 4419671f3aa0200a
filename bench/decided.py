"""Where a bot's lost games were decided: an oracle's look back over a results file.

    python bench/decided.py results/onitama.jsonl ours --nodes 200000

For every game of the file that the bot named lost on the board (not on a fault, not at
the turn limit), the oracle (the best engine of the game's bot, as it plays, given
``--nodes`` positions a search: many more than a turn of the arena's clock gives) values the
position before each of that bot's moves, from the last one back; the *deciding move*
is the latest one made from a position the oracle does not prove lost. Prints each
game's deciding move, how many plies before the end it came, and the move the oracle
would have played there; then how many games were decided how far from the end. A
game the oracle proves lost from the bot's first move counts as lost from the start.
A long look-ahead that finds most games decided far from the end says the winner saw
deeper, not that the loser's evaluation missed something near it.
"""
import argparse
import collections
import importlib
import random
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.errors import UserError  # noqa: E402
from arena.games import load_referee  # noqa: E402
from arena.match import play_opening  # noqa: E402
from arena.results import read_results  # noqa: E402
from bench.fixed_nodes import configuration, make_engine  # noqa: E402
from engines.base import PROVEN, Limit  # noqa: E402

FROM_THE_START = "from the start"


class Oracle:
    """The best engine of the game's bot, with its settings and a node budget a search."""

    def __init__(self, name, nodes):
        self.referee = load_referee(name)
        self.bot = importlib.import_module(f"bots.{name}").BOT
        self.game = self.referee.game
        self.config = configuration(f"oracle={self.bot.best}", self.bot)
        self.nodes = nodes

    def search(self, state):
        return make_engine(self.config, self.game, self.bot).search(state, Limit(nodes=self.nodes))


def positions(referee, record):
    """The positions before each move of a recorded game, and its final position."""
    game = referee.game
    rng = random.Random(record["seed"])
    state, _ = play_opening(referee, referee.new_state(rng), rng, record["opening"] or None)
    found = []
    for text in record["moves"]:
        found.append(state)
        state = game.play(state, game.parse_move(text))
    return found, state


def decided(oracle, record, name):
    """(plies from the deciding move to the end, or FROM_THE_START; the move played; the
    oracle's move there) of a game that ``name`` lost on the board."""
    game = oracle.game
    states, _ = positions(oracle.referee, record)
    seat = record["bots"].index(name)
    own = [i for i, state in enumerate(states) if game.to_move(state) == seat]
    for i in reversed(own):
        result = oracle.search(states[i])
        if result.value > -PROVEN:
            played = game.parse_move(record["moves"][i])
            return len(states) - i, game.move_name(played), game.move_name(result.move)
    return FROM_THE_START, None, None


def lost_on_the_board(record, name):
    bots = record["bots"]
    return (name in bots and bots[0] != bots[1] and record["reason"] == "end"
            and record.get("winner") == 1 - bots.index(name))


def results_or_usage_error(parser, path):
    """The records of the results file at ``path``; a usage error (exit 2) naming what is
    wrong if there is none or it is not one."""
    if not path.is_file():
        parser.error(f"no results file {path}")
    try:
        return read_results(path)
    except UserError as error:
        parser.error(str(error))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", help="a results file of the arena (JSON lines)")
    parser.add_argument("name", help="the bot whose lost games to look at, as the file names it")
    parser.add_argument("--nodes", type=int, default=200_000,
                        help="the oracle's positions a search (default 200,000)")
    parser.add_argument("--games", type=int, help="look at this many lost games at most")
    options = parser.parse_args(argv)
    path = Path(options.results)
    records = results_or_usage_error(parser, path)
    names = sorted({bot for record in records for bot in record.get("bots", ())})
    if options.name not in names:
        parser.error(f"no bot named {options.name!r} in {path}; it names {', '.join(names) or 'none'}")
    lost = [record for record in records if lost_on_the_board(record, options.name)][:options.games]
    oracles = {}
    for game in sorted({record["game"] for record in lost}):
        try:
            oracles[game] = Oracle(game, options.nodes)
        except (UserError, ImportError):
            parser.error(f"{path}: no bot of this project plays {game!r}")
    distances = collections.Counter()
    other_move = 0
    for record in lost:
        distance, played, better = decided(oracles[record["game"]], record, options.name)
        distances[distance] += 1
        if distance == FROM_THE_START:
            print(f"{record['key']}: lost from the start", flush=True)
            continue
        other_move += better != played
        print(f"{record['key']}: decided {distance} plies before the end by {played!r}; "
              f"the oracle plays {better!r} there", flush=True)
    counted = sorted((d, n) for d, n in distances.items() if d != FROM_THE_START)
    if FROM_THE_START in distances:
        counted.append((FROM_THE_START, distances[FROM_THE_START]))
    print(f"{options.name}: {len(lost)} games lost on the board; decided, in plies before the end: "
          + (", ".join(f"{distance}: {games}" for distance, games in counted) or "none"))
    print(f"the oracle ({options.nodes:,} positions a search) would have played another move in {other_move} of them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
