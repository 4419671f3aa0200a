"""Weighs the compiled Reversed Reversi evaluation (games/othello/compiled.py) by
self-play: the default weights against variants, at a fixed depth, each opening played
from both seats, exact from a few empty squares so that the evaluation decides the
game before that. Needs numba.

    python -m learn.reversi_compiled --games 200 --depth 4 --set CORNERS=-60,-30
    python -m learn.reversi_compiled --games 200 --depth 4 --sweep   # one feature at a time

``--set FEATURE=OPENING,ENDING`` changes one feature's pair of weights (the names are
those of compiled.WEIGHTS' comments: MOBILITY, FRONTIER, CORNERS, X_SQUARES,
C_SQUARES, EDGES, DISCS), and the weights so set play the defaults;
``--sweep`` tries instead, for each feature in turn, its weights (as set) doubled,
halved, zeroed and negated, and prints each variant's score against the weights as set.
docs/tuning/reversi-sustech.md keeps the results.
"""
import argparse
import random
import sys
import time

from games.othello import compiled
from games.othello.rules import PASS, Othello

NAMES = ("MOBILITY", "FRONTIER", "CORNERS", "X_SQUARES", "C_SQUARES", "EDGES", "DISCS")


def openings(game, count, plies, seed):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        for _ in range(plies):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.play(state, rng.choice(moves))
        if game.legal_moves(state):
            found.append(state)
    return found


def play(game, engines, state, depth, solve_empties):
    """The result for player 0 (+1, 0, -1) of the game continued from ``state``."""
    for engine in engines:
        engine.clear()
    while True:
        moves = game.legal_moves(state)
        if not moves:
            result = game.final_result(state)
            return result if game.to_move(state) == 0 else -result
        if moves == [PASS]:
            move = PASS
        else:
            mover, other, player = state
            move = engines[player].search(mover, other, time.perf_counter() + 3600, max_depth=depth,
                                          solve_empties=solve_empties)["move"]
        state = game.play(state, move)


def match(size, weights, against, games, depth, solve_empties, seed):
    """The score of ``weights`` against ``against`` (1 a win, 1/2 a draw)."""
    game = Othello(size, misere=True)
    mine = compiled.Engine(size, tt_bits=16, weights=weights)
    theirs = compiled.Engine(size, tt_bits=16, weights=against)
    points = 0.0
    starts = openings(game, (games + 1) // 2, 6, seed)
    played = 0
    for state in starts:
        for seat in (0, 1):
            engines = (mine, theirs) if seat == 0 else (theirs, mine)
            result = play(game, engines, state, depth, solve_empties)
            points += (1 + (result if seat == 0 else -result)) / 2
            played += 1
    return points / played, played


def variant(base, name, pair):
    weights = base.copy()
    weights[:, NAMES.index(name)] = pair
    return weights


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m learn.reversi_compiled", description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--solve", type=int, default=10, help="exact from this many empty squares (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], metavar="FEATURE=OPENING,ENDING")
    parser.add_argument("--sweep", action="store_true")
    options = parser.parse_args(argv)
    base = compiled.default_weights()
    for item in options.set:
        name, _, pair = item.partition("=")
        if name not in NAMES:
            parser.error(f"unknown feature {name!r}; choose from {', '.join(NAMES)}")
        base = variant(base, name, [float(x) for x in pair.split(",")])
    defaults = compiled.default_weights()
    trials = [("as set", base, defaults)]
    if options.sweep:
        trials = []
        for i, name in enumerate(NAMES):
            pair = base[:, i]
            for label, factor in (("x2", 2.0), ("x0.5", 0.5), ("x0", 0.0), ("x-1", -1.0)):
                trials.append((f"{name} {label}", variant(base, name, pair * factor), base))
    for label, weights, against in trials:
        started = time.perf_counter()
        score, played = match(options.size, weights, against, options.games, options.depth, options.solve,
                              options.seed)
        pairs = " ".join(f"{n}={weights[0, i]:g},{weights[1, i]:g}" for i, n in enumerate(NAMES)
                         if (weights[:, i] != against[:, i]).any())
        print(f"{label:22s} {score:6.1%} of {played} games ({time.perf_counter() - started:.0f} s)  {pairs}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
