"""Tron Battle: the rules against a second, plain implementation written here (a grid of
owners and lists of trail cells), golden transcripts of the protocol for 2, 3 and 4
players with our bot in every seat, the evaluation's territory against a plain
breadth-first search, and its bounds."""
import itertools
import random
from collections import deque

import pytest

from arena.replay import board_view_of
from games.protocol import ProtocolError
from games.errors import WeightsError
from games.tron.evaluation import (FULL, WEIGHTS, articulation_points, chamber_fill, fill, make_evaluator, region,
                                   regions, voronoi, voronoi_of_two)
from games.tron.protocol import Player, Referee
from games.tron.rules import ALL_MOVES, CELLS, OFF, Tron, cell, xy
from games.tron.view import board_view

W, H = 30, 20
DIRECTIONS = {"UP": (0, -1), "DOWN": (0, 1), "LEFT": (-1, 0), "RIGHT": (1, 0)}
NAMES = list(DIRECTIONS)


class PlainTron:
    """CodinGame's rules, plainly: a dict of owned cells, each player's trail as a list,
    seat order with players out skipped, a step off the grid or onto a trail puts the
    player out and frees its trail."""

    def __init__(self, starts):
        self.trails = [[start] for start in starts]
        self.owner = {start: p for p, start in enumerate(starts)}
        self.alive = [True] * len(starts)
        self.out = []
        self.turn = 0

    def free_directions(self):
        x, y = self.trails[self.turn][-1]
        return [name for name, (dx, dy) in DIRECTIONS.items()
                if 0 <= x + dx < W and 0 <= y + dy < H and (x + dx, y + dy) not in self.owner]

    def over(self):
        return sum(self.alive) <= 1

    def step(self, name):
        p = self.turn
        x, y = self.trails[p][-1]
        dx, dy = DIRECTIONS[name]
        target = (x + dx, y + dy)
        if 0 <= target[0] < W and 0 <= target[1] < H and target not in self.owner:
            self.trails[p].append(target)
            self.owner[target] = p
        else:
            self.put_out(p)
        self.pass_turn(p)

    def put_out(self, p):
        for c in self.trails[p]:
            del self.owner[c]
        self.trails[p] = []
        self.alive[p] = False
        self.out.append(p)

    def pass_turn(self, p):
        n = len(self.alive)
        if self.over():
            self.turn = self.alive.index(True)
            return
        q = (p + 1) % n
        while not self.alive[q]:
            q = (q + 1) % n
        self.turn = q

    def ranking_values(self):
        n = len(self.alive)
        values = {p: rank / (n - 1) for rank, p in enumerate(self.out)}
        values[self.alive.index(True)] = 1.0
        return tuple(values[p] for p in range(n))


def same(game, state, plain):
    """Our state holds what the plain game holds."""
    to_move, heads, starts, ribbons, occupied, out = state
    assert to_move == plain.turn
    assert list(out) == plain.out
    for p, trail in enumerate(plain.trails):
        assert ribbons[p] == sum(1 << cell(*c) for c in trail)
        assert heads[p] == (cell(*trail[-1]) if trail else OFF)
        assert starts[p] == (cell(*trail[0]) if trail else OFF)
    assert occupied == sum(ribbons)
    if plain.over():
        assert game.legal_moves(state) == () and game.returns(state) == plain.ranking_values()
    else:
        free = plain.free_directions()
        assert [game.move_name(m) for m in game.legal_moves(state)] == (free or NAMES)
        assert game.returns(state) is None and game.outcome(state) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_rules_agree_with_a_plain_implementation_on_random_games(players):
    """1,000 random games a seat count; one step in 50 is any direction (a step
    off the grid or onto a ribbon puts the player out: our rules as the referee does it,
    ``eliminated``), the others a free one."""
    rng = random.Random(players)
    game = Tron(players)
    lengths = []
    for _ in range(1000):
        starts = [xy(c) for c in rng.sample(range(CELLS), players)]
        state, plain = game.initial_state(starts), PlainTron(starts)
        plies = 0
        same(game, state, plain)
        while not plain.over():
            free = plain.free_directions()
            name = rng.choice(NAMES) if rng.random() < 0.02 or not free else rng.choice(free)
            move = game.parse_move(name)
            if move in game.legal_moves(state):
                state = game.play(state, move)
            else:
                state = game.eliminated(state, game.to_move(state))
            plain.step(name)
            plies += 1
            same(game, state, plain)
        assert plies <= game.max_plies
        lengths.append(plies)
    assert sum(lengths) / len(lengths) > 40  # long games, not only early deaths


