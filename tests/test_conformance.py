"""The conformance suite: what every game under games/ must satisfy, found without being
listed (games/catalog.py), against the contract of games/contract.py.

Each check runs on every game; a game that cannot satisfy one declares it in its
package's ``OPT_OUT`` with the reason, which the skip shows. The engines' deeper checks
on every game (exact endgames, forced wins in 1, 3 and 5 plies from both seats, the
deadlines) are in tests/test_engines_games.py, whose table is discovered the same way.
"""
import copy
import inspect
import random
import time

import pytest

from arena.games import load_referee
from arena.match import play_opening
from engines import registry
from engines.base import PROVEN, WIN
from games import catalog, contract

GAMES = catalog.game_names()
RANDOM_GAMES = 20
UNBOUNDED = 10_000  # plies a random game may take where the rules declare no max_plies


def check_or_skip(name, check):
    reason = catalog.opted_out(name, check)
    if reason:
        pytest.skip(f"{name} opts out of {check}: {reason}")


def rules_of(name, players=None):
    """Game ``name``'s rules; for ``players`` seats where given (an N-player game's rules
    class takes ``num_players``; a two-player game's seats 2)."""
    rules = catalog.rules_class(name)
    return rules(num_players=players) if players is not None and contract.is_n_player(rules) else rules()


def seat_counts(name):
    """The numbers of players game ``name`` seats: its referee's ``players``, else (2,)."""
    return tuple(getattr(load_referee(name), "players", (2,)))


def check_returns(game, state):
    """An N-player game's returns at its end: within its bounds, of constant sum n / 2,
    by elimination order (0 for the first out .. 1 for the winner)."""
    n = contract.num_players(game)
    values = game.returns(state)
    lower, max_sum = game.value_bounds
    assert len(values) == n and min(values) >= lower and abs(sum(values) - n / 2) < 1e-9
    ranked = sorted(values)
    for value in set(ranked):  # players sharing a value share the mean of their ranks
        first, count = ranked.index(value), ranked.count(value)
        assert abs(value - sum(r / (n - 1) for r in range(first, first + count)) / count) < 1e-9, values


def random_game(game, rng, limit=UNBOUNDED):
    """[(state, move played)] of one random game, and its final state."""
    state, played = game.initial_state(), []
    moves = game.legal_moves(state)
    while moves:
        assert len(played) < limit, f"a random game is still running after {limit} plies"
        move = rng.choice(list(moves))
        played.append((state, move))
        state = game.play(state, move)
        moves = game.legal_moves(state)
    return played, state


def random_games(name, count=RANDOM_GAMES, seed=1, players=None):
    game = rules_of(name, players)
    rng = random.Random(seed)
    return game, [random_game(game, rng, getattr(game, "max_plies", None) or UNBOUNDED) for _ in range(count)]


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_and_both_sides_of_the_protocol_have_the_contracts_members(name):
    check_or_skip(name, "members")
    referee = load_referee(name)
    player_class = __import__(f"games.{name}.protocol", fromlist=["Player"]).Player
    assert contract.missing_members(rules_of(name), contract.Rules) == []
    assert contract.missing_members(referee, contract.RefereeProtocol) == []
    assert contract.missing_members(player_class(), contract.BotProtocol) == []
    assert isinstance(rules_of(name), contract.Rules)
    if contract.is_n_player(rules_of(name)):
        assert contract.missing_members(rules_of(name), contract.NPlayerRules) == []
        assert contract.missing_members(referee, contract.NPlayerReferee) == []
        assert all(rules_of(name, n).num_players == n for n in seat_counts(name))


@pytest.mark.parametrize("name", GAMES)
def test_random_games_end_with_an_outcome_and_only_then(name):
    """Every seat count the game declares: N-player games end with returns (and only
    then), and never give the turn to a player out."""
    check_or_skip(name, "random_games")
    for players in seat_counts(name):
        game, games = random_games(name, players=players)
        limit = getattr(game, "max_plies", None)
        n = contract.num_players(game)
        assert n == players
        for played, final in games:
            assert game.outcome(final) in (-1, 0, 1)
            if contract.is_n_player(game):
                check_returns(game, final)
            assert limit is None or len(played) <= limit
            for state, _ in played:
                assert game.outcome(state) is None
                assert game.to_move(state) in range(n)
                if contract.is_n_player(game):
                    assert game.returns(state) is None
                moves = list(game.legal_moves(state))
                assert len(set(moves)) == len(moves), game.render(state)


