"""Othello: rules speed against open_spiel, best-first speed, time discipline of the bundle."""
from bench.common import compare_playouts, engine_rate, play_random_plies, time_discipline
from engines.bestfirst import BestFirst
from games.othello.evaluation import make_evaluator
from games.othello.rules import Othello


def run(quick=False):
    game = Othello()
    seconds = 1.0 if quick else 3.0
    compare_playouts("othello", game, "othello", seconds)
    evaluate = make_evaluator(game)
    for label, state in (("start", game.initial_state()), ("midgame (ply 20)", play_random_plies(game, 20, 5))):
        rate, depth = engine_rate(lambda: BestFirst(game, evaluate), state, seconds)
        print(f"othello best-first from the {label}: {rate:,.0f} nodes/s, depth {depth}")
    time_discipline("othello", games=2 if quick else 6, first_target=0.30)  # answer early
