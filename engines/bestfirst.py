"""Best-first minimax with UCT selection: the sources' central algorithm.

Each iteration walks from the root to a leaf, choosing at every node the child with the
highest ``-child.value + C * sqrt(ln N / n)`` (an unvisited child scores
``-child.value + FPU``). The leaf is expanded completely: every child is created and
evaluated at once. The leaf's value is then overwritten with the negamax of its
children, ``max(-child.value)``, and so on up to the root. The move finally played is
the root child with the highest ``value + log(visits)``: a well-explored good move beats
a barely-seen one that merely looks good.

One deviation from the seed: an iteration never enters a *complete* subtree (every
node in it expanded, so its value is exact), since it could change nothing there; a
node all of whose children are complete is complete itself, and the search stops when
the root is. Without this, a drawn or finished line keeps absorbing every iteration.

Unlike MCTS, values are never averaged: a node's value is always the minimax value of
its explored subtree, so one refutation found deep down changes the root at once.
"""

import math

from engines.base import PROVEN, SearchResult, is_proven, relative_below, terminal_value
from engines.tree import TreeEngine, count_nodes, find_kept

C = 1.5     # exploration constant of the UCT term (the sources' Oware value)
FPU = 0.5   # first-play urgency: bonus of a child that has never been selected
REUSE_DEPTH = 4  # how far below the old root a new root is looked for


class Node:
    __slots__ = ("state", "moves", "children", "value", "visits", "complete")

    def __init__(self, state, moves, value):
        self.state = state
        self.moves = moves        # legal moves; empty at the end of the game
        self.children = None      # list parallel to moves once expanded
        self.value = value        # negamax value for the side to move here
        self.visits = 0           # iterations that passed through this node
        self.complete = not moves  # the whole subtree is expanded: the value is exact


class BestFirst(TreeEngine):
    """Best-first minimax; keeps its tree between turns when the game allows it.

    ``max_nodes`` bounds the tree (the SUSTech judge allows 100 MB): once reached, the
    search stops expanding and answers with what it has. A ``Limit``'s ``nodes`` counts
    the positions created by this search (an expansion creates them all at once, so
    the last may pass the budget by less than one expansion); its ``depth`` stops the
    search before an expansion would create positions deeper than that.
    """

    def __init__(self, game, evaluate, C=C, FPU=FPU, max_nodes: int = None, reuse=True):
        super().__init__(game, evaluate, reuse)
        self.C = C
        self.FPU = FPU
        self.max_nodes = max_nodes
        self.size = 0       # nodes in the tree
        self.inverse_sqrt = [0.0]  # 1 / sqrt(n) by n, grown as needed

    # -- the tree ------------------------------------------------------------------------
    def _new_node(self, state, ply):
        moves = self.game.legal_moves(state)
        if moves:
            value = self.evaluate(state)
        else:
            value = terminal_value(self.game.outcome(state), ply)
        self.size += 1
        return Node(state, moves, value)

    def find_root(self, state):
        """The node for ``state`` in the kept tree, at most REUSE_DEPTH plies below the
        old root (two plies after a normal exchange, four when a forced pass came
        between), or a new one."""
        if self.reuse and self.root is not None:
            node, plies = find_kept(self.root, state, REUSE_DEPTH)
            if node is not None:
                self.root_ply += plies
                if self.max_nodes is not None:
                    self.size = count_nodes(node)  # the rest of the old tree is gone
                return node
        self.root_ply = 0
        self.size = 0
        return self._new_node(state, 0)

    def _expand(self, node, ply):
        play = self.game.play
        new_node = self._new_node
        node.children = [new_node(play(node.state, move), ply + 1) for move in node.moves]

    # -- the search ----------------------------------------------------------------------
    def size_limit(self, limit):
        """The tree size at which this search stops: ``max_nodes``, or the positions
        created so far plus the limit's budget, whichever comes first."""
        ceiling = math.inf if self.max_nodes is None else self.max_nodes
        return ceiling if limit.nodes is None else min(ceiling, self.size + limit.nodes)

    def search(self, state, limit):
        """Iterations until ``limit`` (engines/base.py's contract), an exact root or a
        forced win; the move by ``value + log(visits)``."""
        root, limit = self.begin(state, limit)
        clock = self.clock
        C, FPU, inverse = self.C, self.FPU, self.inverse_sqrt
        sqrt, log = math.sqrt, math.log
        size_limit = self.size_limit(limit)
        depth_limit = math.inf if limit.depth is None else limit.depth
        base_ply = self.root_ply
        start_size = self.size
        deepest = 0
        while True:
            if root.children is not None and (
                    clock.passed() or root.complete or root.value >= PROVEN or self.size >= size_limit):
                break  # out of time, exact, a forced win in hand, or the tree is as large as allowed
            node = root
            path = [root]
            while node.children is not None:
                # C * sqrt(ln N / n) as C * sqrt(ln N) * (1 / sqrt(n)): one square root
                # per node instead of one per child, the inverses from a table.
                visits = node.visits
                if visits >= len(inverse):
                    inverse.extend(1 / sqrt(n) for n in range(len(inverse), 2 * visits))
                explore = C * sqrt(log(visits))
                best_score = -math.inf
                best = None
                for child in node.children:
                    if child.complete:
                        continue  # exact already: another visit would change nothing
                    n = child.visits
                    score = (explore * inverse[n] if n else FPU) - child.value
                    if score > best_score:
                        best_score = score
                        best = child
                node = best
                path.append(node)
            depth = len(path) - 1
            if depth >= depth_limit:
                break  # its children would lie deeper than the limit
            if depth > deepest:
                deepest = depth
            if node.moves:
                self._expand(node, base_ply + depth)
            for node in path:
                node.visits += 1
            self._back_up(path)
        move, child = self._final_choice(root)
        value = relative_below(-child.value, base_ply)
        return SearchResult(move, value, self.size - start_size, deepest, self._pv(root),
                            root.complete or is_proven(value))

    @staticmethod
    def _back_up(path):
        """Overwrites values negamax-style from the leaf (just expanded) to the root.

        Every expanded node holds ``max(-child.value)`` over its children, and only the
        children on ``path`` changed; so once a node's value and completeness come out
        unchanged, no node above it can change, and the walk stops there."""
        below = None
        for node in reversed(path):
            children = node.children
            old_value, old_complete = node.value, node.complete
            rising = -below.value if below is not None else None
            if rising is not None and rising >= old_value:
                node.value = rising  # the changed child is the new maximum
            else:  # a leaf just expanded, or the best child fell: look at them all
                node.value = max(-child.value for child in children)
            # Only a child that just became complete can complete its parent.
            if below is None or below.complete:
                node.complete = all(child.complete for child in children)
            if below is not None and node.value == old_value and node.complete == old_complete:
                return
            below = node

    @staticmethod
    def _final_score(child):
        value = -child.value
        if is_proven(value):
            return value
        return value + math.log(max(child.visits, 1))

    def _final_choice(self, node):
        best = max(range(len(node.moves)), key=lambda i: self._final_score(node.children[i]))
        return node.moves[best], node.children[best]

    def _pv(self, node):
        pv = []
        while node.children:
            move, node = self._final_choice(node)
            pv.append(move)
        return pv
