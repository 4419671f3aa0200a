"""Breakthrough rules: perft, hand-checked positions for every rule, the game-length
bound, and cross-checks against open_spiel on random games and random positions.

open_spiel's breakthrough names its players the other way round: its player 0 is
"black", starts on the rows it prints as ranks 7-8, moves first and moves towards its
rank 1. Reflected top to bottom (its rank k is our rank 9 - k) with the colours swapped,
it is our game exactly: its row index r (r = 0 printed as rank 8) is our row r (rank
r + 1), its player numbers are ours, its "b" pieces are our White.
"""
import random
from pathlib import Path

import pytest

from engines.base import plain_random_playout
from games.breakthrough.rules import (GOAL_ROW, MOVE_BITS, Breakthrough, LimitedBreakthrough,
                                      square_bit, squares_of)
from positions import position_after
from spielperft import spiel_perft

PERFT = [tuple(map(int, line.split())) for line in
         (Path(__file__).parent / "data" / "perft_breakthrough.txt").read_text().splitlines()]

game = Breakthrough()


def perft(state, depth):
    moves = game.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(game.play(state, m), depth - 1) for m in moves)


@pytest.mark.parametrize("depth,count", [p for p in PERFT if p[0] <= 5])
def test_perft_from_the_start(depth, count):
    assert perft(game.initial_state(), depth) == count


@pytest.mark.parametrize("depth,count", [p for p in PERFT if p[0] <= 3])
def test_perft_table_agrees_with_open_spiel(depth, count):
    pyspiel = pytest.importorskip("pyspiel")
    assert spiel_perft(pyspiel.load_game("breakthrough").new_initial_state(), depth) == count


def test_perft_table_is_complete_and_growing():
    depths = [d for d, _ in PERFT]
    assert depths == list(range(1, len(PERFT) + 1)) and len(PERFT) >= 6
    counts = [c for _, c in PERFT]
    assert all(later > 20 * earlier for earlier, later in zip(counts, counts[1:]))


def position(rows, player=0):
    """A state from 8 rows drawn rank 8 first: ``w`` White, ``b`` Black, ``.`` empty."""
    return game.from_lines(rows, player)


def names(state):
    return sorted(game.move_name(m) for m in game.legal_moves(state))


# -- hand-checked positions ---------------------------------------------------------------

def test_start_position_and_first_moves():
    state = game.initial_state()
    assert game.render(state)[:8] == ["8 bbbbbbbb", "7 bbbbbbbb", "6 ........", "5 ........",
                                      "4 ........", "3 ........", "2 wwwwwwww", "1 wwwwwwww"]
    assert game.to_move(state) == 0 and game.outcome(state) is None
    first = names(state)
    assert len(first) == 22  # 8 straight, 7 + 7 diagonal: rank 1 is blocked by rank 2
    assert "a2a3" in first and "a2b3" in first and "h2g3" in first and "a1a2" not in first
    reply = names(game.play(state, game.parse_move("d2d3")))
    assert len(reply) == 22 and "d7d6" in reply and "h7g6" in reply and "d2d3" not in reply


def test_straight_steps_need_an_empty_square():
    state = position(["........",
                      "........",
                      "........",
                      "...b....",
                      "...w....",
                      "........",
                      "........",
                      "........"])
    assert names(state) == ["d4c5", "d4e5"]  # no straight capture
    black = position(["........", "........", "........", "...b....", "...w....", "........",
                      "........", "........"], player=1)
    assert names(black) == ["d5c4", "d5e4"]


def test_diagonal_steps_capture_enemies_but_not_friends():
    state = position(["........",
                      "........",
                      "........",
                      "..b.w...",
                      "...w....",
                      "........",
                      "........",
                      "........"])
    assert names(state) == ["d4c5", "d4d5", "e5d6", "e5e6", "e5f6"]
    after = game.play(state, game.parse_move("d4c5"))
    white, black = game.pieces(after)
    assert squares_of(black) == [] and squares_of(white) == [34, 36]  # c5, e5
    assert game.is_capture(state, game.parse_move("d4c5"))
    assert not game.is_capture(state, game.parse_move("d4d5"))


def test_own_pieces_block_every_step():
    state = position(["b.......",
                      "........",
                      "........",
                      "........",
                      "..www...",
                      "...w....",
                      "........",
                      "........"])
    assert [n for n in names(state) if n.startswith("d3")] == []  # all three steps blocked
    assert names(state) == ["c4b5", "c4c5", "c4d5", "d4c5", "d4d5", "d4e5", "e4d5", "e4e5", "e4f5"]


