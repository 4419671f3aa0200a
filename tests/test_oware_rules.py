"""Oware Abapa rules: perft, a plain re-statement of the arena's referee, open_spiel
cross-check, and hand-checked positions for every special rule."""
import random
from pathlib import Path

import pytest

from games.oware.rules import MAX_TURNS, Oware
from spielperft import spiel_perft

PERFT = [tuple(map(int, line.split())) for line in
         (Path(__file__).parent / "data" / "perft_oware.txt").read_text().splitlines()]

game = Oware()


def perft(state, depth):
    """Number of move sequences of exactly ``depth`` plies."""
    moves = game.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(game.play(state, m), depth - 1) for m in moves)


@pytest.mark.parametrize("depth,count", [p for p in PERFT if p[0] <= 8])
def test_perft_from_the_start(depth, count):
    assert perft(game.initial_state(), depth) == count


@pytest.mark.parametrize("depth,count", [p for p in PERFT if p[0] <= 5])
def test_perft_table_agrees_with_open_spiel(depth, count):
    pyspiel = pytest.importorskip("pyspiel")
    assert spiel_perft(pyspiel.load_game("oware").new_initial_state(), depth) == count


def position(houses, stores, ply=0):
    """A hand-made state; ``houses`` are absolute (player 0's six first)."""
    state = game.make_state(houses, stores, ply)
    assert game.houses(state) == tuple(houses)
    assert game.stores(state) == tuple(stores)
    assert game.ply(state) == ply and game.to_move(state) == ply % 2
    return state


# -- the referee, re-stated on plain lists -----------------------------------------------
# Written from the arena's rules, with the referee's own algorithm (sow with a skip
# counter, collect the capture run, cancel it when no opponent seed would be left).

def reference_moves(board, player):
    own = range(6 * player, 6 * player + 6)
    opponent_has_seeds = any(board[h] for h in range(6 - 6 * player, 12 - 6 * player))
    return [h - 6 * player for h in own
            if board[h] > 0 and (opponent_has_seeds or board[h] >= 6 * player + 6 - h)]


def reference_play(board, scores, player, move):
    """Returns the new board, the new scores and what happened: 'capture', 'grand slam'
    or None."""
    board, scores = list(board), list(scores)
    origin = move + 6 * player
    seeds, board[origin] = board[origin], 0
    at = origin
    while seeds:
        at = (at + 1) % 12
        if at != origin:
            board[at] += 1
            seeds -= 1
    run = []
    while at // 6 != player and board[at] in (2, 3):
        run.append(at)
        at = (at - 1) % 12
    if not run:
        return board, scores, None
    opponent_side = range(6 - 6 * player, 12 - 6 * player)
    if all(board[h] == 0 or h in run for h in opponent_side):
        return board, scores, "grand slam"
    for h in run:
        scores[player] += board[h]
        board[h] = 0
    return board, scores, "capture"


def reference_game(rng):
    """Plays one random game under the arena's loop; yields (board, scores, player,
    moves, chosen) per turn and finally (board, scores, None, 'end', None)."""
    board, scores = [4] * 12, [0, 0]
    for turn in range(1, MAX_TURNS + 1):
        player = (turn - 1) % 2
        moves = reference_moves(board, player)
        if not moves:
            scores[player] += sum(board)
            board = [0] * 12
            break
        move = rng.choice(moves)
        yield board, scores, player, moves, move
        board, scores, _ = reference_play(board, scores, player, move)
        if scores[player] > 24:
            break
    yield board, scores, None, "end", None


def test_random_games_follow_the_referee_to_the_end():
    rng = random.Random(7)
    plies = endings = turn_limits = 0
    for _ in range(400):
        state = game.initial_state()
        for board, scores, player, moves, move in reference_game(rng):
            if moves == "end":
                break
            assert game.houses(state) == tuple(board) and game.stores(state) == tuple(scores)
            assert game.to_move(state) == player
            assert list(game.legal_moves(state)) == moves
            state = game.play(state, move)
            plies += 1
        assert game.legal_moves(state) == ()
        final = game.scores(state)
        assert final == tuple(scores)
        mover = game.to_move(state)
        assert game.outcome(state) == (final[mover] > final[1 - mover]) - (final[mover] < final[1 - mover])
        endings += 1
        turn_limits += game.ply(state) == MAX_TURNS
    assert plies > 30000 and endings == 400 and turn_limits > 5


