"""The typed contract between a game and the rest: what ``games/<name>/`` provides, as
``typing.Protocol`` classes that type checkers and the conformance suite
(tests/test_conformance.py) read. docs/INTERFACES.md describes the same members in prose.

- ``Rules``: the rules object engines search with (required members), and the optional
  hooks some engines and tools use (``Hooks``: each is looked up with ``getattr`` and may
  be missing);
- ``NPlayerRules``: what a game of more than two players adds (``num_players``,
  ``returns``, ``value_bounds``), and ``NPlayerReferee``: its referee's additions (the
  seat counts it accepts, ``eliminate``); a two-player game may lack them
  (``num_players(game)`` reads 2);
- ``EvaluationFactory``: ``make_evaluator(game, weights=None)``, the one signature of
  every evaluation module (handcrafted, learned, N-tuple, network);
- ``BotProtocol`` and ``RefereeProtocol``: the two sides of a game's arena protocol
  (``games/<name>/protocol.py``'s ``Player`` and ``Referee``).

States and moves are any hashable values; states are immutable (tuples, ints).
Nothing here runs in a bundle: bots import their game's modules, not this one.
"""
import inspect
from typing import Callable, Hashable, Iterable, Optional, Protocol, Sequence, runtime_checkable

State = Hashable
Move = Hashable
Evaluate = Callable[[State], float]  # heuristic value in [-1, 1] for the side to move


@runtime_checkable
class Rules(Protocol):
    """A game's rules, one object per rule variant (games/<name>/rules.py)."""

    name: str

    def initial_state(self) -> State:
        """The start position (a game may take options: Onitama's cards)."""

    def to_move(self, state: State) -> int:
        """The side to move, 0 or 1."""

    def legal_moves(self, state: State) -> Sequence[Move]:
        """The strictly legal moves (a pass is a move where the rules have one); empty
        exactly when the game is over, turn limits included."""

    def play(self, state: State, move: Move) -> State:
        """The next state; the move is legal (not checked)."""

    def outcome(self, state: State) -> Optional[int]:
        """None while the game goes on, else +1, 0 or -1 for the side to move."""

    def move_name(self, move: Move) -> str:
        """The arena's spelling of a move."""

    def parse_move(self, text: str) -> Move:
        """The move a name spells; ValueError for text that names none."""

    def render(self, state: State) -> list:
        """Lines of text, for people and error messages."""


@runtime_checkable
class NPlayerRules(Protocol):
    """A game of 2 to 4 players (OpenSpiel's model): ``Rules`` with ``to_move(s)`` in
    0..n-1 and never an eliminated player, ``legal_moves(s)`` never empty while the game
    goes on (a player whose every step loses still has moves: they eliminate it), and
    these members. A two-player game may lack them: it has ``num_players(game) == 2``.

    ``num_players``: n, fixed for the rules object (Tron's is made for a given n).
    ``value_bounds``: ``(lower, max_sum)``: every entry of every return and evaluation
    vector is >= lower and each vector's sum is <= max_sum (max^n's pruning reads them).
    An N-player evaluation (``make_evaluator(game, weights=None)``) returns ``evaluate(s)
    -> tuple of n floats`` on the returns' scale, within these bounds."""

    name: str
    num_players: int
    value_bounds: tuple

    def returns(self, state: State) -> Optional[tuple]:
        """None while the game goes on, else n floats by elimination order: 0 for the
        first out .. 1 for the winner (rank r of n: r / (n - 1)), players out on the
        same turn sharing their ranks' mean; the sum is always n / 2."""


def num_players(game) -> int:
    """How many players ``game`` seats: its ``num_players``, 2 where it has none."""
    return getattr(game, "num_players", 2)


def is_n_player(game) -> bool:
    """Whether ``game`` (a rules object or class) follows ``NPlayerRules``: it gives
    ``returns`` vectors, and its evaluations vectors too (even when it seats two: the
    two-player engines and their tools leave it out)."""
    return hasattr(game, "returns")


class Hooks(Protocol):
    """Optional members of a rules object: engines and tools use each where it exists.

    ``max_plies``: the most plies a game can last, a turn limit included (None or
    missing: no bound is known); the conformance suite holds random games to it.
    ``limit_reached(s)``: whether the finished game ``s`` ended only because the turn
    limit cut it (a game decided on its last allowed ply did not); the arena reports
    the reason from it. The others: docs/INTERFACES.md."""

    max_plies: Optional[int]

    def limit_reached(self, state: State) -> bool: ...

    def noisy_moves(self, state: State, moves: Sequence[Move]) -> Sequence[Move]: ...

    def quiet_loses(self, state: State) -> bool: ...

    def random_playout(self, state: State, random: Callable[[], float]) -> State: ...


