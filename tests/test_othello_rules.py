"""Othello and Reversed Reversi rules: perft, open_spiel cross-check, hand-checked positions."""
import random
from pathlib import Path

import pytest

from engines.base import plain_random_playout
from games.othello.rules import PASS, Othello
from positions import position_after

PERFT = [tuple(map(int, line.split())) for line in
         (Path(__file__).parent / "data" / "perft_othello.txt").read_text().splitlines()]


def perft(game, state, depth):
    if depth == 0:
        return 1
    moves = game.legal_moves(state)
    if not moves:
        return 1
    if depth == 1:
        return len(moves)
    return sum(perft(game, game.play(state, m), depth - 1) for m in moves)


@pytest.mark.parametrize("depth,count", [p for p in PERFT if p[0] <= 7])
def test_perft_from_the_start(depth, count):
    game = Othello()
    assert perft(game, game.initial_state(), depth) == count


def board_from_rows(game, rows, player):
    black = white = 0
    for r, line in enumerate(rows):
        for c, ch in enumerate(line.replace(" ", "")):
            if ch == "x":
                black |= 1 << (r * game.size + c)
            elif ch == "o":
                white |= 1 << (r * game.size + c)
    return game.state_from_discs(black, white, player)


def spiel_board(state_text):
    rows = [line.split()[1:9] for line in state_text.splitlines()[2:10]]
    return ["".join(row) for row in rows]


def our_board(game, state):
    return ["".join({"0": "x", "1": "o", ".": "-"}[c] for c in line) for line in game.render(state)]


def test_random_games_agree_with_open_spiel():
    pyspiel = pytest.importorskip("pyspiel")
    spiel_game = pyspiel.load_game("othello")
    game = Othello()
    rng = random.Random(2026)
    plies = 0
    for _ in range(300):
        ours = game.initial_state()
        theirs = spiel_game.new_initial_state()
        while True:
            moves = game.legal_moves(ours)
            if theirs.is_terminal():
                assert moves == []
                returns = theirs.returns()
                result = game.final_result(ours)
                mover_return = returns[game.to_move(ours)]
                assert result == (0 if mover_return == 0 else (1 if mover_return > 0 else -1))
                break
            assert theirs.current_player() == game.to_move(ours)
            expected = sorted(64 if a == 64 else a for a in theirs.legal_actions())
            assert sorted(64 if m == PASS else m for m in moves) == expected
            move = rng.choice(moves)
            ours = game.play(ours, move)
            theirs.apply_action(64 if move == PASS else move)
            assert our_board(game, ours) == spiel_board(str(theirs))
            plies += 1
    assert plies > 15000


def test_pass_is_the_only_move_when_stuck_and_the_game_ends_when_both_are():
    game = Othello(4)
    state = board_from_rows(game, ["x..o", "....", "....", "...."], 0)
    assert game.legal_moves(state) == []      # neither side can flip anything
    assert game.outcome(state) == 0           # one disc each
    state = board_from_rows(game, ["xoo.", "....", "....", "...."], 1)
    assert game.legal_moves(state) == [PASS]  # white cannot flip; black can play d1
    after = game.play(state, PASS)
    assert game.to_move(after) == 0
    assert game.legal_moves(after) == [3]
    final = game.play(after, 3)
    assert game.render(final)[0] == "0000"
    assert game.legal_moves(final) == []
    assert game.to_move(final) == 1
    assert game.outcome(final) == -1          # white, to move, has no disc left: lost
    assert Othello(4, misere=True).outcome(final) == 1  # fewer discs wins the misere game


def test_misere_counts_fewer_discs_as_the_win():
    normal, misere = Othello(8), Othello(8, misere=True)
    full = normal.full
    black = full & ~((1 << 20) - 1)          # 44 black discs, 20 white, board full
    for game, black_result in ((normal, 1), (misere, -1)):
        state = game.state_from_discs(black, full ^ black, 0)
        assert game.legal_moves(state) == []
        assert game.outcome(state) == black_result
        assert game.outcome(game.state_from_discs(black, full ^ black, 1)) == -black_result
    tie = sum(1 << i for i in range(0, 64, 2))
    assert misere.outcome(misere.state_from_discs(tie, full ^ tie, 0)) == 0


