"""Breakthrough self-play compiled with numba, for the network trainer (learn/nn.py
through ``python -m learn.breakthrough --model nn --compiled``): the rules of
games/breakthrough/rules.py, the network evaluation of games/breakthrough/nn.py, the
fixed-depth alpha-beta of the trainer's players and labels (with the quiescence search
of engines.alphabeta.AlphaBetaPlus where asked), and the games of learn/logistic.py's
``self_play`` with each position's search value, as learn/logistic.py's ``play_chunk``
returns them.

A position is an int64 array of 3: each side's pieces as bits (White's, Black's; square
``8 * row + col``, as the rules number them, is that bit), then the player to move.
Moves are generated a step direction at a time with shifts and masks and read off
lowest bit first, noisy moves (captures, steps onto the goal row) first. What is held
equal to the pure-Python code (tests/test_compiled_breakthrough.py): legal moves, play,
outcome, noisy moves and ``quiet_loses`` to the rules; the network's value, to the last
bit, to games/breakthrough/nn.py's; the search's value at a fixed depth to
engines.alphabeta's AlphaBeta and AlphaBetaPlus. Where moves tie the searches may pick
different ones: the same kind of games, not the same games.

The search's positions carry the network's first-layer sums for both players to move
after the pieces (integers, so a move's update, the piece off its square and onto the
target and a taken piece off, gives the sums exactly), and a leaf's value is the clip,
the dot product and the output. The searches compare the output's logits (within
+-CLAMP) and take the tanh of the result once, where ``evaluation`` has found, logit
by logit over all the network can give, that tanh keeps their order and sign, so that
the tanh of the logits' minimax is the minimax of their tanh to the last bit (it does
for the shipped network and the tests' random one; where not, each leaf takes its
tanh). A mover with a step onto its
goal row is worth the win at once (no value is higher).
"""

import math
from dataclasses import dataclass

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from engines.base import WIN
from games.breakthrough.rules import ROW_BITS, Breakthrough
from games.nn import ONE
from learn import compiled
from learn.compiled.labels import CLAMP, label, logits_keep_order
from learn.pipeline import until_played

WHITE, BLACK, PLAYER = 0, 1, 2   # a position's fields: each side's pieces, the player to move
SIZE = 3
MAX_MOVES = 48               # 16 pieces, 3 steps each
KILLER = MAX_MOVES           # a ply's row of moves: its moves, then its two killer moves
ROW = KILLER + 2
MAX_PLIES = 400              # rows a game may take (each ply moves a piece one row on: far fewer)
QUIESCENCE = 4               # engines.alphabeta.QUIESCENCE: plies of noisy moves past the depth
GAME = Breakthrough()


# -- the rules -------------------------------------------------------------------------

# Squares as bits of an int64 (square ``8 * row + col`` is bit ``8 * row + col``; square
# 63 is the sign bit, so a right shift is masked to the bits it keeps).
NOT_A = ~0x0101010101010101          # every square but those of column a (col 0)
NOT_H = 0x7F7F7F7F7F7F7F7F           # every square but those of column h (col 7)
ROW_0 = 0xFF
ROW_1 = 0xFF << 8
ROW_6 = 0xFF << 48
ROW_7 = -(1 << 56)                   # 0xFF << 56 as an int64
KEEP_55, KEEP_56, KEEP_57 = (1 << 55) - 1, (1 << 56) - 1, (1 << 57) - 1


@njit(cache=True)
def lowest_square(x):
    """The lowest set bit's index (x != 0)."""
    return trailing_zeros(np.int64(x))


@njit(cache=True)
def goal_row(player):
    return 7 if player == 0 else 0


@njit(cache=True)
def goal_mask(player):
    return ROW_7 if player == 0 else ROW_0


@njit(cache=True)
def steps(mine, theirs, player):
    """(straight, left, right, the three steps' deltas ``to - from``): the targets of
    ``player``'s pieces ``mine`` stepping straight on (onto an empty square) and to the
    column on the left and on the right (onto a square not its own)."""
    if player == 0:
        return ((mine << 8) & ~(mine | theirs), ((mine & NOT_A) << 7) & ~mine, ((mine & NOT_H) << 9) & ~mine,
                8, 7, 9)
    return (((mine >> 8) & KEEP_56) & ~(mine | theirs), ((mine & NOT_A) >> 9) & KEEP_55 & ~mine,
            ((mine & NOT_H) >> 7) & KEEP_57 & ~mine, -8, -9, -7)


@njit(cache=True)
def over(s):
    """Whether the player who moved last has won: the mover has no piece left, or the
    opponent stands on its goal row (the mover's home row)."""
    player = s[PLAYER]
    return s[player] == 0 or s[1 - player] & (ROW_0 if player == 0 else ROW_7) != 0


