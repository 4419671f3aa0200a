"""Score, Elo and normalized Elo with their 95% intervals, and the SPRT, from game results.

Results are counts of outcomes, worst first, under one of two models:

- **trinomial**: every game on its own, ``(L, D, W)``, worth 0, 1/2, 1;
- **pentanomial**: the two games of a seat-swapped pair on the same opening as one
  draw, ``(LL, LD, WL+DD, WD, WW)``, worth the pair's mean: 0, 1/4, 1/2, 3/4, 1.
  Paired games are correlated (an opening that favours one seat does so in both games),
  so pairs are what is independent; the trinomial overstates the variance of a
  paired tournament, and its intervals and tests are too cautious.

The score ``s`` is the mean outcome; the Elo difference the logistic one,
``elo(s) = -400 log10(1/s - 1)``. With ``var`` the variance of one draw (a game, or a
pair) and ``n`` the draws, the interval is ``elo(s -/+ 1.96 sqrt(var / n))``. When every
draw had the same result ``v`` (no variance: a clean sweep, say), the normal
approximation says nothing, and the interval is the exact one: a result repeated ``n``
times is as unlikely as the interval's tail (2.5%) when its probability is
``q = 0.025 ** (1 / n)``, so the score lies in ``[q v, q v + 1 - q]`` (the other draws worth
0 or 1). Four games won of four give ``[0.40, 1]`` (Elo ``[-72, +inf]``), two pairs won
twice ``[0.16, 1]``: few draws, a wide interval. nElo's sigma is still taken from the
counts with half a draw of each kind added, so that it stays finite.

Normalized Elo (nElo) divides the score's distance from 1/2 by the standard deviation
of one game, ``sigma = sqrt(var)`` (trinomial) or ``sqrt(2 var)`` (pentanomial, a pair
being the mean of two games): ``nelo = (s - 1/2) / sigma * 800 / ln 10``. Its interval
is ``nelo -/+ 1.96 * 800 / ln 10 / sqrt(games)`` whatever the draw rate.

The SPRT tests H0: elo = elo0 against H1: elo = elo1 (logistic Elo) with the
generalized log-likelihood ratio (GSPRT) that fishtest computes: for each hypothesis,
the distribution of outcomes that is most likely given the counts and has the score
that the hypothesis predicts (M. Van den Bergh, "Comments on normalized Elo",
Proposition 1.1); ``LLR = n * sum(p_i log(P1_i / P0_i))`` with ``p`` the observed
frequencies, a count of zero taken as 0.001. It accepts H1 when the LLR reaches
``log((1 - beta) / alpha)``, H0 when it falls to ``log(beta / (1 - alpha))``, but never
before ``SPRT_MIN_GAMES`` games: the test is asymptotic, and a handful of games is not.
"""

import math
from dataclasses import dataclass

Z95 = 1.959963984540054
SPRT_MIN_GAMES = 20
NELO_PER_T = 800 / math.log(10)   # nElo of one standard deviation of a game's score
TRINOMIAL, PENTANOMIAL = "trinomial", "pentanomial"
REGULARIZED = 1e-3                # a count of zero, in the SPRT (as fishtest)


def trinomial(wins, draws, losses):
    """The trinomial counts, worst first."""
    return (losses, draws, wins)


def model_of(counts):
    return PENTANOMIAL if len(counts) == 5 else TRINOMIAL


def outcomes(counts):
    """The score of each kind of draw: 0, 1/2, 1 or 0, 1/4, 1/2, 3/4, 1."""
    last = len(counts) - 1
    return [i / last for i in range(len(counts))]


def games_of(counts):
    """Games behind the counts: one a draw, or two a pair."""
    return round(sum(counts) * (len(counts) - 1) / 2)


def mean_variance(counts):
    """(mean score, variance) of one draw; (0.5, 0) without any."""
    n = sum(counts)
    if not n:
        return 0.5, 0.0
    values = outcomes(counts)
    mean = sum(c * v for c, v in zip(counts, values)) / n
    return mean, sum(c * (v - mean) ** 2 for c, v in zip(counts, values)) / n


def interval_variance(counts):
    """The variance, or when every draw had the same result (nElo's sigma must not be
    zero) that of the counts with half a draw of each kind more."""
    var = mean_variance(counts)[1]
    if var == 0 and sum(counts):
        var = mean_variance([c + 0.5 for c in counts])[1]
    return var


def elo(s):
    """The Elo difference that a score ``s`` means (infinite at 0 and 1)."""
    if s <= 0:
        return -math.inf
    if s >= 1:
        return math.inf
    return -400 * math.log10(1 / s - 1)


def expected_score(elo_difference):
    return 1 / (1 + 10 ** (-elo_difference / 400))


@dataclass
class Estimate:
    """What the counts say, with 95% intervals (by default)."""
    model: str
    counts: tuple
    games: int
    score: float
    score_low: float
    score_high: float
    elo: float
    elo_low: float
    elo_high: float
    nelo: float
    nelo_low: float
    nelo_high: float