@pytest.mark.parametrize("size", [4, 6, 8])
def test_small_boards_start_and_opening_moves(size):
    game = Othello(size)
    state = game.initial_state()
    assert game.render(state)[size // 2 - 1][size // 2 - 1: size // 2 + 1] == "10"
    assert game.render(state)[size // 2][size // 2 - 1: size // 2 + 1] == "01"
    names = sorted(game.move_name(m) for m in game.legal_moves(state))
    h = size // 2
    # Black's four openings sit around the centre, as d3 c4 f5 e6 do on 8x8.
    expected = sorted(game.move_name(r * size + c) for r, c in
                      ((h - 2, h - 1), (h - 1, h - 2), (h, h + 1), (h + 1, h)))
    assert names == expected


def test_4x4_hand_checked_capture_in_two_directions():
    game = Othello(4)
    state = board_from_rows(game, ["....", ".ox.", ".xo.", "...."], 0)
    # a1 (top-left) flips b2 along the diagonal only: c3 is white, not black.
    assert 0 not in game.legal_moves(state)
    state = board_from_rows(game, ["x...", ".o..", "..ox", "...."], 0)
    after = game.play(state, 2 * 4 + 1)  # b3 flips c3 (row) ... and nothing else
    assert game.render(after) == ["0...", ".1..", ".000", "...."]


def test_4x4_perft_is_stable_with_passes_counted_as_plies():
    # 4x4 Othello is small enough to walk completely; every path ends in a finished game.
    game = Othello(4)
    def leaves(state):
        moves = game.legal_moves(state)
        if not moves:
            return 1
        return sum(leaves(game.play(state, m)) for m in moves)
    assert perft(game, game.initial_state(), 1) == 4
    assert leaves(game.initial_state()) == leaves_by_brute_force(game)


def leaves_by_brute_force(game):
    """Counts finished games with a square-by-square rule check, independent of the bitboards."""
    n = game.size
    def flips(board, player, r, c):
        out = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr == dc == 0:
                    continue
                line, rr, cc = [], r + dr, c + dc
                while 0 <= rr < n and 0 <= cc < n and board[rr][cc] == 1 - player:
                    line.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                if line and 0 <= rr < n and 0 <= cc < n and board[rr][cc] == player:
                    out += line
        return out
    def moves(board, player):
        return [(r, c) for r in range(n) for c in range(n)
                if board[r][c] is None and flips(board, player, r, c)]
    def walk(board, player):
        mine = moves(board, player)
        if not mine:
            if not moves(board, 1 - player):
                return 1
            return walk(board, 1 - player)
        total = 0
        for r, c in mine:
            new = [row[:] for row in board]
            for rr, cc in flips(board, player, r, c) + [(r, c)]:
                new[rr][cc] = player
            total += walk(new, 1 - player)
        return total
    board = [[None] * n for _ in range(n)]
    h = n // 2
    board[h - 1][h - 1] = board[h][h] = 1
    board[h - 1][h] = board[h][h - 1] = 0
    return walk(board, 0)


@pytest.mark.parametrize("size,misere", [(8, False), (8, True), (6, False), (4, True)])
def test_random_playout_is_the_game_that_legal_moves_and_play_give(size, misere):
    game = Othello(size, misere=misere)
    rng = random.Random(size)
    for seed in range(200):
        # a start somewhere in a random game, finished games included
        state = position_after(game, rng, rng.randrange(70))
        ours, theirs = random.Random(seed), random.Random(seed)
        expected, _ = plain_random_playout(game, state, theirs.random)
        assert game.random_playout(state, ours.random) == expected
        assert ours.random() == theirs.random()  # the same numbers were drawn


def test_remembered_move_mask_answers_as_the_plain_one():
    # The searches' move_mask remembers its latest answer: asked again about the same
    # discs it must repeat it, and asked about other discs it must compute afresh.
    game = Othello()
    rng = random.Random(7)
    states = [position_after(game, rng, rng.randrange(0, 40)) for _ in range(60)]
    for _ in range(600):
        mover, other, _ = rng.choice(states)
        if rng.random() < 0.5:
            mover, other = other, mover
        for _ in range(rng.randrange(1, 3)):  # once or twice in a row
            assert game.move_mask(mover, other) == game.plain_move_mask(mover, other)
