"""Othello self-play compiled with numba, for learn/othello.py (``--compiled``): the
rules on 8x8 bitboards (the move generation and flips of games/othello/compiled.py),
the players' evaluations (the handcrafted one of games/othello/evaluation.py, the
N-tuple one of games/othello/ntuple.py, and Reversed Reversi's of
games/othello/compiled.py), a fixed-depth alpha-beta and the win/draw/loss solver, and
whole games played as learn/othello.py's ``play_chunk`` plays them, in Othello or in its
misere twin (``sense`` -1: fewer discs win).

What is held equal to the pure-Python code (tests/test_compiled_selfplay.py): legal
moves, play and outcome to games/othello/rules.py, in both games; each evaluation, to
the last bit, to its Python function (Reversed Reversi's to the compiled bot's, the
weighted sum cut to an integer); the search's value at a fixed depth to engines.alphabeta.AlphaBeta's
(the same negamax values: a finished game is ``WIN - ply`` for its winner, as
engines.base.terminal_value); the solver's result to engines.solver.ExactSolver's. Where
several moves share the best value the searches may pick different ones, so the games
are the same kind of games, not the same games.

The random draws are numba's (``np.random`` seeded per game from the game's
``random.Random``): a game depends on its seed alone, as the pure-Python ones.
The leaves are compiled once and cached on disk (``cache=True``); the recursive searches
and what calls them are compiled in each process (numba's cache does not load recursive
functions back: they crash), about 3 seconds.
"""

import math
from dataclasses import dataclass

import numpy as np
from numba import njit

from engines.base import WIN
from games.othello import ntuple
from games.othello import misere
from games.othello.compiled import Engine, bb_evaluate, bb_flips, bb_moves, lowest_square, popcount
from games.othello.evaluation import CLASS_WEIGHT, CORNER, WEIGHTS, class_masks
from learn import compiled
from learn.pipeline import until_played

U0 = np.uint64(0)
U1 = np.uint64(1)
FULL = (1 << 64) - 1
_FIRST = sum(1 << (8 * r) for r in range(8))
# the tables bb_moves and bb_flips read: the board, the board but its side columns, the four shifts
GEOMETRY = np.array([FULL, FULL & ~_FIRST & ~(_FIRST << 7), 1, 8, 9, 7], dtype=np.uint64)
HANDCRAFTED, NTUPLE, MISERE = 0, 1, 2
MAX_PLIES = 128        # plies of one game, passes included, with room to spare
NO_MOVE = -2           # the search's move where there is none
PASS = -1


# -- the rules -------------------------------------------------------------------------

@njit(cache=True)
def sign(d):
    return 1 if d > 0 else -1 if d < 0 else 0


@njit(cache=True)
def margin(p, o, sense):
    """The mover's lead in the game's sense (discs, or in Reversed Reversi discs fewer)."""
    return sense * (popcount(p) - popcount(o))


@njit(cache=True)
def moves(p, o):
    """Squares where the mover (discs ``p``) may play against discs ``o``."""
    return bb_moves(p, o, GEOMETRY)


@njit(cache=True)
def play(p, o, square):
    """(mover, other) after the mover plays ``square`` (PASS: the sides swap)."""
    if square == PASS:
        return o, p
    f = bb_flips(p, o, square, GEOMETRY)
    return o & ~f, p | f | (U1 << np.uint64(square))


@njit(cache=True)
def outcome(p, o, sense=1):
    """+1, 0 or -1 for the mover once neither side can move, else 2. ``sense`` is 1 in
    Othello, -1 in Reversed Reversi (fewer discs win), as in every function below."""
    if moves(p, o) != U0 or moves(o, p) != U0:
        return 2
    return sign(margin(p, o, sense))


# -- the evaluations -------------------------------------------------------------------

@njit(cache=True)
def handcrafted(p, o, masks, class_weights, corner_mask, w):
    """games/othello/evaluation.py's value, its terms in its order (``w``: position,
    mobility, corners and discs weights, then the position term's scale)."""
    position = 0
    for k in range(masks.shape[0]):
        position += class_weights[k] * (popcount(p & masks[k]) - popcount(o & masks[k]))
    my_moves = popcount(moves(p, o))
    their_moves = popcount(moves(o, p))
    mobility = (my_moves - their_moves) / (my_moves + their_moves + 2)
    corners = (popcount(p & corner_mask) - popcount(o & corner_mask)) / 4
    mine = popcount(p)
    theirs = popcount(o)
    filled = (mine + theirs) / 64
    discs = (mine - theirs) / (mine + theirs) * filled * filled
    score = w[0] * position * w[4] + w[1] * mobility + w[2] * corners + w[3] * discs
    return math.tanh(score)


