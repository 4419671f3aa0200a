"""The compiled Othello self-play (learn/compiled/othello.py) against the pure-Python
rules, evaluations and searches it stands in for, on random positions; and the N-tuple
rounds' weights modules (learn/selfplay.py). The long equality runs are marked slow."""

import math
import types

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from engines.alphabeta import AlphaBeta  # noqa: E402
from engines.base import Limit  # noqa: E402
from engines.solver import ExactSolver  # noqa: E402
from games.othello import ntuple  # noqa: E402
from games.othello.evaluation import make_evaluator as handcrafted  # noqa: E402
from games.othello.rules import PASS, Othello  # noqa: E402
from learn import othello as trainer  # noqa: E402
from learn import selfplay  # noqa: E402
from learn.compiled import othello as compiled  # noqa: E402
from learn.pipeline import game_seed  # noqa: E402
from randomgames import every_position  # noqa: E402

GAME = Othello()
MISERE = Othello(misere=True)
BOTH = [GAME, MISERE]  # Othello, and Reversed Reversi (sense -1: fewer discs win)


def sense(game):
    return -1 if game.misere else 1


def random_positions(count, seed, game=GAME):
    return every_position(game, count, seed)


def u(x):
    return np.uint64(x)


def check_rules(states, game):
    for mover, other, player in states:
        p, o = u(mover), u(other)
        assert int(compiled.moves(p, o)) == game.move_mask(mover, other)
        expected = game.outcome((mover, other, player))
        assert compiled.outcome(p, o, sense(game)) == (2 if expected is None else expected)
        for move in game.legal_moves((mover, other, player)):
            q, r = compiled.play(p, o, move)
            assert (int(q), int(r), 1 - player) == game.play((mover, other, player), move)


@pytest.mark.parametrize("game", BOTH, ids=lambda game: game.name)
def test_rules_equal_the_pure_python_ones_on_random_positions(game):
    states = random_positions(3000, 1, game)
    assert any(game.legal_moves(s) == [PASS] for s in states) and any(not game.legal_moves(s) for s in states)
    assert {game.outcome(s) for s in states if not game.legal_moves(s)} >= {-1, 1}
    check_rules(states, game)


@pytest.mark.slow
@pytest.mark.parametrize("game", BOTH, ids=lambda game: game.name)
def test_rules_equal_the_pure_python_ones_on_many_random_positions(game):
    check_rules(random_positions(50_000, 2, game), game)


WEIGHTS = [None, "shipped"]


def players(which):
    weights = ntuple.load() if which else None
    python = handcrafted(GAME) if weights is None else ntuple.make_evaluator(GAME, weights)
    return python, compiled.evaluation(weights)


@pytest.mark.parametrize("which", WEIGHTS)
def test_each_evaluation_equals_its_python_function_to_the_last_bit(which):
    python, ev = players(which)
    for state in random_positions(2000, 3):
        if GAME.legal_moves(state):
            assert compiled.evaluate(u(state[0]), u(state[1]), ev) == python(state)


def test_the_misere_players_evaluation_is_the_compiled_bots():
    """The first misere players' evaluation: games/othello/compiled.py's weighted sum (cut
    to an integer), scaled as games/othello/misere.py scales the same sum."""
    from games.othello import misere
    from games.othello.compiled import Engine
    engine = Engine(8, tt_bits=1)
    python = misere.make_evaluator(MISERE)
    ev = compiled.evaluation(None, misere_game=True)
    values = []
    for state in random_positions(2000, 3, MISERE):
        if MISERE.legal_moves(state) not in ([], [PASS]):
            value = compiled.evaluate(u(state[0]), u(state[1]), ev)
            assert value == math.tanh(engine.evaluate(state[0], state[1]) / misere.SCALE)
            assert value == pytest.approx(python(state), abs=1 / misere.SCALE)
            values.append(value)
    assert min(values) < -0.5 and max(values) > 0.5


def check_search(states, depths, which):
    python, ev = players(which)
    for state in states:
        for depth in depths:
            value, move = compiled.search(u(state[0]), u(state[1]), depth, ev)
            expected = AlphaBeta(GAME, python, max_depth=depth).search(state, Limit()).value
            assert value == pytest.approx(expected, abs=1e-12), (state, depth)
            assert move in GAME.legal_moves(state)


