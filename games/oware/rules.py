"""Oware Abapa as the CodinGame referee plays it, on a state packed into one int.

Houses are numbered 0-11 in sowing order: player 0 owns 0-5, player 1 owns 6-11, and
seeds go to increasing index mod 12. A move is the mover's own house counted from its
first house, 0-5 (what the arena reads), for both players.

A state is one non-negative int holding, from the low bits up:

- the ply count in bits 0-8 as ``ply + 56``: bit 0 is the player to move (player 0
  moves at even plies) and bit 8 is set exactly when 200 plies are played;
- the two stores (captured seeds) in 6-bit fields at bits 9 and 15 as ``score + 7``:
  bit 5 of a field is set exactly when that score is above 24 (an immediate win);
- house ``h`` in bits ``21 + 7h`` to ``27 + 7h`` as ``seeds + 63``: bit 6 of a field is
  set exactly when the house is not empty, so one AND tells which houses can be played,
  and sowing is a single addition of a precomputed number (no field ever overflows:
  48 + 63 < 128).

So the question "is the game still on, and which moves are legal" is one dictionary
lookup on ``state & KEY`` in all but the rare must-feed positions. Every field is a plain
number, so the state is hashable and is its own transposition key.

Arena rules (docs/PROTOCOLS.md): sowing skips the origin house on every lap; a capture
walks back from the last sown house while it is the opponent's and holds 2 or 3; a
capture that would take every opponent seed is cancelled (grand slam); when the
opponent has no seeds only moves that reach it are legal; a player with no legal move
is not asked: it takes every seed on the board and the game ends; more than 24 captured
wins at once; after 200 plies the captured totals decide (seeds on the board do not
count), equal is a draw. The no-move capture is applied by ``outcome``/``scores``, not
by ``play``, so ``legal_moves`` is empty exactly when the game is over.
"""

from games.errors import GameError

HOUSES = 12
SEEDS = 48
MAX_TURNS = 200  # plies the arena plays at most (its "turns")
WIN_SCORE = 25  # captured seeds that end the game at once

PLY_BIAS = 256 - MAX_TURNS  # even, so the field's parity is the ply's parity
STORE_SHIFT = (9, 15)
STORE_BIAS = 32 - WIN_SCORE  # bit 5 of a store field is set exactly from 25 up
HOUSE_SHIFT = tuple(21 + 7 * h for h in range(HOUSES))
FIELD_MASK = 127
BIAS = 63

OCCUPIED = tuple(1 << (shift + 6) for shift in HOUSE_SHIFT)  # "house h is not empty"
SIDE_OCCUPIED = (sum(OCCUPIED[:6]), sum(OCCUPIED[6:]))
STORE_WON = tuple(1 << (shift + 5) for shift in STORE_SHIFT)  # "that score is above 24"
TURNS_DONE = 1 << 8
PLAYER_BIT = 1
KEY = sum(SIDE_OCCUPIED) | sum(STORE_WON) | TURNS_DONE | PLAYER_BIT
ONE_PLY = 1


def _sowing(house, seeds):
    """Houses that receive the seeds of ``house``, in order (the origin is skipped)."""
    sown = []
    at = house
    while len(sown) < seeds:
        at = (at + 1) % HOUSES
        if at != house:
            sown.append(at)
    return sown


NO_CAPTURE_SHIFT = 200  # shifting a state this far gives 0, never a house of 2 or 3


def _build_sowing_tables():
    """For each ``house * 128 + field`` (the field holds seeds + 63): the number to add
    to a state to sow that house (the ply count advances too), and the bit position of
    the last sown house when it lies on the opponent's side, where a capture may follow
    (``NO_CAPTURE_SHIFT`` otherwise)."""
    add = [0] * (HOUSES * 128)
    last = [NO_CAPTURE_SHIFT] * (HOUSES * 128)
    for house in range(HOUSES):
        opponent_side = range(6, 12) if house < 6 else range(0, 6)
        for seeds in range(1, SEEDS + 1):
            sown = _sowing(house, seeds)
            delta = ONE_PLY - (seeds << HOUSE_SHIFT[house])
            for h in sown:
                delta += 1 << HOUSE_SHIFT[h]
            index = house * 128 + seeds + BIAS
            add[index] = delta
            if sown[-1] in opponent_side:
                last[index] = HOUSE_SHIFT[sown[-1]]
    return tuple(add), tuple(last)


