"""The flood-fill Tron bot (sparring/tron_floodfill.py), run as the arena runs a bot: it
keeps the ribbons the referee keeps (its answers, in games of 2, 3 and 4 players driven
by the referee, from every seat, among random players or its own copies, are the
flood-fill choice worked out here from the referee's own state), it takes the bigger
room on hand-made positions, it answers every turn of garbage with a direction, and its
copies play whole games in the arena."""
import random
from pathlib import Path

import pytest

from arena.games import load_referee
from arena.match import Match
from arena.replay import game_frames
from arena.results import read_results
from arena.tournament import Tournament, parse_bots, run_tournament
from botproc import BotProcess
from games.tron.protocol import Referee
from games.tron.rules import ALL_MOVES, MOVE_NAMES, NEIGHBOUR, OFF, STEPS

BOT = Path(__file__).resolve().parent.parent / "sparring" / "tron_floodfill.py"


# --- the choice, worked out from the referee's state ----------------------------------

def distances(occupied, sources):
    """{cell: steps} over the free cells reachable from ``sources`` (at 0)."""
    found = {source: 0 for source in sources}
    frontier = list(sources)
    while frontier:
        following = []
        for c in frontier:
            for n in NEIGHBOUR[c]:
                if n != OFF and n not in found and not occupied >> n & 1:
                    found[n] = found[c] + 1
                    following.append(n)
        frontier = following
    return found


def free_around(occupied, c):
    return sum(n != OFF and not occupied >> n & 1 for n in NEIGHBOUR[c])


def expected_moves(state, me):
    """The moves the bot may answer for player ``me`` in the referee's ``state``: the one
    with the most cells reachable, then the most reached before every opponent, then
    the fewest free neighbours, then the first of UP, DOWN, LEFT, RIGHT; boxed in, any
    move that stays on the grid."""
    _, heads, _, _, occupied, _ = state
    head = heads[me]
    others = [h for p, h in enumerate(heads) if p != me and h != OFF]
    scored = []
    for move in ALL_MOVES:
        target = NEIGHBOUR[head][move]
        if target == OFF or occupied >> target & 1:
            continue
        taken = occupied | 1 << target
        ours = distances(taken, [target])
        theirs = distances(taken, others)
        first = sum(1 for c, d in ours.items() if c != target and (c not in theirs or d < theirs[c]))
        scored.append(((len(ours) - 1, first, -free_around(taken, target)), move))
    if not scored:
        return {move for move in ALL_MOVES if NEIGHBOUR[head][move] != OFF}
    best = max(score for score, _ in scored)
    return {min(move for score, move in scored if score == best)}


# --- whole games: its answers against the referee's state ------------------------------

def random_step(rng, state, player):
    """A free step mostly, any step now and then (so that some go out and their ribbons
    disappear)."""
    around = NEIGHBOUR[state[1][player]]
    free = [m for m in ALL_MOVES if around[m] != OFF and not state[4] >> around[m] & 1]
    return rng.choice(free if free and rng.random() > 0.03 else ALL_MOVES)


def play_game(players, seats, seed):
    """A game of ``players`` with a copy of the bot in each of ``seats`` and random
    players elsewhere, driven by the referee, until no copy is left in play; every answer
    checked. Returns how many turns the copies played."""
    rng = random.Random(seed)
    referee = Referee()
    state = referee.new_state(rng, players=players)
    game = referee.game  # new_state makes it the rules for ``players``
    bots = {seat: BotProcess(BOT) for seat in seats}
    turns = {seat: 0 for seat in seats}
    try:
        while not game.over(state) and any(state[1][seat] != OFF for seat in seats):
            player = state[0]
            if player not in bots:
                state = game.play(state, random_step(rng, state, player))
                continue
            bots[player].send(referee.turn_lines(state, player, turns[player] == 0))
            answer = bots[player].answer()
            assert answer in MOVE_NAMES, answer
            assert MOVE_NAMES.index(answer) in expected_moves(state, player), (turns, game.render(state))
            turns[player] += 1
            state = game.play(state, referee.parse_answer(state, answer))
    finally:
        ends = [bot.finish() for bot in bots.values()]
    assert all(code == 0 and err == "" for code, err in ends), ends
    return sum(turns.values())


