"""Searches for games of two to four players whose result is one value per player.

The game (docs/INTERFACES.md, "More than two players") says ``num_players``;
``to_move(s)`` is a player 0..n-1; ``returns(s)`` is None while the game goes on, else a
tuple of n values; an evaluation ``evaluate(s)`` answers such a tuple too. Where the game
states ``value_bounds = (lower, max_sum)`` (every entry of a return or an evaluation is
at least ``lower``, and their sum at most ``max_sum``), max^n prunes with them.

- ``Paranoid`` (``paranoid``): the root player against the coalition of the others, who
  are assumed to minimize the root player's value: a two-sided game, so alpha-beta
  applies (written here, max and min nodes rather than negamax, since coalition players
  move one after another).
- ``MaxN`` (``maxn``): each node takes the child best for its mover (Luckhardt & Irani);
  shallow pruning (Sturtevant & Korf 2000) and last-branch or speculative pruning
  (Sturtevant 2003) where the game states its bounds; ``_maxn`` says when each cuts.
- ``DirectedOffensive`` (``offensive``): max^n, except that the root player chooses the
  move that lowers a target's value most (the leading opponent by default).
- ``MPMix`` (``mpmix``; Zuckerman, Felner & Kraus 2009): at the root, paranoid when the
  root player leads by at least ``defend_edge``, offensive against an opponent that
  leads by at least ``attack_edge``, else max^n.
- ``MCTSN`` (``mcts-n``): UCT with playouts whose reward is the vector of returns; each
  node keeps the sum of rewards of the player who moved into it.

Every search answers an ``engines.base.SearchResult`` whose ``value`` is the root
player's entry of the root's value (returns' scale, not negamax), and ``proven`` says
that the depth-first searches saw no leaf cut off by the depth (the value is the game's).
Ties between children go to the first in the search order: the game's order, the root
moves reordered by the last iteration (best first).
"""

import math
import random

from engines.base import (Deadline, Engine, GameOverError, OptionError, RulesError, SearchResult, Timeout,
                          plain_random_playout)
from engines.table import COMPLETE, EXACT, LOWER, TT_SIZE, UPPER, TranspositionTable
from engines.tree import find_kept

INF = math.inf
MAX_DEPTH = 64          # deepest iteration of the depth-first searches
PRUNINGS = ("none", "shallow", "last-branch", "speculative")
DEFEND_EDGE = 0.2       # MP-Mix: the root player's lead over the second that makes it paranoid
ATTACK_EDGE = 0.2       # MP-Mix: an opponent's lead over the second that makes it the target
C = 0.7                 # MCTS-N's exploration constant (rewards in [0, 1])
TRUSTED, SHALLOW, DEEP = 0, 1, 2  # how far a value returned by _maxn can be trusted (see there)


def require_nplayer(game, name):
    """OptionError unless ``game`` follows the N-player contract (it gives ``returns``, as
    games.contract.is_n_player tells; ``num_players`` is 2 where it is missing)."""
    if not hasattr(game, "returns"):
        raise OptionError(f"{name} plays games that give returns (one value per player); "
                         f"{type(game).__name__} does not")


def leader_edge(values, exclude=None):
    """``(leader, its lead over the next best)`` among the entries of ``values`` (a
    player left out where ``exclude`` names one); the first of equals leads."""
    order = sorted((p for p in range(len(values)) if p != exclude), key=lambda p: -values[p])
    second = values[order[1]] if len(order) > 1 else values[order[0]]
    return order[0], values[order[0]] - second