def estimate(counts, z=Z95):
    """Score, Elo and nElo with their intervals, from trinomial or pentanomial counts."""
    counts = tuple(counts)
    model, games = model_of(counts), games_of(counts)
    if not games:
        return Estimate(model, counts, 0, 0.5, 0.0, 1.0, 0.0, -math.inf, math.inf, 0.0, -math.inf, math.inf)
    s, spread = mean_variance(counts)
    var = interval_variance(counts)
    half = z * math.sqrt(var / sum(counts))
    low, high = max(0.0, s - half), min(1.0, s + half)
    if spread == 0:
        low, high = repeated_result_interval(s, sum(counts), z)
    sigma = math.sqrt(var * (len(counts) - 1) / 2)   # one game's: var, or 2 var for a pair's mean
    nelo = (s - 0.5) / sigma * NELO_PER_T
    nelo_half = half / sigma * NELO_PER_T
    return Estimate(model, counts, games, s, low, high, elo(s), elo(low), elo(high),
                    nelo, nelo - nelo_half, nelo + nelo_half)


def repeated_result_interval(value, n, z=Z95):
    """(low, high) of the score when all ``n`` draws had the result ``value``: exact, as
    the normal approximation fails without variance (module docstring)."""
    q = (math.erfc(z / math.sqrt(2)) / 2) ** (1 / n)   # the result's least plausible probability
    return q * value, 1 - q * (1 - value)


# The trinomial from wins, draws and losses, as most callers have them.
def score(wins, draws, losses):
    return mean_variance(trinomial(wins, draws, losses))[0]


def score_percent(wins, draws, losses):
    """The score in percent from the points, as the bots' table computes it (100 * 0.5075
    prints 50.7 where 100 * 101.5 / 200 prints 50.8)."""
    games = wins + draws + losses
    return 100 * (wins + draws / 2) / games if games else 50.0


def variance(wins, draws, losses):
    """Per-game variance of the result (1, 1/2, 0)."""
    return mean_variance(trinomial(wins, draws, losses))[1]


def score_interval(wins, draws, losses, z=Z95):
    """(score, low, high): the score and its interval (95% by default), within [0, 1]."""
    e = estimate(trinomial(wins, draws, losses), z)
    return e.score, e.score_low, e.score_high


def elo_interval(wins, draws, losses, z=Z95):
    """(elo, low, high): the Elo difference and its interval (95% by default)."""
    e = estimate(trinomial(wins, draws, losses), z)
    return e.elo, e.elo_low, e.elo_high


# -- the SPRT ----------------------------------------------------------------------------
def most_likely(values, probs, s):
    """The distribution over ``values`` with mean ``s`` that gives the observed
    frequencies ``probs`` (all positive) the highest likelihood:
    ``probs_i / (1 + x (values_i - s))``, where ``x`` solves
    ``sum(probs_i (values_i - s) / (1 + x (values_i - s))) = 0``."""
    d = [v - s for v in values]
    low, high = -1 / max(d), -1 / min(d)   # where every 1 + x d_i stays positive

    def slope(x):  # decreasing from +inf to -inf over (low, high)
        return sum(p * di / (1 + x * di) for p, di in zip(probs, d))

    for _ in range(200):   # bisection: ends when the interval no longer shrinks
        middle = (low + high) / 2
        if not low < middle < high:
            break
        if slope(middle) > 0:
            low = middle
        else:
            high = middle
    x = (low + high) / 2
    return [p / (1 + x * di) for p, di in zip(probs, d)]


def llr(counts, elo0, elo1):
    """The generalized log-likelihood ratio of elo1 against elo0 (logistic Elo)."""
    counts = [c or REGULARIZED for c in counts]
    n = sum(counts)
    probs = [c / n for c in counts]
    values = outcomes(counts)
    p0 = most_likely(values, probs, expected_score(elo0))
    p1 = most_likely(values, probs, expected_score(elo1))
    return n * sum(p * (math.log(b) - math.log(a)) for p, a, b in zip(probs, p0, p1))


@dataclass
class Sprt:
    llr: float
    lower: float
    upper: float
    verdict: str | None  # "H1" (elo >= elo1 accepted), "H0" (elo <= elo0 accepted), None
    model: str = TRINOMIAL

    def describe(self, elo0, elo1):
        if self.verdict == "H1":
            state = f"H1 accepted: stronger by at least {elo1:g} Elo"
        elif self.verdict == "H0":
            state = f"H0 accepted: not stronger by {elo1:g} Elo (at most {elo0:g})"
        else:
            state = "no decision yet"
        return f"LLR {self.llr:.2f} ({self.lower:.2f}, {self.upper:.2f}): {state}"


def sprt(counts, elo0, elo1, alpha=0.05, beta=0.05):
    """The SPRT of trinomial or pentanomial counts."""
    lower = math.log(beta / (1 - alpha))
    upper = math.log((1 - beta) / alpha)
    model = model_of(counts)
    if not sum(counts):
        return Sprt(0.0, lower, upper, None, model)
    value = llr(counts, elo0, elo1)
    verdict = None
    if games_of(counts) >= SPRT_MIN_GAMES:
        verdict = "H1" if value >= upper else "H0" if value <= lower else None
    return Sprt(value, lower, upper, verdict, model)


def format_elo(value):
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{round(value) + 0:+d}"
