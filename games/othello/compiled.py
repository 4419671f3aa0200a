"""Reversed Reversi compiled with numba: move generation, evaluation, alpha-beta and an
exact endgame solver, for the SUSTech judge (bots/reversi_sustech_numba.py).

Two board representations, chosen by the board's size:

- up to 8x8 (64 squares): **bitboards** in one ``uint64`` per side, the mover's first,
  as in games/othello/rules.py; moves by shifting runs of the opponent's discs in the 8
  directions, flips by walking the 8 rays of the square played. This is the fast path,
  for the judge's default board.
- 10x10 and 12x12 (100 and 144 squares do not fit one word): a **padded array board**
  (``int8``, one border column and two border rows, so a ray stops on the border without
  a bounds check), played and taken back in place with a stack of flipped squares, and
  a Zobrist key kept up to date. Two or three words per side would keep bitboards, but
  every shift would carry between words and the search would be written a third time;
  these boards are rare, and the array search is simple.

Both share the search (fail-soft negamax alpha-beta with principal variation search, a
transposition table, history and "fastest first" move ordering), the evaluation's
features and weights, and the solver (alpha-beta to the end of the game, no evaluation,
the window (-1, 1) for win/draw/loss, its bounds in the search's table). Values are for the side to move. A finished
game is worth ``sign(d) * FINAL + d`` to the searches, ``d`` the opponent's discs minus
the mover's (fewer discs wins); the solver returns ``d`` itself.

numba's rules, as the judge needs them: every compiled function takes its tables as
arguments (numpy arrays, plain ints and floats), none keeps or changes a global; the
clock is read through ``numba.objmode`` every 2,048 nodes, so a search returns by its
deadline by itself (the judge cannot interrupt compiled code). ``Engine`` is the Python
side: the tables for one board size, the compilation (``compile``, or one function at a
time with ``compile_step`` in the order of ``STEPS``), the iterative deepening and the
solver's schedule.
"""

import time

import numpy as np
from numba import njit, objmode, typeof, types

from games.othello.misere import (C_SQUARES, CORNERS, DISCS, EDGES, FRONTIER, MOBILITY, WEIGHTS,
                                  X_SQUARES, corner_masks, square_kinds)

U0 = np.uint64(0)
U1 = np.uint64(1)
M1 = np.uint64(0x5555555555555555)
M2 = np.uint64(0x3333333333333333)
M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
H01 = np.uint64(0x0101010101010101)
HASH1 = np.uint64(0x9E3779B97F4A7C15)
HASH2 = np.uint64(0xC2B2AE3D27D4EB4F)

FINAL = 30000          # a finished game's value: sign(d) * FINAL + d
MAX_EVAL = 20000       # the evaluation stays within +-MAX_EVAL
INF = 1 << 20
EXACT, LOWER, UPPER = 0, 1, 2
CHECK_MASK = 2047      # the clock is read every 2,048 nodes
MAX_PLY = 200          # plies of one search (squares plus passes)
ORDER_DEPTH = 3        # children ordered by the opponent's replies where this many plies are left
SOLVE_ORDER = 7        # the solver orders by the opponent's replies above this many empties
CORNER_LAST = 12       # the solver tries corners as if they gave 3 more replies (misere)
SOLVE_TABLE = 9        # the solver keeps bounds in the table from this many empties
SOLVED = 127           # the depth of a solver's entry in the table
SOLVE_SALT = np.uint64(0x5DEECE66DA3B9F21)  # solver keys differ from the search's
PASS = -1              # the move of a player who cannot place a disc
NO_MOVE = -2           # no move known
NO_VALUE = -(1 << 30)  # the table cuts nothing


def default_weights():
    return np.array(WEIGHTS, dtype=np.float64).T.copy()  # [opening or ending, feature]


@njit(cache=False)
def now():
    with objmode(t="float64"):
        t = time.perf_counter()
    return t


@njit(cache=False)
def tick(ctl, deadline):
    """Counts a node; every CHECK_MASK + 1 nodes looks at the clock. True once stopped."""
    ctl[0] += 1
    if ctl[1] != 0:
        return True
    if (ctl[0] & CHECK_MASK) == 0 and now() >= deadline:
        ctl[1] = 1
        return True
    return False


@njit(cache=False)
def weight(ew, feature, t):
    """The weight of a feature where the share of empty squares is t."""
    return ew[0, feature] * t + ew[1, feature] * (1.0 - t)


@njit(cache=False)
def clamp(score):
    if score > MAX_EVAL:
        return MAX_EVAL
    if score < -MAX_EVAL:
        return -MAX_EVAL
    return int(score)


