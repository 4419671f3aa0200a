"""The protocol shape most CodinGame board games use: each turn, the opponent's last move,
the number of legal actions, then one action a line (``LastMovePlayer``,
``LastMoveReferee``), with ``OpeningTracker`` to find the position after random opening
plies the bot never saw. A module of its own, apart from games/protocol.py, so that the
bundles of games with another shape do not carry it.
"""
from games.protocol import Player, ProtocolError, Referee, read_moves


class OpeningTracker:
    """The bot's memory between turns for a protocol that sends the opponent's last move
    and the legal actions, never the board: the positions that fit everything seen.

    On CodinGame that is one position: the start, or the start after the opponent's
    first move, then whatever our moves and the opponent's make of it. After random
    opening plies (a local arena may play some) the first turn can fit several
    positions, which differ where the listed moves do not look; the tracker keeps them
    all, follows each with the moves played, and drops those that the opponent's moves
    or the listed moves rule out. The bot searches the first one. If none is left, the
    tracker is lost for the rest of the game, and the bot plays from the listed moves.

    ``opening_plies``: how far from the start the first turn's position is looked for.
    ``side_of(actions)`` says which seat the listed moves belong to, where they tell
    (Breakthrough: their direction); by default they do not, and only the lists match.
    """

    opening_plies = 4
    other_side = "the listed moves are the other side's"  # the note when the seat changes

    def __init__(self, game, opening_plies=None):
        self.game = game
        if opening_plies is not None:
            self.opening_plies = opening_plies
        self.candidates = None  # positions after our last move; None before our first turn
        self.side = None
        self.lost = False

    def side_of(self, actions):
        """The seat (0 or 1) that the listed moves belong to; None where they do not tell.
        May raise ProtocolError for a list no seat could have."""
        return None

    def state_for(self, last_move, actions):
        """Our state for a turn (None if it cannot be known) and a note when something
        did not add up (None when all is as expected)."""
        game = self.game
        listed = self.side_of(actions)
        if self.lost:
            return None, None  # already said; playing from the listed moves
        wanted = sorted(actions)
        if self.candidates is None:
            self.side = listed
            fitting = self._first_positions(last_move, wanted, listed)
            if not fitting:
                return self._lose("no position near the start fits this first turn")
        else:
            if listed != self.side:
                return self._lose(self.other_side)
            fitting = [game.play(s, last_move) for s in self.candidates
                       if last_move is not None and last_move in game.legal_moves(s)]
            if not fitting:
                return self._lose(f"the opponent's move {last_move!r} is not legal in our position")
            exact = [s for s in fitting if sorted(game.legal_moves(s)) == wanted]
            fitting = exact or fitting  # none exact: our rules disagree; check_actions says so
        self.candidates = fitting
        return fitting[0], None

    def _lose(self, why):
        self.lost = True
        self.candidates = []
        return None, why + "; playing from the listed moves from now on"

    def _seat_fits(self, state, side):
        return side is None or self.game.to_move(state) == side

    def _first_positions(self, last_move, wanted, side):
        """The start for no last move. Otherwise every position within
        ``opening_plies`` of the start that ends with ``last_move`` and offers exactly
        the ``wanted`` moves; failing that, the start after ``last_move`` (CodinGame's
        case: if its list differs from ours, ``check_actions`` says so)."""
        game = self.game
        start = game.initial_state()
        if last_move is None:
            return [start] if self._seat_fits(start, side) else []
        found = []
        layer = [start]
        for depth in range(self.opening_plies):
            for state in layer:
                if last_move in game.legal_moves(state):
                    after = game.play(state, last_move)
                    if sorted(game.legal_moves(after)) == wanted and after not in found:
                        found.append(after)
            if depth + 1 < self.opening_plies:
                layer = list(dict.fromkeys(game.play(s, m) for s in layer for m in game.legal_moves(s)))
        if not found and last_move in game.legal_moves(start):
            after = game.play(start, last_move)
            if self._seat_fits(after, side):
                found.append(after)
        return found

    def played(self, state, move):
        """Records our answer, so that the opponent's next move can be applied to it."""
        if self.lost or self.candidates is None:
            return
        game = self.game
        self.candidates = [game.play(s, move) for s in self.candidates if move in game.legal_moves(s)]
        if not self.candidates:
            self.lost = True


class LastMovePlayer(Player):
    """The bot's side of the "last move, then the legal actions" shape: each turn, the
    opponent's last move (``no_move`` when there is none), the number of legal actions,
    then one action a line, every move in the rules' ``move_name`` spelling. The
    position is kept by a ``tracker_class`` (an ``OpeningTracker``); unknown (None) once
    it is lost. A game sets ``rules``, the time limits and ``max_actions``."""

    no_move = "None"
    max_actions = None  # the most legal actions a position can have (a bound for the count)
    tracker_class = OpeningTracker

    def __init__(self, game=None):
        super().__init__(game)
        self.tracker = self.tracker_class(self.game)

    def parse_last_move(self, line):
        """The opponent's last move, or None at the start of the game."""
        if line == self.no_move:
            return None
        try:
            return self.game.parse_move(line)
        except ValueError:
            raise ProtocolError(f"expected the opponent's last move or {self.no_move}, got {line!r}") from None

    def parse_count(self, line):
        if not (line.isascii() and line.isdigit()):
            raise ProtocolError(f"expected the number of legal moves, got {line!r}")
        count = int(line)
        if not 1 <= count <= (self.max_actions or count):
            raise ProtocolError(f"the number of legal moves must be 1 to {self.max_actions}, got {count}")
        return count

    def read_turn(self, first_line, next_line):
        last_move = self.parse_last_move(first_line)
        actions = read_moves(self.game, next_line, self.parse_count(next_line()), "legal move")
        state, note = self.tracker.state_for(last_move, actions)
        return state, actions, [note] if note else []

    def played(self, state, move):
        self.tracker.played(state, move)


class LastMoveReferee(Referee):
    """The referee's side of the "last move, then the legal actions" shape: the lines
    ``LastMovePlayer`` reads, the actions sorted by name. An answer is the exact name
    of a legal move, optionally followed by a space and a message."""

    no_move = "None"

    def turn_lines(self, state, player, first_turn, last_move=None):
        game = self.game
        moves = sorted(game.move_name(m) for m in game.legal_moves(state))
        last = self.no_move if last_move is None else game.move_name(last_move)
        return [last, str(len(moves))] + moves

    def parse_answer(self, state, line):
        """The move of an answer line: it must be the exact name of a legal move, alone
        or followed by a space and a message. ValueError with the reason otherwise."""
        text = line.rstrip("\r\n")
        legal = {self.game.move_name(m): m for m in self.game.legal_moves(state)}
        named = [name for name in legal if text == name or text.startswith(name + " ")]
        if not named:
            raise ValueError(f"invalid action {line.strip()!r}")
        return legal[max(named, key=len)]
