"""Forced lines: a search that proves wins along threats, and an engine that spends a
share of each turn on it before its inner engine searches.

In a game that a single move ends (Onitama: the master taken or the shrine reached),
forced lines are narrow. The attacker plays moves that win at once or threaten to: after
them the defender would lose at once if it could pass (the game's ``threatened``); the
defender must answer, and most of its moves fail at once to a win in one (the game's
``winning_moves``), found without a search. ``ThreatProver.attack(state, n)`` says
whether the side to move forces a win within ``n`` of its own moves playing such moves
only, against every defence: an and/or tree searched depth first. Restricting the
attacker keeps every proof sound (a win by threats is a win) and the tree narrow enough
to see lines far deeper than a full-width search of the same time. Its table keeps the
proofs (a win's distance and move) and the failures (no win by threats within so many
moves) between turns: a state holds its ply, so an entry stays true.

``Forced(game, evaluate, engine="alphabeta+", forced_share=..., ...)`` is an engine: each
turn the prover first gets ``forced_share`` of the time, deepening ``n`` over the root
(a win of ours) and over each root move's position (a win of the opponent's: that move
loses). A proven win is played along its proof; moves proven lost are left out of the
inner engine's search, which gets the rest of the time (unless every move is lost: then
it searches them all, for the longest resistance). Games without the hooks
``threatened`` and ``winning_moves`` get the inner engine alone, as does a search to a
fixed depth. docs/tuning/onitama-forced.md has the figures.
"""

from time import perf_counter

from engines import registry
from engines.base import WIN, Engine, Limit, OptionError, SearchResult, Timeout, check_limit

FORCED_SHARE = 0.3     # of the turn's time (and node budget) first given to the prover
MAX_MOVES = 12         # deepest proof, in moves of the attacker (23 plies)
TABLE_SIZE = 200_000   # entries of the prover's table before it starts afresh (between turns)
WRAPPABLE = ("alphabeta", "alphabeta+")  # inner engines whose search takes the root moves


class ThreatProver:
    """Proofs of forced wins by threats (see the module's notes). ``clock`` is an
    engines.base.Deadline: each node ticks it, and Timeout is raised once it has passed.

    ``table[state]``: ``(k, move)``, the side to move wins within ``k`` of its moves,
    starting with ``move``; or ``(-d, None)``, it has no such win within ``d``."""

    def __init__(self, game, clock):
        self.game = game
        self.clock = clock
        self.table = {}
        self.nodes = 0

    def attack(self, state, n):
        """The number of its own moves within which the side to move of ``state`` forces
        a win by threats, at most ``n``; 0 where it finds none."""
        self.nodes += 1
        clock = self.clock
        clock.left -= 1
        if clock.left <= 0 and clock.due():
            raise Timeout
        game = self.game
        moves = game.legal_moves(state)
        if not moves:
            return 0
        wins = game.winning_moves(state, moves)
        if wins:
            return 1
        if n <= 1:
            return 0
        entry = self.table.get(state)
        if entry is not None:
            k = entry[0]
            if 0 < k <= n:
                return k
            if -k >= n:
                return 0
        play, threatened, defend = game.play, game.threatened, self.defend
        for move in moves:
            child = play(state, move)
            if threatened(child):
                k = defend(child, n - 1)
                if k:
                    self.table[state] = (k + 1, move)
                    return k + 1
        self.table[state] = (-n, None)
        return 0

    def defend(self, state, n):
        """The most moves (at most ``n``) within which the attacker, whose threat the side
        to move of ``state`` faces, wins against each of its defences; 0 where one holds."""
        game = self.game
        moves = game.legal_moves(state)
        if not moves:  # the game is over: only the turn limit ends it here, a draw
            return 0
        if game.winning_moves(state, moves):
            return 0
        play, attack = game.play, self.attack
        longest = 0
        for move in moves:
            k = attack(play(state, move), n)
            if not k:
                return 0
            longest = max(longest, k)
        return longest

    def line(self, state):
        """The proven win from ``state`` (of its side to move) as moves, each attacker
        move followed by the defence that holds out longest, as far as the table says."""
        game, line = self.game, []
        while True:
            moves = game.legal_moves(state)
            wins = game.winning_moves(state, moves) if moves else []
            if wins:
                return line + [wins[0]]
            entry = self.table.get(state)
            if not moves or entry is None or entry[0] <= 0:
                return line
            child = game.play(state, entry[1])
            replies = game.legal_moves(child)
            if not replies:
                return line + [entry[1]]
            reply = max(replies, key=lambda move: self.distance(game.play(child, move)))
            line += [entry[1], reply]
            state = game.play(child, reply)

    def distance(self, state):
        """The proven distance of the side to move's win from ``state`` as the table
        holds it (1: a win at once; 0: none known)."""
        moves = self.game.legal_moves(state)
        if moves and self.game.winning_moves(state, moves):
            return 1
        entry = self.table.get(state)
        return entry[0] if entry is not None and entry[0] > 0 else 0

    def release(self):
        """Starts the table afresh once it holds more than TABLE_SIZE entries."""
        if len(self.table) > TABLE_SIZE:
            self.table = {}