def sampled(count, seed, step):
    """Positions of random games spread over the whole game (every ``step``-th that is
    not a game's end)."""
    return [s for s in random_positions(count * step * 2, seed)[::step] if GAME.legal_moves(s)][:count]


@pytest.mark.parametrize("which", WEIGHTS)
def test_the_search_value_equals_alphabeta_at_a_fixed_depth(which):
    check_search(sampled(40, 4, 7), (1, 2, 3), which)


@pytest.mark.slow
@pytest.mark.parametrize("which", WEIGHTS)
def test_the_search_value_equals_alphabeta_at_a_fixed_depth_on_many_positions(which):
    check_search(sampled(400, 5, 7), (1, 2, 3, 4), which)


@pytest.mark.parametrize("game", BOTH, ids=lambda game: game.name)
def test_the_book_search_finds_the_plain_searchs_value_and_move(game):
    """The search with its moves ordered (learn/othello_book.py's deep searches) finds
    the plain search's value and move, from the opening to the end."""
    sense = -1 if game is MISERE else 1
    ev = compiled.evaluation(ntuple.load() if game is GAME else None, misere_game=game is MISERE)
    states = [s for s in random_positions(600, 6, game)[::10] if game.legal_moves(s)][:40]
    for state in states:
        for depth in (1, 4, 6):
            deep = compiled.search(u(state[0]), u(state[1]), depth, ev, sense, compiled.BOOK_ORDER_FROM)
            assert deep == compiled.search(u(state[0]), u(state[1]), depth, ev, sense), (state, depth)


def endgame_positions(count, seed, empties, game=GAME):
    """Positions of random games with at most ``empties`` empty squares (some finished)."""
    return [s for s in random_positions(count * 70, seed, game) if game.empty_squares(s) <= empties][::3][:count]


def check_solver(states, game):
    solver = ExactSolver(game, exact=False)
    s = sense(game)

    def solve(state, known=2):
        return compiled.solve(u(state[0]), u(state[1]), known, s)

    for state in states:
        result, move = solve(state)
        if not game.legal_moves(state):
            assert result == game.outcome(state) and move == compiled.NO_MOVE
            continue
        expected = solver.solve(state, Limit()).value
        assert result == (expected > 0) - (expected < 0)
        # the move reaches the result: the opponent's result after it is its negation
        assert solve(game.play(state, move))[0] == -result
        # told the result, the solver finds a move that reaches it too
        told, told_move = solve(state, result)
        assert told == result and solve(game.play(state, told_move))[0] == -result


@pytest.mark.parametrize("game", BOTH, ids=lambda game: game.name)
def test_the_solver_equals_the_exact_solver(game):
    check_solver(endgame_positions(30, 6, 8, game), game)


@pytest.mark.slow
@pytest.mark.parametrize("game", BOTH, ids=lambda game: game.name)
def test_the_solver_equals_the_exact_solver_on_many_positions(game):
    check_solver(endgame_positions(300, 7, 11, game), game)


@pytest.mark.parametrize("which, rules", [(None, GAME), ("shipped", GAME), (None, MISERE)],
                         ids=["othello", "othello-ntuple", "reversi"])
def test_a_compiled_chunk_holds_games_as_the_python_one_does(which, rules):
    ev = compiled.evaluation(ntuple.load() if which else None, rules.misere)
    settings = compiled.Settings(depths=(1, 2), opening_plies=trainer.OPENING_PLIES, random_move=trainer.RANDOM_MOVE,
                                 solve_empties=8, misere=rules.misere)
    seeds = [game_seed(11, 0, i) for i in range(6)]
    data = compiled.play_chunk(seeds, ev, settings)
    python = trainer.play_chunk(seeds[:2], solve_empties=8, misere_game=rules.misere)
    assert {name: column.dtype for name, column in data.items()} == {n: c.dtype for n, c in python.items()}
    # a game is its seed's alone: the same in a chunk of its own, or after other games
    alone = compiled.play_chunk(seeds[4:5], ev, settings)
    assert all(np.array_equal(data[name][data["game"] == 4], alone[name][alone["game"] == 0])
               for name in data if name != "game")
    assert list(np.unique(data["game"])) == list(range(6))
    solver = ExactSolver(rules, exact=False)
    rows = list(zip(*(data[n].tolist() for n in ("mover", "other", "player", "label", "exact", "game",
                                                 "mobility", "their_mobility"))))
    for i, (mover, other, player, label, exact, game, mobility, theirs) in enumerate(rows):
        state = (mover, other, player)
        assert rules.legal_moves(state)
        assert (mobility, theirs) == (rules.move_mask(mover, other).bit_count(),
                                      rules.move_mask(other, mover).bit_count())
        assert exact == (rules.empty_squares(state) <= 8)
        if exact:
            value = solver.solve(state, Limit()).value
            assert label == (value > 0) - (value < 0)
        following = rows[i + 1] if i + 1 < len(rows) and rows[i + 1][5] == game else None
        if following is None:  # the game's last position: one move ends it, and its result labels it
            ends = [rules.play(state, m) for m in rules.legal_moves(state)]
            assert any(not rules.legal_moves(end) for end in ends)
        else:  # one legal move leads to the next position
            assert following[:3] in [rules.play(state, m) for m in rules.legal_moves(state)]
            if not exact:
                assert label == (following[3] if following[2] == player else -following[3])


