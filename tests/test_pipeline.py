"""The trainers' one pipeline (learn/pipeline.py): a game is a function of the seed, its
stream and its index alone, whatever the chunks and the processes; the cache gives back
what was played and never another setting's games; and the trainers write the same
weights with one process as with two."""

import random

import pytest

np = pytest.importorskip("numpy")

from learn import logistic, pipeline  # noqa: E402
from learn.pipeline import Games, game_seed, generate, split  # noqa: E402

CALLS = []  # the seeds each toy play was given, in this process


def toy_play(seeds, tag):
    """A stand-in for a trainer's play: one game per seed, two positions each, drawn
    from the seed's generator alone."""
    CALLS.append(list(seeds))
    return [[(tag, rng.random()) for _ in range(2)] for rng in map(random.Random, seeds)]


def toy_arrays(seeds, tag):
    """The same as arrays with a ``game`` column, as the N-tuple trainers' plays give."""
    games = toy_play(seeds, tag)
    return {"value": np.array([value for game in games for _, value in game]),
            "game": np.repeat(np.arange(len(seeds), dtype=np.int32), 2)}


def test_a_games_seed_is_its_run_seed_stream_and_index_alone():
    seeds = {game_seed(seed, stream, index) for seed in (1, 2) for stream in (0, 1, 999) for index in range(200)}
    assert len(seeds) == 2 * 3 * 200 and all(0 <= s < 2 ** 64 for s in seeds)
    assert game_seed(1, 0, 5) == game_seed(1, 0, 5)


@pytest.mark.parametrize("play", [toy_play, toy_arrays])
def test_the_games_are_the_same_whatever_the_chunks_and_the_jobs(play):
    runs = [generate(Games("toy", play, ("a",), ("a",), chunk=chunk), 11, 7, 2, jobs=jobs, progress=False)
            for chunk, jobs in ((1, 1), (3, 1), (4, 2), (25, 2))]
    for run in runs[1:]:
        if play is toy_play:
            assert run == runs[0]
        else:
            assert all(np.array_equal(run[name], runs[0][name]) for name in run)
    # game i is the play of its own seed
    first = runs[0] if play is toy_play else runs[0]["value"].reshape(11, 2).tolist()
    for index in (0, 4, 10):
        alone = toy_play([game_seed(7, 2, index)], "a")[0]
        assert first[index] == (alone if play is toy_play else [value for _, value in alone])
    if play is toy_arrays:
        assert runs[0]["game"].tolist() == [g for g in range(11) for _ in range(2)]


def test_split_keeps_the_games_before_the_cut():
    games = generate(Games("toy", toy_arrays, ("a",), ()), 5, 1, progress=False)
    before, after = split(games, 3)
    assert set(before["game"].tolist()) == {0, 1, 2} and set(after["game"].tolist()) == {3, 4}
    listed = generate(Games("toy", toy_play, ("a",), ()), 5, 1, progress=False)
    assert split(listed, 3) == (listed[:3], listed[3:])


def test_the_cache_gives_back_its_games_and_plays_only_what_it_lacks(tmp_path):
    games = Games("toy", toy_play, ("a",), ("a",), chunk=4)
    CALLS.clear()
    played = generate(games, 10, 3, 1, cache=tmp_path, progress=False)
    assert sum(map(len, CALLS)) == 10
    CALLS.clear()
    assert generate(games, 10, 3, 1, cache=tmp_path, progress=False) == played and not CALLS
    more = generate(games, 14, 3, 1, cache=tmp_path, progress=False)  # a run with more games
    assert [len(seeds) for seeds in CALLS] == [4, 2]  # the two first chunks read; 10's short last one, played in full
    assert more[:10] == played and more == generate(games, 14, 3, 1, progress=False)


