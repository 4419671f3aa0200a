"""The forced-line search (engines/forced.py) against exhaustive search on small Onitama
positions, from both seats; the rules' hooks it and alpha-beta+'s ``parries`` use
against the rules' own definitions; ``parries`` against the search without it."""
import random

import pytest

from engines.alphabeta import AlphaBeta
from engines.base import PROVEN, WIN, Deadline, Limit, random_plies
from engines.forced import Forced, ProofSearch
from games.onitama.rules import MAX_TURNS, SHRINE, SQUARES, Onitama

GAME = Onitama()


def passed(state):
    """The same position with the other side to move (as if the side to move passed)."""
    mine, theirs, my_master, their_master, hand, their_hand, centre, turn = state
    return theirs, mine, their_master, my_master, their_hand, hand, centre, turn


def random_game_states(seed, games):
    rng = random.Random(seed)
    for _ in range(games):
        state = GAME.initial_state(tuple(rng.sample(range(16), 5)))
        while GAME.legal_moves(state):
            yield state
            state = GAME.play(state, rng.choice(GAME.legal_moves(state)))


def test_winning_moves_are_the_moves_that_end_the_game():
    seen = 0
    for state in random_game_states(1, 60):
        moves = GAME.legal_moves(state)
        expected = [move for move in moves if GAME.outcome(GAME.play(state, move)) == -1]
        assert GAME.winning_moves(state, moves) == expected
        seen += bool(expected)
    assert seen > 100


def test_threatened_means_the_other_side_would_win_at_once():
    seen = 0
    for state in random_game_states(2, 60):
        other = passed(state)
        expected = any(GAME.outcome(GAME.play(other, move)) == -1 for move in GAME.legal_moves(other))
        assert GAME.threatened(state) == expected
        seen += expected
    assert seen > 100


def small_position(rng, students):
    """A game on with the masters and ``students`` students a side on random squares,
    random cards, either seat to move; one in four a few plies before the turn limit,
    which ends the game in a draw."""
    while True:
        squares = rng.sample(range(SQUARES), 2 + 2 * students)
        masters = (1 << squares[0], 1 << squares[1])
        pieces = tuple(masters[seat] | sum(1 << sq for sq in squares[2 + seat::2]) for seat in (0, 1))
        cards = rng.sample(range(16), 5)
        player = rng.randrange(2)
        turn = MAX_TURNS - rng.randrange(1, 6) if rng.random() < 0.25 else rng.randrange(150)
        state = GAME.make_state(pieces, masters, (cards[:2], cards[2:4]), cards[4], player, turn=turn)
        if not (masters[0] & SHRINE[1] or masters[1] & SHRINE[0]):
            return state


def wins_within(state, n, memo):
    """Exhaustive: whether the side to move forces a win within ``n`` of its moves."""
    key = state, n
    if key not in memo:
        memo[key] = any(exhaustive_after(GAME.play(state, move), n, memo) for move in GAME.legal_moves(state))
    return memo[key]


def exhaustive_after(child, n, memo):
    """Whether the side that just moved into ``child`` has won or forces a win within
    ``n - 1`` more moves."""
    if GAME.outcome(child) == -1:
        return True
    replies = GAME.legal_moves(child)
    return n > 1 and bool(replies) and all(wins_within(GAME.play(child, reply), n - 1, memo) for reply in replies)


def prover(depth, nodes=None):
    """A proof search of wins within ``depth + 1`` moves of the attacker."""
    clock = Deadline()
    clock.start(float("inf"), nodes)
    return ProofSearch(GAME, clock, depth)


