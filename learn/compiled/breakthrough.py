"""Breakthrough self-play compiled with numba, for the network trainer (learn/nn.py
through ``python -m learn.breakthrough --model nn --compiled``): the rules of
games/breakthrough/rules.py, the network evaluation of games/breakthrough/nn.py, the
fixed-depth alpha-beta of the trainer's players and labels (with the quiescence search
of engines.alphabeta.AlphaBetaPlus where asked), and the games of learn/logistic.py's
``self_play`` with each position's search value, as learn/nn.py's ``play_chunk``
returns them.

A position is an int64 array of 65: squares 0-63 (``8 * row + col``, as the rules
number them) holding EMPTY, WHITE_PIECE or BLACK_PIECE, then the player to move. A
square array keeps the code plain where the rules' 24-bit rows would need 192-bit
integers. What is held equal to the pure-Python code (tests/test_compiled_selfplay.py):
legal moves, play, outcome, noisy moves and ``quiet_loses`` to the rules; the network's
value, to the last bit, to games/breakthrough/nn.py's; the search's value at a fixed
depth to engines.alphabeta's AlphaBeta and AlphaBetaPlus. Where moves tie the searches
may pick different ones: the same kind of games, not the same games.
"""

import math
import random

import numpy as np
from numba import njit

from engines.base import PROVEN, WIN
from games.breakthrough.rules import ROW_BITS, Breakthrough
from games.nn import ONE

EMPTY, WHITE_PIECE, BLACK_PIECE = 0, 1, 2
PLAYER = 64                  # where the player to move sits in a position
SIZE = 65
MAX_MOVES = 48               # 16 pieces, 3 steps each
MAX_PLIES = 400              # rows a game may take (each ply moves a piece one row on: far fewer)
QUIESCENCE = 4               # engines.alphabeta.QUIESCENCE: plies of noisy moves past the depth
GAME = Breakthrough()


# -- the rules -------------------------------------------------------------------------

@njit(cache=True)
def goal_row(player):
    return 7 if player == 0 else 0


@njit(cache=True)
def over(s):
    """Whether the player who moved last has won: the mover has no piece left, or the
    opponent stands on its goal row (the mover's home row)."""
    player = s[PLAYER]
    mine, theirs = 1 + player, 2 - player
    home = 8 * goal_row(1 - player)
    for col in range(8):
        if s[home + col] == theirs:
            return True
    for square in range(64):
        if s[square] == mine:
            return False
    return True


@njit(cache=True)
def legal(s, out):
    """The number of legal moves (``from * 64 + to``), written to ``out``; 0 at the end."""
    if over(s):
        return 0
    player = s[PLAYER]
    mine = 1 + player
    step = 1 if player == 0 else -1
    count = 0
    for square in range(64):
        if s[square] != mine:
            continue
        row, col = square // 8, square % 8
        to_row = row + step  # within the board: a piece on its goal row would have ended the game
        for to_col in range(col - 1, col + 2):
            if 0 <= to_col < 8:
                target = 8 * to_row + to_col
                if s[target] == EMPTY or (to_col != col and s[target] != mine):
                    out[count] = square * 64 + target
                    count += 1
    return count