def test_a_boxed_in_cycle_must_answer_and_every_answer_puts_it_out():
    game = Tron(3)
    state = game.initial_state([(0, 0), (1, 0), (0, 1)])
    assert game.legal_moves(state) == ALL_MOVES  # 0 boxed in by the grid, 1 and 2
    referee = Referee(game)
    assert referee.needs_answer(state) and referee.parse_answer(state, "LEFT") == game.parse_move("LEFT")
    for move in ALL_MOVES:
        after = game.play(state, move)
        assert after[5] == (0,) and after[3][0] == 0 and game.to_move(after) == 1
        # 0's ribbon is gone: 1 at (1, 0) may step LEFT onto (0, 0) again
        assert [game.move_name(m) for m in game.legal_moves(after)] == ["DOWN", "LEFT", "RIGHT"]


def test_returns_rank_by_elimination_order_and_the_winner_moves_last():
    game = Tron(4)
    state = game.initial_state([(0, 0), (10, 10), (20, 10), (29, 19)])
    for player in (2, 0, 3):
        state = game.eliminated(state, player)
    assert game.returns(state) == (1 / 3, 1.0, 0.0, 2 / 3) and game.to_move(state) == 1
    assert game.outcome(state) == 1 and game.legal_moves(state) == ()
    with pytest.raises(ValueError):
        game.eliminated(state, 2)
    with pytest.raises(ValueError):
        Tron(5)
    with pytest.raises(ValueError):
        game.initial_state([(0, 0), (0, 0), (1, 1), (2, 2)])


# --- golden transcripts ----------------------------------------------------------

STARTS = [(0, 0), (10, 10), (29, 19), (15, 0)]
# Each round's answers by seat; seat 0 answers UP off the grid in round 2 and goes out.
ROUNDS = [["RIGHT", "UP", "UP", "DOWN"], ["UP", "LEFT", "LEFT", "LEFT"], [None, "DOWN", "DOWN", "UP"]]
GONE = "-1 -1 -1 -1"
# (seat, the lines it receives) of each turn, in order, written out by hand.
GOLDEN = {
    2: [
        (0, ["2 0", "0 0 0 0", "10 10 10 10"]),
        (1, ["2 1", "0 0 1 0", "10 10 10 10"]),
        (0, ["2 0", "0 0 1 0", "10 10 10 9"]),
    ],
    3: [
        (0, ["3 0", "0 0 0 0", "10 10 10 10", "29 19 29 19"]),
        (1, ["3 1", "0 0 1 0", "10 10 10 10", "29 19 29 19"]),
        (2, ["3 2", "0 0 1 0", "10 10 10 9", "29 19 29 19"]),
        (0, ["3 0", "0 0 1 0", "10 10 10 9", "29 19 29 18"]),
        (1, ["3 1", GONE, "10 10 10 9", "29 19 29 18"]),
        (2, ["3 2", GONE, "10 10 9 9", "29 19 29 18"]),
        (1, ["3 1", GONE, "10 10 9 9", "29 19 28 18"]),
        (2, ["3 2", GONE, "10 10 9 10", "29 19 28 18"]),
    ],
    4: [
        (0, ["4 0", "0 0 0 0", "10 10 10 10", "29 19 29 19", "15 0 15 0"]),
        (1, ["4 1", "0 0 1 0", "10 10 10 10", "29 19 29 19", "15 0 15 0"]),
        (2, ["4 2", "0 0 1 0", "10 10 10 9", "29 19 29 19", "15 0 15 0"]),
        (3, ["4 3", "0 0 1 0", "10 10 10 9", "29 19 29 18", "15 0 15 0"]),
        (0, ["4 0", "0 0 1 0", "10 10 10 9", "29 19 29 18", "15 0 15 1"]),
        (1, ["4 1", GONE, "10 10 10 9", "29 19 29 18", "15 0 15 1"]),
        (2, ["4 2", GONE, "10 10 9 9", "29 19 29 18", "15 0 15 1"]),
        (3, ["4 3", GONE, "10 10 9 9", "29 19 28 18", "15 0 15 1"]),
        (1, ["4 1", GONE, "10 10 9 9", "29 19 28 18", "15 0 14 1"]),
        (2, ["4 2", GONE, "10 10 9 10", "29 19 28 18", "15 0 14 1"]),
        (3, ["4 3", GONE, "10 10 9 10", "29 19 28 19", "15 0 14 1"]),
    ],
}


