"""The arena with more than two players: tests/toygame.py's Bust (2 to 4 players, on the
N-player contract) played by tests/zoo/bust.py bots: rankings, eliminations on faults,
ties, seat rotation, the reports, the league's Plackett-Luce rating, the replay, and
bad input refused in one line."""
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

import arena.match
from arena import cli, league
from arena.errors import UserError
from arena.games import EXTRA_REFEREES
from arena.match import Bot, Match, play_match, ranking
from arena.process import BotFailure, BotProcess
from arena.replay import game_frames
from arena.report import summarize, summary_json, summary_text
from arena.results import ResultsWriter, read_results
from arena.tournament import Tournament, parse_bots, run_tournament, running_text, schedule

sys.path.insert(0, str(Path(__file__).resolve().parent))
from toygame import Bust, BustReferee, ShortBustReferee  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BUST = f"{ROOT}/tests/zoo/bust.py"
# Three bots answering 1: seat 0 busts at ply 10, then seat 2 at ply 20; seat 1 wins.
ONES = [BUST, BUST, BUST]


class TrioReferee(BustReferee):
    """Bust for three or four only."""
    name = "bust_trio"
    players = (3, 4)


@pytest.fixture(autouse=True)
def toy_games(monkeypatch):
    for referee in (BustReferee, ShortBustReferee, TrioReferee):
        monkeypatch.setitem(EXTRA_REFEREES, referee.name, referee)


def play(commands, referee=BustReferee, names=None, **fields):
    names = names or [f"bot{k}" for k in range(len(commands))]
    return play_match(referee(), Match.between(commands, names, seed=1, **fields))


# -- the toy game ----------------------------------------------------------------------
def test_bust_ranks_by_elimination_order_with_ties_shared():
    game = Bust(max_plies=12)
    state = game.initial_state(4)
    state = game.put_out(state, 2)
    assert game.returns(state) is None and game.to_move(state) == 0
    while game.returns(state) is None:
        state = game.play(state, 1)
    # seat 0 busts on the 10th move; seats 1 and 3 are still in after 12: places 2 and 3 shared
    assert game.returns(state) == pytest.approx((1 / 3, 5 / 6, 0, 5 / 6))


def test_ranking_shares_tied_places():
    assert ranking([1.0, 0.0, 0.5]) == [1, 3, 2]
    assert ranking([0.75, 0.75, 0.0]) == [1.5, 1.5, 3]
    assert ranking([1.0, 0.0]) == [1, 2]


# -- one game --------------------------------------------------------------------------
def test_three_bots_play_to_a_ranking():
    record = play(ONES)
    assert record["bots"] == ["bot0", "bot1", "bot2"]
    assert record["movers"] == "0120120120" + "12" * 5
    assert record["score"] == [0.0, 1.0, 0.5] and record["ranks"] == [3, 1, 2]
    assert record["winner"] == 1 and record["loser"] is None and record["reason"] == "end"
    assert record["faults"] == [None, None, None] and record["eliminations"] == []
    for field in ("turns", "time_avg_ms", "time_max_ms", "peak_mb", "referee_wait_ms", "late", "odds"):
        assert len(record[field]) == 3, field
    assert record["turns"] == [4, 8, 8]


def test_a_faulting_bot_is_out_and_the_others_play_on():
    record = play([BUST, f"{BUST} 1 2 crash", f"{BUST} 1 3 sleep", BUST])
    crash, timeout = record["faults"][1], record["faults"][2]
    assert crash["reason"] == "crash" and crash["stderr"] == ["bust bot: turn 2, crash"]
    assert timeout["reason"] == "timeout" and "no answer within 150 ms on turn 3" in timeout["detail"]
    assert record["faults"][0] is None and record["faults"][3] is None
    assert record["eliminations"] == [[5, 1], [8, 2]]   # after 5 and 8 moves
    assert record["ranks"][1] == 4 and record["ranks"][2] == 3   # out first, out second
    assert record["reason"] == "end" and record["winner"] == 3
    assert record["turns"][1] == 1 and record["turns"][2] == 2


def test_a_bot_that_cannot_start_is_out_before_the_first_move(monkeypatch):
    def start(argv, **options):   # as BotProcess does where the program cannot start
        if "broken" in argv:
            raise BotFailure("crash", "cannot start broken")
        return BotProcess(argv, **options)
    monkeypatch.setattr(arena.match, "BotProcess", start)
    record = play([BUST, f"{BUST} broken", BUST])
    assert record["faults"][1] == {"reason": "crash", "detail": "cannot start broken", "stderr": []}
    assert record["ranks"][1] == 3
    assert record["eliminations"] == [[0, 1]] and record["turns"][1] == 0
    assert record["movers"] == "02" * 5 and record["winner"] == 0   # seat 2 busts on the 10th move