@njit(cache=True)
def has_move(s):
    """Whether the mover has a legal move (``legal`` would give any)."""
    if over(s):
        return False
    player = s[PLAYER]
    straight, left, right, _, _, _ = steps(s[player], s[1 - player], player)
    return (straight | left | right) != 0


@njit(cache=True)
def emit(targets, delta, out, count):
    """Writes the moves onto ``targets`` by a step of ``delta`` to ``out`` from ``count``;
    the new count."""
    while targets:
        to = lowest_square(targets)
        targets &= targets - 1
        out[count] = (to - delta) * 64 + to
        count += 1
    return count


@njit(cache=True)
def generate(s, out):
    """(the number of legal moves written to ``out``, how many of them, first, are
    noisy); (0, 0) at the end."""
    if over(s):
        return 0, 0
    player = s[PLAYER]
    mine, theirs = s[player], s[1 - player]
    straight, left, right, ahead, to_left, to_right = steps(mine, theirs, player)
    loud = theirs | goal_mask(player)
    count = emit(left & loud, to_left, out, 0)
    count = emit(right & loud, to_right, out, count)
    count = emit(straight & loud, ahead, out, count)
    noisy_count = count
    count = emit(left & ~loud, to_left, out, count)
    count = emit(right & ~loud, to_right, out, count)
    count = emit(straight & ~loud, ahead, out, count)
    return count, noisy_count


@njit(cache=True)
def noisy_moves(s, out):
    """The number of noisy moves (captures, steps onto the goal row) written to ``out``
    (the mover has a legal move)."""
    player = s[PLAYER]
    mine, theirs = s[player], s[1 - player]
    straight, left, right, ahead, to_left, to_right = steps(mine, theirs, player)
    loud = theirs | goal_mask(player)
    count = emit(left & loud, to_left, out, 0)
    count = emit(right & loud, to_right, out, count)
    return emit(straight & loud, ahead, out, count)


@njit(cache=True)
def legal(s, out):
    """The number of legal moves (``from * 64 + to``), written to ``out``, the noisy
    ones first; 0 at the end."""
    return generate(s, out)[0]


@njit(cache=True)
def move_into(s, move, t):
    """Writes to ``t`` the position after ``move`` (an enemy on the target is taken)."""
    player = s[PLAYER]
    target = np.int64(1) << (move & 63)
    t[player] = s[player] ^ (np.int64(1) << (move >> 6)) ^ target
    t[1 - player] = s[1 - player] & ~target
    t[PLAYER] = 1 - player


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
    player = s[PLAYER]
    return (s[1 - player] >> (move & 63)) & 1 != 0 or (move & 63) >> 3 == goal_row(player)


@njit(cache=True)
def reaches_goal(s, side):
    """Whether ``side`` has a piece that can step onto its goal row (diagonally unless
    its own piece stands there, straight onto an empty square)."""
    mine = s[side]
    near = mine & (ROW_6 if side == 0 else ROW_1)
    if near == 0:
        return False
    straight, left, right, _, _, _ = steps(near, mine | s[1 - side], side)
    return ((straight | left | right) & ~mine) != 0


@njit(cache=True)
def quiet_loses(s):
    """The rules' ``quiet_loses``: the opponent has a piece that can step onto its goal
    row next."""
    return reaches_goal(s, 1 - s[PLAYER])


# -- the network evaluation ------------------------------------------------------------

# The network's array (``evaluation``), 2 * hidden wide: the first layer's sums seen from
# each player to move (White's, then Black's) side by side. Row ``64 * owner + square``:
# what a piece of ``owner`` on ``square`` adds to them; then b1 (twice), then w2 (twice).
BIAS = 128
OUTPUT = 129
SUMS = SIZE                  # a search's position: the position, then its two sums


@njit(cache=True)
def refresh(s, net):
    """Writes the first layer's sums of the position ``s[:SIZE]`` after it, from scratch."""
    width = net.shape[1]
    for k in range(width):
        s[SUMS + k] = net[BIAS, k]
    for owner in range(2):
        pieces = s[owner]
        while pieces:
            square = lowest_square(pieces)
            pieces &= pieces - 1
            for k in range(width):
                s[SUMS + k] += net[64 * owner + square, k]


@njit(cache=True)
def moved(s, move, t, net):
    """Writes the sums of ``t``, the position after ``move`` from ``s``, from those of
    ``s``: the piece off its square and onto the target, a piece taken there off."""
    player = s[PLAYER]
    source, target = move >> 6, move & 63
    mover, taken = 64 * player + source, 64 * player + target
    width = net.shape[1]
    if (s[1 - player] >> target) & 1:
        captured = 64 * (1 - player) + target
        for k in range(width):
            t[SUMS + k] = s[SUMS + k] - net[mover, k] + net[taken, k] - net[captured, k]
    else:
        for k in range(width):
            t[SUMS + k] = s[SUMS + k] - net[mover, k] + net[taken, k]


