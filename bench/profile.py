"""Where a bot's search spends its time: the bot's engine (its default, or what the bot
options after ``--`` choose) plays games against itself at its share of the arena's
turn, while a sampling profiler notes the function running every ``--interval`` ms of
CPU time; prints the positions searched a second and, for the functions met most, the
share of the samples in the function's own lines and below it.

    python bench/profile.py onitama
    python bench/profile.py othello --games 2 -- --engine alphabeta

A sampler does not inflate the many small calls the way cProfile does (cProfile put
Onitama's evaluation at 43% of the search, the sampler at 34%:
docs/tuning/onitama-constants.md). Unix only (SIGPROF).
"""
import argparse
import gc
import importlib
import random
import signal
import sys
import time
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.errors import UserError  # noqa: E402
from arena.games import default_random_plies, load_referee  # noqa: E402
from arena.match import play_opening  # noqa: E402
from bots import runtime  # noqa: E402
from engines.base import Limit  # noqa: E402


class Sampler:
    """Counts, at each SIGPROF, the running function (``own``) and every function on
    the stack once (``below``)."""

    def __init__(self, interval_s):
        self.interval_s = interval_s
        self.own, self.below, self.samples = Counter(), Counter(), 0

    def __enter__(self):
        signal.signal(signal.SIGPROF, self._sample)
        signal.setitimer(signal.ITIMER_PROF, self.interval_s, self.interval_s)
        return self

    def __exit__(self, *exc):
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, signal.SIG_DFL)

    def _sample(self, signum, frame):
        self.samples += 1
        self.own[name_of(frame.f_code)] += 1
        seen = set()
        while frame is not None:
            seen.add(name_of(frame.f_code))
            frame = frame.f_back
        self.below.update(seen)


def name_of(code):
    return f"{code.co_name} ({Path(code.co_filename).name})"


def play_games(bot, options, referee, games, plies, seed):
    """(positions, CPU seconds) of the bot's searches along ``games`` games of at most
    ``plies`` plies each, each turn at the bot's share of the arena's turn (its
    ``--time``)."""
    game = referee.game
    turn_s = options.time * referee.turn_ms / 1000
    positions = seconds = 0
    for number in range(games):
        rng = random.Random(seed + number)
        engine = runtime.make_engine(bot, options, game)
        state, _ = play_opening(referee, referee.new_state(rng), rng, None, default_random_plies(referee.name))
        for _ in range(plies):
            if not game.legal_moves(state):
                break
            started = time.process_time()
            result = engine.search(state, Limit.within(turn_s))
            seconds += time.process_time() - started
            positions += result.nodes
            state = game.play(state, result.move)
    return positions, seconds


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    own, bot_argv = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else (argv, [])
    parser = argparse.ArgumentParser(prog="python bench/profile.py", description=__doc__.split("\n\n")[0],
                                     epilog="the bot's own options (--engine, --set, --eval, --time...) come after --")
    parser.add_argument("game", help="a bot of bots/ that plays a game of the arena (oware, onitama, ...)")
    parser.add_argument("--games", type=int, default=3, help="games of self-play (default 3)")
    parser.add_argument("--plies", type=int, default=40, help="plies of each game at most (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="the games' openings (default 1)")
    parser.add_argument("--interval", type=float, default=2.0, help="ms of CPU time between samples (default 2)")
    parser.add_argument("--top", type=int, default=25, help="functions listed (default 25)")
    options = parser.parse_args(own)
    if min(options.games, options.plies, options.top) < 1 or options.interval <= 0:
        parser.error("--games, --plies, --top and --interval must be positive")
    try:
        referee = load_referee(options.game)
        module = importlib.import_module(f"bots.{options.game}")
    except (UserError, ImportError) as error:
        parser.error(f"no bot for {options.game!r}: {error}")
    bot = getattr(module, "BOT", None)
    if bot is None:
        parser.error(f"bots/{options.game}.py is not a CodinGame bot (no BOT)")
    bot_options = runtime.parse_options(bot, bot_argv)
    gc.disable()  # as the bots run
    with Sampler(options.interval / 1000) as sampler:
        positions, seconds = play_games(bot, bot_options, referee, options.games, options.plies, options.seed)
    print(f"{options.game}: engine {bot_options.engine}, {options.games} games, turns of "
          f"{bot_options.time * referee.turn_ms:.1f} ms: {positions / max(seconds, 1e-9):,.0f} positions a second, "
          f"{sampler.samples} samples")
    print(f"{'own':>6} {'below':>6}  function")
    for name, count in sampler.own.most_common(options.top):
        print(f"{100 * count / sampler.samples:5.1f}% {100 * sampler.below[name] / sampler.samples:5.1f}%  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