def read(player, lines):
    rest = iter(lines[1:])
    result = player.read_turn(lines[0], lambda: next(rest))
    assert next(rest, None) is None
    return result


@pytest.mark.parametrize("players", [2, 3, 4])
def test_golden_transcripts_with_our_bot_in_every_seat(players):
    """The referee sends each seat the golden lines; a ``Player`` in every seat rebuilds
    the referee's state from them (ribbons kept across turns, a ribbon forgotten when its
    line reads -1); seat 0's step off the grid is refused and puts it out."""
    referee = Referee()
    referee.new_state(None, players=players)  # makes referee.game the rules for n players
    game = referee.game
    state = game.initial_state(STARTS[:players])
    seats = [Player() for _ in range(players)]
    answers = [name for round_ in ROUNDS for name in round_[:players] if name is not None]
    turns = iter(GOLDEN[players])
    for answer in answers:
        seat, golden = next(turns)
        assert game.to_move(state) == seat and referee.needs_answer(state)
        assert referee.turn_lines(state, seat, False) == golden
        seen, actions, notes = read(seats[seat], golden)
        assert seen == state and notes == [] and actions == list(game.legal_moves(state))
        assert seats[seat].game.num_players == players
        try:
            move = referee.parse_answer(state, answer)
        except ValueError as error:
            assert (seat, answer) == (0, "UP") and "off the grid" in str(error)
            state = referee.eliminate(state, seat)
        else:
            seats[seat].played(seen, move)
            state = game.play(state, move)
        if game.returns(state) is not None:
            break
    assert next(turns, None) is None
    if players == 2:
        assert game.returns(state) == (0.0, 1.0)
    else:  # the last seat's view: seat 0 gone, the others' whole ribbons
        last = seats[players - 1]
        assert last.ribbons[0] == 0 and last.out == (0,)
        assert last.ribbons[1] == sum(1 << cell(x, y) for x, y in [(10, 10), (10, 9), (9, 9), (9, 10)])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_in_every_seat_order_rebuild_the_referees_state(players):
    """The start cells dealt to the seats in every order (every permutation), then
    random answers, some of them wrong (the referee puts that player out): each seat's
    ``Player`` rebuilds the referee's state, players out and their order included."""
    rng = random.Random(players)
    for order in itertools.permutations(STARTS[:players]):
        referee = Referee()
        referee.new_state(None, players=players)
        game = referee.game
        state = game.initial_state(order)
        seats = [Player() for _ in range(players)]
        while game.returns(state) is None:
            seat = game.to_move(state)
            seen, actions, notes = read(seats[seat], referee.turn_lines(state, seat, False))
            assert seen == state and notes == []
            answer = rng.choice(NAMES) if rng.random() < 0.05 else game.move_name(rng.choice(actions))
            try:
                move = referee.parse_answer(state, answer)
            except ValueError:
                state = referee.eliminate(state, seat)
            else:
                seats[seat].played(seen, move)
                state = game.play(state, move)


