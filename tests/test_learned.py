"""The learned evaluations (games/*/learned.py): each fast evaluator computes its
definition, ``tanh(w . features / 2)``, from both seats; the features mean what they
say; the trainer (learn/) runs end to end."""
import importlib
import math
import random

import pytest

from games.breakthrough.rules import Breakthrough, squares_of
from games.onitama.rules import CARD_COUNT, Onitama
from games.oware.rules import Oware

GAMES = {"breakthrough": Breakthrough, "onitama": Onitama, "oware": Oware}


def learned_module(name):
    return importlib.import_module(f"games.{name}.learned")


def random_positions(name, count, seed):
    game = GAMES[name]()
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        if name == "onitama":
            state = game.initial_state(tuple(rng.sample(range(CARD_COUNT), 5)))
        else:
            state = game.initial_state()
        moves = game.legal_moves(state)
        while moves:
            found.append(state)
            state = game.play(state, rng.choice(moves))
            moves = game.legal_moves(state)
    return found[:count]


def definition(module, weights, state):
    return math.tanh(sum(w * f for w, f in zip(weights, module.features(state))) / 2)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("source", ["fitted", "random"])
def test_evaluator_computes_the_logistic_model_of_its_features(name, source):
    module = learned_module(name)
    game = GAMES[name]()
    rng = random.Random(3)
    weights = None if source == "fitted" else [rng.uniform(-1, 1) for _ in range(module.FEATURES)]
    evaluate = module.make_evaluator(game, weights)
    if weights is None:
        weights = importlib.import_module(f"games.{name}.learned_weights").WEIGHTS
    assert len(module.NAMES) == len(weights) == module.FEATURES
    positions = random_positions(name, 2000, seed=4)
    assert {game.to_move(state) for state in positions} == {0, 1}
    for state in positions:
        value = evaluate(state)
        assert -1 < value < 1
        assert value == pytest.approx(definition(module, weights, state), abs=1e-9), game.render(state)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_wrong_number_of_weights_is_refused(name):
    module = learned_module(name)
    with pytest.raises(ValueError, match="weights"):
        module.make_evaluator(GAMES[name](), [0.0] * (module.FEATURES - 1))


def test_breakthrough_features_count_pieces_from_the_movers_side():
    module = learned_module("breakthrough")
    game = Breakthrough()
    # A white piece on e2 and a black one on e7: each one row from its own home, seen
    # the same whoever moves (file e is class 3).
    for player in (0, 1):
        f = module.features(game.make_state([12], [52], player=player))
        assert f[module.MINE + 4 * 1 + 3] == 1 and f[module.THEIRS + 4 * 1 + 3] == 1
    # White d4 and black e5 attack each other, neither defended.
    f = module.features(game.make_state([27], [36], player=0))
    assert f[module.MY_HANGING] == f[module.MY_ATTACKED] == 1
    assert f[module.THEIR_HANGING] == f[module.THEIR_ATTACKED] == 1
    assert f[module.MY_DEFENDED] == f[module.THEIR_DEFENDED] == 0
    # c3 behind d4 defends it: attacked, no longer hanging.
    f = module.features(game.make_state([27, 18], [36], player=0))
    assert f[module.MY_ATTACKED] == 1 and f[module.MY_HANGING] == 0 and f[module.MY_DEFENDED] == 1