@njit(cache=False)
def final_value(margin):
    if margin > 0:
        return FINAL + margin
    if margin < 0:
        return margin - FINAL
    return 0


@njit(cache=False)
def pick_next(work, ply, i, count):
    """Moves the best-scored of the moves i.. of ``ply`` to i and returns it."""
    mv = work[0, ply]
    sc = work[1, ply]
    pick = i
    for j in range(i + 1, count):
        if sc[j] > sc[pick]:
            pick = j
    move = mv[pick]
    score = sc[pick]
    mv[pick] = mv[i]
    sc[pick] = sc[i]
    mv[i] = move
    sc[i] = score
    return move


@njit(cache=False)
def probe(ttk, tti, key, depth, alpha, beta, ply):
    """(slot, the table's move or NO_MOVE, its value or NO_VALUE if it cuts nothing here).
    The root (ply 0) takes no cut-off: it must name its move."""
    slot = np.int64(key & np.uint64(ttk.shape[0] - 1))
    if ttk[slot] != key:
        return slot, NO_MOVE, NO_VALUE
    value = tti[slot, 2]
    flag = tti[slot, 1]
    if ply > 0 and tti[slot, 0] >= depth and (
            flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha)):
        return slot, tti[slot, 3], value
    return slot, tti[slot, 3], NO_VALUE


@njit(cache=False)
def store(ttk, tti, slot, key, depth, alpha, beta, best, best_move):
    if ttk[slot] != key or tti[slot, 0] <= depth:
        ttk[slot] = key
        tti[slot, 0] = depth
        tti[slot, 1] = LOWER if best >= beta else UPPER if best <= alpha else EXACT
        tti[slot, 2] = best
        tti[slot, 3] = best_move


# ---------------------------------------------------------------------------------------
# Bitboards (boards up to 8x8). g (uint64[23]): the full board, the inner columns, the
# shifts 1, n, n+1, n-1, all but the first column, all but the last column, the number of
# squares, the edge squares, then for each corner: its bit, its X square, its C squares;
# last, the corners.
# ---------------------------------------------------------------------------------------

@njit(cache=False)
def popcount(x):
    x = x - ((x >> U1) & M1)
    x = (x & M2) + ((x >> np.uint64(2)) & M2)
    x = (x + (x >> np.uint64(4))) & M4
    return np.int64((x * H01) >> np.uint64(56))


@njit(cache=False)
def lowest_square(x):
    """Index of the lowest set bit of x (x != 0)."""
    return popcount((x & (~x + U1)) - U1)


@njit(cache=False)
def bb_moves(p, o, g):
    """Squares where the mover (discs p) may play against discs o."""
    inner = o & g[1]
    moves = U0
    for k in range(4):
        s = g[2 + k]
        m = o if k == 1 else inner
        t = m & (p << s)
        acc = t
        while t != U0:
            t = m & (t << s)
            acc |= t
        moves |= acc << s
        t = m & (p >> s)
        acc = t
        while t != U0:
            t = m & (t >> s)
            acc |= t
        moves |= acc >> s
    return moves & g[0] & ~(p | o)


@njit(cache=False)
def bb_flips(p, o, square, g):
    """Discs of o turned by the mover's disc on ``square``."""
    bit = U1 << np.uint64(square)
    inner = o & g[1]
    flipped = U0
    for k in range(4):
        s = g[2 + k]
        m = o if k == 1 else inner
        line = U0
        x = bit << s
        while x & m:
            line |= x
            x <<= s
        if x & p:
            flipped |= line
        line = U0
        x = bit >> s
        while x & m:
            line |= x
            x >>= s
        if x & p:
            flipped |= line
    return flipped


@njit(cache=False)
def bb_beside(x, g):
    """Squares next to a square of x (8 directions, no wrap between columns)."""
    n = g[3]
    nf = g[6]
    nl = g[7]
    a = ((x << U1) & nf) | ((x >> U1) & nl) | (x << n) | (x >> n)
    a |= ((x << (n + U1)) & nf) | ((x >> (n + U1)) & nl)
    a |= ((x << (n - U1)) & nl) | ((x >> (n - U1)) & nf)
    return a & g[0]


@njit(cache=False)
def bb_key(p, o):
    h = p * HASH1 ^ ((o ^ (o >> np.uint64(29))) * HASH2)
    h ^= h >> np.uint64(32)
    h *= HASH1
    return h ^ (h >> np.uint64(29))


