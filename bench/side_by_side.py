"""The engines of two source trees side by side: nodes per second of each engine for
``--seconds`` on fixed positions of each game, runs of the two trees interleaved
(``--rounds`` rounds, each tree run in its own process), medians and the ratio new/old.
The games come from one tree (``--games``, by default the old one) for both, so that
only the engines differ. The collector is off, as in the bots.

With ``--budget`` each engine does a fixed amount of work instead (alpha-beta the
shallowest depth reaching ``AB_NODES`` nodes, the others ``TREE_NODES`` nodes), the same
searches in both trees (tests/test_engine_figures.py holds them equal), timed in process
time: the figures then measure speed alone, not what the clock lets each tree do. With
``--bytecodes`` the same searches (on ``BYTECODE_SHARE`` of the budgets) count the
Python bytecodes they execute instead: no timing at all, so a loaded machine changes
nothing, but a bytecode that calls into C counts as one, whatever the call costs.

    python bench/side_by_side.py OLD_TREE [NEW_TREE] [--rounds 5] [--seconds 1] [--game oware]
    python bench/side_by_side.py OLD_TREE [NEW_TREE] --budget --rounds 9
    python bench/side_by_side.py OLD_TREE [NEW_TREE] --bytecodes --rounds 1

Not a topic of ``python -m bench``: it needs a second tree (e.g. a git worktree of the
commit to compare with).
"""
import argparse
import gc
import importlib
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

# label: (the engine's name in engines/registry.py, its parameters)
ENGINES = {
    "alphabeta": ("alphabeta", {}),
    "alphabeta+": ("alphabeta+", {}),  # where the game names noisy moves (not Othello)
    "bestfirst": ("bestfirst", {}),
    "bestfirst+": ("bestfirst+", {}),
    "bestfirst+leaf2": ("bestfirst+", {"leaf_depth": 2}),
    "mcts": ("mcts", {"seed": 1}),
}
PLIES = (0, 20)  # the positions: the start, and ply 20 of a fixed random game
BYTECODE_SHARE = 0.05  # --bytecodes: the budgets' share (counting slows a search 20-fold)
AB_NODES = 100000   # --budget: alpha-beta searches the shallowest depth reaching this many
TREE_NODES = {"bestfirst": 40000, "bestfirst+": 40000, "mcts": 5000}  # --budget: node budgets


def engine_classes():
    """{name: class}, from the registry where the tree has one (which names each class
    by a "module:Class" target since bundles carry only their engines)."""
    try:
        registry = importlib.import_module("engines.registry")
        return {name: registry.load(target) if isinstance(target, str) else target
                for name, target in registry.ENGINES.items()}
    except ImportError:
        from engines.alphabeta import AlphaBeta, AlphaBetaPlus
        from engines.bestfirst import BestFirst
        from engines.bestfirst_plus import BestFirstPlus
        from engines.mcts import MCTS
        return {"alphabeta": AlphaBeta, "alphabeta+": AlphaBetaPlus, "bestfirst": BestFirst,
                "bestfirst+": BestFirstPlus, "mcts": MCTS}


def worker(engines_tree, games_tree, game_name, seconds, mode="clock"):
    """Prints {label: nodes per second} of every engine on every position of one game."""
    sys.path[:0] = [games_tree]
    rules = importlib.import_module(f"games.{game_name}.rules")
    evaluation = importlib.import_module(f"games.{game_name}.evaluation")
    sys.path[:0] = [engines_tree]  # games are imported already: only engines come from here
    classes = engine_classes()
    from engines.base import Limit, random_plies
    game = next(obj for obj in vars(rules).values()
                if isinstance(obj, type) and obj.__module__ == rules.__name__
                and hasattr(obj, "initial_state"))()
    evaluate = evaluation.make_evaluator(game)
    rates = {}
    gc.disable()
    for plies in PLIES:
        state = random_plies(game, game.initial_state(), random.Random(20), plies)
        for label, (name, params) in ENGINES.items():
            try:
                engine = classes[name](game, evaluate, **params)
            except ValueError:  # an engine the game cannot have (alpha-beta+ in Othello)
                continue
            if mode == "budget":
                engine = budgeted(name, classes[name], game, evaluate, state, params)
                gc.collect()
                start = time.process_time()
                result = engine.search(state, Limit())
                elapsed = time.process_time() - start
            elif mode == "bytecodes":
                engine = budgeted(name, classes[name], game, evaluate, state, params, BYTECODE_SHARE)
                gc.collect()
                result, executed = count_bytecodes(engine.search, state, Limit())
                elapsed = executed / 1e6  # the figure: nodes per million bytecodes
            else:
                gc.collect()
                start = time.perf_counter()
                result = engine.search(state, Limit(deadline=start + seconds))
                elapsed = time.perf_counter() - start
            rates[f"{game_name} ply{plies} {label}"] = result.nodes / elapsed
    print(json.dumps(rates))