def test_edge_files_have_one_diagonal():
    state = position(["b.......",
                      "........",
                      "........",
                      "........",
                      "........",
                      "........",
                      "w......w",
                      "........"])
    assert names(state) == ["a2a3", "a2b3", "h2g3", "h2h3"]


def test_most_advanced_piece_always_has_a_move():
    # Everything blocked but the front piece's diagonal steps.
    state = position(["........",
                      "........",
                      "...b....",
                      "...w....",
                      "...b....",
                      "...w....",
                      "........",
                      "........"])
    assert names(state) == ["d3c4", "d3e4", "d5c6", "d5e6"]


def test_reaching_the_far_rank_wins_for_white():
    state = position(["........",
                      "......w.",
                      "........",
                      "........",
                      "........",
                      "b.......",
                      "........",
                      "........"])
    assert "g7g8" in names(state)
    won = game.play(state, game.parse_move("g7g8"))
    assert game.legal_moves(won) == [] and game.outcome(won) == -1 and game.to_move(won) == 1
    capture_to_win = position(["..b.....",
                               ".w......",
                               "........",
                               "........",
                               "........",
                               "........",
                               "....b...",
                               "........"])
    won = game.play(capture_to_win, game.parse_move("b7c8"))
    assert game.legal_moves(won) == [] and game.outcome(won) == -1


def test_reaching_the_far_rank_wins_for_black():
    state = position(["........",
                      "........",
                      "........",
                      "w.......",
                      "........",
                      "........",
                      "...b....",
                      "........"], player=1)
    won = game.play(state, game.parse_move("d2e1"))
    assert game.legal_moves(won) == [] and game.outcome(won) == -1 and game.to_move(won) == 0


def test_taking_the_last_enemy_piece_wins():
    state = position(["........",
                      "........",
                      "........",
                      "....b...",
                      "...w....",
                      "........",
                      "w.......",
                      "........"])
    won = game.play(state, game.parse_move("d4e5"))
    assert game.pieces(won)[1] == 0
    assert game.legal_moves(won) == [] and game.outcome(won) == -1


def test_a_game_in_progress_has_no_outcome():
    state = position(["........", "........", "........", "....b...", "...w....", "........",
                      "........", "........"], player=1)
    assert game.outcome(state) is None and game.legal_moves(state)


def test_move_names_round_trip_and_reject_junk():
    for move, bits in enumerate(MOVE_BITS):
        if bits:
            assert game.parse_move(game.move_name(move)) == move
    assert sum(1 for bits in MOVE_BITS if bits) == 2 * 7 * (8 + 7 + 7)
    assert game.move_name(game.parse_move("c2c3")) == "c2c3"
    assert game.parse_move(" C2D3 ") == game.parse_move("c2d3")
    for junk in ["", "c2", "c2c4", "c2e3", "c2c2", "c2b2", "i2i3", "c0c1", "c9c8", "c2c3x",
                 "c2 c3", "22c3", "None"]:
        with pytest.raises(ValueError):
            game.parse_move(junk)


def test_states_are_hashable_tuples_of_ints():
    state = game.initial_state()
    assert isinstance(state, tuple) and all(isinstance(x, int) for x in state)
    again = game.play(game.play(state, game.parse_move("a2a3")), game.parse_move("a7a6"))
    other_order = game.play(game.play(state, game.parse_move("a2a3")), game.parse_move("a7a6"))
    assert again == other_order and hash(again) == hash(other_order)
    assert game.legal_moves(state) == game.legal_moves(game.initial_state())
    assert len(set(game.legal_moves(again))) == len(game.legal_moves(again))


# -- whole games ------------------------------------------------------------------------------

