"""Games between two engine configurations at a fixed node budget per move, in one
process: strength of search options apart from speed and from the machine's load.

    python bench/fixed_nodes.py onitama "q6=alphabeta+,quiescence=6" "q4=alphabeta+" \\
        --nodes 10000 --deals 30

A configuration is ``NAME=ENGINE[,PARAMETER=VALUE...]`` with the engine's parameters as
the bots take them (``--set``; the bot's tuned values apply to the others), plus
``eval=NAME`` for one of the bot's evaluations (default: the one the bot's
configuration gives that engine, e.g. the learned one for Onitama's ``alphabeta+``)
and ``nodes=N`` for a budget of its own (odds: a faster engine's greater budget). Each
deal (the referee's start, a card deal for Onitama, then the arena's random opening
plies for the game, ``--random-plies``: the engines are deterministic, so without them
a game with one start position would play the same two games over and over) is
played twice, seats swapped; each engine keeps its tables for the whole game, as in a
bot. The budget counts the nodes the engine's clock counts (alpha-beta: positions
visited, quiescence included): a search stops as it would at its deadline, with the
best move of its last finished iteration. Prints W/D/L and the score of the first
configuration. Not a topic of ``python -m bench``: a run takes minutes.
"""
import argparse
import importlib
import math
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.games import default_random_plies  # noqa: E402
from arena.match import play_opening  # noqa: E402
from engines import registry  # noqa: E402
from engines.base import Deadline  # noqa: E402


class NodeBudget(Deadline):
    """A clock that runs out after ``budget`` units of work (nodes), not at a time."""

    __slots__ = ("budget",)

    def __init__(self, budget):
        super().__init__(math.inf, every=budget)
        self.budget = budget

    def start(self, at):
        self.left = self.budget

    def passed(self):
        return self.left <= 0

    def tick(self):
        self.left -= 1
        return self.left <= 0

    def due(self):  # called once the countdown reaches 0: the budget is spent
        return True


def configuration(spec, bot):
    """(name, engine name, parameters, evaluation name, node budget or None) of a
    command-line spec."""
    name, _, rest = spec.partition("=")
    engine, *pairs = rest.split(",")
    texts = dict(pair.split("=", 1) for pair in pairs)
    nodes = int(texts.pop("nodes")) if "nodes" in texts else None
    tuned = bot.tuned.get(engine)
    evaluation = texts.pop("eval", None) or (tuned.evaluation if tuned and tuned.evaluation else None) \
        or next(iter(bot.evaluations))
    params = dict(tuned.params) if tuned else {}
    params.update(registry.typed_parameters(engine, texts))
    return name, engine, params, evaluation, nodes


def make_engine(config, game, bot, budget):
    _, engine, params, evaluation, nodes = config
    budget = nodes or budget
    tuned = bot.tuned.get(engine)
    weights = tuned.weights if tuned and tuned.evaluation == evaluation else {}
    made = registry.engine_class(engine)(game, bot.make_evaluator(evaluation, game, **weights), **params)
    made.clock = NodeBudget(budget)
    return made


def play(game, state, engines):
    """The result (+1, 0, -1) for seat 0 of a game from ``state``."""
    while True:
        moves = game.legal_moves(state)
        if not moves:
            result = game.outcome(state)
            return result if game.to_move(state) == 0 else -result
        move = engines[game.to_move(state)].search(state, math.inf).move
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
            engines = [None, None]
            engines[first_seat] = make_engine(configs[0], game, bot, options.nodes)
            engines[1 - first_seat] = make_engine(configs[1], game, bot, options.nodes)
            result = play(game, state, engines)
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