def test_the_tiny_training_setting_runs_compiled(tmp_path):
    out = tmp_path / "w.py"
    assert trainer.main(["--games", "6", "--rounds", "2", "--jobs", "1", "--iterations", "3", "--min-visits", "1",
                         "--compiled", "--out", str(out), "--quiet", "--cache", str(tmp_path / "cache")]) == 0
    text = out.read_text()
    assert "--compiled" in text and "log-loss" in text
    names = [path.name for path in (tmp_path / "cache").iterdir()]
    assert len(names) == 2 and all(name.startswith("othello-compiled-") for name in names)  # a round each


@pytest.mark.parametrize("compiled_games", [True, False], ids=["compiled", "python"])
def test_the_tiny_misere_setting_writes_reversed_reversi_weights(tmp_path, compiled_games):
    out = tmp_path / "w.py"
    argv = ["--misere", "--games", "6", "--rounds", "2", "--jobs", "1", "--iterations", "3", "--min-visits", "1",
            "--out", str(out), "--quiet", "--cache", str(tmp_path / "cache")]
    assert trainer.main(argv + ["--compiled"] * compiled_games) == 0
    text = out.read_text()
    assert "Reversed Reversi" in text and "log-loss" in text
    prefix = "reversi-compiled-" if compiled_games else "reversi-"
    assert all(path.name.startswith(prefix) for path in (tmp_path / "cache").iterdir())
    # the weights play Reversed Reversi on 8x8 through the N-tuple evaluation
    weights = ntuple.load(types.SimpleNamespace(**dict(zip(("TABLES", "PHASES", "STEP", "DATA"),
                                                             trainer.read_weights(out, None)))))
    evaluate = ntuple.make_evaluator(MISERE, weights)
    values = {evaluate(state) for state in random_positions(200, 9, MISERE) if MISERE.legal_moves(state)}
    assert len(values) > 20 and all(-1 < v < 1 for v in values)


# -- the weights modules ---------------------------------------------------------------

def test_a_weights_module_reads_back_what_was_written(tmp_path, capsys):
    path = tmp_path / "w.py"
    selfplay.write_weights(path, "a header", [("TABLES", "a b", ""), ("PHASES", (3, 5), "why"), ("STEP", 0.5, "")],
                           "x" * 200)
    values = selfplay.read_weights(path, None, ("TABLES", "PHASES", "STEP", "DATA"), lambda *v: None)
    assert values == ("a b", (3, 5), 0.5, "x" * 200)
    assert max(len(line) for line in path.read_text().splitlines()) <= selfplay.WIDTH + 8


# -- Oware -----------------------------------------------------------------------------

def oware_positions(count, seed):
    """``count`` positions of random Oware games (every position of each, the ends included)."""
    from games.oware.rules import Oware
    game = Oware()
    return game, random_positions(count, seed, game)


def check_oware_rules(count, seed):
    from learn.compiled import oware
    game, states = oware_positions(count, seed)
    work = np.empty(6, dtype=np.int64)
    ends = 0
    for state in states:
        s = oware.unpack(state)
        assert oware.pack(s) == state
        n = oware.legal(s, work)
        assert tuple(work[:n].tolist()) == tuple(game.legal_moves(state))
        expected = game.outcome(state)
        assert oware.outcome(s) == (2 if expected is None else expected)
        ends += expected is not None
        for move in game.legal_moves(state):
            assert oware.pack(oware.play(s, move)) == game.play(state, move)
    assert ends > 10
    rows = np.array([oware.unpack(state) for state in states])
    low, high = oware.halves(rows, len(rows))
    assert [x | y << oware.SPLIT for x, y in zip(low.tolist(), high.tolist())] == states


