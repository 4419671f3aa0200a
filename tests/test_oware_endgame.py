"""The Oware endgame table (games/oware/endgame.py) and its generator
(learn/oware_endgame.py): the index is a bijection, the generator's gains are the exact
solver's results, the stored table is what the generator makes and is consistent with
one ply of the rules everywhere, and the search's evaluation answers from it."""
import itertools
import random

import pytest

from engines.base import PROVEN, WIN, Limit, is_proven
from engines.exact import ExactSolver
from games.oware import endgame, endgame_table
from games.oware.rules import MAX_TURNS, SEEDS, Oware

np = pytest.importorskip("numpy")
from learn import oware_endgame  # noqa: E402  (numpy first)

GAME = Oware()
TABLE = endgame.load()


def all_boards(seeds):
    return [board for board in itertools.product(range(seeds + 1), repeat=12) if sum(board) <= seeds]


def test_the_index_is_a_bijection_onto_its_range():
    for seeds in range(4):
        boards = all_boards(seeds)
        assert sorted(endgame.rank(b) for b in boards) == list(range(endgame.positions(seeds)))
        assert all(endgame.unrank(endgame.rank(b), seeds) == b for b in boards)


def test_the_generators_boards_are_in_index_order():
    boards = oware_endgame.boards(5)
    assert len(boards) == endgame.positions(5) == len(set(boards))
    assert [endgame.rank(b) for b in boards] == list(range(len(boards)))


def random_position(rng, seeds, plies_left):
    """A state with ``seeds`` on the board, stores close to each other, ``plies_left``
    plies before the limit, the game not over."""
    while True:
        board = [0] * 12
        for _ in range(seeds):
            board[rng.randrange(12)] += 1
        captured = SEEDS - seeds
        first = captured // 2 + rng.randint(-seeds // 2, seeds // 2)
        state = GAME.make_state(tuple(board), (first, captured - first), MAX_TURNS - plies_left)
        if GAME.legal_moves(state) and max(GAME.stores(state)) < 25:
            return state


def solver_result(state):
    value = ExactSolver(GAME, exact=False).solve(state, Limit()).value
    return (value >= PROVEN) - (value <= -PROVEN)


def result_from(gains, state):
    player = GAME.to_move(state)
    stores = GAME.stores(state)
    total = stores[player] - stores[1 - player] + int(gains[endgame.rank(endgame.mover_board(state))])
    return (total > 0) - (total < 0)


def test_the_generators_gains_are_the_exact_solvers_results_few_plies_from_the_limit():
    children, captures, totals = oware_endgame.transitions(7)
    rng = random.Random(35)
    for plies_left in (1, 2, 5, 9, 12):
        gains = oware_endgame.gains_after(plies_left, children, captures, totals)
        for _ in range(12):
            state = random_position(rng, rng.randint(1, 7), plies_left)
            assert result_from(gains, state) == solver_result(state), GAME.render(state)


def test_the_stored_tables_results_are_the_exact_solvers_far_from_the_limit():
    rng = random.Random(7)
    checked = 0
    while checked < 8:
        state = random_position(rng, rng.randint(2, 5), TABLE.horizon)
        known = TABLE.result(state)
        if known is None:  # a board that settles later: the table is silent
            continue
        assert known == solver_result(state), GAME.render(state)
        checked += 1


def test_the_stored_table_is_what_the_generator_makes():
    children, captures, totals = oware_endgame.transitions(endgame_table.SEEDS)
    gains, settled, long_horizon = oware_endgame.solve(children, captures, totals)
    assert long_horizon == TABLE.long_horizon
    stored = oware_endgame.codes(gains, settled, TABLE.seeds, TABLE.horizon)
    assert bytes(stored) == TABLE.codes
    # each board's gain holds from the horizon it is marked with, and the last one is needed
    early = settled <= TABLE.horizon
    assert 0 < early.mean() < 1
    at_horizon = oware_endgame.gains_after(TABLE.horizon, children, captures, totals)
    assert np.array_equal(at_horizon[early], gains[early])
    before = oware_endgame.gains_after(long_horizon - 1, children, captures, totals)
    assert not np.array_equal(before, gains)


def test_every_stored_gain_is_one_ply_of_the_rules_from_the_others():
    """The fixed point, checked with the rules' own moves rather than the generator's."""
    seeds = TABLE.seeds
    horizon = TABLE.long_horizon
    gains = [TABLE.gain(endgame.unrank(i, seeds), horizon) for i in range(endgame.positions(seeds))]
    for index in range(0, len(gains), 7):
        board = endgame.unrank(index, seeds)
        state = oware_endgame.mover_state(GAME, board)
        moves = GAME.legal_moves(state)
        if not moves:
            assert gains[index] == sum(board)
            continue
        before = GAME.stores(state)[0]
        best = max(GAME.stores(GAME.play(state, m))[0] - before
                   - gains[endgame.rank(endgame.mover_board(GAME.play(state, m)))] for m in moves)
        assert gains[index] == best, board


def test_the_table_is_silent_where_it_does_not_know():
    rng = random.Random(1)
    many = random_position(rng, TABLE.seeds + 1, 100)
    assert TABLE.result(many) is None
    late = random_position(rng, 3, TABLE.horizon - 1)
    assert TABLE.result(late) is None
    lifted = next(i for i, c in enumerate(TABLE.codes) if c > 2 * TABLE.seeds)
    board = endgame.unrank(lifted, TABLE.seeds)
    assert TABLE.gain(board, TABLE.long_horizon - 1) is None
    assert TABLE.gain(board, TABLE.long_horizon) is not None


def test_the_evaluation_answers_from_the_table_and_evaluates_the_rest():
    evaluate = endgame.make_evaluator(GAME)
    rng = random.Random(5)
    answered = 0
    for _ in range(200):
        state = random_position(rng, rng.randint(1, 12), rng.randint(1, 150))
        known, margin = TABLE.result(state), TABLE.margin(state)
        value = evaluate(state)
        if known is None:
            assert -1 <= value <= 1 and margin is None
        else:
            assert value == endgame.TABLE_WIN * known + margin and (margin > 0) - (margin < 0) == known
            assert (known != 0) == is_proven(value) and abs(value) < WIN - MAX_TURNS
            answered += 1
    assert 20 < answered < 200


def test_a_corrupt_table_is_refused_in_one_line():
    with pytest.raises(ValueError, match="corrupt Oware endgame table"):
        endgame.decode("not base85 at all ~~~", 3)
    with pytest.raises(ValueError, match="3 seeds need 455"):
        endgame.decode(endgame.encode([0] * 10), 3)