# -- open_spiel -----------------------------------------------------------------------------
# open_spiel's oware agrees with the arena on sowing, captures, grand slams and must-feed.
# It differs at the end: it stops a game when a position repeats since the last capture,
# has no 200-ply limit, and when a game ends it gives each player the seeds on its own
# side (the arena gives nothing once someone passed 24, and everything to the player
# who cannot move, which is the same thing in that case, as only the mover has seeds).

def spiel_view(spiel_state):
    player, scores, seeds = spiel_state.observation_string(0).split("|")
    return tuple(map(int, seeds.split())), tuple(map(int, scores.split()))


def test_random_games_agree_with_open_spiel():
    pyspiel = pytest.importorskip("pyspiel")
    spiel_game = pyspiel.load_game("oware")
    rng = random.Random(2026)
    seen = {"plies": 0, "capture": 0, "grand slam": 0, "must feed": 0, "no move": 0,
            "above 24": 0, "repetition": 0}
    for _ in range(500):
        ours, theirs = game.initial_state(), spiel_game.new_initial_state()
        while game.ply(ours) < MAX_TURNS:
            moves = game.legal_moves(ours)
            if theirs.is_terminal() and moves:
                seen["repetition"] += 1  # open_spiel's own rule; the arena plays on
                break
            if not moves:
                assert theirs.is_terminal()
                houses, stores = game.houses(ours), game.stores(ours)
                own_sides = (stores[0] + sum(houses[:6]), stores[1] + sum(houses[6:]))
                assert spiel_view(theirs)[1] == own_sides
                mover = game.to_move(ours)
                assert game.outcome(ours) == theirs.returns()[mover]
                seen["above 24" if max(stores) > 24 else "no move"] += 1
                break
            assert theirs.current_player() == game.to_move(ours)
            assert sorted(moves) == sorted(theirs.legal_actions())
            player = game.to_move(ours)
            houses = game.houses(ours)
            if not any(houses[6 - 6 * player: 12 - 6 * player]):
                seen["must feed"] += 1
            move = rng.choice(moves)
            _, _, event = reference_play(houses, game.stores(ours), player, move)
            if event:
                seen[event] += 1
            ours = game.play(ours, move)
            theirs.apply_action(move)
            seen["plies"] += 1
            if not theirs.is_terminal():  # a finished open_spiel game has collected
                assert spiel_view(theirs) == (game.houses(ours), game.stores(ours))
    assert seen["plies"] > 40000
    assert all(seen[k] > 0 for k in seen), seen


# -- hand-checked positions ----------------------------------------------------------------

def test_player_1_moves_count_from_its_own_first_house():
    state = game.play(game.initial_state(), 0)
    assert game.houses(state) == (0, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4)
    assert game.to_move(state) == 1 and game.legal_moves(state) == (0, 1, 2, 3, 4, 5)
    state = game.play(state, 5)  # house 11: sows into player 0's houses 0-3
    assert game.houses(state) == (1, 6, 6, 6, 5, 4, 4, 4, 4, 4, 4, 0)
    assert game.legal_moves(state) == (0, 1, 2, 3, 4, 5) and game.ply(state) == 2


def test_sowing_skips_the_origin_on_every_lap():
    state = position([12, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], (15, 15))
    after = game.play(state, 0)  # 11 houses get one, the 12th seed goes to house 1
    assert game.houses(after) == (0, 2, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2)
    assert game.stores(after) == (15, 15)  # last seed on its own side: no capture
    state = position([23, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], (10, 9))
    after = game.play(state, 0)  # two laps of 11, then house 1 again
    assert game.houses(after) == (0, 3, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3)
    assert game.stores(after) == (10, 9)