class DepthFirst(Engine):
    """Iterative deepening over a depth-first search, shared by paranoid and max^n: the
    root moves are searched best first (the last iteration's best), and an interrupted
    iteration answers the best root move it has finished, if it beat the first."""

    name = "depth-first"

    def __init__(self, game, evaluate, max_depth=MAX_DEPTH):
        require_nplayer(game, self.name)
        super().__init__(game, evaluate)
        self.max_depth = max_depth
        self.n = getattr(game, "num_players", 2)
        self.nodes = 0
        self.incomplete = 0   # leaves cut off by the depth in this iteration

    def terminal(self, state):
        returns = self.game.returns(state)
        if returns is None:
            raise RulesError("the rules give no legal move in a position whose returns are None: "
                             "legal_moves must be empty exactly when the game is over")
        return returns

    def search(self, state, limit):
        limit = self.start(limit)
        moves = list(self.game.legal_moves(state))
        if not moves:
            raise GameOverError("search of a finished game")
        self.nodes = 0
        self.prepare(state)
        deepest = min(self.max_depth, limit.depth if limit.depth is not None else self.max_depth)
        best_move, best_value, depth, proven, iterations = moves[0], None, 0, False, []
        for iteration in range(1, max(deepest, 1) + 1):
            self.incomplete = 0
            self.partial = None
            try:
                move, value = self.root(state, moves, iteration)
            except Timeout:
                if self.partial is not None:
                    best_move, best_value = self.partial
                break
            best_move, best_value, depth = move, value, iteration
            iterations.append((iteration, self.nodes))
            moves.remove(move)
            moves.insert(0, move)
            if self.incomplete == 0:
                proven = True
                break
            if self.clock.passed():
                break
        if best_value is None:  # not even the first iteration finished
            best_value = self.root_value(state)
        return SearchResult(best_move, best_value, self.nodes, depth, [best_move], proven, tuple(iterations))

    def prepare(self, state):
        """Called once before the iterations of a search of ``state``."""

    def root_value(self, state):
        return self.evaluate(state)[self.game.to_move(state)]



class Paranoid(DepthFirst):
    """The root player maximizes its own entry; every other player minimizes it.

    Options: ``tt`` (on: a transposition table, engines/table.py, whose move is
    searched first; kept between searches of the same root player), ``tt_size``
    (174,000), ``max_depth`` (64)."""

    name = "paranoid"

    def __init__(self, game, evaluate, tt=True, tt_size=TT_SIZE, max_depth=MAX_DEPTH):
        super().__init__(game, evaluate, max_depth)
        self.table = TranspositionTable(tt_size) if tt else None
        self.me = None

    def prepare(self, state):
        me = self.game.to_move(state)
        if me != self.me and self.table is not None:
            self.table.clear()  # its values are the last root player's
        self.me = me

    def release(self):
        if self.table is not None:
            self.table.release()

    def root(self, state, moves, depth):
        best_move, alpha = None, -INF
        for move in moves:
            value = self.value(self.game.play(state, move), depth - 1, alpha, INF)
            if best_move is None or value > alpha:
                best_move, alpha = move, value
                if self.partial is None or move != moves[0]:
                    self.partial = (move, value)
        return best_move, alpha

    def value(self, state, depth, alpha, beta):
        """Fail-soft alpha-beta value of ``state`` for the root player within (alpha, beta)."""
        self.nodes += 1
        clock = self.clock
        clock.left -= 1
        if clock.left <= 0 and clock.due():
            raise Timeout
        game = self.game
        moves = game.legal_moves(state)
        if not moves:
            return self.terminal(state)[self.me]
        if depth <= 0:
            self.incomplete += 1
            return self.evaluate(state)[self.me]
        table = self.table
        entry = table.get(state) if table is not None else None
        if entry is not None:
            stored_depth, flag, stored, first = entry
            if stored_depth >= depth and (flag == EXACT or (flag == LOWER and stored >= beta)
                                          or (flag == UPPER and stored <= alpha)):
                if stored_depth != COMPLETE:
                    self.incomplete += 1
                return stored
            if first in moves and first != moves[0]:
                moves = [first] + [move for move in moves if move != first]
        low, high, incomplete = alpha, beta, self.incomplete
        maximize = game.to_move(state) == self.me
        play, value = game.play, self.value
        best, best_move = (-INF if maximize else INF), moves[0]
        for move in moves:
            found = value(play(state, move), depth - 1, alpha, beta)
            if maximize:
                if found > best:
                    best, best_move = found, move
                    if found > alpha:
                        alpha = found
            elif found < best:
                best, best_move = found, move
                if found < beta:
                    beta = found
            if alpha >= beta:
                break
        if table is not None:
            flag = UPPER if best <= low else LOWER if best >= high else EXACT
            table.put(state, (COMPLETE if self.incomplete == incomplete else depth, flag, best, best_move))
        return best


