"""Rehearsing CodinGame's clock as its servers really keep it (arena/README.md, "Rehearsing
the real clock"): random pauses of the bots (``jitter``), a slower server (``slow``) and
the game SDK 4.7.7's soft timeout (``soft``).

A ``Clock`` turns the time a bot took, as measured, into the time the arena counts, and
says whether that answer is on time. Each game has its own ``TurnJudge`` (the soft
timeout's overruns are counted per player and game); pauses are drawn from the game's
seed, so a rerun of a game draws the same pauses.
"""

import random
import sys
from dataclasses import dataclass

from arena.errors import UserError

# The SDK's soft timeout (codingame-game-engine PR #78, SDK 4.7.7): the hard limit is the
# limit plus SOFT_EXTRA_MS, and a player may exceed the limit SOFT_OVERRUNS times.
SOFT_EXTRA_MS = 50.0
SOFT_OVERRUNS = 2
# --jitter's default: a 5 ms pause on one turn in five, a 20 ms pause on one in fifty. The
# sizes are what CodinGame's players report (forum thread 205037); the rates are our
# guess, as nobody has published them.
DEFAULT_JITTER = ((0.2, 5.0), (0.02, 20.0))


def parse_jitter(text):
    """((rate, ms), ...) from ``RATE:MS[,RATE:MS...]``; UserError if malformed."""
    pauses = []
    for part in text.split(","):
        rate_text, sep, ms_text = part.partition(":")
        try:
            rate, ms = float(rate_text), float(ms_text)
        except ValueError:
            raise UserError(f"--jitter expects RATE:MS[,RATE:MS...], got {text!r}") from None
        if not sep or not 0 <= rate <= 1 or not ms >= 0:
            raise UserError(f"--jitter {part!r}: the rate must be in [0, 1] and the pause at least 0 ms")
        pauses.append((rate, ms))
    if sum(rate for rate, _ in pauses) > 1:
        raise UserError(f"--jitter {text!r}: the rates add up to more than 1")
    return tuple(pauses)


@dataclass(frozen=True)
class Clock:
    """How the arena counts a bot's time. ``jitter``: ((rate, ms), ...), on each turn at
    most one pause, of ``ms`` with probability ``rate``; ``slow``: a factor on the time
    measured; ``soft``: the soft timeout."""
    jitter: tuple = ()
    slow: float = 1.0
    soft: bool = False

    @property
    def plain(self):
        return not self.jitter and self.slow == 1.0 and not self.soft

    def describe(self):
        """A record's ``clock`` field: None for the plain clock."""
        if self.plain:
            return None
        return {"jitter": [list(p) for p in self.jitter], "slow": self.slow, "soft": self.soft}

    def judge(self, seed, players=2):
        return TurnJudge(self, random.Random(f"jitter/{seed}"), players)


class TurnBeyondLimit(Exception):
    """An answer the clock does not accept: a timeout."""


class TurnJudge:
    """One game's clock: for each answer, the pause drawn, the wait allowed and the
    verdict."""

    def __init__(self, clock, rng, players=2):
        self.clock = clock
        self.rng = rng
        self.overruns = [0] * players
        self.counted = "" if clock.jitter == () and clock.slow == 1.0 else " (counted)"

    def pause_ms(self):
        """The pause of this turn (0 most turns): as if the server stopped the bot after
        its last look at its clock, the case that makes a timeout."""
        draw = self.rng.random()
        for rate, ms in self.clock.jitter:
            if draw < rate:
                return ms
            draw -= rate
        return 0.0

    def hard_ms(self, limit_ms):
        return limit_ms + SOFT_EXTRA_MS if self.clock.soft else limit_ms

    def wait_ms(self, limit_ms, pause_ms):
        """How long to wait for the answer (measured): past it, no answer can be on time."""
        return max(0.0, (self.hard_ms(limit_ms) - pause_ms) / self.clock.slow)

    def counted_ms(self, measured_ms, pause_ms):
        return measured_ms * self.clock.slow + pause_ms

    def check(self, seat, counted_ms, limit_ms):
        """Raises TurnBeyondLimit (with the reason) for an answer that counts as late."""
        if counted_ms <= limit_ms:
            return
        if counted_ms > self.hard_ms(limit_ms):
            raise TurnBeyondLimit(f"answered after {counted_ms:.0f} ms{self.counted}, over the "
                                  f"{self.hard_ms(limit_ms):.0f} ms limit")
        self.overruns[seat] += 1
        if self.overruns[seat] > SOFT_OVERRUNS:
            raise TurnBeyondLimit(f"answered after {counted_ms:.0f} ms{self.counted}, over the {limit_ms:.0f} "
                                  f"ms limit: late answer {self.overruns[seat]} of the game, where the soft "
                                  f"timeout tolerates {SOFT_OVERRUNS}")


PLAIN = Clock()


def warn_other_clocks(records, clock):
    """Says so when games already in a results file were counted under another clock than
    ``clock``: a rerun keeps them."""
    others = sum(1 for record in records if record.get("clock") != clock.describe())
    if others:
        print(f"warning: {others} game{'s' * (others != 1)} already played had another clock "
              "(--jitter, --slow, --soft-timeout); they still count (use another results file to "
              "start afresh)", file=sys.stderr)


def clock_from_options(options):
    """The Clock of the --jitter, --slow and --soft-timeout options."""
    jitter = getattr(options, "jitter", None)
    return Clock(jitter=parse_jitter(jitter) if jitter else (),
                 slow=getattr(options, "slow", None) or 1.0,
                 soft=bool(getattr(options, "soft_timeout", False)))


def default_jitter_text():
    return ",".join(f"{rate:g}:{ms:g}" for rate, ms in DEFAULT_JITTER)


def add_rehearsal_options(parser, positive_float):
    parser.add_argument("--jitter", nargs="?", const=default_jitter_text(), metavar="RATE:MS,...",
                        help="random pauses of the bots, counted in their time: on each turn a pause "
                             f"of MS with probability RATE (default {default_jitter_text()}: "
                             "CodinGame's servers' 5 ms and 20 ms pauses)")
    parser.add_argument("--slow", type=positive_float, metavar="F",
                        help="a server F times slower: the bots' measured time counts F times")
    parser.add_argument("--soft-timeout", action="store_true",
                        help=f"CodinGame SDK 4.7.7's soft timeout: answers up to {SOFT_EXTRA_MS:g} ms late "
                             f"are tolerated {SOFT_OVERRUNS} times a game, the next one loses")
