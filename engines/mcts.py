"""Monte Carlo tree search (UCT) with playouts, and a solver for proven results.

Each simulation descends from the root by the selection rule below, adds one node to the
tree, plays the game out from it, and backs the result up the path. A node keeps
``visits`` (n) and ``w`` (the sum of results, from the point of view of the player who
moved into it), so ``X = w / n`` is that player's mean result in [-1, 1]. The child chosen is
the one with the highest

    X + C * sqrt(ln n / n_i) + bias * h_i / n_i + history * hh_i / sqrt(n_i)

where ``h_i`` is the evaluation of the child (progressive bias: it matters early and
fades as visits come in) and ``hh_i`` the mean result of the same move by the same
player anywhere in the tree (history heuristic). Every legal move is tried once before
the rule applies (in evaluation order when ``bias`` is on, else in the game's order).

Playouts draw moves uniformly (through the game's ``random_playout(state, random)``
where it offers one: the same random games, faster), or with probabilities
proportional to ``playout_weight``: a callable ``(state, move) -> weight``, a dict from
move to weight (1 for a move it does not name), or a list or tuple of numbers where
the weight of move ``m`` is ``playout_weight[m]``, for games whose moves are small
integers (Othello's squares, Oware's houses; a move outside the list, such as
Othello's pass -1, weighs 1). A move that weighs 0 is drawn only where every legal
move does (uniformly then). After ``playout_plies`` plies (if set) playouts stop and
use the evaluation as the result.

Solver: every node also keeps proven bounds ``lo <= value <= hi`` in the negamax
convention of engines/base.py (``WIN - ply``), from game ends found in the tree
(score-bounded MCTS). A child that cannot raise its parent's proven lower bound is
never selected again; a node whose bounds meet is solved, with its exact value, so the
shortest win and the longest loss come out. The search stops once the root is solved
(or, with ``stop_on_win``, once it holds a proven win).

Before the simulations, a proof search (alpha-beta with the narrow window of proven
wins, deepening to ``prove_depth`` plies within ``prove_share`` of the time) looks for a
forced win from the root, which random playouts find slowly; what it proves becomes a
bound of the root's child.

Turns alternate (a pass is a move), as all the engines assume.

The move played is the most visited, except that a proven win is always taken and a
proven loss avoided. The tree is kept between turns: the new root is looked up by state
among the children and grandchildren of the old one.
"""

import math
import random
from time import perf_counter

from engines.alphabeta import AlphaBeta
from engines.base import (PROVEN, WIN, Limit, SearchResult, Timeout, plain_random_playout,
                          relative_below, terminal_value)
from engines.tree import TreeEngine, count_nodes, find_kept, proven_choice, update_bounds

C = 1.0          # exploration constant (results are in [-1, 1])
BIAS = 0.0       # weight of the progressive bias term
HISTORY = 0.0    # weight of the history heuristic term
PROVE_DEPTH = 5  # plies of the proof search at the root (0: none)
PROVE_SHARE = 0.2  # share of the time the proof search may take
NEVER = 1 << 62  # playout length meaning "to the end of the game"
REUSE_DEPTH = 2  # how far below the old root a new root is looked for


class Node:
    __slots__ = ("state", "moves", "children", "move", "visits", "w", "lo", "hi", "h")

    def __init__(self, state, moves, move):
        self.state = state
        self.moves = moves      # legal moves; children[i] is the child of moves[i]
        self.children = []      # created so far, in the order of ``moves``
        self.move = move        # the move that led here
        self.visits = 0
        self.w = 0.0
        self.lo = -WIN          # proven bounds on the negamax value (absolute plies)
        self.hi = WIN
        self.h = 0.0            # evaluation from the parent's point of view


def weight_function(weights):
    """``playout_weight`` as a callable ``(state, move) -> weight`` (None stays None)."""
    if isinstance(weights, dict):
        return lambda state, move: weights.get(move, 1.0)
    if isinstance(weights, (list, tuple)):
        size = len(weights)
        return lambda state, move: weights[move] if 0 <= move < size else 1.0
    return weights


def most_visited(child):
    """The final choice's score of a child still in the running: not a proven loss, then
    visits, then mean result."""
    visits = child.visits
    return -child.lo > -PROVEN, visits, child.w / visits if visits else -1.0


