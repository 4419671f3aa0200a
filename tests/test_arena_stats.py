"""Score, Elo interval and SPRT against values worked out by hand."""
import math

import pytest

from arena.stats import (SPRT_MIN_GAMES, Z95, elo, elo_interval, expected_score, score, score_interval, sprt,
                          variance)


def test_score_and_elo_of_simple_scores():
    assert score(6, 2, 2) == pytest.approx(0.7)
    assert elo(0.5) == 0
    # 0.75 = 1 / (1 + 10^(-d/400))  =>  d = 400 log10(3) = 190.85
    assert elo(0.75) == pytest.approx(190.848501, abs=1e-6)
    assert elo(0) == -math.inf and elo(1) == math.inf
    assert expected_score(elo(0.3)) == pytest.approx(0.3)


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


def test_elo_interval_is_symmetric_for_even_results():
    value, low, high = elo_interval(10, 0, 10)
    assert value == 0 and low == pytest.approx(-high)


def test_sprt_by_hand():
    # +60 =20 -40 (N = 120): s = 70/120 = 0.583333
    # var = (60 * 0.416667^2 + 20 * 0.083333^2 + 40 * 0.583333^2) / 120 = 0.201389
    # s0 = 0.5 (elo0 = 0); s1 = 1 / (1 + 10^(-10/400)) = 0.514387 (elo1 = 10)
    # LLR = 120 * 0.014387 * (1.166667 - 0.5 - 0.514387) / (2 * 0.201389) = 0.65273
    # bounds for alpha = beta = 0.05: log(0.05 / 0.95) = -2.944439, +2.944439
    result = sprt(60, 20, 40, 0, 10)
    assert result.llr == pytest.approx(0.65273, abs=1e-4)
    assert result.lower == pytest.approx(-2.944439, abs=1e-6)
    assert result.upper == pytest.approx(2.944439, abs=1e-6)
    assert result.verdict is None


def test_sprt_is_the_log_likelihood_ratio_of_two_normals():
    w, d, l = 52, 20, 48
    results = [1] * w + [0.5] * d + [0] * l
    var = variance(w, d, l)
    s0, s1 = expected_score(0), expected_score(10)
    direct = sum((x - s0) ** 2 - (x - s1) ** 2 for x in results) / (2 * var)
    assert sprt(w, d, l, 0, 10).llr == pytest.approx(direct)


def test_sprt_verdicts():
    # Five times the games of test_sprt_by_hand: LLR = 5 * 0.65273 = 3.2636 > 2.9444
    assert sprt(300, 100, 200, 0, 10).llr == pytest.approx(3.2636, abs=1e-3)
    assert sprt(300, 100, 200, 0, 10).verdict == "H1"
    assert sprt(200, 100, 300, 0, 10).verdict == "H0"
    # wider error rates, narrower bounds: log(0.2 / 0.9) = -1.504077
    assert sprt(60, 20, 40, 0, 10, alpha=0.1, beta=0.2).lower == pytest.approx(-1.504077, abs=1e-6)
    # all wins: no variance, still decides
    assert sprt(40, 0, 0, 0, 10).verdict == "H1"


def test_sprt_waits_for_enough_games():
    # 4-0 passes the bound of the normal approximation (LLR 3.36 > 2.94), but the exact
    # binomial ratio of four wins, 4 log(0.700 / 0.5) = 1.35, is far from it
    assert sprt(4, 0, 0, 0, 147).llr > 2.9444
    assert sprt(4, 0, 0, 0, 147).verdict is None
    assert sprt(SPRT_MIN_GAMES - 1, 0, 0, 0, 147).verdict is None
    assert sprt(SPRT_MIN_GAMES, 0, 0, 0, 147).verdict == "H1"


def test_score_interval_of_a_clean_sweep_is_not_a_point():
    s, low, high = score_interval(4, 0, 0)
    assert s == high == 1.0 and 0.5 < low < 0.8
    s, low, high = score_interval(6, 2, 2)  # se = sqrt(0.16 / 10)
    assert s == 0.7 and low == pytest.approx(0.7 - Z95 * 0.126491, abs=1e-5)
