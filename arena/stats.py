"""Score, Elo difference with its 95% interval, and the SPRT, from wins, draws, losses.

The score is ``s = (W + D/2) / N``; the Elo difference is the logistic one,
``elo(s) = -400 log10(1/s - 1)``. The interval comes from the normal approximation of
the mean game result: the per-game variance
``var = (W (1-s)^2 + D (1/2-s)^2 + L s^2) / N``, the standard error ``sqrt(var / N)``,
and ``elo(s -/+ 1.96 se)``. When all games had the same result (no variance), both use the
variance of the results with half a game of each kind added.

The SPRT tests H0: elo = elo0 against H1: elo = elo1 with the log-likelihood ratio of
the same normal approximation, ``LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var)`` where
``s0``, ``s1`` are the scores that ``elo0``, ``elo1`` predict. It accepts H1 when the
LLR reaches ``log((1 - beta) / alpha)``, H0 when it falls to ``log(beta / (1 - alpha))``,
but never before ``SPRT_MIN_GAMES`` games: on a handful of games the normal approximation
is far too confident (four wins in four would accept +147 Elo, where the exact binomial
ratio of those four games is 1.35, not the 2.94 the test asks for).
"""

import math
from dataclasses import dataclass

Z95 = 1.959963984540054
SPRT_MIN_GAMES = 20


def score(wins, draws, losses):
    n = wins + draws + losses
    return (wins + draws / 2) / n if n else 0.5


def elo(s):
    """The Elo difference that a score ``s`` means (infinite at 0 and 1)."""
    if s <= 0:
        return -math.inf
    if s >= 1:
        return math.inf
    return -400 * math.log10(1 / s - 1)


def expected_score(elo_difference):
    return 1 / (1 + 10 ** (-elo_difference / 400))


def variance(wins, draws, losses):
    """Per-game variance of the result (1, 1/2, 0)."""
    n = wins + draws + losses
    if not n:
        return 0.0
    s = score(wins, draws, losses)
    return (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s ** 2) / n


def score_interval(wins, draws, losses, z=Z95):
    """(score, low, high): the score and its interval (95% by default), within [0, 1]."""
    n = wins + draws + losses
    s = score(wins, draws, losses)
    if not n:
        return s, 0.0, 1.0
    half = z * math.sqrt(interval_variance(wins, draws, losses) / n)
    return s, max(0.0, s - half), min(1.0, s + half)


def elo_interval(wins, draws, losses, z=Z95):
    """(elo, low, high): the Elo difference and its interval (95% by default)."""
    if not wins + draws + losses:
        return 0.0, -math.inf, math.inf
    s, low, high = score_interval(wins, draws, losses, z)
    return elo(s), elo(low), elo(high)


def interval_variance(wins, draws, losses):
    """The variance, or when every game had the same result (no variance: the normal
    approximation breaks down), that of the results with half a game of each kind
    more, so that a run of wins still gets a finite bound."""
    var = variance(wins, draws, losses)
    if var == 0 and wins + draws + losses:
        var = variance(wins + 0.5, draws + 0.5, losses + 0.5)
    return var


@dataclass
class Sprt:
    llr: float
    lower: float
    upper: float
    verdict: str | None  # "H1" (elo >= elo1 accepted), "H0" (elo <= elo0 accepted), None

    def describe(self, elo0, elo1):
        if self.verdict == "H1":
            state = f"H1 accepted: stronger by at least {elo1:g} Elo"
        elif self.verdict == "H0":
            state = f"H0 accepted: not stronger by {elo1:g} Elo (at most {elo0:g})"
        else:
            state = "no decision yet"
        return f"LLR {self.llr:.2f} ({self.lower:.2f}, {self.upper:.2f}): {state}"


def sprt(wins, draws, losses, elo0, elo1, alpha=0.05, beta=0.05):
    lower = math.log(beta / (1 - alpha))
    upper = math.log((1 - beta) / alpha)
    n = wins + draws + losses
    if n == 0:
        return Sprt(0.0, lower, upper, None)
    var = interval_variance(wins, draws, losses)
    s = score(wins, draws, losses)
    s0, s1 = expected_score(elo0), expected_score(elo1)
    llr = n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var)
    verdict = None
    if n >= SPRT_MIN_GAMES:
        verdict = "H1" if llr >= upper else "H0" if llr <= lower else None
    return Sprt(llr, lower, upper, verdict)


def format_elo(value):
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{round(value) + 0:+d}"