@pytest.mark.parametrize("change", ["key", "seed", "stream", "name"])
def test_a_changed_setting_never_reads_a_stale_cache(tmp_path, change):
    generate(Games("toy", toy_play, ("a",), ("a",)), 6, 3, 1, cache=tmp_path, progress=False)
    changed = {"key": (Games("toy", toy_play, ("b",), ("b",)), 3, 1),
               "seed": (Games("toy", toy_play, ("b",), ("a",)), 4, 1),
               "stream": (Games("toy", toy_play, ("b",), ("a",)), 3, 2),
               "name": (Games("toy2", toy_play, ("b",), ("a",)), 3, 1)}[change]
    games, seed, stream = changed
    CALLS.clear()
    again = generate(games, 6, seed, stream, cache=tmp_path, progress=False)
    assert len(CALLS) == 1 and all(tag == "b" for game in again for tag, _ in game)
    assert len(list(tmp_path.iterdir())) == 2


def test_the_labelled_games_key_holds_what_decides_them():
    setup = logistic.setup_of("oware")
    base = logistic.labelled_games(setup, None, 2)
    others = [logistic.labelled_games(setup, [0.5] * setup.learned.FEATURES, 2), logistic.labelled_games(setup, None, 3),
              logistic.labelled_games(setup, None, 2, quiescence=True),
              logistic.labelled_games(logistic.setup_of("breakthrough"), None, 2)]
    folders = {games.folder("cache", 1, 0) for games in [base, *others]}
    assert len(folders) == 5
    compiled = logistic.labelled_games(setup, None, 2, compiled=True)
    assert compiled.folder("cache", 1, 0) not in folders and compiled.name == "oware-compiled"
    assert logistic.labelled_games(setup, None, 2).folder("cache", 1, 0) == base.folder("cache", 1, 0)


@pytest.mark.parametrize("name", ["oware", "onitama"])
def test_a_pure_python_game_is_the_same_alone_or_after_others(name):
    """Onitama's evaluations keep memos whose history moves a value's last bit: each game
    starts with them emptied."""
    seeds = [game_seed(5, 0, i) for i in range(3)]
    together = logistic.play_chunk(seeds, name, None, 1)
    assert logistic.play_chunk(seeds[2:], name, None, 1) == together[2:]


def test_an_onitama_ntuple_game_is_the_same_alone_or_after_others():
    from learn import onitama_ntuple
    seeds = [game_seed(5, 0, i) for i in range(3)]
    together = onitama_ntuple.play_chunk(seeds, depths=(1, 2))
    alone = onitama_ntuple.play_chunk(seeds[2:], depths=(1, 2))
    last = together["game"] == 2
    assert all(np.array_equal(together[name][last], alone[name]) for name in alone if name != "game")


def linear_weights(tmp_path, name, jobs, extra=()):
    out = tmp_path / f"{name}-{jobs}.py"
    setup = logistic.setup_of(name)
    assert logistic.main(setup, ["--games", "12", "--rounds", "2", "--jobs", str(jobs), "--seed", "4",
                                 "--out", str(out), "--quiet", *extra]) == 0
    namespace = {}
    exec(out.read_text(), namespace)
    return namespace["WEIGHTS"]


@pytest.mark.parametrize("name", ["oware", "onitama"])
def test_the_linear_trainer_writes_the_same_weights_with_one_job_or_two(tmp_path, monkeypatch, name, capsys):
    monkeypatch.setattr(pipeline, "CHUNK", 4)  # three chunks a round: two processes share them
    one = linear_weights(tmp_path, name, 1)
    monkeypatch.setattr(pipeline, "CHUNK", 5)
    assert linear_weights(tmp_path, name, 2) == one


def test_the_linear_trainer_reads_its_games_back_from_the_cache(tmp_path, monkeypatch, capsys):
    cache = ["--cache", str(tmp_path / "cache"), "--search-depth", "1", "--outcome-share", "0.5"]
    first = linear_weights(tmp_path, "oware", 1, cache)
    assert len(list((tmp_path / "cache").iterdir())) == 2  # a folder a round
    monkeypatch.setattr(logistic, "play_chunk", None)  # a second run must not play
    assert linear_weights(tmp_path, "oware", 1, cache) == first
