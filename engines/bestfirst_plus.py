"""Best-first minimax, improved: proven bounds, an evaluation cache, softmax selection and
shallow alpha-beta at the leaves. engines/bestfirst.py stays the sources' version.

The tree and the negamax back-up are those of engines/bestfirst.py. What is added:

- Solved nodes. Every node keeps proven bounds ``lo <= value <= hi`` in the negamax
  convention (``WIN - ply``; game ends give exact bounds, unknown ones are ``-WIN`` and
  ``WIN``), backed up as ``lo = max(-child.hi)`` and ``hi = max(-child.lo)``. A child
  that cannot raise its parent's proven lower bound (``-child.lo <= parent.lo``) is
  never selected again: solved children, proven losses once a better move is known, and
  slower wins once a faster one is. A node whose bounds meet is solved and exact, so
  the shortest win and the longest loss come out. The search stops once the root is
  solved (or holds a proven win, with ``stop_on_win``).
- An evaluation cache (``cache_size`` entries, 0 for none): transpositions and
  re-expansions after a tree is dropped cost a dictionary look-up. When full it is
  emptied and starts again.
- ``selection="softmax"``: instead of the UCT maximum, a child is drawn with probability
  proportional to ``exp(-child.value / temperature)``.
- ``leaf_depth``: a new leaf is valued by an alpha-beta search of that many plies
  (engines/alphabeta.py) instead of the bare evaluation; proven results found there
  become bounds, and an exhaustive one solves the leaf.
- ``resume=N`` (0: off): the next descent may start where the last back-up stopped
  changing values instead of at the root, for at most N descents in a row. Above that
  node no value changed, so the same path would be chosen but for the exploration
  terms, which moved by one visit: an approximation that saves most of the descent
  where the tree is deep and narrow (Oware). Off by default: it lost strength in
  Othello where measured (docs/tuning/engines.md, "resume").

Implementation: the UCT descent and the expansion are written inline in ``search``,
which is where the time goes; a node's value and bounds are recomputed on the way back
only while they change (a node changes only if the child below it did). Three things
keep the cost of a position low (the sources' engine, kept as it was, has only the first
half of the third):

- a new position is asked ``game.outcome``, not for its moves: most positions are never
  expanded, and the move list costs more than the outcome in every game but Oware;
  the moves are generated when the position is expanded;
- an expanded node sorts its children by value, the best for it first. An unvisited
  child is selected only once every better unvisited one has been (their bonus is the
  same), so the visited children come first and the selection stops at the first
  unvisited one: the rest cannot score higher;
- the back-up compares the changed child with its parent's value before looking at all
  the parent's children.
"""

import math
import random
from operator import attrgetter

from engines.alphabeta import AlphaBeta
from engines.base import (PROVEN, WIN, GameOverError, Limit, OptionError, SearchResult, Timeout, relative_below,
                          terminal_value)
from engines.bestfirst import C, FPU, BestFirst
from engines.tree import proven_choice, update_bounds

TEMPERATURE = 0.1   # softmax selection: lower is greedier
CACHE_SIZE = 0      # evaluation cache entries (0: no cache)
LOOK_EVERY = 16     # positions created between two looks at the clock

value_of = attrgetter("value")

# 1 / sqrt(n) and sqrt(ln n) by n, shared by every search and grown as needed: the UCT
# term C * sqrt(ln N / n) is C * SQRT_LOG[N + 1] * INVERSE_SQRT[n], look-ups and products.
# The search counts a visit on the way down, so the parent's count N + 1 includes the
# descent in progress when it selects: SQRT_LOG is shifted by one, to read sqrt(ln N).
INVERSE_SQRT = [0.0]
SQRT_LOG = [0.0, 0.0]


def grow_tables(visits):
    """Extends both tables to twice ``visits`` entries."""
    top = 2 * visits
    INVERSE_SQRT.extend(1 / math.sqrt(n) for n in range(len(INVERSE_SQRT), top))
    SQRT_LOG.extend(math.sqrt(math.log(n - 1)) for n in range(len(SQRT_LOG), top))


class Node:
    __slots__ = ("state", "move", "moves", "children", "value", "visits", "lo", "hi")

    def __init__(self, state, move, moves, value):
        self.state = state
        self.move = move        # the move that led here (None at a first root)
        self.moves = moves      # legal moves (None until expanded); () at a game end
        self.children = None    # once expanded: by value, the best for this node first
        self.value = value      # negamax value of the explored subtree (absolute plies)
        self.visits = 0
        self.lo = -WIN          # proven bounds on the exact value
        self.hi = WIN


