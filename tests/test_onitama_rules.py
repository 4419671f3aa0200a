"""Onitama rules: hand-checked positions for every rule, perft, and two oracles the
rules must agree with on random games: a deliberately naive move generator
(coordinates and a dict board, written straight from the arena's rules) and the
previous bitboard rules (bench/onitama_reference.py), which had no memo tables.

There is no Onitama in open_spiel, so these are the independent oracles.
"""

import random
from pathlib import Path

import pytest

from engines.base import random_plies
from bench import onitama_reference as reference
from games.onitama import rules
from games.onitama.rules import (CARDS, MAX_TURNS, Onitama, is_pass, make_move,
                                 move_card, move_from, move_to, parse_square, pass_move,
                                 square_name)

GAME = Onitama()
PERFT_FILE = Path(__file__).parent / "data" / "perft_onitama.txt"
EEL, CRANE, FROG, HORSE, BOAR, ROOSTER, CRAB, OX, COBRA, RABBIT, DRAGON, MONKEY, GOOSE, \
    ELEPHANT, MANTIS, TIGER = range(16)


# -- helpers: positions from pictures ---------------------------------------------------
def position(rows, hand0, hand1, centre, player, turn=0):
    """A state from 5 board lines drawn as the arena prints them (row 5 first)."""
    pieces = [0, 0]
    masters = [0, 0]
    for i, line in enumerate(rows):
        row = 4 - i
        for col, cell in enumerate(line):
            bit = 1 << (row * 5 + col)
            if cell in "Ww":
                pieces[0] |= bit
            if cell in "Bb":
                pieces[1] |= bit
            if cell == "W":
                masters[0] |= bit
            if cell == "B":
                masters[1] |= bit
    return GAME.make_state(tuple(pieces), tuple(masters), (tuple(hand0), tuple(hand1)), centre, player, turn)


def names(moves):
    return sorted(GAME.move_name(m) for m in moves)


def targets_from(state, sq_name, card):
    sq = parse_square(sq_name)
    return sorted(square_name(move_to(m)) for m in GAME.legal_moves(state)
                  if not is_pass(m) and move_from(m) == sq and move_card(m) == card)


# -- every card, both players ----------------------------------------------------------
# Targets of a piece on C3, worked out by hand from the card pictures: player 0 adds
# (dx, dy) to (column, row); player 1 subtracts it (the card is turned towards it).
CARD_TARGETS_FROM_C3 = {
    EEL: ("B4 B2 D3", "D2 D4 B3"),
    CRANE: ("B2 C4 D2", "D4 C2 B4"),
    FROG: ("A3 B4 D2", "E3 D2 B4"),
    HORSE: ("B3 C4 C2", "D3 C2 C4"),
    BOAR: ("B3 C4 D3", "D3 C2 B3"),
    ROOSTER: ("B2 B3 D3 D4", "D4 D3 B3 B2"),
    CRAB: ("A3 C4 E3", "E3 C2 A3"),
    OX: ("C4 C2 D3", "C2 C4 B3"),
    COBRA: ("B3 D4 D2", "D3 B2 B4"),
    RABBIT: ("B2 D4 E3", "D4 B2 A3"),
    DRAGON: ("A4 B2 D2 E4", "E2 D4 B4 A2"),
    MONKEY: ("B4 B2 D4 D2", "D2 D4 B2 B4"),
    GOOSE: ("B4 B3 D3 D2", "D2 D3 B3 B4"),
    ELEPHANT: ("B4 B3 D4 D3", "D2 D3 B2 B3"),
    MANTIS: ("B4 C2 D4", "D2 C4 B2"),
    TIGER: ("C2 C5", "C4 C1"),
}


def test_card_table_matches_the_hand_checked_targets():
    assert len(CARDS) == 16 and set(CARD_TARGETS_FROM_C3) == set(range(16))


@pytest.mark.parametrize("card", range(16), ids=[name for name, _ in CARDS])
@pytest.mark.parametrize("player", (0, 1))
def test_every_card_from_the_centre(card, player):
    other, centre = (card + 1) % 16, (card + 4) % 16
    hand, enemy_hand = (card, other), ((card + 2) % 16, (card + 3) % 16)
    # Lone masters; the enemy master stands in a corner that no card reaches from C3.
    if player == 0:
        state = position(["B....", ".....", "..W..", ".....", "....."], hand, enemy_hand, centre, 0)
    else:
        state = position([".....", ".....", "..B..", ".....", "W...."], enemy_hand, hand, centre, 1)
    assert targets_from(state, "C3", card) == sorted(CARD_TARGETS_FROM_C3[card][player].split())