@njit(cache=False)
def bb_evaluate(p, o, my_moves, their_moves, g, ew):
    """Heuristic value for the mover (the features are listed with WEIGHTS)."""
    empty = g[0] & ~(p | o)
    empties = popcount(empty)
    t = empties / np.float64(g[8])
    near_empty = bb_beside(empty, g)
    corners = U0
    xs = U0
    cs = U0
    for i in range(10, 22, 3):
        corners |= g[i]
        if g[i] & empty:
            xs |= g[i + 1]
            cs |= g[i + 2]
    edges = g[9] & ~(corners | cs)
    score = weight(ew, MOBILITY, t) * (my_moves - their_moves)
    score += weight(ew, FRONTIER, t) * (popcount(o & near_empty) - popcount(p & near_empty))
    score += weight(ew, CORNERS, t) * (popcount(p & corners) - popcount(o & corners))
    score += weight(ew, X_SQUARES, t) * (popcount(p & xs) - popcount(o & xs))
    score += weight(ew, C_SQUARES, t) * (popcount(p & cs) - popcount(o & cs))
    score += weight(ew, EDGES, t) * (popcount(p & edges) - popcount(o & edges))
    score += weight(ew, DISCS, t) * (popcount(p) - popcount(o))
    return clamp(score)


@njit(cache=False)
def bb_search(p, o, depth, alpha, beta, ply, g, ew, ttk, tti, hist, work, ctl, deadline):
    """Fail-soft negamax value of (p to move, o) searched ``depth`` plies deep (a pass
    takes no depth). At the root (ply 0) the best move is left in ctl[2]."""
    if tick(ctl, deadline):
        return 0
    moves = bb_moves(p, o, g)
    if moves == U0:
        if bb_moves(o, p, g) == U0:
            return final_value(popcount(o) - popcount(p))
    elif depth <= 0:
        return bb_evaluate(p, o, popcount(moves), popcount(bb_moves(o, p, g)), g, ew)
    key = bb_key(p, o)
    slot, first, value = probe(ttk, tti, key, depth, alpha, beta, ply)
    if value != NO_VALUE:
        return value
    count = 0
    if moves == U0:
        work[0, ply, 0] = PASS
        count = 1
    while moves != U0:
        square = lowest_square(moves)
        moves &= moves - U1
        work[0, ply, count] = square
        if square == first:
            work[1, ply, count] = 1 << 40
        elif depth >= ORDER_DEPTH:
            flipped = bb_flips(p, o, square, g)
            child_o = p | flipped | (U1 << np.uint64(square))
            work[1, ply, count] = hist[square] - (popcount(bb_moves(o & ~flipped, child_o, g)) << 20)
        else:
            work[1, ply, count] = hist[square]
        count += 1
    best = -INF
    best_move = NO_MOVE
    a = alpha
    for i in range(count):
        square = pick_next(work, ply, i, count)
        if square == PASS:
            child_p = o
            child_o = p
            child_depth = depth
        else:
            flipped = bb_flips(p, o, square, g)
            child_p = o & ~flipped
            child_o = p | flipped | (U1 << np.uint64(square))
            child_depth = depth - 1
        full = i == 0
        while True:  # principal variation search: a null window first, but for the first move
            value = -bb_search(child_p, child_o, child_depth, -beta if full else -a - 1, -a, ply + 1,
                               g, ew, ttk, tti, hist, work, ctl, deadline)
            if full or value <= a or value >= beta or ctl[1] != 0:
                break
            full = True
        if ctl[1] != 0:
            return 0
        if value > best:
            best = value
            best_move = square
            if ply == 0:
                ctl[2] = square
            if value > a:
                a = value
                if a >= beta:
                    if square != PASS:
                        hist[square] += depth * depth
                    break
    store(ttk, tti, slot, key, depth, alpha, beta, best, best_move)
    return best


