"""The compiled Breakthrough self-play (learn/compiled/breakthrough.py) against the
pure-Python rules, network evaluation and searches it stands in for, on random
positions; and the network trainer's games and command with it. The long equality runs
are marked slow."""

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from engines.alphabeta import AlphaBeta, AlphaBetaPlus  # noqa: E402
from engines.base import Limit  # noqa: E402
from games.breakthrough import nn  # noqa: E402
from games.breakthrough.rules import Breakthrough  # noqa: E402
from games.nn import INT16, ONE, W2_LIMIT, Net  # noqa: E402
from learn import logistic  # noqa: E402
from learn.pipeline import game_seed  # noqa: E402
from learn import nn as trainer  # noqa: E402
from learn.breakthrough import NN_SETUP  # noqa: E402
from learn.compiled import breakthrough as compiled  # noqa: E402
from randomgames import every_position  # noqa: E402

GAME = Breakthrough()


def random_positions(count, seed):
    return every_position(GAME, count, seed)


def check_rules(count, seed):
    work = np.empty(compiled.MAX_MOVES, dtype=np.int64)
    ends = noisy = quiet_losses = 0
    for state in random_positions(count, seed):
        s = compiled.unpack(state)
        assert compiled.pack(s) == state
        n = compiled.legal(s, work)
        moves = GAME.legal_moves(state)
        assert sorted(work[:n].tolist()) == sorted(moves)
        expected = GAME.outcome(state)
        assert compiled.outcome(s) == (2 if expected is None else expected)
        ends += expected is not None
        if not moves:
            continue
        loud = GAME.noisy_moves(state, moves)
        for move in moves:
            assert compiled.pack(compiled.play(s, move)) == GAME.play(state, move)
            assert compiled.noisy(s, move) == (move in loud)
        noisy += len(loud)
        assert compiled.quiet_loses(s) == GAME.quiet_loses(state)
        quiet_losses += GAME.quiet_loses(state)
    assert ends > 10 and noisy > 100 and quiet_losses > 10  # every branch was met


def test_rules_equal_the_pure_python_ones_on_random_positions():
    check_rules(5000, 1)


@pytest.mark.slow
def test_rules_equal_the_pure_python_ones_on_many_random_positions():
    check_rules(100_000, 2)


def random_net(seed):
    """A network whose hidden units clip at both ends in random positions."""
    rng = random.Random(seed)
    hidden = 8
    return Net([[rng.randint(-60, 60) for _ in range(hidden)] for _ in range(nn.FEATURES)],
               [rng.randint(-200, 200) for _ in range(hidden)],
               [rng.randint(-W2_LIMIT, W2_LIMIT) for _ in range(hidden)], rng.randint(-INT16, INT16), 3e-4)


@pytest.mark.parametrize("net", [nn.load_weights(), random_net(3)], ids=["shipped", "random"])
def test_the_network_equals_the_bots_evaluation_to_the_last_bit(net):
    python = nn.make_evaluator(GAME, net)
    ev = compiled.evaluation(net)
    clipped = set()
    for state in random_positions(3000, 4):
        if GAME.legal_moves(state):
            assert compiled.evaluate(compiled.unpack(state), ev) == python(state)
            z = np.array(net.b1) + np.array(net.w1)[nn.active(state)].sum(axis=0)
            clipped.update(("low" if v < 0 else "high") for v in z if v < 0 or v > ONE)
    assert clipped == {"low", "high"}


def check_search(count, seed, depths, logits=True):
    """``logits``: the searches compare the network's logits (as ``evaluation`` finds
    they may for the shipped network), else each leaf's tanh."""
    net = nn.load_weights()
    python, ev = nn.make_evaluator(GAME, net), compiled.evaluation(net)
    assert ev[-1]
    ev = ev[:-1] + (logits,)
    states = [s for s in random_positions(count * 40, seed)[::20] if GAME.legal_moves(s)][:count]
    for state in states:
        for depth in depths:
            for engine, quiescence in ((AlphaBeta, 0), (AlphaBetaPlus, compiled.QUIESCENCE)):
                value, move = compiled.search(compiled.unpack(state), depth, quiescence, ev)
                assert value == engine(GAME, python, max_depth=depth).search(state, Limit()).value, (state, depth)
                assert move in GAME.legal_moves(state)


def test_the_search_value_equals_alphabeta_and_alphabeta_plus_at_a_fixed_depth():
    check_search(25, 5, (1, 2, 3))


def test_the_search_value_with_each_leafs_tanh_equals_alphabeta_and_alphabeta_plus():
    check_search(10, 7, (1, 2, 3), logits=False)


def test_the_logits_keep_their_order_through_tanh_for_the_networks_held_here():
    assert compiled.evaluation(nn.load_weights())[-1] and compiled.evaluation(random_net(3))[-1]


@pytest.mark.slow
def test_the_search_value_equals_alphabeta_and_alphabeta_plus_on_many_positions():
    check_search(200, 6, (1, 2, 3, 4))


def test_a_compiled_chunk_holds_labelled_games():
    net = nn.load_weights()
    seeds = [game_seed(3, 0, i) for i in range(3)]
    chunk = logistic.play_chunk_compiled(seeds, "breakthrough", net, 1, True)
    assert chunk[1:] == logistic.play_chunk_compiled(seeds[1:], "breakthrough", net, 1, True)  # a game is its seed's
    assert len(chunk) == 3
    for played in chunk:
        states = [state for state, _, _ in played]
        assert [v for _, _, v in played] == logistic.search_values("breakthrough", states, 1, net, quiescence=True)
        for (state, result, _), following in zip(played, played[1:] + [None]):
            assert GAME.legal_moves(state) and result in (-1, 1)
            if following is None:  # the last move won
                assert result == 1 and any(GAME.outcome(GAME.play(state, m)) == -1 for m in GAME.legal_moves(state))
            else:
                assert following[0] in [GAME.play(state, m) for m in GAME.legal_moves(state)]
                assert following[1] == -result


def test_the_network_trainers_tiny_setting_runs_compiled_and_in_python(tmp_path):
    first, second = tmp_path / "first.py", tmp_path / "second.py"
    # the second run's players are the first run's network (--network), in pure Python
    for out, extra in ((first, ["--compiled"]), (second, ["--network", str(first)])):
        argv = ["--games", "10", "--search-depth", "1", "--epochs", "2", "--hidden", "4", "--batch", "64",
                "--jobs", "1", "--players", "network", "--label-quiescence", "--out", str(out), "--quiet", *extra]
        assert trainer.main(NN_SETUP, argv) == 0
        assert nn.load_weights(_module(out)).hidden == 4
        assert "--label-quiescence" in out.read_text()


def _module(path):
    namespace = {}
    exec(path.read_text(), namespace)
    return type("Weights", (), namespace)


def test_a_network_file_that_does_not_fit_is_a_one_line_usage_error(tmp_path, capsys):
    bad = tmp_path / "bad.py"
    bad.write_text("FEATURES = 3\n")
    with pytest.raises(SystemExit) as stopped:
        trainer.main(NN_SETUP, ["--games", "10", "--players", "network", "--network", str(bad)])
    assert stopped.value.code == 2
    message = capsys.readouterr().err.strip().splitlines()[-1]
    assert "cannot read network weights from" in message and "Traceback" not in message


def test_compiled_games_need_the_network_players(capsys):
    with pytest.raises(SystemExit) as stopped:
        trainer.main(NN_SETUP, ["--games", "10", "--compiled"])
    assert stopped.value.code == 2
    assert "--players network" in capsys.readouterr().err
