"""What every bot shares (engines/driver.py): engine choice and its parameters."""
import random
import time

import pytest

from engines import driver
from engines.bestfirst import BestFirst
from engines.solver import Solver
from games.oware.evaluation import make_evaluator
from games.othello.rules import Othello
from games.oware.rules import MAX_TURNS, Oware

game = Oware()
evaluate = make_evaluator(game)


def near_the_turn_limit(state):
    return MAX_TURNS - game.ply(state) <= 10


def engine_for(argv, **kwargs):
    options = driver.parse_options(argv, "test")
    return driver.make_engine(options, game, evaluate, **kwargs)


def test_parameters_override_in_order_tuned_then_set():
    tuned = {"bestfirst": {"C": 0.3, "FPU": 0.2}}
    engine = engine_for([], tuned=tuned)
    assert isinstance(engine, BestFirst) and (engine.C, engine.FPU) == (0.3, 0.2)
    engine = engine_for(["--set", "C=0.9"], tuned=tuned)
    assert (engine.C, engine.FPU) == (0.9, 0.2)


def test_the_solver_gets_the_bots_near_the_end_test_and_others_do_not_need_it():
    solver = engine_for(["--engine", "solver"], tuned={"solver": {"engine": "bestfirst", "C": 0.4}},
                        solve_when=near_the_turn_limit)
    assert solver.solve_when is near_the_turn_limit
    assert isinstance(solver.inner, BestFirst) and solver.inner.C == 0.4
    assert isinstance(engine_for([], solve_when=near_the_turn_limit), BestFirst)


def test_the_solver_solves_near_the_end_and_searches_before():
    solver = engine_for(["--engine", "solver"], tuned={"solver": {"engine": "bestfirst"}},
                        solve_when=near_the_turn_limit)
    early = game.initial_state()
    solver.search(early, time.perf_counter() + 0.05)
    assert not solver.solved
    late = game.make_state((1, 0, 0, 2, 0, 3, 0, 1, 0, 0, 1, 4), (18, 18), ply=190)
    result = solver.search(late, time.perf_counter() + 5)
    assert solver.solved and result.move in game.legal_moves(late)


def test_bad_parameters_end_with_a_message():
    with pytest.raises(SystemExit, match="bad engine parameters for bestfirst"):
        engine_for(["--set", "nonsense=1"])


def test_the_solver_takes_the_tuned_values_of_the_engine_it_wraps():
    tuned = {"bestfirst": {"C": 0.3}, "solver": {"engine": "bestfirst"}}
    solver = engine_for(["--engine", "solver"], tuned=tuned)
    assert isinstance(solver.inner, BestFirst) and solver.inner.C == 0.3
    # another inner engine does not get best-first's values
    solver = engine_for(["--engine", "solver", "--set", "engine=alphabeta"], tuned=tuned)
    assert not isinstance(solver.inner, BestFirst)


def test_evaluation_weights_from_the_command_line():
    state, rng = game.initial_state(), random.Random(3)
    while len(set(game.stores(state))) == 1:  # a material difference to weigh
        state = game.play(state, rng.choice(game.legal_moves(state)))
    options = driver.parse_options(["--weight", "material=3"], "test")
    weighted = driver.make_evaluation(options, game, make_evaluator)
    assert options.weights == {"material": 3.0}
    assert weighted(state) == make_evaluator(game, material=3.0)(state) != evaluate(state)


def test_bad_weights_end_with_a_message(capsys):
    options = driver.parse_options(["--weight", "nonsense=1"], "test")
    with pytest.raises(SystemExit, match="bad --weight.*nonsense"):
        driver.make_evaluation(options, game, make_evaluator)
    for argv in (["--weight", "material"], ["--weight", "material=lots"]):
        with pytest.raises(SystemExit):
            driver.parse_options(argv, "test")
        assert "--weight" in capsys.readouterr().err


def test_alphabeta_plus_needs_a_game_with_noisy_moves():
    othello = Othello()  # names no noisy moves
    options = driver.parse_options(["--engine", "alphabeta+"], "test")
    with pytest.raises(SystemExit, match="noisy_moves"):
        driver.make_engine(options, othello, lambda state: 0.0)
    with pytest.raises(SystemExit, match="null_move"):
        driver.make_engine(driver.parse_options(["--engine", "alphabeta", "--set", "null_move=2"], "test"),
                           othello, lambda state: 0.0)


def test_tuned_weights_reach_the_evaluation_of_their_engine_only():
    tuned = {"bestfirst": {"C": 0.3, "weight.material": 3.0}}
    options = driver.parse_options([], "test")
    engine = driver.make_engine(options, game, evaluate, tuned=tuned)
    assert engine.C == 0.3  # the weight is not an engine parameter
    state, rng = game.initial_state(), random.Random(3)
    while len(set(game.stores(state))) == 1:
        state = game.play(state, rng.choice(game.legal_moves(state)))
    heavy = make_evaluator(game, material=3.0)(state)
    assert driver.make_evaluation(options, game, make_evaluator, tuned)(state) == heavy
    overridden = driver.parse_options(["--weight", "material=1"], "test")
    assert driver.make_evaluation(overridden, game, make_evaluator, tuned)(state) == evaluate(state)
    other = driver.parse_options(["--engine", "alphabeta"], "test")
    assert driver.make_evaluation(other, game, make_evaluator, tuned)(state) == evaluate(state)


def test_evaluation_chosen_by_name_by_tuned_choice_or_first():
    def flat(game, **weights):
        if weights:
            raise ValueError(f"no weights here: {sorted(weights)}")
        return lambda state: 0.25
    evaluators = {"handcrafted": make_evaluator, "flat": flat}
    state = game.initial_state()
    tuned = {"alphabeta": {"eval": "flat", "aspiration": 0.1}}
    chosen = lambda argv: driver.make_evaluation(driver.parse_options(argv, "test"), game, evaluators, tuned)  # noqa: E731
    assert chosen([])(state) == evaluate(state)                        # best-first: the first
    assert chosen(["--engine", "alphabeta"])(state) == 0.25            # the engine's tuned choice
    assert chosen(["--engine", "alphabeta", "--eval", "handcrafted"])(state) == evaluate(state)
    assert chosen(["--eval", "flat"])(state) == 0.25
    with pytest.raises(SystemExit, match="bad --eval: 'nope'; this bot has handcrafted, flat"):
        chosen(["--eval", "nope"])
    with pytest.raises(SystemExit, match="bad --weight for the flat evaluation"):
        chosen(["--eval", "flat", "--weight", "material=2"])
    # the choice is not an engine parameter
    engine = driver.make_engine(driver.parse_options(["--engine", "alphabeta"], "test"), game, evaluate, tuned=tuned)
    assert engine.aspiration == 0.1