class MaxN(DepthFirst):
    """Max^n: vectors backed up, each node taking the child best for its mover.

    Options: ``pruning`` ("speculative"; "last-branch", "shallow" or "none"), which
    needs the game's ``value_bounds`` (without them max^n does not prune), and
    ``max_depth`` (64). ``vector`` holds the root's value after a search.

    How ``_maxn`` prunes. Shallow pruning: once a node's mover p has a value ``v`` with ``v + up_best >=
    shallow_sum``, the parent's player gets at most ``up_best`` here, which the
    parent (taking a strictly better value only) never takes: the node answers
    ``(its best so far, SHALLOW)``.

    Deep pruning (three different players on the path): once ``v + max(up_best,
    lower) + far_best >= deep_sum``, neither the parent's player would take a value
    of this node better for him than his best, nor the grandparent's player the
    result: the node answers ``(best so far, DEEP)``. The parent leaves such a
    child out of its choice; at its end, if what it chose is one the grandparent's
    player does not want either (at most ``far_best`` for him), any value of the
    pruned children would have been refused as well, so it answers that choice as
    SHALLOW; else it searches the pruned children again without deep pruning and
    chooses again (Sturtevant's speculative pruning). ``last-branch`` prunes so in a
    node's last child only, ``speculative`` in every child."""

    name = "maxn"

    def __init__(self, game, evaluate, pruning="speculative", max_depth=MAX_DEPTH):
        super().__init__(game, evaluate, max_depth)
        if pruning not in PRUNINGS:
            raise OptionError(f"pruning={pruning}: expected one of {', '.join(PRUNINGS)}")
        bounds = getattr(game, "value_bounds", None)
        self.pruning = pruning if bounds is not None else "none"
        n = self.n
        lower, max_sum = bounds if bounds is not None else (-INF, INF)
        self.lower = lower
        # A node of player p whose best value for p reaches max_sum - (n - 2) * lower
        # minus its parent's best leaves at most that best to the parent's player.
        self.shallow_sum = max_sum - (n - 2) * lower
        self.deep_sum = max_sum - (n - 3) * lower
        self.goals = [(p, 1) for p in range(n)]  # (entry, sign) that each player maximizes
        self.vector = None

    def root(self, state, moves, depth):
        me = self.game.to_move(state)
        entry, sign = self.goals[me]
        best_move = best = None
        best_mine = -INF
        for move in moves:
            value, _ = self._maxn(self.game.play(state, move), depth - 1, me, best_mine, -1, -INF)
            mine = value[entry] * sign
            if best is None or mine > best_mine:
                best_move, best, best_mine = move, value, mine
                if self.partial is None or move != moves[0]:
                    self.partial = (move, value[me])
        self.vector = best
        return best_move, best[me]

    def _maxn(self, state, depth, up, up_best, far, far_best):
        """``(vector, trust)``: the max^n value of ``state`` searched ``depth`` plies deep,
        for a parent of player ``up`` whose best so far is ``up_best`` (-inf: none yet),
        below a grandparent of player ``far`` (-1: no deep pruning here) whose best so far
        is ``far_best``; how it prunes: the class's notes."""
        self.nodes += 1
        clock = self.clock
        clock.left -= 1
        if clock.left <= 0 and clock.due():
            raise Timeout
        game = self.game
        moves = game.legal_moves(state)
        if not moves:
            return self.terminal(state), TRUSTED
        if depth <= 0:
            self.incomplete += 1
            return self.evaluate(state), TRUSTED
        me = game.to_move(state)
        entry, sign = self.goals[me]
        shallow_cut = deep_cut = INF
        child_far = -1
        pruning = self.pruning
        if pruning != "none" and up >= 0 and up != me:
            if up_best > -INF:
                shallow_cut = self.shallow_sum - up_best
            if pruning != "shallow":
                child_far = up
                if far >= 0 and far != me and far != up and far_best > -INF:
                    deep_cut = self.deep_sum - max(up_best, self.lower) - far_best
        every_child = pruning == "speculative"
        last = len(moves) - 1
        play, search = game.play, self._maxn
        best, best_mine, later = None, -INF, None
        for index in range(last + 1):
            value, trust = search(play(state, moves[index]), depth - 1, me, best_mine,
                                  child_far if every_child or index == last else -1, up_best)
            if trust == DEEP and later is None:
                later, kept = [], (best, best_mine)
            if later is not None:
                later.append((index, value, trust))
            if trust == DEEP:
                continue
            mine = value[entry] * sign
            if best is None or mine > best_mine:
                best, best_mine = value, mine
                if mine >= shallow_cut:
                    return best, SHALLOW
                if mine >= deep_cut:
                    return best, DEEP
        if later is None:
            return best, TRUSTED
        if best is None:
            return later[0][1], SHALLOW
        if best[up] <= up_best:
            return best, SHALLOW
        # The parent may take this node's value: the children cut by deep pruning are
        # searched again without it, and the choice made again from the first of them.
        # The others stand: a bound of the first pass was lower, so no less sound.
        best, best_mine = kept
        for index, value, trust in later:
            if trust == DEEP:
                value, trust = search(play(state, moves[index]), depth - 1, me, best_mine, -1, up_best)
            mine = value[entry] * sign
            if best is None or mine > best_mine:
                best, best_mine = value, mine
                if mine >= shallow_cut:
                    return best, SHALLOW
                if mine >= deep_cut:
                    return best, DEEP
        return best, TRUSTED