def test_moves_off_the_board_are_dropped():
    # Dragon from A1 for player 0 keeps only the forward jump to C2; for player 1 at E5
    # (the card turned) only the jump to C4.
    state = position(["....B", ".....", ".....", ".....", "W...."], (DRAGON, TIGER), (CRAB, OX), EEL, 0)
    assert targets_from(state, "A1", DRAGON) == ["C2"]
    assert targets_from(state, "A1", TIGER) == ["A3"]
    state = position(["....B", ".....", ".....", ".....", "W...."], (CRAB, OX), (DRAGON, TIGER), EEL, 1)
    assert targets_from(state, "E5", DRAGON) == ["C4"]
    assert targets_from(state, "E5", TIGER) == ["E3"]


def test_start_position():
    state = GAME.initial_state((TIGER, DRAGON, FROG, RABBIT, CRAB))
    assert GAME.board_lines(state) == ["bbBbb", ".....", ".....", ".....", "wwWww"]
    assert GAME.to_move(state) == 0 and GAME.turn(state) == 0
    assert names(GAME.legal_moves(state)) == sorted(
        ["15 A1A3", "15 B1B3", "15 C1C3", "15 D1D3", "15 E1E3",
         "10 A1C2", "10 B1D2", "10 C1A2", "10 C1E2", "10 D1B2", "10 E1C2"])
    assert GAME.outcome(state) is None


# -- captures, blocking, card exchange -------------------------------------------------
def test_capture_removes_the_enemy_piece_and_own_pieces_block():
    state = position(["..B..",
                      ".....",
                      ".b...",
                      ".w...",
                      "..W.."], (MONKEY, BOAR), (CRAB, OX), EEL, 0)
    legal = names(GAME.legal_moves(state))
    assert "11 C1B2" not in legal          # B2 holds our own student
    assert "4 C1C2" in legal and "11 B2A3" in legal
    after = GAME.play(state, GAME.parse_move("4 B2B3"))  # Boar forward onto b on B3
    assert GAME.board_lines(after) == ["..B..", ".....", ".w...", ".....", "..W.."]
    assert GAME.to_move(after) == 1 and GAME.turn(after) == 1
    assert GAME.outcome(after) is None


def test_card_exchange():
    state = GAME.initial_state((TIGER, DRAGON, FROG, RABBIT, CRAB))
    after = GAME.play(state, GAME.parse_move("15 C1C3"))
    # Tiger goes to the centre, player 0 takes Crab (appended after the card it kept).
    assert GAME.hands(after) == ((DRAGON, CRAB), (FROG, RABBIT), TIGER)
    after = GAME.play(after, GAME.parse_move("9 C5B4"))
    assert GAME.hands(after) == ((DRAGON, CRAB), (FROG, TIGER), RABBIT)
    after = GAME.play(after, GAME.parse_move("6 A1C1"))
    assert GAME.hands(after) == ((DRAGON, RABBIT), (FROG, TIGER), CRAB)
    # Player 1 now holds Tiger, turned: one step up (+row), a jump of two rows down.
    assert targets_from(after, "B4", TIGER) == ["B2"]   # B5 holds its own student
    assert targets_from(after, "A5", TIGER) == ["A3"]


def test_player_one_uses_turned_cards_in_play():
    state = GAME.initial_state((TIGER, DRAGON, FROG, RABBIT, CRAB))
    state = GAME.play(state, GAME.parse_move("10 E1C2"))
    # Frog for player 1: (+2, 0), (+1, -1), (-1, +1); Rabbit: (+1, +1), (-1, -1), (-2, 0).
    assert targets_from(state, "A5", FROG) == ["B4"]
    assert targets_from(state, "B5", FROG) == ["C4"]   # D5 holds its own student
    assert targets_from(state, "C5", FROG) == ["D4"]
    assert targets_from(state, "C5", RABBIT) == ["B4"]
    assert targets_from(state, "E5", RABBIT) == ["D4"]
    assert targets_from(state, "A5", RABBIT) == []


# -- the two ways of winning -----------------------------------------------------------
def test_win_by_capturing_the_master():
    state = position(["..B..",
                      "..w..",
                      ".....",
                      ".....",
                      "..W.."], (HORSE, CRAB), (OX, EEL), MONKEY, 0)
    win = GAME.parse_move("3 C4C5")
    assert win in GAME.legal_moves(state)
    after = GAME.play(state, win)
    assert GAME.legal_moves(after) == []
    assert GAME.outcome(after) == -1 and GAME.winner(after) == 0


