"""Tron Battle (CodinGame's "Tron Battle", also "Line Racing") for 2, 3 or 4 cycles
(docs/PROTOCOLS.md, "Tron Battle").

A 30 x 20 grid. Each cycle starts on its own cell and, in seat order 0, 1, ..., n-1
(eliminated cycles skipped), steps UP, DOWN, LEFT or RIGHT, leaving its ribbon on every
cell it has been on. A step off the grid or onto any ribbon eliminates the cycle: its
ribbon disappears and the others play on. The last cycle in play wins; the others rank
by the order they went out.

A state is the tuple ``(to_move, heads, starts, ribbons, occupied, out)``: per player
its head cell, its start cell and its ribbon (a bitboard of cells, bit ``y * 30 + x``),
with -1, -1 and 0 for a player out; ``occupied`` is every ribbon's union; ``out`` the
players out, in the order they went. ``to_move`` is never a player out; once the game is
over it is the winner. Moves are 0-3 (``UP``, ``DOWN``, ``LEFT``, ``RIGHT``).

A cycle with no free neighbour must still answer on CodinGame, and then it dies: its
legal moves are then all four directions, each eliminating it, so ``legal_moves`` is
empty exactly when the game is over.
"""

from games.errors import GameError

WIDTH, HEIGHT = 30, 20
CELLS = WIDTH * HEIGHT
MOVE_NAMES = ("UP", "DOWN", "LEFT", "RIGHT")
STEPS = ((0, -1), (0, 1), (-1, 0), (1, 0))
ALL_MOVES = (0, 1, 2, 3)
OFF = -1  # the head, start or neighbour of nothing: off the grid, or a player out
PLAYERS = (2, 3, 4)
# Start cells of initial_state() without arguments (CodinGame draws them at random: the
# referee's new_state): spread over the grid, the first n of them.
DEFAULT_STARTS = ((5, 5), (24, 14), (24, 5), (5, 14))


def cell(x, y):
    return y * WIDTH + x


def xy(c):
    return c % WIDTH, c // WIDTH


def _neighbours(c):
    x, y = xy(c)
    found = []
    for dx, dy in STEPS:
        nx, ny = x + dx, y + dy
        found.append(cell(nx, ny) if 0 <= nx < WIDTH and 0 <= ny < HEIGHT else OFF)
    return tuple(found)


# NEIGHBOUR[c][m]: the cell move m leads to from cell c, or OFF (off the grid).
NEIGHBOUR = tuple(_neighbours(c) for c in range(CELLS))


