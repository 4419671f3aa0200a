"""Moves, values, node counts and principal variations of the engines with fixed node
budgets, depths and seeds, over a few turns of each game (so kept trees are re-rooted):
tests/test_engine_figures.py compares them with tests/data/engine_figures.json, written
by an earlier version of the engines. A refactoring must leave every figure as it was.

    PYTHONPATH=. python tests/engine_figures.py > tests/data/engine_figures.json
"""
import importlib
import json
import random

from engines.alphabeta import AlphaBeta, AlphaBetaPlus
from engines.base import Limit, random_plies
from engines.bestfirst import BestFirst
from engines.bestfirst_plus import BestFirstPlus
from engines.mcts import MCTS

GAMES = ("othello", "oware", "breakthrough", "onitama")
NOISY = ("oware", "breakthrough", "onitama")  # games with noisy_moves (alphabeta+)

CONFIGS = {
    "alphabeta-d3": (AlphaBeta, {"max_depth": 3}),
    "alphabeta+-d2": (AlphaBetaPlus, {"max_depth": 2}),
    "bestfirst-600": (BestFirst, {"max_nodes": 600}),
    "bestfirst+-600": (BestFirstPlus, {"max_nodes": 600}),
    "bestfirst+-leaf1-300": (BestFirstPlus, {"max_nodes": 300, "leaf_depth": 1}),
    "bestfirst+-resume8-600": (BestFirstPlus, {"max_nodes": 600, "resume": 8}),
    "bestfirst+-softmax-cache": (BestFirstPlus, {"max_nodes": 400, "selection": "softmax",
                                                 "cache_size": 100, "seed": 3}),
    "mcts-300": (MCTS, {"max_nodes": 300, "seed": 1}),
    "mcts-bias-history-cutoff": (MCTS, {"max_nodes": 300, "bias": 0.5, "history": 0.5,
                                        "playout_plies": 4, "seed": 2}),
    "mcts-weighted": (MCTS, {"max_nodes": 200, "playout_weight": {0: 3.0, 1: 0.5},
                             "prove_depth": 0, "seed": 4}),
}
POSITIONS = 3  # starting positions per game
TURNS = 3      # searches per game: the engine's move, then a random reply, each time


def load(name):
    game_module = importlib.import_module(f"games.{name}.rules")
    classes = [obj for obj in vars(game_module).values()
               if isinstance(obj, type) and obj.__module__ == game_module.__name__
               and hasattr(obj, "initial_state")]
    game = classes[0]()
    evaluate = importlib.import_module(f"games.{name}.evaluation").make_evaluator(game)
    return game, evaluate


def start_positions(game, seed):
    rng = random.Random(seed)
    found = []
    while len(found) < POSITIONS:
        state = random_plies(game, game.initial_state(), rng, rng.randrange(0, 30))
        if game.legal_moves(state):
            found.append(state)
    return found


def figures():
    """{game/config/position: [[move, value, nodes, depth, pv] per turn]}"""
    found = {}
    for index, name in enumerate(GAMES):
        game, evaluate = load(name)
        positions = start_positions(game, 100 + index)
        for config, (engine_class, params) in CONFIGS.items():
            if engine_class is AlphaBetaPlus and name not in NOISY:
                continue
            for number, state in enumerate(positions):
                engine = engine_class(game, evaluate, **params)
                rng = random.Random(number)
                turns = []
                for _ in range(TURNS):
                    result = engine.search(state, Limit())
                    turns.append([repr(result.move), result.value, result.nodes, result.depth,
                                  [repr(m) for m in result.pv]])
                    state = game.play(state, result.move)
                    moves = game.legal_moves(state)
                    if not moves:
                        break
                    state = game.play(state, rng.choice(moves))
                    if not game.legal_moves(state):
                        break
                found[f"{name}/{config}/{number}"] = turns
    return found


if __name__ == "__main__":
    print(json.dumps(figures(), indent=0, sort_keys=True))