@njit(cache=True)
def ntuple_total(p, o, table, bias, phase_of, squares, lengths, offsets, powers):
    """games/othello/ntuple.py's integer total: the phase's bias plus every image's entry."""
    phase = phase_of[popcount(p | o)]
    total = bias[phase]
    for j in range(squares.shape[0]):
        index = 0
        for k in range(lengths[j]):
            bit = U1 << np.uint64(squares[j, k])
            if p & bit:
                index += powers[k]
            elif o & bit:
                index += 2 * powers[k]
        total += table[phase, offsets[j] + index]
    return total


@njit(cache=True)
def evaluate(p, o, ev):
    """The players' evaluation ``ev`` (``evaluation``'s tuple) of the mover's position."""
    kind, masks, class_weights, corner_mask, w, table, bias, phase_of, squares, lengths, offsets, powers, half, \
        geometry, misere_weights = ev
    if kind == HANDCRAFTED:
        return handcrafted(p, o, masks, class_weights, corner_mask, w)
    if kind == MISERE:
        score = bb_evaluate(p, o, popcount(moves(p, o)), popcount(moves(o, p)), geometry, misere_weights)
        return math.tanh(score / misere.SCALE)
    return math.tanh(ntuple_total(p, o, table, bias, phase_of, squares, lengths, offsets, powers) * half)


# -- the searches ----------------------------------------------------------------------

@njit(cache=False)  # recursive (or calls a recursive one): numba's cache cannot load these
def negamax(p, o, depth, alpha, beta, ply, ev, sense):
    """Fail-soft alpha-beta value of the mover's position ``depth`` plies deep (a pass
    a ply), as engines.alphabeta.AlphaBeta values it."""
    mine = moves(p, o)
    if mine == U0:
        if moves(o, p) == U0:
            d = margin(p, o, sense)
            return float(WIN - ply) if d > 0 else float(ply - WIN) if d < 0 else 0.0
        if depth <= 0:
            return evaluate(p, o, ev)
        return -negamax(o, p, depth - 1, -beta, -alpha, ply + 1, ev, sense)
    if depth <= 0:
        return evaluate(p, o, ev)
    best = -np.inf
    while mine != U0:
        square = lowest_square(mine)
        mine &= mine - U1
        q, r = play(p, o, square)
        value = -negamax(q, r, depth - 1, -beta, -alpha, ply + 1, ev, sense)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


ORDER_SHALLOWER = 4  # ordered_negamax orders by searches this many plies shallower (at least the evaluation)
BOOK_ORDER_FROM = 4  # the book's searches order where this many plies are left: below, it costs more than it saves
NEVER = 1 << 30      # ``order_from`` that orders nowhere: the plain negamax


@njit(cache=False)  # recursive (or calls a recursive one): numba's cache cannot load these
def ordered_negamax(p, o, depth, alpha, beta, ply, ev, sense, order_from):
    """``negamax``'s value, the moves searched best first by a shallower search where at
    least ``order_from`` plies are left: the same value, in far fewer positions."""
    if depth < order_from:
        return negamax(p, o, depth, alpha, beta, ply, ev, sense)
    mine = moves(p, o)
    if mine == U0:  # a pass or the game's end: as negamax has it
        return negamax(p, o, depth, alpha, beta, ply, ev, sense)
    movers = np.empty(32, dtype=np.uint64)
    others = np.empty(32, dtype=np.uint64)
    their_values = np.empty(32)
    n = 0
    while mine != U0:
        square = lowest_square(mine)
        mine &= mine - U1
        movers[n], others[n] = play(p, o, square)
        their_values[n] = negamax(movers[n], others[n], max(depth - 1 - ORDER_SHALLOWER, 0), -np.inf, np.inf,
                                  ply + 1, ev, sense)
        n += 1
    best = -np.inf
    for i in np.argsort(their_values[:n], kind="mergesort"):  # stable: ties keep the squares' order
        value = -ordered_negamax(movers[i], others[i], depth - 1, -beta, -alpha, ply + 1, ev, sense, order_from)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


