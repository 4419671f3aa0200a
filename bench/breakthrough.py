"""Breakthrough: rules speed against open_spiel, best-first speed, the evaluations side by
side, time discipline of the bundle."""
from bench.common import (LEARNED_COST_TARGET, compare_playouts, engine_rate, evaluation_costs, play_random_plies,
                          rate_seconds, time_discipline)
from engines.bestfirst import BestFirst
from games.breakthrough import learned, nn
from games.breakthrough.evaluation import make_evaluator
from games.breakthrough.rules import Breakthrough


def run(quick=False):
    game = Breakthrough()
    seconds = rate_seconds(quick)
    compare_playouts("breakthrough", game, "breakthrough", seconds)
    evaluate = make_evaluator(game)
    midgame = play_random_plies(game, 30, 5)
    for label, state in (("start", game.initial_state()), ("midgame (ply 30)", midgame)):
        rate, depth = engine_rate(lambda: BestFirst(game, evaluate), state, seconds)
        print(f"breakthrough best-first from the {label}: {rate:,.0f} nodes/s, depth {depth}")
    evaluations(game, quick)
    # the default clock: 60 ms of each 100 ms turn, the first answer within its second
    time_discipline("breakthrough", quick, first_target=1.0)


def evaluations(game, quick=False):
    """The handcrafted, linear learned and network evaluations side by side."""
    chosen = {"handcrafted": make_evaluator(game), "learned": learned.make_evaluator(game),
              "nn": nn.make_evaluator(game)}
    positions = [play_random_plies(game, plies, seed) for seed in range(40) for plies in (10, 20, 30, 40, 50)]
    positions = [state for state in positions if game.legal_moves(state)]
    searches = [play_random_plies(game, plies, seed) for seed in (1, 2, 3) for plies in (10, 20, 30)]
    evaluation_costs("breakthrough", game, chosen, positions, "handcrafted", LEARNED_COST_TARGET, quick, searches)
