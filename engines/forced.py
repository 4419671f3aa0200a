"""Forced lines: a proof-number search that proves wins and losses far deeper than a
full-width search of the same time, and an engine that runs it around its inner
alpha-beta each turn.

In a game that a single move ends (Onitama: the master taken or the shrine reached),
forced lines are narrow: after most of the attacker's moves that matter, most of the
defender's moves lose at once. ``ProofSearch.prove(state)`` asks whether the side to
move (the attacker) forces a win within ``depth + 1`` of its own moves: proof-number search
(Allis) over an and/or tree in which the attacker tries every move and the defender
only its *parries*, the moves after which the attacker cannot win at once (the game's
``parrying_moves``; the others lose, so leaving them out keeps every proof sound). A
defender's node starts with as many proof points as it has parries, so the search goes
first where the defence is narrowest: threats, without being told which moves threaten.
A proven win of the attacker's is stored (its state, its move, its length in plies) in
a table kept between turns: a state holds its ply, so a proof stays true, and the next
turns of a won game play it on without searching.

``Forced(game, evaluate, engine="alphabeta+", win_share=..., check_share=..., ...)`` is an
engine. Each turn it plays a win that its table holds; where our last search's value
was at least ``win_above`` (or on its first turn), it first looks for one (``win_share``
of the time). Else the
inner engine searches; where our last value was below ``check_below`` (we may be losing)
it stops at ``1 - check_share`` of the time, and the prover asks whether the move it
chose loses (half of the rest); if so, the inner engine searches the other moves, and
its choice replaces the move unless it sees every one lost. The shares and the
thresholds keep the proofs to the turns where they may pay: they change a move in a
few positions of a game, and every turn they run takes time from the inner search.
Games without the hooks ``winning_moves`` and ``parrying_moves`` get the inner engine
alone, as does a search to a fixed depth. docs/tuning/onitama-forced.md has the figures.
"""

from time import perf_counter

from engines import registry
from engines.base import PROVEN, WIN, Engine, Limit, OptionError, SearchResult, check_limit

WIN_SHARE = 0.05       # of the turn's time (and node budget) to look for our win first
CHECK_SHARE = 0.4      # of it kept to check the inner engine's move (and search again)
WIN_ABOVE = 0.3        # our win is looked for where our last search's value was at least this (or none)
CHECK_BELOW = -0.2     # the inner engine's move is checked where it was below this (or none)
MAX_MOVES = 10         # the attacker's moves before its winning one, at most (proofs of 21 plies)
PROOF_NODES = 100_000  # the most positions a proof creates (its tree's memory: some 40 MB)
TABLE_SIZE = 100_000   # proven wins kept before the table starts afresh (between turns)
WRAPPABLE = ("alphabeta", "alphabeta+")  # inner engines whose search takes the root moves
INFINITY = 1 << 40     # a proof or disproof number that cannot be reached


class Node:
    """A node of the proof tree: ``attacker`` to move (an or-node) or the defender (an
    and-node); ``proof``/``disproof``: the numbers of leaves that must be proven or
    disproven to settle it; ``moves``: the attacker's moves (the defender's parries) from
    it, one per child; ``children`` None until expanded; ``depth``: the attacker's
    moves before it. No link to the parent: the tree holds no cycle, so that it is freed
    without the cyclic garbage collector, which the bots switch off."""

    __slots__ = ("state", "attacker", "proof", "disproof", "moves", "children", "depth")

    def __init__(self, state, attacker, depth):
        self.state, self.attacker, self.depth = state, attacker, depth
        self.proof = self.disproof = 1
        self.moves = self.children = None


