"""What the tree searches (engines/bestfirst.py, engines/bestfirst_plus.py, engines/mcts.py)
share: finding the new root in a kept tree, counting nodes, proven bounds, and the final
choice among proven moves (a value found from the first root of a kept tree is made
relative to the current one by engines.base.relative_below).

A node here is any object with ``state`` and ``children`` (a list, or None or empty
before expansion); proven bounds need ``lo``, ``hi`` (negamax values, ``WIN - ply``
counted from the first root of the tree) and ``moves``, the final choice ``visits``.
"""

from engines.base import PROVEN, WIN, Engine, GameOverError


def find_kept(root, state, depth):
    """``(node, plies)``: the node of ``state`` at most ``depth`` plies below ``root``,
    looked for breadth first (so the shallowest, the first in the children's order
    among equals), and how far below ``root`` it is; ``(None, 0)`` when absent."""
    level = [root]
    for plies in range(depth + 1):
        for node in level:
            if node.state == state:
                return node, plies
        if plies < depth:
            level = [child for node in level for child in node.children or ()]
    return None, 0


def count_nodes(root):
    """The number of nodes of the tree below ``root``, ``root`` included."""
    count = 0
    stack = [root]
    while stack:
        node = stack.pop()
        count += 1
        children = node.children
        if children:
            stack.extend(children)
    return count


def update_bounds(node):
    """Recomputes a node's proven bounds from its children (``lo = max(-child.hi)``,
    ``hi = max(-child.lo)``); True if they changed. While some of its moves have no
    child yet (MCTS creates them one by one), the upper bound stays ``WIN``."""
    children = node.children
    if children:
        first = children[0]
        lo, hi = -first.hi, -first.lo
        for child in children:
            if -child.hi > lo:
                lo = -child.hi
            if -child.lo > hi:
                hi = -child.lo
        if len(children) < len(node.moves):
            hi = WIN
    else:
        lo, hi = -WIN, WIN
    if lo != node.lo or hi != node.hi:
        node.lo, node.hi = lo, hi
        return True
    return False


class TreeEngine(Engine):
    """An engine that keeps its tree between turns (best-first, MCTS): the root of the
    last search (``root``), how far it lies below the first root of its tree
    (``root_ply``), and the old trees, kept until ``release()``.

    A subclass says how it finds the root of a state (``find_root``: in the kept tree
    where it can, else a new node)."""

    def __init__(self, game, evaluate, reuse=True):
        super().__init__(game, evaluate)
        self.reuse = reuse
        self.root = None
        self.retired = []  # old trees, until release()
        self.root_ply = 0  # plies from the first root of this tree to the current root

    def find_root(self, state):
        raise NotImplementedError

    def begin(self, state, limit):
        """The start of a search: starts the clock with ``limit`` and finds the root of
        ``state``; (root, Limit). GameOverError on a finished game."""
        limit = self.start(limit)
        root = self.adopt(self.find_root(state))
        if not root.moves:
            raise GameOverError("search called on a finished game")
        return root, limit

    def adopt(self, root):
        """Makes ``root`` the root; the old tree waits for ``release()``."""
        if self.root is not None and self.root is not root:
            self.retired.append(self.root)
        self.root = root
        return root

    def release(self):
        """Frees the old trees (see engines/base.py)."""
        self.retired.clear()

    def forget(self):
        """Drops the kept tree and the old ones: the next search starts a new tree (a bot
        wanting the memory back for other work)."""
        self.root = None
        self.root_ply = 0
        self.release()


def proven_choice(node, score):
    """The child to play at ``node``: where the root is solved or holds a proven win,
    the best guaranteed result (``max(-child.hi)``, then visits); where it is lost, the
    longest resistance (``max(-child.lo)``, then visits); otherwise the child with the
    highest ``score(child)`` among those that the proven bounds leave in the running
    (that can still raise the node's proven lower bound, or that reach it)."""
    children, lo, hi = node.children, node.lo, node.hi
    if lo == hi or lo >= PROVEN:
        return max(children, key=guaranteed)
    if hi <= -PROVEN:
        return max(children, key=resisting)
    return max([c for c in children if -c.lo > lo or -c.hi == lo], key=score)


def guaranteed(child):
    return -child.hi, child.visits


def resisting(child):
    return -child.lo, child.visits
