"""Handcrafted Tron evaluation for n cycles: a vector of n expected returns.

- territory: a multi-source breadth-first search from every head over the free cells
  (bitboard floods, all players a step at a time): a cell belongs to the one player
  that reaches it first (a cell two reach on the same step belongs to none: a Voronoi
  partition; with ``turn_order`` set, to the one whose turn comes first from the player
  to move, as the cycles step in turn);
- parity: a cycle's path alternates the two colours of a chequerboard, so a region with
  ``a`` cells of the colour of its next step and ``b`` of its head's colour gives it at
  most ``min(2a, 2b + 1)`` steps; a territory counts that, not its cells;
- separation: two cycles whose free regions do not touch can never meet again, so the
  larger fill wins nearly surely: their comparison is sharper (``separated_scale``);
- chambers: a cycle alone in its region counts the "tree of chambers" of the 2010
  Google AI Challenge (Tron) instead of the region's cells: the articulation points of the
  region cut it into chambers (its biconnected blocks); a path that leaves a chamber
  through one of them cannot come back, so it fills at most one chamber after another
  down one branch of the tree (``chamber_fill``, an upper bound on the longest path);
- separation in turn: two separated cycles with equal fills run out in turn order, the
  first to move first (with ``turn_order`` set, a half step decides their comparison);
- the value: each pair of players in play compares territories, ``p = 1/2 + (1/2 -
  l) tanh(d / scale) + l d / 601`` (``l``, ``linear_share``, small: where tanh
  saturates, a lead of 300 cells and one of 30 would read alike, and a search that
  finds every move lost would stop telling a wide room from a pocket), and a player's
  value is the rank value already secured by those out (rank r is worth r / (n - 1))
  plus its pairwise win chances over n - 1: the expected rank value if the pairs were
  independent. Every entry is in [0, 1] and the sum is n / 2, as the returns'
  (``game.value_bounds``).

A finished state evaluates to its returns. Weights: ``territory_scale`` (cells of
territory difference that make a pair of connected players 88% / 12%) and
``separated_scale`` (the same for separated players); ``turn_order`` (1: on, 0: off) and
``linear_share`` (0 to 0.5) as above.
"""
import math

from games.errors import WeightsError
from games.tron.rules import CELLS, HEIGHT, NEIGHBOUR, OFF, WIDTH, xy
from games.weights import merged

WEIGHTS = {"territory_scale": 10.0, "separated_scale": 2.0, "turn_order": 0.0, "linear_share": 0.01}
FULL = (1 << CELLS) - 1
LEFT_COLUMN = sum(1 << y * WIDTH for y in range(HEIGHT))
RIGHT_COLUMN = LEFT_COLUMN << WIDTH - 1
NOT_LEFT, NOT_RIGHT = FULL & ~LEFT_COLUMN, FULL & ~RIGHT_COLUMN
EVEN = sum(1 << c for c in range(CELLS) if sum(xy(c)) % 2 == 0)  # one chequerboard colour


def spread(cells):
    """The cells next to ``cells`` (a bitboard), on the grid."""
    return (((cells & NOT_RIGHT) << 1) | ((cells & NOT_LEFT) >> 1)
            | (cells << WIDTH) | (cells >> WIDTH)) & FULL


def voronoi(heads, free, order=None):
    """Per head (OFF: none), the free cells it reaches strictly before every other head
    (multi-source breadth-first search, one step of all of them at a time; a cell two
    reach on the same step is no one's, but the search goes on through it for both).
    Given ``order`` (the players in play, in the order they move from now), a cell two
    reach on the same step is the one's that steps first, as in the game."""
    if order is not None:
        return voronoi_in_turn(heads, free, order)
    # spread() written out in the loops: these floods are most of the evaluation's time
    not_right, not_left, width = NOT_RIGHT, NOT_LEFT, WIDTH
    owned = [0] * len(heads)
    fronts = [1 << h if h != OFF else 0 for h in heads]
    live = [p for p, front in enumerate(fronts) if front]
    if len(live) == 2:
        p, q = live
        owned[p], owned[q], _ = voronoi_of_two(fronts[p], fronts[q], free)
        return owned
    unclaimed = free
    while live:
        contested = seen = 0
        for p in live:
            f = fronts[p]
            f = (((f & not_right) << 1) | ((f & not_left) >> 1) | (f << width) | (f >> width)) & unclaimed
            fronts[p] = f
            contested |= seen & f
            seen |= f
        unclaimed &= ~seen
        for p in live:
            owned[p] |= fronts[p] & ~contested
        live = [p for p in live if fronts[p]]
    return owned