def count_bytecodes(function, *args):
    """(function(*args), the Python bytecodes it executed): a measure of the
    interpreter's work that the machine's load cannot blur (calls into C count as one)."""
    executed = 0

    def per_opcode(frame, event, arg):
        nonlocal executed
        if event == "opcode":
            executed += 1
        return per_opcode

    def per_call(frame, event, arg):
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        return per_opcode

    sys.settrace(per_call)
    try:
        result = function(*args)
    finally:
        sys.settrace(None)
    return result, executed


def budgeted(name, engine_class, game, evaluate, state, params, share=1.0):
    """A fresh engine with a fixed budget (times ``share``): a node budget, or for
    alpha-beta (which has none) the shallowest depth whose search reaches AB_NODES nodes."""
    from engines.base import Limit  # the tree's own (worker put it on the path)
    if name in TREE_NODES:
        return engine_class(game, evaluate, max_nodes=round(TREE_NODES[name] * share), **params)
    for depth in range(1, 64):
        if engine_class(game, evaluate, max_depth=depth, **params).search(
                state, Limit()).nodes >= AB_NODES * share:
            break
    return engine_class(game, evaluate, max_depth=depth, **params)


def games_with_bots(tree):
    """The games of ``tree`` that have a bot (as arena.games.games_with_bots, read from
    the files: importing the tree's modules here would shadow the workers' trees)."""
    return sorted(bot.stem for bot in (tree / "bots").glob("*.py")
                  if (tree / "games" / bot.stem / "__init__.py").is_file())


def main(argv=None):
    games = games_with_bots(Path(__file__).resolve().parent.parent)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new", nargs="?", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--games", help="the tree to import the games from (default: OLD)")
    parser.add_argument("--game", action="append", choices=games, help="only this game (repeatable)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--budget", dest="mode", action="store_const", const="budget", default="clock",
                        help="fixed work per engine, timed in process time, instead of --seconds")
    parser.add_argument("--bytecodes", dest="mode", action="store_const", const="bytecodes",
                        help="fixed work per engine: nodes per million bytecodes executed "
                             "(deterministic; one round is enough)")
    parser.add_argument("--worker", nargs=2, metavar=("ENGINES_TREE", "GAME"), help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    games_tree = options.games or options.old
    if options.worker:
        worker(options.worker[0], games_tree, options.worker[1], options.seconds, options.mode)
        return
    figures = {"old": {}, "new": {}}
    for round_ in range(options.rounds):
        for game_name in options.game or games:
            trees = [("old", options.old), ("new", options.new)]
            if round_ % 2:
                trees.reverse()
            for side, tree in trees:
                output = subprocess.run(
                    [sys.executable, __file__, options.old, "--games", games_tree,
                     "--seconds", str(options.seconds), "--worker", tree, game_name]
                    + ([f"--{options.mode}"] if options.mode != "clock" else []),
                    check=True, capture_output=True, text=True, cwd="/").stdout
                for key, value in json.loads(output).items():
                    figures[side].setdefault(key, []).append(value)
        print(f"round {round_ + 1} of {options.rounds} done", file=sys.stderr, flush=True)
    print(f"{'position and engine':40} {'old':>10} {'new':>10} {'new/old':>8}")
    ratios = []
    for key in figures["old"]:
        old, new = statistics.median(figures["old"][key]), statistics.median(figures["new"][key])
        ratios.append(new / old)
        print(f"{key:40} {old:10,.0f} {new:10,.0f} {new / old:8.3f}")
    print(f"{'median ratio':40} {'':10} {'':10} {statistics.median(ratios):8.3f}")


if __name__ == "__main__":
    main()
