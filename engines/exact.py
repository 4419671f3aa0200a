"""Exact endgame solving: alpha-beta to the end of the game, no evaluation.

``solve(state, limit)`` walks the game to its end with alpha-beta and no evaluation,
and returns the exact negamax value (``WIN - plies`` to the end, see engines/base.py)
with a best move, or None when the limit (a deadline or a node budget: a ``Limit``, or
a number read as a deadline) comes first. It first settles win, draw or loss with the
narrow window (-1, 1), which cuts much more, then (``exact=True``) finds the distance
to the end with the full window; if time runs out in between, the win/draw/loss answer
is returned, its value a bound (a proven win at least that fast, a proven loss at most
that slow).

Ordering: the table's move first, then the children whose opponent has the fewest
replies ("fastest first", ``order="mobility"``). The table (engines/table.py, every
entry complete) keeps every proof, so the next turn's solve starts from the last one's
work. Its node loop is its own, not alpha-beta's: it hands each child's moves down
(the mobility order computes them anyway), has no depth, evaluation or killers, and its
nodes are the solver's whole cost.

engines/solver.py wraps it into an engine that solves when the end is near.
"""

import math

from engines.base import (EPS, PROVEN, Deadline, GameOverError, Limit, OptionError, SearchResult, Timeout,
                          terminal_value)
from engines.table import (COMPLETE, EXACT, LOWER, TT_SIZE, UPPER, TranspositionTable, from_table,
                           to_table)

CHECK_EVERY = 15     # nodes between two looks at the clock (each orders its children)
INF = math.inf


class ExactSolver:
    """Alpha-beta to the end of the game; see the module's notes."""

    def __init__(self, game, tt=True, tt_size=TT_SIZE, order="mobility", exact=True):
        if order not in ("mobility", "none"):
            raise OptionError(f"order must be 'mobility' or 'none', not {order!r}")
        self.game = game
        self.table = TranspositionTable(tt_size) if tt else None
        self.order = order
        self.exact = exact
        self.nodes = 0
        self.root_move = None  # the best move of the last root searched
        self.clock = Deadline(every=CHECK_EVERY)

    def negamax(self, state, moves, alpha, beta, ply):
        """Exact fail-soft value of ``state`` (whose legal moves are ``moves``) within
        (alpha, beta), ``ply`` plies below the root; at the root (``ply`` 0) its best
        move is kept as ``root_move``. Raises Timeout at the limit."""
        self.nodes += 1
        clock = self.clock
        clock.left -= 1
        if clock.left <= 0 and clock.due():
            raise Timeout
        game = self.game
        if not moves:
            return terminal_value(game.outcome(state), ply)
        table = self.table
        first = None
        if table is not None:
            entry = table.get(state)
            if entry is not None:
                _, flag, value, first = entry
                value = from_table(value, ply)
                if flag == EXACT or (value >= beta if flag == LOWER else value <= alpha):
                    if not ply:
                        self.root_move = first
                    return value
        children = self._children(state, moves, first)
        negamax = self.negamax
        best = -INF
        best_move = children[0][0]
        a = alpha
        for move, child, child_moves in children:
            if best == -INF or not ply:  # the root's moves with the full window: fewer re-searches
                value = -negamax(child, child_moves, -beta, -a, ply + 1)
            else:
                value = -negamax(child, child_moves, -a - EPS, -a, ply + 1)
                if a < value < beta:
                    value = -negamax(child, child_moves, -beta, -a, ply + 1)
            if value > best:
                best = value
                best_move = move
                if value > a:
                    a = value
                    if a >= beta:
                        break
        if table is not None:
            flag = LOWER if best >= beta else UPPER if best <= alpha else EXACT  # of a fail-soft value
            table.put(state, (COMPLETE, flag, to_table(best, ply), best_move))  # an Entry
        if not ply:
            self.root_move = best_move
        return best

    def _children(self, state, moves, first):
        """(move, child, child's moves) in the order to search them."""
        play, legal_moves = self.game.play, self.game.legal_moves
        children = []
        for move in moves:
            child = play(state, move)
            children.append((move, child, legal_moves(child)))
        if self.order == "mobility" and len(children) > 1:
            children.sort(key=lambda c: len(c[2]))
        if first is not None:
            for i, entry in enumerate(children):
                if entry[0] == first:
                    if i:
                        del children[i]
                        children.insert(0, entry)
                    break
        return children

    def release(self):
        """Frees the table's dropped generations (see engines/base.py)."""
        if self.table is not None:
            self.table.release()

    def clear(self):
        """Empties the table (a bot wanting the memory back for other work)."""
        if self.table is not None:
            self.table.clear()

    def solve(self, state, limit):
        """SearchResult with the exact value (or a proven bound), or None if the limit
        (a ``Limit`` or a deadline) comes first."""
        moves = self.game.legal_moves(state)
        if not moves:
            raise GameOverError("solve called on a finished game")
        if self.table is not None:
            self.table.release()
        limit = Limit.of(limit)
        self.clock.start(limit.deadline, limit.nodes)
        self.nodes = 0
        try:
            value = self.negamax(state, moves, -1.0, 1.0, 0)
        except Timeout:
            return None
        move = self.root_move
        if self.exact and (value >= PROVEN or value <= -PROVEN):
            try:
                value = self.negamax(state, moves, -INF, INF, 0)
                move = self.root_move
            except Timeout:
                pass  # the win/draw/loss answer stands
        pv = self._pv(state, move)
        return SearchResult(move, value, self.nodes, len(pv), pv, True)

    def _pv(self, state, move):
        pv = [move]
        game = self.game
        state = game.play(state, move)
        while len(pv) < 200 and self.table is not None:
            moves = game.legal_moves(state)
            move = self.table.move(state)
            if not moves or move not in moves:
                break
            pv.append(move)
            state = game.play(state, move)
        return pv
