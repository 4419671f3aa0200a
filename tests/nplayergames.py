"""Small games of two to four players that follow the N-player contract, to check the
engines of engines/nplayer.py: a random tree and a small light-cycle game.

Both state ``value_bounds = (0, max_sum)``. The tree's values are random points with
entries >= 0 and a sum of at most 1 (exactly 1 with ``constant_sum``), or rankings
(shares of 0 .. 1 with ties) with ``ranking``; its player to move is ``ply % n`` except
where a hash skips one, so that a player may move twice in a row, as a game with
eliminations has it.
"""

from treegame import mix


def point(seed, n, constant_sum, *key):
    """A random vector of ``n`` entries >= 0 summing to at most 1 (exactly 1 where
    ``constant_sum``), from a hash of ``key``."""
    raw = [mix(seed, 7, p, *key) % 10007 + 1 for p in range(n + 1)]
    total = sum(raw) if not constant_sum else sum(raw[:n])
    return tuple(value / total for value in raw[:n])


def ranking(seed, n, *key):
    """Shares of a ranking: 0 for the last .. 1 for the first; tied players share."""
    places = [mix(seed, 8, p, *key) % n for p in range(n)]
    shares = []
    for place in places:
        below = sum(1 for other in places if other < place)
        tied = places.count(place)
        shares.append((below + (tied - 1) / 2) / (n - 1))
    return tuple(shares)


class NTreeGame:
    """A state is ``(ply, code)``; ends between ``min_depth`` and ``max_depth`` plies."""

    def __init__(self, seed, num_players, branching=(1, 4), min_depth=2, max_depth=6,
                 end_chance=0.2, constant_sum=False, ranking=False, skip_chance=0.15):
        self.seed, self.num_players = seed, num_players
        self.branching, self.min_depth, self.max_depth = branching, min_depth, max_depth
        self.end_chance, self.constant_sum, self.ranking = end_chance, constant_sum, ranking
        self.skip_chance = skip_chance
        n = num_players
        self.value_bounds = (0.0, n / 2 if ranking else 1.0)

    def initial_state(self, ply=0):
        return (ply, 0)

    def to_move(self, state):
        ply, code = state
        skip = mix(self.seed, 9, ply, code) % 100 < self.skip_chance * 100
        return (ply + skip) % self.num_players

    def _ends(self, state):
        ply, code = state
        if ply >= self.max_depth:
            return True
        return ply >= self.min_depth and mix(self.seed, 1, ply, code) % 1000 < self.end_chance * 1000

    def legal_moves(self, state):
        if self._ends(state):
            return []
        low, high = self.branching
        return list(range(low + mix(self.seed, 2, *state) % (high - low + 1)))

    def play(self, state, move):
        ply, code = state
        return (ply + 1, code * 16 + move + 1)

    def returns(self, state):
        if not self._ends(state):
            return None
        if self.ranking:
            return ranking(self.seed, self.num_players, *state)
        return point(self.seed, self.num_players, self.constant_sum, 1, *state)

    def evaluate(self, state):
        if self.ranking:
            return ranking(self.seed + 1, self.num_players, *state)
        return point(self.seed, self.num_players, self.constant_sum, 2, *state)


class LightCycles:
    """Cycles on a small grid moving in turn; a cycle that moves into a wall or a trail
    is out (its trail stays). The last one in wins; a player's return is the share of
    the others out before it: 0 for the first out .. 1 for the winner.

    A state is ``(heads, taken, mover, out)``: each cycle's cell (-1: out), the bitmask
    of trails, the player to move, and the players out, in order."""

    STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))

    def __init__(self, width, height, starts):
        self.width, self.height = width, height
        self.starts = tuple(starts)
        self.num_players = len(starts)
        self.value_bounds = (0.0, self.num_players / 2)

    def initial_state(self, mover=0):
        taken = 0
        for cell in self.starts:
            taken |= 1 << cell
        return (self.starts, taken, mover, ())

    def to_move(self, state):
        return state[2]

    def legal_moves(self, state):
        return [] if len(state[3]) >= self.num_players - 1 else [0, 1, 2, 3]

    def play(self, state, move):
        heads, taken, mover, out = state
        x, y = heads[mover] % self.width, heads[mover] // self.width
        dx, dy = self.STEPS[move]
        x, y = x + dx, y + dy
        cell = x + y * self.width
        heads = list(heads)
        if 0 <= x < self.width and 0 <= y < self.height and not taken >> cell & 1:
            heads[mover], taken = cell, taken | 1 << cell
        else:
            heads[mover], out = -1, out + (mover,)
        following = (mover + 1) % self.num_players
        while heads[following] < 0 and following != mover:
            following = (following + 1) % self.num_players
        return (tuple(heads), taken, following, out)

    def returns(self, state):
        heads, _, _, out = state
        n = self.num_players
        if len(out) < n - 1:
            return None
        shares = [1.0] * n
        for place, player in enumerate(out):
            shares[player] = place / (n - 1)
        return tuple(shares)

    def evaluate(self, state):
        """Players out keep their share; the rest of the sum goes to those still in, by
        their free cells beside them (plus one)."""
        heads, taken, _, out = state
        n = self.num_players
        shares = [0.0] * n
        for place, player in enumerate(out):
            shares[player] = place / (n - 1)
        left = n / 2 - sum(shares)
        free = {}
        for player, cell in enumerate(heads):
            if cell >= 0:
                x, y = cell % self.width, cell // self.width
                free[player] = 1 + sum(1 for dx, dy in self.STEPS
                                       if 0 <= x + dx < self.width and 0 <= y + dy < self.height
                                       and not taken >> (x + dx + (y + dy) * self.width) & 1)
        total = sum(free.values())
        for player, count in free.items():
            shares[player] = left * count / total
        return tuple(shares)