@njit(cache=False)
def bb_solve(p, o, alpha, beta, ply, g, ttk, tti, work, ctl, deadline):
    """Exact final margin (the opponent's discs minus the mover's) within (alpha, beta).
    At the root (ply 0) the best move is left in ctl[2]. From SOLVE_TABLE empties on,
    bounds go to the table (keys salted apart from the search's)."""
    if tick(ctl, deadline):
        return 0
    moves = bb_moves(p, o, g)
    count = 0
    if moves == U0:
        if bb_moves(o, p, g) == U0:
            return popcount(o) - popcount(p)
        work[0, ply, 0] = PASS
        count = 1
    empties = popcount(g[0] & ~(p | o))
    first = NO_MOVE
    slot = 0
    key = U0
    if empties >= SOLVE_TABLE:
        key = bb_key(p, o) ^ SOLVE_SALT
        slot, first, value = probe(ttk, tti, key, SOLVED, alpha, beta, ply)
        if value != NO_VALUE:
            return value
    while moves != U0:
        square = lowest_square(moves)
        moves &= moves - U1
        work[0, ply, count] = square
        work[1, ply, count] = 0
        if square == first:
            work[1, ply, count] = 1 << 40
        elif empties > SOLVE_ORDER:
            flipped = bb_flips(p, o, square, g)
            child_o = p | flipped | (U1 << np.uint64(square))
            work[1, ply, count] = -4 * popcount(bb_moves(o & ~flipped, child_o, g))
            if (U1 << np.uint64(square)) & g[22]:
                work[1, ply, count] -= CORNER_LAST
        count += 1
    best = -INF
    best_move = NO_MOVE
    a = alpha
    for i in range(count):
        square = pick_next(work, ply, i, count) if empties > SOLVE_ORDER else work[0, ply, i]
        if square == PASS:
            child_p = o
            child_o = p
        else:
            flipped = bb_flips(p, o, square, g)
            child_p = o & ~flipped
            child_o = p | flipped | (U1 << np.uint64(square))
        value = -bb_solve(child_p, child_o, -beta, -a, ply + 1, g, ttk, tti, work, ctl, deadline)
        if ctl[1] != 0:
            return 0
        if value > best:
            best = value
            best_move = square
            if ply == 0:
                ctl[2] = square
            if value > a:
                a = value
                if a >= beta:
                    break
    if empties >= SOLVE_TABLE:
        store(ttk, tti, slot, key, SOLVED, alpha, beta, best, best_move)
    return best


# ---------------------------------------------------------------------------------------
# Array boards (10x10, 12x12): cell (r, c) at (r + 1) * (n + 1) + c + 1 of an int8 array
# of (n + 2) * (n + 1) + 2, 2 on the border; -1 black, 1 white, 0 empty. ``dirs``: the 8
# steps; ``cells``: the n * n playable indices; ``kinds``: by cell, its kind (0 inner, 1
# corner, 2 X, 3 C, 4 other edge) and the corner of an X or C square; ``zob``: Zobrist
# keys by cell and colour (the border cell 0's for the side to move).
# ---------------------------------------------------------------------------------------

@njit(cache=False)
def mb_legal(b, cell, color, dirs):
    if b[cell] != 0:
        return False
    for d in dirs:
        x = cell + d
        if b[x] == -color:
            x += d
            while b[x] == -color:
                x += d
            if b[x] == color:
                return True
    return False


@njit(cache=False)
def mb_moves(b, color, dirs, cells, out):
    """Writes the mover's legal cells into ``out``; returns their number."""
    count = 0
    for cell in cells:
        if b[cell] == 0 and mb_legal(b, cell, color, dirs):
            out[count] = cell
            count += 1
    return count


@njit(cache=False)
def mb_count_moves(b, color, dirs, cells):
    count = 0
    for cell in cells:
        if b[cell] == 0 and mb_legal(b, cell, color, dirs):
            count += 1
    return count


@njit(cache=False)
def mb_play(b, cell, color, dirs, stack, top, key, zob):
    """Plays ``cell`` for ``color`` in place (PASS: only the side to move changes),
    pushing the flipped cells on ``stack`` from ``top``; returns (new top, new key).
    Undone by ``mb_undo``."""
    if cell == PASS:
        return top, key ^ zob[0, 0]
    mine = (color + 1) >> 1
    b[cell] = color
    key ^= zob[cell, mine]
    for d in dirs:
        x = cell + d
        if b[x] != -color:
            continue
        while b[x] == -color:
            x += d
        if b[x] == color:
            x = cell + d
            while b[x] == -color:
                b[x] = color
                key ^= zob[x, mine] ^ zob[x, 1 - mine]
                stack[top] = x
                top += 1
                x += d
    return top, key ^ zob[0, 0]


@njit(cache=False)
def mb_undo(b, cell, color, stack, old_top, top):
    if cell == PASS:
        return
    b[cell] = 0
    for i in range(old_top, top):
        b[stack[i]] = -color


@njit(cache=False)
def mb_margin(b, cells, color):
    """The opponent's discs minus the mover's."""
    margin = 0
    for cell in cells:
        margin -= b[cell] * color
    return margin


