"""Oware evaluation: the formula, range, the same value from both seats, and the sign of
each term."""

import math
import random

import pytest

from games.oware.evaluation import make_evaluator
from games.oware.rules import MAX_TURNS, Oware
from positions import random_game_positions

game = Oware()
evaluate = make_evaluator(game)
ONLY = {term: {t: (1.0 if t == term else 0.0) for t in ("material", "seeds", "mobility", "tempo")}
        for term in ("material", "seeds", "mobility", "tempo")}


def mirrored(state):
    """The same position seen from the other seat: sides and stores swapped, the other
    player to move (one ply later, so the full-move count is the same)."""
    houses = game.houses(state)
    s0, s1 = game.stores(state)
    return game.make_state(houses[6:] + houses[:6], (s1, s0), game.ply(state) + 1)


def by_the_formula(state, material=1.0, seeds=1.0, mobility=0.15, tempo=0.2):
    """The evaluation written out from the houses, stores and ply (the module docstring's
    four terms), to check the packed look-ups against."""
    player = game.to_move(state)
    houses = game.houses(state)
    mine, theirs = houses[6 * player:6 * player + 6], houses[6 - 6 * player:12 - 6 * player]
    stores = game.stores(state)
    fade = 1.0 - 2 * (game.ply(state) // 2) / MAX_TURNS
    score = (material * (stores[player] - stores[1 - player]) / 12
             + seeds * fade * (sum(mine) - sum(theirs)) / 24
             + mobility * (sum(h > 0 for h in mine) - sum(h > 0 for h in theirs)) / 6
             + tempo * (sum(h in (1, 2) for h in mine) - sum(h in (1, 2) for h in theirs)) / 6)
    return math.tanh(score)


def test_the_value_is_the_formula_for_any_weights():
    positions = random_game_positions(game, 2000)
    rng = random.Random(3)
    for weights in ({}, ONLY["seeds"], {t: rng.uniform(-2, 2) for t in ONLY}):
        evaluate_with = make_evaluator(game, weights)
        for state in positions:
            assert evaluate_with(state) == pytest.approx(by_the_formula(state, **weights), abs=1e-12)


def test_values_stay_in_range_and_do_not_depend_on_the_seat():
    positions = random_game_positions(game, 3000)
    for state in positions:
        value = evaluate(state)
        assert -1.0 <= value <= 1.0
        if game.ply(state) % 2 == 0 and game.ply(state) < MAX_TURNS:
            assert evaluate(mirrored(state)) == pytest.approx(value, abs=1e-12)
    assert len({round(evaluate(s), 6) for s in positions}) > 100  # it does discriminate


def test_swapping_the_stores_of_a_symmetric_board_negates_the_value():
    side = [3, 0, 5, 1, 2, 4]
    for stores in ((14, 4), (10, 8), (18, 0)):
        ahead = game.make_state(side + side, stores, 10)
        behind = game.make_state(side + side, stores[::-1], 10)
        assert evaluate(ahead) > 0
        assert evaluate(behind) == pytest.approx(-evaluate(ahead))
    assert evaluate(game.initial_state()) == 0


def test_each_term_points_the_right_way():
    # Player 0 to move in each: the first board favours it on that term alone.
    material = make_evaluator(game, ONLY["material"])
    assert material(game.make_state([4] * 12, (0, 0))) == 0
    assert material(game.make_state([4] * 6 + [3, 3, 3, 3, 3, 3], (6, 0))) > 0
    seeds = make_evaluator(game, ONLY["seeds"])
    assert seeds(game.make_state([6] * 6 + [2] * 6, (0, 0))) > 0
    assert seeds(game.make_state([2] * 6 + [6] * 6, (0, 0))) < 0
    mobility = make_evaluator(game, ONLY["mobility"])
    assert mobility(game.make_state([4, 4, 4, 4, 4, 4, 12, 12, 0, 0, 0, 0], (0, 0))) > 0
    tempo = make_evaluator(game, ONLY["tempo"])
    assert tempo(game.make_state([1, 2, 1, 2, 4, 5, 5, 5, 5, 5, 5, 5], (3, 0))) > 0
    assert tempo(game.make_state([5, 5, 5, 5, 5, 5, 1, 2, 1, 2, 4, 5], (3, 0))) < 0
    assert tempo(game.make_state([3, 3, 4, 4, 4, 4, 3, 3, 4, 4, 4, 4], (2, 2))) == 0


def test_board_seeds_weigh_less_as_the_turn_limit_nears():
    seeds = make_evaluator(game, ONLY["seeds"])
    board = [6] * 6 + [2] * 6
    early = seeds(game.make_state(board, (0, 0), 0))
    late = seeds(game.make_state(board, (0, 0), 180))
    assert early > late > 0


def test_unknown_weights_are_refused():
    with pytest.raises(ValueError):
        make_evaluator(game, {"materiel": 2.0})
