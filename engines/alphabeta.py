"""Alpha-beta: fail-soft negamax with iterative deepening within a Limit.

Each iteration searches one ply deeper than the last, until the limit or until the
search was exhaustive (no leaf cut off by the depth limit: the value is then exact).
The sources' techniques, each of which can be switched off to measure what it brings:

- a transposition table keyed by the state (states are their own keys; engines/table.py
  holds the table, its entries and the replacement scheme);
- move ordering: the table's move first, then the two killer moves of the ply (moves
  that caused a cut-off at the same ply elsewhere), then the rest by the history
  heuristic (a score per move, raised by ``depth**2`` at every cut-off);
- principal variation search: the first move with the full window, the others with a
  null window, searched again only when they prove better;
- aspiration windows: each iteration starts with a window of ``aspiration`` around the
  previous value, widened on failure;
- two drivers of null-window searches only, instead of PVS with aspiration at the
  root: MTD(f) (``mtdf=True``), converging on the value with the help of the table, and
  Best Node Search (``bns=True``), tests at a guess between two bounds that narrow until
  one root move is proven better than the others (``_bns``);
- for games that name their noisy moves (``noisy_moves``: captures, winning steps), off
  by default so that the baseline stays the sources' generic alpha-beta: a quiescence
  search of ``quiescence`` plies at the leaves (``_quiesce``), and late move reductions
  (``reduce_after``: quiet moves after the first few searched one ply shallower first;
  with ``reduce_more=K`` those from the K-th on two plies shallower, where at least
  ``REDUCE_MORE_DEPTH`` plies are left).

``AlphaBetaPlus`` (``alphabeta+``) is alpha-beta with the quiescence search on.

Values follow engines/base.py: negamax, proven results ``WIN - ply``. A subtree whose
result does not depend on any depth-limited leaf is *complete*; the table stores it
with an infinite depth, so proofs are reused at any depth and an exhaustive search is
recognised and stops the deepening.
"""

import math
from collections import defaultdict

from engines.base import (EPS, PROVEN, WIN, Engine, GameOverError, OptionError, SearchResult, Timeout,
                          is_proven, terminal_value)
from engines.table import (COMPLETE, EXACT, LOWER, TT_SIZE, UPPER, TranspositionTable, from_table,
                           to_table)

ASPIRATION = 0.05    # half-width of the first window of an iteration (0: no window)
MAX_DEPTH = 100      # deepest iteration
REDUCE_DEPTH = 3     # late move reductions only where at least this many plies are left
REDUCE_MORE_DEPTH = 4  # reductions by two plies (reduce_more) only where at least this many are left
INF = math.inf
# Best Node Search: its tests stay within the heuristic values (|v| <= 1, a little
# margin) until the bounds show a proven result, and it stops once the bounds are this
# close (moves whose values differ by less are equally good).
HEURISTIC_SPAN = 1.5
RESOLUTION = 1e-6


def require_hook(game, hook, what):
    """OptionError unless the game offers the optional method ``hook`` that ``what`` needs."""
    if not hasattr(game, hook):
        raise OptionError(f"{what}: the game must offer {hook}, and {type(game).__name__} does not")


def next_test(lower, upper, count):
    """Best Node Search's next test value between ``lower`` and ``upper`` with ``count``
    root moves still in the running: the fraction (count - 1) / count of the way up, so
    that about one of them is expected to reach it. Within the heuristic span while the
    bounds allow it, so that no test wanders into the proven values on a guess."""
    low, high = max(lower, -HEURISTIC_SPAN), min(upper, HEURISTIC_SPAN)
    if low >= high:  # the value is a proven result: the whole interval
        low, high = lower, upper
    return low + (high - low) * (count - 1) / count