@njit(cache=False)
def mb_evaluate(b, color, my_moves, their_moves, dirs, cells, kinds, ew):
    """As bb_evaluate, on an array board."""
    empties = 0
    discs = 0.0
    corners = 0.0
    xs = 0.0
    cs = 0.0
    edges = 0.0
    frontier = 0.0
    for cell in cells:
        v = b[cell]
        if v == 0:
            empties += 1
            continue
        s = 1.0 if v == color else -1.0
        discs += s
        kind = kinds[0, cell]
        if kind == 1:
            corners += s
        elif kind == 2:
            if b[kinds[1, cell]] == 0:
                xs += s
        elif kind == 3:
            if b[kinds[1, cell]] == 0:
                cs += s
            else:
                edges += s  # beside a taken corner, a C square is one more edge square
        elif kind == 4:
            edges += s
        for d in dirs:
            if b[cell + d] == 0:
                frontier -= s
                break
    t = empties / cells.shape[0]
    score = weight(ew, MOBILITY, t) * (my_moves - their_moves)
    score += weight(ew, FRONTIER, t) * frontier + weight(ew, CORNERS, t) * corners
    score += weight(ew, X_SQUARES, t) * xs + weight(ew, C_SQUARES, t) * cs
    score += weight(ew, EDGES, t) * edges + weight(ew, DISCS, t) * discs
    return clamp(score)


@njit(cache=False)
def mb_search(b, color, key, depth, alpha, beta, ply, dirs, cells, kinds, zob, ew, ttk, tti, hist, work,
              stack, top, ctl, deadline):
    """As bb_search, on an array board (moves are cells)."""
    if tick(ctl, deadline):
        return 0
    count = mb_moves(b, color, dirs, cells, work[0, ply])
    if count == 0:
        if mb_count_moves(b, -color, dirs, cells) == 0:
            return final_value(mb_margin(b, cells, color))
        work[0, ply, 0] = PASS
        count = 1
    elif depth <= 0:
        return mb_evaluate(b, color, count, mb_count_moves(b, -color, dirs, cells), dirs, cells, kinds, ew)
    slot, first, value = probe(ttk, tti, key, depth, alpha, beta, ply)
    if value != NO_VALUE:
        return value
    for i in range(count):
        cell = work[0, ply, i]
        if cell == first:
            work[1, ply, i] = 1 << 40
        elif depth >= ORDER_DEPTH and cell != PASS:
            new_top, _ = mb_play(b, cell, color, dirs, stack, top, key, zob)
            work[1, ply, i] = hist[cell] - (mb_count_moves(b, -color, dirs, cells) << 20)
            mb_undo(b, cell, color, stack, top, new_top)
        else:
            work[1, ply, i] = hist[cell] if cell != PASS else 0
    best = -INF
    best_move = NO_MOVE
    a = alpha
    for i in range(count):
        cell = pick_next(work, ply, i, count)
        new_top, child_key = mb_play(b, cell, color, dirs, stack, top, key, zob)
        child_depth = depth if cell == PASS else depth - 1
        full = i == 0
        while True:
            value = -mb_search(b, -color, child_key, child_depth, -beta if full else -a - 1, -a, ply + 1,
                               dirs, cells, kinds, zob, ew, ttk, tti, hist, work, stack, new_top, ctl,
                               deadline)
            if full or value <= a or value >= beta or ctl[1] != 0:
                break
            full = True
        mb_undo(b, cell, color, stack, top, new_top)
        if ctl[1] != 0:
            return 0
        if value > best:
            best = value
            best_move = cell
            if ply == 0:
                ctl[2] = cell
            if value > a:
                a = value
                if a >= beta:
                    if cell != PASS:
                        hist[cell] += depth * depth
                    break
    store(ttk, tti, slot, key, depth, alpha, beta, best, best_move)
    return best