def steps_left(state):
    """Steps that do not win, still open to both players' pieces (row 6 - r for a piece
    on row r counted from its owner's side). Every ply but a game's last spends one."""
    white, black = game.pieces(state)
    return (sum(6 - s // 8 for s in squares_of(white)) + sum(s // 8 - 1 for s in squares_of(black)))


def test_every_game_ends_with_a_win_within_177_plies():
    rng = random.Random(5)
    longest = 0
    assert steps_left(game.initial_state()) == 176
    for _ in range(300):
        state = game.initial_state()
        plies = 0
        while True:
            moves = game.legal_moves(state)
            if not moves:
                break
            assert game.outcome(state) is None
            before = steps_left(state)
            state = game.play(state, rng.choice(moves))
            plies += 1
            if game.legal_moves(state):
                assert steps_left(state) < before
        assert game.outcome(state) == -1
        longest = max(longest, plies)
    assert 100 < longest <= 177


def test_a_turn_limit_cuts_the_game_into_a_draw():
    limited = LimitedBreakthrough(max_plies=30)
    rng = random.Random(9)
    state, plain = limited.initial_state(), game.initial_state()
    for ply in range(30):
        moves = limited.legal_moves(state)
        assert moves == game.legal_moves(plain) and limited.outcome(state) is None
        move = rng.choice(moves)
        state, plain = limited.play(state, move), game.play(plain, move)
        assert state[:3] == plain and state[3] == ply + 1
    assert limited.legal_moves(state) == [] and limited.outcome(state) == 0
    assert game.legal_moves(plain)  # the plain game goes on
    # A win on the last ply still counts as a win.
    almost = limited.make_state([8 * 6 + 2], [56], ply=29)
    assert limited.parse_move("c7c8") in limited.legal_moves(almost)
    won = limited.play(almost, limited.parse_move("c7c8"))
    assert limited.outcome(won) == -1


# -- open_spiel -------------------------------------------------------------------------------

def spiel_move(action):
    """Our move for an open_spiel action (rows are the same, see the module docstring)."""
    action, capture = divmod(action, 2)
    action, direction = divmod(action, 6)
    row, col = divmod(action, 8)
    to_row = row + (1, 1, 1, -1, -1, -1)[direction]
    to_col = col + (-1, 0, 1, -1, 0, 1)[direction]
    return (8 * row + col) * 64 + 8 * to_row + to_col, bool(capture)


def spiel_rows(spiel_state):
    """open_spiel's board as our render draws it: our rank 8 first, 'w' for White."""
    rows = [line[1:] for line in str(spiel_state).splitlines()[:8]]
    swap = str.maketrans("wb", "bw")
    return [f"{8 - i} {row.translate(swap)}" for i, row in enumerate(reversed(rows))]


def test_random_games_agree_with_open_spiel():
    pyspiel = pytest.importorskip("pyspiel")
    spiel_game = pyspiel.load_game("breakthrough")
    rng = random.Random(2026)
    plies = captures = 0
    for _ in range(250):
        ours, theirs = game.initial_state(), spiel_game.new_initial_state()
        while True:
            assert game.render(ours)[:8] == spiel_rows(theirs)
            moves = game.legal_moves(ours)
            if not moves:
                assert theirs.is_terminal()
                assert game.outcome(ours) == theirs.returns()[game.to_move(ours)] == -1
                break
            assert game.to_move(ours) == theirs.current_player()
            actions = {spiel_move(a)[0]: a for a in theirs.legal_actions()}
            assert sorted(moves) == sorted(actions)
            move = rng.choice(moves)
            assert game.is_capture(ours, move) == spiel_move(actions[move])[1]
            captures += game.is_capture(ours, move)
            ours = game.play(ours, move)
            theirs.apply_action(actions[move])
            plies += 1
    assert plies > 12000 and captures > 1000


def random_position(rng):
    """Random pieces, the mover's opponent keeping at least one and the mover none on its
    goal row (a live game has neither: each would have ended it already)."""
    player = rng.randrange(2)
    squares = rng.sample(range(64), rng.randrange(1, 28))
    split = rng.randrange(len(squares))
    mine = [s for s in squares[:split] if s // 8 != GOAL_ROW[player]]
    theirs = squares[split:]
    return game.make_state(mine, theirs, 0) if player == 0 else game.make_state(theirs, mine, 1)


def mirror(state):
    """The same position with the colours swapped and the board reflected top to bottom."""
    white, black = game.pieces(state)
    flip = lambda board: [8 * (7 - s // 8) + s % 8 for s in squares_of(board)]
    return game.make_state(flip(black), flip(white), 1 - game.to_move(state))


def mirror_move(move):
    flip = lambda s: 8 * (7 - s // 8) + s % 8
    return flip(move // 64) * 64 + flip(move % 64)


def reference_moves(white, black, player):
    """The rules re-stated square by square on sets of squares (our numbering)."""
    own, enemy = (white, black) if player == 0 else (black, white)
    if not own or any(s // 8 == GOAL_ROW[1 - player] for s in enemy) or not enemy:
        return []  # lost, or won already by the last move
    step = 1 if player == 0 else -1
    moves = []
    for square in own:
        row, col = divmod(square, 8)
        for dcol in (-1, 0, 1):
            to_row, to_col = row + step, col + dcol
            if not (0 <= to_row < 8 and 0 <= to_col < 8):
                continue
            target = 8 * to_row + to_col
            if target not in own and (target not in enemy if dcol == 0 else True):
                moves.append(square * 64 + target)
    return sorted(moves)


def test_random_positions_follow_the_rules_and_their_mirror():
    rng = random.Random(77)
    finished = 0
    for _ in range(4000):
        state = random_position(rng)
        moves = game.legal_moves(state)
        white, black = game.pieces(state)
        white, black = set(squares_of(white)), set(squares_of(black))
        if black and white:
            assert sorted(moves) == reference_moves(white, black, game.to_move(state))
        else:
            assert moves == [] and not (white if game.to_move(state) == 0 else black)
        assert (not moves) == (game.outcome(state) is not None)
        finished += not moves
        assert sorted(mirror_move(m) for m in game.legal_moves(mirror(state))) == sorted(moves)
    assert finished > 100


def test_square_bits_leave_room_between_files():
    # A neighbour off the board, one step beyond an edge file, is a spare bit, never a
    # square: shifts by a step need no file masks.
    board = sum(square_bit(s) for s in range(64))
    a_file = sum(square_bit(8 * row) for row in range(8))
    h_file = sum(square_bit(8 * row + 7) for row in range(8))
    assert (h_file << 1) & board == (h_file << 25) & board == (h_file >> 23) & board == 0
    assert (a_file >> 1) & board == (a_file << 23) & board == (a_file >> 25) & board == 0
    assert square_bit(8 * 3 + 4) << 25 == square_bit(8 * 4 + 5)  # e4 -> f5
    assert square_bit(8 * 3 + 4) << 23 == square_bit(8 * 4 + 3)  # e4 -> d5
    assert square_bit(8 * 3 + 4) << 24 == square_bit(8 * 4 + 4)  # e4 -> e5


def random_game_states(game, seed, games):
    rng = random.Random(seed)
    for _ in range(games):
        state = game.initial_state()
        while game.legal_moves(state):
            yield state
            state = game.play(state, rng.choice(game.legal_moves(state)))


def test_noisy_moves_are_the_captures_and_the_goal_steps():
    game = Breakthrough()
    seen = 0
    for state in random_game_states(game, 3, 60):
        moves = game.legal_moves(state)
        expected = [m for m in moves if game.is_capture(state, m)
                    or game.outcome(game.play(state, m)) is not None]
        assert game.noisy_moves(state, moves) == expected
        seen += len(expected)
    assert seen > 500


# A limit that ends some random games just before the opponent's winning step.
@pytest.mark.parametrize("game", [Breakthrough(), LimitedBreakthrough(max_plies=70)], ids=["plain", "limited"])
def test_quiet_loses_exactly_when_every_quiet_move_lets_the_opponent_win_at_once(game):
    threatened = 0
    for state in random_game_states(game, 4, 200):
        moves = game.legal_moves(state)
        noisy = set(game.noisy_moves(state, moves))
        quiet = [m for m in moves if m not in noisy]
        if not quiet:
            continue

        def opponent_wins_at_once(child):
            return any(game.outcome(game.play(child, reply)) == -1  # not the limit's draw
                       for reply in game.legal_moves(child))
        expected = all(opponent_wins_at_once(game.play(state, m)) for m in quiet)
        assert game.quiet_loses(state) == expected, game.render(state)
        threatened += expected
    assert threatened > 20


def test_random_playout_is_the_game_that_legal_moves_and_play_give():
    game = Breakthrough()
    rng = random.Random(3)
    for seed in range(300):
        # starts anywhere in a random game, either side to move, finished games included
        state = position_after(game, rng, rng.randrange(90))
        ours, theirs = random.Random(seed), random.Random(seed)
        expected, _ = plain_random_playout(game, state, theirs.random)
        final = game.random_playout(state, ours.random)
        assert final == expected
        assert game.outcome(final) == -1
        assert ours.random() == theirs.random()  # the same numbers were drawn


def test_the_ply_limited_game_has_no_fast_playout():
    # the fast playout cannot stop at a ply limit, so engines must take their plain loop
    assert LimitedBreakthrough(200).random_playout is None
    assert Breakthrough().random_playout is not None
