"""One game between two bot commands, refereed exactly as the arena does.

The referee (``games/<g>/protocol.py``'s ``Referee``, or ``arena.sustech.Referee``) says
what to send and how to read the answer; this module runs the clock, the processes and
the bookkeeping. Every game ends with a result and one of ``REASONS``, and returns a
record (a dict, one line of a results file: see ``arena.results``).
"""

import random
import time
from time import perf_counter

from arena.clock import PLAIN, TurnBeyondLimit
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


def call_referee(referee, method, *args):
    """``referee.method(*args)``; RefereeError naming the game, the method and the fault
    if it fails (a referee's fault must not look like a bot's)."""
    try:
        return getattr(referee, method)(*args)
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


def play_opening(referee, state, rng, opening=None, random_plies=0):
    """(state, moves) after the opening: the named moves, or ``random_plies`` random
    legal moves (drawn again if they end the game)."""
    game = referee.game
    if opening:
        moves = []
        for text in opening:
            move, state = play_named(game, state, text, f"opening {join_moves(opening)!r}")
            moves.append(move)
        if not game.legal_moves(state):
            raise UserError(f"opening {join_moves(opening)!r} ends the game")
        return state, moves
    start = state
    for _ in range(1000):
        state, moves = start, []
        for _ in range(random_plies):
            legal = game.legal_moves(state)
            if not legal:
                break
            move = rng.choice(sorted(legal, key=repr))
            state = game.play(state, move)
            moves.append(move)
        if game.legal_moves(state):
            return state, moves
    raise UserError(f"{random_plies} random plies always end the game")


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


