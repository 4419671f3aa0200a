"""Breakthrough protocol: the bot's reader against hand-written arena transcripts and
against our referee over whole games from both seats; the referee's reading of answers."""
import random

import pytest

from games.breakthrough.protocol import Player, ProtocolError, Referee
from games.breakthrough.rules import BLACK, WHITE, Breakthrough

game = Breakthrough()

# The first turn of each player as the arena sends it: the opponent's last move (None
# for the first player), the number of legal moves, the moves (in no promised order).
WHITE_FIRST_TURN = """None
22
a2a3
a2b3
b2a3
b2b3
b2c3
c2b3
c2c3
c2d3
d2c3
d2d3
d2e3
e2d3
e2e3
e2f3
f2e3
f2f3
f2g3
g2f3
g2g3
g2h3
h2g3
h2h3""".splitlines()

BLACK_FIRST_TURN = """e2e3
22
h7h6
h7g6
g7h6
g7g6
g7f6
f7g6
f7f6
f7e6
e7f6
e7e6
e7d6
d7e6
d7d6
d7c6
c7d6
c7c6
c7b6
b7c6
b7b6
b7a6
a7b6
a7a6""".splitlines()


def reader(lines):
    """(first line, next-line callable) over a list, as the bot reads stdin."""
    it = iter(lines[1:])
    return lines[0], lambda: next(it)


def read(player, lines):
    """(state, actions, note or None) of a turn read by the bot's side."""
    first, rest = reader(lines)
    state, actions, notes = player.read_turn(first, rest)
    assert len(notes) <= 1
    return state, actions, notes[0] if notes else None


def test_white_reads_none_and_gets_the_start():
    player = Player(game)
    tracker = player.tracker
    state, actions, note = read(player, WHITE_FIRST_TURN)
    assert note is None and state == game.initial_state()
    assert tracker.side == WHITE and game.to_move(state) == WHITE
    assert Player(game).check_actions(state, actions) == (game.legal_moves(state), None)


def test_black_reads_whites_move_and_replies_from_there():
    player = Player(game)
    tracker = player.tracker
    state, actions, note = read(player, BLACK_FIRST_TURN)
    assert note is None and tracker.side == BLACK
    assert state == game.play(game.initial_state(), game.parse_move("e2e3"))
    allowed, problem = Player(game).check_actions(state, actions)
    assert problem is None and sorted(allowed) == sorted(actions)
    reply = game.parse_move("d7d6")
    assert Player(game).format_move(reply) == "d7d6"
    player.played(state, reply)
    # White answers f2f3; Black's next turn lists its moves after that.
    after = game.play(game.play(state, reply), game.parse_move("f2f3"))
    turn = ["f2f3", str(len(game.legal_moves(after)))] + [game.move_name(m) for m in game.legal_moves(after)]
    state, actions, note = read(player, turn)
    assert note is None and state == after


def test_the_listed_moves_tell_the_colour_when_the_first_line_does_not():
    # A first line that is not None but lists White's moves: the arena played a few
    # opening plies (a local arena may): the reader finds the position they led to.
    rng = random.Random(4)
    for plies in (2, 3, 4):
        state, last = game.initial_state(), None
        for _ in range(plies):
            last = rng.choice(game.legal_moves(state))
            state = game.play(state, last)
        turn = Referee(game).turn_lines(state, game.to_move(state), True, last)
        player = Player(game)
        tracker = player.tracker
        found, actions, note = read(player, turn)
        assert note is None and found is not None
        assert sorted(game.legal_moves(found)) == sorted(actions)
        assert tracker.side == game.to_move(state)


def test_a_first_turn_nothing_explains_still_gives_the_listed_moves():
    player = Player(game)
    tracker = player.tracker
    turn = ["e2e3", "2", "a2a3", "h2h3"]  # White's moves after a move of White's: impossible
    state, actions, note = read(player, turn)
    assert state is None and "no position" in note and tracker.side == WHITE
    assert Player(game).check_actions(state, actions) == (actions, None)
    # Black's usual first turn with a list that differs from ours: the position is
    # still the start after White's move, and the list is what the bot plays from.
    player = Player(game)
    state, actions, note = read(player, ["e2e3", "2", "a7a6", "b7b6"])
    assert note is None and state == game.play(game.initial_state(), game.parse_move("e2e3"))
    assert Player(game).check_actions(state, actions)[1] is not None


def test_an_opponent_move_that_is_illegal_for_us_is_reported():
    player = Player(game)
    state, _, _ = read(player, WHITE_FIRST_TURN)
    player.played(state, game.parse_move("e2e3"))
    turn = ["e2e3", "1", "a2a3"]  # Black "played" a White move; the list is White's
    state, actions, note = read(player, turn)
    assert state is None and "not legal" in note
    player = Player(game)
    state, _, _ = read(player, WHITE_FIRST_TURN)
    player.played(state, game.parse_move("e2e3"))
    turn = ["d7d6", "1", "d6d5"]  # the listed move is Black's: the seats look swapped
    state, actions, note = read(player, turn)
    assert state is None and "other colour" in note