def test_player_one_wins_by_capturing_the_master():
    state = position(["..B..",
                      ".....",
                      ".....",
                      "...b.",
                      "..W.."], (HORSE, CRAB), (MONKEY, OX), EEL, 1)
    after = GAME.play(state, GAME.parse_move("11 D2C1"))
    assert GAME.legal_moves(after) == [] and GAME.outcome(after) == -1 and GAME.winner(after) == 1


def test_win_by_the_master_reaching_the_enemy_shrine():
    state = position(["....B",
                      "..W..",
                      ".....",
                      ".....",
                      "....."], (HORSE, CRAB), (OX, EEL), MONKEY, 0)
    after = GAME.play(state, GAME.parse_move("3 C4C5"))
    assert GAME.legal_moves(after) == [] and GAME.outcome(after) == -1 and GAME.winner(after) == 0
    # Player 1's master on C1 wins for player 1.
    state = position([".....", ".....", ".....", "..B..", "W...."], (HORSE, CRAB), (OX, TIGER), MONKEY, 1)
    after = GAME.play(state, GAME.parse_move("7 C2C1"))  # Ox turned: (0, -1) for player 1
    assert GAME.legal_moves(after) == [] and GAME.winner(after) == 1


def test_a_student_on_the_shrine_does_not_win():
    state = position(["....B",
                      "..w..",
                      ".....",
                      ".....",
                      "W...."], (HORSE, CRAB), (OX, EEL), MONKEY, 0)
    after = GAME.play(state, GAME.parse_move("3 C4C5"))
    assert GAME.legal_moves(after) != [] and GAME.outcome(after) is None
    # Nor does a master on its own shrine.
    state = position(["....B", ".....", ".....", "..W..", "....."], (HORSE, CRAB), (OX, EEL), MONKEY, 0)
    after = GAME.play(state, GAME.parse_move("3 C2C1"))
    assert GAME.outcome(after) is None


# -- PASS --------------------------------------------------------------------------------
def test_pass_only_when_no_piece_can_move_and_either_card_may_be_passed():
    # Player 0's whole army on row 5: Crab and Boar only go sideways or forward.
    state = position(["Wwwww",
                      ".....",
                      "..B..",
                      ".....",
                      "....."], (CRAB, BOAR), (OX, EEL), MONKEY, 0)
    moves = GAME.legal_moves(state)
    assert sorted(moves) == sorted([pass_move(CRAB), pass_move(BOAR)])
    assert names(moves) == ["4 PASS", "6 PASS"]
    after = GAME.play(state, pass_move(CRAB))
    assert GAME.board_lines(after) == GAME.board_lines(state)
    assert GAME.hands(after) == ((BOAR, MONKEY), (OX, EEL), CRAB)
    assert GAME.to_move(after) == 1 and GAME.turn(after) == 1 and GAME.outcome(after) is None
    # With one free square a move exists, and then passing is not allowed.
    state = position(["Wwww.", ".....", "..B..", ".....", "....."], (CRAB, BOAR), (OX, EEL), MONKEY, 0)
    assert all(not is_pass(m) for m in GAME.legal_moves(state)) and GAME.legal_moves(state)


# -- the turn limit --------------------------------------------------------------------
def test_two_hundred_turns_is_a_tie():
    rows = ["B....", ".....", ".....", ".....", "....W"]
    state = position(rows, (HORSE, CRAB), (OX, EEL), MONKEY, 1, turn=MAX_TURNS - 1)
    assert GAME.legal_moves(state) and GAME.outcome(state) is None
    after = GAME.play(state, GAME.parse_move("7 A5A4"))  # Ox turned: (0, -1)
    assert GAME.turn(after) == 200
    assert GAME.legal_moves(after) == [] and GAME.outcome(after) == 0 and GAME.winner(after) is None
    # A win on the 200th ply is still a win.
    state = position(["B....", ".....", ".....", "....b", "....W"], (HORSE, CRAB), (OX, EEL), MONKEY, 1,
                     turn=MAX_TURNS - 1)
    after = GAME.play(state, GAME.parse_move("7 E2E1"))
    assert GAME.legal_moves(after) == [] and GAME.outcome(after) == -1 and GAME.winner(after) == 1


def test_the_same_position_at_turn_199_is_not_over():
    state = position(["B....", ".....", ".....", ".....", "....W"], (HORSE, CRAB), (OX, EEL), MONKEY, 0,
                     turn=MAX_TURNS - 2)
    after = GAME.play(state, GAME.legal_moves(state)[0])
    assert GAME.turn(after) == 199 and GAME.legal_moves(after)