@pytest.mark.parametrize("name", GAMES)
def test_states_are_hashable_values_that_playing_never_changes(name):
    check_or_skip(name, "immutable_states")
    for players in seat_counts(name):
        states_are_values(*random_games(name, count=5, seed=2, players=players))


def states_are_values(game, games):
    for played, final in games:
        states = [state for state, _ in played] + [final]
        assert len({hash(s) for s in states}) > 1
        for state, move in played:
            before, key = copy.deepcopy(state), hash(state)
            after = game.play(state, move)
            assert state == before and hash(state) == key  # not changed in place
            assert after == game.play(before, move) and hash(after) == hash(game.play(before, move))
            game.legal_moves(after)
            game.outcome(after)
            assert state == before


@pytest.mark.parametrize("name", GAMES)
def test_moves_round_trip_through_their_names(name):
    check_or_skip(name, "move_names")
    for players in seat_counts(name):
        names_round_trip(*random_games(name, count=5, seed=3, players=players))


def names_round_trip(game, games):
    for played, _ in games:
        for state, _ in played:
            moves = list(game.legal_moves(state))
            names = [game.move_name(m) for m in moves]
            assert len(set(names)) == len(names), names
            assert all(isinstance(text, str) and text == text.strip() for text in names)
            assert [game.parse_move(text) for text in names] == moves
    for junk in ("", "?", "no such move at all"):
        with pytest.raises(ValueError):
            game.parse_move(junk)
    assert all(isinstance(line, str) for line in game.render(game.initial_state()))


def player_turn(player, lines):
    """What ``player`` reads of a turn's ``lines``: (state, actions, notes)."""
    rest = iter(lines[1:])
    state, actions, notes = player.read_turn(lines[0], lambda: next(rest))
    assert next(rest, None) is None, "the player left lines of the turn unread"
    return state, actions, notes


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed, opening", [(1, False), (2, True), (3, True)])
def test_the_protocols_transcripts_hold_between_referee_and_players(name, seed, opening):
    """Whole random games, with no opening (the real arena's case) or after the local
    arena's random opening plies, for every seat count the game declares: each turn's
    lines, read by the bot's side, give the referee's position (with an opening the bot
    never saw, one that the turn's lines cannot tell from it: the same legal moves) and
    its legal moves, and the bot's answer line reads back as the move it played."""
    check_or_skip(name, "transcripts")
    for players in seat_counts(name):
        transcript_holds(name, players, random.Random(seed), opening)


def transcript_holds(name, players, rng, opening):
    referee = load_referee(name)
    module = __import__(f"games.{name}.protocol", fromlist=["Player"])
    seats = [module.Player() for _ in range(players)]
    state = referee.new_state(rng, players=players) if players != 2 else referee.new_state(rng)
    state, moves = play_opening(referee, state, rng, random_plies=referee.random_plies if opening else 0)
    game = referee.game
    last_move = moves[-1] if moves else None
    turns = [0] * players
    while game.legal_moves(state):
        seat = game.to_move(state)
        if not referee.needs_answer(state):
            move = game.legal_moves(state)[0]
        else:
            lines = referee.turn_lines(state, seat, turns[seat] == 0, last_move)
            assert all(isinstance(line, str) and "\n" not in line for line in lines)
            seen, actions, notes = player_turn(seats[seat], lines)
            assert notes == [] and seen is not None, (turns[seat], lines)
            assert seen == state or (moves and sorted(game.legal_moves(seen)) == sorted(game.legal_moves(state)))
            allowed, problem = seats[seat].check_actions(seen, actions)
            assert problem is None and sorted(allowed) == sorted(seats[seat].legal_moves(state))
            move = rng.choice(sorted(allowed, key=repr))
            assert referee.parse_answer(state, seats[seat].format_move(move)) == move
            seats[seat].played(seen, move)
            turns[seat] += 1
        state, last_move = game.play(state, move), move
    assert min(turns) >= 1 or players > 2  # with more, a player may go out before its turn


