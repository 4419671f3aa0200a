"""What the games' arena protocols share: the bot's side (``Player``), the referee's
common parts (``Referee``), small parsing helpers (Java's integer reading among them),
and a whole protocol for the shape most CodinGame board games use: the opponent's last
move, then the list of legal actions (``LastMovePlayer``, ``LastMoveReferee``, with
``OpeningTracker`` to find the position after random opening plies the bot never saw).

Every game's ``games/<name>/protocol.py`` has a ``Player`` and a ``Referee`` built on
these (docs/INTERFACES.md, "The bot side of a protocol"): the bots' runtime
(bots/runtime.py) drives any ``Player`` the same way.
"""
import re

INT32 = 1 << 32


class ProtocolError(ValueError):
    """The arena sent something this protocol does not allow."""


class ContractError(TypeError):
    """A protocol class that leaves out what the contract asks of it (one line)."""


def rules_object(cls, game):
    """``game``, or a new object of ``cls.rules``; ContractError if ``cls`` names none."""
    if game is not None:
        return game
    if cls.rules is None:
        raise ContractError(f"{cls.__module__}.{cls.__qualname__} has no rules: set its rules to the game's "
                            f"rules class (docs/INTERFACES.md)")
    return cls.rules()


def parse_int(text, what):
    """``text`` as an int; ProtocolError naming ``what`` was expected otherwise."""
    try:
        return int(text)
    except ValueError:
        raise ProtocolError(f"expected {what}, got {text!r}") from None


def java_parse_int(text):
    """Java's ``Integer.parseInt`` on ASCII text: an optional sign and digits, within 32
    bits; ValueError otherwise (what CodinGame's Java referees call a wrong output)."""
    if not re.fullmatch(r"[+-]?[0-9]+", text):
        raise ValueError(f"wrong output {text!r}")
    value = int(text)
    if not -(1 << 31) <= value < (1 << 31):
        raise ValueError(f"wrong output {text!r} (not a 32-bit integer)")
    return value


def java_int(value):
    """``value`` wrapped to a Java int, as Java's integer arithmetic does."""
    value %= INT32
    return value - INT32 if value >= INT32 // 2 else value


def java_remainder(a, b):
    """Java's ``a % b``: the result takes the sign of ``a``."""
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def read_moves(game, next_line, count, what="action"):
    """``count`` moves, one a line, in the arena's spelling."""
    moves = []
    for _ in range(count):
        text = next_line()
        try:
            moves.append(game.parse_move(text))
        except ValueError:
            raise ProtocolError(f"bad {what} {text!r}") from None
    return moves


def agreed_actions(game, ours, actions):
    """``(allowed, problem)``: our legal moves ``ours`` if they are the arena's
    ``actions``, else the arena's list and a description of the disagreement (the bot
    then plays from the arena's list: its rules are the referee's)."""
    if sorted(ours) == sorted(actions):
        return ours, None
    names = lambda moves: ", ".join(sorted(game.move_name(m) for m in moves))  # noqa: E731
    return actions, f"the arena lists [{names(actions)}] but our rules give [{names(ours)}]"


class Player:
    """The bot's side of a game's protocol; each game's ``Player`` fills in
    ``read_turn`` and, where it remembers something between turns, ``played``.

    ``game`` is the rules object the bot searches with (by default a ``rules()``; a
    protocol may replace it on the first turn, e.g. Othello's board size);
    ``first_turn_ms`` and ``turn_ms`` are the arena's time limits."""

    rules = None
    first_turn_ms = None
    turn_ms = None

    def __init__(self, game=None):
        self.game = rules_object(type(self), game)

    def read_turn(self, first_line, next_line):
        """``(state, actions, notes)`` from one turn's input: our state (None when the
        protocol cannot know it), the moves the arena allows, and notes for the log on
        anything that did not add up. ``first_line`` is the turn's first line (the bot
        starts its clock on it), ``next_line()`` returns the following ones."""
        raise NotImplementedError

    def legal_moves(self, state):
        """Our rules' moves that the arena would list in ``state``."""
        return self.game.legal_moves(state)

    def check_actions(self, state, actions):
        """``(allowed, problem)``, see ``agreed_actions``; the arena's list where our
        state is unknown."""
        if state is None:
            return actions, None
        return agreed_actions(self.game, self.legal_moves(state), actions)

    def blind_move(self, actions):
        """The move to play when our state is unknown."""
        return actions[0]

    def format_move(self, move):
        return self.game.move_name(move)

    def played(self, state, move):
        """Records our answer; what a protocol remembers between turns."""


class Referee:
    """The referee's side of a game's protocol, for the local arena; each game's
    ``Referee`` sets ``name``, its ``rules`` class, the time limits and ``max_turns``,
    and writes ``turn_lines`` and ``parse_answer`` (docs/INTERFACES.md, "The referee
    side")."""

    name = None
    rules = None
    first_turn_ms = None
    turn_ms = None
    max_turns = None
    random_plies = 0  # random opening plies the local arena plays unless told otherwise

    def __init__(self, game=None):
        self.game = rules_object(type(self), game)

    def new_state(self, rng=None):
        return self.game.initial_state()

    def needs_answer(self, state):
        """Whether the player to move is asked (by default: whenever it has a move)."""
        return bool(self.game.legal_moves(state))


# ---- the "last move, then the legal actions" protocol shape ----

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