def test_oware_rules_equal_the_pure_python_ones_on_random_positions():
    check_oware_rules(5000, 21)


@pytest.mark.slow
def test_oware_rules_equal_the_pure_python_ones_on_many_random_positions():
    check_oware_rules(100_000, 22)


def oware_players():
    from games.oware import learned
    from games.oware.learned_weights import WEIGHTS
    from learn.compiled import oware
    weights = [float(w) for w in WEIGHTS]
    return oware, learned.make_evaluator(None, weights), oware.evaluation(weights)


def test_the_oware_evaluation_equals_the_learned_one_to_the_last_bit():
    oware, python, ev = oware_players()
    game, states = oware_positions(3000, 23)
    for state in states:
        assert oware.evaluate(oware.unpack(state), ev) == python(state)


def check_oware_search(count, seed, depths):
    oware, python, ev = oware_players()
    game, states = oware_positions(count * 30, seed)
    states = [s for s in states[::15] if game.legal_moves(s)][:count]
    for state in states:
        for depth in depths:
            value, move = oware.search(oware.unpack(state), depth, ev)
            expected = AlphaBeta(game, python, max_depth=depth).search(state, Limit()).value
            assert value == pytest.approx(expected, abs=1e-12), (state, depth)
            assert move in game.legal_moves(state)


def test_the_oware_search_value_equals_alphabeta_at_a_fixed_depth():
    check_oware_search(30, 24, (1, 2, 4))


@pytest.mark.slow
def test_the_oware_search_value_equals_alphabeta_at_a_fixed_depth_on_many_positions():
    check_oware_search(300, 25, (1, 2, 3, 6))


def test_a_compiled_oware_chunk_holds_labelled_games():
    from learn import logistic
    oware, python, ev = oware_players()
    from games.oware.learned_weights import WEIGHTS
    weights = [float(w) for w in WEIGHTS]
    seeds = [game_seed(3, 0, i) for i in range(3)]
    chunk = logistic.play_chunk_compiled(seeds, "oware", weights, 2)
    assert chunk[1:] == logistic.play_chunk_compiled(seeds[1:], "oware", weights, 2)  # a game is its seed's
    game = oware.GAME
    assert len(chunk) == 3
    for played in chunk:
        for (state, result, value), following in zip(played, played[1:] + [None]):
            assert game.legal_moves(state) and result in (-1, 0, 1)
            assert value == logistic.search_values("oware", [state], 2, weights)[0]
            if following is None:
                assert any(game.outcome(game.play(state, m)) is not None for m in game.legal_moves(state))
            else:
                assert following[0] in [game.play(state, m) for m in game.legal_moves(state)]
                assert result == (following[1] if game.to_move(following[0]) == game.to_move(state) else -following[1])


def test_the_network_trainers_tiny_setting_runs_compiled(tmp_path):
    from learn import nn
    from learn.oware import NN_SETUP
    out = tmp_path / "nn.py"
    argv = ["--games", "12", "--search-depth", "2", "--epochs", "2", "--hidden", "4", "--batch", "64", "--jobs", "1",
            "--compiled", "--out", str(out), "--quiet", "--cache", str(tmp_path / "cache")]
    assert nn.main(NN_SETUP, argv) == 0
    assert "--compiled" in out.read_text() and "quantized" in out.read_text()
    assert next((tmp_path / "cache").iterdir()).name.startswith("oware-compiled-")


# -- Oware with the network players --------------------------------------------------

def oware_net(which):
    """The shipped network, or a random one of 8 hidden units that clip at both ends,
    its logits mostly within the tanh's range."""
    from games.oware import nn
    if which == "shipped":
        return nn.load_weights()
    from network import random_net
    net = random_net(nn.FEATURES, 8, seed=26, scale=60)
    net.step = 2e-5
    return net


def oware_network_players(which):
    from games.oware import nn
    from learn.compiled import oware
    net = oware_net(which)
    return oware, net, nn.make_evaluator(None, net), oware.evaluation(net)


