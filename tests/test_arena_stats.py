"""Score, Elo, nElo and the SPRT against values worked out by hand, values published by
another tester, and an independent brute-force computation of the likelihood ratio."""
import math

import pytest

from arena.stats import (PENTANOMIAL, SPRT_MIN_GAMES, TRINOMIAL, Z95, elo, elo_interval, estimate,
                         expected_score, format_elo, llr, score, score_interval, score_percent, sprt, trinomial,
                         variance)


def test_score_and_elo_of_simple_scores():
    assert score(6, 2, 2) == pytest.approx(0.7)
    assert elo(0.5) == 0
    # 0.75 = 1 / (1 + 10^(-d/400))  =>  d = 400 log10(3) = 190.85
    assert elo(0.75) == pytest.approx(190.848501, abs=1e-6)
    assert elo(0) == -math.inf and elo(1) == math.inf
    assert expected_score(elo(0.3)) == pytest.approx(0.3)


def test_the_score_in_percent_prints_as_the_bots_table_prints_it():
    # 101.5 points of 200: 50.75%, which 100 * score() would print 50.7 and the table 50.8
    assert f"{score_percent(90, 23, 87):.1f}" == f"{100 * 101.5 / 200:.1f}" == "50.8"
    assert score_percent(6, 2, 2) == 70.0 and score_percent(0, 0, 0) == 50.0


def test_elo_interval_by_hand():
    # +6 =2 -2: s = 7/10 = 0.7
    # var = (6 * 0.3^2 + 2 * 0.2^2 + 2 * 0.7^2) / 10 = (0.54 + 0.08 + 0.98) / 10 = 0.16
    # se = sqrt(0.16 / 10) = 0.126491;  s -/+ 1.959964 se = 0.452082, 0.947918
    # elo(0.7) = -400 log10(3/7) = 147.1907
    # elo(0.452082) = -400 log10(0.547918 / 0.452082) = -33.399
    # elo(0.947918) = -400 log10(0.052082 / 0.947918) = 504.03
    assert variance(6, 2, 2) == pytest.approx(0.16)
    value, low, high = elo_interval(6, 2, 2)
    assert value == pytest.approx(147.1907, abs=1e-3)
    assert low == pytest.approx(-33.399, abs=1e-2)
    assert high == pytest.approx(504.03, abs=1e-1)


def test_pentanomial_by_hand():
    # pairs LL 1, LD 2, WL+DD 3, WD 2, WW 2 (10 pairs, 20 games), values 0, 1/4, ..., 1
    # s = (0 + 2 * 0.25 + 3 * 0.5 + 2 * 0.75 + 2) / 10 = 0.55
    # var = (0.55^2 + 2 * 0.3^2 + 3 * 0.05^2 + 2 * 0.2^2 + 2 * 0.45^2) / 10
    #     = (0.3025 + 0.18 + 0.0075 + 0.08 + 0.405) / 10 = 0.0975
    # se = sqrt(0.0975 / 10) = 0.098742;  1.959964 se = 0.193531: 0.356469, 0.743531
    # nElo = 0.05 / sqrt(2 * 0.0975) * 347.435586 = 39.3393; its half-width
    # 1.959964 * 347.435586 / sqrt(20 games) = 152.2668
    e = estimate((1, 2, 3, 2, 2))
    assert e.model == PENTANOMIAL and e.games == 20
    assert e.score == pytest.approx(0.55)
    assert (e.score_low, e.score_high) == pytest.approx((0.356469, 0.743531), abs=1e-6)
    assert e.elo == pytest.approx(elo(0.55)) and e.elo_low == pytest.approx(elo(0.356469), abs=1e-3)
    assert e.nelo == pytest.approx(39.3393, abs=1e-3)
    assert (e.nelo_high - e.nelo) == pytest.approx(152.2668, abs=1e-3)


def fastchess_pentanomial(ll, ld, wl, dd, wd, ww):
    """fastchess's Stats(ll, ld, wl, dd, wd, ww) as our counts, worst first."""
    return (ll, ld, wl + dd, wd, ww)


# Published values: fastchess's own tests (github.com/Disservin/fastchess,
# app/tests/elo_test.cpp and app/tests/sprt_test.cpp), which check its Elo, nElo and
# GSPRT (the fishtest formulas) to 1%. Its errors are half the width of the interval.
@pytest.mark.parametrize("stats, elo_, error, nelo, nelo_error", [
    ((34, 54, 31, 32, 64, 75), 55.58, 27.65, 57.94, 28.28),          # "EloPentanomial 1"
    ((332, 433, 457, 41, 333, 334), -8.64, 10.33, -9.17, 10.96),     # "EloPentanomial 2"
    ((7895, 8757, 5485, 200, 568, 9999), -21.04, 2.95, -19.01, 2.65),  # "EloPentanomial 3"
])
def test_pentanomial_elo_and_nelo_equal_published_values(stats, elo_, error, nelo, nelo_error):
    e = estimate(fastchess_pentanomial(*stats))
    assert e.model == PENTANOMIAL
    assert e.elo == pytest.approx(elo_, abs=0.01)
    assert (e.elo_high - e.elo_low) / 2 == pytest.approx(error, abs=0.01)
    assert e.nelo == pytest.approx(nelo, abs=0.01)
    assert (e.nelo_high - e.nelo_low) / 2 == pytest.approx(nelo_error, abs=0.01)