class ProofSearch:
    """Proof-number search of forced wins (see the module's notes). ``clock`` is an
    engines.base.Deadline: each position created ticks it, and the search stops,
    unproven, once it has passed. ``table``: {state: (move, plies)}, proven wins of the
    side to move, kept from search to search."""

    def __init__(self, game, clock, depth=MAX_MOVES):  # depth: as MAX_MOVES
        self.game = game
        self.clock = clock
        self.depth = depth
        self.table = {}
        self.nodes = 0
        self.dropped = []  # the proof trees of the turn, freed by ``release`` (off the clock)

    def prove(self, state):
        """``(move, plies)`` of a win that the side to move of ``state`` forces, proven
        before the clock ran out, else None."""
        known = self.table.get(state)
        if known is not None:
            return known
        root = Node(state, True, 0)
        self.dropped.append(root)
        self._settle(root)
        clock = self.clock
        while root.proof and root.disproof:
            path = [root]
            node = root
            while node.children is not None:  # the most proving node
                if node.attacker:
                    node = min(node.children, key=proof_of)
                else:
                    node = min(node.children, key=disproof_of)
                path.append(node)
            before = self.nodes
            self._expand(node)
            self._update(path)
            clock.left -= self.nodes - before  # a unit of the clock for each position created
            if clock.left <= 0 and clock.due():
                break
        if root.proof:
            return None
        self._store(root)
        return self.table[state]

    def _settle(self, node):
        """Sets an attacker's node that is decided without a search: a win at once, a
        win the table holds, the game over or the depth spent (no win)."""
        game, state = self.game, node.state
        moves = game.legal_moves(state)
        if moves and (state in self.table or game.winning_moves(state, moves)):
            node.proof, node.disproof = 0, INFINITY
        elif not moves or node.depth >= self.depth:
            node.proof, node.disproof = INFINITY, 0

    def _expand(self, node):
        game, state = self.game, node.state
        play, legal_moves, parrying_moves = game.play, game.legal_moves, game.parrying_moves
        children = []
        if node.attacker:
            node.moves = list(legal_moves(state))
            for move in node.moves:
                child = Node(play(state, move), False, node.depth + 1)
                replies = legal_moves(child.state)
                self.nodes += 1
                if not replies:  # the game is over: our win, or a draw at the turn limit
                    won = game.outcome(child.state) == -1
                    child.proof, child.disproof = (0, INFINITY) if won else (INFINITY, 0)
                elif game.winning_moves(child.state, replies):
                    child.proof, child.disproof = INFINITY, 0  # the defender wins first
                else:
                    parries = parrying_moves(child.state, replies)
                    child.moves = parries
                    if parries:
                        child.proof = len(parries)   # the narrower the defence, the nearer a proof
                    else:
                        child.proof, child.disproof = 0, INFINITY
                children.append(child)
                if not child.proof:
                    break  # the node is proven: its other moves need not be seen
        else:
            for move in node.moves:
                child = Node(play(state, move), True, node.depth)
                self.nodes += 1
                self._settle(child)
                children.append(child)
                if child.disproof == 0:
                    break  # a parry that holds: the node is disproven
        node.children = children
        self._numbers(node)

    @staticmethod
    def _numbers(node):
        children = node.children
        if node.attacker:
            node.proof = min(map(proof_of, children))
            node.disproof = min(sum(map(disproof_of, children)), INFINITY)
        else:
            node.proof = min(sum(map(proof_of, children)), INFINITY)
            node.disproof = min(map(disproof_of, children))

    def _update(self, path):
        """The numbers of the ancestors on ``path`` (the root first) of its last node,
        just expanded."""
        for node in reversed(path[:-1]):
            before = node.proof, node.disproof
            self._numbers(node)
            if (node.proof, node.disproof) == before:
                break  # nothing above changes

    def _store(self, node):
        """Stores the proven attacker's ``node`` and every attacker's node of its proof
        in the table; returns the win's length in plies."""
        state = node.state
        if state in self.table:
            return self.table[state][1]
        moves = self.game.legal_moves(state)
        wins = self.game.winning_moves(state, moves)
        if wins:
            found = wins[0], 1
        else:
            index = next(i for i, child in enumerate(node.children) if not child.proof)
            defence = node.children[index]
            # every parry refuted (plies of each line), or none left: a win at once after any move
            longest = max((self._store(child) for child in defence.children or ()), default=1)
            found = node.moves[index], longest + 2
        self.table[state] = found
        return found[1]

    def release(self):
        """Frees the turn's proof trees; starts the table afresh once it holds more than
        TABLE_SIZE proofs."""
        self.dropped = []
        if len(self.table) > TABLE_SIZE:
            self.table = {}


def proof_of(node):
    return node.proof


def disproof_of(node):
    return node.disproof


