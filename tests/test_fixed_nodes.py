"""bench/fixed_nodes.py: its engines are the ones the bot's runtime builds, and each
search stops on its node budget."""
import pytest

from bench import fixed_nodes
from bots import onitama, runtime
from engines.alphabeta import AlphaBetaPlus
from engines.base import Limit
from games.onitama.rules import Onitama


def test_a_configuration_builds_the_engine_the_runtime_builds():
    bot = onitama.BOT
    name, options, nodes = fixed_nodes.configuration("q2=alphabeta+,quiescence=2,nodes=500", bot)
    assert (name, options.engine, options.params, nodes) == ("q2", "alphabeta+", {"quiescence": 2}, 500)
    game = Onitama()
    made = fixed_nodes.make_engine((name, options, nodes), game, bot)
    by_runtime = runtime.make_engine(bot, runtime.parse_options(bot, ["--engine", "alphabeta+", "--set",
                                                                      "quiescence=2"]), game)
    assert isinstance(made, AlphaBetaPlus)
    tuned = bot.configs["alphabeta+"].params
    for engine in (made, by_runtime):  # the bot's tuned values under the option set here
        assert engine.quiescence == 2
        assert (engine.reduce_after, engine.reduce_more, engine.noisy_first) == (
            tuned["reduce_after"], tuned["reduce_more"], tuned["noisy_first"])
    state = game.initial_state()
    assert made.search(state, Limit(nodes=500)).move == by_runtime.search(state, Limit(nodes=500)).move


def test_an_evaluation_can_be_chosen_and_a_wrong_one_stops_with_status_2(capsys):
    _, options, _ = fixed_nodes.configuration("h=alphabeta+,eval=handcrafted", onitama.BOT)
    assert runtime.evaluation_name(onitama.BOT, options) == "handcrafted"
    with pytest.raises(SystemExit) as stopped:
        fixed_nodes.configuration("x=alphabeta+,eval=nonsense", onitama.BOT)
    assert stopped.value.code == 2 and "nonsense" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        fixed_nodes.configuration("x=alphabeta+,nodes=many", onitama.BOT)
    assert "nodes=many" in str(stopped.value.code)


def test_a_short_match_plays_to_the_end(capsys):
    fixed_nodes.main(["oware", "a=alphabeta", "b=alphabeta,aspiration=0", "--nodes", "60", "--deals", "1"])
    out = capsys.readouterr().out
    assert "60 nodes a move, 2 games" in out and "a against b" in out