@njit(cache=False)  # recursive (or calls a recursive one): numba's cache cannot load these
def search(p, o, depth, ev, sense=1, order_from=NEVER):
    """(value, move) of a full-window search ``depth`` plies deep from the mover's
    position: the first move, lowest square first, of the best value (PASS when the
    mover must pass, NO_MOVE at the end of the game). ``order_from``: where at least
    that many plies are left, the replies are ordered (``ordered_negamax``; the opening
    book's deep searches): the same value and move."""
    mine = moves(p, o)
    if mine == U0:
        if moves(o, p) == U0:
            return negamax(p, o, depth, -np.inf, np.inf, 0, ev, sense), NO_MOVE
        return -ordered_negamax(o, p, depth - 1, -np.inf, np.inf, 1, ev, sense, order_from), PASS
    best, best_move = -np.inf, NO_MOVE
    while mine != U0:
        square = lowest_square(mine)
        mine &= mine - U1
        q, r = play(p, o, square)
        value = -ordered_negamax(q, r, depth - 1, -np.inf, -best, 1, ev, sense, order_from)
        if value > best:
            best, best_move = value, square
    return best, best_move


@njit(cache=False)  # recursive (or calls a recursive one): numba's cache cannot load these
def solve_value(p, o, alpha, beta, sense):
    """The game's result for the mover with perfect play (1, 0, -1), within (alpha, beta)."""
    mine = moves(p, o)
    if mine == U0:
        if moves(o, p) == U0:
            return sign(margin(p, o, sense))
        return -solve_value(o, p, -beta, -alpha, sense)
    best = -2
    while mine != U0:
        square = lowest_square(mine)
        mine &= mine - U1
        q, r = play(p, o, square)
        value = -solve_value(q, r, -beta, -alpha, sense)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


@njit(cache=False)  # recursive (or calls a recursive one): numba's cache cannot load these
def solve(p, o, known=2, sense=1):
    """(result, move) with perfect play from the mover's position (win/draw/loss): the
    first move, lowest square first, that reaches the result. ``known``: the result
    where it is known already (the game's earlier position was solved, and its move
    keeps the result), so that the search stops at the first move that reaches it."""
    mine = moves(p, o)
    if mine == U0:
        if moves(o, p) == U0:
            return solve_value(p, o, -1, 1, sense), NO_MOVE
        return -solve_value(o, p, -1, 1, sense), PASS
    if known == -1:
        return -1, lowest_square(mine)  # every move loses
    target = min(known, 1)
    best, best_move = -2, NO_MOVE
    while mine != U0 and best < target:
        square = lowest_square(mine)
        mine &= mine - U1
        q, r = play(p, o, square)
        value = -solve_value(q, r, -target, -best, sense)
        if value > best:
            best, best_move = value, square
    return best, best_move


# -- the games -------------------------------------------------------------------------

@njit(cache=True)
def random_square(bits):
    """A square of ``bits`` drawn uniformly."""
    for _ in range(np.random.randint(popcount(bits))):
        bits &= bits - U1
    return lowest_square(bits)


@njit(cache=True)
def any_move(p, o):
    """A legal move drawn uniformly (PASS if it is the only one; the game must go on)."""
    mine = moves(p, o)
    return random_square(mine) if mine != U0 else PASS


@njit(cache=False)  # recursive (or calls a recursive one): numba's cache cannot load these
def play_game(seed, opening, depths, random_move, solve_empties, ev, sense, out, at):
    """One game from the start into ``out`` from row ``at`` (mover, other, player,
    label, exact, mobility, their mobility); the row after its last, or ``at`` when the
    opening ended the game. The players' depths are ``depths`` (black's, white's)."""
    np.random.seed(seed)
    p, o = np.uint64(0x0000000810000000), np.uint64(0x0000001008000000)
    player = 0
    for _ in range(opening):
        if outcome(p, o, sense) != 2:
            break
        p, o = play(p, o, any_move(p, o))
        player = 1 - player
    start = at
    known = 2  # the result of the position to move, once a solved position gives it
    while moves(p, o) != U0 or moves(o, p) != U0:
        out[at, 0], out[at, 1], out[at, 2] = p, o, player
        out[at, 5], out[at, 6] = popcount(moves(p, o)), popcount(moves(o, p))
        if 64 - popcount(p | o) <= solve_empties:
            result, move = solve(p, o, known, sense)
            out[at, 3], out[at, 4] = result, 1
            known = -result
        else:
            out[at, 4] = 0
            if np.random.random() < random_move:
                move = any_move(p, o)
            else:
                _, move = search(p, o, depths[player], ev, sense)
        at += 1
        p, o = play(p, o, move)
        player = 1 - player
    if at == start:
        return at
    # the first solved position's result (or the final one) for the earlier positions
    reference, result = player, outcome(p, o, sense)
    for i in range(start, at):
        if out[i, 4]:
            reference, result = out[i, 2], out[i, 3]
            break
    for i in range(start, at):
        if not out[i, 4]:
            out[i, 3] = result if out[i, 2] == reference else -result
    return at