def test_the_player_notes_a_jump_and_refuses_input_not_allowed():
    player = Player()
    read(player, ["2 0", "0 0 0 0", "10 10 10 10"])
    _, _, notes = read(player, ["2 0", "0 0 0 1", "10 10 12 10"])
    assert notes == ["player 1: head (12, 10) is not next to its last head (10, 10)"]
    for lines in (["2"], ["5 0"], ["2 2"], ["2 x"], ["2 0", "0 0 0", "1 1 1 1"], ["2 0", "0 0 0 0", "30 0 30 0"]):
        with pytest.raises(ProtocolError):
            read(Player(), lines + ["1 1 1 1"] * 4)
    with pytest.raises(ProtocolError):
        read(Player(), ["2 0", GONE, "1 1 1 1"])  # we are out


def test_the_referee_draws_distinct_random_starts_and_refuses_bad_answers():
    referee = Referee()
    rng = random.Random(7)
    for players in (2, 3, 4):
        state = referee.new_state(rng, players=players)
        assert referee.game.num_players == players and len(set(state[1])) == players
    for line in ("", "up", "NORTH", "UP UP"):
        with pytest.raises(ValueError):
            referee.parse_answer(state, line)
    state = referee.game.initial_state([(0, 0), (5, 5), (9, 9), (29, 19)])
    assert referee.parse_answer(state, " DOWN \n") == referee.game.parse_move("DOWN")
    assert referee.turn_lines(state, 3, True) == ["4 3", "0 0 0 0", "5 5 5 5", "9 9 9 9", "29 19 29 19"]
    with pytest.raises(ValueError):
        referee.new_state(rng, players=5)


# --- the evaluation ----------------------------------------------------------------

def plain_voronoi(heads, occupied, order=None):
    """Per player, the free cells strictly nearest its head (one breadth-first search a
    head, on (x, y) cells); given ``order``, the nearest by distance, then by turn."""
    distances = []
    for head in heads:
        dist = {}
        if head != OFF:
            queue = deque([(xy(head), 0)])
            while queue:
                (x, y), d = queue.popleft()
                for dx, dy in DIRECTIONS.values():
                    c = (x + dx, y + dy)
                    if 0 <= c[0] < W and 0 <= c[1] < H and not occupied >> cell(*c) & 1 and c not in dist:
                        dist[c] = d + 1
                        queue.append((c, d + 1))
        distances.append(dist)
    owned = [0] * len(heads)
    for c in range(CELLS):
        if order is not None:
            reach = [(distances[p][xy(c)], order.index(p), p) for p in order if xy(c) in distances[p]]
            if reach:
                owned[min(reach)[2]] |= 1 << c
            continue
        reach = [dist.get(xy(c)) for dist in distances]
        best = min((d for d in reach if d is not None), default=None)
        if best is not None and reach.count(best) == 1:
            owned[reach.index(best)] |= 1 << c
    return owned


def random_positions(players, count, seed):
    rng = random.Random(seed)
    game = Tron(players)
    found = []
    while len(found) < count:
        state = game.initial_state([xy(c) for c in rng.sample(range(CELLS), players)])
        for _ in range(rng.randrange(0, 200)):
            if game.returns(state) is not None:
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
        found.append(state)
    return game, found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_territory_is_the_plain_breadth_first_searches_voronoi(players):
    _, states = random_positions(players, 40, seed=players)
    for state in states:
        assert voronoi(state[1], ~state[4] & ((1 << CELLS) - 1)) == plain_voronoi(state[1], state[4])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_territory_in_turn_goes_to_the_nearest_then_the_first_to_step(players):
    _, states = random_positions(players, 40, seed=20 + players)
    for state in states:
        alive = [p for p in range(players) if state[1][p] != OFF]
        for start in range(len(alive)):
            order = alive[start:] + alive[:start]
            free = ~state[4] & ((1 << CELLS) - 1)
            assert voronoi(state[1], free, order) == plain_voronoi(state[1], state[4], order)