@pytest.mark.parametrize("wins, losses, draws, elo_, error, nelo, nelo_error", [
    (76, 89, 123, None, None, -20.76, 40.13),       # "EloWDL 1": Stats(wins, losses, draws)
    (136, 96, 111, 40.70, 30.43, 49.77, 36.77),     # "EloWDL 2"
    (34, 356, 0, None, None, -508.44, 34.48),       # "EloWDL 3"
])
def test_trinomial_elo_and_nelo_equal_published_values(wins, losses, draws, elo_, error, nelo, nelo_error):
    e = estimate(trinomial(wins, draws, losses))
    assert e.model == TRINOMIAL
    if elo_ is not None:
        assert e.elo == pytest.approx(elo_, abs=0.01)
        assert (e.elo_high - e.elo_low) / 2 == pytest.approx(error, abs=0.01)
    assert e.nelo == pytest.approx(nelo, abs=0.01)
    assert (e.nelo_high - e.nelo_low) / 2 == pytest.approx(nelo_error, abs=0.01)


@pytest.mark.parametrize("counts, elo0, elo1, expected", [
    (fastchess_pentanomial(223, 9863, 20279, 1000, 10037, 246), 0.5, 2.5, -3.07),  # "logistic pentanomial 1"
    (fastchess_pentanomial(871, 26175, 55003, 980, 26678, 821), 0, 2, -4.98),       # "logistic pentanomial 2"
    (trinomial(21404, 40708, 21184), 0.5, 2.5, -1.57),   # "logistic trinomial 1": Stats(21404, 21184, 40708)
    (trinomial(57433, 106593, 57030), 0, 2, -2.59),      # "logistic trinomial 2": Stats(57433, 57030, 106593)
])
def test_llr_equals_published_values(counts, elo0, elo1, expected):
    assert llr(counts, elo0, elo1) == pytest.approx(expected, abs=0.005)


def golden_max(f, low, high, steps=30):
    """The maximum of a concave function on [low, high], by golden-section search."""
    ratio = (math.sqrt(5) - 1) / 2
    a, b = high - ratio * (high - low), low + ratio * (high - low)
    fa, fb = f(a), f(b)
    for _ in range(steps):
        if fa < fb:
            low, a, fa = a, b, fb
            b = low + ratio * (high - low)
            fb = f(b)
        else:
            high, b, fb = b, a, fa
            a = high - ratio * (high - low)
            fa = f(a)
    return max(fa, fb)


def best_pentanomial_likelihood(counts, s):
    """The largest sum(counts_i log p_i) over distributions on 0, 1/4, ..., 1 with mean s,
    by maximising directly over p1, p2, p3 (p0 and p4 follow from the sum and the mean):
    the log-likelihood is concave, and so is its maximum over the inner variables."""
    def loglik(p1, p2, p3):
        p4 = s - 0.25 * p1 - 0.5 * p2 - 0.75 * p3
        p0 = 1 - p1 - p2 - p3 - p4
        return sum(c * math.log(max(p, 1e-300)) for c, p in zip(counts, (p0, p1, p2, p3, p4)))

    def over_p3(p1, p2):
        top = min((s - 0.25 * p1 - 0.5 * p2) / 0.75, 4 * (1 - s - 0.75 * p1 - 0.5 * p2))
        return golden_max(lambda p3: loglik(p1, p2, p3), 0, max(0.0, top))

    def over_p2(p1):
        top = min(2 * (s - 0.25 * p1), 2 * (1 - s - 0.75 * p1))
        return golden_max(lambda p2: over_p3(p1, p2), 0, max(0.0, top))

    return golden_max(over_p2, 0, min(4 * s, (1 - s) / 0.75))


def test_llr_equals_a_brute_force_maximisation_of_the_likelihood():
    # An independent computation: the GSPRT's LLR is the difference of the largest
    # log-likelihoods under the two scores, found here by a direct search rather than
    # by the Lagrange solution the arena uses.
    counts = (3, 11, 25, 14, 7)
    for elo0, elo1 in [(0, 10), (50, 150)]:
        s0, s1 = expected_score(elo0), expected_score(elo1)
        direct = best_pentanomial_likelihood(counts, s1) - best_pentanomial_likelihood(counts, s0)
        assert llr(counts, elo0, elo1) == pytest.approx(direct, abs=1e-6)


