"""Ultimate Tic-Tac-Toe evaluation: bounds, the mover's point of view, each term's sign,
and its weights checked by name."""
import random

import pytest

from games.uttt.evaluation import WEIGHTS, make_evaluator
from games.uttt.rules import ANY, UltimateTicTacToe

game = UltimateTicTacToe()
evaluate = make_evaluator(game)


def random_positions(count, seed):
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = game.initial_state()
        while game.legal_moves(state):
            found.append(state)
            state = game.play(state, rng.choice(game.legal_moves(state)))
    return found


def colours_swapped(state):
    """The same position with X's and O's stones exchanged and the other side to move."""
    x, o, won_x, won_o, closed, board, player = state
    return (o, x, won_o, won_x, closed, board, 1 - player)


def test_values_lie_in_bounds_and_are_the_movers():
    without_free = make_evaluator(game, {"free": 0.0})  # the one term that is the mover's whoever moves
    values = []
    for state in random_positions(2000, seed=1):
        value = evaluate(state)
        assert -1 < value < 1
        assert evaluate(colours_swapped(state)) == pytest.approx(value)  # the same mover's view
        other_mover = state[:6] + (1 - state[6],)
        assert without_free(other_mover) == pytest.approx(-without_free(state))
        values.append(value)
    assert min(values) < -0.5 and max(values) > 0.5  # it tells positions apart


def test_a_won_board_and_a_threat_count_for_their_owner():
    start = game.initial_state()
    # X holds the top-left board (cells 0, 4, 8) and two in a line in the centre board
    x = sum(1 << c for c in (0, 4, 8)) | (1 << 9 * 4) | (1 << 9 * 4 + 1)
    o = 1 << 9 * 8
    won_x_to_move = (x, o, 1, 0, 1, ANY, 0)
    assert evaluate(won_x_to_move) > evaluate(start) > -evaluate(won_x_to_move)
    no_threat = (x & ~(1 << 9 * 4 + 1), o, 1, 0, 1, ANY, 0)
    assert evaluate(won_x_to_move) > evaluate(no_threat) > 0


def test_weights_are_taken_by_name_and_a_wrong_name_is_refused():
    assert set(WEIGHTS) >= {"boards", "threats", "big_threats", "free"}
    state = random_positions(1, seed=2)[0]
    only_boards = make_evaluator(game, {name: 0.0 for name in WEIGHTS})
    assert only_boards(state) == 0.0
    with pytest.raises(ValueError, match="unknown Ultimate Tic-Tac-Toe evaluation weights"):
        make_evaluator(game, {"nonsense": 1.0})
