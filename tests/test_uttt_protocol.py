"""Ultimate Tic-Tac-Toe protocol: the bot's reader against hand-written CodinGame turns
and against our referee over whole games from both seats; the referee's lines and its
reading of answers."""
import random

import pytest

from games.protocol import ProtocolError
from games.uttt.protocol import Player, Referee
from games.uttt.rules import ANY, UltimateTicTacToe

game = UltimateTicTacToe()

# The first turn of each player as CodinGame sends it: the opponent's last move (-1 -1
# for the first player), the number of valid actions, one ``row col`` a line.
X_FIRST_TURN = ["-1 -1", "81"] + [f"{r} {c}" for r in range(9) for c in range(9)]
# X played the centre of the top-right board, which sends O to the centre board.
O_FIRST_TURN = ["1 7", "9"] + [f"{r} {c}" for r in range(3, 6) for c in range(3, 6)]


def read(player, lines):
    rest = iter(lines[1:])
    return player.read_turn(lines[0], lambda: next(rest))


def test_x_reads_no_move_and_gets_the_start():
    player = Player()
    state, actions, notes = read(player, X_FIRST_TURN)
    assert state == game.initial_state() and notes == []
    assert player.check_actions(state, actions) == (game.legal_moves(state), None)


def test_o_reads_xs_move_and_replies_from_there():
    player = Player()
    state, actions, notes = read(player, O_FIRST_TURN)
    assert state == game.play(game.initial_state(), game.parse_move("1 7")) and notes == []
    assert game.to_move(state) == 1 and state[5] == 4
    allowed, problem = player.check_actions(state, actions)
    assert problem is None and sorted(allowed) == sorted(actions)
    player.played(state, game.parse_move("4 4"))  # sends X back to the centre board
    # X answers in the centre board's corner, which sends O to the top-left board
    state, actions, notes = read(player, ["3 3", "9"] + [f"{r} {c}" for r in range(3) for c in range(3)])
    rows = [row.split() for row in game.render(state)]
    assert notes == [] and (rows[1][7], rows[4][4], rows[3][3]) == ("X", "O", "X") and state[5] == 0
    assert player.check_actions(state, actions)[1] is None


def test_a_list_that_disagrees_with_our_rules_wins():
    player = Player()
    state, _, _ = read(player, X_FIRST_TURN)
    player.played(state, game.parse_move("4 4"))
    state, actions, notes = read(player, ["3 3", "2", "0 0", "0 1"])  # ours: board 0's 9 cells less none
    allowed, problem = player.check_actions(state, actions)
    assert allowed == actions and "the arena lists" in problem


@pytest.mark.parametrize("lines", [["-1"], ["9 9", "1", "0 0"], ["-1 -1", "0"], ["-1 -1", "82"],
                                   ["-1 -1", "x"], ["-1 -1", "1", "0 9"], ["-1 -1", "1", "00"]])
def test_malformed_turns_raise_protocol_errors(lines):
    with pytest.raises(ProtocolError):
        read(Player(), lines + ["0 0"] * 82)


def test_referee_lines_and_limits():
    referee = Referee()
    assert (referee.first_turn_ms, referee.turn_ms, referee.max_turns) == (1000, 100, None)
    start = referee.new_state(random.Random(1))
    assert sorted(referee.turn_lines(start, 0, True)) == sorted(X_FIRST_TURN)
    after = game.play(start, game.parse_move("1 7"))
    assert sorted(referee.turn_lines(after, 1, True, game.parse_move("1 7"))) == sorted(O_FIRST_TURN)


def test_referee_reads_a_move_and_refuses_the_rest():
    referee = Referee()
    state = game.play(game.initial_state(), game.parse_move("1 7"))
    assert referee.parse_answer(state, "4 4\n") == game.parse_move("4 4")
    assert referee.parse_answer(state, "3 5 a message") == game.parse_move("3 5")
    for bad in ("1 7", "0 0", "44", "4  4", "", "4 4extra"):
        with pytest.raises(ValueError):
            referee.parse_answer(state, bad)


@pytest.mark.parametrize("seat", [0, 1])
def test_bot_reader_follows_our_referee_through_whole_games(seat):
    """Against a random opponent, the reader's state is the referee's every turn, and
    the games reach free choices, wins and losses."""
    referee = Referee()
    rng = random.Random(seat)
    free_choices, results = 0, set()
    for _ in range(40):
        player, state, last, first = Player(), referee.new_state(rng), None, True
        while referee.needs_answer(state):
            if game.to_move(state) == seat:
                ours, actions, notes = read(player, referee.turn_lines(state, seat, first, last))
                assert ours == state and notes == [] and player.check_actions(ours, actions)[1] is None
                free_choices += state[5] == ANY
                move = rng.choice(actions)
                player.played(ours, move)
                first = False
            else:
                move = rng.choice(game.legal_moves(state))
            state, last = game.play(state, move), move
        results.add(game.outcome(state) * (1 if game.to_move(state) == seat else -1))
    assert free_choices > 0 and results >= {-1, 1}
