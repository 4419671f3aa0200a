"""The Tron bot: whole games of 2, 3 and 4 cycles under the arena, and its endgame, the
fill of a region it has alone (engines/fill.py), against exhaustive search."""
import random

import pytest

from arena.games import load_referee
from arena.match import FAULTS, Match, play_match
from botproc import BotProcess, build_bundle
from bots import tron
from bots.runtime import make_engine, parse_options
from engines import registry
from engines.base import Limit, OptionError
from engines.fill import Fill
from games.tron.rules import ALL_MOVES, HEIGHT, NEIGHBOUR, WIDTH, Tron, cell

SCALE = 0.5  # the bot thinks as if the arena's 100 ms turns were 50 ms: 20 ms of them
FAST = ["--clock", str(SCALE), "--time", "0.4", "--first-time", "0.1"]
ARENA_SCALE = 2.0  # while the referee allows 200 ms: a busy machine's waits are no fault here (bench.load's job)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    return build_bundle("tron", tmp_path_factory.mktemp("dist"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_under_the_arena_without_a_fault(bundle, players):
    referee = load_referee("tron")
    command = " ".join([str(bundle), *FAST])
    match = Match.between([command] * players, [f"tron#{p}" for p in range(players)], seed=players,
                          scale=ARENA_SCALE, isolated=True)
    record = play_match(referee, match)
    assert record["reason"] not in FAULTS, record["detail"]
    assert record["faults"] == [None] * players and record["eliminations"] == []
    assert sorted(record["ranks"]) == list(range(1, players + 1))  # no two cycles out at once
    assert min(record["turns"]) >= 10  # every cycle answered many turns, each legal
    said = [line for lines in record["said"] if lines for line in lines]
    assert not [line for line in said if "failed" in line], said  # searched, not a fallback's listed move


def test_the_bundle_answers_the_first_turn_with_a_direction(bundle, tmp_path):
    bot = BotProcess(bundle, FAST, cwd=tmp_path)
    bot.send(["2 1", "3 4 3 4", "20 10 20 10"])
    assert bot.answer() in {"UP", "DOWN", "LEFT", "RIGHT"}
    code, err = bot.finish()
    assert code == 0 and err == ""


# -- the fill ---------------------------------------------------------------------------
def walled_state(rng, size, walls, players=2):
    """A Tron state whose player 0 is boxed in a ``size`` x ``size`` square in the grid's
    corner with ``walls`` random cells of it taken, and the other cycles far away."""
    box = [cell(x, y) for y in range(size) for x in range(size)]
    head = rng.choice(box)
    ribbons = [1 << head] + [1 << cell(WIDTH - 1 - p, HEIGHT - 1) for p in range(1, players)]
    for c in rng.sample([c for c in box if c != head], walls):
        ribbons[0] |= 1 << c
    fence = [cell(size, y) for y in range(size + 1)] + [cell(x, size) for x in range(size)]
    for c in fence:
        ribbons[0] |= 1 << c
    occupied = 0
    for ribbon in ribbons:
        occupied |= ribbon
    heads = (head,) + tuple(cell(WIDTH - 1 - p, HEIGHT - 1) for p in range(1, players))
    return 0, heads, heads, tuple(ribbons), occupied, ()


def longest_by_exhaustion(game, state):
    """The most steps the player to move can take before it has no free step, every
    sequence of its own moves tried (the others standing still)."""
    me = state[0]
    head, occupied = state[1][me], state[4]

    def most(at, taken):
        steps = [c for c in NEIGHBOUR[at] if c != -1 and not taken >> c & 1]
        return max((1 + most(c, taken | 1 << c) for c in steps), default=0)

    return most(head, occupied)


def fill_engine(game):
    options = parse_options(tron.BOT, [])
    engine = make_engine(tron.BOT, options, game)
    assert isinstance(engine, Fill)
    return engine


def stepped(state, move):
    """``state`` once the player to move has taken ``move`` and is to move again (the
    others are walled off: only it moves)."""
    me = state[0]
    target = NEIGHBOUR[state[1][me]][move]
    heads = state[1][:me] + (target,) + state[1][me + 1:]
    ribbons = state[3][:me] + (state[3][me] | 1 << target,) + state[3][me + 1:]
    return me, heads, state[2], ribbons, state[4] | 1 << target, state[5]


def steps_filled(game, engine, state, limit):
    """The steps the engine's moves take before the player to move is boxed in (only
    it moves: the others are walled off)."""
    me, steps = state[0], 0
    while True:
        move = engine.search(state, limit).move
        target = NEIGHBOUR[state[1][me]][move]
        if target == -1 or state[4] >> target & 1:
            return steps
        state = stepped(state, move)
        assert tron.separated(state)
        steps += 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_fill_walks_the_longest_path_of_small_regions(players):
    game = Tron(players)
    rng = random.Random(players)
    for _ in range(12):
        state = walled_state(rng, rng.choice([3, 4, 5]), rng.randrange(0, 6), players)
        assert tron.separated(state)
        engine = fill_engine(game)
        assert steps_filled(game, engine, state, Limit()) == longest_by_exhaustion(game, state)


def test_an_interrupted_fill_keeps_its_path_and_never_walks_into_a_wall():
    game = Tron(2)
    state = walled_state(random.Random(1), 8, 6)
    engine = fill_engine(game)
    steps = steps_filled(game, engine, state, Limit(nodes=20))  # too few nodes to prove anything
    assert 0 < steps <= 8 * 8 - 6 - 1  # the box's free cells: no step into a wall
    result = engine.search(state, Limit(nodes=20))
    assert not result.proven and result.move in ALL_MOVES


def test_a_proven_path_is_followed_and_a_broken_one_searched_again():
    game = Tron(2)
    state = walled_state(random.Random(0), 4, 0)  # 16 free cells; after a step, 2 free beside the head
    engine = fill_engine(game)
    first = engine.search(state, Limit())
    assert first.proven and first.nodes > 0
    following = stepped(state, first.move)
    second = engine.search(following, Limit())
    assert second.proven and second.nodes == 0  # the kept path, not searched again
    ahead = NEIGHBOUR[following[1][0]][second.move]
    me, heads, starts, ribbons, occupied, out = following
    blocked = (me, heads, starts, (ribbons[0],) + (ribbons[1] | 1 << ahead,), occupied | 1 << ahead, out)
    third = engine.search(blocked, Limit())  # its next cell taken: the path is searched again
    assert third.nodes > 0 and third.depth > 0 and NEIGHBOUR[heads[0]][third.move] != ahead


def test_before_the_cycles_part_the_fill_is_its_inner_engine():
    game = Tron(3)
    state = game.initial_state()
    assert not tron.separated(state)
    for inner in registry.NPLAYER_INNER_CHOICES:
        if inner == "mcts-n":  # random playouts: no two searches alike
            continue
        options = parse_options(tron.BOT, ["--set", f"engine={inner}"])
        wrapped = make_engine(tron.BOT, options, game).search(state, Limit(depth=2))
        alone = registry.engine_class(inner)(game, tron.BOT.make_evaluator("handcrafted", game))
        assert wrapped.move == alone.search(state, Limit(depth=2)).move, inner


def test_the_fill_refuses_an_inner_engine_of_two_players_games_in_one_line():
    with pytest.raises(SystemExit):
        parse_options(tron.BOT, ["--set", "engine=alphabeta"])
    with pytest.raises(OptionError, match="unknown engine 'alphabeta'; choose from maxn, mcts-n, mpmix"):
        Fill(Tron(2), None, engine="alphabeta")
