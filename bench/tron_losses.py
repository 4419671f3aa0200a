"""Which Tron losses a deeper search would have saved: for each game a bot lost in a
2-cycle results file, paranoid with the Tron evaluation given many more positions than a
turn's reads the position at each of the bot's turns; it prints the first ply at which
that search reads the game lost (a value under 0.05) and how many of the bot's moves
up to it differed from the search's (docs/tuning/tron.md, "Which losses a deeper
search would have saved").

    python bench/tron_losses.py RESULTS.jsonl BOT [--games 10] [--nodes 40000] [--plies 80]
"""
import argparse
import random
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.match import new_state  # noqa: E402
from bots.tron import BOT  # noqa: E402
from bench.decided import results_or_usage_error  # noqa: E402
from engines.base import Limit  # noqa: E402
from engines.registry import engine_class  # noqa: E402
from games.tron.evaluation import FULL, make_evaluator, voronoi  # noqa: E402
from games.tron.protocol import Referee  # noqa: E402

LOST = 0.05  # a value under this reads the game lost


def start_share(state, seat):
    """The seat's share of the start's Voronoi split (ties to no one)."""
    cells = [owned.bit_count() for owned in voronoi(state[1], FULL & ~state[4])]
    return cells[seat] / sum(cells)


def read_game(record, bot, nodes, plies):
    """(our start's share, the first ply read lost or None, our moves unlike the search's
    up to it)."""
    seat = record["bots"].index(bot)
    referee = Referee()
    state = new_state(referee, random.Random(record["seed"]), 2)
    game = referee.game
    evaluate = make_evaluator(game, BOT.configs[BOT.best].weights)  # the bot's weights
    share, differ = start_share(state, seat), 0
    for ply, name in enumerate(record["moves"][:plies]):
        if game.to_move(state) == seat and game.legal_moves(state):
            result = engine_class("paranoid")(game, evaluate).search(state, Limit(nodes=nodes))
            differ += game.move_name(result.move) != name
            if result.value < LOST:
                return share, ply, differ
        state = game.play(state, game.parse_move(name))
    return share, None, differ


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", help="a results file of the arena (JSON lines)")
    parser.add_argument("bot", help="the bot whose lost games to read, as the file names it")
    parser.add_argument("--games", type=int, default=10, help="lost games to read (default: 10)")
    parser.add_argument("--nodes", type=int, default=40_000, help="positions a search (default: 40,000)")
    parser.add_argument("--plies", type=int, default=80, help="plies of each game read (default: 80)")
    args = parser.parse_args(argv)
    records = results_or_usage_error(parser, Path(args.results))
    lost = [r for r in records if r["game"] == "tron" and len(r["bots"]) == 2 and args.bot in r["bots"]
            and r["winner"] != r["bots"].index(args.bot)]
    if not lost:
        parser.error(f"no 2-cycle Tron game lost by {args.bot!r} in {args.results}")
    for record in lost[:args.games]:
        share, ply, differ = read_game(record, args.bot, args.nodes, args.plies)
        when = f"read lost at ply {ply}" if ply is not None else f"not read lost in {args.plies} plies"
        print(f"{record['key']}: start share {share:.2f}, {when}; {differ} of our moves unlike the search's "
              "until then", flush=True)


if __name__ == "__main__":
    main()