def test_players_still_in_at_the_turn_limit_share_their_places():
    record = play(ONES, ShortBustReferee)
    assert record["reason"] == "turn_limit" and record["plies"] == 12
    assert record["ranks"] == [3, 1.5, 1.5] and record["winner"] is None


def test_two_bots_of_an_nplayer_game_get_a_two_player_record():
    record = play([BUST, f"{BUST} 1 2 garbage"])
    assert record["score"] == [1.0, 0.0] and (record["winner"], record["loser"]) == (0, 1)
    assert record["reason"] == "bad_output" and "hello" in record["detail"]
    assert record["stderr"] == ["bust bot: turn 2, garbage"]


def test_nplayer_records_round_trip_through_a_results_file(tmp_path):
    record = play(ONES)
    path = tmp_path / "r.jsonl"
    ResultsWriter(path).append(dict(record, key="k"))
    assert read_results(path)[0]["ranks"] == record["ranks"]
    path.write_text(json.dumps(dict(record, key="bad", score=[2, 0, 0])) + "\n")
    with pytest.raises(UserError, match="'score' is not a value in"):
        read_results(path)
    path.write_text(json.dumps(dict(record, key="bad", bots=["a"] * 5, score=[0] * 5)) + "\n")
    with pytest.raises(UserError, match="'bots' is not 2 to 4 names"):
        read_results(path)