def voronoi_of_two(a, b, free):
    """``voronoi`` of two heads (bitboards ``a`` and ``b``), the most common case, in
    about 60% of the general loop's time; and whether the two share a free region (a
    cell both reach on the same step, or a cell of one's beside the other's or its head:
    a free path from one head to the other passes such a cell, see tests/test_tron.py)."""
    not_right, not_left, width = NOT_RIGHT, NOT_LEFT, WIDTH
    head_a, head_b = a, b
    owned_a = owned_b = 0
    unclaimed = free
    met = False
    while a or b:
        a = (((a & not_right) << 1) | ((a & not_left) >> 1) | (a << width) | (a >> width)) & unclaimed
        b = (((b & not_right) << 1) | ((b & not_left) >> 1) | (b << width) | (b >> width)) & unclaimed
        both = a & b
        if both:
            met = True
        unclaimed &= ~(a | b)
        owned_a |= a ^ both
        owned_b |= b ^ both
    met = met or bool(spread(owned_a | head_a) & owned_b or spread(head_b) & owned_a)
    return owned_a, owned_b, met


def voronoi_in_turn(heads, free, order):
    """``voronoi`` with ties to the player whose turn comes first in ``order``: each
    step of the search takes the players in that order, each claiming the cells it
    reaches before the next one steps."""
    owned = [0] * len(heads)
    fronts = {p: 1 << heads[p] for p in order}
    unclaimed = free
    while unclaimed and any(fronts.values()):
        for p in order:
            front = spread(fronts[p]) & unclaimed
            unclaimed &= ~front
            owned[p] |= front
            fronts[p] = front
    return owned


def region(head, free):
    """The free cells reachable from ``head``."""
    return flood(spread(1 << head) & free, free)


def flood(cells, free):
    """``cells`` and the free cells reachable from them."""
    not_right, not_left, width = NOT_RIGHT, NOT_LEFT, WIDTH
    reached = front = cells
    rest = free & ~cells
    while front:
        front = (((front & not_right) << 1) | ((front & not_left) >> 1)
                 | (front << width) | (front >> width)) & rest
        rest ^= front
        reached |= front
    return reached


def regions(heads, players, free):
    """``region`` of each of ``players``' heads, flooding each free component once
    (connected cycles share theirs)."""
    components = []
    found = {}
    for p in players:
        starts = spread(1 << heads[p]) & free
        reached = 0
        for component in components:
            if starts & component:
                reached |= component
        rest = starts & ~reached
        while rest:
            component = flood(rest & -rest, free)
            components.append(component)
            reached |= component
            rest &= ~component
        found[p] = reached
    return found


def fill(head, cells):
    """The most steps a path from ``head`` can take over ``cells`` by colour parity."""
    same_colour = EVEN if EVEN >> head & 1 else FULL & ~EVEN
    b = (cells & same_colour).bit_count()
    a = cells.bit_count() - b
    return min(2 * a, 2 * b + 1)


def blocks(root, cells):
    """The biconnected blocks of ``cells`` and ``root`` reachable from ``root``, as
    ``(top, block)`` pairs (``block`` a bitboard holding ``top``), each block after the
    blocks below it; ``top`` is the cell through which a path from ``root`` enters the
    block (Tarjan's low points, by an explicit stack: a region holds up to 600 cells)."""
    allowed = cells | 1 << root
    order = {root: 0}
    low = {root: 0}
    found = []
    visited = []  # the cells in the order the search reached them, not yet in a block
    stack = [(root, OFF, iter(NEIGHBOUR[root]))]
    while stack:
        v, parent, around = stack[-1]
        for w in around:
            if w == OFF or not allowed >> w & 1:
                continue
            if w not in order:
                order[w] = low[w] = len(order)
                visited.append(w)
                stack.append((w, v, iter(NEIGHBOUR[w])))
                break
            if w != parent and order[w] < low[v]:
                low[v] = order[w]
        else:
            stack.pop()
            if parent == OFF:
                continue
            if low[v] < low[parent]:
                low[parent] = low[v]
            if low[v] >= order[parent]:  # parent cuts v's subtree off: a block ends
                block = 1 << parent
                while True:
                    c = visited.pop()
                    block |= 1 << c
                    if c == v:
                        break
                found.append((parent, block))
    return found


