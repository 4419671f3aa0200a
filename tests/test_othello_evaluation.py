"""Othello evaluation, both variants: range, symmetry between the seats, and the sign of
each term (corners good in Othello and bad in Reversed Reversi, mobility good in both)."""

import pytest

from games.othello.evaluation import make_evaluator
from games.othello.rules import Othello
from positions import random_game_positions

TERMS = ("position", "mobility", "corners", "discs")


def only(term):
    return {t: (1.0 if t == term else 0.0) for t in TERMS}


def from_the_other_seat(state):
    """The same discs, the other player to move (a pass, as far as the board goes)."""
    mover, other, player = state
    return (other, mover, 1 - player)


@pytest.mark.parametrize("size,misere", [(8, False), (8, True), (6, True), (4, False)])
def test_values_lie_in_range_and_flip_with_the_side_to_move(size, misere):
    game = Othello(size, misere=misere)
    evaluate = make_evaluator(game)
    values = []
    for state in random_game_positions(game, 300, seed=11):
        value = evaluate(state)
        assert -1.0 <= value <= 1.0
        assert evaluate(from_the_other_seat(state)) == pytest.approx(-value)
        values.append(value)
    assert min(values) < -0.2 and max(values) > 0.2  # the evaluation does discriminate


def corner_position(game):
    """Black, to move, holds a corner; White holds none."""
    n = game.size
    black = 1 << 0                      # a1
    white = (1 << (n + 3)) | (1 << (2 * n + 3))
    black |= 1 << (3 * n + 3)
    return game.state_from_discs(black, white, 0)


@pytest.mark.parametrize("misere,sign", [(False, 1), (True, -1)])
def test_a_corner_is_good_in_othello_and_bad_in_reversed_reversi(misere, sign):
    game = Othello(8, misere=misere)
    evaluate = make_evaluator(game, only("corners"))
    assert sign * evaluate(corner_position(game)) > 0


@pytest.mark.parametrize("misere", [False, True])
def test_more_moves_than_the_opponent_is_good_in_both_games(misere):
    game = Othello(8, misere=misere)
    evaluate = make_evaluator(game, only("mobility"))
    checked = 0
    for mover, other, player in random_game_positions(game, 100, seed=11):
        mine, theirs = game.move_mask(mover, other).bit_count(), game.move_mask(other, mover).bit_count()
        if mine != theirs:
            assert (evaluate((mover, other, player)) > 0) == (mine > theirs)
            checked += 1
    assert checked > 50


def test_unknown_weights_are_refused():
    with pytest.raises(ValueError, match="unknown Othello evaluation weights"):
        make_evaluator(Othello(), {"corner": 1.0})
