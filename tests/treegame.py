"""A synthetic game on a random tree (or DAG), and exhaustive negamax to check engines.

A state is ``(ply, code)``; player ``ply % 2`` is to move. Everything else (how many
moves, whether the game is over, its result, the heuristic value) is a hash of the
state and the game's seed, so a game is reproducible and costs nothing to store. With
``width`` set, the children of a ply are drawn among ``width`` codes only, so different
move orders reach the same state: a DAG with transpositions. Games end anywhere
between ``min_depth`` and ``max_depth`` plies from the start, so proven results come
at various distances and "shortest win" matters.
"""

MASK = (1 << 64) - 1


def mix(*numbers):
    """A 64-bit hash of a few ints (splitmix64 steps)."""
    h = 0x9E3779B97F4A7C15
    for n in numbers:
        h = (h ^ (n & MASK)) * 0xBF58476D1CE4E5B9 & MASK
        h = (h ^ (h >> 31)) * 0x94D049BB133111EB & MASK
        h ^= h >> 29
    return h


class TreeGame:
    name = "tree"

    def __init__(self, seed, branching=(1, 4), min_depth=2, max_depth=7, end_chance=0.25,
                 draw_chance=0.2, width=None):
        self.seed = seed
        self.branching = branching
        self.min_depth = min_depth
        self.max_depth = max_depth
        self.end_chance = end_chance
        self.draw_chance = draw_chance
        self.width = width

    def initial_state(self, ply=0):
        return (ply, 0)

    def to_move(self, state):
        return state[0] % 2

    def _ends(self, state):
        ply, code = state
        if ply >= self.max_depth:
            return True
        if ply < self.min_depth:
            return False
        return mix(self.seed, 1, ply, code) % 1000 < self.end_chance * 1000

    def legal_moves(self, state):
        if self._ends(state):
            return []
        low, high = self.branching
        count = low + mix(self.seed, 2, *state) % (high - low + 1)
        return list(range(count))

    def play(self, state, move):
        ply, code = state
        if self.width:
            return (ply + 1, mix(self.seed, 3, ply, code, move) % self.width)
        return (ply + 1, code * 16 + move + 1)

    def outcome(self, state):
        if not self._ends(state):
            return None
        roll = mix(self.seed, 4, *state) % 1000
        if roll < self.draw_chance * 1000:
            return 0
        return 1 if roll % 2 else -1

    def noisy_moves(self, state, moves):
        """About a third of the moves, drawn by hash: what alpha-beta's quiescence
        search plays on past its depth limit."""
        return [move for move in moves if mix(self.seed, 6, *state, move) % 3 == 0]

    def evaluate(self, state):
        """A noisy heuristic in [-1, 1] for the side to move."""
        return (mix(self.seed, 5, *state) % 2001 - 1000) / 1001.0

    def move_name(self, move):
        return str(move)

    def render(self, state):
        return [repr(state)]


def back(value):
    """A child's value (relative to the child) seen from its parent, one ply up."""
    from engines.base import PROVEN
    if value >= PROVEN:
        return -value + 1
    if value <= -PROVEN:
        return -value - 1
    return -value


def exact_value(game, state, memo=None):
    """Exhaustive negamax value of ``state``, relative to it (``WIN - plies`` to the end)."""
    from engines.base import terminal_value
    if memo is None:
        memo = {}
    value = memo.get(state)
    if value is None:
        moves = game.legal_moves(state)
        if not moves:
            value = terminal_value(game.outcome(state), 0)
        else:
            value = max(back(exact_value(game, game.play(state, m), memo)) for m in moves)
        memo[state] = value
    return value


def best_moves(game, state, memo=None):
    """The moves that reach the exact value of ``state``."""
    if memo is None:
        memo = {}
    target = exact_value(game, state, memo)
    return [m for m in game.legal_moves(state)
            if back(exact_value(game, game.play(state, m), memo)) == target]
