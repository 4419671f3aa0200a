"""Breakthrough evaluation: range, the same value from both seats, antisymmetry, and the
sign of each term on hand-made positions."""
import math

import pytest

from games.breakthrough.evaluation import WEIGHTS, make_evaluator
from games.breakthrough.rules import Breakthrough, LimitedBreakthrough, squares_of
from positions import random_game_positions

game = Breakthrough()
evaluate = make_evaluator(game)
ONLY = {term: {t: (1.0 if t == term else 0.0) for t in WEIGHTS} for term in WEIGHTS}


def flip(squares):
    return [8 * (7 - s // 8) + s % 8 for s in squares]


def mirrored(state):
    """The same position seen from the other seat: colours swapped, board reflected top
    to bottom, so the other colour is to move in the same situation."""
    white, black = game.pieces(state)
    return game.make_state(flip(squares_of(black)), flip(squares_of(white)), 1 - game.to_move(state))


def other_side_to_move(state):
    """The same board with the other player to move."""
    white, black = game.pieces(state)
    return game.make_state(squares_of(white), squares_of(black), 1 - game.to_move(state))


def position(rows, player=0):
    return game.from_lines(rows, player)


def test_values_stay_in_range_and_do_not_depend_on_the_seat():
    positions = random_game_positions(game, 4000)
    for state in positions:
        value = evaluate(state)
        assert -1.0 < value < 1.0
        assert evaluate(mirrored(state)) == pytest.approx(value, abs=1e-12)
    assert len({round(evaluate(s), 6) for s in positions}) > 200  # it does discriminate


def test_terms_without_tempo_are_antisymmetric():
    # Every term but the runner race (where the mover's extra tempo counts) changes sign
    # when the other player is to move on the same board.
    no_race = make_evaluator(game, {"runner": 0.0})
    for state in random_game_positions(game, 1500, seed=8):
        flipped = other_side_to_move(state)
        if game.legal_moves(flipped):
            assert no_race(flipped) == pytest.approx(-no_race(state), abs=1e-12)
    assert no_race(game.initial_state()) == 0


def test_limited_game_states_get_the_same_values():
    limited = LimitedBreakthrough(200)
    for state in random_game_positions(game, 200, seed=4):
        assert make_evaluator(limited)(state + (17,)) == evaluate(state)


def test_material_counts_pieces():
    full = game.initial_state()
    white, black = game.pieces(full)
    one_down = game.make_state(squares_of(white), squares_of(black)[1:], 0)
    assert evaluate(one_down) > evaluate(full) == 0
    material = make_evaluator(game, ONLY["material"])
    assert material(one_down) > 0 and material(other_side_to_move(one_down)) == -material(one_down)


def test_advance_rewards_pieces_nearer_the_goal():
    advance = make_evaluator(game, ONLY["advance"])
    base = ["b......b", "........", "........", "........", "........", "........", "........",
            "w......w"]
    further = list(base)
    further[7], further[3] = "w.......", ".......w"  # h1 went to h5
    assert advance(position(base)) == 0 and advance(position(further)) > 0
    furthest = list(base)
    furthest[7], furthest[2] = "w.......", ".......w"  # h1 went to h6
    assert advance(position(furthest)) > advance(position(further))


def test_defended_pieces():
    defended = make_evaluator(game, ONLY["defended"])
    chain = position(["bbb.....", "........", "........", "........", "...w....", "..w.....",
                      "........", "........"])
    apart = position(["bbb.....", "........", "........", "........", "...w....", "........",
                      "w.......", "........"])
    assert defended(chain) > 0 and defended(apart) == 0
    assert defended(other_side_to_move(chain)) == -defended(chain)


def test_runner_race():
    runner = make_evaluator(game, ONLY["runner"])
    run = math.tanh(1.0)  # the runner term alone, weight 1
    # White's f5 has nothing in front of it; Black's a3 has White's b2 in front.
    white_runs = position(["........", "........", "........", ".....w..", "........", "b.......",
                           ".w......", "........"])
    assert runner(white_runs) == pytest.approx(run)
    assert runner(other_side_to_move(white_runs)) == pytest.approx(-run)
    # Both run: f5 needs 3 moves, Black's c4 needs 3: the side to move arrives first.
    race = position(["........", "........", "........", ".....w..", "..b.....", "........",
                     "........", "........"])
    assert runner(race) == pytest.approx(run) and runner(other_side_to_move(race)) == pytest.approx(run)
    # A piece one step nearer wins the race even when it is not its turn.
    nearer = position(["........", "........", ".....w..", "........", "..b.....", "........",
                       "........", "........"], player=1)
    assert runner(nearer) == pytest.approx(-run)
    # A defender in the cone ahead (even off to the side) stops the run.
    stopped = position(["........", "...b....", "........", ".....w..", "........", "........",
                        ".b......", "w......."])
    assert runner(stopped) == 0
    assert evaluate(white_runs) > 0.5


def test_unknown_weights_are_refused():
    with pytest.raises(ValueError, match="unknown"):
        make_evaluator(game, {"hanging": 1.0})
    assert make_evaluator(game, WEIGHTS)(game.initial_state()) == 0