@pytest.mark.parametrize("students", [0, 1, 2])
def test_every_win_within_its_depth_is_proven_and_nothing_else(students):
    """Unbounded, the search is exact within its depth: it proves a win exactly where
    exhaustive search finds one within ``depth + 1`` moves, from both seats."""
    rng = random.Random(10 + students)
    proofs = {0: 0, 1: 0}
    deep = 0
    for _ in range(120):
        state = small_position(rng, students)
        memo = {}
        for depth in (0, 1, 2):
            found = prover(depth).prove(state)
            assert (found is not None) == wins_within(state, depth + 1, memo), GAME.render(state)
            if found is not None:
                move, plies = found
                assert plies % 2 == 1 and plies <= 2 * depth + 1
                assert exhaustive_after(GAME.play(state, move), (plies + 1) // 2, memo), GAME.render(state)
                proofs[GAME.to_move(state)] += 1
                deep += plies >= 3
    assert min(proofs.values()) >= 10 and deep >= 10, (proofs, deep)


def test_every_proof_in_the_table_is_a_win_of_exhaustive_search():
    """The table kept between turns: each state's move wins within its plies."""
    rng = random.Random(4)
    stored = 0
    for _ in range(60):
        state = small_position(rng, 2)
        search = prover(3, nodes=3000)
        search.prove(state)
        memo = {}
        for known, (move, plies) in search.table.items():
            assert exhaustive_after(GAME.play(known, move), (plies + 1) // 2, memo), GAME.render(known)
            stored += 1
    assert stored >= 20


def test_a_table_kept_from_other_searches_changes_no_answer():
    rng = random.Random(5)
    kept = prover(2)
    for _ in range(100):
        state = small_position(rng, 1)
        assert (kept.prove(state) is None) == (prover(2).prove(state) is None)


def test_forced_plays_a_proven_win_and_drops_a_move_proven_lost():
    """From both seats: a win the engine reports (its prover's, on a first turn, or the
    inner engine's) is an exhaustive win; a move its check proves lost is lost, and the
    engine then plays another, unless every other move is seen lost too."""
    rng = random.Random(11)
    wins = {0: 0, 1: 0}
    dropped = proven_first = 0
    for _ in range(150):
        state = small_position(rng, 2)
        engine = Forced(GAME, lambda state: 0.0, engine="alphabeta", forced_moves=2)
        result = engine.search(state, Limit(nodes=6000))
        memo = {}
        if result.proven and result.value > 0:
            plies = WIN - result.value
            assert exhaustive_after(GAME.play(state, result.move), (plies + 1) // 2, memo)
            wins[GAME.to_move(state)] += 1
            proven_first += state in engine.prover.table
        for known, (move, plies) in engine.prover.table.items():
            assert exhaustive_after(GAME.play(known, move), (plies + 1) // 2, memo)
        moves = GAME.legal_moves(state)
        lost = [move for move in moves if GAME.play(state, move) in engine.prover.table]  # the opponent's wins
        for move in lost:
            assert wins_within(GAME.play(state, move), (engine.prover.table[GAME.play(state, move)][1] + 1) // 2, memo)
        if lost and len(lost) < len(moves):
            if result.move in lost:  # kept only where the re-search saw every other move lost
                for move in moves:
                    reply = AlphaBeta(GAME, lambda state: 0.0).search(GAME.play(state, move), Limit(nodes=20000))
                    assert reply.value >= PROVEN, GAME.render(state)
            else:
                dropped += 1
    assert min(wins.values()) >= 5 and proven_first >= 5 and dropped >= 1, (wins, proven_first, dropped)


def test_forced_without_the_hooks_is_its_inner_engine():
    """A game without ``winning_moves`` and ``parrying_moves`` (Oware) gets the inner
    engine's very search."""
    from games.oware.evaluation import make_evaluator
    from games.oware.rules import Oware
    game = Oware()
    evaluate = make_evaluator(game)
    state = random_plies(game, game.initial_state(), random.Random(3), 12)
    forced = Forced(game, evaluate, engine="alphabeta").search(state, Limit(nodes=3000))
    plain = AlphaBeta(game, evaluate).search(state, Limit(nodes=3000))
    assert (forced.move, forced.value, forced.nodes, forced.pv) == (plain.move, plain.value, plain.nodes, plain.pv)


@pytest.mark.parametrize("seed", [1, 2])
def test_parries_leave_the_value_of_a_search_as_it_was(seed):
    """Alpha-beta+ with ``parries`` (only the moves that stop a win at once searched where
    the side to move is threatened) gives the same value as without, with fewer
    positions, from both seats; without a table, whose replacements depend on the
    order of the search."""
    from engines.alphabeta import AlphaBetaPlus
    from games.onitama.evaluation import make_evaluator
    evaluate = make_evaluator(GAME)
    threatened = {0: 0, 1: 0}
    fewer = 0
    for state in list(random_game_states(seed, 8))[::7]:
        plain = AlphaBetaPlus(GAME, evaluate, tt=False).search(state, Limit(depth=3))
        pruned = AlphaBetaPlus(GAME, evaluate, tt=False, parries=True).search(state, Limit(depth=3))
        assert pruned.value == plain.value, GAME.render(state)
        assert pruned.nodes <= plain.nodes
        fewer += pruned.nodes < plain.nodes
        threatened[GAME.to_move(state)] += GAME.threatened(state)
    assert fewer >= 10 and min(threatened.values()) >= 1, (fewer, threatened)


def test_parrying_moves_are_the_moves_after_which_no_win_at_once_remains():
    seen = 0
    for state in random_game_states(3, 60):
        moves = GAME.legal_moves(state)
        expected = []
        for move in moves:
            child = GAME.play(state, move)
            replies = GAME.legal_moves(child)
            if not (replies and GAME.winning_moves(child, replies)):
                expected.append(move)
        assert GAME.parrying_moves(state, moves) == expected, GAME.render(state)
        seen += GAME.threatened(state) and 0 < len(expected) < len(moves)
        last = GAME.with_turn(state, MAX_TURNS - 1)  # the limit ends the game: every move parries
        assert GAME.parrying_moves(last, moves) == list(moves)
    assert seen > 100