class EvaluationFactory(Protocol):
    """``make_evaluator`` of an evaluation module: ``weights`` are the evaluation's own
    parameters (None: its defaults or its fitted ones): named weights for a handcrafted
    evaluation (a mapping; ValueError naming an unknown one), a weight vector for a
    learned one, decoded weights for an N-tuple or a network."""

    def __call__(self, game: Rules, weights=None) -> Evaluate: ...


class BotProtocol(Protocol):
    """The bot's side of an arena protocol (``games/<name>/protocol.py``'s ``Player``,
    on ``games.protocol.Player``); bots/runtime.py drives it."""

    rules: Callable[[], Rules]
    game: Rules
    first_turn_ms: int
    turn_ms: int

    def read_turn(self, first_line: str, next_line: Callable[[], str]) -> tuple:
        """``(state or None, actions, notes)``; ProtocolError on input not allowed."""

    def check_actions(self, state: Optional[State], actions: Sequence[Move]) -> tuple:
        """``(allowed, problem or None)``."""

    def legal_moves(self, state: State) -> Sequence[Move]: ...

    def blind_move(self, actions: Sequence[Move]) -> Move: ...

    def format_move(self, move: Move) -> str: ...

    def played(self, state: Optional[State], move: Move) -> None: ...


class RefereeProtocol(Protocol):
    """The referee's side of an arena protocol (``games/<name>/protocol.py``'s
    ``Referee``, on ``games.protocol.Referee``); arena/match.py drives it."""

    name: str
    rules: Callable[[], Rules]
    game: Rules
    first_turn_ms: float
    turn_ms: float
    max_turns: Optional[int]
    random_plies: int

    def new_state(self, rng=None) -> State: ...

    def needs_answer(self, state: State) -> bool: ...

    def turn_lines(self, state: State, player: int, first_turn: bool, last_move: Optional[Move] = None) -> list:
        """The lines sent to ``player`` for this turn (a list of str)."""

    def parse_answer(self, state: State, line: str) -> Move:
        """The legal move an answer line names; ValueError with the reason otherwise."""


class NPlayerReferee(Protocol):
    """What the referee of an N-player game adds to ``RefereeProtocol``: the arena seats
    ``players`` bots (one of the counts in ``players``) with ``new_state(rng,
    players=n)``, asks ``game.to_move(s)`` for an answer where ``needs_answer(s)``,
    plays the move ``parse_answer`` reads, and on a bot's fault (time, a wrong or losing
    answer, a crash) calls ``eliminate``; the game is over when ``game.returns(s)`` is not
    None."""

    players: tuple

    def new_state(self, rng=None, players: int = 2) -> State: ...

    def eliminate(self, state: State, player: int) -> State:
        """``state`` with ``player`` out (its cycle lost, its ribbon gone), as when it
        times out or answers wrongly."""


def missing_members(obj, protocol) -> list:
    """The members of ``protocol`` (required ones: not ``Hooks``) that ``obj`` lacks,
    in their order: the conformance suite's first check, and the one-line errors'."""
    names = [name for name in _members(protocol)]
    return [name for name in names if not hasattr(obj, name)]


def mismatched_signatures(obj, protocol, names=None) -> list:
    """The methods of ``protocol`` (``names``: those only; members ``obj`` lacks and
    plain attributes aside) that ``obj`` has but that cannot be called with the
    protocol's positional parameters (not callable, too many required parameters, too
    few accepted), in their order: what the conformance suite checks after
    ``missing_members``. A callable without a readable signature (a builtin) passes."""
    found = []
    for name in _members(protocol) if names is None else names:
        wanted = getattr(protocol, name, None)
        if not callable(wanted) or not hasattr(obj, name):
            continue
        method = getattr(obj, name)
        if not callable(method):
            found.append(name)
            continue
        try:
            have = inspect.signature(method)
        except (TypeError, ValueError):
            continue
        arguments = range(len(inspect.signature(wanted).parameters) - 1)  # ``self`` aside
        try:
            have.bind(*arguments)
        except TypeError:
            found.append(name)
    return found


def _members(protocol) -> Iterable[str]:
    annotations = getattr(protocol, "__annotations__", {})
    for name in annotations:
        yield name
    for name, value in vars(protocol).items():
        if callable(value) and not name.startswith("_"):
            yield name


# The optional hooks' names, in ``Hooks``' order.
HOOKS = tuple(_members(Hooks))
