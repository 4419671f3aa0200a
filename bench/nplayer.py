"""The N-player engines in Tron: what max^n's pruning saves at a fixed depth (positions
visited, deterministic) beside paranoid's, the evaluation's time a position, and the
depth each engine reaches in 100 ms (noisy: a loaded machine reaches less)."""
import random
import statistics
import time

from engines import registry
from engines.base import Limit, random_plies
from engines.nplayer import PRUNINGS
from games.tron.evaluation import make_evaluator
from games.tron.rules import Tron

DEPTHS = {2: 7, 3: 6, 4: 5}  # max^n's fixed depth for each number of cycles


def positions(game, count, seed):
    """``count`` unfinished positions 20 to 80 random plies after the default start."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = random_plies(game, game.initial_state(), rng, rng.randrange(20, 80))
        if game.legal_moves(state):
            found.append(state)
    return found


def fixed_depth(players, count):
    game = Tron(players)
    evaluate = make_evaluator(game)
    states = positions(game, count, players)
    depth = DEPTHS[players]
    settings = [(f"maxn {pruning}", "maxn", {"pruning": pruning}) for pruning in PRUNINGS]
    settings.append(("paranoid", "paranoid", {}))
    for label, name, params in settings:
        nodes, start = 0, time.perf_counter()
        for state in states:
            nodes += registry.engine_class(name)(game, evaluate, **params).search(state, Limit(depth=depth)).nodes
        took = time.perf_counter() - start
        print(f"tron {players} cycles, depth {depth}, {count} positions: {label:18s} "
              f"{nodes:8,d} positions ({nodes / took:,.0f}/s)")


def evaluation_time(players, count, repeats=200):
    """The median over ``count`` positions of the evaluation's mean time on each."""
    game = Tron(players)
    evaluate = make_evaluator(game)
    times = []
    for state in positions(game, count, players + 20):
        start = time.perf_counter()
        for _ in range(repeats):
            evaluate(state)
        times.append((time.perf_counter() - start) / repeats)
    print(f"tron {players} cycles, {count} positions: the evaluation takes {statistics.median(times) * 1e6:.1f} us "
          f"(median; {min(times) * 1e6:.1f} to {max(times) * 1e6:.1f})")


def within(players, count, seconds=0.1):
    game = Tron(players)
    evaluate = make_evaluator(game)
    states = positions(game, count, players + 10)
    for name in registry.NPLAYER_INNER_CHOICES:  # fill wraps one of them: the same search here
        depths = [registry.engine_class(name)(game, evaluate).search(state, Limit.within(seconds)).depth
                  for state in states]
        print(f"tron {players} cycles, {seconds * 1000:.0f} ms: {name:9s} depths {depths}")


def run(quick=False):
    count = 3 if quick else 8
    for players in (3, 4):
        fixed_depth(players, count)
    for players in (2, 3, 4):
        evaluation_time(players, count)
    for players in (2, 3, 4):
        within(players, count)


if __name__ == "__main__":
    run()
