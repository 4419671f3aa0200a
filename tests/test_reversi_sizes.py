"""Reversed Reversi on every board size the arena plays (6, 8, 10, 12): the bitboard
rules against a naive generator written here, whole games through the arena, and
``--size`` on the command line."""
import random
import subprocess
import sys
from pathlib import Path

import pytest

from arena.errors import UserError
from arena.games import load_referee, sized_game
from arena.match import Match, play_match
from botproc import build_bundle
from games.othello.rules import PASS, Othello

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "tests" / "zoo"
STEPS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


# -- a naive generator: a dict board, every direction walked square by square ----------
def naive_start(n):
    """{(row, col): 0 black / 1 white}, black to move: the four centre squares."""
    h = n // 2
    return {(h - 1, h - 1): 1, (h, h): 1, (h - 1, h): 0, (h, h - 1): 0}


def naive_flips(board, n, me, row, col):
    flipped = []
    for d_row, d_col in STEPS:
        line, r, c = [], row + d_row, col + d_col
        while 0 <= r < n and 0 <= c < n and board.get((r, c)) == 1 - me:
            line.append((r, c))
            r, c = r + d_row, c + d_col
        if line and 0 <= r < n and 0 <= c < n and board.get((r, c)) == me:
            flipped += line
    return flipped


def naive_moves(board, n, me):
    """Squares ``me`` may play, ['pass'] if only the opponent can move, [] at the end."""
    def squares(who):
        return [(r, c) for r in range(n) for c in range(n)
                if (r, c) not in board and naive_flips(board, n, who, r, c)]
    mine = squares(me)
    if mine:
        return mine
    return ["pass"] if squares(1 - me) else []


def naive_play(board, n, me, move):
    board = dict(board)
    if move != "pass":
        for square in naive_flips(board, n, me, *move) + [move]:
            board[square] = me
    return board


def naive_perft(board, n, me, depth):
    if depth == 0:
        return 1
    return sum(naive_perft(naive_play(board, n, me, m), n, 1 - me, depth - 1)
               for m in naive_moves(board, n, me))


def perft(game, state, depth):
    if depth == 0:
        return 1
    return sum(perft(game, game.play(state, m), depth - 1) for m in game.legal_moves(state))


def as_naive(game, move):
    return "pass" if move == PASS else divmod(move, game.size)


def board_of(game, state):
    black, white = game.discs(state)
    return {divmod(sq, game.size): 0 if black >> sq & 1 else 1
            for sq in range(game.size ** 2) if (black | white) >> sq & 1}


# -- the rules ---------------------------------------------------------------------------
def test_the_naive_generator_gives_the_published_8x8_perft():
    assert [naive_perft(naive_start(8), 8, 0, d) for d in range(1, 6)] == [4, 12, 56, 244, 1396]


@pytest.mark.parametrize("size, depth", [(6, 7), (10, 6), (12, 5)])
def test_perft_on_other_sizes_agrees_with_the_naive_generator(size, depth):
    game = Othello(size, misere=True)
    ours = [perft(game, game.initial_state(), d) for d in range(1, depth + 1)]
    assert ours == [naive_perft(naive_start(size), size, 0, d) for d in range(1, depth + 1)]
    assert ours[:2] == [4, 12]       # the centre start: 4 first moves, 3 answers to each


@pytest.mark.parametrize("size", [6, 10, 12])
def test_random_games_agree_move_by_move_with_the_naive_generator(size):
    """Every legal move list and every board of whole random games: passes, the end
    of the game and flips along the far edges included."""
    game = Othello(size, misere=True)
    rng = random.Random(size)
    passes = 0
    for _ in range(6 if size < 12 else 3):
        state, board, me = game.initial_state(), naive_start(size), 0
        while True:
            legal = game.legal_moves(state)
            assert sorted(as_naive(game, m) for m in legal) == sorted(naive_moves(board, size, me))
            if not legal:
                break
            move = rng.choice(legal)
            passes += move == PASS
            state, board, me = game.play(state, move), naive_play(board, size, me, as_naive(game, move)), 1 - me
            assert board_of(game, state) == board
        assert game.outcome(state) is not None
    assert size != 6 or passes > 0   # 6x6 games pass often: the pass rule was exercised


# -- whole games in the arena ----------------------------------------------------------
@pytest.fixture(scope="module")
def sustech_bundle(tmp_path_factory):
    return build_bundle("reversi_sustech", tmp_path_factory.mktemp("dist"))


@pytest.mark.parametrize("size, seat", [(6, 0), (10, 1)])
def test_whole_games_on_other_sizes_between_our_bot_and_a_simple_ai(sustech_bundle, size, seat):
    """Our bundle (which reads the board size from the judge) against the zoo's AI that
    plays its first legal move, at a fiftieth of the move's clock (0.1 s a move)."""
    referee = load_referee(f"reversi-{size}", 0.02)
    # The bundle shares out the judge's 180 s, which the arena scales and the bundle
    # cannot know of: at a fiftieth of the clock 48 moves of 10x10 pass 3.6 s.
    referee.game_ms = None
    commands = [str(sustech_bundle), f"{ZOO}/sustech_zoo.py first"]
    if seat == 1:
        commands.reverse()
    record = play_match(referee, Match.between(commands, seed=size, random_plies=4, scale=0.02))
    assert record["game"] == f"reversi-{size}" and record["reason"] == "end", record["detail"]
    game = Othello(size, misere=True)
    state = game.initial_state()
    for name in record["opening"] + record["moves"]:
        state = game.play(state, game.parse_move(name))
    assert game.outcome(state) is not None            # played to the end, on a size-N board
    assert (state[0] | state[1]).bit_count() > size * size // 2
    assert record["turns"][seat] >= 8


def test_a_size_names_its_own_game():
    assert sized_game("reversi", 8) == "reversi"
    assert sized_game("reversi", 10) == "reversi-10"
    referee = load_referee("reversi-12")
    assert referee.name == "reversi-12" and referee.game.size == 12 and referee.game.misere
    assert referee.turn_lines(referee.new_state(), 0, True)[:2] == ["init 12 -1 5.0", "go"]
    with pytest.raises(UserError, match="6, 8, 10, 12, got 14"):
        sized_game("reversi", 14)
    with pytest.raises(UserError, match="reversi only"):
        sized_game("othello", 10)


def test_size_on_the_command_line():
    def run(*args):
        return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True,
                              cwd=ROOT, timeout=60)
    ai = f"{ZOO}/sustech_zoo.py"
    done = run("match", "reversi", "--size", "6", ai, ai, "--scale", "0.02", "--seed", "3", "--json")
    assert done.returncode == 0, done.stderr
    assert '"game": "reversi-6"' in done.stdout
    for args, message in [(["--size", "7"], "got 7"), (["--size", "x"], "invalid int value")]:
        done = run("match", "reversi", *args, ai, ai)
        assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