class DirectedOffensive(MaxN):
    """Max^n in which the root player chooses the move that lowers the value of a
    target most; the other players maximize their own (Zuckerman, Felner & Kraus).

    Options: ``target`` (-1: the opponent that the evaluation of the root puts first),
    ``max_depth``. It does not prune (the root player's choice is not max^n's)."""

    name = "offensive"

    def __init__(self, game, evaluate, target=-1, max_depth=MAX_DEPTH):
        super().__init__(game, evaluate, "none", max_depth)
        if not -1 <= target < self.n:
            raise OptionError(f"target={target}: expected a player 0..{self.n - 1}, or -1 for the leader")
        self.target = target

    def prepare(self, state):
        me = self.game.to_move(state)
        target = self.target
        if target < 0 or target == me:
            target, _ = leader_edge(self.evaluate(state), exclude=me)
        self.goals = [(p, 1) for p in range(self.n)]
        self.goals[me] = (target, -1)
        self.chosen_target = target


class MPMix(Engine):
    """MP-Mix (Zuckerman, Felner & Kraus 2009): at each search, the evaluation of the
    root chooses the strategy: ``paranoid`` when the root player leads the second by at
    least ``defend_edge``, ``offensive`` against an opponent leading the second by at
    least ``attack_edge``, else ``maxn`` (with ``pruning``). ``strategy`` names the
    last choice."""

    name = "mpmix"

    def __init__(self, game, evaluate, defend_edge=DEFEND_EDGE, attack_edge=ATTACK_EDGE,
                 pruning="speculative", max_depth=MAX_DEPTH):
        require_nplayer(game, self.name)
        super().__init__(game, evaluate)
        self.defend_edge = defend_edge
        self.attack_edge = attack_edge
        self.engines = {"paranoid": Paranoid(game, evaluate, max_depth=max_depth),
                        "maxn": MaxN(game, evaluate, pruning=pruning, max_depth=max_depth),
                        "offensive": DirectedOffensive(game, evaluate, max_depth=max_depth)}
        self.strategy = None

    def choose(self, state):
        """The strategy for ``state`` and, for ``offensive``, its target."""
        me = self.game.to_move(state)
        leader, edge = leader_edge(self.evaluate(state))
        if leader == me:
            return ("paranoid", None) if edge >= self.defend_edge else ("maxn", None)
        return ("offensive", leader) if edge >= self.attack_edge else ("maxn", None)

    def search(self, state, limit):
        if not self.game.legal_moves(state):
            raise GameOverError("search of a finished game")
        self.strategy, target = self.choose(state)
        engine = self.engines[self.strategy]
        if target is not None:
            engine.target = target
        return engine.search(state, limit)

    def release(self):
        self.engines["paranoid"].release()


