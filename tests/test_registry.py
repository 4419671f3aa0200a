"""engines/registry.py: the engines by name, and their parameters typed from text."""

import pytest

from engines import registry
from engines.base import Limit, OptionError
from engines.mcts import MCTS
from engines.solver import Solver
from games.othello.rules import Othello
from games.tron.rules import Tron
from treegame import TreeGame


def test_engines_by_name():
    assert registry.engine_class("mcts") is MCTS
    with pytest.raises(ValueError, match="unknown engine 'nope'.*alphabeta"):
        registry.engine_class("nope")
    assert "solver" not in registry.INNER_CHOICES and "alphabeta" in registry.INNER_CHOICES


def test_engines_are_imported_where_asked_for_and_a_missing_one_is_named(monkeypatch):
    assert registry.load(registry.ENGINES["mcts"]) is MCTS
    assert registry.carries(registry.ENGINES["mcts"]) and registry.carried_engines() == registry.names()
    monkeypatch.setitem(registry.ENGINES, "mcts", "engines.nosuch:MCTS")  # as in a bundle built without it
    assert not registry.carries(registry.ENGINES["mcts"]) and "mcts" not in registry.carried_engines()
    with pytest.raises(registry.NotCarried) as missing:
        registry.parameters("solver", "mcts")
    assert missing.value.engine == "mcts"


def test_values_take_the_type_of_their_parameter():
    values = registry.typed_parameters("mcts", {
        "C": "0.7", "reuse": "false", "stop_on_win": "Yes", "prove_depth": "3",
        "max_nodes": "500", "seed": "none", "playout_weight": "1,0,2.5"})
    assert values == {"C": 0.7, "reuse": False, "stop_on_win": True, "prove_depth": 3,
                      "max_nodes": 500, "seed": None, "playout_weight": [1.0, 0.0, 2.5]}
    assert type(values["C"]) is float and type(values["prove_depth"]) is int
    engine = MCTS(TreeGame(1), lambda state: 0.0, **values)
    assert engine.C == 0.7 and engine.max_nodes == 500 and not engine.reuse


@pytest.mark.parametrize("texts, message", [
    ({"nope": "1"}, "mcts has no parameter 'nope'; it takes C, bias"),
    ({"C": "abc"}, "C=abc: expected a number"),
    ({"C": "none"}, "C=none: expected a number"),  # None only where it is the default
    ({"reuse": "maybe"}, "reuse=maybe: expected true or false"),
    ({"max_nodes": "5.5"}, "max_nodes=5.5: expected an integer"),
    ({"playout_weight": "1,x"}, "playout_weight=1,x: expected numbers separated by commas"),
])
def test_a_wrong_name_or_value_is_named(texts, message):
    with pytest.raises(ValueError, match=message):
        registry.typed_parameters("mcts", texts)


def test_every_parameter_defaulting_to_none_says_its_type():
    for name in registry.ENGINES:
        for param, (kind, default) in registry.parameters(name).items():
            if default is None and param != "solve_when":  # a callable: configuration only
                assert kind in registry.SETTABLE, (name, param)


def test_the_solver_takes_its_inner_engines_parameters():
    assert registry.typed_parameters("solver", {"engine": "mcts", "C": "0.5", "tt_size": "64"}) == {
        "engine": "mcts", "C": 0.5, "tt_size": 64}
    assert registry.typed_parameters("solver", {"max_depth": "4"}) == {"max_depth": 4}  # alphabeta's
    with pytest.raises(ValueError, match="no parameter 'C'"):
        registry.typed_parameters("solver", {"C": "0.5"})  # the default inner engine has none
    assert registry.typed_parameters("solver", {"C": "0.5"}, inner="bestfirst") == {"C": 0.5}
    with pytest.raises(ValueError, match="engine=nope: expected one of alphabeta, alphabeta\\+"):
        registry.typed_parameters("solver", {"engine": "nope"})
    assert "solve_when" not in registry.typed_parameters("solver", {})


def test_the_solver_builds_its_inner_engine_from_the_registry():
    game = TreeGame(9, max_depth=5)
    for name in registry.INNER_CHOICES:
        engine = Solver(game, game.evaluate, engine=name, solve_when=lambda state: False)
        assert type(engine.inner) is registry.engine_class(name)
        state = game.initial_state()
        assert engine.search(state, Limit.within(0.05)).move in game.legal_moves(state)
    with pytest.raises(ValueError, match="unknown engine 'nope'; choose from alphabeta, alphabeta\\+"):
        Solver(game, game.evaluate, engine="nope")


def test_the_engines_for_a_game_are_those_of_its_kind():
    assert registry.engines_for(Tron(3)) == sorted(registry.NPLAYER_ENGINES)
    assert registry.engines_for(Othello()) == sorted(registry.ENGINES)


def test_the_fill_takes_an_n_player_engine_and_its_parameters():
    assert "fill" not in registry.NPLAYER_INNER_CHOICES and "paranoid" in registry.NPLAYER_INNER_CHOICES
    assert registry.typed_parameters("fill", {"engine": "paranoid", "tt": "off"}) == {"engine": "paranoid", "tt": False}
    with pytest.raises(OptionError, match="engine=alphabeta: expected one of maxn, mcts-n, mpmix, offensive, paranoid"):
        registry.typed_parameters("fill", {"engine": "alphabeta"})