# -- names -------------------------------------------------------------------------------
def test_move_names_round_trip():
    for move in (make_move(3, 0, 24), make_move(15, 2, 12), pass_move(0), pass_move(15)):
        assert GAME.parse_move(GAME.move_name(move)) == move
    assert GAME.move_name(make_move(10, parse_square("C1"), parse_square("A2"))) == "10 C1A2"
    assert GAME.move_name(pass_move(7)) == "7 PASS"
    assert GAME.parse_move("7 pass") == pass_move(7)
    assert GAME.parse_move("10 c1a2") == make_move(10, 2, 5)
    for junk in ("", "PASS", "10", "10 C1A6", "16 C1A2", "-1 C1A2", "x C1A2", "10 C1A2 x", "10 F1A2"):
        with pytest.raises(ValueError):
            GAME.parse_move(junk)


def test_states_are_hashable_and_render():
    state = GAME.initial_state((0, 1, 2, 3, 4))
    assert hash(state) == hash(GAME.initial_state((0, 1, 2, 3, 4)))
    assert len(GAME.render(state)) == 7 and "Eel(0)" in GAME.render(state)[5]
    with pytest.raises(ValueError):
        GAME.initial_state((0, 0, 2, 3, 4))


# -- a deliberately naive second implementation ----------------------------------------
class Naive:
    """Onitama from the rule text: a dict {(x, y): 'W'|'w'|'B'|'b'}, card lists, vectors
    negated for player 1. Slow and obvious on purpose."""

    def __init__(self, board, hands, centre, player, turn):
        self.board, self.hands, self.centre = dict(board), [list(h) for h in hands], centre
        self.player, self.turn = player, turn

    @classmethod
    def from_state(cls, state):
        board = {}
        for line_index, line in enumerate(render_board_without_our_code(state)):
            for x, cell in enumerate(line):
                if cell != ".":
                    board[(x, 4 - line_index)] = cell
        hand0, hand1, centre = GAME.hands(state)
        return cls(board, (hand0, hand1), centre, GAME.to_move(state), GAME.turn(state))

    def key(self):
        return (tuple(sorted(self.board.items())), tuple(map(tuple, self.hands)), self.centre,
                self.player, self.turn)

    def mine(self, cell):
        return cell in ("Ww" if self.player == 0 else "Bb")

    def winner(self):
        if "W" not in self.board.values():
            return 1
        if "B" not in self.board.values():
            return 0
        if self.board.get((2, 4)) == "W":
            return 0
        if self.board.get((2, 0)) == "B":
            return 1
        return None

    def moves(self):
        if self.winner() is not None or self.turn >= 200:
            return []
        sign = 1 if self.player == 0 else -1
        found = []
        for card in self.hands[self.player]:
            for dx, dy in CARDS[card][1]:
                for (x, y), cell in self.board.items():
                    if not self.mine(cell):
                        continue
                    tx, ty = x + sign * dx, y + sign * dy
                    if 0 <= tx < 5 and 0 <= ty < 5 and not self.mine(self.board.get((tx, ty), ".")):
                        found.append(f"{card} {'ABCDE'[x]}{y + 1}{'ABCDE'[tx]}{ty + 1}")
        if not found:
            found = [f"{card} PASS" for card in self.hands[self.player]]
        return found

    def play(self, name):
        card_text, action = name.split()
        card = int(card_text)
        board = dict(self.board)
        if action != "PASS":
            source = ("ABCDE".index(action[0]), int(action[1]) - 1)
            target = ("ABCDE".index(action[2]), int(action[3]) - 1)
            board[target] = board.pop(source)
        hands = [list(h) for h in self.hands]
        hands[self.player].remove(card)
        hands[self.player].append(self.centre)
        return Naive(board, hands, card, 1 - self.player, self.turn + 1)


def render_board_without_our_code(state):
    """Board lines from the raw state tuple (not from board_lines, which is under test)."""
    mine, theirs, my_master, their_master = state[:4]
    player = state[4] >> 8  # the hand's seat bit
    white, black = (mine, theirs) if player == 0 else (theirs, mine)
    white_master, black_master = (my_master, their_master) if player == 0 else (their_master, my_master)
    lines = []
    for y in range(4, -1, -1):
        line = ""
        for x in range(5):
            bit = 1 << (5 * y + x)
            line += ("W" if bit & white_master else "w" if bit & white else
                     "B" if bit & black_master else "b" if bit & black else ".")
        lines.append(line)
    return lines