def play_match(referee, commands, names=None, seed=0, opening=None, random_plies=0,
               scale=1.0, memory_mb=None, stop=None, key=None, isolated=False, odds=(1.0, 1.0),
               clock=PLAIN):
    """Plays one game; ``commands[0]`` is player 0 (moves first). Returns the record.

    ``odds`` multiplies each seat's time limits (time odds), on top of ``scale``;
    ``memory_mb`` overrides the arena's limit (768 MB, 100 MB for Reversed Reversi);
    ``stop`` is a threading.Event: once set, the game is abandoned (Interrupted);
    ``isolated`` runs each bot without PYTHON* variables, in an empty folder;
    ``clock`` (``arena.clock.Clock``) rehearses pauses, a slow server, the soft timeout."""
    game = referee.game
    names = list(names or commands)
    if memory_mb is None:
        memory_mb = getattr(referee, "memory_mb", DEFAULT_MEMORY_MB)
    argvs = [bot_command_argv(referee, c) for c in commands]
    rng = random.Random(seed)
    state = call_referee(referee, "new_state", rng)
    state, opening_moves = play_opening(referee, state, rng, opening, random_plies)
    limits = [limits_ms(referee, scale * factor) for factor in odds]   # per seat
    game_ms = getattr(referee, "game_ms", None)
    record = {
        "key": key, "game": getattr(referee, "name", None) or getattr(game, "name", None),
        "bots": names, "commands": list(commands), "seed": seed,
        "opening": [move_name(game, m) for m in opening_moves],
        "moves": [], "movers": "", "times": [], "info": [], "said": [], "scale": scale, "odds": list(odds),
    }
    if not clock.plain:
        record["clock"] = clock.describe()
    judge = clock.judge(seed)
    started_at = time.time()
    wall = perf_counter()
    bots = [None, None]
    used_ms = [0.0, 0.0]
    slowest_ms = [0.0, 0.0]  # a faulting turn's too, as used_ms counts it
    turns = [0, 0]
    overheads = []
    failure = None
    player = 0
    last_move = opening_moves[-1] if opening_moves else None
    plies = len(opening_moves)
    try:
        for seat in (0, 1):
            player = seat
            bots[seat] = BotProcess(argvs[seat], memory_mb=memory_mb, stop=stop, isolated=isolated)
        answered = None
        while True:
            legal = game.legal_moves(state)
            if not legal:
                break
            if plies >= MAX_PLIES:
                raise RuntimeError(f"{record['game']}: the game is still running after {plies} plies")
            player = game.to_move(state)
            if call_referee(referee, "needs_answer", state):
                bot = bots[player]
                lines = call_referee(referee, "turn_lines", state, player, turns[player] == 0, last_move)
                if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
                    raise RefereeError(f"{record['game']}: the referee's turn_lines must give a list of str, "
                                       f"got {lines!r:.80}")
                limit = limits[player][0 if turns[player] == 0 else 1]
                pause = judge.pause_ms()
                wait = judge.wait_ms(limit, pause)
                sent = perf_counter()
                if answered is not None:
                    overheads.append(sent - answered)
                try:
                    beside = [bots[1 - player]]  # the opponent's stderr, drained meanwhile
                    bot.send(lines, sent + wait / 1000, beside)
                    line, answered = bot.read_line(sent + wait / 1000, beside)
                except BotFailure as error:
                    if error.reason == "timeout":
                        error.detail = (f"no answer within {limit:.0f} ms on turn {turns[player] + 1}"
                                        + (" (its first)" if turns[player] == 0 else "")
                                        + (f" ({pause:g} ms of it a pause)" if pause else ""))
                    raise
                elapsed = judge.counted_ms((answered - sent) * 1000, pause)
                try:
                    judge.check(player, elapsed, limit)
                except TurnBeyondLimit as late:
                    raise BotFailure("timeout", str(late)) from None
                turns[player] += 1
                used_ms[player] += elapsed
                slowest_ms[player] = max(slowest_ms[player], elapsed)
                try:
                    move = referee.parse_answer(state, line)
                except ValueError as error:
                    raise BotFailure(classify(referee, state, line), str(error)) from None
                except Exception as error:
                    raise RefereeError(f"{record['game']}: the referee's parse_answer failed on {line!r}: "
                                       f"{type(error).__name__}: {error}") from None
                if game_ms and used_ms[player] > game_ms * scale:
                    raise BotFailure("timeout", f"used {used_ms[player] / 1000:.1f} s, over the "
                                     f"game's {game_ms * scale / 1000:.1f} s")
                record["times"].append(round(elapsed, 1))
                record["info"].append(bot.take_info())
                record["said"].append(bot.take_stderr())
            else:
                move = legal[0]
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
        for bot in bots:
            if bot:
                bot.close()
    tails = [bot.last_stderr() if bot else [] for bot in bots]
    peaks = [round(bot.peak_mb, 1) if bot else 0 for bot in bots]
    referee_waits = [round(bot.referee_wait_ms, 1) if bot else 0 for bot in bots]
    if failure:
        loser = player
        points = [1.0, 1.0]
        points[loser] = 0.0
        record.update(score=points, winner=1 - loser, loser=loser, reason=failure.reason,
                      detail=failure.detail, stderr=tails[loser])
    else:
        result = game.outcome(state)
        if result not in (-1, 0, 1):
            raise RefereeError(f"{record['game']}: the rules give no legal move after {plies} plies but outcome "
                               f"is {result!r}: legal_moves must be empty exactly when outcome is -1, 0 or 1")
        result0 = result if game.to_move(state) == 0 else -result
        reason = end_reason(game, state)
        winner = None if result0 == 0 else (0 if result0 > 0 else 1)
        record.update(score=[(result0 + 1) / 2, (1 - result0) / 2], winner=winner, loser=None,
                      reason=reason, detail="", stderr=[])
    record.update(
        plies=plies,
        turns=turns,
        time_avg_ms=[round(used_ms[s] / turns[s], 1) if turns[s] else 0 for s in (0, 1)],
        time_max_ms=[round(slowest_ms[s], 1) for s in (0, 1)],
        peak_mb=peaks,
        referee_wait_ms=referee_waits,  # the longest wait for a CPU left out of each seat's times
        late=list(judge.overruns),  # answers the soft timeout let through, per seat
        overhead_ms=round(sum(overheads) / len(overheads) * 1000, 3) if overheads else None,
        duration_s=round(perf_counter() - wall, 2),
        finished=time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime()),
        started=time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(started_at)),
    )
    return record
