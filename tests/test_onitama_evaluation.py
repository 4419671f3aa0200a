"""Onitama evaluation: range, colour symmetry, the sign of each term, and the same
values as the previous evaluation (bench/onitama_reference.py) on random positions."""

import random

import pytest

from bench import onitama_reference as reference
from games.onitama import learned, rules
from games.onitama.evaluation import make_evaluator
from games.onitama.rules import Onitama, is_pass, make_move, move_card, move_from, move_to

GAME = Onitama()
EVALUATE = make_evaluator(GAME)
EEL, CRANE, FROG, HORSE, BOAR, ROOSTER, CRAB, OX, COBRA, RABBIT, DRAGON, MONKEY, GOOSE, \
    ELEPHANT, MANTIS, TIGER = range(16)


def rotate(bits):
    """The board turned by 180 degrees: square s goes to 24 - s."""
    out = 0
    while bits:
        low = bits & -bits
        bits ^= low
        out |= 1 << (24 - (low.bit_length() - 1))
    return out


def mirror(state):
    """The same position with the colours swapped: the board turned round and the other
    player to move with the same cards. Player 1 uses the cards turned round, so the
    side to move faces exactly the same game."""
    mine, theirs, my_master, their_master, hand, their_hand, centre, turn = state
    seat = 1 << 8  # the seat bit of a packed hand
    return (rotate(mine), rotate(theirs), rotate(my_master), rotate(their_master),
            hand ^ seat, their_hand ^ seat, centre, turn)


def random_positions(count, seed=3):
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        state = GAME.initial_state(tuple(rng.sample(range(16), 5)))
        while GAME.legal_moves(state) and len(states) < count:
            states.append(state)
            state = GAME.play(state, rng.choice(GAME.legal_moves(state)))
    return states


def position(rows, my_hand, their_hand, centre, player=0):
    pieces, masters = [0, 0], [0, 0]
    for i, line in enumerate(rows):
        for col, cell in enumerate(line):
            bit = 1 << ((4 - i) * 5 + col)
            side = 0 if cell in "Ww" else 1 if cell in "Bb" else None
            if side is not None:
                pieces[side] |= bit
                if cell in "WB":
                    masters[side] |= bit
    hands = (my_hand, their_hand) if player == 0 else (their_hand, my_hand)
    return GAME.make_state(tuple(pieces), tuple(masters), hands, centre, player)


def test_values_lie_in_range_and_vary():
    values = [EVALUATE(s) for s in random_positions(3000)]
    assert all(-1 <= v <= 1 for v in values)
    assert min(values) < -0.5 and max(values) > 0.5


def test_colour_symmetry():
    for state in random_positions(2000, seed=5):
        assert EVALUATE(mirror(state)) == pytest.approx(EVALUATE(state), abs=1e-12)


def test_rules_are_colour_symmetric():
    """The mirrored position has the mirrored moves (a check on the card rotation)."""
    for state in random_positions(1000, seed=9):
        turned = set()
        for m in GAME.legal_moves(state):
            turned.add(m if is_pass(m) else make_move(move_card(m), 24 - move_from(m), 24 - move_to(m)))
        assert set(GAME.legal_moves(mirror(state))) == turned


def test_material_counts():
    rows = ["..B..", ".....", ".....", ".....", "wwWww"]
    up = position(rows, (BOAR, OX), (HORSE, CRAB), EEL)
    assert EVALUATE(up) > 0.5
    # The same board with the opponent to move is bad for it.
    down = position(rows, (HORSE, CRAB), (BOAR, OX), EEL, player=1)
    assert EVALUATE(down) < -0.5


def test_a_win_threat_is_good_for_the_side_to_move():
    # Player 0's student on C4 takes the master with Horse or Boar next move.
    threat = position(["b.B.b", "..w..", ".....", ".....", "w.W.w"], (BOAR, HORSE), (CRAB, OX), EEL)
    quiet = position(["b.B.b", ".....", "..w..", ".....", "w.W.w"], (CRAB, RABBIT), (GOOSE, OX), EEL)
    assert EVALUATE(threat) > 0.8
    assert EVALUATE(threat) > EVALUATE(quiet)


def test_master_near_the_enemy_shrine_is_good():
    near = position(["..B..", "..W..", ".....", ".....", "....."], (CRAB, MONKEY), (ROOSTER, GOOSE), EEL)
    far = position(["..B..", ".....", ".....", ".....", "..W.."], (CRAB, MONKEY), (ROOSTER, GOOSE), EEL)
    weights = dict(material=0, threat=0, danger=0, mobility=0)
    shrine_only = make_evaluator(GAME, weights)
    assert shrine_only(near) > 0
    assert shrine_only(far) == 0  # both masters four king steps from the goal


def test_mobility_term():
    # Lone masters on their shrines. Monkey + Dragon give 4 moves from C1 (or C5);
    # Tiger + Ox give 3 (Tiger's jump only; Ox's step forward and sideways).
    rows = ["..B..", ".....", ".....", ".....", "..W.."]
    many = position(rows, (MONKEY, DRAGON), (TIGER, OX), EEL)
    few = position(rows, (TIGER, OX), (MONKEY, DRAGON), EEL)
    mobility_only = make_evaluator(GAME, {"material": 0, "threat": 0, "danger": 0, "shrine": 0})
    assert mobility_only(many) > 0 > mobility_only(few)


def test_unknown_weight_is_rejected():
    with pytest.raises(ValueError):
        make_evaluator(GAME, {"speed": 1.0})


def to_reference(state):
    """The same position in the previous rules' state (bench/onitama_reference.py)."""
    pieces, masters = GAME.pieces(state)
    hand0, hand1, centre = GAME.hands(state)
    return reference.Onitama().make_state(pieces, masters, (hand0, hand1), centre, GAME.to_move(state),
                                          GAME.turn(state))


@pytest.mark.parametrize("new, old, weights", [
    (make_evaluator, reference.make_handcrafted_evaluator, {}),
    (make_evaluator, reference.make_handcrafted_evaluator,
     dict(material=0.7, threat=1.5, danger=0.9, shrine=0.5, mobility=0.8)),
    (learned.make_evaluator, reference.make_learned_evaluator, {})])
def test_the_same_values_as_the_reference_evaluation(new, old, weights, monkeypatch):
    """Side terms come from memo tables here, and were recomputed at every call before:
    the values must not change, with the tables cold, warm, or retired while in use."""
    states = random_positions(4000, seed=11)
    before = old(reference.Onitama(), **weights)
    expected = [before(to_reference(s)) for s in states]
    evaluate = new(GAME, weights or None)
    assert [evaluate(s) for s in states] == pytest.approx(expected, abs=1e-12)   # cold, then warm
    assert [evaluate(s) for s in states] == pytest.approx(expected, abs=1e-12)
    # Memos that fill and retire their tables every 50 entries.
    monkeypatch.setattr(rules, "MEMO_SIZE", 50)
    monkeypatch.setattr(rules._REACHED_MEMO, "limit", 50)
    monkeypatch.setattr(rules._MOVES_MEMO, "limit", 50)
    rules.clear_memos()
    evaluate = new(GAME, weights or None)
    assert [evaluate(s) for s in states] == pytest.approx(expected, abs=1e-12)
