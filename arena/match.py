"""One game between bot commands, refereed exactly as the arena does.

The referee (``games/<g>/protocol.py``'s ``Referee``, or ``arena.sustech.Referee``) says
what to send and how to read the answer; this module runs the clock, the processes and
the bookkeeping. A ``Match`` holds the conditions of one game (its game, bots, seed,
opening, clock, memory): ``play_match(referee, match)`` plays it. Every game ends with a
result and one of ``REASONS``, and returns a record (a dict, one line of a results file:
see ``arena.results``).

A two-player game ends at its first fault, lost by the bot at fault. A game whose referee
seats more (``players``, e.g. (2, 3, 4)) takes 2 to 4 bots: a bot at fault is
eliminated (its process stopped, its fault recorded) and the others play on, as on
CodinGame; the game's result is its ranking (``game.returns``: by elimination order,
ties shared).
"""

import random
import time
from dataclasses import dataclass, field, replace
from time import perf_counter

from arena.clock import PLAIN, Clock, TurnBeyondLimit
from arena.errors import UserError
from arena.info import split_moves
from arena.games import DEFAULT_MEMORY_MB
from arena.process import BotFailure, BotProcess, bot_argv

REASONS = {
    "end": "the game ended",
    "turn_limit": "the turn limit was reached",
    "timeout": "timeout",
    "illegal": "illegal move",
    "bad_output": "unparsable output",
    "crash": "crash",
    "exit": "early exit",
    "memory": "memory limit",
}
FAULTS = ("timeout", "illegal", "bad_output", "crash", "exit", "memory")
MAX_PLIES = 100_000  # a game still running after this many plies is a rules bug
TWO_PLAYERS = (2,)   # the seats of a referee that declares no ``players``


@dataclass(frozen=True)
class Bot:
    name: str
    command: str


def bots_of(commands, names=None):
    """A Bot per command, named by ``names`` (default: the commands themselves)."""
    return tuple(Bot(name, command) for name, command in zip(names or commands, commands))


@dataclass(frozen=True)
class Match:
    """The conditions of one game: its game (by name: the referee is loaded where the game
    runs), a Bot per seat (seat 0 moves first), the seed (random plies, a game's deal),
    the opening (move names; () for ``random_plies`` random plies: None for the number
    the referee declares, its ``random_plies``), the clock's scale
    and time odds ({bot name: factor on its clock}), the memory limit (None: the arena's,
    768 MB, 100 MB for Reversed Reversi), ``isolated`` (each bot without PYTHON*
    variables, in an empty folder), the rehearsal of the real clock
    (``arena.clock.Clock``), the game's key (and pair id) in its results file, and the
    tournament's bot names in the order the user gave them (``listed``: its reports
    follow it). A tournament holds one with no bots and replaces the fields of each game."""
    game: str = None
    bots: tuple = ()
    seed: int = 0
    opening: tuple = ()
    random_plies: int = None
    scale: float = 1.0
    odds: dict = field(default_factory=dict)
    memory_mb: int = None
    isolated: bool = False
    clock: Clock = PLAIN
    key: str = None
    pair: str = ""
    listed: tuple = ()

    @classmethod
    def between(cls, commands, names=None, **fields):
        """The Match of bot ``commands`` (named by ``names``, default the commands)."""
        return cls(bots=bots_of(commands, names), **fields)

    def seated(self, bots, **fields):
        """This match with ``bots`` in its seats (and other ``fields`` replaced)."""
        return replace(self, bots=tuple(bots), **fields)

    def seat_odds(self):
        """The factor on each seat's clock."""
        return tuple(self.odds.get(bot.name, 1.0) for bot in self.bots)


def seats_of(referee):
    """The numbers of players the referee seats: its ``players``, (2,) where it has none."""
    return tuple(getattr(referee, "players", TWO_PLAYERS))


def is_nplayer(referee):
    """Whether the referee follows the N-player contract (faults eliminate, ``returns``
    ranks the players), which it does when it seats other numbers than two."""
    return seats_of(referee) != TWO_PLAYERS