def forced_wins_in_one(game, rng, games=200):
    """{seat: a position where that seat to move wins with its next move}."""
    found = {}
    for _ in range(games):
        played, _ = random_game(game, rng)
        for state, _ in reversed(played):
            seat = game.to_move(state)
            if seat not in found and any(game.outcome(game.play(state, m)) == -1 for m in game.legal_moves(state)):
                found[seat] = state
        if len(found) == 2:
            break
    return found


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("engine", sorted(registry.ENGINES))
def test_every_registered_engine_plays_legal_moves_and_wins_in_one_from_both_seats(name, engine):
    check_or_skip(name, "engines")
    game = rules_of(name)
    if contract.is_n_player(game):
        pytest.skip(f"{name} is an N-player game: the two-player engines' checks do not apply to it")
    evaluation = __import__(f"games.{name}.evaluation", fromlist=["make_evaluator"])
    evaluate = evaluation.make_evaluator(game)
    engine_class = registry.engine_class(engine)
    try:
        engine_class(game, evaluate)
    except ValueError as error:  # an engine that needs an optional hook the game lacks
        pytest.skip(str(error))
    rng = random.Random(4)
    wins = forced_wins_in_one(game, rng)
    assert set(wins) == {0, 1}, (f"{name}: 200 random games gave a position with a win in one ply only for seat(s) "
                                 f"{sorted(wins)}, not both. {catalog.opt_out_hint(name, 'engines')}")
    for seat, state in wins.items():
        result = engine_class(game, evaluate).search(state, time.perf_counter() + 1)
        assert game.outcome(game.play(state, result.move)) == -1, (engine, seat, game.render(state))
        assert result.value >= PROVEN or engine.startswith("mcts") or engine.startswith("bestfirst")
    for _ in range(3):
        played, _ = random_game(game, rng)
        state = rng.choice(played)[0]
        result = engine_class(game, evaluate).search(state, time.perf_counter() + 0.01)
        assert result.move in game.legal_moves(state)


@pytest.mark.parametrize("name", GAMES)
def test_the_evaluations_take_one_signature_and_stay_within_bounds(name):
    check_or_skip(name, "evaluation")
    game, games = random_games(name, count=3, seed=5)
    if contract.is_n_player(game):
        pytest.skip(f"{name} is an N-player game: its evaluation gives a vector (the test below)")
    evaluation = __import__(f"games.{name}.evaluation", fromlist=["make_evaluator"])
    factories = [evaluation.make_evaluator]
    try:
        bot = __import__(f"bots.{name}", fromlist=["BOT"]).BOT
        factories += [registry.load(target) for target in bot.evaluations.values()]
    except ImportError:
        pass  # a game without a bot yet
    for factory in factories:
        assert list(inspect.signature(factory).parameters)[:2] == ["game", "weights"], factory
        assert inspect.signature(factory).parameters["weights"].default is None, factory
        evaluate = factory(game)
        for played, _ in games:
            for state, _ in played:
                value = evaluate(state)  # a heuristic, or an exact result an endgame table knows
                assert -1 <= value <= 1 or PROVEN <= abs(value) < WIN, (factory, value)


@pytest.mark.parametrize("name", [name for name in GAMES if contract.is_n_player(rules_of(name))])
def test_n_player_evaluations_give_a_vector_within_the_games_bounds(name):
    """An N-player game's evaluation: n floats, each >= the lower bound, their sum at
    most the maximum sum (up to rounding), for every seat count."""
    check_or_skip(name, "evaluation")
    evaluation = __import__(f"games.{name}.evaluation", fromlist=["make_evaluator"])
    for players in seat_counts(name):
        game, games = random_games(name, count=3, seed=5, players=players)
        evaluate = evaluation.make_evaluator(game)
        lower, max_sum = game.value_bounds
        for played, final in games:
            for state in [state for state, _ in played] + [final]:
                values = evaluate(state)
                assert isinstance(values, tuple) and len(values) == players, values
                assert min(values) >= lower and sum(values) <= max_sum + 1e-9, values


def test_a_game_folder_without_its_init_file_is_named_in_one_line(tmp_path):
    (tmp_path / "ready").mkdir()
    (tmp_path / "ready" / "__init__.py").write_text("")
    (tmp_path / "ready" / "rules.py").write_text("")
    (tmp_path / "notes").mkdir()  # not a game: no game files
    assert catalog.game_names(tmp_path) == ["ready"]
    (tmp_path / "half").mkdir()
    (tmp_path / "half" / "rules.py").write_text("")
    with pytest.raises(catalog.GameLayoutError) as error:
        catalog.game_names(tmp_path)
    assert str(error.value) == ("games/half has rules.py but no __init__.py: "
                                "add an empty games/half/__init__.py to make it a game")


def test_the_contract_names_what_an_object_lacks():
    class HalfRules:
        name = "half"

        def initial_state(self):
            return 0

    missing = contract.missing_members(HalfRules(), contract.Rules)
    assert missing == ["to_move", "legal_moves", "play", "outcome", "move_name", "parse_move", "render"]