def test_a_list_that_disagrees_with_our_rules_wins():
    player = Player(game)
    state, _, note = read(player, ["None", "2", "a2a3", "b2b3"])
    assert state == game.initial_state() and note is None
    allowed, problem = Player(game).check_actions(state, [game.parse_move("a2a3"), game.parse_move("b2b3")])
    assert sorted(game.move_name(m) for m in allowed) == ["a2a3", "b2b3"]
    assert "arena lists [a2a3, b2b3]" in problem


@pytest.mark.parametrize("lines", [
    ["Nothing", "22"] + WHITE_FIRST_TURN[2:],
    ["e2e4", "22"] + WHITE_FIRST_TURN[2:],
    ["None", "x"],
    ["None", "0"],
    ["None", "-3"],
    ["None", "99"],
    ["None", "2", "a2a3", "a2a4"],
    ["None", "2", "a2a3", "a7a6"],  # up and down the board at once
])
def test_malformed_turns_raise_protocol_errors(lines):
    with pytest.raises(ProtocolError):
        read(Player(game), lines)


def test_referee_lines_and_limits():
    referee = Referee()
    state = referee.new_state(random.Random(1))
    assert referee.turn_lines(state, 0, True) == WHITE_FIRST_TURN[:2] + sorted(WHITE_FIRST_TURN[2:])
    after = game.play(state, game.parse_move("e2e3"))
    lines = referee.turn_lines(after, 1, True, game.parse_move("e2e3"))
    assert lines[:2] == ["e2e3", "22"] and sorted(lines[2:]) == sorted(BLACK_FIRST_TURN[2:])
    assert (referee.first_turn_ms, referee.turn_ms, referee.max_turns) == (1000, 100, None)
    assert referee.needs_answer(state)


def test_referee_reads_a_move_and_an_optional_message():
    referee = Referee()
    state = referee.new_state()
    e2e3 = game.parse_move("e2e3")
    for line in ["e2e3", "e2e3\n", "e2e3\r\n", "e2e3 going up", "e2e3  two spaces"]:
        assert referee.parse_answer(state, line) == e2e3
    for line in ["", "\n", " e2e3", "E2E3", "e2e4", "e2e3x", "e7e6", "e2-e3", "e2e3\tx", "None"]:
        with pytest.raises(ValueError):
            referee.parse_answer(state, line)


@pytest.mark.parametrize("seat", [WHITE, BLACK])
def test_bot_reader_follows_our_referee_through_whole_games(seat):
    referee = Referee()
    rng = random.Random(10 + seat)
    for _ in range(20):
        state = referee.new_state()
        player = Player(game)
        last, first = None, True
        while referee.needs_answer(state):
            if game.to_move(state) == seat:
                lines = referee.turn_lines(state, seat, first, last)
                first = False
                ours, actions, note = read(player, lines)
                assert note is None and ours == state
                allowed, problem = Player(game).check_actions(ours, actions)
                assert problem is None
                move = rng.choice(allowed)
                assert referee.parse_answer(state, Player(game).format_move(move) + " hi") == move
                player.played(ours, move)
            else:
                move = rng.choice(game.legal_moves(state))
            state, last = game.play(state, move), move
        assert game.outcome(state) == -1


def test_colour_comes_from_the_lines_never_from_a_seat_number():
    # Unconfirmed on CodinGame: whether player 0 is always White. The input carries no
    # player id, so whichever seat a bot has, the lines alone make it White or Black.
    referee = Referee()
    start = referee.new_state()
    after = game.play(start, game.parse_move("c2c3"))
    assert referee.turn_lines(start, 0, True) == referee.turn_lines(start, 1, True)
    assert referee.turn_lines(after, 0, True, game.parse_move("c2c3")) == \
        referee.turn_lines(after, 1, True, game.parse_move("c2c3"))
    for state, last, colour in ((start, None, WHITE), (after, game.parse_move("c2c3"), BLACK)):
        player = Player(game)
        tracker = player.tracker
        found, _, note = read(player, referee.turn_lines(state, 0, True, last))
        assert found == state and note is None and tracker.side == colour


@pytest.mark.parametrize("seat", [WHITE, BLACK])
def test_bot_reader_keeps_track_after_random_opening_plies(seat):
    # A local arena may play random plies first; the reader then sees only the last of
    # them. It keeps every position that fits and narrows them down as the game goes.
    # It looks 4 plies deep: openings of up to 3 random plies, for either seat.
    referee = Referee()
    rng = random.Random(30 + seat)
    for game_number in range(24):
        state, last = referee.new_state(), None
        for _ in range(1 + game_number % 3):
            last = rng.choice(game.legal_moves(state))
            state = game.play(state, last)
        player = Player(game)
        tracker = player.tracker
        first = True
        while referee.needs_answer(state):
            if game.to_move(state) == seat:
                ours, actions, note = read(player, referee.turn_lines(state, seat, first, last))
                first = False
                assert note is None and ours is not None and state in tracker.candidates
                assert sorted(game.legal_moves(ours)) == sorted(actions)
                move = rng.choice(actions)
                player.played(ours, move)
            else:
                move = rng.choice(game.legal_moves(state))
            state, last = game.play(state, move), move
        assert not tracker.lost