def naive_perft(node, depth):
    if depth == 0:
        return 1
    return sum(naive_perft(node.play(m), depth - 1) for m in node.moves())


def perft(state, depth):
    if depth == 0:
        return 1
    moves = GAME.legal_moves(state)
    if depth == 1:
        return len(moves)
    play = GAME.play
    return sum(perft(play(state, m), depth - 1) for m in moves)


def read_perft_file():
    """{cards: [(depth, count), ...]} from the data file."""
    table = {}
    cards = None
    for line in PERFT_FILE.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("cards"):
            cards = tuple(int(x) for x in line.split()[1:])
            table[cards] = []
        else:
            depth, count = map(int, line.split())
            table[cards].append((depth, count))
    return table


def test_perft_file_has_two_deals():
    table = read_perft_file()
    assert len(table) == 2 and all(len(rows) >= 6 for rows in table.values())


@pytest.mark.parametrize("cards", list(read_perft_file()))
def test_perft(cards):
    state = GAME.initial_state(cards)
    for depth, count in read_perft_file()[cards]:
        if count > 2_000_000:
            break
        assert perft(state, depth) == count, f"perft({depth}) for cards {cards}"


@pytest.mark.parametrize("cards", list(read_perft_file()))
def test_perft_agrees_with_the_naive_generator(cards):
    state = GAME.initial_state(cards)
    for depth, count in read_perft_file()[cards]:
        if depth > 4:
            break
        assert naive_perft(Naive.from_state(state), depth) == count


def test_random_games_agree_with_the_naive_generator():
    """Every move list and every position after a move, over random deals and games."""
    rng = random.Random(2024)
    plies = ends = passes = 0
    winners = set()
    while plies < 10000:
        state = GAME.initial_state(tuple(rng.sample(range(16), 5)))
        naive = Naive.from_state(state)
        while True:
            moves = GAME.legal_moves(state)
            assert names(moves) == sorted(naive.moves()), GAME.render(state)
            if not moves:
                assert GAME.outcome(state) == (-1 if naive.winner() is not None else 0)
                winners.add(naive.winner())
                ends += 1
                break
            move = rng.choice(moves)
            passes += is_pass(move)
            state = GAME.play(state, move)
            naive = naive.play(GAME.move_name(move))
            assert Naive.from_state(state).key() == naive.key()
            plies += 1
    assert ends > 50 and winners >= {0, 1}


FORWARD_ONLY = (BOAR, CRAB, ELEPHANT)  # no backward step: a full far row may be stuck


def crowded_position(rng):
    """A random position whose mover is packed on the far row, often with cards that
    cannot step back, so that passes happen."""
    player = rng.randint(0, 1)
    far_row = list(range(20, 25)) if player == 0 else list(range(0, 5))
    enemy_shrine = 22 if player == 0 else 2
    own = rng.sample(far_row, rng.randint(1, 5))
    if own[0] == enemy_shrine:  # the master would have won already: unreachable
        if len(own) == 1:
            own = [enemy_shrine + 1]
        own[0], own[-1] = own[-1], own[0]
    free = [sq for sq in range(25) if sq not in own]
    enemy = rng.sample(free, rng.randint(1, 5))
    pieces, masters = [0, 0], [0, 0]
    for side, squares in ((player, own), (1 - player, enemy)):
        for sq in squares:
            pieces[side] |= 1 << sq
        masters[side] = 1 << squares[0]
    cards = rng.sample(range(16), 5)
    if rng.random() < 0.5:
        hand = rng.sample(FORWARD_ONLY, 2)
        cards = hand + [c for c in cards if c not in hand][:3]
    hands = (cards[:2], cards[2:4]) if player == 0 else (cards[2:4], cards[:2])
    return GAME.make_state(tuple(pieces), tuple(masters), tuple(map(tuple, hands)), cards[4], player,
                           rng.randint(0, 199))


def test_crowded_positions_agree_with_the_naive_generator():
    """Random positions packed against the far edge, where passes happen, and every
    move from them, against the oracle."""
    rng = random.Random(7)
    passes = 0
    for _ in range(3000):
        state = crowded_position(rng)
        moves = GAME.legal_moves(state)
        naive = Naive.from_state(state)
        assert names(moves) == sorted(naive.moves())
        passes += bool(moves) and is_pass(moves[0])
        for move in moves:
            assert Naive.from_state(GAME.play(state, move)).key() == naive.play(GAME.move_name(move)).key()
    assert passes > 20