def game_label(referee):
    return getattr(referee, "name", None) or getattr(referee.game, "name", None) or type(referee).__name__


def check_seats(referee, count):
    """UserError (one line) unless the game seats ``count`` bots."""
    seats = seats_of(referee)
    if count in seats:
        return
    allowed = (f"{seats[0]} players" if len(seats) == 1
               else f"{min(seats)} to {max(seats)} players")
    raise UserError(f"{game_label(referee)} is a game of {allowed}: given {count} bot{'s' * (count != 1)}")


def ranking(score):
    """Each seat's rank from its points: 1 for the first place; tied seats share the mean
    of the places they span (two tied for first: 1.5 each), so ranks sum to 1 + ... + n."""
    return [1 + sum(other > mine for other in score) + (sum(other == mine for other in score) - 1) / 2
            for mine in score]


def ranks_of(record):
    """A record's ranking (two-player records carry none: their score says it)."""
    return record.get("ranks") or ranking(record["score"])


def first_places(record):
    """Each seat's share of the first place: 1 alone, 1/k in a k-way tie, else 0."""
    score = record["score"]
    top = [s == max(score) for s in score]
    return [t / sum(top) for t in top]


def fault_of(record, seat):
    """The reason of the fault of ``seat`` in ``record`` (None if it made none)."""
    faults = record.get("faults")
    if faults is not None:
        return faults[seat]["reason"] if faults[seat] else None
    return record["reason"] if record.get("loser") == seat and record["reason"] in FAULTS else None


def bot_command_argv(referee, command):
    """The process to start for ``command`` under this referee (UserError if bad)."""
    if hasattr(referee, "bot_argv"):
        return referee.bot_argv(command)
    return bot_argv(command)


def move_name(game, move):
    return game.move_name(move)


def parse_opening(text):
    """The move names of one opening: comma-separated if it has commas (for games
    whose moves contain spaces), else space-separated."""
    return split_moves(text)


def join_moves(names):
    """Move names as one line that ``parse_opening`` reads back: space-separated, or
    comma-separated where a name holds a space (Ultimate Tic-Tac-Toe's "4 5")."""
    return (", " if any(" " in name for name in names) else " ").join(names)


class RefereeError(UserError):
    """A fault in a game's referee or rules met while refereeing (one line, naming it)."""


def call_referee(referee, method, *args, **options):
    """``referee.method(*args, **options)``; RefereeError naming the game, the method and
    the fault if it fails (a referee's fault must not look like a bot's)."""
    try:
        return getattr(referee, method)(*args, **options)
    except Exception as error:
        name = getattr(referee, "name", None) or type(referee).__name__
        raise RefereeError(f"{name}: the referee's {method} failed: {type(error).__name__}: {error}") from None


def end_reason(game, state):
    """Why a finished game ended, as its rules say: "turn_limit" where the turn limit
    cut it (``limit_reached``, games/contract.py), else "end" (a game decided on its
    last allowed ply ended by the rules, not by the limit)."""
    limit_reached = getattr(game, "limit_reached", None)
    return "turn_limit" if limit_reached is not None and limit_reached(state) else "end"


def play_named(game, state, name, what):
    """(move, the state after it) of the move named ``name`` from ``state``; UserError
    beginning with ``what`` if it is not a move, or not a legal one there."""
    try:
        move = game.parse_move(name)
    except ValueError:
        raise UserError(f"{what}: {name!r} is not a move") from None
    if move not in game.legal_moves(state):
        raise UserError(f"{what}: {name!r} is not legal there")
    return move, game.play(state, move)


def game_over(referee, state):
    """Whether the game has ended: no legal move (two players), or ``returns`` given
    (the N-player contract)."""
    if is_nplayer(referee):
        return referee.game.returns(state) is not None
    return not referee.game.legal_moves(state)