class AlphaBeta(Engine):
    """Iterative-deepening alpha-beta; the table and the history survive between turns.

    Parameters (all optional): ``tt`` (use the transposition table), ``tt_size``,
    ``killers``, ``history``, ``pvs``, ``aspiration`` (0 to switch off), ``mtdf``,
    ``bns``, ``max_depth``, ``quiescence``, ``reduce_after``, ``reduce_more``.

    ``clock`` (an engines.base.Deadline) is public and shareable: ``search`` starts it
    with its limit, ``negamax`` ticks it at every node and raises Timeout once the
    deadline has passed or the node budget is spent. A search that calls ``negamax``
    (best-first+'s leaf searches, MCTS's prover) sets ``clock`` to its own clock, so
    that one limit holds for both.
    """

    def __init__(self, game, evaluate, tt=True, tt_size=TT_SIZE, killers=True, history=True,
                 pvs=True, aspiration=ASPIRATION, mtdf=False, bns=False, max_depth=MAX_DEPTH,
                 quiescence=0, reduce_after=0, reduce_more=0):
        if quiescence or reduce_after:
            require_hook(game, "noisy_moves", "quiescence and reduce_after")
        if reduce_more and not reduce_after:
            raise OptionError("reduce_more deepens the reductions of reduce_after, which is off")
        if mtdf and bns:
            raise OptionError("mtdf and bns are two drivers of the root: choose one")
        super().__init__(game, evaluate)
        self.table = TranspositionTable(tt_size) if tt else None
        self.use_killers = killers
        self.use_history = history
        self.pvs = pvs
        self.aspiration = aspiration
        self.mtdf = mtdf
        self.bns = bns
        self.max_depth = max_depth
        self.quiescence = quiescence
        self.reduce_after = reduce_after
        self.reduce_more = reduce_more
        self.quiet_loses = getattr(game, "quiet_loses", None)
        self.history = defaultdict(int)  # a C-level sort key: no Python call per move
        self.killers = []
        self.nodes = 0
        self.incomplete = 0   # depth-limited leaves (and table hits that rest on them)
        self.partial = None   # (move, value) of the best root move of the iteration so far

    # -- the recursive search ---------------------------------------------------------
    def negamax(self, state, depth, alpha, beta, ply, moves=None, root=False):
        """Fail-soft value of ``state`` searched ``depth`` plies deep, within (alpha, beta),
        ``ply`` plies below the root (proven values count from there); ``moves``: its
        legal moves, where the caller has them; ``root``: the root of an iteration (see
        ``_root``). Raises Timeout once the limit is reached (looked at every few nodes)."""
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
            self.incomplete += 1
            if self.quiescence:
                return self._quiesce(state, moves, alpha, beta, ply, self.quiescence)
            return self.evaluate(state)

        table = self.table
        first = None
        if table is not None and not root:
            entry = table.get(state)
            if entry is not None:
                e_depth, flag, value, first = entry
                if e_depth >= depth:
                    value = from_table(value, ply)
                    if flag == EXACT or (value >= beta if flag == LOWER else value <= alpha):
                        if e_depth < COMPLETE:
                            self.incomplete += 1
                        return value
        if root:
            ordered, noisy = list(moves), None
            reduce_after = reduce_more = 0
        else:
            ordered, noisy = self.schedule(state, moves, first, depth, ply)
            reduce_after = self.reduce_after if depth >= REDUCE_DEPTH else 0
            reduce_more = self.reduce_more if depth >= REDUCE_MORE_DEPTH else 0

        play, negamax, pvs = game.play, self.negamax, self.pvs
        incomplete_before = self.incomplete
        best = -INF
        best_move = None  # the first move searched: its value beats -INF
        a = alpha
        if reduce_after and noisy is None:
            noisy = game.noisy_moves(state, moves)
        for index, move in enumerate(ordered):
            child = play(state, move)
            if best == -INF or not pvs:
                value = -negamax(child, depth - 1, -beta, -a, ply + 1)
            else:
                if reduce_after and index >= reduce_after and move not in noisy:
                    value = self._late_quiet_value(child, depth, a, ply, reduce_more and index >= reduce_more)
                else:
                    value = -negamax(child, depth - 1, -a - EPS, -a, ply + 1)
                if a < value < beta:
                    value = -negamax(child, depth - 1, -beta, -a, ply + 1)
            if value > best:
                best = value
                best_move = move
                if root and value > alpha:
                    self.partial = (move, value)
                if value > a:
                    a = value
                    if root:
                        moves.remove(move)
                        moves.insert(0, move)
                    if a >= beta:
                        if not root:
                            self._cutoff(move, first, depth, ply)
                        break

        if table is not None:
            stored_depth = COMPLETE if self.incomplete == incomplete_before else depth
            flag = LOWER if best >= beta else UPPER if best <= alpha else EXACT  # of a fail-soft value
            table.put(state, (stored_depth, flag, to_table(best, ply), best_move))  # an Entry
        return best

    def _late_quiet_value(self, child, depth, a, ply, latest):
        """The value of a late quiet move's ``child`` in the null window at ``a`` (the best
        so far): first a look one ply shallower than its full depth (two for the
        ``latest``); only a move that seems to beat the best so far gets its full depth."""
        value = -self.negamax(child, depth - 3 if latest else depth - 2, -a - EPS, -a, ply + 1)
        if value > a:
            value = -self.negamax(child, depth - 1, -a - EPS, -a, ply + 1)
        return value

    def leaf_value(self, state, depth, ply, moves=None):
        """(value, exact) of ``state`` searched ``depth`` plies deep with the full window
        (a leaf of another search, ``ply`` plies below its root): ``exact`` where the
        search met no depth-limited leaf, so that the value is the game's."""
        before = self.incomplete
        value = self.negamax(state, depth, -INF, INF, ply, moves)
        return value, self.incomplete == before

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

    def schedule(self, state, moves, first, depth, ply):
        """(the moves in the order to search them, the noisy moves among them or None
        where they were not needed): an iterable, which AlphaBetaPlus ranks in stages (it
        overrides this hook)."""
        return self._order(state, moves, first, depth, ply), None

    def _order(self, state, moves, first, depth, ply):
        """The moves in the order to search them."""
        if len(moves) == 1:
            return moves
        if self.use_history and self.history:
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

    # -- the drivers of an iteration ------------------------------------------------------
    # Each returns (value, best move) of the root searched ``depth`` plies deep; ``guess``
    # is the last iteration's value (None at the first).
    def _root(self, state, moves, depth, alpha, beta):
        """One search of the root (negamax with ``root``). Its moves (``moves``), kept from
        one iteration to the next, are searched in that order, without a look at the
        table (whose entry is the last iteration's), and reordered in place, each move
        that proves the best so far moved to the front (so ``moves[0]`` is the best move
        once the value is within the window); ``partial`` holds the best move whose value
        is known, for when the limit interrupts the iteration."""
        return self.negamax(state, depth, alpha, beta, 0, moves, True), moves[0]

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

    def _bns(self, state, moves, depth, guess):
        """Best Node Search: which root move is best, not its exact value. Each round
        tests every move still in the running against one value with a null window;
        those that reach it stay in the running and the test becomes the lower bound,
        else the test becomes the upper bound (fail-soft results tighten both). It
        stops once one move alone reaches the lower bound (or the bounds meet: the
        moves left are equally good). The value returned is that lower bound, except
        for a proven result or an exhaustive search: the best move is then searched once
        more within the bounds, for the exact value. The best move is moved to the front
        of ``moves``."""
        lower, upper = -WIN - 1.0, WIN + 1.0
        running = list(moves)
        test = 0.0 if guess is None or is_proven(guess) else guess
        play, negamax = self.game.play, self.negamax
        incomplete_before = self.incomplete
        while True:
            self.nodes += 1  # the root, once a round
            better, lowest, highest = [], INF, -INF
            for move in running:
                value = -negamax(play(state, move), depth - 1, -test, -test + EPS, 1)
                if value >= test:
                    better.append(move)
                    lowest = min(lowest, value)
                else:
                    highest = max(highest, value)
            if better:
                running, lower = better, lowest
                self.partial = (better[0], lowest)
            else:
                upper = highest
            if len(running) == 1 or upper - lower <= RESOLUTION:
                break
            test = next_test(lower, upper, len(running))
        best_move = running[0]
        moves.remove(best_move)
        moves.insert(0, best_move)
        value = lower
        if is_proven(lower) or is_proven(upper) or self.incomplete == incomplete_before:
            # A proven result, or an exhaustive search: the exact value, within the bounds.
            value = -negamax(play(state, best_move), depth - 1, -upper - EPS, -lower + EPS, 1)
        if self.table is not None:
            stored_depth = COMPLETE if self.incomplete == incomplete_before else depth
            self.table.put(state, (stored_depth, LOWER, value, best_move))  # an Entry
        return value, best_move

    # -- the search ---------------------------------------------------------------------
    def release(self):
        """Frees the table's dropped generations (see engines/base.py)."""
        if self.table is not None:
            self.table.release()

    def search(self, state, limit, moves=None):
        """Deepens until ``limit`` (engines/base.py's contract) or an exact value; on a
        deadline or budget reached mid-iteration, answers with the best move of the
        last finished iteration, or the interrupted one's where it proved better.
        ``moves``: the root moves to choose among, some of the legal moves (those a
        forced-line search did not prove lost, engines/forced.py); None: all of them."""
        game = self.game
        legal = game.legal_moves(state)
        if not legal:
            raise GameOverError("search called on a finished game")
        moves = list(legal if moves is None else moves)
        if self.table is not None:
            self.table.release()
        limit = self.start(limit)
        max_depth = self.max_depth if limit.depth is None else min(self.max_depth, limit.depth)
        self.nodes = 0
        self.killers = []
        for move in self.history:     # age the history: recent cut-offs count more
            self.history[move] >>= 2
        if self.table is not None:    # the previous best move first
            move = self.table.move(state)
            if move in moves:
                moves.remove(move)
                moves.insert(0, move)
        driver = self._mtdf if self.mtdf else self._bns if self.bns else self._aspiration
        best_move, value, done, exact = moves[0], None, 0, False
        iterations = []  # (depth, nodes so far) after each finished iteration
        try:
            for depth in range(1, max_depth + 1):
                self.partial = None
                incomplete_before = self.incomplete
                value, best_move = driver(state, moves, depth, value)
                done = depth
                iterations.append((depth, self.nodes))
                if self.incomplete == incomplete_before:
                    exact = True
                    break  # nothing was cut off by the depth limit: the value is exact
                if is_proven(value) and depth >= WIN - abs(value):
                    break  # a forced result within the horizon: deeper changes nothing
        except Timeout:
            if self.partial is not None:
                best_move, value = self.partial
        if value is None:
            value = 0.0
        return SearchResult(best_move, value, self.nodes, done, self._pv(state, best_move),
                            exact or is_proven(value), tuple(iterations))

    def best_move(self, state):
        """The table's best move for ``state`` (None without a table or an entry)."""
        return None if self.table is None else self.table.move(state)

    def _pv(self, state, move):
        pv = [move]
        if self.table is None:
            return pv
        seen = {state}
        state = self.game.play(state, move)
        while state not in seen and len(pv) < 64:
            seen.add(state)
            move = self.table.move(state)
            if move not in self.game.legal_moves(state):
                break
            pv.append(move)
            state = self.game.play(state, move)
        return pv


