"""Fixed-depth alpha-beta searches of every game, to check that a change meant to make
the search faster (or to tidy it) leaves it searching the same trees.

    python bench/same_search.py --save results/search-before.json     # before the change
    python bench/same_search.py --compare results/search-before.json  # after it

The alpha-beta engines of each game (the defaults, MTD(f), Best Node Search,
alpha-beta+ where the game names noisy moves, the bot's configurations of them), with each
evaluation of the game's bot, search positions of random games to a fixed depth
(``Limit(depth=...)``). Each search gives (move, value, positions visited, depth,
principal variation); ``--compare`` prints the searches that differ from the saved ones
and exits with status 1 if any does; saved settings that no longer exist are named
apart, not counted as differences. A search whose position counts change while its moves and values stay has changed
its tree: an intended change of the search shows here too, so this is a tool for
refactoring, not a test. Not a topic of ``python -m bench``: it measures sameness, not
speed. A full run takes about 10 seconds.
"""
import argparse
import importlib
import json
import random
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.games import games_with_bots, load_referee  # noqa: E402
from engines.alphabeta import AlphaBeta, AlphaBetaPlus  # noqa: E402
from engines.base import Limit, random_plies  # noqa: E402
from games import catalog  # noqa: E402
from games.contract import is_n_player  # noqa: E402

# Each game's search depth, as its package declares it (games/catalog.py); the games of
# two players' engines only (Tron's bot searches with the N-player ones).
DEPTHS = {name: catalog.declared(name, "SAME_SEARCH_DEPTH", catalog.DEFAULT_SAME_SEARCH_DEPTH)
          for name in games_with_bots() if not is_n_player(load_referee(name).game)}
POSITIONS = 6  # positions a game


def settings(game, bot):
    """{label: (engine class, parameters)} of the alpha-beta settings ``game`` allows."""
    classes = {"alphabeta": AlphaBeta, "alphabeta+": AlphaBetaPlus}
    found = {"alphabeta": (AlphaBeta, {}), "mtdf": (AlphaBeta, {"mtdf": True}),
             "bns": (AlphaBeta, {"bns": True})}
    if hasattr(game, "noisy_moves"):
        found["alphabeta+"] = (AlphaBetaPlus, {})
    for name, config in bot.configs.items():  # the bot's own, where they set parameters
        if config.params and config.engine in classes and config.engine in found:
            found[f"the bot's {name}"] = (classes[config.engine], dict(config.params))
    return found


def positions(referee, count=POSITIONS, seed=3):
    """``count`` unfinished positions 2 to 23 random plies after the referee's starts."""
    rng = random.Random(seed)
    game = referee.game
    found = []
    while len(found) < count:
        state = random_plies(game, referee.new_state(rng), rng, rng.randrange(2, 24))
        if game.legal_moves(state):
            found.append(state)
    return found


def searches(names=tuple(DEPTHS), count=POSITIONS):
    """{"game setting evaluation": [[move, value, positions, depth, pv], ...]}."""
    results = {}
    for name in names:
        bot = importlib.import_module(f"bots.{name}").BOT
        referee = load_referee(name)
        game = referee.game
        states = positions(referee, count)
        for label, (engine_class, params) in settings(game, bot).items():
            for evaluation in bot.evaluations:
                engine = engine_class(game, bot.make_evaluator(evaluation, game), **params)
                rows = []
                for state in states:
                    result = engine.search(state, Limit(depth=DEPTHS[name]))
                    rows.append([result.move, round(result.value, 9), result.nodes, result.depth, list(result.pv)])
                results[f"{name} {label} {evaluation}"] = json.loads(json.dumps(rows))  # as saved
    return results


def gone(saved, now):
    """The saved settings that ``now`` has no searches of (options since removed)."""
    return sorted({key for key in saved if key not in now})


def differences(saved, now):
    """Lines naming each saved search that ``now`` does not repeat (settings that
    ``now`` lacks apart, see ``gone``)."""
    lines = []
    for key, rows in saved.items():
        if key not in now:
            continue
        if len(now[key]) != len(rows):
            lines.append(f"{key}: {len(rows)} positions saved, {len(now.get(key, ()))} searched now")
            continue
        for index, (before, after) in enumerate(zip(rows, now[key])):
            if before != after:
                lines.append(f"{key}, position {index + 1}: move {before[0]} -> {after[0]}, value {before[1]} -> "
                             f"{after[1]}, positions {before[2]:,} -> {after[2]:,}")
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python bench/same_search.py", description=__doc__.split("\n\n")[0])
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--save", metavar="FILE", help="write the searches' results to FILE (JSON)")
    what.add_argument("--compare", metavar="FILE", help="compare the searches with those saved in FILE")
    parser.add_argument("--games", default=",".join(DEPTHS), help="comma-separated (default: every game with a bot)")
    parser.add_argument("--positions", type=int, default=POSITIONS, help="positions a game (default: %(default)s)")
    options = parser.parse_args(argv)
    names = [name for name in options.games.split(",") if name]
    unknown = [name for name in names if name not in DEPTHS]
    if unknown or not names:
        parser.error(f"--games: choose among {', '.join(DEPTHS)}")
    if options.compare:
        try:
            saved = json.loads(Path(options.compare).read_text())
        except (OSError, ValueError) as error:
            parser.exit(2, f"{parser.prog}: cannot read {options.compare}: {error}\n")
        if not isinstance(saved, dict):
            parser.exit(2, f"{parser.prog}: {options.compare} does not hold saved searches\n")
        saved = {key: rows for key, rows in saved.items() if key.split()[0] in names}
    now = searches(names, options.positions)
    positions_searched = sum(row[2] for rows in now.values() for row in rows)
    if options.save:
        Path(options.save).write_text(json.dumps(now, indent=0, sort_keys=True) + "\n")
        print(f"saved {sum(map(len, now.values()))} searches ({positions_searched:,} positions) to {options.save}")
        return 0
    lines = differences(saved, now)
    for line in lines:
        print(line)
    missing = gone(saved, now)
    if missing:
        print(f"{len(missing)} saved setting(s) no longer searched: {', '.join(missing)}")
    compared = sum(len(rows) for key, rows in saved.items() if key in now)
    print(f"{len(lines)} difference(s) from the {compared} saved searches of settings searched now"
          f" ({positions_searched:,} positions searched now)")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
