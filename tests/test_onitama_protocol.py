"""Onitama protocol: a hand-written transcript in the arena's exact format, the bot's
parser against the referee's lines over random games, and the referee's answer quirks."""

import random

import pytest

from games.onitama import protocol
from games.onitama.protocol import ProtocolError, Referee
from games.onitama.rules import Onitama, pass_move

GAME = Onitama()
REFEREE = Referee(GAME)
TIGER, DRAGON, FROG, RABBIT, CRAB, BOAR, OX, EEL, MONKEY = 15, 10, 2, 9, 6, 4, 7, 0, 11

# Worked out by hand from the arena's rules: cards Tiger + Dragon for player 0, Frog +
# Rabbit for player 1, Crab in the centre. Actions are listed by card, then by the
# card's vector, then piece by piece, column by column.
PLAYER_0_FIRST_TURN = """\
0
bbBbb
.....
.....
.....
wwWww
0 15 0 -1 0 2 0 0 0 0
0 10 -2 1 -1 -1 1 -1 2 1
1 2 2 0 1 -1 -1 1 0 0
1 9 1 1 -1 -1 -2 0 0 0
-1 6 -2 0 0 1 2 0 0 0
11
15 A1A3
15 B1B3
15 C1C3
15 D1D3
15 E1E3
10 C1A2
10 D1B2
10 E1C2
10 A1C2
10 B1D2
10 C1E2""".splitlines()

# After "10 E1C2": Dragon goes to the centre (printed turned, for player 1), player 0
# takes Crab. Player 1's Frog is (+2, 0) (+1, -1) (-1, +1) for it, Rabbit (+1, +1)
# (-1, -1) (-2, 0).
PLAYER_1_FIRST_TURN = """\
1
bbBbb
.....
.....
..w..
wwWw.
0 15 0 -1 0 2 0 0 0 0
0 6 -2 0 0 1 2 0 0 0
1 2 2 0 1 -1 -1 1 0 0
1 9 1 1 -1 -1 -2 0 0 0
-1 10 2 -1 1 1 -1 1 -2 -1
8
2 A5B4
2 B5C4
2 C5D4
2 D5E4
9 B5A4
9 C5B4
9 D5C4
9 E5D4""".splitlines()

# A position where player 0 cannot move: its pieces fill row 5 and Crab and Boar only go
# sideways or forward. Both cards may be passed.
PASS_TURN = """\
Wwwww
.....
..B..
.....
.....
0 6 -2 0 0 1 2 0 0 0
0 4 -1 0 0 1 1 0 0 0
1 7 0 -1 0 1 -1 0 0 0
1 0 1 -1 1 1 -1 0 0 0
-1 11 -1 1 -1 -1 1 1 1 -1
2
6 PASS
4 PASS""".splitlines()


def feed(lines):
    """A line reader over a list, as the bot reads stdin."""
    it = iter(lines)
    return lambda: next(it)


def seated(my_id, turn):
    """The bot's side of the protocol past its first turn: it knows its id and counts
    the plies itself."""
    player = protocol.Player(GAME)
    player.my_id, player.turn = my_id, turn
    return player


def read_transcript(lines, turn, first_turn):
    read = feed(lines)
    player = protocol.Player(GAME) if first_turn else seated(0, turn)
    state, actions, problems = player.read_turn(read(), read)
    assert player.my_id == turn % 2 and player.turn == turn
    assert problems == []
    with pytest.raises(StopIteration):
        read()  # every line was consumed
    return state, actions


def test_hand_written_transcript_through_the_bot_parser():
    start = GAME.initial_state((TIGER, DRAGON, FROG, RABBIT, CRAB))
    state, actions = read_transcript(PLAYER_0_FIRST_TURN, 0, True)
    assert state == start
    assert protocol.Player(GAME).check_actions(state, actions) == (GAME.legal_moves(state), None)
    move = GAME.parse_move("10 E1C2")
    after = GAME.play(start, move)
    state, actions = read_transcript(PLAYER_1_FIRST_TURN, 1, True)
    assert state == after
    assert sorted(actions) == sorted(GAME.legal_moves(after))
    assert protocol.Player(GAME).format_move(actions[0]) == "2 A5B4"


def test_referee_writes_the_hand_written_transcript():
    start = GAME.initial_state((TIGER, DRAGON, FROG, RABBIT, CRAB))
    assert REFEREE.turn_lines(start, 0, True) == PLAYER_0_FIRST_TURN
    after = GAME.play(start, GAME.parse_move("10 E1C2"))
    assert REFEREE.turn_lines(after, 1, True, GAME.parse_move("10 E1C2")) == PLAYER_1_FIRST_TURN
    assert REFEREE.turn_lines(after, 1, False) == PLAYER_1_FIRST_TURN[1:]


def test_pass_turn():
    state, actions = read_transcript(PASS_TURN, 12, False)
    assert sorted(actions) == sorted([pass_move(CRAB), pass_move(BOAR)])
    assert protocol.Player(GAME).check_actions(state, actions)[1] is None
    assert REFEREE.turn_lines(state, 0, False) == PASS_TURN
    assert REFEREE.parse_answer(state, "4 PASS") == pass_move(BOAR)
    assert REFEREE.parse_answer(state, "6 pass gg") == pass_move(CRAB)
    for bad in ("11 PASS", "7 PASS", "6 A5B5"):
        with pytest.raises(ValueError):
            REFEREE.parse_answer(state, bad)