def test_noisy_moves_are_the_winning_moves_then_the_other_captures():
    game = Onitama()
    rng = random.Random(5)
    seen = won = 0
    for _ in range(100):
        state = game.initial_state()
        while game.legal_moves(state):
            moves = game.legal_moves(state)
            wins = [m for m in moves if game.winner(game.play(state, m)) is not None]
            captures = [m for m in moves if m not in wins
                        and bin(game.play(state, m)[0]).count("1") < bin(state[1]).count("1")]
            assert game.noisy_moves(state, moves) == wins + captures  # the wins first
            won += bool(wins)
            seen += len(wins) + len(captures)
            state = game.play(state, rng.choice(moves))
    assert seen > 1000 and won > 100


# -- the previous rules (bench/onitama_reference.py) as a second oracle -----------------
# Same move encoding, another state layout and another move generator (no memo, no
# blocker tables): positions are compared in absolute terms, move lists as sets.
OLD = reference.Onitama()


def absolute(game, state):
    """A position in terms both rule sets share: pieces, masters, hands, centre, turn."""
    return (game.pieces(state), game.hands(state), game.to_move(state), game.turn(state))


def to_reference(state):
    pieces, masters = GAME.pieces(state)
    hand0, hand1, centre = GAME.hands(state)
    return OLD.make_state(pieces, masters, (hand0, hand1), centre, GAME.to_move(state), GAME.turn(state))


def reference_perft(state, depth):
    if depth == 0:
        return 1
    moves = OLD.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(reference_perft(OLD.play(state, m), depth - 1) for m in moves)


def perft_positions():
    """Start positions of several deals, and positions from random games and crowded
    ones (passes), both seats to move."""
    rng = random.Random(31)
    found = [GAME.initial_state(cards) for cards in
             ((15, 10, 2, 9, 6), (11, 10, 5, 13, 15), (0, 8, 9, 2, 4), (6, 4, 13, 3, 7))]
    while len(found) < 12:
        state = GAME.initial_state(tuple(rng.sample(range(16), 5)))
        for _ in range(rng.randrange(4, 30)):
            if not GAME.legal_moves(state):
                break
            state = GAME.play(state, rng.choice(GAME.legal_moves(state)))
        if GAME.legal_moves(state):
            found.append(state)
    while len(found) < 16:
        state = crowded_position(rng)
        if GAME.legal_moves(state) and GAME.turn(state) < 190:
            found.append(state)
    assert {GAME.to_move(s) for s in found} == {0, 1}
    return found


@pytest.mark.parametrize("index", range(16))
def test_perft_equals_the_reference_rules(index):
    state = perft_positions()[index]
    for depth in (1, 2, 3, 4):
        assert perft(state, depth) == reference_perft(to_reference(state), depth), (depth, GAME.render(state))


def test_random_games_agree_with_the_reference_rules():
    """Thousands of plies over random deals: the move lists (in the same order, so that
    random games stay the same), every position after a move, the results, the end of
    the game and the noisy moves."""
    rng = random.Random(77)
    plies = ends = 0
    results = set()
    while plies < 20000:
        state = GAME.initial_state(tuple(rng.sample(range(16), 5)))
        old = to_reference(state)
        while True:
            assert absolute(GAME, state) == absolute(OLD, old)
            moves = GAME.legal_moves(state)
            assert list(moves) == OLD.legal_moves(old), GAME.render(state)  # the same order too
            assert GAME.outcome(state) == OLD.outcome(old) and GAME.winner(state) == OLD.winner(old)
            if not moves:
                ends += 1
                results.add((GAME.winner(state), GAME.outcome(state)))
                break
            noisy = GAME.noisy_moves(state, moves)
            assert sorted(noisy) == sorted(OLD.noisy_moves(old, moves))
            wins = [m for m in noisy if GAME.winner(GAME.play(state, m)) is not None]
            assert noisy == wins + [m for m in moves if m in noisy and m not in wins]  # else as ``moves``
            move = rng.choice(moves)
            state, old = GAME.play(state, move), OLD.play(old, move)
            plies += 1
    assert ends > 100 and {(0, -1), (1, -1)} <= results