@njit(cache=True)
def value_of(s, net, b2, half_step, raw):
    """The network's value for the mover of a position with its sums: the clipped
    hidden layer, the output's tanh, in the integers of games/nn.py; with ``raw``, the
    output's logit before its tanh, within +-CLAMP."""
    hidden = net.shape[1] // 2
    offset = SUMS + hidden * s[PLAYER]
    dot = 0
    for h in range(hidden):
        dot += net[OUTPUT, h] * min(max(s[offset + h], 0), ONE)
    logit = (dot + b2) * half_step
    if raw:
        return min(max(logit, -CLAMP), CLAMP)
    return math.tanh(logit)


@njit(cache=True)
def evaluate(s, ev):
    """games/breakthrough/nn.py's value (``ev``: ``evaluation``'s): the inputs of each
    piece seen from the mover (rows counted from each side's home row), the clipped
    hidden layer, the output's tanh, in the integers of games/nn.py."""
    net, b2, half_step, _ = ev
    t = np.empty(SUMS + net.shape[1], dtype=np.int64)
    t[:SIZE] = s[:SIZE]
    refresh(t, net)
    return value_of(t, net, b2, half_step, False)


def evaluation(net):
    """(the network's array, b2, step / 2, whether the searches may compare its logits)
    of a games.nn.Net, as ``evaluate`` and the searches read them: a piece of White on
    square ``q`` is input ``q`` for White to move and ``64 + q`` for Black to move; of
    Black, ``64 + (q ^ 56)`` and ``q ^ 56`` (rows counted from its home row)."""
    w1 = np.array(net.w1, dtype=np.int64)
    squares = np.arange(64)
    flipped = squares ^ 56
    table = np.concatenate([np.concatenate([w1[squares], w1[64 + squares]], axis=1),
                            np.concatenate([w1[64 + flipped], w1[flipped]], axis=1),
                            np.array([list(net.b1) * 2, list(net.w2) * 2], dtype=np.int64)])
    return np.ascontiguousarray(table), np.int64(net.b2), net.step / 2, logits_keep_order(net)


# -- the search ------------------------------------------------------------------------

@njit(cache=True)
def ordered(row, loud, count):
    """Puts this ply's killers (the quiet moves that last cut off a sibling, kept at
    ``row[KILLER:]``) first among the quiet moves ``row[loud:count]``, after the noisy
    ones: a cut comes sooner, and the values do not depend on the order."""
    front = loud
    for k in range(2):
        killer = row[KILLER + k]
        for i in range(front, count):
            if row[i] == killer:
                for j in range(i, front, -1):
                    row[j] = row[j - 1]
                row[front] = killer
                front += 1
                break


@njit(cache=True)
def remember(row, move):
    """Keeps ``move``, a quiet move that cut off, as the first killer of ``row``'s ply."""
    if row[KILLER] != move:
        row[KILLER + 1] = row[KILLER]
        row[KILLER] = move


@njit(cache=False)  # recursive: numba's cache cannot load it
def quiesce(stack, moves, ply, alpha, beta, left, net, b2, half_step, raw):
    """engines.alphabeta's ``_quiesce``: the mover of ``stack[ply]`` (who has a legal
    move) stands on the evaluation, or on a loss where every quiet move loses, or plays
    a noisy move, for ``left`` more plies at most."""
    s = stack[ply]
    if left > 0 and reaches_goal(s, s[PLAYER]):
        return WIN - (ply + 1)  # the winning step: no value is higher
    value = (ply + 2) - WIN if quiet_loses(s) else value_of(s, net, b2, half_step, raw)
    if value >= beta or left <= 0:
        return value
    best = value
    if value > alpha:
        alpha = value
    count = noisy_moves(s, moves[ply])
    for i in range(count):
        move = moves[ply, i]
        move_into(s, move, stack[ply + 1])
        if has_move(stack[ply + 1]):
            moved(s, move, stack[ply + 1], net)
            value = -quiesce(stack, moves, ply + 1, -beta, -alpha, left - 1, net, b2, half_step, raw)
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
def negamax(stack, moves, ply, depth, alpha, beta, quiescence, net, b2, half_step, raw):
    """Fail-soft alpha-beta value of the mover's position ``stack[ply]`` searched
    ``depth`` plies deep, then ``quiescence`` plies of noisy moves (0: the evaluation at
    the leaves); a finished game is worth ``ply - WIN`` to its mover, as
    engines.base.terminal_value says. The children go to ``stack[ply + 1]``, the moves to
    ``moves[ply]``, the ply's killers after them (no allocation in the search)."""
    s = stack[ply]
    if depth <= 0:
        if not has_move(s):
            return ply - WIN
        if quiescence:
            return quiesce(stack, moves, ply, alpha, beta, quiescence, net, b2, half_step, raw)
        return value_of(s, net, b2, half_step, raw)
    if over(s):
        return ply - WIN
    if reaches_goal(s, s[PLAYER]):
        return WIN - (ply + 1)  # the winning step: no value is higher
    row = moves[ply]
    count, loud = generate(s, row)
    if count == 0:
        return ply - WIN
    ordered(row, loud, count)
    best = -np.inf
    for i in range(count):
        move = row[i]
        child = stack[ply + 1]
        move_into(s, move, child)
        if depth > 1:
            moved(s, move, child, net)
            value = -negamax(stack, moves, ply + 1, depth - 1, -beta, -alpha, quiescence, net, b2, half_step, raw)
        elif not has_move(child):  # the leaves, without a frame of their own
            value = WIN - (ply + 1)
        else:
            moved(s, move, child, net)
            if quiescence:
                value = -quiesce(stack, moves, ply + 1, -beta, -alpha, quiescence, net, b2, half_step, raw)
            else:
                value = -value_of(child, net, b2, half_step, raw)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    if i >= loud:
                        remember(row, move)
                    break
    return best


