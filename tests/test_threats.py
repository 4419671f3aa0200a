"""The forced-line search (engines/threats.py) against exhaustive search on small Onitama
positions, from both seats, and its two hooks against the rules' own definitions."""
import random

import pytest

from engines.base import WIN, Deadline, Limit, random_plies
from engines.threats import Forced, ThreatProver
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
    random cards, either seat to move."""
    while True:
        squares = rng.sample(range(SQUARES), 2 + 2 * students)
        masters = (1 << squares[0], 1 << squares[1])
        pieces = tuple(masters[seat] | sum(1 << sq for sq in squares[2 + seat::2]) for seat in (0, 1))
        cards = rng.sample(range(16), 5)
        player = rng.randrange(2)
        state = GAME.make_state(pieces, masters, (cards[:2], cards[2:4]), cards[4], player, turn=rng.randrange(150))
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


def prover():
    return ThreatProver(GAME, Deadline())


@pytest.mark.parametrize("students", [0, 1, 2])
def test_every_proof_is_a_win_of_exhaustive_search(students):
    rng = random.Random(10 + students)
    proofs = {0: 0, 1: 0}
    deep = 0
    for _ in range(150):
        state = small_position(rng, students)
        search, memo = prover(), {}
        for n in (1, 2, 3):
            k = search.attack(state, n)
            assert 0 <= k <= n
            if k:
                assert wins_within(state, k, memo), GAME.render(state)
                proofs[GAME.to_move(state)] += 1
                deep += k >= 2
            else:
                assert not wins_within(state, 1, memo)  # a win at once is always found
    assert min(proofs.values()) >= 10 and deep >= 10, (proofs, deep)


def threat_wins(state, n):
    """Plainly, without a table: whether the side to move wins within ``n`` of its moves
    playing wins at once or threats only, against every defence."""
    moves = GAME.legal_moves(state)
    if any(GAME.outcome(GAME.play(state, move)) == -1 for move in moves):
        return True
    return n > 1 and any(GAME.threatened(child) and defended_in_vain(child, n - 1)
                         for child in (GAME.play(state, move) for move in moves))


def defended_in_vain(child, n):
    replies = GAME.legal_moves(child)
    return bool(replies) and all(threat_wins(GAME.play(child, reply), n) for reply in replies)


@pytest.mark.parametrize("students", [1, 2])
def test_every_win_by_threats_is_found(students):
    """Complete within its depth: the prover finds each win by threats that the plain
    recursion finds, and no other."""
    rng = random.Random(20 + students)
    found = 0
    for _ in range(100):
        state = small_position(rng, students)
        search = prover()
        for n in (1, 2, 3):
            expected = threat_wins(state, n)
            assert bool(search.attack(state, n)) == expected, GAME.render(state)
            found += expected and n > 1
    assert found >= 10


def test_the_table_kept_between_searches_changes_no_answer():
    """A prover that searched other depths and positions before (its table full of
    them) answers as a fresh one: entries only save work."""
    rng = random.Random(5)
    kept = prover()
    for _ in range(120):
        state = small_position(rng, 1)
        for n in (3, 1, 2, 3):
            assert bool(kept.attack(state, n)) == bool(prover().attack(state, n))


def test_the_line_of_a_proof_wins_against_every_defence():
    rng = random.Random(7)
    checked = 0
    for _ in range(200):
        state = small_position(rng, 1)
        search = prover()
        k = search.attack(state, 3)
        if k < 2:
            continue
        line = search.line(state)
        assert len(line) == 2 * k - 1, GAME.render(state)
        child = GAME.play(state, line[0])
        assert exhaustive_after(child, k, {})
        checked += 1
    assert checked >= 5


def test_forced_plays_a_proven_win_and_leaves_out_proven_losses():
    """From both seats: a proven win of the engine's is an exhaustive win; every move it
    leaves out loses, by exhaustive search; a move it plays while some move is not
    proven lost is not one of those proven lost."""
    rng = random.Random(11)
    wins = {0: 0, 1: 0}
    left_out = 0
    for _ in range(150):
        state = small_position(rng, 2)
        engine = Forced(GAME, lambda state: 0.0, engine="alphabeta", forced_share=0.5, forced_moves=3)
        moves = list(GAME.legal_moves(state))
        engine.start(Limit())
        win, lost = engine.prove(state, moves)
        memo = {}
        for move, k in lost.items():
            assert wins_within(GAME.play(state, move), k, memo)
        left_out += len(lost)
        result = engine.search(state, Limit(nodes=4000))
        if win:
            assert result.proven and result.value == WIN - (2 * win - 1)
            assert exhaustive_after(GAME.play(state, result.move), win, memo)
            wins[GAME.to_move(state)] += 1
        elif len(lost) < len(moves):
            assert result.move not in lost
    assert min(wins.values()) >= 5 and left_out >= 20, (wins, left_out)


def test_forced_without_the_hooks_is_its_inner_engine():
    """A game without ``threatened`` (Oware) gets the inner engine's very search."""
    from engines.alphabeta import AlphaBeta
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