def play_opening(referee, state, rng, opening=None, random_plies=0):
    """(state, moves) after the opening: the named moves, or ``random_plies`` random
    legal moves (drawn again if they end the game)."""
    game = referee.game
    if opening:
        moves = []
        for text in opening:
            move, state = play_named(game, state, text, f"opening {join_moves(opening)!r}")
            moves.append(move)
        if game_over(referee, state):
            raise UserError(f"opening {join_moves(opening)!r} ends the game")
        return state, moves
    start = state
    for _ in range(1000):
        state, moves = start, []
        for _ in range(random_plies):
            if game_over(referee, state):
                break
            move = rng.choice(sorted(game.legal_moves(state), key=repr))
            state = game.play(state, move)
            moves.append(move)
        if not game_over(referee, state):
            return state, moves
    raise UserError(f"{random_plies} random plies always end the game")


def new_state(referee, rng, players):
    """The referee's first state of a game of ``players`` players."""
    if is_nplayer(referee):
        return call_referee(referee, "new_state", rng, players=players)
    return call_referee(referee, "new_state", rng)


def classify(referee, state, line):
    """Why an answer was refused: 'illegal' (a move, not allowed here) or 'bad_output'."""
    if hasattr(referee, "classify"):
        return referee.classify(state, line)
    game = referee.game
    words = line.split()
    for count in range(len(words), 0, -1):
        try:
            move = game.parse_move(" ".join(words[:count]))
        except Exception:
            continue
        # A legal move with trailing text was refused for its format (Othello removes
        # the spaces: "d3 hi" reads "d3hi").
        return "bad_output" if move in game.legal_moves(state) else "illegal"
    return "bad_output"


def limits_ms(referee, scale):
    """(first turn, other turns) time limits in ms under ``scale``."""
    grace = getattr(referee, "grace_ms", 0)
    return referee.first_turn_ms * scale + grace, referee.turn_ms * scale + grace


class Seating:
    """The bots of a game in progress, a process per seat, and what the arena counts of
    each seat: its turns, its time, its clock's limits."""

    def __init__(self, referee, match, judge, stop):
        self.referee = referee
        self.judge = judge
        self.count = len(match.bots)
        self.odds = match.seat_odds()   # on each seat's limits, its game's as well
        self.limits = [limits_ms(referee, match.scale * factor) for factor in self.odds]
        self.game_ms = getattr(referee, "game_ms", None)
        self.scale = match.scale
        self.memory_mb = match.memory_mb
        if self.memory_mb is None:
            self.memory_mb = getattr(referee, "memory_mb", DEFAULT_MEMORY_MB)
        self.argvs = [bot_command_argv(referee, bot.command) for bot in match.bots]
        self.isolated = match.isolated
        self.stop = stop
        self.processes = [None] * self.count
        self.used_ms = [0.0] * self.count
        self.turns = [0] * self.count
        self.slowest_ms = [0.0] * self.count  # a faulting turn's too, as used_ms counts it
        self.answered = None   # when the last answer arrived (the referee's overhead)
        self.overheads = []

    def start(self, seat):
        self.processes[seat] = BotProcess(self.argvs[seat], memory_mb=self.memory_mb, stop=self.stop,
                                          isolated=self.isolated)

    def close(self, seat=None):
        for k in range(self.count) if seat is None else (seat,):
            if self.processes[k]:
                self.processes[k].close()

    def ask(self, state, player, last_move, label):
        """(move, ms counted) of ``player``'s answer to its turn; BotFailure if none
        comes in time or the referee refuses it."""
        referee = self.referee
        bot = self.processes[player]
        first = self.turns[player] == 0
        lines = call_referee(referee, "turn_lines", state, player, first, last_move)
        if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
            raise RefereeError(f"{label}: the referee's turn_lines must give a list of str, got {lines!r:.80}")
        limit = self.limits[player][0 if first else 1]
        pause = self.judge.pause_ms()
        wait = self.judge.wait_ms(limit, pause)
        sent = perf_counter()
        if self.answered is not None:
            self.overheads.append(sent - self.answered)
        beside = [other for other in self.processes if other is not None and other is not bot]  # stderr drained
        try:
            bot.send(lines, sent + wait / 1000, beside)
            line, self.answered = bot.read_line(sent + wait / 1000, beside)
        except BotFailure as error:
            self.answered = None   # the wait for this answer is no overhead of the referee's
            if error.reason == "timeout":
                error.detail = (f"no answer within {limit:.0f} ms on turn {self.turns[player] + 1}"
                                + (" (its first)" if first else "")
                                + (f" ({pause:g} ms of it a pause)" if pause else ""))
            raise
        elapsed = self.judge.counted_ms((self.answered - sent) * 1000, pause)
        try:
            self.judge.check(player, elapsed, limit)
        except TurnBeyondLimit as late:
            raise BotFailure("timeout", str(late)) from None
        self.turns[player] += 1
        self.used_ms[player] += elapsed
        self.slowest_ms[player] = max(self.slowest_ms[player], elapsed)
        try:
            move = referee.parse_answer(state, line)
        except ValueError as error:
            raise BotFailure(classify(referee, state, line), str(error)) from None
        except Exception as error:
            raise RefereeError(f"{label}: the referee's parse_answer failed on {line!r}: "
                               f"{type(error).__name__}: {error}") from None
        game_limit_ms = self.game_ms and self.game_ms * self.scale * self.odds[player]
        if game_limit_ms and self.used_ms[player] > game_limit_ms:
            raise BotFailure("timeout", f"used {self.used_ms[player] / 1000:.1f} s, over the "
                             f"game's {game_limit_ms / 1000:.1f} s")
        return move, elapsed

    def figures(self):
        """The seats' figures for the record: turns, times, memory, the referee's waits."""
        seats = range(self.count)
        processes = self.processes
        return dict(
            turns=self.turns,
            time_avg_ms=[round(self.used_ms[s] / self.turns[s], 1) if self.turns[s] else 0 for s in seats],
            time_max_ms=[round(self.slowest_ms[s], 1) for s in seats],
            peak_mb=[round(bot.peak_mb, 1) if bot else 0 for bot in processes],
            referee_wait_ms=[round(bot.referee_wait_ms, 1) if bot else 0 for bot in processes],
            late=list(self.judge.overruns),  # answers the soft timeout let through, per seat
            overhead_ms=round(sum(self.overheads) / len(self.overheads) * 1000, 3) if self.overheads else None,
        )

    def tail(self, seat):
        bot = self.processes[seat]
        return bot.last_stderr() if bot else []