def test_capture_walks_back_over_2s_and_3s_only():
    state = position([4, 0, 0, 5, 0, 0, 1, 4, 2, 0, 5, 5], (12, 10))
    after = game.play(state, 3)  # sows 4 5 6 7 8: house 8 reaches 3, house 7 reaches 5
    assert game.houses(after) == (4, 0, 0, 0, 1, 1, 2, 5, 0, 0, 5, 5)
    assert game.stores(after) == (15, 10)  # house 6 holds 2 but is past the break
    state = position([4, 0, 0, 5, 0, 0, 1, 1, 2, 0, 5, 5], (15, 10))
    after = game.play(state, 3)  # now houses 8, 7, 6 hold 3, 2, 2: all taken
    assert game.houses(after) == (4, 0, 0, 0, 1, 1, 0, 0, 0, 0, 5, 5)
    assert game.stores(after) == (22, 10)
    state = position([4, 0, 0, 5, 0, 0, 3, 1, 2, 0, 5, 5], (13, 10))
    after = game.play(state, 3)  # houses 8 and 7 taken; house 6 holds 4
    assert game.houses(after) == (4, 0, 0, 0, 1, 1, 4, 0, 0, 0, 5, 5)
    assert game.stores(after) == (18, 10)
    state = position([4, 0, 0, 5, 0, 0, 3, 1, 3, 0, 5, 5], (12, 10))
    after = game.play(state, 3)  # the last house holds 4: no capture, though 7 holds 2
    assert game.houses(after) == (4, 0, 0, 0, 1, 1, 4, 2, 4, 0, 5, 5)
    assert game.stores(after) == (12, 10)
    state = position([4, 0, 0, 5, 0, 0, 2, 1, 0, 0, 5, 5], (15, 11))
    after = game.play(state, 3)  # the last house holds 1: no capture
    assert game.houses(after) == (4, 0, 0, 0, 1, 1, 3, 2, 1, 0, 5, 5)
    assert game.stores(after) == (15, 11)


def test_capture_stops_at_the_end_of_the_opponent_row():
    # Player 1 sows house 10 (its move 4): houses 11 then 0. House 0 reaches 3 and is
    # taken; the walk back reaches house 11, player 1's own, which holds 2 and stays.
    state = position([2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1], (20, 19), ply=1)
    after = game.play(state, 4)
    assert game.houses(after) == (0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2)
    assert game.stores(after) == (20, 22)


def test_grand_slam_is_legal_but_captures_nothing():
    # Player 1 has no seeds: player 0 must feed, and its only move (17 seeds, a lap and
    # six more) leaves 2 in each of player 1's houses: taking them all is cancelled.
    state = position([0, 0, 0, 0, 0, 17, 0, 0, 0, 0, 0, 0], (16, 15))
    assert game.legal_moves(state) == (5,)
    after = game.play(state, 5)
    assert game.houses(after) == (1, 1, 1, 1, 1, 0, 2, 2, 2, 2, 2, 2)
    assert game.stores(after) == (16, 15)
    # With 2 seeds already in house 6 it ends with 4, the run stops there, and player 1
    # keeps seeds: the capture of houses 7-11 stands.
    state = position([0, 0, 0, 0, 0, 17, 2, 0, 0, 0, 0, 0], (15, 14))
    after = game.play(state, 5)
    assert game.houses(after) == (1, 1, 1, 1, 1, 0, 4, 0, 0, 0, 0, 0)
    assert game.stores(after) == (25, 14)
    # A whole-row capture from a single sow: houses 6-11 hold 1 2 1 1 2 1 plus empties.
    state = position([0, 0, 0, 0, 0, 6, 1, 2, 1, 1, 2, 1], (17, 17))
    after = game.play(state, 5)
    assert game.houses(after) == (0, 0, 0, 0, 0, 0, 2, 3, 2, 2, 3, 2)
    assert game.stores(after) == (17, 17)
    # Player 0 is left empty: player 1 must feed it, which only houses 10 and 11 (3 and
    # 2 seeds) can do.
    assert game.legal_moves(after) == (4, 5)


def test_must_feed_keeps_only_moves_that_reach_the_opponent():
    state = position([1, 0, 3, 0, 2, 0, 0, 0, 0, 0, 0, 0], (20, 22))
    assert game.legal_moves(state) == (4,)  # 1 from house 0 and 3 from house 2 fall short
    assert game.outcome(state) is None
    mirrored = position([0, 0, 0, 0, 0, 0, 1, 0, 3, 0, 2, 0], (22, 20), ply=5)
    assert game.legal_moves(mirrored) == (4,)
    after = game.play(state, 4)
    assert game.houses(after) == (1, 0, 3, 0, 0, 1, 1, 0, 0, 0, 0, 0)


