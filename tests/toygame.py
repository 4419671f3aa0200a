"""A toy game of 2 to 4 players on the N-player contract, to test the arena: Bust.

The players move in turn (seat 0 first), each adding 1, 2 or 3 to a shared count; the
player whose move brings the count to ``BUST`` or more is out, and the count starts
again from 0. The last player left wins. After ``MAX_PLIES`` plies the players still in
share the best places. ``returns`` ranks by elimination order: a place ``p`` (0 for the
first out, n - 1 for the winner) is worth ``p / (n - 1)``, and players out together
share the mean of their places' values (a constant sum, n / 2).

Its referee sends a player ``SEAT PLAYERS`` on its first turn, then the count on every
turn; the answer is 1, 2 or 3.
"""
from typing import NamedTuple

from games.protocol import Referee

BUST = 10
MAX_PLIES = 60


class State(NamedTuple):
    count: int
    mover: int
    alive: tuple      # per seat: still in
    out: tuple        # groups of seats out together, in order
    plies: int


class Bust:
    name = "bust"

    def __init__(self, bust=BUST, max_plies=MAX_PLIES):
        self.bust = bust
        self.max_plies = max_plies

    def initial_state(self, players=2):
        return State(0, 0, (True,) * players, (), 0)

    def to_move(self, state):
        return state.mover

    def over(self, state):
        return sum(state.alive) <= 1 or state.plies >= self.max_plies

    def legal_moves(self, state):
        return () if self.over(state) else (1, 2, 3)

    def play(self, state, move):
        count = state.count + move
        if count >= self.bust:
            state = self.put_out(state, state.mover)._replace(count=0)
        else:
            state = state._replace(count=count, mover=self.next_in(state, state.mover))
        return state._replace(plies=state.plies + 1)

    def put_out(self, state, seat):
        alive = tuple(a and k != seat for k, a in enumerate(state.alive))
        state = state._replace(alive=alive, out=state.out + ((seat,),))
        if state.mover != seat or not any(alive):
            return state
        return state._replace(mover=self.next_in(state, seat))

    @staticmethod
    def next_in(state, seat):
        n = len(state.alive)
        for step in range(1, n + 1):
            if state.alive[(seat + step) % n]:
                return (seat + step) % n
        return seat

    def limit_reached(self, state):
        return sum(state.alive) > 1 and state.plies >= self.max_plies

    def returns(self, state):
        if not self.over(state):
            return None
        n = len(state.alive)
        groups = list(state.out) + [tuple(k for k in range(n) if state.alive[k])]
        values = [0.0] * n
        place = 0
        for group in groups:
            if not group:
                continue
            share = sum((place + k) / (n - 1) for k in range(len(group))) / len(group)
            for seat in group:
                values[seat] = share
            place += len(group)
        return tuple(values)

    def move_name(self, move):
        return str(move)

    def board_view(self, state, last_move=None):
        return bust_view(state)

    def parse_move(self, text):
        if text.strip() not in ("1", "2", "3"):
            raise ValueError(f"not a move: {text!r}")
        return int(text)


class BustReferee(Referee):
    name = "bust"
    rules = Bust
    players = (2, 3, 4)
    first_turn_ms = 1000
    turn_ms = 150
    max_turns = MAX_PLIES

    def new_state(self, rng=None, players=2):
        return self.game.initial_state(players)

    def turn_lines(self, state, player, first_turn, last_move=None):
        return ([f"{player} {len(state.alive)}"] if first_turn else []) + [str(state.count)]

    def parse_answer(self, state, line):
        move = self.game.parse_move(line)
        if move not in self.game.legal_moves(state):
            raise ValueError(f"{line!r} is not legal")
        return move

    def eliminate(self, state, player):
        return self.game.put_out(state, player)


def bust_view(state):
    """The replay's view: one row, a cell per seat (its piece while it is in)."""
    return {"rows": [[f"p{seat}" if alive else "" for seat, alive in enumerate(state.alive)]],
            "files": "".join(str(seat) for seat in range(len(state.alive))), "ranks": ["1"],
            "colors": ["#1e63b5", "#c0392b", "#2e8b57", "#b8860b"], "board": "#ddd",
            "notes": [f"count {state.count}"]}


class ShortBustReferee(BustReferee):
    """Bust cut after 12 plies: the players still in tie."""
    name = "bust_short"

    def __init__(self):
        super().__init__(Bust(max_plies=12))