@njit(cache=False)
def mb_solve(b, color, key, alpha, beta, ply, dirs, cells, kinds, zob, ttk, tti, work, stack, top, ctl,
             deadline):
    """As bb_solve, on an array board (``key``: the position's Zobrist key)."""
    if tick(ctl, deadline):
        return 0
    count = mb_moves(b, color, dirs, cells, work[0, ply])
    empties = 0
    for cell in cells:
        empties += b[cell] == 0
    first = NO_MOVE
    slot = 0
    salted = key ^ SOLVE_SALT
    if empties >= SOLVE_TABLE:
        slot, first, value = probe(ttk, tti, salted, SOLVED, alpha, beta, ply)
        if value != NO_VALUE:
            return value
    if count == 0:
        if mb_count_moves(b, -color, dirs, cells) == 0:
            return mb_margin(b, cells, color)
        work[0, ply, 0] = PASS
        work[1, ply, 0] = 0
        count = 1
    else:
        for i in range(count):
            cell = work[0, ply, i]
            if cell == first:
                work[1, ply, i] = 1 << 40
                continue
            new_top, _ = mb_play(b, cell, color, dirs, stack, top, key, zob)
            work[1, ply, i] = -4 * mb_count_moves(b, -color, dirs, cells)
            if kinds[0, cell] == 1:
                work[1, ply, i] -= CORNER_LAST
            mb_undo(b, cell, color, stack, top, new_top)
    best = -INF
    best_move = NO_MOVE
    a = alpha
    for i in range(count):
        cell = pick_next(work, ply, i, count)
        new_top, child_key = mb_play(b, cell, color, dirs, stack, top, key, zob)
        value = -mb_solve(b, -color, child_key, -beta, -a, ply + 1, dirs, cells, kinds, zob, ttk, tti, work,
                          stack, new_top, ctl, deadline)
        mb_undo(b, cell, color, stack, top, new_top)
        if ctl[1] != 0:
            return 0
        if value > best:
            best = value
            best_move = cell
            if ply == 0:
                ctl[2] = cell
            if value > a:
                a = value
                if a >= beta:
                    break
    if empties >= SOLVE_TABLE:
        store(ttk, tti, slot, salted, SOLVED, alpha, beta, best, best_move)
    return best


# ---------------------------------------------------------------------------------------
# The Python side
# ---------------------------------------------------------------------------------------

SOLVE_SHARE = 0.6    # of a move's time, the most the solver may take before the search
NEXT_DEPTH = 0.5     # no deeper iteration once this share of the move's time is spent
TT_BITS = 18         # table entries: 2**18 (6 MB with their keys)
# The functions each representation compiles, leaves first, so that each one's callees
# are compiled (and closed) before it: the first one also sets numba's compiler up.
SHARED_STEPS = ("now", "tick", "weight", "clamp", "final_value", "pick_next", "probe", "store")
STEPS = {True: ("popcount", "lowest_square", "bb_key", "bb_moves", "bb_flips", "bb_beside")
         + SHARED_STEPS + ("bb_evaluate", "bb_search", "bb_solve"),
         False: ("mb_legal", "mb_moves", "mb_count_moves", "mb_play", "mb_undo", "mb_margin")
         + SHARED_STEPS + ("mb_evaluate", "mb_search", "mb_solve")}