def test_games_to_the_turn_limit_agree_with_the_reference_rules():
    """Games that reach the 200-turn tie: long random games with few captures (a
    noisy move is played only one time in ten when a quiet one exists)."""
    rng = random.Random(5)
    ties = 0
    for _ in range(40):
        state = GAME.initial_state(tuple(rng.sample(range(16), 5)))
        old = to_reference(state)
        while GAME.legal_moves(state):
            moves = GAME.legal_moves(state)
            assert sorted(moves) == sorted(OLD.legal_moves(old))
            quiet = [m for m in moves if m not in GAME.noisy_moves(state, moves)]
            move = rng.choice(quiet if quiet and rng.random() < 0.9 else moves)
            state, old = GAME.play(state, move), OLD.play(old, move)
        assert absolute(GAME, state) == absolute(OLD, old)
        assert GAME.outcome(state) == OLD.outcome(old)
        ties += GAME.outcome(state) == 0
    assert ties >= 5


def playout_positions(rng, count):
    """Positions of random games (some over) and crowded ones (some must pass)."""
    found = []
    while len(found) < count:
        if rng.random() < 0.3:
            state = crowded_position(rng)
        else:
            state = GAME.initial_state(tuple(rng.sample(range(16), 5)))
            state = random_plies(GAME, state, rng, rng.randrange(40))
        found.append(state)
    return found


def test_random_playout_plays_to_the_end():
    rng = random.Random(3)
    for state in playout_positions(rng, 300):
        final = GAME.random_playout(state, rng.random)
        assert GAME.legal_moves(final) == [] and GAME.outcome(final) is not None
        assert GAME.turn(final) >= GAME.turn(state)
        if not GAME.legal_moves(state):
            assert final == state


def looks_uniform(counts):
    """Whether the counts of a draw stay under a chi-square bound five standard
    deviations above the statistic's mean for a uniform draw."""
    expected = sum(counts) / len(counts)
    statistic = sum((count - expected) ** 2 / expected for count in counts)
    df = len(counts) - 1
    return statistic < df + 5 * (2 * df) ** 0.5


def test_random_playout_draws_every_legal_move_equally_often():
    """One ply of playout (the position at turn 199): always a legal move's successor,
    each about as often as the others (chi-square far below what a skewed draw gives,
    such as a piece first and then one of its moves: see the next test)."""
    rng = random.Random(4)
    positions = [s for s in playout_positions(rng, 150) if GAME.legal_moves(s)]
    passes = 0
    for state in positions:
        state = GAME.with_turn(state, MAX_TURNS - 1)
        moves = GAME.legal_moves(state)
        passes += is_pass(moves[0])
        successors = {GAME.play(state, move): i for i, move in enumerate(moves)}
        counts = [0] * len(moves)
        for _ in range(200 * len(moves)):
            counts[successors[GAME.random_playout(state, rng.random)]] += 1
        assert looks_uniform(counts), GAME.render(state)
    assert passes >= 3 and len(positions) >= 100


def test_the_uniformity_check_catches_a_skewed_draw():
    """The check above has teeth: drawing a piece first, then one of its moves, fails
    it in most positions where the pieces have different numbers of moves."""
    rng = random.Random(4)
    caught = tried = 0
    for state in playout_positions(rng, 150):
        moves = GAME.legal_moves(state)
        by_piece = {}
        for move in moves:
            by_piece.setdefault(move_from(move), []).append(move)
        if len({len(group) for group in by_piece.values()}) < 2:
            continue
        pieces = list(by_piece.values())
        counts = dict.fromkeys(moves, 0)
        for _ in range(200 * len(moves)):
            counts[rng.choice(rng.choice(pieces))] += 1
        tried += 1
        caught += not looks_uniform(list(counts.values()))
    assert tried >= 50 and caught >= 0.8 * tried


def test_memo_tables_that_fill_change_nothing(monkeypatch):
    """Move lists come from memo tables that retire their entries when full: with
    tiny ones (retired every 40 entries) the rules play the same games."""
    monkeypatch.setattr(rules._MOVES_MEMO, "limit", 40)
    monkeypatch.setattr(rules._REACHED_MEMO, "limit", 40)
    rules.clear_memos()
    rng = random.Random(8)
    plies = 0
    while plies < 3000:
        state = GAME.initial_state(tuple(rng.sample(range(16), 5)))
        old = to_reference(state)
        while GAME.legal_moves(state):
            moves = GAME.legal_moves(state)
            assert sorted(moves) == sorted(OLD.legal_moves(old))
            assert sorted(GAME.noisy_moves(state, moves)) == sorted(OLD.noisy_moves(old, moves))
            move = rng.choice(moves)
            state, old = GAME.play(state, move), OLD.play(old, move)
            plies += 1
            if plies % 500 == 0:
                rules.release_memos()
    rules.clear_memos()