QUIESCENCE = 4  # plies of noisy moves past the depth limit (the best measured: docs/tuning/engines.md)


class AlphaBetaPlus(AlphaBeta):
    """Alpha-beta with a quiescence search at its leaves (``quiescence`` plies of the
    game's noisy moves, see ``_quiesce``), and with ``noisy_first`` the noisy moves
    searched right after the table's move, in the game's order, before killers and
    history, which rank the other moves only if the node is not cut off first: for
    games that offer ``noisy_moves``. Kept apart from ``AlphaBeta``, which stays the
    sources' generic baseline."""

    def __init__(self, game, evaluate, quiescence=QUIESCENCE, noisy_first=False, parries=False, **options):
        require_hook(game, "noisy_moves", "alphabeta+")
        if parries:
            require_hook(game, "threatened", "parries")
            require_hook(game, "parrying_moves", "parries")
        super().__init__(game, evaluate, quiescence=quiescence, **options)
        self.noisy_first = noisy_first
        self.parries = parries

    def schedule(self, state, moves, first, depth, ply):
        if self.parries and len(moves) > 1 and self.game.threatened(state):
            # Where the side to move is threatened, every move but the game's parries
            # loses two plies later, no better than a parry: the value stays exact.
            moves = self.game.parrying_moves(state, moves) or moves[:1]
        if not self.noisy_first or len(moves) == 1:
            return super().schedule(state, moves, first, depth, ply)
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