SOW_ADD, SOW_LAST = _build_sowing_tables()


def _build_legal_table():
    """Legal moves keyed by ``state & KEY`` for every key where the game goes on and the
    opponent has seeds (so every house holding seeds can be played); other keys (game
    over, or must-feed) are left to ``_legal_moves_slow``. A key is in the table exactly
    when the game goes on with no must-feed rule in force."""
    table = {}
    for player in (0, 1):
        own = range(6 * player, 6 * player + 6)
        opp_bits = [OCCUPIED[h] for h in range(6 * (1 - player), 6 * (1 - player) + 6)]
        for own_pattern in range(1, 64):
            moves = tuple(m for m in range(6) if own_pattern >> m & 1)
            own_key = sum(OCCUPIED[h] for m, h in enumerate(own) if own_pattern >> m & 1)
            for opp_pattern in range(1, 64):
                opp_key = sum(bit for i, bit in enumerate(opp_bits) if opp_pattern >> i & 1)
                table[own_key | opp_key | (PLAYER_BIT if player else 0)] = moves
    return table


LEGAL = _build_legal_table()


class Oware:
    """Rules of Oware Abapa as refereed on CodinGame (see the module docstring)."""

    name = "oware"
    max_turns = MAX_TURNS
    max_plies = MAX_TURNS

    # -- state -------------------------------------------------------------------------
    def initial_state(self):
        return self.make_state((4,) * HOUSES)

    def make_state(self, houses, stores=(0, 0), ply=0):
        """Pack absolute houses (0-11), captured totals and the ply count into a state."""
        if len(houses) != HOUSES or any(not 0 <= n <= SEEDS for n in houses):
            raise GameError(f"an Oware board is 12 houses of 0-48 seeds, got {houses!r}")
        if sum(houses) + sum(stores) != SEEDS or min(stores) < 0:
            raise GameError(f"houses and stores must hold 48 seeds, got {houses!r} {stores!r}")
        if not 0 <= ply <= MAX_TURNS:
            raise GameError(f"ply must be within 0-{MAX_TURNS}, got {ply}")
        state = ply + PLY_BIAS
        for player in (0, 1):
            state |= (stores[player] + STORE_BIAS) << STORE_SHIFT[player]
        for h, seeds in enumerate(houses):
            state |= (seeds + BIAS) << HOUSE_SHIFT[h]
        return state

    def houses(self, state):
        """The 12 houses in absolute order (player 0's first)."""
        return tuple(((state >> HOUSE_SHIFT[h]) & FIELD_MASK) - BIAS for h in range(HOUSES))

    def stores(self, state):
        """Seeds captured so far by player 0 and player 1."""
        return tuple(((state >> shift) & 63) - STORE_BIAS for shift in STORE_SHIFT)

    def ply(self, state):
        """Plies played since the start (the arena's turn count)."""
        return (state & 511) - PLY_BIAS

    def to_move(self, state):
        return state & 1

    # -- moves -------------------------------------------------------------------------
    def legal_moves(self, state, _table=LEGAL, _key=KEY):
        """Legal houses 0-5 of the side to move, empty exactly at the end. A tuple, shared
        between calls: immutable, so no caller can spoil it."""
        try:
            return _table[state & _key]
        except KeyError:
            return _legal_moves_slow(state)

    def play(self, state, move, _add=SOW_ADD, _last=SOW_LAST, _shift=HOUSE_SHIFT):
        """The state after the side to move sows house ``move`` (0-5); no legality check."""
        if state & 1:  # player 1: its houses are 6-11
            move += 6
        index = (move << 7) | (state >> _shift[move] & 127)
        state += _add[index]
        last = _last[index]
        if state >> last & 127 in (65, 66):  # the fields of houses holding 2 and 3
            return _capture(state, move // 6, last)
        return state

    def noisy_moves(self, state, moves):
        """The moves among ``moves`` that capture (the mover's store grows): what
        alpha-beta's quiescence search plays beyond its depth limit."""
        shift = STORE_SHIFT[state & 1]
        before = state >> shift & 63
        play = self.play
        return [move for move in moves if play(state, move) >> shift & 63 != before]

    # -- result ------------------------------------------------------------------------
    def scores(self, state):
        """Final captured totals (player 0, player 1) of a finished game: the player who
        cannot move takes the seeds left on the board, unless the game ended otherwise."""
        s0, s1 = self.stores(state)
        if state & (STORE_WON[0] | STORE_WON[1] | TURNS_DONE):
            return s0, s1
        left = SEEDS - s0 - s1
        return (s0 + left, s1) if self.to_move(state) == 0 else (s0, s1 + left)

    def outcome(self, state, _table=LEGAL, _key=KEY):
        """+1/0/-1 for the side to move once the game is over, else None. (Mostly one
        membership test in the legal-move table: best-first search asks this of every
        new position.)"""
        if state & _key in _table or _legal_moves_slow(state):
            return None
        scores = self.scores(state)
        mine = scores[self.to_move(state)]
        theirs = scores[1 - self.to_move(state)]
        return (mine > theirs) - (mine < theirs)

    def limit_reached(self, state):
        """Whether the finished game ``state`` ended only because the turn limit cut it
        (a store above 24 on the last ply ended it by the rules)."""
        return bool(state & TURNS_DONE) and not state & (STORE_WON[0] | STORE_WON[1])

    # -- names -------------------------------------------------------------------------
    def move_name(self, move):
        """The arena's spelling: the bare house index 0-5."""
        return str(move)

    def parse_move(self, text):
        text = text.strip()
        if len(text) != 1 or text not in "012345":
            raise GameError(f"not an Oware house 0-5: {text!r}")
        return int(text)

    def render(self, state):
        """Player 1's row on top (right to left, as seen across the board), then player 0's."""
        h = self.houses(state)
        s0, s1 = self.stores(state)
        mark = ("*", " ") if self.to_move(state) == 0 else (" ", "*")
        return [
            f"{mark[1]}P1 {s1:2d} |" + "".join(f"{n:3d}" for n in reversed(h[6:])),
            f"{mark[0]}P0 {s0:2d} |" + "".join(f"{n:3d}" for n in h[:6]),
            f"ply {self.ply(state)}",
        ]


def _legal_moves_slow(state):
    """Legal moves where the table has no entry: the game is over, or must-feed."""
    if state & (STORE_WON[0] | STORE_WON[1] | TURNS_DONE):
        return ()
    player = state & 1
    first = 6 * player
    moves = []
    feed = not state & SIDE_OCCUPIED[1 - player]
    for m in range(6):
        seeds = ((state >> HOUSE_SHIFT[first + m]) & FIELD_MASK) - BIAS
        # Must-feed: from house m, the first 5 - m seeds stay on the mover's side.
        if seeds > (5 - m if feed else 0):
            moves.append(m)
    return tuple(moves)


def _capture(state, player, last_shift):
    """Take the run of 2s and 3s ending at the last sown house (at bit ``last_shift``, on
    the opponent's side), unless it would leave the opponent without seeds (grand slam:
    then nothing is taken)."""
    first = 6 - 6 * player  # the opponent's first house
    after = state
    taken = 0
    house = HOUSE_SHIFT.index(last_shift)
    while house >= first:
        seeds = ((after >> HOUSE_SHIFT[house]) & FIELD_MASK) - BIAS
        if seeds != 2 and seeds != 3:
            break
        taken += seeds
        after -= seeds << HOUSE_SHIFT[house]
        house -= 1
    if not after & SIDE_OCCUPIED[1 - player]:
        return state  # grand slam: the move stands, the seeds stay
    return after + (taken << STORE_SHIFT[player])
