"""games/weights.py: evaluation weights merged over the defaults, and checked."""

import importlib

import pytest

from games.weights import merged, of_length

DEFAULTS = {"material": 1.0, "mobility": 0.5}


def test_defaults_are_kept_and_not_changed():
    weights = merged(DEFAULTS, {}, "Test evaluation")
    assert weights == DEFAULTS
    weights["material"] = 3.0
    assert DEFAULTS == {"material": 1.0, "mobility": 0.5}


def test_given_weights_override_the_defaults():
    assert merged(DEFAULTS, {"mobility": 0.0}, "Test evaluation") == {"material": 1.0, "mobility": 0.0}


def test_an_unknown_weight_is_refused_by_name_with_the_known_ones():
    with pytest.raises(ValueError) as error:
        merged(DEFAULTS, {"speed": 1.0, "mobility": 2.0}, "Test evaluation")
    message = str(error.value)
    assert message.startswith("unknown Test evaluation weights: ['speed']")
    assert "known: material, mobility" in message


def test_a_weight_vector_must_have_its_length():
    vector = [0.5, 0.25, 0.0]
    assert of_length(vector, 3, "learned Test evaluation") is vector
    with pytest.raises(ValueError, match="a learned Test evaluation needs 3 weights, got 2"):
        of_length(vector[:2], 3, "learned Test evaluation")


@pytest.mark.parametrize("game, rules_class", [("breakthrough", "Breakthrough"), ("onitama", "Onitama"),
                                               ("othello", "Othello"), ("oware", "Oware")])
def test_every_game_refuses_an_unknown_weight_by_name(game, rules_class):
    rules = importlib.import_module(f"games.{game}.rules")
    evaluation = importlib.import_module(f"games.{game}.evaluation")
    with pytest.raises(ValueError, match="'no_such_weight'"):
        evaluation.make_evaluator(getattr(rules, rules_class)(), {"no_such_weight": 1.0})
