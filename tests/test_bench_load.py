"""bench/load.py's figures from results records."""
from arena.games import load_referee
from bench.load import answer_shares, percentile, results_file


def record(bots, movers, times, reason="end", loser=None):
    return {"bots": bots, "movers": movers, "times": times, "reason": reason, "loser": loser}


def test_answers_are_counted_by_bot_first_turns_apart_and_a_timeout_is_a_late_answer():
    referee = load_referee("oware")  # 1000 ms first turn, 50 ms later ones
    records = [
        record(["new", "old"], "010101", [500, 400, 25, 40, 30, None]),
        record(["old", "new"], "0101", [300, 600, 45, 20], reason="timeout", loser=1),
    ]
    shares, firsts, late = answer_shares(records, referee, "new")
    assert sorted(shares) == [0.4, 0.5, 0.6] and sorted(firsts) == [0.5, 0.6] and late == 1
    shares, firsts, late = answer_shares(records, referee, "old")
    assert sorted(shares) == [0.8, 0.9] and sorted(firsts) == [0.3, 0.4] and late == 0
    shares, _, late = answer_shares(records, referee)
    assert len(shares) == 5 and late == 1


def test_percentiles_are_values_that_were_seen():
    values = list(range(1, 1001))
    assert percentile(values, 0.5) == 500 and percentile(values, 0.999) == 999
    assert percentile(values, 1.0) == 1000 and percentile([7], 0.99) == 7


def test_every_topic_of_make_bench_has_a_run():
    """`python -m bench` (make bench) calls ``run(quick=...)`` of every topic it lists;
    a command-line module in bench/ belongs to SEPARATE, or make bench fails at it."""
    import importlib
    import inspect

    from bench.__main__ import topics
    for topic in topics():
        run = getattr(importlib.import_module(f"bench.{topic}"), "run", None)
        assert callable(run) and "quick" in inspect.signature(run).parameters, topic


def test_stored_games_are_keyed_by_the_bundles_bytes(tmp_path):
    """A rebuilt bundle does not reuse the games of the one before it."""
    bundle, other = tmp_path / "oware.py", tmp_path / "old.py"
    bundle.write_text("print('a')")
    other.write_text("print('b')")
    first = results_file(tmp_path, "oware", 2, [bundle])
    assert first == results_file(tmp_path, "oware", 2, [bundle])   # a rerun resumes
    assert first.name.startswith("oware-busy2-") and first.suffix == ".jsonl"
    assert first != results_file(tmp_path, "oware", 0, [bundle])
    against = results_file(tmp_path, "oware", 2, [bundle, other])
    assert against != first and "-against-" in against.name
    assert against != results_file(tmp_path, "oware", 2, [other, bundle])   # the sides differ
    bundle.write_text("print('rebuilt')")
    assert results_file(tmp_path, "oware", 2, [bundle]) != first
    assert results_file(tmp_path, "oware", 2, [bundle, other]) != against
