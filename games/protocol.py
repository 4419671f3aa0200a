"""What the games' arena protocols share: the bot's side (``Player``), the referee's
common parts (``Referee``), and small parsing helpers (Java's integer reading among
them). The whole protocol of the shape most CodinGame board games use (the opponent's
last move, then the legal actions) is in games/lastmove.py, carried only by the bundles
of the games that use it.

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