def test_the_shared_floods_find_each_heads_region_and_whether_two_meet():
    """``regions`` floods each free component once, ``voronoi_of_two`` tells whether two
    cycles share a region from its own floods: both as ``region`` per head says (every
    pair of cycles of 4-cycle positions, whose ribbons part many)."""
    players = 4
    _, states = random_positions(players, 100, seed=44)
    parted = met = 0
    for state in states:
        heads, free = state[1], ~state[4] & ((1 << CELLS) - 1)
        alive = [p for p in range(players) if heads[p] != OFF]
        each = {p: region(heads[p], free) for p in alive}
        assert regions(heads, alive, free) == each
        for i, p in enumerate(alive):
            for q in alive[i + 1:]:
                owned_p, owned_q, meet = voronoi_of_two(1 << heads[p], 1 << heads[q], free)
                assert [owned_p, owned_q] == plain_voronoi([heads[p], heads[q]], state[4])
                assert meet == bool(each[p] & each[q])
                parted, met = parted + (not meet), met + meet
    assert parted > 10 and met > 10  # both answers were put to the test


def walled_off(column):
    """Player 0 at (2, 10) left of a wall down ``column`` (player 1's ribbon), player 1
    at (24, 10) on the right: separated, player 0 with the smaller room."""
    wall = sum(1 << cell(column, y) for y in range(20))
    ribbons = (1 << cell(2, 10), wall | 1 << cell(24, 10))
    return (0, (cell(2, 10), cell(24, 10)), (cell(2, 10), cell(column, 0)), ribbons, ribbons[0] | ribbons[1], ())


def test_a_lead_past_saturation_still_tells_a_wider_room_from_a_narrower():
    """With separated_scale 2 a lead of a few dozen cells saturates tanh: with
    linear_share 0 a room of 59 cells and one of 99 read the same, lost; with the
    default the wider one reads better, and the values stay in [0, 1], summing to 1."""
    game = Tron(2)
    narrow, wide = walled_off(3), walled_off(5)
    flat = make_evaluator(game, {"linear_share": 0.0})
    assert flat(narrow) == flat(wide) == (0.0, 1.0)
    evaluate = make_evaluator(game)
    assert 0.0 < evaluate(narrow)[0] < evaluate(wide)[0] < 0.01
    for state in (narrow, wide):
        assert all(0.0 <= v <= 1.0 for v in evaluate(state)) and sum(evaluate(state)) == pytest.approx(1.0)
    for share in (-0.1, 0.6):
        with pytest.raises(WeightsError):
            make_evaluator(game, {"linear_share": share})


def test_separated_cycles_with_equal_fills_favour_the_one_that_steps_last():
    """Two cycles walled apart in equal corridors: the one to move runs out first."""
    game = Tron(2)
    state = game.initial_state([(0, 0), (0, 2)])
    corridors = sum(1 << cell(x, y) for x in (1, 2, 3) for y in (0, 2))
    state = state[:4] + (FULL & ~corridors,) + state[5:]  # every cell taken but 3 beside each head
    off, on = make_evaluator(game), make_evaluator(game, {"turn_order": 1})
    assert off(state)[0] == pytest.approx(0.5)
    assert on(state)[0] < 0.5 < on(state)[1]
    with pytest.raises(WeightsError):
        make_evaluator(game, {"turn_order": 0.5})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_evaluation_stays_within_the_bounds_and_sums_to_n_over_2(players):
    game, states = random_positions(players, 60, seed=10 + players)
    evaluate = make_evaluator(game)
    lower, max_sum = game.value_bounds
    for state in states:
        values = evaluate(state)
        assert len(values) == players and min(values) >= lower and max(values) <= 1
        assert abs(sum(values) - max_sum) < 1e-9
        for rank, player in enumerate(state[5]):
            assert values[player] == rank / (players - 1)  # those out keep their rank


