"""Oware: rules speed against open_spiel, best-first speed, the evaluations side by side,
time discipline of the bundle."""
from bench.common import (LEARNED_COST_TARGET, compare_playouts, engine_rate, evaluation_costs, play_random_plies,
                          rate_seconds, time_discipline)
from engines.bestfirst import BestFirst
from games.oware import learned, nn
from games.oware.evaluation import make_evaluator
from games.oware.rules import Oware


def run(quick=False):
    game = Oware()
    seconds = rate_seconds(quick)
    compare_playouts("oware", game, "oware", seconds)
    evaluate = make_evaluator(game)
    for label, state in (("start", game.initial_state()), ("midgame (ply 30)", play_random_plies(game, 30, 5))):
        rate, depth = engine_rate(lambda: BestFirst(game, evaluate), state, seconds)
        print(f"oware best-first from the {label}: {rate:,.0f} nodes/s, depth {depth}")
    evaluations(game, quick)
    # the default clock: 30 ms of each 50 ms turn, the first answer within its second
    time_discipline("oware", quick, first_target=1.0)


def evaluations(game, quick=False):
    """The handcrafted, linear learned and network evaluations side by side."""
    chosen = {"handcrafted": make_evaluator(game), "learned": learned.make_evaluator(game),
              "nn": nn.make_evaluator(game)}
    positions = [play_random_plies(game, plies, seed) for seed in range(40) for plies in (10, 30, 50, 70, 90)]
    positions = [state for state in positions if game.legal_moves(state)]
    searches = [play_random_plies(game, plies, seed) for seed in (1, 2, 3) for plies in (10, 30, 50)]
    evaluation_costs("oware", game, chosen, positions, "handcrafted", LEARNED_COST_TARGET, quick, searches)