@pytest.mark.parametrize("which", ["shipped", "random"])
def test_the_oware_network_equals_games_oware_nn_to_the_last_bit(which):
    from games.oware import nn
    oware, net, python, ev = oware_network_players(which)
    game, states = oware_positions(3000, 27)
    states = [state for state in states if game.legal_moves(state)]
    assert len(states) > 2000
    for state in states:
        assert oware.evaluate(oware.unpack(state), ev) == python(state), state
    if which == "random":
        from network import assert_units_clip_at_both_ends
        assert_units_clip_at_both_ends(net, nn, states)
        values = {python(state) for state in states}
        assert len(values) > 1000 and max(values) < 1 and min(values) > -1


def test_the_oware_networks_logits_keep_their_order_through_tanh():
    """The searches compare the logits for the shipped network and the random one (the
    fourth field of ``evaluation``'s tuple)."""
    assert oware_network_players("shipped")[3][3] and oware_network_players("random")[3][3]


def check_oware_network_search(count, seed, depths, which="shipped", logits=True):
    """``logits``: the searches compare the network's logits (as ``evaluation`` finds
    they may), else each leaf's tanh."""
    oware, net, python, ev = oware_network_players(which)
    ev = ev[:3] + (logits,) + ev[4:]
    game, states = oware_positions(count * 30, seed)
    states = [s for s in states[::15] if game.legal_moves(s)][:count]
    assert len(states) == count
    for state in states:
        for depth in depths:
            value, move = oware.search(oware.unpack(state), depth, ev)
            assert value == AlphaBeta(game, python, max_depth=depth).search(state, Limit()).value, (state, depth)
            assert move in game.legal_moves(state)


@pytest.mark.parametrize("which", ["shipped", "random"])
def test_the_oware_network_search_value_equals_alphabeta_at_a_fixed_depth(which):
    check_oware_network_search(30, 28, (1, 2, 3, 4), which)


def test_the_oware_network_search_with_each_leafs_tanh_equals_alphabeta():
    check_oware_network_search(10, 29, (1, 2, 3, 4), logits=False)


@pytest.mark.slow
def test_the_oware_network_search_value_equals_alphabeta_on_many_positions():
    check_oware_network_search(300, 30, (1, 2, 3, 4, 6))


def test_a_compiled_oware_chunk_with_the_network_holds_labelled_games():
    from learn import logistic
    oware, net, _, _ = oware_network_players("shipped")
    seeds = [game_seed(4, 0, i) for i in range(3)]
    chunk = logistic.play_chunk_compiled(seeds, "oware", net, 2)
    assert chunk[2:] == logistic.play_chunk_compiled(seeds[2:], "oware", net, 2)  # a game is its seed's
    game = oware.GAME
    assert len(chunk) == 3
    for played in chunk:
        states = [state for state, _, _ in played]
        assert [value for _, _, value in played] == logistic.search_values("oware", states, 2, net)
        for (state, result, _), following in zip(played, played[1:] + [None]):
            assert game.legal_moves(state) and result in (-1, 0, 1)
            if following is not None:
                assert following[0] in [game.play(state, m) for m in game.legal_moves(state)]


def test_the_oware_network_trainers_tiny_setting_runs_compiled_with_the_network_players(tmp_path):
    from games.oware import nn as network
    from learn import nn
    from learn.oware import NN_SETUP
    out = tmp_path / "nn.py"
    argv = ["--games", "12", "--search-depth", "2", "--epochs", "2", "--hidden", "4", "--batch", "64", "--jobs", "1",
            "--compiled", "--players", "network", "--out", str(out), "--quiet", "--cache", str(tmp_path / "cache")]
    assert nn.main(NN_SETUP, argv) == 0
    text = out.read_text()
    assert "--compiled --players network" in text and "with the network evaluation" in text
    namespace = {}
    exec(text, namespace)
    loaded = network.load_weights(types.SimpleNamespace(**namespace))
    assert loaded.hidden == 4
    assert -1 < network.make_evaluator(None, loaded)(oware_positions(1, 1)[0].initial_state()) < 1
    assert next((tmp_path / "cache").iterdir()).name.startswith("oware-compiled-")


def test_compiled_oware_games_need_the_learned_or_network_players(capsys):
    from learn import nn
    from learn.oware import NN_SETUP
    with pytest.raises(SystemExit) as stopped:
        nn.main(NN_SETUP, ["--games", "10", "--compiled", "--players", "handcrafted"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert error[-1].endswith("error: --compiled plays with the learned or network players only"
                              " (--players learned or --players network)")