def test_the_evaluation_favours_the_larger_separated_region_and_is_even_when_symmetric():
    game = Tron(2)
    evaluate = make_evaluator(game)
    state = game.initial_state([(5, 10), (24, 10)])
    assert evaluate(state) == pytest.approx((0.5, 0.5))
    # a wall down column 10 (player 1's ribbon from (10, 0) to (10, 19)): 0 holds 10 columns, 1 holds 19
    wall = [(10, y) for y in range(20)]
    ribbons = (1 << cell(5, 10), sum(1 << cell(*c) for c in wall) | 1 << cell(24, 10))
    state = (0, (cell(5, 10), cell(24, 10)), (cell(5, 10), cell(10, 0)), ribbons, ribbons[0] | ribbons[1], ())
    values = evaluate(state)
    assert values[1] > 0.99 and values[0] < 0.01
    with pytest.raises(ValueError):
        make_evaluator(game, {"no_such_weight": 1.0})
    assert set(WEIGHTS) == {"territory_scale", "separated_scale", "turn_order", "linear_share"}


def test_the_board_view_draws_ribbons_heads_and_notes():
    game = Tron(3)
    state = game.play(game.initial_state([(0, 0), (10, 10), (29, 19)]), game.parse_move("RIGHT"))
    state = game.eliminated(state, 2)
    view = board_view(game, state)
    assert view["rows"][0][:3] == ["p0", "m0", ""] and view["rows"][10][10] == "m1"
    assert view["rows"][19][29] == "" and len(view["colors"]) == 3
    assert "player 2: out" in view["notes"] and "next: player 1" in view["notes"]
    assert board_view_of(game)(state) == view  # the arena's replays find it


def longest_path(head, cells):
    """The most steps from ``head`` over ``cells``, by trying every path."""
    def walk(at, left):
        return max((1 + walk(n, left & ~(1 << n)) for n in NEIGHBOURS[at] if left >> n & 1), default=0)
    return walk(head, cells)


NEIGHBOURS = {c: [cell(x + dx, y + dy) for dx, dy in DIRECTIONS.values()
                  if 0 <= x + dx < W and 0 <= y + dy < H] for c in range(CELLS) for x, y in [xy(c)]}


def test_the_tree_of_chambers_bounds_the_longest_path_and_cuts_at_articulation_points():
    head = cell(0, 0)
    corridor = sum(1 << cell(x, 0) for x in range(1, 30))
    assert chamber_fill(head, corridor) == 29
    assert articulation_points(head, corridor) == {cell(x, 0) for x in range(1, 29)}
    assert chamber_fill(head, FULL & ~(1 << head)) == 599
    # a room of 9 cells around the head with two doors: to a room of 101 cells, or to one of 69
    room = sum(1 << cell(x, y) for x in range(5) for y in range(2)) & ~(1 << head)
    east = 1 << cell(5, 0) | sum(1 << cell(x, y) for x in range(6, 16) for y in range(10))
    south = 1 << cell(0, 2) | sum(1 << cell(x, y) for x in range(4) for y in range(3, 20))
    cells = room | east | south
    # at most the room, the other door (the bound counts it) and the larger room
    assert chamber_fill(head, cells) <= 9 + 1 + 101 < fill(head, cells) == 179
    # small random regions: never below the longest path found by trying every one
    rng = random.Random(3)
    for _ in range(2000):
        box = [cell(x, y) for x in range(5) for y in range(4)]
        head = rng.choice(box)
        cells = sum(1 << c for c in box if c != head and rng.random() < 0.7)
        reach = region(head, cells)
        assert chamber_fill(head, reach) >= longest_path(head, reach)
