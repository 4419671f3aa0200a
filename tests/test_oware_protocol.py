"""Oware protocol: the bot's reading of turn lines against the referee's writing of them,
a hand-written transcript, and the referee's Java-like reading of answers."""
import random

import pytest

from games.oware import protocol
from games.oware.protocol import Player, ProtocolError, Referee
from games.oware.rules import MAX_TURNS, Oware


def read_turn(player, line):
    """(state, actions, note or None) of a turn line read by the bot's side."""
    state, actions, notes = player.read_turn(line, None)
    assert len(notes) <= 1
    return state, actions, notes[0] if notes else None

game = Oware()

# One game, worked out by hand: (the line each player receives, its answer). Player 0
# captures 2 at ply 6 (house 0 ends in house 7, which reaches 2), player 1 captures 3 at
# ply 7 (house 6 ends in house 1, which reaches 3).
TRANSCRIPT_P0 = [
    ("4 4 4 4 4 4 4 4 4 4 4 4", "1"),
    ("5 0 5 5 5 5 4 4 0 5 5 5", "4"),
    ("6 0 5 5 0 6 5 0 2 7 6 6", "2"),
    ("7 1 1 7 2 8 6 1 2 7 6 0", "0"),
    ("1 0 2 8 3 9 0 1 3 8 7 1", "2"),
    ("1 0 0 9 4 9 0 1 0 9 8 2", None),
]
TRANSCRIPT_P1 = [
    ("4 4 4 4 4 4 4 0 5 5 5 5", "2"),
    ("5 5 1 6 5 5 5 0 5 5 0 6", "1"),
    ("6 1 2 7 6 6 6 0 0 6 1 7", "5"),
    ("7 0 2 7 6 0 0 2 2 8 3 9", "0"),
    ("0 1 3 8 7 1 1 0 0 9 4 9", "2"),
]
# Captured totals (player 0, player 1) each player can know when its line arrives.
STORES_P0 = [(0, 0), (0, 0), (0, 0), (0, 0), (2, 3), (2, 3)]
STORES_P1 = [(0, 0), (0, 0), (0, 0), (2, 0), (2, 3)]


@pytest.mark.parametrize("seat,transcript,stores", [(0, TRANSCRIPT_P0, STORES_P0),
                                                    (1, TRANSCRIPT_P1, STORES_P1)])
def test_hand_written_transcript_is_read_with_the_right_scores(seat, transcript, stores):
    tracker = Player(game)
    for turn, ((line, answer), expected_stores) in enumerate(zip(transcript, stores)):
        state, actions, note = read_turn(tracker, line)
        assert note is None
        assert tracker.tracker.seat == seat and game.to_move(state) == seat
        assert game.ply(state) == 2 * turn + seat
        assert game.stores(state) == expected_stores
        assert Player(game).check_actions(state, actions) == (game.legal_moves(state), None)
        if answer is not None:
            move = game.parse_move(answer)
            assert move in actions
            tracker.played(state, move)