class MCTS(TreeEngine):
    """UCT with playouts and solver; see the module's notes for the parameters. A
    ``Limit``'s ``nodes`` counts simulations; its ``depth`` stops the search once a
    simulation reaches that depth in the tree."""

    def __init__(self, game, evaluate, C=C, bias=BIAS, history=HISTORY,
                 playout_plies: int = None, playout_weight: list = None, stop_on_win=True,
                 prove_depth=PROVE_DEPTH, prove_share=PROVE_SHARE, reuse=True,
                 max_nodes: int = None, seed: int = None):
        super().__init__(game, evaluate, reuse)
        self.C = C
        self.bias = bias
        self.history = history
        self.playout_plies = playout_plies
        self.playout_weight = weight_function(playout_weight)
        # A game may offer random_playout(state, random): the same random games, faster.
        self.fast_playout = getattr(game, "random_playout", None)
        self.stop_on_win = stop_on_win
        self.prove_depth = prove_depth
        self.prove_share = prove_share
        self.prover = AlphaBeta(game, lambda state: 0.0, aspiration=0)
        self.max_nodes = max_nodes
        self.rng = random.Random(seed)
        self.size = 0
        self.recounted = True   # whether ``size`` is the size of the kept tree
        self.hist = ({}, {})    # per player: move -> [sum of results, count]

    # -- the tree ------------------------------------------------------------------------
    def _new_node(self, state, move, ply):
        game = self.game
        moves = game.legal_moves(state)
        node = Node(state, moves, move)
        if not moves:
            node.lo = node.hi = terminal_value(game.outcome(state), ply)
        self.size += 1
        return node

    def find_root(self, state):
        """The node for ``state`` at most REUSE_DEPTH plies below the old root, or a new one."""
        if self.reuse and self.root is not None:
            node, plies = find_kept(self.root, state, REUSE_DEPTH)
            if node is not None:
                if plies:
                    self.root_ply += plies
                    self.recounted = False  # ``size`` still counts the dropped part of the old tree
                return node
        self.root_ply = 0
        self.size = 0
        self.recounted = True
        return self._new_node(state, None, 0)

    def _expand_all(self, node, ply):
        """Creates every child at once, evaluated and sorted best first (progressive bias)."""
        play, evaluate, new_node = self.game.play, self.evaluate, self._new_node
        children = []
        for move in node.moves:
            child = new_node(play(node.state, move), move, ply + 1)
            if child.moves:
                child.h = -evaluate(child.state)
            else:
                child.h = -1.0 if child.lo > 0 else 1.0 if child.lo < 0 else 0.0
            children.append(child)
        children.sort(key=lambda c: c.h, reverse=True)
        node.children = children
        node.moves = [c.move for c in children]

    # -- one simulation ------------------------------------------------------------------
    def _playout(self, node):
        """Result of a playout from ``node`` for the side to move there."""
        game = self.game
        play, legal_moves = game.play, game.legal_moves
        state, moves = node.state, node.moves
        limit = NEVER if self.playout_plies is None else self.playout_plies
        plies = 0
        weight = self.playout_weight
        if weight is None and limit == NEVER:  # the plain case, kept lean: it is most of the time
            random = self.rng.random
            if self.fast_playout is not None:
                state = self.fast_playout(state, random)
            else:
                state = plain_random_playout(game, state, random, moves)[0]
            result = game.outcome(state)
            return result if game.to_move(state) == game.to_move(node.state) else -result
        if weight is None:
            random = self.rng.random
            while moves and plies < limit:
                state = play(state, moves[int(random() * len(moves))])
                moves = legal_moves(state)
                plies += 1
        else:
            choices, random = self.rng.choices, self.rng.random
            while moves and plies < limit:
                weights = [weight(state, move) for move in moves]
                try:
                    move = choices(moves, weights)[0]
                except ValueError:  # every move weighs 0: uniformly then
                    move = moves[int(random() * len(moves))]
                state = play(state, move)
                moves = legal_moves(state)
                plies += 1
        result = self.evaluate(state) if moves else game.outcome(state)
        return -result if plies & 1 else result

    def _select(self, node):
        """The child to descend into, or None when every child is cut off."""
        children = node.children
        lo = node.lo
        log_n = math.log(node.visits)
        C = self.C
        sqrt = math.sqrt
        best, best_score = None, -math.inf
        if self.bias or self.history:
            bias, history = self.bias, self.history
            table = self.hist[self.game.to_move(node.state)] if history else None
            for child in children:
                if -child.lo <= lo:
                    continue
                n = child.visits
                if n == 0:
                    return child
                score = child.w / n + C * sqrt(log_n / n) + bias * child.h / n
                if history:
                    entry = table.get(child.move)
                    if entry is not None:
                        score += history * entry[0] / (entry[1] * sqrt(n))
                if score > best_score:
                    best, best_score = child, score
            return best
        for child in children:
            if -child.lo <= lo:
                continue  # cannot raise what the parent has proven: never again
            n = child.visits
            if n == 0:
                return child  # made by the proof search, not visited yet
            score = child.w / n + C * sqrt(log_n / n)
            if score > best_score:
                best, best_score = child, score
        return best

    def _simulate(self, root, base_ply):
        """One simulation; returns its depth."""
        node = root
        path = [root]
        changed = False  # whether proven bounds need updating on the way back
        while node.visits and node.moves:
            ply = base_ply + len(path) - 1
            if not node.children and self.bias:
                self._expand_all(node, ply)
                changed = True  # game ends among the children change the bounds
            children, moves = node.children, node.moves
            if len(children) < len(moves):
                move = moves[len(children)]
                child = self._new_node(self.game.play(node.state, move), move, ply + 1)
                children.append(child)
            else:
                child = self._select(node)
                if child is None:  # every child cut off: the node is solved
                    break
            node = child
            path.append(node)
        if node.moves and node.visits == 0:
            result = self._playout(node)
        else:  # a game end, or a node solved by now
            value = node.lo if node.lo == node.hi else 0.0
            result = 1.0 if value > 0 else -1.0 if value < 0 else 0.0
            changed = True
        # Back up: each node adds the result of the player who moved into it.
        history = self.history
        to_move = self.game.to_move
        for i in range(len(path) - 1, -1, -1):
            result = -result
            node = path[i]
            node.visits += 1
            node.w += result
            if history and i:
                table = self.hist[to_move(path[i - 1].state)]
                entry = table.get(node.move)
                if entry is None:
                    table[node.move] = [result, 1]
                else:
                    entry[0] += result
                    entry[1] += 1
            if changed and node.children:
                changed = update_bounds(node)
        return len(path) - 1

    def _prove(self, root, base_ply, deadline):
        """Looks for a forced win within ``prove_depth`` plies; marks the winning child."""
        prover = self.prover
        prover.start(Limit(deadline=deadline))  # the prover's own clock: its deadline comes sooner
        for depth in range(1, self.prove_depth + 1):
            try:
                value = prover.negamax(root.state, depth, PROVEN - 1, WIN + 1, base_ply, root.moves)
            except Timeout:
                return
            if value >= PROVEN:
                break
        else:
            return
        move = prover.best_move(root.state)
        children = root.children
        if move not in root.moves[:len(children)]:  # create it next to the others
            moves = list(root.moves)
            i = moves.index(move)
            moves[i], moves[len(children)] = moves[len(children)], moves[i]
            root.moves = moves
            children.append(self._new_node(self.game.play(root.state, move), move, base_ply + 1))
        child = children[root.moves.index(move)]
        child.hi = min(child.hi, -value)
        update_bounds(root)

    # -- the search ----------------------------------------------------------------------
    def search(self, state, limit):
        """Simulations until ``limit`` (engines/base.py's contract) or a solved root (or
        a proven win, with ``stop_on_win``), after the proof search; see the module's
        notes."""
        root, limit = self.begin(state, limit)
        clock = self.clock
        base_ply = self.root_ply
        if self.prove_depth and root.lo < PROVEN:
            now = perf_counter()
            self._prove(root, base_ply, now + (limit.deadline - now) * self.prove_share)
        max_nodes = self.max_nodes
        budget = math.inf if limit.nodes is None else limit.nodes
        depth_limit = math.inf if limit.depth is None else limit.depth
        simulations = deepest = 0
        while simulations < budget and deepest < depth_limit and not clock.passed():
            if root.lo == root.hi or (self.stop_on_win and root.lo >= PROVEN):
                break
            if max_nodes is not None and self.size >= max_nodes:
                if self.recounted:
                    break
                self.size = count_nodes(root)  # once per search, and only when needed
                self.recounted = True
                continue
            depth = self._simulate(root, base_ply)
            simulations += 1
            if depth > deepest:
                deepest = depth
        if not root.children:
            return SearchResult(root.moves[0], 0.0, simulations, 0, [root.moves[0]])
        child = self._final_choice(root)
        value = relative_below(self._value(root, child), base_ply)
        proven = root.lo == root.hi or root.lo >= PROVEN or root.hi <= -PROVEN
        return SearchResult(child.move, value, simulations, deepest, self._pv(root), proven)

    @staticmethod
    def _final_choice(node):
        """The child to play: a proven result when the root has one, else the most visited
        child among those that the proven bounds leave in the running."""
        return proven_choice(node, most_visited)

    @staticmethod
    def _value(root, child):
        if root.lo == root.hi or root.lo >= PROVEN:
            return -child.hi
        if root.hi <= -PROVEN:
            return -child.lo
        return child.w / child.visits if child.visits else 0.0

    def _pv(self, node):
        pv = []
        while node.children:
            node = self._final_choice(node)
            pv.append(node.move)
        return pv