class BestFirstPlus(BestFirst):
    """Best-first minimax with solved nodes and the options listed in the module's notes."""

    def __init__(self, game, evaluate, C=C, FPU=FPU, selection="uct", temperature=TEMPERATURE,
                 cache_size=CACHE_SIZE, leaf_depth=0, resume=0, stop_on_win=True,
                 max_nodes: int = None, reuse=True, seed: int = None):
        if selection not in ("uct", "softmax"):
            raise OptionError(f"selection must be 'uct' or 'softmax', not {selection!r}")
        super().__init__(game, evaluate, C=C, FPU=FPU, max_nodes=max_nodes, reuse=reuse)
        self.selection = selection
        self.temperature = temperature
        self.stop_on_win = stop_on_win
        self.rng = random.Random(seed)
        self.cache_size = cache_size
        self.cache = {}
        if cache_size:
            self.evaluate = self._cached
        self.raw_evaluate = evaluate
        self.leaf_depth = leaf_depth
        self.resume = resume
        self.leaf_search = None
        if leaf_depth:
            self.leaf_search = AlphaBeta(game, self.evaluate, aspiration=0)
            self.leaf_search.clock = self.clock  # one deadline for both searches

    def _cached(self, state):
        cache = self.cache
        value = cache.get(state)
        if value is None:
            if len(cache) >= self.cache_size:
                cache.clear()
            value = cache[state] = self.raw_evaluate(state)
        return value

    # -- the tree ------------------------------------------------------------------------
    def _new_node(self, state, ply, move=None):
        moves = self.game.legal_moves(state)
        self.size += 1
        if not moves:
            return self._end_node(state, ply, move)
        if self.leaf_search is None:
            return Node(state, move, moves, self.evaluate(state))
        value, exact = self.leaf_search.leaf_value(state, self.leaf_depth, ply, moves)
        node = Node(state, move, moves, value)
        if exact:
            node.lo = node.hi = value       # the shallow search saw every game end
        elif value >= PROVEN:
            node.lo = value
        elif value <= -PROVEN:
            node.hi = value
        return node

    def _end_node(self, state, ply, move, result=None):
        """A finished game (``result``: its outcome, when known): its value is exact."""
        if result is None:
            result = self.game.outcome(state)
        value = terminal_value(result, ply)
        node = Node(state, move, (), value)
        node.lo = node.hi = value
        return node

    def _softmax_choice(self, node):
        """A child drawn with probability proportional to ``exp(-child.value / T)``,
        among those that can still raise what this node has proven."""
        lo = node.lo
        running = [c for c in node.children if -c.lo > lo]
        top = max(-c.value for c in running)
        temperature = self.temperature
        weights = [math.exp((-c.value - top) / temperature) for c in running]
        return self.rng.choices(running, weights)[0]

    # -- the search ----------------------------------------------------------------------
    def search(self, state, limit):
        """Descents until ``limit`` (engines/base.py's contract) or a solved root (or a
        proven win, with ``stop_on_win``); see the module's notes."""
        self.start(Limit())  # a new root is valued in full (a shallow search)
        root = self.adopt(self.find_root(state))
        if root.moves is None:  # a leaf of the kept tree
            root.moves = self.game.legal_moves(root.state)
        if not root.moves:
            raise GameOverError("search called on a finished game")
        limit = self.start(limit)
        clock = self.clock  # the leaf searches' clock too
        depth_limit = math.inf if limit.depth is None else limit.depth
        base_ply = self.root_ply
        start_size = self.size
        deepest = 0
        play, legal_moves, outcome = self.game.play, self.game.legal_moves, self.game.outcome
        evaluate, leaf_search = self.evaluate, self.leaf_search
        new_node = self._new_node
        softmax = self._softmax_choice if self.selection == "softmax" else None
        C, fpu, inverse, sqrt_log = self.C, self.FPU, INVERSE_SQRT, SQRT_LOG
        inf = math.inf
        end_node = self._end_node
        resume, resumed, kept = self.resume, 0, []
        stop_on_win = self.stop_on_win
        size_limit = self.size_limit(limit)
        look = self.size  # the size at which to look at the clock and the budget next
        while root.children is None or not (
                root.lo == root.hi or (stop_on_win and root.lo >= PROVEN)):
            if resumed < resume and len(kept) > 1:
                resumed += 1
                path = kept
                node = path[-1]
            else:
                resumed = 0
                node = root
                path = [root]
            for above in path:  # visits are counted on the way down
                above.visits += 1
            if root.visits >= len(inverse):  # no node has more visits than the root
                grow_tables(root.visits)
            if softmax is not None:
                while node.children is not None:
                    node = softmax(node)
                    node.visits += 1
                    path.append(node)
            # UCT, inline: this loop is most of the search's time. The children are
            # sorted by value, best first, and an unvisited child is first chosen only
            # once every better unvisited one has been (equal bonuses): so the visited
            # children come first, and the first unvisited one in the running is the
            # last that can win.
            while (children := node.children) is not None:
                explore = C * sqrt_log[node.visits]
                cut = -node.lo
                best_score = -inf
                for child in children:
                    if child.lo >= cut:
                        continue  # cannot raise what this node has proven: never again
                    n = child.visits
                    if not n:
                        if fpu - child.value > best_score:
                            best = child
                        break
                    score = explore * inverse[n] - child.value
                    if score > best_score:
                        best_score = score
                        best = child
                node = best
                node.visits += 1
                path.append(node)
            depth = len(path) - 1
            if depth >= depth_limit:  # its children would lie deeper than the limit
                for above in path:
                    above.visits -= 1
                break
            if depth > deepest:
                deepest = depth
            ply = base_ply + depth
            bounds_changed = False  # whether a child has proven bounds
            moves = node.moves
            if moves is None:  # a node is created without its moves: see below
                moves = node.moves = legal_moves(node.state)
            if leaf_search is None:  # _new_node, inline: the other half of the time
                # A new node learns whether the game is over (``outcome``), not its
                # moves: most nodes are never expanded, and in most games the outcome
                # costs much less than the move list.
                children = []
                parent = node.state
                for move in moves:
                    child = play(parent, move)
                    result = outcome(child)
                    if result is None:
                        children.append(Node(child, move, None, evaluate(child)))
                    else:
                        children.append(end_node(child, ply + 1, move, result))
                        bounds_changed = True
                self.size += len(children)
            else:
                size = self.size
                try:
                    children = [new_node(play(node.state, move), ply + 1, move) for move in moves]
                except Timeout:
                    self.size = size
                    for above in path:
                        above.visits -= 1
                    break  # the leaf searches ran out of time: this expansion is dropped
                bounds_changed = any(c.lo != -WIN or c.hi != WIN for c in children)
            children.sort(key=value_of)
            leaf = node
            leaf.children = children
            # Back up from the leaf while something changes: a node's value or bounds
            # change only if those of the child below did. A node's value is the maximum
            # of its children's negated values, and only the child below changed (from
            # ``was`` to ``now``): it is that child's if the child rose to it or beyond,
            # unchanged if the child was not its maximum before, else looked for again.
            was = leaf.value
            now = leaf.value = -children[0].value  # the best of the sorted new children
            value_changed = now != was
            if bounds_changed:
                bounds_changed = update_bounds(leaf)
                resumed = resume  # proven bounds moved: next descent from the root
            top = len(path) - 1
            while value_changed or bounds_changed:
                if top == 0:
                    top = -1  # the root changed: the next descent starts there
                    break
                top -= 1
                node = path[top]
                if value_changed:
                    old = node.value
                    if -now >= old:
                        value = -now
                    elif -was != old:
                        value = old
                    else:  # the best of the children, by hand: for a few, faster than min()
                        low = inf
                        for child in node.children:
                            if child.value < low:
                                low = child.value
                        value = -low
                    node.value = value
                    value_changed = value != old
                    was, now = old, value
                if bounds_changed:
                    bounds_changed = update_bounds(node)
            # path[top] kept its value (or is above the root): selection above it would
            # pick the same nodes, so the next descent may start there
            del path[top + 1:]
            kept = path
            if self.size >= look:  # every LOOK_EVERY positions, as alpha-beta does
                if self.size >= size_limit or clock.passed():
                    break
                look = min(self.size + LOOK_EVERY, size_limit)
        if root.children is None:  # not even one expansion in time
            return SearchResult(root.moves[0], root.value, 0, 0, [root.moves[0]])
        move, child = self._final_choice(root)
        solved = root.lo == root.hi
        value = relative_below(root.lo if solved else -child.value, base_ply)
        return SearchResult(move, value, self.size - start_size, deepest, self._pv(root),
                            solved or root.lo >= PROVEN)

    def _final_choice(self, node):
        """A proven result when the root has one; else the sources' ``value + log(visits)``
        among the children that the proven bounds leave in the running."""
        best = proven_choice(node, self._final_score)
        return best.move, best