@njit(cache=True)
def value_as_tanh(value, raw):
    """A search's value with the evaluation's tanh taken (``raw``: a logit, where no
    game ended)."""
    return math.tanh(value) if raw and abs(value) <= CLAMP else value


@njit(cache=False)
def search(s, depth, quiescence, ev):
    """(value, move) of a full-window search ``depth`` plies deep: the first move of
    the best value (-1 at the end of the game)."""
    rows = depth + quiescence + 2
    net, b2, half_step, raw = ev
    stack = np.empty((rows, SUMS + net.shape[1]), dtype=np.int64)
    moves = np.full((rows, ROW), -1, dtype=np.int64)
    root = stack[0]
    root[:SIZE] = s[:SIZE]
    refresh(root, net)
    count = legal(root, moves[0])
    if count == 0 or depth <= 0:
        return value_as_tanh(negamax(stack, moves, 0, depth, -np.inf, np.inf, quiescence, net, b2, half_step, raw),
                             raw), -1
    best, best_move = -np.inf, -1
    for i in range(count):
        move = moves[0, i]
        move_into(root, move, stack[1])
        moved(root, move, stack[1], net)
        value = -negamax(stack, moves, 1, depth - 1, -np.inf, -best, quiescence, net, b2, half_step, raw)
        if value > best:
            best, best_move = value, moves[0, i]
    return value_as_tanh(best, raw), best_move


# -- the games -------------------------------------------------------------------------

@njit(cache=True)
def start():
    s = np.zeros(SIZE, dtype=np.int64)
    s[WHITE] = 0xFFFF
    s[BLACK] = -(1 << 48)  # rows 6 and 7
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
        for side in range(2):
            board = rows[i, player if side == 0 else 1 - player]
            for row in range(8):
                out[i, side, 3 * row] = (board >> (8 * row)) & 255
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
    s = np.zeros(SIZE, dtype=np.int64)
    for side, board in enumerate(GAME.pieces(state)):
        bits = sum((board >> (ROW_BITS * row) & 255) << (8 * row) for row in range(8))
        s[side] = bits - (1 << 64) if bits >> 63 else bits
    s[PLAYER] = state[2]
    return s


@dataclass(frozen=True)
class Settings(compiled.Settings):
    label_depth: int = 0        # plies of each position's labelling search (0: its result)
    quiescence: int = 0         # plies of noisy moves the players' searches play past their depth
    label_quiescence: int = 0   # the same for the labelling searches


def play_chunk(seeds, ev, settings):
    """One game per seed, each a list of (state, result, search value) for the side to
    move, as learn/logistic.py's ``play_chunk`` returns them; ``ev`` the players' network
    (``evaluation``'s arrays)."""
    rows = np.zeros((MAX_PLIES, SIZE), dtype=np.int64)
    results = np.zeros(MAX_PLIES, dtype=np.int64)
    values = np.zeros(MAX_PLIES)

    def attempt(rng):
        pair = compiled.depth_pair(rng, settings.depths)
        n = play_game(rng.getrandbits(32), rng.randrange(*settings.opening_plies), pair, settings.quiescence,
                      settings.random_move, settings.label_depth, settings.label_quiescence, ev, rows, results,
                      values)
        return list(zip(packed_states(rows, n), results[:n].tolist(), values[:n].tolist()))

    return [until_played(seed, attempt) for seed in seeds]