# -- bad input: one line, exit 2 -------------------------------------------------------
@pytest.mark.parametrize("args, message", [
    (["match", "bust"] + [BUST] * 5, "bust is a game of 2 to 4 players: given 5 bots"),
    (["match", "bust", BUST], "bust is a game of 2 to 4 players: given 1 bot"),
    (["match", "othello", BUST, BUST, BUST], "othello is a game of 2 players: given 3 bots"),
    (["match", "bust_trio", BUST, BUST], "bust_trio is a game of 3 to 4 players: given 2 bots"),
    (["play_game", "othello", BUST, BUST, BUST], "othello is a game of 2 players: given 3 bots"),
    (["tournament", "bust"] + [BUST] * 5, "bust is a game of 2 to 4 players: given 5 bots"),
    (["gate", "bust_trio", BUST, BUST, BUST], "the gate plays games of two players, and bust_trio seats 3, 4"),
    (["league", "bust_trio", BUST, BUST], "bust_trio is a game of 3 to 4 players: given 2 bots"),
])
def test_bad_input_is_one_line(args, message, capsys, tmp_path):
    assert cli.main(args + ["--results", str(tmp_path / "r.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err == f"arena: error: {message}\n"


# -- tournaments -----------------------------------------------------------------------
def test_a_table_rotates_the_seats_and_rounds_up_to_whole_rounds():
    bots = [Bot(name, "x") for name in "abcd"]
    specs = schedule(Tournament(Match("bust"), games=6), bots, table=True)
    assert len(specs) == 8 and len({s.key for s in specs}) == 8
    seats = Counter((seat, bot.name) for spec in specs for seat, bot in enumerate(spec.bots))
    assert set(seats.values()) == {2} and len(seats) == 16
    first_round = specs[:4]
    assert len({s.seed for s in first_round}) == 1 and len({s.pair for s in first_round}) == 1
    assert first_round[1].key == "bust:1:0:b:c:d:a"


def test_a_tournament_of_three_reports_ranks_per_bot_and_seat(tmp_path):
    results = tmp_path / "r.jsonl"
    bots = parse_bots([f"one={BUST}", f"two={BUST} 2", f"crash={BUST} 1 1 crash"], BustReferee())
    summary = run_tournament(Tournament(Match("bust"), games=3), bots, results=results, progress=False, jobs=1)
    records = read_results(results)
    assert summary.count == len(records) == 3
    assert Counter(tuple(r["bots"]).index("crash") for r in records) == {0: 1, 1: 1, 2: 1}
    assert all(r["ranks"][r["bots"].index("crash")] == 3 for r in records)
    crash = summary.ranks_in("bust", "crash")
    assert (crash.games, crash.average, crash.firsts, crash.faults) == (3, 3.0, 0, 3)
    assert summary.ranks_in("bust", "one").firsts + summary.ranks_in("bust", "two").firsts == 3
    assert summary.ranks_in("bust", seat=0).games == 3
    text = summary_text(summary)
    assert "bust: 3 games, 3 bots" in text and "avg rank" in text and "seat 2" in text
    assert " vs " not in text   # no pair of a table's games
    stats = {s.name: s for s in summary.bots_of("bust")}
    assert stats["crash"].faults["crash"] == 3
    tables = summary_json(summary)["games"][0]["tables"]
    assert [b["name"] for b in tables["bots"]][-1] == "crash"
    assert tables["bots"][-1]["avg_rank"] == 3.0 and len(tables["bots"][-1]["seats"]) == 3
    assert [s["seat"] for s in tables["seats"]] == [0, 1, 2]
    # the report reads the same file, and a rerun has nothing left to play
    again = run_tournament(Tournament(Match("bust"), games=3), bots, results=results, progress=False)
    assert again.count == 3 and len(read_results(results)) == 3
    assert summary_text(summarize(records)) == text
    assert running_text(summary, "bust").startswith("leader ") and "avg rank 1." in running_text(summary, "bust")


def test_the_cli_match_and_report_of_more_than_two(capsys, tmp_path):
    results = tmp_path / "r.jsonl"
    assert cli.main(["match", "bust", f"a={BUST}", f"b={BUST} 1 1 crash", f"c={BUST}", "--seed", "1",
                     "--results", str(results)]) == 0
    out = capsys.readouterr().out
    assert "bust seed 1: a (player 0), b (player 1), c (player 2)" in out
    assert "1. a (player 0), 1 points" in out and "3. b (player 1), 0 points, out by crash" in out
    assert "last stderr lines of b:\n  | bust bot: turn 1, crash" in out
    assert cli.main(["report", str(results)]) == 0
    assert "ranks at tables of more than two" in capsys.readouterr().out
    assert cli.main(["play_game", "bust", BUST, f"{BUST} 1 1 crash", BUST, "--seed", "1"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["errors"] == [0, 1, 0] and result["ranks"][1] == 2 and sorted(result["ranks"]) == [0, 1, 2]


def test_two_player_records_of_an_nplayer_game_count_as_a_pair(tmp_path):
    bots = parse_bots([f"one={BUST}", f"garbage={BUST} 1 2 garbage"], BustReferee())
    summary = run_tournament(Tournament(Match("bust"), games=2), bots, progress=False, jobs=1)
    pair = summary.pairs_of("bust")[0]
    assert (pair.wins, pair.losses) == (2, 0)
    assert not summary.seats_of("bust")


# -- league, replay ----------------------------------------------------------------------
def test_a_league_of_more_than_two_rates_with_plackett_luce(tmp_path):
    pytest.importorskip("openskill")
    bots = parse_bots([f"one={BUST}", f"crash={BUST} 1 1 crash", f"two={BUST} 2", f"three={BUST} 3"],
                      BustReferee())
    results = tmp_path / "league.jsonl"
    records = league.run_league(Match("bust"), bots[:3], 3, str(results), progress=False)
    assert len(records) == 3 and all(len(r["bots"]) == 3 for r in records)
    board = league.ratings(records, bots[:3])
    assert board[-1].name == "crash" and board[-1].faults == 3 and board[-1].unit == "mu"
    assert all(r.low < r.elo < r.high for r in board)
    assert "mu" in league.leaderboard_text(board)[0]
    assert league.rating_model(records) == "Plackett-Luce, Weng-Lin"
    # a fourth bot joins: a round seats the four (a table holds four), in each rotation
    records = league.run_league(Match("bust"), bots, 7, str(results), progress=False)
    assert len(records) == 7 and [len(r["bots"]) for r in records[3:]] == [4] * 4
    assert {r["bots"][0] for r in records[3:]} == {b.name for b in bots}


def test_a_league_resumes_a_round_cut_short(tmp_path):
    pytest.importorskip("openskill")
    bots = parse_bots([f"one={BUST}", f"two={BUST} 2", f"three={BUST} 3"], BustReferee())
    results = tmp_path / "league.jsonl"
    league.run_league(Match("bust"), bots, 3, str(results), progress=False)
    kept = results.read_text().splitlines()[:1]
    results.write_text("\n".join(kept) + "\n")
    records = league.run_league(Match("bust"), bots, 3, str(results), progress=False)
    keys = [r["key"] for r in records]
    assert len(keys) == 3 == len(set(keys)) and {k.split(":")[2] for k in keys} == {"0"}


def test_the_replay_plays_eliminations_where_they_happened():
    record = dict(play([BUST, f"{BUST} 1 2 crash", f"{BUST} 1 3 sleep", BUST]), key="k")
    frames = game_frames(record)
    assert len(frames["frames"]) == len(record["moves"]) + 1
    assert [f["seat"] for f in frames["frames"][1:]] == [int(p) for p in record["movers"]]
    assert frames["result"].startswith("1. bot3, 2. bot0, 3. bot2 (timeout), 4. bot1 (crash)")
    last = frames["frames"][-1]["view"]["rows"][0]
    assert last == ["", "", "", "p3"]