def test_a_player_who_cannot_move_takes_the_board_and_the_game_ends():
    state = position([3, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0], (20, 24))
    assert game.legal_moves(state) == ()
    assert game.scores(state) == (24, 24) and game.outcome(state) == 0
    state = position([3, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0], (22, 22))
    assert game.scores(state) == (26, 22) and game.outcome(state) == 1
    state = position([0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0], (23, 23), ply=7)
    assert game.legal_moves(state) == ()  # player 1: 2 seeds from house 7 stay home
    assert game.scores(state) == (23, 25) and game.outcome(state) == 1


def test_more_than_24_ends_the_game_at_once_without_collecting():
    state = position([2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 0, 1], (23, 9))
    after = game.play(state, 5)  # house 6 reaches 2: 25 captured
    assert game.stores(after) == (25, 9)
    assert game.legal_moves(after) == () and game.outcome(after) == -1
    assert game.scores(after) == (25, 9)  # the board is not shared out
    exactly_24 = position([2, 2, 2, 2, 2, 0, 0, 1, 1, 1, 0, 1], (24, 10), ply=1)
    assert game.legal_moves(exactly_24) == (1, 2, 3, 5)


def test_after_200_plies_only_captured_seeds_count():
    # Player 1 moves at ply 199 (one seed from house 11); then the game is over and
    # player 0 wins by one, though player 1 keeps 10 seeds on its side to player 0's 3.
    state = position([0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 6, 1], (18, 17), ply=199)
    after = game.play(state, 5)
    assert game.houses(after) == (1, 0, 0, 1, 0, 1, 1, 1, 1, 1, 6, 0)
    assert game.ply(after) == MAX_TURNS
    assert game.legal_moves(after) == ()
    assert game.scores(after) == (18, 17) and game.outcome(after) == 1
    level = position([0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 5, 1], (18, 18), ply=199)
    assert game.outcome(game.play(level, 5)) == 0
    # At the limit a player without a move takes nothing: the arena stops first.
    stuck = position([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (22, 23), ply=MAX_TURNS)
    assert game.scores(stuck) == (22, 23) and game.outcome(stuck) == -1
    one_before = position([0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 6, 1], (18, 17), ply=198)
    assert game.legal_moves(one_before) == (3, 5)
    assert game.legal_moves(game.play(one_before, 3)) == (0, 1, 2, 3, 4, 5)


def test_states_are_validated_named_and_rendered():
    with pytest.raises(ValueError):
        game.make_state([4] * 11, (0, 0))
    with pytest.raises(ValueError):
        game.make_state([4] * 12, (1, 0))
    with pytest.raises(ValueError):
        game.make_state([4] * 12, (0, 0), ply=MAX_TURNS + 1)
    assert [game.move_name(m) for m in range(6)] == ["0", "1", "2", "3", "4", "5"]
    assert [game.parse_move(f" {m}\n") for m in range(6)] == list(range(6))
    for junk in ("6", "-1", "", "1 2", "x", "12"):
        with pytest.raises(ValueError):
            game.parse_move(junk)
    lines = game.render(game.play(game.initial_state(), 2))
    assert lines[0].split("|")[1].split() == ["4", "4", "4", "4", "4", "5"]
    assert lines[1].split("|")[1].split() == ["4", "4", "0", "5", "5", "5"]
    assert lines[0].startswith("*P1")
    assert hash(game.initial_state()) == hash(game.make_state([4] * 12))


def test_noisy_moves_are_the_captures():
    rng = random.Random(21)
    seen = 0
    for _ in range(60):
        state = game.initial_state()
        moves = game.legal_moves(state)
        while moves:
            mover = game.to_move(state)
            expected = [m for m in moves if game.stores(game.play(state, m))[mover] > game.stores(state)[mover]]
            assert game.noisy_moves(state, moves) == expected
            seen += len(expected)
            state = game.play(state, rng.choice(moves))
            moves = game.legal_moves(state)
    assert seen > 100  # captures were there to find