def test_breakthrough_mirrored_positions_are_worth_the_same():
    module = learned_module("breakthrough")
    game = Breakthrough()
    evaluate = module.make_evaluator(game)

    def mirror(board):  # file a <-> h, b <-> g, ...
        return [8 * (square // 8) + 7 - square % 8 for square in squares_of(board)]

    for state in random_positions("breakthrough", 300, seed=5)[::3]:
        white, black = game.pieces(state)
        mirrored = game.make_state(mirror(white), mirror(black), game.to_move(state))
        assert evaluate(mirrored) == pytest.approx(evaluate(state), abs=1e-12)


def test_onitama_features_see_each_side_from_its_own_home():
    module = learned_module("onitama")
    game = Onitama()
    for player in (0, 1):
        state = game.initial_state()
        if player == 1:
            state = game.play(state, game.legal_moves(state)[0])
        f = module.features(state)
        # Every side starts with its master on its home row's middle file (class 2).
        assert f[module.MY_MASTER + 2] == 1 and f[module.THEIR_MASTER + 2] == 1
        assert sum(f[module.MY_STUDENT:module.MY_MASTER]) == 4
        assert sum(f[module.MY_CARD:module.THEIR_CARD]) == sum(f[module.THEIR_CARD:module.TEMPO]) == 2
    start = module.features(game.initial_state())
    assert start[module.MY_STUDENT + 0] == start[module.MY_STUDENT + 1] == 2  # A/E and B/D files


def test_oware_features_bucket_the_houses():
    module = learned_module("oware")
    game = Oware()
    state = game.make_state([0, 1, 2, 3, 5, 12, 4, 4, 4, 4, 3, 1], stores=(3, 2))
    f = module.features(state)
    assert f[module.MY_STORE] == 3 and f[module.THEIR_STORE] == 2
    assert [module.bucket(seeds) for seeds in (0, 1, 2, 3, 4, 6, 7, 11, 12, 40)] == [0, 1, 2, 3, 4, 4, 5, 5, 6, 6]
    for house, seeds in enumerate([0, 1, 2, 3, 5, 12]):
        assert f[module.MY_HOUSES + module.BUCKETS * house + module.bucket(seeds)] == 1
    assert sum(f[module.THEIR_HOUSES:module.TEMPO]) == 6
    assert f[module.BOARD_SEEDS] == 23 - 20
    assert f[module.THEIR_HOUSES + module.BUCKETS * 5 + 1] == 1  # their last house holds 1


@pytest.mark.parametrize("stores, phase", [((0, 0), 0), ((6, 6), 0), ((7, 6), 1), ((12, 12), 1),
                                           ((13, 12), 2), ((20, 16), 2), ((20, 17), 3), ((24, 23), 3)])
def test_oware_features_fill_the_block_of_their_phase(stores, phase):
    module = learned_module("oware")
    game = Oware()
    board = 48 - sum(stores)
    houses = [board // 12 + (1 if h < board % 12 else 0) for h in range(12)]
    f = module.features(game.make_state(houses, stores=stores))
    assert module.phase(board) == phase
    block = f[module.BLOCK * phase:module.BLOCK * (phase + 1)]
    assert block[module.MY_STORE] == stores[0] and block[module.TEMPO] == 1
    assert sum(block[module.MY_HOUSES:module.TEMPO]) == 12  # one bucket per house
    assert not any(f[:module.BLOCK * phase] + f[module.BLOCK * (phase + 1):])  # other phases
    assert len(f) == len(module.NAMES) == module.FEATURES == module.PHASES * module.BLOCK


@pytest.mark.parametrize("name", sorted(GAMES))
def test_trainer_runs_end_to_end(name, tmp_path, capsys):
    pytest.importorskip("numpy")
    from learn.logistic import main
    setup = importlib.import_module(f"learn.{name}").SETUP
    out = tmp_path / "weights.py"
    assert main(setup, ["--games", "12", "--rounds", "2", "--jobs", "1", "--seed", "3", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "round 1, held out" in printed and "round 2, held out" in printed
    namespace = {}
    exec(out.read_text(), namespace)
    weights = namespace["WEIGHTS"]
    assert len(weights) == learned_module(name).FEATURES and any(weights)
    learned_module(name).make_evaluator(GAMES[name](), weights)  # loads


def test_search_targets_mix_the_search_value_and_the_result():
    pytest.importorskip("numpy")
    from learn.logistic import play_chunk, search_values, targets
    from learn.pipeline import game_seed
    seeds = [game_seed(6, 0, i) for i in range(2)]
    games = play_chunk(seeds, "oware", None, 2)
    for game in games:  # each game's positions valued by a search of their own
        states = [state for state, _, _ in game]
        assert [value for _, _, value in game] == search_values("oware", states, 2)
    values = [value for game in games for _, _, value in game]
    assert all(-1 <= v <= 1 for v in values) and len(set(values)) > 1
    unlabelled = play_chunk(seeds, "oware", None, 0)
    assert [[(s, r) for s, r, _ in game] for game in unlabelled] == [[(s, r) for s, r, _ in game] for game in games]
    assert all(value == result for game in unlabelled for _, result, value in game)
    assert targets(games, 1.0) == [(state, result) for game in games for state, result, _ in game]  # all result
    mixed = targets(games, 0.25)
    for (state, target), (_, result, value) in zip(mixed, [p for game in games for p in game]):
        assert target == pytest.approx(0.75 * value + 0.25 * result)
    # a proven result counts as a certain one
    game = Oware()
    # the only move sows house 5's seed onto house 6's one: 2 captured, 26 in all, a win
    won = game.make_state([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 2], stores=(24, 20))
    assert search_values("oware", [won], 2) == [1.0]


def test_trainer_takes_start_weights_and_search_targets(tmp_path, capsys):
    pytest.importorskip("numpy")
    from learn.logistic import main
    setup = importlib.import_module("learn.oware").SETUP
    out = tmp_path / "weights.py"
    assert main(setup, ["--games", "12", "--rounds", "1", "--jobs", "1", "--seed", "3", "--out", str(out),
                        "--from-weights", str(setup.weights_file), "--search-depth", "2",
                        "--outcome-share", "0.5"]) == 0
    text = out.read_text()
    assert "--search-depth 2" in text and "The first round's players took the weights of" in text
    namespace = {}
    exec(text, namespace)
    assert len(namespace["WEIGHTS"]) == learned_module("oware").FEATURES


@pytest.mark.parametrize("arguments, message", [
    (["--from-weights", "no/such/file.py"], "cannot read weights"),
    (["--search-depth", "-1"], "--search-depth"),
    (["--search-depth", "2", "--outcome-share", "1.5"], "--outcome-share"),
])
def test_trainer_refuses_bad_options_with_a_message(arguments, message, tmp_path, capsys):
    pytest.importorskip("numpy")
    from learn.logistic import main
    setup = importlib.import_module("learn.oware").SETUP
    with pytest.raises(SystemExit) as stop:
        main(setup, ["--games", "12", "--out", str(tmp_path / "w.py"), *arguments])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("content, message", [
    ("WEIGHTS = [0.5, 0.25]\n", "holds no list of"),
    ("WEIGHTS = [undefined_name]\n", "cannot read weights"),
])
def test_trainer_refuses_a_weights_file_it_cannot_use(content, message, tmp_path, capsys):
    pytest.importorskip("numpy")
    from learn.logistic import main
    setup = importlib.import_module("learn.oware").SETUP
    bad = tmp_path / "bad.py"
    bad.write_text(content)
    with pytest.raises(SystemExit):
        main(setup, ["--games", "12", "--out", str(tmp_path / "w.py"), "--from-weights", str(bad)])
    assert message in capsys.readouterr().err