def test_the_referee_writes_the_transcript_lines():
    referee = Referee()
    state = referee.new_state()
    moves = [int(a) for pair in zip(TRANSCRIPT_P0, TRANSCRIPT_P1) for a in (pair[0][1], pair[1][1])]
    lines = {0: [line for line, _ in TRANSCRIPT_P0], 1: [line for line, _ in TRANSCRIPT_P1]}
    for ply, move in enumerate(moves):
        player = ply % 2
        assert referee.needs_answer(state)
        assert referee.turn_lines(state, player, ply < 2) == [lines[player][ply // 2]]
        state = game.play(state, referee.parse_answer(state, str(move)))
    assert referee.turn_lines(state, 0, False) == [TRANSCRIPT_P0[-1][0]]
    assert game.stores(state) == (2, 3)


def test_whole_games_tracked_from_the_lines_alone():
    referee = Referee()
    rng = random.Random(11)
    turns = 0
    for _ in range(60):
        state = referee.new_state()
        trackers = (Player(game), Player(game))
        while referee.needs_answer(state):
            player = game.to_move(state)
            (line,) = referee.turn_lines(state, player, game.ply(state) < 2)
            seen, actions, note = read_turn(trackers[player], line)
            assert seen == state and note is None  # scores and ply included
            allowed, problem = Player(game).check_actions(seen, actions)
            assert problem is None
            move = rng.choice(allowed)
            trackers[player].played(seen, move)
            state = game.play(state, referee.parse_answer(state, Player(game).format_move(move)))
            turns += 1
        assert game.outcome(state) is not None
    assert turns > 5000


@pytest.mark.parametrize("opening", [[2, 3], [0, 5, 1], [4, 4, 0, 1]])
def test_random_opening_plies_are_recognised_with_the_seat(opening):
    referee = Referee()
    state = referee.new_state()
    for move in opening:
        state = game.play(state, move)
    player = game.to_move(state)
    tracker = Player(game)
    (line,) = referee.turn_lines(state, player, True)
    seen, _, note = read_turn(tracker, line)
    assert seen == state and note is None and tracker.tracker.seat == len(opening) % 2


def test_a_board_that_follows_from_no_move_is_rebuilt_and_reported():
    tracker = Player(game)
    state, actions, note = read_turn(tracker, "4 4 4 4 4 4 4 4 4 4 4 3")
    assert "rebuilt" in note
    assert tracker.tracker.seat == 1 and game.ply(state) == 1
    assert game.stores(state) == (1, 0)  # the missing seed went to the opponent
    assert game.houses(state) == (4, 4, 4, 4, 4, 3, 4, 4, 4, 4, 4, 4)
    assert actions == (0, 1, 2, 3, 4, 5)
    # Later, our own captures are kept and the opponent gets the rest of what is missing.
    tracker.played(state, 5)
    state, _, note = read_turn(tracker, "0 5 5 5 5 1 0 4 4 4 4 4")
    assert note and game.stores(state) == (7, 0) and game.ply(state) == 3


def test_our_rules_and_the_arenas_disagreement_is_settled_for_the_arena():
    # A tracked state at the turn limit has no legal move for us; the arena, which asks,
    # accepts the non-empty houses: the bot must play one of those.
    state = game.make_state([1, 0, 0, 2, 0, 0, 1, 1, 1, 1, 1, 1], (20, 19), MAX_TURNS)
    allowed, problem = Player(game).check_actions(state, (0, 3))
    assert allowed == (0, 3) and "arena lists [0, 3]" in problem


@pytest.mark.parametrize("line", ["", "4 4 4", "4 4 4 4 4 4 4 4 4 4 4 4 4", "a b c d e f g h i j k l",
                                  "4 4 4 4 4 4 4 4 4 4 4 -4", "9 9 9 9 9 9 4 4 4 4 4 4",
                                  "4 4 4 4 4 4 4 4 4 4 4 4.0", "0 0 0 0 0 0 4 4 4 4 4 4"])
def test_bad_turn_lines_are_refused(line):
    with pytest.raises(ProtocolError):
        read_turn(Player(game), line)


def test_arena_actions_apply_must_feed():
    assert protocol.arena_actions((1, 0, 3, 0, 2, 0, 0, 0, 0, 0, 0, 0)) == (4,)
    assert protocol.arena_actions((1, 0, 3, 0, 2, 0, 0, 0, 0, 0, 0, 1)) == (0, 2, 4)


def test_answers_are_read_like_javas_parse_int_then_modulo_12():
    referee = Referee()
    start = referee.new_state()
    after = game.play(start, 0)  # player 1 to move; player 0's house 0 is empty
    assert referee.parse_answer(start, "3") == 3
    assert referee.parse_answer(start, "+3") == 3
    assert referee.parse_answer(start, "15") == 3      # 15 % 12
    assert referee.parse_answer(start, "-12") == 0     # Java: -12 % 12 == 0
    assert referee.parse_answer(start, "003") == 3     # leading zeros are fine
    assert referee.parse_answer(after, "12") == 0      # (12 + 6) % 12 = house 6
    assert referee.parse_answer(after, "5") == 5
    for line in ["3 ", " 3", "3\r", "", "three", "3 hello", "1_0", "2147483648", "٣"]:
        with pytest.raises(ValueError, match="wrong output"):
            referee.parse_answer(start, line)
    for state, line in [(start, "6"), (start, "007"), (start, "-1"), (start, "-7"), (after, "-6"),
                        (after, "2147483647")]:  # + 6 wraps to a negative int
        with pytest.raises(ValueError, match="invalid action"):
            referee.parse_answer(state, line)
    with pytest.raises(ValueError, match="invalid action"):
        referee.parse_answer(game.play(after, 0), "0")  # player 0's house 0 is empty


def test_referee_figures():
    referee = Referee()
    assert (referee.first_turn_ms, referee.turn_ms, referee.max_turns) == (1000, 50, 200)
    assert referee.game.name == "oware"
    assert Player(game).format_move(4) == "4"