class Tron:
    """The rules for ``num_players`` cycles (games/contract.py's ``NPlayerRules``)."""

    name = "tron"

    def __init__(self, num_players=2):
        if num_players not in PLAYERS:
            raise GameError(f"Tron seats 2, 3 or 4 players, not {num_players!r}")
        self.num_players = num_players
        self.value_bounds = (0.0, num_players / 2)
        # every ply fills a free cell or puts a player out; the cells fill at most once
        # between two players going out
        self.max_plies = (num_players - 1) * (CELLS + 1)

    def __repr__(self):
        return f"Tron({self.num_players})"

    def initial_state(self, starts=None):
        """The start with cycles on ``starts`` (cells ``(x, y)``, distinct; default:
        ``DEFAULT_STARTS``), player 0 to move."""
        starts = DEFAULT_STARTS[:self.num_players] if starts is None else tuple(starts)
        cells = tuple(cell(x, y) for x, y in starts)
        if len(cells) != self.num_players or len(set(cells)) != len(cells):
            raise GameError(f"expected {self.num_players} distinct start cells, got {starts!r}")
        if not all(0 <= x < WIDTH and 0 <= y < HEIGHT for x, y in starts):
            raise GameError(f"start cells must lie on the {WIDTH} x {HEIGHT} grid, got {starts!r}")
        ribbons = tuple(1 << c for c in cells)
        occupied = 0
        for ribbon in ribbons:
            occupied |= ribbon
        return 0, cells, cells, ribbons, occupied, ()

    # --- the contract -------------------------------------------------------------

    def to_move(self, state):
        return state[0]

    def over(self, state):
        """Whether at most one player is left in play."""
        return len(state[5]) >= self.num_players - 1

    def legal_moves(self, state):
        if len(state[5]) >= self.num_players - 1:
            return ()
        to_move, heads, _, _, occupied, _ = state
        around = NEIGHBOUR[heads[to_move]]
        free = tuple(m for m in ALL_MOVES if around[m] != OFF and not occupied >> around[m] & 1)
        return free or ALL_MOVES

    def play(self, state, move):
        to_move, heads, starts, ribbons, occupied, out = state
        target = NEIGHBOUR[heads[to_move]][move]
        if target == OFF or occupied >> target & 1:
            return self.eliminated(state, to_move)
        bit = 1 << target
        heads = heads[:to_move] + (target,) + heads[to_move + 1:]
        ribbons = ribbons[:to_move] + (ribbons[to_move] | bit,) + ribbons[to_move + 1:]
        return self._next(to_move, heads), heads, starts, ribbons, occupied | bit, out

    def eliminated(self, state, player):
        """``state`` with ``player`` out: its ribbon gone, the turn passed on if it was
        its turn (the referee's ``eliminate``: a timeout or a wrong answer)."""
        to_move, heads, starts, ribbons, occupied, out = state
        if heads[player] == OFF:
            raise GameError(f"player {player} is already out")
        occupied &= ~ribbons[player]
        heads = heads[:player] + (OFF,) + heads[player + 1:]
        starts = starts[:player] + (OFF,) + starts[player + 1:]
        ribbons = ribbons[:player] + (0,) + ribbons[player + 1:]
        out = out + (player,)
        if len(out) >= self.num_players - 1:
            to_move = next(p for p in range(self.num_players) if heads[p] != OFF)
        elif to_move == player:
            to_move = self._next(player, heads)
        return to_move, heads, starts, ribbons, occupied, out

    def _next(self, player, heads):
        """The next player in play after ``player`` in seat order."""
        n = self.num_players
        for step in range(1, n + 1):
            following = (player + step) % n
            if heads[following] != OFF:
                return following
        return player

    def returns(self, state):
        """None while the game goes on, else n floats: rank r (0: the first out, n - 1:
        the winner) is worth r / (n - 1). Each ply puts out at most one player, so no
        two share a rank (the contract's ties cannot happen in Tron)."""
        out = state[5]
        n = self.num_players
        if len(out) < n - 1:
            return None
        values = [1.0] * n
        for rank, player in enumerate(out):
            values[player] = rank / (n - 1)
        return tuple(values)

    def outcome(self, state):
        """None while the game goes on, else +1: the side to move of a finished game is
        its winner (the two-player view of ``returns``)."""
        return None if len(state[5]) < self.num_players - 1 else 1

    def move_name(self, move):
        return MOVE_NAMES[move]

    def parse_move(self, text):
        try:
            return MOVE_NAMES.index(text)
        except ValueError:
            raise GameError(f"not a direction: {text!r} (UP, DOWN, LEFT or RIGHT)") from None

    def render(self, state):
        """The grid: ``.`` free, ``0``-``3`` a player's ribbon, ``A``-``D`` its head."""
        _, heads, _, ribbons, _, out = state
        lines = []
        for y in range(HEIGHT):
            row = []
            for x in range(WIDTH):
                c = cell(x, y)
                owner = next((p for p, ribbon in enumerate(ribbons) if ribbon >> c & 1), None)
                row.append("." if owner is None else "ABCD"[owner] if heads[owner] == c else str(owner))
            lines.append("".join(row))
        lines.append(f"to move: {state[0]}; out: {', '.join(map(str, out)) or 'none'}")
        return lines