@pytest.mark.parametrize("players,seat", [(2, 0), (2, 1), (3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (4, 2), (4, 3)])
def test_answers_are_the_flood_fill_choice_in_random_games(players, seat):
    turns = sum(play_game(players, [seat], seed) for seed in range(3))
    assert turns >= 30  # enough turns to have seen ribbons grow and disappear


@pytest.mark.parametrize("players", [2, 3, 4])
def test_copies_in_every_seat_play_a_whole_game(players):
    assert play_game(players, range(players), seed=players) >= 50


# --- hand-made positions ----------------------------------------------------------------

def trail(x, y, steps):
    """The cells a cycle goes through from (x, y) by ``steps`` ("U", "D", "L", "R")."""
    cells = [(x, y)]
    for step in steps:
        dx, dy = STEPS["UDLR".index(step)]
        x, y = x + dx, y + dy
        cells.append((x, y))
    return cells


def transcript(me, trails, out=()):
    """The turns of player ``me`` while every cycle goes along its trail (one with a
    shorter trail waits at its end), then one turn more with the players ``out`` gone
    if there are any."""
    n = len(trails)
    length = max(len(t) for t in trails)
    turns = []
    for k in range(length + bool(out)):
        lines = [f"{n} {me}"]
        for p, t in enumerate(trails):
            if k == length and p in out:
                lines.append("-1 -1 -1 -1")
            else:
                lines.append("{} {} {} {}".format(*t[0], *t[min(k, len(t) - 1)]))
        turns.append(lines)
    return turns


def answers(turns):
    """The bot's answer to each turn."""
    bot = BotProcess(BOT)
    try:
        said = []
        for lines in turns:
            bot.send(lines)
            said.append(bot.answer())
    finally:
        code, err = bot.finish()
    assert code == 0 and err == ""
    return said


def last_answer(me, trails, out=()):
    return answers(transcript(me, trails, out))[-1]


def test_it_leaves_a_three_cell_pocket_for_the_open():
    # Our ribbon along the top row's neighbour, the other's down column 4: UP leads into
    # (0..3, 0), three cells once there; DOWN into the open (UP comes first otherwise).
    ours, wall = trail(0, 1, "RRR"), trail(4, 0, "DDDDDD")
    assert last_answer(0, [ours, wall]) == "DOWN"
    assert last_answer(1, [wall, ours]) == "DOWN"
    # The same turned: LEFT into (0, 0..3), RIGHT into the open (LEFT comes first otherwise).
    ours, wall = trail(1, 0, "DDD"), trail(0, 4, "RRRRR")
    assert last_answer(0, [ours, wall]) == "RIGHT"
    assert last_answer(1, [wall, ours]) == "RIGHT"


@pytest.mark.parametrize("seats", [(0, 1, 2), (2, 0, 1), (1, 2, 0)])
def test_a_lost_ribbon_disappears(seats):
    # Our head at (3, 1): UP into (0..3, 0), closed at (4, 0) by a cycle that never
    # moved (3 cells); DOWN into a room of 15 closed by a third ribbon. Once the first is
    # out, its cell is free and UP leads into the open.
    me, gone, other = seats
    trails = [None] * 3
    trails[me] = trail(0, 1, "RRR")
    trails[gone] = trail(4, 0, "")
    trails[other] = trail(0, 5, "RRRRRUUUUL")
    assert last_answer(me, trails) == "DOWN"
    assert last_answer(me, trails, out=(gone,)) == "UP"


def test_ties_go_towards_the_opponent_then_along_walls():
    # An open grid: every step keeps the same room; RIGHT reaches more of it first.
    assert answers(transcript(0, [trail(0, 10, ""), trail(29, 10, "")])) == ["RIGHT"]
    # Alone (the others out), every step keeps the same room: DOWN has the fewest free
    # neighbours (the grid's edge).
    far = [trail(20, 3, ""), trail(25, 10, "")]
    assert last_answer(0, [trail(5, 18, ""), *far], out=(1, 2)) == "DOWN"


@pytest.mark.parametrize("players", [2, 4])
def test_boxed_in_it_still_answers_a_step_on_the_grid(players):
    # Our cycle in the corner (0, 0), its two neighbours taken by another's ribbon.
    trails = [trail(0, 0, ""), trail(1, 0, "DL"), trail(20, 10, ""), trail(10, 15, "")][:players]
    assert last_answer(0, trails) in ("DOWN", "RIGHT")


# --- input it does not expect -----------------------------------------------------------

def test_garbage_gets_a_direction_and_never_a_crash():
    lines = ["", "hello", "2", "5 0", "2 7", "-1 -1 -1 -1", "2 1", "1 1 1 1", "-1 -1 -1 -1",
             "2 0", "30 0 30 0", "0 20 0 20", "3 2", "x y z w", "1 2 3", "4 4 4 4",
             "2 0", "1 1 1 1"]  # the last turn ends mid-way: the input stops
    rng = random.Random(5)
    tokens = ["-1", "0", "1", "2", "3", "4", "29", "19", "30", "x", "", "  ", "9" * 40]
    lines += [" ".join(rng.choice(tokens) for _ in range(rng.randrange(6))) for _ in range(300)]
    bot = BotProcess(BOT)
    bot.send(lines)
    code, err = bot.finish()
    said = []
    while (line := bot.answer()) is not None:
        said.append(line)
    assert code == 0 and err == ""
    assert len(said) >= 20 and set(said) <= set(MOVE_NAMES)


# --- whole games in the arena -------------------------------------------------------------

def test_two_copies_play_whole_games_in_the_arena(tmp_path):
    bots = parse_bots([f"a={BOT}", f"b={BOT}"], load_referee("tron"))
    summary = run_tournament(Tournament(Match("tron", isolated=True), games=2), bots, results=tmp_path / "r.jsonl",
                             progress=False)
    assert summary.count == 2
    for stats in summary.bots_of("tron"):
        assert not any(stats.faults.values()), stats
    pair = summary.pairs_of("tron")[0]
    assert pair.wins + pair.draws + pair.losses == 2


def test_four_copies_play_a_table_in_the_arena(tmp_path):
    # One round: a game per rotation of the seats.
    bots = parse_bots([f"{name}={BOT}" for name in "abcd"], load_referee("tron"))
    summary = run_tournament(Tournament(Match("tron", isolated=True), games=4), bots, results=tmp_path / "r.jsonl",
                             progress=False)
    assert summary.count == 4
    assert summary.ranks_in("tron").faults == 0
    assert sum(summary.ranks_in("tron", name).firsts for name in "abcd") == 4
    for record in read_results(tmp_path / "r.jsonl"):   # each replays to the board it ended on
        frames = game_frames(record)["frames"]
        assert len(frames) == len(record["moves"]) + 1 and len(frames[-1]["view"]["colors"]) == 4
