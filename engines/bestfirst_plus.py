"""Best-first minimax, improved: proven bounds, an evaluation cache, softmax selection and
shallow alpha-beta at the leaves. engines/bestfirst.py stays the seed's version.

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
  where the tree is deep and narrow (Oware).

Implementation: the UCT descent and the expansion are written inline in ``search``,
which is where the time goes; a node's value and bounds are recomputed on the way back
only while they change (a node changes only if the child below it did).
"""

import math
import random
from time import perf_counter

from engines.alphabeta import AlphaBeta, Timeout
from engines.base import PROVEN, WIN, SearchResult, terminal_value
from engines.bestfirst import C, FPU, BestFirst

TEMPERATURE = 0.1   # softmax selection: lower is greedier
CACHE_SIZE = 0      # evaluation cache entries (0: no cache)


class Node:
    __slots__ = ("state", "moves", "children", "value", "visits", "lo", "hi")

    def __init__(self, state, moves, value):
        self.state = state
        self.moves = moves
        self.children = None
        self.value = value      # negamax value of the explored subtree (absolute plies)
        self.visits = 0
        self.lo = -WIN          # proven bounds on the exact value
        self.hi = WIN


class BestFirstPlus(BestFirst):
    """Best-first minimax with solved nodes and the options listed in the module's notes."""

    def __init__(self, game, evaluate, C=C, FPU=FPU, selection="uct", temperature=TEMPERATURE,
                 cache_size=CACHE_SIZE, leaf_depth=0, resume=0, stop_on_win=True,
                 max_nodes=None, reuse=True, seed=None):
        if selection not in ("uct", "softmax"):
            raise ValueError(f"selection must be 'uct' or 'softmax', not {selection!r}")
        super().__init__(game, evaluate, C=C, FPU=FPU, max_nodes=max_nodes, reuse=reuse)
        self.selection = selection
        self.temperature = temperature
        self.stop_on_win = stop_on_win
        self.rng = random.Random(seed)
        self.root_inverse = [0.0]  # 1 / sqrt(n) by n, grown as needed
        self.cache_size = cache_size
        self.cache = {}
        if cache_size:
            self.evaluate = self._cached
        self.raw_evaluate = evaluate
        self.leaf_depth = leaf_depth
        self.resume = resume
        self.leaf_search = None
        if leaf_depth:
            self.leaf_search = AlphaBeta(game, self.evaluate, aspiration=0, order_depth=0)

    def _cached(self, state):
        cache = self.cache
        value = cache.get(state)
        if value is None:
            if len(cache) >= self.cache_size:
                cache.clear()
            value = cache[state] = self.raw_evaluate(state)
        return value

    # -- the tree ------------------------------------------------------------------------
    def _new_node(self, state, ply):
        moves = self.game.legal_moves(state)
        self.size += 1
        if not moves:
            return self._end_node(state, ply)
        if self.leaf_search is None:
            return Node(state, moves, self.evaluate(state))
        search = self.leaf_search
        before = search.incomplete
        value = search.negamax(state, self.leaf_depth, -math.inf, math.inf, ply, moves)
        node = Node(state, moves, value)
        if search.incomplete == before:
            node.lo = node.hi = value       # the shallow search saw every game end
        elif value >= PROVEN:
            node.lo = value
        elif value <= -PROVEN:
            node.hi = value
        return node

    def _end_node(self, state, ply):
        """A finished game: its value is exact."""
        value = terminal_value(self.game.outcome(state), ply)
        node = Node(state, (), value)
        node.lo = node.hi = value
        return node

    @staticmethod
    def _update_bounds(node):
        children = node.children
        lo = max(-c.hi for c in children)
        hi = max(-c.lo for c in children)
        if lo != node.lo or hi != node.hi:
            node.lo, node.hi = lo, hi
            return True
        return False

    def _select(self, node):
        lo = node.lo
        children = node.children
        if self.selection == "softmax":
            running = [c for c in children if -c.lo > lo]
            top = max(-c.value for c in running)
            temperature = self.temperature
            weights = [math.exp((-c.value - top) / temperature) for c in running]
            return self.rng.choices(running, weights)[0]
        visits = node.visits
        root_inverse = self.root_inverse
        if visits >= len(root_inverse):
            root_inverse.extend(1 / math.sqrt(n) for n in range(len(root_inverse), 2 * visits))
        explore = self.C * math.sqrt(math.log(visits))
        fpu = self.FPU
        best, best_score = None, -math.inf
        for child in children:
            if -child.lo <= lo:
                continue  # cannot raise what this node has proven: never again
            n = child.visits
            score = (explore * root_inverse[n] if n else fpu) - child.value
            if score > best_score:
                best, best_score = child, score
        return best

    # -- the search ----------------------------------------------------------------------
    def search(self, state, deadline):
        if self.leaf_search is not None:
            self.leaf_search.deadline = math.inf  # a new root is valued in full (a shallow search)
        root = self._find_root(state)
        self.root = root
        if not root.moves:
            raise ValueError("search called on a finished game")
        if self.leaf_search is not None:
            self.leaf_search.deadline = deadline
            self.leaf_search._next_check = self.leaf_search.nodes
        max_nodes = self.max_nodes
        base_ply = self.root_ply
        start_size = self.size
        deepest = 0
        play, legal_moves = self.game.play, self.game.legal_moves
        evaluate, leaf_search = self.evaluate, self.leaf_search
        new_node = self._new_node
        select = self._select if self.selection == "softmax" else None
        C, fpu, inverse = self.C, self.FPU, self.root_inverse
        log, sqrt, inf = math.log, math.sqrt, math.inf
        resume, resumed, kept = self.resume, 0, []
        while root.children is None or not (
                perf_counter() >= deadline or root.lo == root.hi
                or (self.stop_on_win and root.lo >= PROVEN)
                or (max_nodes is not None and self.size >= max_nodes)):
            if resumed < resume and len(kept) > 1:
                resumed += 1
                path = kept
                node = path[-1]
            else:
                resumed = 0
                node = root
                path = [root]
            while node.children is not None:
                if select is not None:
                    node = select(node)
                    path.append(node)
                    continue
                # UCT, as _select but inline: this loop is most of the search's time
                visits = node.visits
                if visits >= len(inverse):
                    inverse.extend(1 / sqrt(n) for n in range(len(inverse), 2 * visits))
                explore = C * sqrt(log(visits))
                lo = node.lo
                best_score = -inf
                if lo == -WIN:  # nothing proven here: no child is cut off
                    for child in node.children:
                        n = child.visits
                        score = (explore * inverse[n] if n else fpu) - child.value
                        if score > best_score:
                            best_score = score
                            best = child
                else:
                    for child in node.children:
                        if -child.lo <= lo:
                            continue
                        n = child.visits
                        score = (explore * inverse[n] if n else fpu) - child.value
                        if score > best_score:
                            best_score = score
                            best = child
                node = best
                path.append(node)
            depth = len(path) - 1
            if depth > deepest:
                deepest = depth
            ply = base_ply + depth
            bounds_changed = False  # whether a child has proven bounds
            if leaf_search is None:  # _new_node, inline: the other half of the time
                children = []
                parent = node.state
                for move in node.moves:
                    child = play(parent, move)
                    moves = legal_moves(child)
                    if moves:
                        children.append(Node(child, moves, evaluate(child)))
                    else:
                        children.append(self._end_node(child, ply + 1))
                        bounds_changed = True
                self.size += len(children)
            else:
                size = self.size
                try:
                    children = [new_node(play(node.state, move), ply + 1) for move in node.moves]
                except Timeout:
                    self.size = size
                    break  # the leaf searches ran out of time: this expansion is dropped
                bounds_changed = any(c.lo != -WIN or c.hi != WIN for c in children)
            node.children = children
            for node in path:
                node.visits += 1
            # Back up from the leaf while something changes: a node's value or bounds
            # change only if those of the child below did.
            top = len(path) - 1
            value_changed = True
            while top >= 0 and (value_changed or bounds_changed):
                node = path[top]
                if value_changed:
                    value = -min([c.value for c in node.children])
                    value_changed = value != node.value
                    node.value = value
                if bounds_changed:
                    bounds_changed = self._update_bounds(node)
                    resumed = resume  # proven bounds moved: next descent from the root
                if not (value_changed or bounds_changed):
                    break
                top -= 1
            # path[top] kept its value (or is above the root): selection above it would
            # pick the same nodes, so the next descent may start there
            kept = path[:top + 1]
        if root.children is None:  # not even one expansion in time
            return SearchResult(root.moves[0], root.value, 0, 0, [root.moves[0]])
        move, child = self._final_choice(root)
        value = root.lo if root.lo == root.hi else -child.value
        if value >= PROVEN:
            value += base_ply
        elif value <= -PROVEN:
            value -= base_ply
        return SearchResult(move, value, self.size - start_size, deepest, self._pv(root))

    def _final_choice(self, node):
        """A proven result when the root has one; else the seed's ``value + log(visits)``
        among the children that the proven bounds leave in the running."""
        children, lo, hi = node.children, node.lo, node.hi
        indices = range(len(children))
        if lo == hi or lo >= PROVEN:
            best = max(indices, key=lambda i: (-children[i].hi, children[i].visits))
        elif hi <= -PROVEN:
            best = max(indices, key=lambda i: (-children[i].lo, children[i].visits))
        else:
            running = [i for i in indices if -children[i].lo > lo or -children[i].hi == lo]
            best = max(running, key=lambda i: self._final_score(children[i]))
        return node.moves[best], children[best]
