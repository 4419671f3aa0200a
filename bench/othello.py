"""Othello: rules speed against open_spiel, best-first speed, the evaluations side by
side (cost per call, alpha-beta positions per second with each, the N-tuple weights'
start-up), time discipline of the bundle."""
import gc
import statistics
import subprocess
import sys
import time

from bench.common import compare_playouts, engine_rate, play_random_plies, rate_seconds, time_discipline
from engines.alphabeta import AlphaBeta
from engines.base import Limit
from engines.bestfirst import BestFirst
from games.othello import ntuple
from games.othello.evaluation import make_evaluator
from games.othello.rules import Othello

EVAL_TARGET = 3.0  # the learned evaluation may cost at most this many handcrafted calls


def run(quick=False):
    game = Othello()
    seconds = rate_seconds(quick)
    compare_playouts("othello", game, "othello", seconds)
    evaluate = make_evaluator(game)
    for label, state in (("start", game.initial_state()), ("midgame (ply 20)", play_random_plies(game, 20, 5))):
        rate, depth = engine_rate(lambda: BestFirst(game, evaluate), state, seconds)
        print(f"othello best-first from the {label}: {rate:,.0f} nodes/s, depth {depth}")
    evaluations(game, quick)
    time_discipline("othello", quick, first_target=0.30)  # answer early


def evaluations(game, quick=False):
    """Each evaluation's cost per call (medians of interleaved rounds over the same
    positions, process time), alpha-beta's positions per second with each from the same
    midgame positions, and the N-tuple weights' start-up (import, then decoding and
    tables)."""
    started = start_up()
    chosen = {"handcrafted": make_evaluator(game), "ntuple": ntuple.make_evaluator(game)}
    positions = [play_random_plies(game, plies, seed) for seed in range(40) for plies in (10, 20, 30, 40, 50)]
    positions = [state for state in positions if game.legal_moves(state)]
    costs = {name: [] for name in chosen}
    gc.disable()
    try:
        for _ in range(5 if quick else 15):
            for name, evaluate in chosen.items():
                start = time.process_time()
                for _ in range(20):
                    for state in positions:
                        evaluate(state)
                costs[name].append((time.process_time() - start) / (20 * len(positions)))
        cost = {name: statistics.median(values) for name, values in costs.items()}
        ratio = cost["ntuple"] / cost["handcrafted"]
        print(f"othello evaluation per call: handcrafted {cost['handcrafted'] * 1e6:.2f} us, N-tuple"
              f" {cost['ntuple'] * 1e6:.2f} us, ratio {ratio:.2f}x (target <= {EVAL_TARGET:.0f}x:"
              f" {'met' if ratio <= EVAL_TARGET else 'missed'})")
        searches = [play_random_plies(game, plies, seed) for seed in (1, 2, 3) for plies in (16, 24, 32)]
        budget = 0.3 if quick else 1.0
        rates = {name: [] for name in chosen}
        for state in searches:
            for name, evaluate in chosen.items():
                engine = AlphaBeta(game, evaluate)
                start = time.perf_counter()
                result = engine.search(state, Limit(deadline=start + budget))
                rates[name].append(result.nodes / (time.perf_counter() - start))
        text = ", ".join(f"{name} {statistics.median(values):,.0f}" for name, values in rates.items())
        print(f"othello alpha-beta positions/s with each evaluation (median of {len(searches)} midgame"
              f" searches of {budget:g} s): {text}")
    finally:
        gc.enable()
    print(f"othello N-tuple weights at start-up: {started}")


def start_up():
    """'import X ms, decoding and tables Y ms', each in a fresh interpreter."""
    code = ("import time; t = time.perf_counter(); from games.othello import ntuple;"
            " from games.othello.rules import Othello; g = Othello(); u = time.perf_counter();"
            " ntuple.make_evaluator(g); v = time.perf_counter();"
            " print(f'import {(u - t) * 1000:.0f} ms, decoding and tables {(v - u) * 1000:.0f} ms')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return result.stdout.strip() or result.stderr.strip().splitlines()[-1]