def play_match(referee, match, stop=None):
    """Plays one game under ``match`` (a Match: its bots, seat 0 first, its seed, opening
    and clock). Returns the record. ``stop`` is a threading.Event: once set, the game is
    abandoned (Interrupted). UserError (one line) if the game does not seat its bots."""
    count = len(match.bots)
    check_seats(referee, count)
    nplayer = is_nplayer(referee)
    label = game_label(referee)
    rng = random.Random(match.seed)
    state = new_state(referee, rng, count)
    game = referee.game   # after new_state: an N-player referee takes the rules for this many players
    random_plies = getattr(referee, "random_plies", 0) if match.random_plies is None else match.random_plies
    state, opening_moves = play_opening(referee, state, rng, match.opening, random_plies)
    record = {
        "key": match.key, "game": getattr(referee, "name", None) or getattr(game, "name", None),
        "bots": [bot.name for bot in match.bots], "commands": [bot.command for bot in match.bots],
        "seed": match.seed, "opening": [move_name(game, m) for m in opening_moves],
        "moves": [], "movers": "", "times": [], "info": [], "said": [], "scale": match.scale,
        "odds": list(match.seat_odds()),
    }
    if not match.clock.plain:
        record["clock"] = match.clock.describe()
    judge = match.clock.judge(match.seed, count)
    seating = Seating(referee, match, judge, stop)
    started_at = time.time()
    wall = perf_counter()
    faults = [None] * count   # per seat: the BotFailure that put it out
    eliminations = []         # [moves played before, seat] of each bot put out by its fault
    failure = None
    player = 0
    last_move = opening_moves[-1] if opening_moves else None
    plies = len(opening_moves)

    def put_out(state, seat, error):
        """The state once ``seat`` is out by its fault (N players: the others play on)."""
        faults[seat] = error
        eliminations.append([len(record["moves"]), seat])
        seating.close(seat)
        return call_referee(referee, "eliminate", state, seat)

    try:
        for seat in range(count):
            player = seat
            try:
                seating.start(seat)
            except BotFailure as error:
                if not nplayer:
                    raise
                state = put_out(state, seat, error)
        while not game_over(referee, state):
            if plies >= MAX_PLIES:
                raise RuntimeError(f"{record['game']}: the game is still running after {plies} plies")
            player = game.to_move(state)
            if faults[player]:
                raise RefereeError(f"{label}: to_move gives player {player}, eliminated on its fault")
            if call_referee(referee, "needs_answer", state):
                try:
                    move, elapsed = seating.ask(state, player, last_move, label)
                except BotFailure as error:
                    if not nplayer:
                        raise
                    state = put_out(state, player, error)
                    continue
                record["times"].append(round(elapsed, 1))
                record["info"].append(seating.processes[player].take_info())
                record["said"].append(seating.processes[player].take_stderr())
            else:
                move = game.legal_moves(state)[0]
                record["times"].append(None)
                record["info"].append(None)
                record["said"].append(None)
            record["moves"].append(move_name(game, move))
            record["movers"] += str(player)
            state = game.play(state, move)
            last_move = move
            plies += 1
    except BotFailure as error:
        failure = error
    finally:
        seating.close()
    if nplayer:
        record.update(ranked_result(referee, state, faults, seating, plies, label), eliminations=eliminations)
    elif failure:
        record.update(fault_result(player, failure, seating.tail(player)))
    else:
        record.update(two_player_result(game, state, plies, label))
    record.update(
        plies=plies,
        **seating.figures(),
        duration_s=round(perf_counter() - wall, 2),
        finished=time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime()),
        started=time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(started_at)),
    )
    return record