def test_bot_parser_agrees_with_the_referee_over_random_games():
    rng = random.Random(11)
    plies = 0
    for _ in range(40):
        state = REFEREE.new_state(rng)
        seen = [0, 0]
        bots = (protocol.Player(GAME), protocol.Player(GAME))  # each counts its plies itself
        while GAME.legal_moves(state):
            player = GAME.to_move(state)
            lines = REFEREE.turn_lines(state, player, seen[player] == 0)
            read = feed(lines)
            side = bots[player]
            parsed, actions, problems = side.read_turn(read(), read)
            assert side.my_id == player and parsed == state and problems == []
            allowed, problem = side.check_actions(parsed, actions)
            assert problem is None and sorted(allowed) == sorted(actions)
            move = rng.choice(allowed)
            assert REFEREE.parse_answer(state, side.format_move(move)) == move
            side.played(parsed, move)
            state = GAME.play(state, move)
            seen[player] += 1
            plies += 1
    assert plies > 500


@pytest.mark.parametrize("cards, forced", [
    ((0, 5, 2, 12, 15), True), ((1, 15, 3, 4, 6), True), ((12, 15, 0, 2, 14), True),
    ((5, 15, 8, 9, 0), True), ((15, 5, 9, 8, 0), True),      # hands in either order
    ((0, 5, 2, 12, 14), False), ((1, 15, 3, 4, 5), False), ((2, 12, 0, 5, 15), False),
    ((15, 10, 2, 9, 6), False)])
def test_openings_the_arena_deals_again(cards, forced):
    """The live referee's source lists deals "solvable at depth 6": player 0, moving
    first, forces a win within 5 plies. Checked here on some of its deals and on near
    misses (the centre card changed, the hands swapped)."""
    state = GAME.initial_state(cards)
    assert protocol.forces_win(GAME, state, protocol.FORCED_OPENING_PLIES) is forced
    if forced:
        assert not protocol.forces_win(GAME, state, 3)  # not a shorter win


def test_forces_win_finds_a_mate_in_one_and_in_three():
    # Player 0's master on C3 with Tiger reaches C5 at once.
    one = GAME.make_state((1 << 12, 1 << 20), (1 << 12, 1 << 20), ((TIGER, OX), (EEL, CRAB)), BOAR, 0)
    assert protocol.forces_win(GAME, one, 1)
    quiet = GAME.make_state((1 << 2, 1 << 20), (1 << 2, 1 << 20), ((OX, BOAR), (EEL, CRAB)), MONKEY, 0)
    assert not protocol.forces_win(GAME, quiet, 1)


def test_new_state_deals_five_distinct_cards():
    rng = random.Random(1)
    deals = set()
    for _ in range(200):
        state = REFEREE.new_state(rng)
        hand0, hand1, centre = GAME.hands(state)
        cards = (*hand0, *hand1, centre)
        assert len(set(cards)) == 5 and all(0 <= c < 16 for c in cards)
        assert GAME.to_move(state) == 0 and GAME.turn(state) == 0
        assert not protocol.forces_win(GAME, state, protocol.FORCED_OPENING_PLIES)
        deals.add(cards)
    assert len(deals) > 150
    assert REFEREE.first_turn_ms == 1000 and REFEREE.turn_ms == 50 and REFEREE.max_turns == 200
    assert REFEREE.needs_answer(state)


@pytest.mark.parametrize("line", ["15 A1A3", "15 a1a3", "15 A1A3 hello world", "015 A1A3",
                                  "15  A1A3", "15\tA1A3", "15 A1A3  x"])
def test_answers_the_arena_accepts(line):
    start = GAME.initial_state((TIGER, DRAGON, FROG, RABBIT, CRAB))
    assert REFEREE.parse_answer(start, line) == GAME.parse_move("15 A1A3")


@pytest.mark.parametrize("line", ["", " 15 A1A3", "15 A1A3 ", "15A1A3", "15 A1A4", "10 A1A3",
                                  "2 A5B4", "15 PASS", "6 C1C2", "15 A1A3\x85", "15 A1", "x A1A3",
                                  "15 A1A3\tMSG\r"])
def test_answers_the_arena_rejects(line):
    start = GAME.initial_state((TIGER, DRAGON, FROG, RABBIT, CRAB))
    with pytest.raises(ValueError):
        REFEREE.parse_answer(start, line)


def test_disagreement_is_reported_and_the_arena_list_is_used():
    start = GAME.initial_state((TIGER, DRAGON, FROG, RABBIT, CRAB))
    listed = [GAME.parse_move("15 A1A3")]
    allowed, problem = protocol.Player(GAME).check_actions(start, listed)
    assert allowed == listed and "15 A1A3" in problem and "10 C1E2" in problem


def test_card_vectors_that_differ_from_our_table_are_reported():
    lines = list(PLAYER_0_FIRST_TURN)
    lines[6] = "0 15 0 -1 0 1 0 0 0 0"   # a Tiger that jumps one row instead of two
    read = feed(lines[1:])
    state, actions, problems = seated(0, 0).read_turn(read(), read)
    assert len(problems) == 1 and "0 15 0 -1 0 1" in problems[0]


@pytest.mark.parametrize("index, replacement", [
    (1, "bbBb"), (1, "bbBbx"), (3, "..W.."), (5, "wwwww"), (6, "0 15 0 -1 0 2 0 0 0"),
    (6, "0 99 0 -1 0 2 0 0 0 0"), (8, "0 2 2 0 1 -1 -1 1 0 0"), (10, "-1 15 0 -1 0 2 0 0 0 0"),
    (11, "eleven"), (12, "15 Z1A3"), (12, "15A1A3")])
def test_malformed_turns_raise_protocol_errors(index, replacement):
    lines = list(PLAYER_0_FIRST_TURN)
    lines[index] = replacement
    read = feed(lines[1:])
    with pytest.raises(ProtocolError):
        seated(0, 0).read_turn(read(), read)


def test_init_line():
    assert protocol.read_init("1") == 1
    for bad in ("2", "x", ""):
        with pytest.raises(ProtocolError):
            protocol.read_init(bad)
