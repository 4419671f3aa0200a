"""Games between two engine configurations at a fixed node budget per move, in one
process: strength of search options apart from speed and from the machine's load.

    python bench/fixed_nodes.py onitama "q6=alphabeta+,quiescence=6" "q4=alphabeta+" \\
        --nodes 10000 --deals 30

A configuration is ``NAME=ENGINE[,PARAMETER=VALUE...]`` with the engine's parameters as
the bots take them (``--set``), plus ``eval=NAME`` for one of the bot's evaluations and
``nodes=N`` for a budget of its own (odds: a faster engine's greater budget). The
engine is the one the bot's runtime builds from these options (bots/runtime.py's
``parse_options`` and ``make_engine``): the bot's tuned parameters and weights, its
choice of evaluation, node cap and endgame test, the options above on top. Each
deal (the referee's start, a card deal for Onitama, then the arena's random opening
plies for the game, ``--random-plies``: the engines are deterministic, so without them
a game with one start position would play the same two games over and over) is
played twice, seats swapped; each engine keeps its tables for the whole game, as in a
bot. The budget is a ``Limit``'s ``nodes``: the units each engine counts in its
results (alpha-beta: positions visited, quiescence included; best-first: positions
created; MCTS: simulations); a search stops as it would at its deadline. Prints W/D/L and the score of the first
configuration. Not a topic of ``python -m bench``: a run takes minutes.
"""
import argparse
import importlib
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.games import default_random_plies  # noqa: E402
from arena.match import play_opening  # noqa: E402
from bots import runtime  # noqa: E402
from engines.base import Limit  # noqa: E402


def configuration(spec, bot):
    """(name, the runtime's options, node budget or None) of a command-line spec; a
    wrong spec exits with status 2 and one line, as the bot's options do."""
    name, _, rest = spec.partition("=")
    engine, *pairs = rest.split(",")
    argv = ["--engine", engine]
    nodes = None
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key == "nodes":
            try:
                nodes = int(value)
            except ValueError:
                sys.exit(f"{spec}: nodes={value}: expected an integer")
        elif key == "eval":
            argv += ["--eval", value]
        else:
            argv += ["--set", pair]
    return name, runtime.parse_options(bot, argv), nodes


def make_engine(config, game, bot):
    """The engine the bot's runtime builds for ``config``."""
    return runtime.make_engine(bot, config[1], game)


def play(game, state, engines, budgets):
    """The result (+1, 0, -1) for seat 0 of a game from ``state``, each seat's engine
    searching ``budgets[seat]`` nodes a move."""
    while True:
        moves = game.legal_moves(state)
        if not moves:
            result = game.outcome(state)
            return result if game.to_move(state) == 0 else -result
        seat = game.to_move(state)
        move = engines[seat].search(state, Limit(nodes=budgets[seat])).move
        if move not in moves:
            raise RuntimeError(f"illegal move {move!r}")
        state = game.play(state, move)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--nodes", type=int, default=10_000, help="node budget per move (default 10,000)")
    parser.add_argument("--deals", type=int, default=30, help="openings, each played from both seats")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--random-plies", type=int, metavar="K",
                        help="random opening plies after the referee's start "
                             "(default: the arena's for the game)")
    options = parser.parse_args(argv)
    bot = importlib.import_module(f"bots.{options.game}").BOT
    referee = importlib.import_module(f"games.{options.game}.protocol").Referee()
    game = referee.game
    configs = [configuration(options.first, bot), configuration(options.second, bot)]
    rng = random.Random(options.seed)
    plies = options.random_plies
    if plies is None:
        plies = default_random_plies(options.game)
    wins = draws = losses = 0
    start = time.perf_counter()
    for deal in range(options.deals):
        state, _ = play_opening(referee, referee.new_state(rng), rng, random_plies=plies)
        for first_seat in (0, 1):
            engines, budgets = [None, None], [None, None]
            for seat, config in ((first_seat, configs[0]), (1 - first_seat, configs[1])):
                engines[seat] = make_engine(config, game, bot)
                budgets[seat] = config[2] or options.nodes
            result = play(game, state, engines, budgets)
            result = result if first_seat == 0 else -result
            wins += result > 0
            draws += result == 0
            losses += result < 0
        games = wins + draws + losses
        print(f"\r{games} games: {configs[0][0]} +{wins} ={draws} -{losses}", end="", file=sys.stderr, flush=True)
    games = wins + draws + losses
    score = (wins + draws / 2) / games
    print(file=sys.stderr)
    print(f"{options.game}, {options.nodes:,} nodes a move, {games} games ({options.deals} deals, both seats), "
          f"{time.perf_counter() - start:.0f} s: {configs[0][0]} against {configs[1][0]} "
          f"+{wins} ={draws} -{losses}, score {score:.1%}")


if __name__ == "__main__":
    main()