class Engine:
    """The compiled search for one board size; squares are ``row * size + col``, sides
    are bitboards in Python ints (the mover's first), as in games/othello/rules.py."""

    def __init__(self, size, tt_bits=TT_BITS, weights=None):
        self.size = n = size
        self.squares = n * n
        self.bitboard = n * n <= 64
        self.weights = default_weights() if weights is None else np.asarray(weights, dtype=np.float64)
        self.ttk = np.zeros(1 << tt_bits, dtype=np.uint64)
        self.tti = np.zeros((1 << tt_bits, 4), dtype=np.int32)
        self.ctl = np.zeros(3, dtype=np.int64)   # nodes, stopped, the root's best move
        self.nodes = 0
        kinds, corners = square_kinds(n)
        if self.bitboard:
            self._bitboard_tables(n, kinds, corners)
        else:
            self._array_tables(n, kinds, corners)
        self.work = np.zeros((2, MAX_PLY, n * n), dtype=np.int64)  # moves and their scores by ply

    def _bitboard_tables(self, n, kinds, corners):
        full = (1 << (n * n)) - 1
        first = sum(1 << (r * n) for r in range(n))
        last = first << (n - 1)
        edges = sum(1 << s for s in range(n * n) if kinds[s] in (1, 3, 4))
        g = [full, full & ~first & ~last, 1, n, n + 1, n - 1, full & ~first, full & ~last, n * n, edges]
        for masks in corner_masks(n):
            g.extend(masks)
        g.append(sum(corner for corner, _, _ in corner_masks(n)))
        self.g = np.array(g, dtype=np.uint64)
        self.hist = np.zeros(n * n, dtype=np.int64)

    def _array_tables(self, n, kinds, corners):
        w = n + 1
        length = (n + 2) * w + 2
        self.cells = np.array([(r + 1) * w + c + 1 for r in range(n) for c in range(n)], dtype=np.int64)
        self.square_of = {int(c): s for s, c in enumerate(self.cells)}
        self.board = np.full(length, 2, dtype=np.int8)
        self.dirs = np.array([1, -1, w, -w, w + 1, -w - 1, w - 1, -w + 1], dtype=np.int64)
        self.kinds = np.zeros((2, length), dtype=np.int64)
        for s, cell in enumerate(self.cells):
            self.kinds[0, cell] = kinds[s]
            self.kinds[1, cell] = self.cells[corners[s]] if corners[s] >= 0 else 0
        rng = np.random.default_rng(20260303)
        self.zob = rng.integers(0, 2 ** 63, size=(length, 2), dtype=np.int64).astype(np.uint64)
        self.stack = np.zeros(MAX_PLY * 8 * n, dtype=np.int64)  # a move flips fewer than 8n discs
        self.hist = np.zeros(length, dtype=np.int64)

    # -- compilation ---------------------------------------------------------------------
    def compile(self):
        """Compiles every function this size uses (``compile_step`` for each of ``STEPS``);
        returns the seconds each took, by name."""
        seconds = {}
        for name in STEPS[self.bitboard]:
            started = time.perf_counter()
            self.compile_step(name)
            seconds[name] = time.perf_counter() - started
        return seconds

    def compile_step(self, name):
        """Compiles one function with the argument types this board gives it, then closes
        it: a later call with other types raises instead of stalling a move for seconds,
        and a caller compiled after it uses this version, with a constant argument too
        (numba would compile one more version for each constant)."""
        function = globals()[name]
        function.compile(self.signatures()[name])
        function.disable_compile()

    def signatures(self):
        """The argument types of each compiled function, as this board's search calls it."""
        u, i, f = types.uint64, types.int64, types.float64
        ctl, work, ttk, tti, hist, ew = (typeof(a) for a in (self.ctl, self.work, self.ttk, self.tti,
                                                              self.hist, self.weights))
        shared = {"now": (), "tick": (ctl, f), "weight": (ew, i, f), "clamp": (f,), "final_value": (i,),
                  "pick_next": (work, i, i, i), "probe": (ttk, tti, u, i, i, i, i),
                  "store": (ttk, tti, i, u, i, i, i, i, i)}
        if self.bitboard:
            g = typeof(self.g)
            return dict(shared, popcount=(u,), lowest_square=(u,), bb_key=(u, u), bb_moves=(u, u, g),
                        bb_flips=(u, u, i, g), bb_beside=(u, g), bb_evaluate=(u, u, i, i, g, ew),
                        bb_search=(u, u, i, i, i, i, g, ew, ttk, tti, hist, work, ctl, f),
                        bb_solve=(u, u, i, i, i, g, ttk, tti, work, ctl, f))
        b, dirs, cells, kinds, zob, stack = (typeof(a) for a in (self.board, self.dirs, self.cells, self.kinds,
                                                                  self.zob, self.stack))
        row = typeof(self.work[0, 0])
        return dict(shared, mb_legal=(b, i, i, dirs), mb_moves=(b, i, dirs, cells, row),
                    mb_count_moves=(b, i, dirs, cells), mb_play=(b, i, i, dirs, stack, i, u, zob),
                    mb_undo=(b, i, i, stack, i, i), mb_margin=(b, cells, i),
                    mb_evaluate=(b, i, i, i, dirs, cells, kinds, ew),
                    mb_search=(b, i, u, i, i, i, i, dirs, cells, kinds, zob, ew, ttk, tti, hist, work, stack,
                               i, ctl, f),
                    mb_solve=(b, i, u, i, i, i, dirs, cells, kinds, zob, ttk, tti, work, stack, i, ctl, f))

    def clear(self):
        self.ttk[:] = 0
        self.tti[:] = 0
        self.hist[:] = 0

    # -- rules (for the bot and the tests) -----------------------------------------------
    def _load(self, mover, other):
        """The array board with the mover's discs as 1 and the opponent's as -1; its key."""
        b = self.board
        key = 0
        for s, cell in enumerate(self.cells):
            if mover >> s & 1:
                b[cell] = 1
                key ^= int(self.zob[cell, 1])
            elif other >> s & 1:
                b[cell] = -1
                key ^= int(self.zob[cell, 0])
            else:
                b[cell] = 0
        return np.uint64(key)

    def moves(self, mover, other):
        """The mover's legal squares, lowest first."""
        if self.bitboard:
            bits = int(bb_moves(np.uint64(mover), np.uint64(other), self.g))
            return [s for s in range(self.squares) if bits >> s & 1]
        self._load(mover, other)
        count = mb_moves(self.board, 1, self.dirs, self.cells, self.work[0, 0])
        return sorted(self.square_of[int(c)] for c in self.work[0, 0, :count])

    def evaluate(self, mover, other):
        """The compiled evaluation of a position where the mover has a move."""
        mine, theirs = len(self.moves(mover, other)), len(self.moves(other, mover))
        if self.bitboard:
            return int(bb_evaluate(np.uint64(mover), np.uint64(other), mine, theirs, self.g, self.weights))
        self._load(mover, other)
        return int(mb_evaluate(self.board, 1, mine, theirs, self.dirs, self.cells, self.kinds, self.weights))

    def flips(self, mover, other, square):
        """Bitboard of the discs turned by the mover's disc on ``square``."""
        if self.bitboard:
            return int(bb_flips(np.uint64(mover), np.uint64(other), square, self.g))
        key = self._load(mover, other)
        top, _ = mb_play(self.board, self.cells[square], 1, self.dirs, self.stack, 0, key, self.zob)
        return sum(1 << self.square_of[int(c)] for c in self.stack[:top])

    # -- search --------------------------------------------------------------------------
    def _root(self, mover, other, depth, alpha, beta, deadline):
        """(value, best square or None, stopped) of a search (depth > 0) or a solve (depth 0)."""
        ctl = self.ctl
        ctl[0] = ctl[1] = 0
        ctl[2] = NO_MOVE
        if self.bitboard:
            p, o = np.uint64(mover), np.uint64(other)
            if depth:
                value = bb_search(p, o, depth, alpha, beta, 0, self.g, self.weights, self.ttk, self.tti,
                                  self.hist, self.work, ctl, deadline)
            else:
                value = bb_solve(p, o, alpha, beta, 0, self.g, self.ttk, self.tti, self.work, ctl, deadline)
            best = int(ctl[2])
        else:
            key = self._load(mover, other)
            if depth:
                value = mb_search(self.board, 1, key, depth, alpha, beta, 0, self.dirs, self.cells, self.kinds,
                                  self.zob, self.weights, self.ttk, self.tti, self.hist, self.work, self.stack,
                                  0, ctl, deadline)
            else:
                value = mb_solve(self.board, 1, key, alpha, beta, 0, self.dirs, self.cells, self.kinds, self.zob,
                                 self.ttk, self.tti, self.work, self.stack, 0, ctl, deadline)
            best = self.square_of.get(int(ctl[2]), NO_MOVE)
        self.nodes += int(ctl[0])
        return int(value), (best if best >= 0 else None), bool(ctl[1])

    def solve(self, mover, other, deadline, exact=False):
        """(value, square) with the exact result for the mover (the opponent's discs minus
        the mover's at the end; with ``exact`` False, only its sign), or None when the
        deadline comes first. The mover must have a move."""
        window = (-INF, INF) if exact else (-1, 1)
        value, best, stopped = self._root(mover, other, 0, window[0], window[1], deadline)
        if stopped or best is None:
            return None
        return value, best

    def search(self, mover, other, deadline, publish=None, max_depth=MAX_PLY, solve_empties=20):
        """Iterative deepening until ``deadline`` (at most ``max_depth``); first the
        win/draw/loss solver where at most ``solve_empties`` squares are empty. Calls
        ``publish(square)`` with the best move after each iteration. Returns a dict:
        move, value, depth, nodes, solved (1 win, 0 draw, -1 loss, None unsolved)."""
        started = time.perf_counter()
        self.nodes = 0
        moves = self.moves(mover, other)
        result = {"move": moves[0] if moves else None, "value": 0, "depth": 0, "nodes": 0, "solved": None}
        if not moves:
            return result
        empties = self.squares - (mover | other).bit_count()
        if empties <= solve_empties:
            solved = self.solve(mover, other, started + SOLVE_SHARE * (deadline - started))
            if solved is not None:
                value, square = solved
                result["solved"] = (value > 0) - (value < 0)
                if value >= 0:  # a win or a draw: the solver's move keeps it
                    result.update(move=square, value=value, nodes=self.nodes)
                    if publish is not None:
                        publish(square)
                    return result
        for depth in range(1, min(max_depth, MAX_PLY // 2 - 1) + 1):  # a pass is a ply too
            value, best, stopped = self._root(mover, other, depth, -INF, INF, deadline)
            if best is not None:
                result.update(move=best, depth=depth)
                if not stopped:
                    result["value"] = value
                if publish is not None:
                    publish(best)
            if stopped or abs(value) >= FINAL or depth >= empties + 2:
                break
            if time.perf_counter() - started > NEXT_DEPTH * (deadline - started):
                break
        result["nodes"] = self.nodes
        return result