# -- the Python side -------------------------------------------------------------------

def handcrafted_arrays():
    """The handcrafted evaluation's tables, for the normal game with its default weights."""
    masks = class_masks(8)
    corner = next(mask for weight, mask in masks if weight == CLASS_WEIGHT[CORNER])
    w = np.array([WEIGHTS["position"], WEIGHTS["mobility"], WEIGHTS["corners"], WEIGHTS["discs"],
                  1.0 / (4 * CLASS_WEIGHT[CORNER])])
    return (np.array([mask for _, mask in masks], dtype=np.uint64), np.array([wt for wt, _ in masks], dtype=np.int64),
            np.uint64(corner), w)


def ntuple_arrays(weights):
    """The N-tuple evaluation's tables of ``weights`` (an ntuple.Weights): one row per
    phase of every pattern's full table, and each image's squares and table offset."""
    tables, biases = ntuple.LAYOUT.expand(weights)
    names = list(ntuple.PATTERNS)
    starts = np.cumsum([0] + [len(tables[name][0]) for name in names])
    table = np.array([[v for name in names for v in tables[name][k]] for k in range(len(biases))], dtype=np.int64)
    widest = max(len(squares) for _, squares in ntuple.IMAGES)
    squares = np.zeros((len(ntuple.IMAGES), widest), dtype=np.int64)
    for j, (_, image) in enumerate(ntuple.IMAGES):
        squares[j, :len(image)] = [8 * r + c for r, c in image]
    lengths = np.array([len(image) for _, image in ntuple.IMAGES], dtype=np.int64)
    offsets = np.array([starts[names.index(name)] for name, _ in ntuple.IMAGES], dtype=np.int64)
    phase_of = np.array([sum(1 for limit in weights.phases if discs >= limit) for discs in range(65)], dtype=np.int64)
    return table, np.array(biases, dtype=np.int64), phase_of, squares, lengths, offsets, 3 ** np.arange(widest)


def evaluation(weights=None, misere_game=False):
    """The tuple ``evaluate`` takes: the N-tuple evaluation with ``weights`` (an
    ntuple.Weights), or else the handcrafted one of the game (Othello, or with
    ``misere_game`` Reversed Reversi's: games/othello/compiled.py's, the bots' own). Every
    kind's arrays are there, numba typing one tuple, the unused ones small."""
    masks, class_weights, corner, w = handcrafted_arrays()
    engine = Engine(8, tt_bits=1)
    misere_arrays = (engine.g, engine.weights)
    if weights is None:
        empty = np.zeros((1, 1), dtype=np.int64)
        return (MISERE if misere_game else HANDCRAFTED, masks, class_weights, corner, w, empty,
                np.zeros(1, dtype=np.int64), np.zeros(65, dtype=np.int64), empty, np.zeros(1, dtype=np.int64),
                np.zeros(1, dtype=np.int64), np.ones(1, dtype=np.int64), 0.0, *misere_arrays)
    return (NTUPLE, masks, class_weights, corner, w, *ntuple_arrays(weights), weights.step / 2, *misere_arrays)


@dataclass(frozen=True)
class Settings(compiled.Settings):
    solve_empties: int      # the solver plays from this many empty squares on
    misere: bool = False    # Reversed Reversi's games (fewer discs win)


def play_chunk(seeds, ev, settings):
    """One game per seed, as learn/othello.py's ``play_chunk`` returns them; ``ev`` the
    players' evaluation (``evaluation``'s tuple: made once a process, it takes longer
    to make than a chunk to play)."""
    out = np.zeros((len(seeds) * MAX_PLIES, 7), dtype=np.int64)
    game = np.zeros(len(out), dtype=np.int32)
    at = 0

    def attempt(rng):
        pair = compiled.depth_pair(rng, settings.depths)
        return play_game(rng.getrandbits(32), rng.randrange(*settings.opening_plies), pair, settings.random_move,
                         settings.solve_empties, ev, -1 if settings.misere else 1, out, at) - at

    for number, seed in enumerate(seeds):
        played = until_played(seed, attempt)
        game[at:at + played] = number
        at += played
    rows = out[:at]
    return {"mover": rows[:, 0].astype(np.uint64), "other": rows[:, 1].astype(np.uint64),
            "player": rows[:, 2].astype(np.int8), "label": rows[:, 3].astype(np.int8),
            "exact": rows[:, 4].astype(bool), "game": game[:at],
            "mobility": rows[:, 5].astype(np.int8), "their_mobility": rows[:, 6].astype(np.int8)}
