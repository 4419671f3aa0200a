"""Alpha-beta: fail-soft negamax with iterative deepening under a deadline.

Each iteration searches one ply deeper than the last, until the deadline or until the
search was exhaustive (no leaf cut off by the depth limit: the value is then exact).
The tools, each of which can be switched off to measure what it brings:

- a transposition table keyed by the state (states are their own keys), holding for
  each position searched its depth, a bound or exact value, and its best move;
- move ordering: the table's move first, then the two killer moves of the ply (moves
  that caused a cut-off at the same ply elsewhere), then the rest by the history
  heuristic (a score per move, raised by ``depth**2`` at every cut-off); optionally, at
  nodes with at least ``order_depth`` plies left, by the static evaluation of the
  children;
- principal variation search: the first move with the full window, the others with a
  null window, searched again only when they prove better;
- aspiration windows: each iteration starts with a window of ``aspiration`` around the
  previous value, widened on failure;
- MTD(f) as an alternative driver (``mtdf=True``): null-window searches only, converging
  on the value with the help of the table;
- for games that name their noisy moves (``noisy_moves``: captures, winning steps), off
  by default so that the baseline stays the seeds' generic alpha-beta: a quiescence
  search of ``quiescence`` plies at the leaves (``_quiesce``), and late move reductions
  (``reduce_after``: quiet moves after the first few searched one ply shallower first;
  with ``reduce_more=K`` those from the K-th on two plies shallower, where at least
  ``REDUCE_MORE_DEPTH`` plies are left);
- for games that say when the side to move faces a threat it must answer
  (``threatened``: Onitama's master attacked), off by default: threat extensions
  (``extend=K``): a leaf whose side to move is threatened is searched one ply more,
  all moves, instead of standing on its evaluation, at most ``K`` plies past the
  iteration's depth on any line;
- for games that can hand the move over (``null_move``), off by default: null-move
  pruning (``null_move=R``): at a null-window node whose evaluation already reaches
  beta, the side to move first passes, and if a search ``R`` plies shallower still
  fails high, the node is cut off without searching a move. No bot turns it on: it did
  not win measurably against ``alphabeta+`` without it (docs/tuning/engines.md,
  "null-move pruning").

``AlphaBetaPlus`` (``alphabeta+``) is alpha-beta with the quiescence search on.

Values follow engines/base.py: negamax, proven results ``WIN - ply``. A subtree whose
result does not depend on any depth-limited leaf is *complete*; the table stores it
with an infinite depth, so proofs are reused at any depth and an exhaustive search is
recognised and stops the deepening.

The transposition table is bounded (``tt_size`` entries). Replacement scheme: entries
live in two generations of ``tt_size // 2``; a store always replaces the entry of the
same position; when the young generation is full it becomes the old one and the
previous old generation is dropped; a probe that hits the old generation moves the
entry back to the young one. So recently used entries survive and memory stays bounded.
A dropped generation is freed at the start of the next search, not at once: freeing
one takes long enough to hold an answer past a short turn's deadline
(docs/tuning/engines.md, "dropped table generations").
"""

import math
from collections import defaultdict

from engines.base import (PROVEN, WIN, Deadline, SearchResult, is_proven,
                          relative_below, terminal_value)

# Table entries at most: two generations of 87,000, just under the 87,381 entries at
# which a dict's growth stalls a search for milliseconds (docs/tuning/engines.md, TT_SIZE).
TT_SIZE = 174_000
ASPIRATION = 0.05    # half-width of the first window of an iteration (0: no window)
EPS = 1e-9           # width of a null window (values are floats)
MAX_DEPTH = 100      # deepest iteration
REDUCE_DEPTH = 3     # late move reductions only where at least this many plies are left
REDUCE_MORE_DEPTH = 4  # reductions by two plies (reduce_more) only where at least this many are left
NULL_DEPTH = 3       # null-move pruning only where at least this many plies are left

EXACT, LOWER, UPPER = 0, 1, 2
COMPLETE = 1 << 30   # the depth of a table entry that holds an exhaustive result
INF = math.inf
NULL_WINDOW = 1e-6   # a node whose window is narrower is a null-window (non-PV) node


class Timeout(Exception):
    """Raised inside a search when its deadline has passed."""