class Forced(Engine):
    """Any alpha-beta engine, with proofs of forced lines around it each turn.

    Parameters: ``engine`` (the inner engine's name, one of ``WRAPPABLE``),
    ``win_share`` and ``check_share`` (of the time and node budget), ``win_above`` and
    ``check_below`` (values of our last search), see the module's notes (both shares 0:
    the inner engine alone); ``forced_moves`` (the attacker's moves before its winning
    one, at most); ``proof_nodes`` (the most positions a proof creates, for searches of
    a fixed size; None: the limit's); any other parameter goes to the inner engine."""

    name = "forced"

    def __init__(self, game, evaluate, engine="alphabeta+", win_share=WIN_SHARE, check_share=CHECK_SHARE,
                 win_above=WIN_ABOVE, check_below=CHECK_BELOW, forced_moves=MAX_MOVES, proof_nodes: int = None,
                 **params):
        if engine not in WRAPPABLE:
            raise OptionError(f"forced wraps {' or '.join(WRAPPABLE)}, not {engine!r}")
        if not (0 <= win_share and 0 <= check_share and win_share + check_share < 1):
            raise OptionError(f"win_share={win_share}, check_share={check_share}: expected shares "
                              "at least 0 whose sum is below 1")
        super().__init__(game, evaluate)
        self.inner = registry.engine_class(engine)(game, evaluate, **params)
        self.win_share, self.check_share = win_share, check_share
        self.win_above, self.check_below = win_above, check_below
        self.proof_nodes = proof_nodes
        self.last_value = None  # the value of our last search, which says what to prove this turn
        self.hooked = hasattr(game, "parrying_moves") and hasattr(game, "winning_moves")
        self.prover = ProofSearch(game, self.clock, forced_moves)

    def release(self):
        self.inner.release()
        self.prover.release()

    def search(self, state, limit):
        check_limit(limit)
        if not (self.hooked and (self.win_share or self.check_share)) or limit.depth is not None:
            return self.inner.search(state, limit)
        moves = list(self.game.legal_moves(state))
        if not moves:
            return self.inner.search(state, limit)  # its GameOverError
        budget = Budget(limit)
        last, self.last_value = self.last_value, None
        known = self.prover.table.get(state)  # a win proven on an earlier turn
        if known is None and self.win_share and (last is None or last >= self.win_above):
            known = self.prove(state, budget, self.win_share)
        if known is not None and known[0] in moves:
            move, plies = known
            return SearchResult(move, WIN - plies, budget.spent, plies, [move], True)
        checking = self.check_share and (last is None or last < self.check_below)
        result = self.inner.search(state, budget.inner(1 - self.check_share if checking else 1), moves=moves)
        budget.spent += result.nodes
        self.last_value = result.value
        if not checking or result.proven:  # the inner engine knows the move's result
            return result._replace(nodes=budget.spent)
        lost = self.prove(self.game.play(state, result.move), budget, 1 - self.check_share / 2)
        alive = [move for move in moves if move != result.move]
        if lost is not None and alive:
            again = self.inner.search(state, budget.inner(1), moves=alive)
            budget.spent += again.nodes
            if again.value > -PROVEN:  # else every move seems lost: keep the one whose loss is deepest
                result = again
                self.last_value = again.value
        return result._replace(nodes=budget.spent)

    def prove(self, state, budget, share):
        """The prover's ``(move, plies)`` for the side to move of ``state``, searched
        until ``share`` of the turn's ``budget`` is gone."""
        limit = budget.until(share)
        if self.proof_nodes is not None:  # a proof of a fixed size, whatever the clock
            limit.nodes = min(self.proof_nodes, limit.nodes or self.proof_nodes)
        self.start(limit)
        before = self.prover.nodes
        found = self.prover.prove(state)
        budget.spent += self.prover.nodes - before
        return found


class Budget:
    """A turn's limit shared out: its deadline and node budget, the units spent so far;
    ``until(share)`` the limit of a proof that may run until that share of the time or
    budget (from the turn's start) is gone, ``inner(share)`` the same for the inner
    engine. A proof creates PROOF_NODES positions at most."""

    def __init__(self, limit):
        self.start = perf_counter()
        self.deadline, self.nodes = limit.deadline, limit.nodes
        self.spent = 0

    def _limit(self, share, nodes_cap):
        deadline = self.start + (self.deadline - self.start) * share
        if self.nodes is None:
            return Limit(deadline=deadline, nodes=nodes_cap)
        return Limit(deadline=deadline, nodes=max(1, int(self.nodes * share) - self.spent))

    def until(self, share):
        limit = self._limit(share, PROOF_NODES)
        limit.nodes = min(limit.nodes, PROOF_NODES)
        return limit

    def inner(self, share):
        return self._limit(share, None)