@njit(cache=True)
def move_into(s, move, t):
    """Writes to ``t`` the position after ``move`` (an enemy on the target is taken)."""
    t[:] = s
    t[move % 64] = s[move // 64]
    t[move // 64] = EMPTY
    t[PLAYER] = 1 - s[PLAYER]


@njit(cache=True)
def play(s, move):
    t = np.empty_like(s)
    move_into(s, move, t)
    return t


@njit(cache=True)
def outcome(s):
    """-1 for the mover once the game is over (the last move won it), else 2."""
    return -1 if over(s) else 2


@njit(cache=True)
def noisy(s, move):
    """Whether ``move`` takes a piece or steps onto the goal row (the rules' ``noisy_moves``)."""
    target = move % 64
    return s[target] != EMPTY or target // 8 == goal_row(s[PLAYER])


@njit(cache=True)
def quiet_loses(s):
    """The rules' ``quiet_loses``: the opponent has a piece that can step onto its goal
    row next (diagonally unless its own piece stands there, straight onto an empty square)."""
    opponent = 1 - s[PLAYER]
    theirs = 1 + opponent
    goal = goal_row(opponent)
    row = goal - (1 if opponent == 0 else -1)
    for col in range(8):
        if s[8 * row + col] == theirs:
            for to_col in range(col - 1, col + 2):
                if 0 <= to_col < 8:
                    target = s[8 * goal + to_col]
                    if target == EMPTY or (to_col != col and target != theirs):
                        return True
    return False


# -- the network evaluation ------------------------------------------------------------

@njit(cache=True)
def evaluate(s, ev):
    """games/breakthrough/nn.py's value (``ev``: ``evaluation``'s arrays): the inputs of
    each piece seen from the mover (rows counted from each side's home row), the
    clipped hidden layer, the output's tanh, in the integers of games/nn.py."""
    w1, b1, w2, b2, half_step, z = ev
    player = s[PLAYER]
    hidden = z.shape[0]
    for h in range(hidden):
        z[h] = b1[h]
    for square in range(64):
        piece = s[square]
        if piece == EMPTY:
            continue
        owner = piece - 1
        row = square // 8
        travelled = row if owner == 0 else 7 - row
        feature = (0 if owner == player else 64) + 8 * travelled + square % 8
        for h in range(hidden):
            z[h] += w1[feature, h]
    dot = 0
    for h in range(z.shape[0]):
        dot += w2[h] * min(max(z[h], 0), ONE)
    return math.tanh((dot + b2) * half_step)


def evaluation(net):
    """The arrays ``evaluate`` reads, of a games.nn.Net, and room for its hidden layer
    (one process searches one position at a time)."""
    return (np.array(net.w1, dtype=np.int64), np.array(net.b1, dtype=np.int64), np.array(net.w2, dtype=np.int64),
            np.int64(net.b2), net.step / 2, np.zeros(net.hidden, dtype=np.int64))


# -- the search ------------------------------------------------------------------------

@njit(cache=True)
def ordered(s, moves, count, killers, ply):
    """Puts the noisy moves of ``moves[:count]`` first, then this ply's killers (the
    moves that last cut off a sibling), keeping each kind's order: a cut comes sooner,
    and the values do not depend on the order."""
    front = 0
    for kind in range(3):
        for i in range(front, count):
            move = moves[i]
            if noisy(s, move) if kind == 0 else move == killers[ply, kind - 1]:
                for j in range(i, front, -1):
                    moves[j] = moves[j - 1]
                moves[front] = move
                front += 1


@njit(cache=True)
def remember(killers, ply, move):
    """Keeps ``move``, a quiet move that cut off, as the first killer of ``ply``."""
    if killers[ply, 0] != move:
        killers[ply, 1] = killers[ply, 0]
        killers[ply, 0] = move


@njit(cache=False)  # recursive: numba's cache cannot load it
def quiesce(stack, moves, ply, count, alpha, beta, left, ev):
    """engines.alphabeta's ``_quiesce``: the mover of ``stack[ply]`` (with ``count`` legal
    moves in ``moves[ply]``) stands on the evaluation, or on a loss where every quiet move
    loses, or plays a noisy move, for ``left`` more plies at most."""
    s = stack[ply]
    value = (ply + 2) - WIN if quiet_loses(s) else evaluate(s, ev)
    if value >= beta or left <= 0:
        return value
    best = value
    if value > alpha:
        alpha = value
    for i in range(count):
        move = moves[ply, i]
        if not noisy(s, move):
            continue
        move_into(s, move, stack[ply + 1])
        child_count = legal(stack[ply + 1], moves[ply + 1])
        if child_count:
            value = -quiesce(stack, moves, ply + 1, child_count, -beta, -alpha, left - 1, ev)
        else:
            value = WIN - (ply + 1)  # the move won
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


@njit(cache=False)
def negamax(stack, moves, killers, ply, depth, alpha, beta, quiescence, ev):
    """Fail-soft alpha-beta value of the mover's position ``stack[ply]`` searched
    ``depth`` plies deep, then ``quiescence`` plies of noisy moves (0: the evaluation at
    the leaves); a finished game is worth ``ply - WIN`` to its mover, as
    engines.base.terminal_value says. The children go to ``stack[ply + 1]``, the moves to
    ``moves[ply]`` (no allocation in the search)."""
    s = stack[ply]
    count = legal(s, moves[ply])
    if count == 0:
        return ply - WIN
    if depth <= 0:
        if quiescence:
            return quiesce(stack, moves, ply, count, alpha, beta, quiescence, ev)
        return evaluate(s, ev)
    ordered(s, moves[ply], count, killers, ply)
    best = -np.inf
    for i in range(count):
        move = moves[ply, i]
        move_into(s, move, stack[ply + 1])
        value = -negamax(stack, moves, killers, ply + 1, depth - 1, -beta, -alpha, quiescence, ev)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    if not noisy(s, move):
                        remember(killers, ply, move)
                    break
    return best


@njit(cache=False)
def search(s, depth, quiescence, ev):
    """(value, move) of a full-window search ``depth`` plies deep: the first move of
    the best value (-1 at the end of the game)."""
    rows = depth + quiescence + 2
    stack = np.empty((rows, SIZE), dtype=np.int64)
    moves = np.empty((rows, MAX_MOVES), dtype=np.int64)
    killers = np.full((rows, 2), -1, dtype=np.int64)
    stack[0] = s
    count = legal(s, moves[0])
    if count == 0 or depth <= 0:
        return negamax(stack, moves, killers, 0, depth, -np.inf, np.inf, quiescence, ev), -1
    best, best_move = -np.inf, -1
    for i in range(count):
        move_into(s, moves[0, i], stack[1])
        value = -negamax(stack, moves, killers, 1, depth - 1, -np.inf, -best, quiescence, ev)
        if value > best:
            best, best_move = value, moves[0, i]
    return best, best_move


@njit(cache=True)
def label(value):
    """A search value as learn/logistic.py's ``search_values`` gives it: within [-1, 1],
    a proven result as -1 or 1."""
    if abs(value) >= PROVEN:
        return 1.0 if value > 0 else -1.0
    return max(-1.0, min(1.0, value))


# -- the games -------------------------------------------------------------------------

@njit(cache=True)
def start():
    s = np.zeros(SIZE, dtype=np.int64)
    s[:16] = WHITE_PIECE
    s[48:64] = BLACK_PIECE
    return s


@njit(cache=False)
def play_game(seed, opening, depths, quiescence, random_move, label_depth, label_quiescence, ev,
              rows, results, values):
    """One game from the start into ``rows`` (positions), ``results`` (the game's result
    for each position's mover) and ``values`` (each position's search value
    ``label_depth`` plies deep; the result where 0); its number of positions (0 when
    the opening ended the game). The players search ``depths`` plies (White's, Black's)
    and ``quiescence`` plies of noisy moves past them."""
    np.random.seed(seed)
    s = start()
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    for _ in range(opening):
        count = legal(s, moves)
        if count == 0:
            break
        s = play(s, moves[np.random.randint(count)])
    n = 0
    count = legal(s, moves)
    while count:
        rows[n] = s
        if np.random.random() < random_move:
            move = moves[np.random.randint(count)]
        else:
            _, move = search(s, depths[s[PLAYER]], quiescence, ev)
        n += 1
        s = play(s, move)
        count = legal(s, moves)
    if n == 0:
        return 0
    last = s[PLAYER]  # the loser (outcome -1): the side to move at the end
    for i in range(n):
        results[i] = -1 if rows[i, PLAYER] == last else 1
        if label_depth:
            values[i] = label(search(rows[i], label_depth, label_quiescence, ev)[0])
        else:
            values[i] = results[i]
    return n


@njit(cache=True)
def row_bytes(rows, n):
    """For ``pack``: the little-endian bytes of the rules' boards (mover's, other's) of
    ``rows[:n]``, each row's squares in byte ``3 * row``."""
    out = np.zeros((n, 2, 8 * ROW_BITS // 8), dtype=np.uint8)
    for i in range(n):
        player = rows[i, PLAYER]
        for square in range(64):
            piece = rows[i, square]
            if piece != EMPTY:
                side = 0 if piece - 1 == player else 1
                out[i, side, 3 * (square // 8)] |= 1 << (square % 8)
    return out


def pack(s):
    """The rules' state of a position."""
    return packed_states(s[None, :], 1)[0]


def packed_states(rows, n):
    boards = row_bytes(rows, n)
    return [(int.from_bytes(b[0].tobytes(), "little"), int.from_bytes(b[1].tobytes(), "little"), int(r[PLAYER]))
            for b, r in zip(boards, rows[:n])]


def unpack(state):
    """A position of the rules' state."""
    white, black = GAME.pieces(state)
    s = np.zeros(SIZE, dtype=np.int64)
    for piece, board in ((WHITE_PIECE, white), (BLACK_PIECE, black)):
        for row in range(8):
            byte = board >> (ROW_BITS * row) & 255
            for col in range(8):
                if byte >> col & 1:
                    s[8 * row + col] = piece
    s[PLAYER] = state[2]
    return s


def play_chunk(seed, games, ev, depths, opening_plies, random_move, label_depth, quiescence, label_quiescence):
    """``games`` games, each a list of (state, result, search value) for the side to move,
    as learn/nn.py's ``play_chunk`` returns them; ``ev`` the players' network
    (``evaluation``'s arrays)."""
    rng = random.Random(seed)
    rows = np.zeros((MAX_PLIES, SIZE), dtype=np.int64)
    results = np.zeros(MAX_PLIES, dtype=np.int64)
    values = np.zeros(MAX_PLIES)
    chunk = []
    while len(chunk) < games:
        pair = np.array([rng.choice(depths), rng.choice(depths)], dtype=np.int64)
        n = play_game(rng.getrandbits(32), rng.randrange(*opening_plies), pair, quiescence, random_move,
                      label_depth, label_quiescence, ev, rows, results, values)
        if n:
            chunk.append(list(zip(packed_states(rows, n), results[:n].tolist(), values[:n].tolist())))
    return chunk