def fault_result(loser, failure, tail):
    """A two-player game's result fields when ``loser`` lost it by ``failure``."""
    score = [1.0, 1.0]
    score[loser] = 0.0
    return dict(score=score, winner=1 - loser, loser=loser, reason=failure.reason, detail=failure.detail,
                stderr=tail)


def two_player_result(game, state, plies, label):
    """A two-player game's result fields when it ended by its rules."""
    result = game.outcome(state)
    if result not in (-1, 0, 1):
        raise RefereeError(f"{label}: the rules give no legal move after {plies} plies but outcome "
                           f"is {result!r}: legal_moves must be empty exactly when outcome is -1, 0 or 1")
    result0 = result if game.to_move(state) == 0 else -result
    winner = None if result0 == 0 else (0 if result0 > 0 else 1)
    return dict(score=[(result0 + 1) / 2, (1 - result0) / 2], winner=winner, loser=None,
                reason=end_reason(game, state), detail="", stderr=[])


def ranked_result(referee, state, faults, seating, plies, label):
    """An N-player game's result fields: its ranking (``game.returns``), each seat's
    fault, and, with two seats, the fields a two-player record has (a fault decides it)."""
    count = seating.count
    returns = referee.game.returns(state)
    if (not isinstance(returns, (tuple, list)) or len(returns) != count
            or not all(isinstance(value, (int, float)) and 0 <= value <= 1 for value in returns)):
        raise RefereeError(f"{label}: the game ended after {plies} plies but returns gives {returns!r:.80}: "
                           f"one value in [0, 1] per player was expected")
    score = [float(value) for value in returns]
    ranks = ranking(score)
    leaders = [seat for seat in range(count) if ranks[seat] == 1]
    fields = dict(score=score, ranks=ranks, winner=leaders[0] if leaders else None, loser=None,
                  reason=end_reason(referee.game, state), detail="", stderr=[],
                  faults=[{"reason": fault.reason, "detail": fault.detail, "stderr": seating.tail(seat)}
                          if fault else None for seat, fault in enumerate(faults)])
    at_fault = [seat for seat in range(count) if faults[seat]]
    if count == 2 and at_fault:
        loser = at_fault[0]
        fields.update(loser=loser, reason=faults[loser].reason, detail=faults[loser].detail,
                      stderr=seating.tail(loser))
    return fields