def articulation_points(root, cells):
    """The cells of ``cells`` whose removal cuts some of them off from ``root``."""
    return {top for top, _ in blocks(root, cells) if top != root}


def chamber_fill(head, cells):
    """An upper bound on the most steps from ``head`` over ``cells`` (its region), by
    the tree of chambers (the biconnected blocks, joined at articulation points): a path
    either stays in the block it entered (counted by parity) or crosses it and leaves by
    one articulation point for good, into one block below it."""
    below = {}  # cell: the best bound of a path that enters a block below it there
    for top, block in blocks(head, cells):
        inside = block & ~(1 << top)
        value = fill(top, inside)
        rest = inside
        while rest:
            bit = rest & -rest
            rest ^= bit
            down = below.get(bit.bit_length() - 1)
            if down is not None and inside.bit_count() + down > value:
                value = inside.bit_count() + down
        if value > below.get(top, -1):
            below[top] = value
    return below.get(head, 0)


def make_evaluator(game, weights=None):
    w = merged(WEIGHTS, weights or {}, "Tron evaluation")
    n = game.num_players
    scale, separated_scale = w["territory_scale"], w["separated_scale"]
    if scale <= 0 or separated_scale <= 0:
        raise WeightsError("the Tron evaluation's scales must be positive")
    if w["turn_order"] not in (0, 1):
        raise WeightsError("the Tron evaluation's turn_order is 1 (on) or 0 (off)")
    in_turn = w["turn_order"] == 1
    linear = w["linear_share"]
    if not 0 <= linear <= 0.5:
        raise WeightsError("the Tron evaluation's linear_share is between 0 and 0.5")
    squashed, per_cell = 0.5 - linear, linear / (CELLS + 1)  # |d| <= CELLS + 1/2: p stays in [0, 1]
    tanh = math.tanh

    def evaluate(state):
        result = game.returns(state)
        if result is not None:
            return result
        to_move, heads, _, _, occupied, out = state
        free = FULL & ~occupied
        alive = [p for p in range(n) if heads[p] != OFF]
        order = None  # with turn_order: the players in play from the mover on
        if in_turn:
            first = alive.index(to_move)
            order = alive[first:] + alive[:first]
        if len(alive) == 2 and not in_turn:  # the common case: no region flooded while the two meet
            p, q = alive
            owned = {}
            owned[p], owned[q], met = voronoi_of_two(1 << heads[p], 1 << heads[q], free)
            rooms = None if met else {p: region(heads[p], free), q: region(heads[q], free)}
        else:
            owned = voronoi(heads, free, order)
            rooms = regions(heads, alive, free)

        def apart(p, q):
            return rooms is not None and not rooms[p] & rooms[q]

        alone = {p for p in alive if all(apart(p, q) for q in alive if q != p)}
        territory = {p: chamber_fill(heads[p], rooms[p]) if p in alone else fill(heads[p], owned[p])
                     for p in alive}
        values = [0.0] * n
        for rank, player in enumerate(out):
            values[player] = rank / (n - 1)
        secured = len(out) / (n - 1)
        wins = {p: 0.0 for p in alive}
        for i, p in enumerate(alive):
            for q in alive[i + 1:]:
                parted = apart(p, q)
                lead = territory[p] - territory[q]
                if parted and in_turn:  # equal fills: the one to move first runs out first
                    lead += 0.5 if order.index(p) > order.index(q) else -0.5
                chance = 0.5 + squashed * tanh(lead / (separated_scale if parted else scale)) + per_cell * lead
                wins[p] += chance
                wins[q] += 1.0 - chance
        for p in alive:
            values[p] = secured + wins[p] / (n - 1)
        return tuple(values)

    return evaluate