# -- every special rule from both seats ---------------------------------------------------
@pytest.mark.parametrize("player", (0, 1))
def test_pass_from_both_seats(player):
    """A side whose pieces fill its far row with cards that only go sideways or
    forward must pass one of its cards; the other cards move."""
    if player == 0:
        rows = ["Wwwww", ".....", "..B..", ".....", "....."]
    else:
        rows = [".....", ".....", "..W..", ".....", "Bbbbb"]
    hands = ((CRAB, BOAR), (OX, EEL)) if player == 0 else ((OX, EEL), (CRAB, BOAR))
    state = position(rows, hands[0], hands[1], MONKEY, player)
    assert sorted(GAME.legal_moves(state)) == sorted([pass_move(CRAB), pass_move(BOAR)])
    after = GAME.play(state, pass_move(BOAR))
    assert GAME.board_lines(after) == GAME.board_lines(state)
    assert GAME.hands(after)[player] == (CRAB, MONKEY) and GAME.hands(after)[2] == BOAR
    assert GAME.to_move(after) == 1 - player and GAME.outcome(after) is None and GAME.legal_moves(after)
    assert sorted(OLD.legal_moves(to_reference(state))) == sorted(GAME.legal_moves(state))
    # Monkey steps back diagonally: with it the pieces can move, and no pass is legal.
    state = position(rows, *(((MONKEY, BOAR), (OX, EEL)) if player == 0 else ((OX, EEL), (MONKEY, BOAR))),
                     CRAB, player)
    assert GAME.legal_moves(state) and not any(is_pass(m) for m in GAME.legal_moves(state))


@pytest.mark.parametrize("player", (0, 1))
def test_wins_from_both_seats(player):
    """Taking the enemy master and stepping the master onto the enemy shrine win for
    either seat; a student on the enemy shrine does not."""
    def seated(rows, hand, enemy_hand, centre):
        if player == 1:  # the same position turned round, the other seat to move
            rows = ["".join({"W": "B", "w": "b", "B": "W", "b": "w"}.get(c, c) for c in reversed(line))
                    for line in reversed(rows)]
            return position(rows, enemy_hand, hand, centre, 1)
        return position(rows, hand, enemy_hand, centre, 0)

    def square_for(name):  # the square named for player 0, turned round for player 1
        sq = parse_square(name)
        return sq if player == 0 else 24 - sq

    capture = seated(["..B..", "..w..", ".....", ".....", "..W.."], (HORSE, CRAB), (OX, EEL), MONKEY)
    move = make_move(HORSE, square_for("C4"), square_for("C5"))
    assert move in GAME.legal_moves(capture) and move in GAME.noisy_moves(capture, GAME.legal_moves(capture))
    after = GAME.play(capture, move)
    assert GAME.legal_moves(after) == [] and GAME.outcome(after) == -1 and GAME.winner(after) == player
    shrine = seated(["....B", "..W..", ".....", ".....", "....."], (HORSE, CRAB), (OX, EEL), MONKEY)
    move = make_move(HORSE, square_for("C4"), square_for("C5"))
    assert move in GAME.noisy_moves(shrine, GAME.legal_moves(shrine))
    after = GAME.play(shrine, move)
    assert GAME.legal_moves(after) == [] and GAME.outcome(after) == -1 and GAME.winner(after) == player
    student = seated(["....B", "..w..", ".....", ".....", "W...."], (HORSE, CRAB), (OX, EEL), MONKEY)
    move = make_move(HORSE, square_for("C4"), square_for("C5"))
    assert move not in GAME.noisy_moves(student, GAME.legal_moves(student))
    after = GAME.play(student, move)
    assert GAME.legal_moves(after) and GAME.outcome(after) is None and GAME.winner(after) is None


@pytest.mark.parametrize("player", (0, 1))
def test_turn_limit_from_both_seats(player):
    rows = ["B....", ".....", ".....", ".....", "....W"]
    state = position(rows, (HORSE, CRAB), (OX, EEL), MONKEY, player, turn=MAX_TURNS - 1)
    assert GAME.legal_moves(state) and GAME.outcome(state) is None
    after = GAME.play(state, GAME.legal_moves(state)[0])
    assert GAME.turn(after) == MAX_TURNS and GAME.to_move(after) == 1 - player
    assert GAME.legal_moves(after) == [] and GAME.outcome(after) == 0 and GAME.winner(after) is None
    assert GAME.with_turn(after, MAX_TURNS - 1) == GAME.make_state(
        *GAME.pieces(after), GAME.hands(after)[:2], GAME.hands(after)[2], 1 - player, MAX_TURNS - 1)
    assert GAME.legal_moves(GAME.with_turn(after, MAX_TURNS - 1))
