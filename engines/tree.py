"""What the tree searches (engines/bestfirst.py, engines/bestfirst_plus.py, engines/mcts.py)
share: finding the new root in a kept tree, counting nodes, proven bounds, and the final
choice among proven moves (a value found from the first root of a kept tree is made
relative to the current one by engines.base.relative_below).

A node here is any object with ``state`` and ``children`` (a list, or None or empty
before expansion); proven bounds need ``lo``, ``hi`` (negamax values, ``WIN - ply``
counted from the first root of the tree) and ``moves``, the final choice ``visits``.
"""

from engines.base import PROVEN, WIN


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


def new_search(engine, state, deadline):
    """The start of a search of ``engine`` (best-first, MCTS): starts its ``clock`` with
    ``deadline`` and finds the root of ``state`` (its ``_find_root``: in the kept tree, or
    new), kept as its ``root``; ValueError on a finished game."""
    engine.clock.start(deadline)
    root = replace_root(engine, engine._find_root(state))
    if not root.moves:
        raise ValueError("search called on a finished game")
    return root


def replace_root(engine, root):
    """Makes ``root`` the engine's root; the old tree waits in ``engine.retired`` for the
    engine's ``release()`` (see engines/base.py)."""
    if engine.root is not None and engine.root is not root:
        engine.retired.append(engine.root)
    engine.root = root
    return root


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