def test_sprt_verdicts():
    # bounds for alpha = beta = 0.05: log(0.05 / 0.95) = -2.944439, +2.944439
    result = sprt(trinomial(60, 20, 40), 0, 10)
    assert result.lower == pytest.approx(-2.944439, abs=1e-6) and result.upper == pytest.approx(2.944439, abs=1e-6)
    assert result.verdict is None and result.model == TRINOMIAL
    assert sprt(trinomial(300, 100, 200), 0, 10).verdict == "H1"
    assert sprt(trinomial(200, 100, 300), 0, 10).verdict == "H0"
    # wider error rates, narrower bounds: log(0.2 / 0.9) = -1.504077
    assert sprt(trinomial(60, 20, 40), 0, 10, alpha=0.1, beta=0.2).lower == pytest.approx(-1.504077, abs=1e-6)
    # the same results as pairs: paired tests are less noisy and decide sooner here
    paired = sprt((2, 10, 30, 20, 8), 0, 60)
    assert paired.model == PENTANOMIAL and paired.verdict == "H1"
    assert sprt(trinomial(60, 20, 40), 0, 60).verdict is None


def test_a_run_of_wins_weighs_what_its_likelihood_says():
    # four wins in four: the ratio of their probabilities under +147 and 0 Elo,
    # (0.7 / 0.5)^4, log 1.346 (the zero counts, taken as 0.001, add a little)
    assert llr(trinomial(4, 0, 0), 0, 147) == pytest.approx(4 * math.log(expected_score(147) / 0.5), abs=0.01)
    assert sprt(trinomial(40, 0, 0), 0, 100).verdict == "H1"
    assert sprt((0, 0, 0, 0, 20), 0, 100).verdict == "H1"   # 20 pairs won twice


def test_sprt_waits_for_enough_games():
    assert sprt(trinomial(SPRT_MIN_GAMES - 1, 0, 0), 0, 300).llr > 2.9444
    assert sprt(trinomial(SPRT_MIN_GAMES - 1, 0, 0), 0, 300).verdict is None
    assert sprt(trinomial(SPRT_MIN_GAMES, 0, 0), 0, 300).verdict == "H1"
    assert sprt((0, 0, 0, 0, SPRT_MIN_GAMES // 2 - 1), 0, 300).verdict is None   # pairs: two games each
    assert sprt((0, 0, 0, 0, SPRT_MIN_GAMES // 2), 0, 300).verdict == "H1"


def test_score_interval_of_a_clean_sweep_is_the_exact_one():
    """All draws alike: the score at which the run is as unlikely as the 2.5% tail."""
    s, low, high = score_interval(4, 0, 0)
    assert s == high == 1.0 and low == pytest.approx(0.025 ** (1 / 4), abs=1e-4)   # 0.398
    assert 0.025 == pytest.approx(low ** 4, abs=1e-4)
    assert format_elo(elo_interval(4, 0, 0)[1]) == "-72" and elo_interval(4, 0, 0)[2] == math.inf
    s, low, high = score_interval(0, 0, 4)
    assert s == low == 0.0 and high == pytest.approx(1 - 0.025 ** (1 / 4), abs=1e-4)
    s, low, high = score_interval(0, 6, 0)   # six draws: symmetric about 1/2
    assert s == 0.5 and low == pytest.approx(1 - high) and 0 < low < 0.5
    s, low, high = score_interval(6, 2, 2)  # se = sqrt(0.16 / 10)
    assert s == 0.7 and low == pytest.approx(0.7 - Z95 * 0.126491, abs=1e-5)
    e = estimate((0, 0, 0, 0, 3))   # three pairs won twice: three draws
    assert e.score == e.score_high == 1.0 and e.score_low == pytest.approx(0.025 ** (1 / 3), abs=1e-4)
    assert math.isfinite(e.nelo)
    e = estimate((0, 0, 0, 0, 2))   # 4 games won of 4, as 2 pairs: "Elo +inf [-291, +inf]"
    assert (format_elo(e.elo), format_elo(e.elo_low), format_elo(e.elo_high)) == ("+inf", "-291", "+inf")
    assert estimate((0, 0, 40)).elo_low > estimate((0, 0, 0, 0, 10)).elo_low > 0   # more draws, tighter


def test_no_games():
    e = estimate((0, 0, 0, 0, 0))
    assert e.games == 0 and e.elo_low == -math.inf and e.elo_high == math.inf
    assert sprt((0, 0, 0), 0, 10).llr == 0 and sprt((0, 0, 0), 0, 10).verdict is None