def require_hook(game, hook, what):
    """ValueError unless the game offers the optional method ``hook`` that ``what`` needs."""
    if not hasattr(game, hook):
        raise ValueError(f"{what}: the game must offer {hook}, and {type(game).__name__} does not")


class TranspositionTable:
    """A bounded map from state to entry: two generations, see the module's notes."""

    __slots__ = ("young", "old", "half", "retired")

    def __init__(self, size=TT_SIZE):
        self.half = max(1, size // 2)
        self.young = {}
        self.old = {}
        self.retired = []  # the dropped generations, until release()

    def get(self, key):
        entry = self.young.get(key)
        if entry is None:
            entry = self.old.get(key)
            if entry is not None:
                self.put(key, entry)
        return entry

    def put(self, key, entry):
        young = self.young
        if len(young) >= self.half and key not in young:
            self.retired.append(self.old)
            self.old = young
            self.young = young = {}
        young[key] = entry

    def release(self):
        """Frees the dropped generations (see engines/base.py)."""
        self.retired.clear()

    def __len__(self):
        return len(self.young) + len(self.old)

    def clear(self):
        self.young = {}
        self.old = {}
        self.retired = []


to_table = relative_below  # (value, ply): a value found ply plies below the root, made relative to its own node


def from_table(value, ply):
    if value >= PROVEN:
        return value - ply
    if value <= -PROVEN:
        return value + ply
    return value


class AlphaBeta:
    """Iterative-deepening alpha-beta; the table and the history survive between turns.

    Parameters (all optional): ``tt`` (use the transposition table), ``tt_size``,
    ``killers``, ``history``, ``pvs``, ``aspiration`` (0 to switch off), ``mtdf``,
    ``order_depth`` (order children by their evaluation where at least this many plies
    are left; off by default: on every game tried, the table, killer and history moves
    alone reached the same depth or deeper), ``max_depth``.

    ``clock`` (an engines.base.Deadline) is public and shareable: ``search`` starts it
    with its deadline, ``negamax`` ticks it at every node and raises Timeout when it
    has passed. A search that calls ``negamax`` from its own (best-first+'s leaf
    searches) sets ``clock`` to its own clock, so that one deadline holds for both.
    """

    def __init__(self, game, evaluate, tt=True, tt_size=TT_SIZE, killers=True, history=True,
                 pvs=True, aspiration=ASPIRATION, mtdf=False, order_depth=0,
                 max_depth=MAX_DEPTH, quiescence=0, reduce_after=0, null_move=0, extend=0,
                 reduce_more=0):
        if quiescence or reduce_after:
            require_hook(game, "noisy_moves", "quiescence and reduce_after")
        if reduce_more and not reduce_after:
            raise ValueError("reduce_more deepens the reductions of reduce_after, which is off")
        if null_move:
            require_hook(game, "null_move", "null_move")
        if extend:
            require_hook(game, "threatened", "extend")
        self.game = game
        self.evaluate = evaluate
        self.table = TranspositionTable(tt_size) if tt else None
        self.use_killers = killers
        self.use_history = history
        self.pvs = pvs
        self.aspiration = aspiration
        self.mtdf = mtdf
        self.order_depth = order_depth
        self.max_depth = max_depth
        self.quiescence = quiescence
        self.reduce_after = reduce_after
        self.reduce_more = reduce_more
        self.null_move = null_move
        self.extend = extend
        self.threatened = getattr(game, "threatened", None)
        self.horizon = 0      # the deepest ply a threat extension may reach (see search)
        self.in_null = False  # inside the search after a pass: no second pass
        self.quiet_loses = getattr(game, "quiet_loses", None)
        self.history = defaultdict(int)  # a C-level sort key: no Python call per move
        self.killers = []
        self.nodes = 0
        self.incomplete = 0   # depth-limited leaves (and table hits that rest on them)
        self.partial = None   # (move, value) of the best root move of the iteration so far
        self.iterations = []
        self.clock = Deadline()

    # -- the recursive search ---------------------------------------------------------
    def negamax(self, state, depth, alpha, beta, ply, moves=None):
        """Fail-soft value of ``state`` searched ``depth`` plies deep, within (alpha, beta).

        Raises Timeout once the deadline has passed (looked at every few nodes)."""
        self.nodes += 1
        clock = self.clock
        clock.left -= 1
        if clock.left <= 0 and clock.due():
            raise Timeout
        game = self.game
        if moves is None:
            moves = game.legal_moves(state)
        if not moves:
            return terminal_value(game.outcome(state), ply)
        if depth <= 0:
            if self.extend and ply < self.horizon and self.threatened(state):
                depth = 1  # a threat to answer: one more ply, every move
            else:
                self.incomplete += 1
                if self.quiescence:
                    return self._quiesce(state, moves, alpha, beta, ply, self.quiescence)
                return self.evaluate(state)

        table = self.table
        first = None
        if table is not None:
            entry = table.get(state)
            if entry is not None:
                e_depth, flag, value, first = entry
                if e_depth >= depth:
                    value = from_table(value, ply)
                    if flag == EXACT or (value >= beta if flag == LOWER else value <= alpha):
                        if e_depth < COMPLETE:
                            self.incomplete += 1
                        return value
        if (self.null_move and depth >= NULL_DEPTH and beta - alpha < NULL_WINDOW
                and not self.in_null and beta < PROVEN and self.evaluate(state) >= beta):
            value = self._null_search(state, depth, beta, ply)
            if value >= beta:
                self.incomplete += 1  # the cut-off rests on a pass: never exact
                return beta if value >= PROVEN else value
        ordered, noisy = self._schedule(state, moves, first, depth, ply)

        play = game.play
        negamax = self.negamax
        incomplete_before = self.incomplete
        best = -INF
        best_move = None  # the first move searched: its value beats -INF
        a = alpha
        pvs = self.pvs
        reduce_after = self.reduce_after if depth >= REDUCE_DEPTH else 0
        reduce_more = self.reduce_more if depth >= REDUCE_MORE_DEPTH else 0
        if reduce_after and noisy is None:
            noisy = game.noisy_moves(state, moves)
        for index, move in enumerate(ordered):
            child = play(state, move)
            if best == -INF or not pvs:
                value = -negamax(child, depth - 1, -beta, -a, ply + 1)
            else:
                if reduce_after and index >= reduce_after and move not in noisy:
                    # A late quiet move: first a null-window look one ply shallower (two
                    # for the latest); only a move that seems to beat the best so far
                    # gets its full depth.
                    reduced = depth - 3 if reduce_more and index >= reduce_more else depth - 2
                    value = -negamax(child, reduced, -a - EPS, -a, ply + 1)
                    if value > a:
                        value = -negamax(child, depth - 1, -a - EPS, -a, ply + 1)
                else:
                    value = -negamax(child, depth - 1, -a - EPS, -a, ply + 1)
                if a < value < beta:
                    value = -negamax(child, depth - 1, -beta, -a, ply + 1)
            if value > best:
                best = value
                best_move = move
                if value > a:
                    a = value
                    if a >= beta:
                        self._cutoff(move, first, depth, ply)
                        break

        if table is not None:
            flag = LOWER if best >= beta else UPPER if best <= alpha else EXACT
            stored_depth = COMPLETE if self.incomplete == incomplete_before else depth
            table.put(state, (stored_depth, flag, to_table(best, ply), best_move))
        return best

    def _null_search(self, state, depth, beta, ply):
        """Value of passing here, from a search ``null_move`` plies shallower than the
        moves get; a win it finds rests on the pass, so the caller does not trust it."""
        self.in_null = True
        try:
            return -self.negamax(self.game.null_move(state), depth - 1 - self.null_move,
                                 -beta, -beta + EPS, ply + 1)
        finally:
            self.in_null = False

    def _quiesce(self, state, moves, alpha, beta, ply, left):
        """Fail-soft value of ``state`` past the depth limit: the side to move may stand
        on the evaluation or play one of the game's noisy moves (captures and the like,
        ``game.noisy_moves``), for ``left`` more plies at most. So a leaf in the middle
        of an exchange is not valued as if the exchange had stopped there. Where the
        game says that every quiet move loses at once (``game.quiet_loses``, optional:
        a threat only a noisy move answers), standing still is valued as that loss.
        ``moves`` are the legal moves of ``state``: the caller has them already."""
        game = self.game
        if self.quiet_loses is not None and self.quiet_loses(state):
            # Standing still loses: the value of doing so is that loss, not the evaluation.
            value = terminal_value(-1, ply + 2)
        else:
            value = self.evaluate(state)
        if value >= beta or left <= 0:
            return value
        best = value
        if value > alpha:
            alpha = value
        clock = self.clock
        for move in game.noisy_moves(state, moves):
            self.nodes += 1
            clock.left -= 1  # counts towards the next look at the clock, taken in negamax
            child = game.play(state, move)
            child_moves = game.legal_moves(child)
            if child_moves:
                value = -self._quiesce(child, child_moves, -beta, -alpha, ply + 1, left - 1)
            else:
                value = -terminal_value(game.outcome(child), ply + 1)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _schedule(self, state, moves, first, depth, ply):
        """(the moves in the order to search them, the noisy moves among them or None
        where they were not needed): an iterable, which AlphaBetaPlus ranks in stages."""
        return self._order(state, moves, first, depth, ply), None

    def _order(self, state, moves, first, depth, ply):
        """The moves in the order to search them."""
        if len(moves) == 1:
            return moves
        if self.order_depth and depth >= self.order_depth:
            play, evaluate, game = self.game.play, self.evaluate, self.game
            self.clock.left -= len(moves)  # evaluations bring the next look at the clock nearer
            scored = []
            for move in moves:
                child = play(state, move)
                if game.legal_moves(child):
                    score = -evaluate(child)
                else:
                    score = -terminal_value(game.outcome(child), 0)
                scored.append((score, move))
            scored.sort(key=lambda pair: pair[0], reverse=True)
            ordered = [move for _, move in scored]
        elif self.use_history and self.history:
            ordered = sorted(moves, key=self.history.__getitem__, reverse=True)
        else:
            ordered = list(moves)
        if self.use_killers:
            killers = self.killers
            while len(killers) <= ply:
                killers.append([])
            for killer in reversed(killers[ply]):
                if killer != first and killer in ordered:
                    ordered.remove(killer)
                    ordered.insert(0, killer)
        if first is not None and first in moves:
            if ordered[0] != first:
                ordered.remove(first)
                ordered.insert(0, first)
        return ordered

    def _cutoff(self, move, first, depth, ply):
        """Learn from a move that refuted the node: killer and history."""
        if move == first:
            return
        if self.use_killers:
            killers = self.killers
            while len(killers) <= ply:
                killers.append([])
            slot = killers[ply]
            if move not in slot:
                slot.insert(0, move)
                del slot[2:]
        if self.use_history:
            self.history[move] += depth * depth

    # -- the root -----------------------------------------------------------------------
    def _root(self, state, moves, depth, alpha, beta):
        """Searches the root moves in order; returns (fail-soft value, best move).

        Moves that prove better than the first are moved to the front of ``moves``, and
        ``self.partial`` holds the best move whose value is known to be reliable, for
        when the deadline interrupts the iteration."""
        self.nodes += 1
        play = self.game.play
        negamax = self.negamax
        incomplete_before = self.incomplete
        best = -INF
        best_move = moves[0]
        a = alpha
        for move in list(moves):
            child = play(state, move)
            if best == -INF or not self.pvs:
                value = -negamax(child, depth - 1, -beta, -a, 1)
            else:
                value = -negamax(child, depth - 1, -a - EPS, -a, 1)
                if a < value < beta:
                    value = -negamax(child, depth - 1, -beta, -a, 1)
            if value > best:
                best = value
                best_move = move
                if value > alpha:
                    self.partial = (move, value)
                if value > a:
                    a = value
                    moves.remove(move)
                    moves.insert(0, move)
                    if a >= beta:
                        break
        if self.table is not None:
            flag = LOWER if best >= beta else UPPER if best <= alpha else EXACT
            stored_depth = COMPLETE if self.incomplete == incomplete_before else depth
            self.table.put(state, (stored_depth, flag, best, best_move))
        return best, best_move

    def _aspiration(self, state, moves, depth, guess):
        delta = self.aspiration
        if not delta or guess is None or is_proven(guess):
            return self._root(state, moves, depth, -INF, INF)
        alpha, beta = guess - delta, guess + delta
        while True:
            value, move = self._root(state, moves, depth, alpha, beta)
            if alpha < value < beta or (alpha == -INF and beta == INF):
                return value, move
            delta *= 4
            if value <= alpha:
                alpha = -INF if delta > 1 else value - delta
            else:
                beta = INF if delta > 1 else value + delta

    def _mtdf(self, state, moves, depth, guess):
        """MTD(f): null-window searches that close in on the value from both sides."""
        lower, upper = -INF, INF
        value = 0.0 if guess is None or is_proven(guess) else guess
        best_move = None
        while lower < upper:
            beta = value if value > lower else value + EPS
            value, move = self._root(state, moves, depth, beta - EPS, beta)
            if value >= beta:
                lower = value
                best_move = move
            elif value > beta - EPS:
                lower = upper = value
                best_move = move
            else:
                upper = value
        return value, best_move if best_move is not None else moves[0]

    # -- the driver ---------------------------------------------------------------------
    def release(self):
        """Frees the table's dropped generations (see engines/base.py)."""
        if self.table is not None:
            self.table.release()

    def search(self, state, deadline):
        game = self.game
        moves = list(game.legal_moves(state))
        if not moves:
            raise ValueError("search called on a finished game")
        if self.table is not None:
            self.table.release()
        self.clock.start(deadline)
        self.nodes = 0
        self.killers = []
        for move in self.history:     # age the history: recent cut-offs count more
            self.history[move] >>= 2
        if self.table is not None:    # the previous best move first
            entry = self.table.get(state)
            if entry is not None and entry[3] in moves:
                moves.remove(entry[3])
                moves.insert(0, entry[3])
        best_move, value, done = moves[0], None, 0
        self.iterations = []  # (depth, nodes so far) after each finished iteration
        try:
            for depth in range(1, self.max_depth + 1):
                self.partial = None
                self.horizon = depth + self.extend
                incomplete_before = self.incomplete
                if self.mtdf:
                    value, best_move = self._mtdf(state, moves, depth, value)
                else:
                    value, best_move = self._aspiration(state, moves, depth, value)
                done = depth
                self.iterations.append((depth, self.nodes))
                if self.incomplete == incomplete_before:
                    break  # nothing was cut off by the depth limit: the value is exact
                if is_proven(value) and depth >= WIN - abs(value):
                    break  # a forced result within the horizon: deeper changes nothing
        except Timeout:
            if self.partial is not None:
                best_move, value = self.partial
        if value is None:
            value = 0.0
        return SearchResult(best_move, value, self.nodes, done, self._pv(state, best_move))

    def _pv(self, state, move):
        pv = [move]
        if self.table is None:
            return pv
        seen = {state}
        state = self.game.play(state, move)
        while state not in seen and len(pv) < 64:
            seen.add(state)
            entry = self.table.get(state)
            if entry is None or entry[3] not in self.game.legal_moves(state):
                break
            pv.append(entry[3])
            state = self.game.play(state, entry[3])
        return pv


QUIESCENCE = 4  # plies of noisy moves past the depth limit (the best measured: docs/tuning/engines.md)


class AlphaBetaPlus(AlphaBeta):
    """Alpha-beta with a quiescence search at its leaves (``quiescence`` plies of the
    game's noisy moves, see ``_quiesce``), and with ``noisy_first`` the noisy moves
    searched right after the table's move, in the game's order, before killers and
    history, which rank the other moves only if the node is not cut off first: for
    games that offer ``noisy_moves``. Kept apart from ``AlphaBeta``, which stays the
    seeds' generic baseline."""

    def __init__(self, game, evaluate, quiescence=QUIESCENCE, noisy_first=False, **options):
        require_hook(game, "noisy_moves", "alphabeta+")
        super().__init__(game, evaluate, quiescence=quiescence, **options)
        self.noisy_first = noisy_first

    def _schedule(self, state, moves, first, depth, ply):
        if not self.noisy_first or len(moves) == 1:
            return super()._schedule(state, moves, first, depth, ply)
        noisy = self.game.noisy_moves(state, moves)
        return self._staged(state, moves, first, depth, ply, noisy), noisy

    def _staged(self, state, moves, first, depth, ply, noisy):
        """With ``noisy_first``: the table's move, then the noisy moves in the game's
        order (winning ones first), then the others as ``_order`` ranks them. Most nodes
        are cut off by one of the first two kinds, so the others are ranked only when
        the search reaches them (docs/tuning/onitama-constants.md, "Faster search")."""
        if first is not None and first in moves:
            yield first
        else:
            first = None
        for move in noisy:
            if move != first:
                yield move
        if len(noisy) + (first is not None and first not in noisy) < len(moves):
            for move in self._order(state, moves, None, depth, ply):
                if move != first and move not in noisy:
                    yield move