class Node:
    __slots__ = ("state", "moves", "children", "player", "visits", "w")

    def __init__(self, state, moves, player):
        self.state = state
        self.moves = moves      # legal moves; children[i] is the child of moves[i]
        self.children = []      # created so far, in the order of ``moves``
        self.player = player    # the player who moved into this node
        self.visits = 0
        self.w = 0.0            # the sum of that player's rewards


class MCTSN(Engine):
    """UCT for N players: select the child with the highest ``w/n + C*sqrt(ln N / n)``
    for the player to move (each untried move first, in the game's order), add one
    node, play out at random (``playout_plies`` plies then the evaluation, if set; else
    to the end and its returns), add each player's reward to the nodes that player
    moved into. The move played is the most visited.

    Options: ``C`` (0.7), ``playout_plies`` (none: to the end), ``reuse`` (on: the
    tree is kept, and the next search starts from the node of its state if it lies
    within one round of turns below the last root), ``seed``. A Limit's ``depth`` stops
    the search once a simulation reaches that depth in the tree, as mcts's does; its
    ``nodes`` counts simulations."""

    name = "mcts-n"

    def __init__(self, game, evaluate, C: float = C, playout_plies: int = None, reuse=True,
                 seed: int = None):
        require_nplayer(game, self.name)
        super().__init__(game, evaluate)
        self.clock = Deadline(every=1)  # a simulation is long: the clock is looked at after each
        self.C = C
        self.playout_plies = playout_plies
        self.reuse = reuse
        self.random = random.Random(seed)
        self.tree = None
        self.dropped = None  # the last tree, freed by release() (engines/base.py)

    def search(self, state, limit):
        limit = self.start(limit)
        game = self.game
        moves = list(game.legal_moves(state))
        if not moves:
            raise GameOverError("search of a finished game")
        root = None
        if self.reuse and self.tree is not None:
            root, _ = find_kept(self.tree, state, getattr(game, "num_players", 2))
        self.dropped, self.tree = self.tree, root or Node(state, moves, -1)
        root = self.tree
        max_depth = max(limit.depth, 1) if limit.depth is not None else 1 << 30
        clock, simulations, deepest = self.clock, 0, 0
        while True:
            deepest = max(deepest, self.simulate(root, max_depth))
            simulations += 1
            if clock.tick() or clock.spent() or deepest >= max_depth:
                break
        child = max(root.children, key=lambda node: node.visits)
        move = root.moves[root.children.index(child)]
        return SearchResult(move, child.w / child.visits, simulations, deepest, [move], False)

    def simulate(self, root, max_depth):
        """One simulation from ``root``; answers the depth of the node it reached."""
        game, log, sqrt, C = self.game, math.log, math.sqrt, self.C
        node, path = root, [root]
        while node.moves and len(path) <= max_depth:
            if len(node.children) < len(node.moves):
                state = game.play(node.state, node.moves[len(node.children)])
                child = Node(state, game.legal_moves(state), game.to_move(node.state))
                node.children.append(child)
                path.append(child)
                node = child
                break
            spread = C * sqrt(log(node.visits))
            node = max(node.children, key=lambda c: c.w / c.visits + spread / sqrt(c.visits))
            path.append(node)
        reward = self.playout(node)
        root.visits += 1
        for visited in path[1:]:
            visited.visits += 1
            visited.w += reward[visited.player]
        return len(path) - 1

    def release(self):
        self.dropped = None

    def playout(self, node):
        game = self.game
        if not node.moves:
            return game.returns(node.state)
        if self.playout_plies is None:
            state, _ = plain_random_playout(game, node.state, self.random.random, node.moves)
            return game.returns(state)
        state, moves, draw = node.state, node.moves, self.random.random
        for _ in range(self.playout_plies):
            state = game.play(state, moves[int(draw() * len(moves))])
            moves = game.legal_moves(state)
            if not moves:
                return game.returns(state)
        return self.evaluate(state)