class Forced(Engine):
    """Any alpha-beta engine, after a search of forced lines each turn.

    Parameters: ``engine`` (the inner engine's name, one of ``WRAPPABLE``),
    ``forced_share`` (of the time and node budget given to the prover first; 0: none),
    ``forced_moves`` (the deepest proof, in the attacker's moves); any other parameter
    goes to the inner engine."""

    name = "forced"

    def __init__(self, game, evaluate, engine="alphabeta+", forced_share=FORCED_SHARE,
                 forced_moves=MAX_MOVES, **params):
        if engine not in WRAPPABLE:
            raise OptionError(f"forced wraps {' or '.join(WRAPPABLE)}, not {engine!r}")
        if not 0 <= forced_share < 1:
            raise OptionError(f"forced_share={forced_share}: expected a share in [0, 1)")
        super().__init__(game, evaluate)
        self.inner = registry.engine_class(engine)(game, evaluate, **params)
        self.forced_share = forced_share
        self.forced_moves = forced_moves
        self.hooked = hasattr(game, "threatened") and hasattr(game, "winning_moves")
        self.prover = ThreatProver(game, self.clock)

    def release(self):
        self.inner.release()
        self.prover.release()

    def search(self, state, limit):
        check_limit(limit)
        if not (self.hooked and self.forced_share) or limit.depth is not None:
            return self.inner.search(state, limit)
        moves = list(self.game.legal_moves(state))
        if not moves:
            return self.inner.search(state, limit)  # its GameOverError
        now = perf_counter()
        nodes = None if limit.nodes is None else max(1, int(limit.nodes * self.forced_share))
        self.start(Limit(deadline=now + (limit.deadline - now) * self.forced_share, nodes=nodes))
        self.prover.nodes = 0
        win, lost = self.prove(state, moves)
        spent = self.prover.nodes
        if win:
            line = self.prover.line(state)
            return SearchResult(line[0], WIN - (2 * win - 1), spent, 2 * win - 1, line, True)
        alive = [move for move in moves if move not in lost] or moves
        rest = None if limit.nodes is None else max(1, limit.nodes - spent)
        result = self.inner.search(state, Limit(deadline=limit.deadline, nodes=rest), moves=alive)
        return result._replace(nodes=result.nodes + spent)

    def prove(self, state, moves):
        """(our win's distance in our moves, or 0; {root move: the opponent's proven win
        after it, in its moves}), deepening until the prover's clock runs out."""
        prover, play = self.prover, self.game.play
        children = [(move, play(state, move)) for move in moves]
        lost = {}
        try:
            for n in range(1, self.forced_moves + 1):
                win = prover.attack(state, n)
                if win:
                    return win, lost
                for move, child in children:
                    if move not in lost:
                        k = prover.attack(child, n)
                        if k:
                            lost[move] = k
                if len(lost) == len(moves):
                    break
        except Timeout:
            pass
        return 0, lost
