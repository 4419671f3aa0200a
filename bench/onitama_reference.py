"""The previous Onitama rules and evaluations, kept as a reference: the tests' oracle for
games/onitama/rules.py (moves, positions, results, evaluation values) and the baseline of
``python -m bench onitama``. No bot imports it. Same arena rules and move encoding as
games/onitama/rules.py, over a wider state tuple and without memoised tables.

Onitama as refereed on CodinGame ("onitama"), on 25-bit bitboards held in Python ints.

Square ``row * 5 + col``: column A..E is 0..4, row 1..5 is 0..4, so ``A1`` is square 0
and ``E5`` square 24. Player 0 starts on row 1 (master on C1) and moves "up" (+row);
player 1 starts on row 5 (master on C5) and uses every card turned by 180 degrees.

A state is the tuple, seen from the side to move::

    (mine, theirs, my_master, their_master, my_card_a, my_card_b,
     their_card_a, their_card_b, centre, player, turn)

``mine``/``theirs`` hold all pieces of a side (master included), ``*_master`` the
master's single bit (0 once captured). Hands keep the arena's order: the played card
leaves the hand and the old centre card is appended, so the state rebuilt from the
arena's input equals the state our ``play`` produced. ``turn`` counts plies from 0;
after ``MAX_TURNS`` plies the game is a tie. Keeping the board from the mover's side
makes ``play`` one branch-free function for both players.

A move is an int ``card << 10 | from << 5 | to``; a pass is ``card << 10 | PASS << 5 |
PASS``: when no piece can move, the player must pass one of its two cards (it still
goes to the centre in exchange for the centre card). ``legal_moves`` is empty exactly
when the game is over.
"""

from games.onitama import rules

SIZE = 5
SQUARES = SIZE * SIZE
FULL = (1 << SQUARES) - 1
MAX_TURNS = 200
PASS = 31  # the from/to field of a pass move (no square has this index)

# (name, moves as (dx, dy) for player 0, +dy = towards player 1), in the arena's order
# of ids and of vectors (the order the arena prints them in the card lines).
CARDS = (
    ("Eel", ((-1, 1), (-1, -1), (1, 0))),
    ("Crane", ((-1, -1), (0, 1), (1, -1))),
    ("Frog", ((-2, 0), (-1, 1), (1, -1))),
    ("Horse", ((-1, 0), (0, 1), (0, -1))),
    ("Boar", ((-1, 0), (0, 1), (1, 0))),
    ("Rooster", ((-1, -1), (-1, 0), (1, 0), (1, 1))),
    ("Crab", ((-2, 0), (0, 1), (2, 0))),
    ("Ox", ((0, 1), (0, -1), (1, 0))),
    ("Cobra", ((-1, 0), (1, 1), (1, -1))),
    ("Rabbit", ((-1, -1), (1, 1), (2, 0))),
    ("Dragon", ((-2, 1), (-1, -1), (1, -1), (2, 1))),
    ("Monkey", ((-1, 1), (-1, -1), (1, 1), (1, -1))),
    ("Goose", ((-1, 1), (-1, 0), (1, 0), (1, -1))),
    ("Elephant", ((-1, 1), (-1, 0), (1, 1), (1, 0))),
    ("Mantis", ((-1, 1), (0, -1), (1, 1))),
    ("Tiger", ((0, -1), (0, 2))),
)
CARD_COUNT = len(CARDS)

MASTER_START = (2, 22)                     # C1, C5
SHRINE = (1 << 2, 1 << 22)                 # SHRINE[p]: p's own shrine, which the enemy master must reach
START_ROWS = (0b11111, 0b11111 << 20)      # row 1, row 5


def square(col, row):
    return row * SIZE + col


def square_name(sq):
    row, col = divmod(sq, SIZE)
    return "ABCDE"[col] + str(row + 1)


def parse_square(text):
    if len(text) != 2 or text[0] not in "ABCDE" or text[1] not in "12345":
        raise ValueError(f"not an Onitama square: {text!r}")
    return square("ABCDE".index(text[0]), int(text[1]) - 1)


def card_vectors(card, player):
    """The card's (dx, dy) moves as ``player`` uses them (player 1 turns the card)."""
    sign = 1 if player == 0 else -1
    return tuple((sign * dx, sign * dy) for dx, dy in CARDS[card][1])


def make_move(card, frm, to):
    return card << 10 | frm << 5 | to


def pass_move(card):
    return card << 10 | PASS << 5 | PASS


def move_card(move):
    return move >> 10


def move_from(move):
    return (move >> 5) & 31


def move_to(move):
    return move & 31


def is_pass(move):
    return move & 31 == PASS


def _build_tables():
    """Move generation and move application tables, built once at import.

    ``targets[p][card][sq]``: ``(to_bit, move)`` for every move of the card from ``sq``
    that stays on the board. ``pair[p][a << 4 | b][sq]`` joins two cards' targets so the
    generator walks one tuple per piece. ``effects[move]``: ``(card, from_bit | to_bit,
    FULL ^ to_bit, from_bit, to_bit)`` - what ``play`` needs, precomputed.
    """
    effects = [None] * (CARD_COUNT << 10)
    targets = ([], [])
    for player in (0, 1):
        for card in range(CARD_COUNT):
            vectors = card_vectors(card, player)
            per_square = []
            for sq in range(SQUARES):
                row, col = divmod(sq, SIZE)
                here = []
                for dx, dy in vectors:
                    x, y = col + dx, row + dy
                    if 0 <= x < SIZE and 0 <= y < SIZE:
                        to = square(x, y)
                        move = make_move(card, sq, to)
                        here.append((1 << to, move))
                        effects[move] = (card, (1 << sq) | (1 << to), FULL ^ (1 << to), 1 << sq, 1 << to)
                per_square.append(tuple(here))
            targets[player].append(tuple(per_square))
    for card in range(CARD_COUNT):
        effects[pass_move(card)] = (card, 0, FULL, 0, 0)
    pair = tuple(
        tuple(tuple(targets[p][a][sq] + targets[p][b][sq] for sq in range(SQUARES))
              if a != b else None
              for a in range(CARD_COUNT) for b in range(CARD_COUNT))
        for p in (0, 1))
    return targets, pair, effects


TARGETS, PAIR_TARGETS, EFFECTS = _build_tables()


class Onitama:
    """The arena's rules of Onitama."""

    name = "onitama"
    max_turns = MAX_TURNS

    # -- state -------------------------------------------------------------------------
    def initial_state(self, cards=(0, 1, 2, 3, 4)):
        """Start position; ``cards`` = (player 0's two, player 1's two, centre)."""
        a, b, oa, ob, centre = cards
        if len(set(cards)) != 5 or not all(0 <= c < CARD_COUNT for c in cards):
            raise ValueError(f"need 5 distinct card ids 0..{CARD_COUNT - 1}, got {cards}")
        return (START_ROWS[0], START_ROWS[1], 1 << MASTER_START[0], 1 << MASTER_START[1],
                a, b, oa, ob, centre, 0, 0)

    def make_state(self, pieces, masters, hands, centre, player, turn=0):
        """A state from absolute terms: ``pieces``/``masters`` are (player 0's, player
        1's) bitboards (pieces include the master), ``hands`` the two players' card pairs."""
        if player == 0:
            return (pieces[0], pieces[1], masters[0], masters[1], *hands[0], *hands[1], centre, 0, turn)
        return (pieces[1], pieces[0], masters[1], masters[0], *hands[1], *hands[0], centre, 1, turn)

    def to_move(self, state):
        return state[9]

    def turn(self, state):
        return state[10]

    def pieces(self, state):
        """((player 0's pieces, player 1's pieces), (player 0's master, player 1's master))."""
        mine, theirs, my_master, their_master = state[:4]
        if state[9] == 0:
            return (mine, theirs), (my_master, their_master)
        return (theirs, mine), (their_master, my_master)

    def hands(self, state):
        """((player 0's cards), (player 1's cards), centre card), hands in arena order."""
        mine, theirs = (state[4], state[5]), (state[6], state[7])
        if state[9] == 0:
            return mine, theirs, state[8]
        return theirs, mine, state[8]

    # -- moves ---------------------------------------------------------------------------
    def legal_moves(self, state):
        mine, _, my_master, their_master, a, b, _, _, _, player, turn = state
        if not my_master or their_master & SHRINE[player] or turn >= MAX_TURNS:
            return []
        table = PAIR_TARGETS[player][a << 4 | b]
        moves = []
        rest = mine
        while rest:
            low = rest & -rest
            rest ^= low
            for to_bit, move in table[low.bit_length() - 1]:
                if not to_bit & mine:
                    moves.append(move)
        if moves:
            return moves
        return [a << 10 | PASS << 5 | PASS, b << 10 | PASS << 5 | PASS]

    def noisy_moves(self, state, moves):
        """The moves among ``moves`` that change the game at once: captures (the master
        too, which wins) and the master's step onto the enemy shrine (which wins).
        Alpha-beta's quiescence search plays these beyond its depth limit."""
        theirs, my_master, player = state[1], state[2], state[9]
        shrine = SHRINE[1 - player]
        noisy = []
        for move in moves:
            from_bit, to_bit = EFFECTS[move][3:]
            if to_bit & theirs or (from_bit == my_master and to_bit == shrine):
                noisy.append(move)
        return noisy

    def play(self, state, move):
        mine, theirs, my_master, their_master, a, b, their_a, their_b, centre, player, turn = state
        card, from_to, not_to, from_bit, to_bit = EFFECTS[move]
        # The next mover's view: their pieces lose whatever stood on the target square.
        return (theirs & not_to, mine ^ from_to, their_master & not_to,
                to_bit if my_master == from_bit else my_master,
                their_a, their_b, b if card == a else a, centre, card, 1 - player, turn + 1)

    # -- result --------------------------------------------------------------------------
    def winner(self, state):
        """0 or 1 once a master is taken or a master stands on the enemy shrine, else None."""
        _, _, my_master, their_master, _, _, _, _, _, player, _ = state
        if not my_master or their_master & SHRINE[player]:
            return 1 - player
        return None

    def outcome(self, state):
        """+1/0/-1 for the side to move once the game is over, else None.

        Only the player who just moved can have won, so a finished game with a winner is
        always a loss for the side to move; the turn limit is checked after the win, as
        the arena checks the winner after every move and the turn count before the next.
        """
        if self.winner(state) is not None:
            return -1
        if state[10] >= MAX_TURNS:
            return 0
        return None

    # -- names: the arena's spelling and the board's lines, as the rules give them (the
    # same move encoding; pieces, hands, turn and to_move read this module's states) ---
    move_name = rules.Onitama.move_name
    parse_move = rules.Onitama.parse_move
    board_lines = rules.Onitama.board_lines
    render = rules.Onitama.render


# -- the previous evaluations, over this module's states ------------------------------------
import math  # noqa: E402


def _attack_tables():
    """REACH[p][card][sq]: bitboard of the squares the card reaches from sq for player p."""
    reach = ([], [])
    for player in (0, 1):
        for card in range(CARD_COUNT):
            per_square = []
            for sq in range(SQUARES):
                row, col = divmod(sq, SIZE)
                mask = 0
                for dx, dy in card_vectors(card, player):
                    x, y = col + dx, row + dy
                    if 0 <= x < SIZE and 0 <= y < SIZE:
                        mask |= 1 << (y * SIZE + x)
                per_square.append(mask)
            reach[player].append(tuple(per_square))
    return reach


REACH = _attack_tables()
STEPS_TO = tuple(
    tuple(max(abs(sq // SIZE - target // SIZE), abs(sq % SIZE - target % SIZE)) for target in (22, 2))
    for sq in range(SQUARES))


def make_handcrafted_evaluator(game, material=1.0, threat=2.0, danger=0.6, shrine=0.3, mobility=0.5):
    """The previous games/onitama/evaluation.py (its WEIGHTS as defaults)."""
    w_material, w_threat, w_danger, w_shrine, w_mobility = material, threat, danger, shrine, mobility
    reach, steps_to, tanh = REACH, STEPS_TO, math.tanh

    def side_reach(pieces, own, table_a, table_b):
        attacked = 0
        moves = 0
        rest = pieces
        while rest:
            low = rest & -rest
            rest ^= low
            sq = low.bit_length() - 1
            ta = table_a[sq] & ~own
            tb = table_b[sq] & ~own
            attacked |= ta | tb
            moves += ta.bit_count() + tb.bit_count()
        return attacked, moves

    def evaluate(state):
        mine, theirs, my_master, their_master, a, b, their_a, their_b, _, player, _ = state
        enemy = 1 - player
        my_table = reach[player]
        their_table = reach[enemy]
        my_attacks, my_moves = side_reach(mine, mine, my_table[a], my_table[b])
        their_attacks, their_moves = side_reach(theirs, theirs, their_table[their_a], their_table[their_b])
        my_sq = my_master.bit_length() - 1
        their_sq = their_master.bit_length() - 1
        master_reach = my_table[a][my_sq] | my_table[b][my_sq]
        their_master_reach = their_table[their_a][their_sq] | their_table[their_b][their_sq]
        threat = 1.0 if (my_attacks & their_master or master_reach & SHRINE[enemy] & ~mine) else 0.0
        danger = 1.0 if (their_attacks & my_master or their_master_reach & SHRINE[player] & ~theirs) else 0.0
        material = (mine.bit_count() - theirs.bit_count()) / 4
        race = (steps_to[their_sq][enemy] - steps_to[my_sq][player]) / 4
        mobility = (my_moves - their_moves) / (my_moves + their_moves + 1)
        return tanh(w_material * material + w_threat * threat - w_danger * danger
                    + w_shrine * race + w_mobility * mobility)

    return evaluate


def make_learned_evaluator(game, weights=None):
    """The previous games/onitama/learned.py evaluator (same features and weights)."""
    from games.onitama.learned import (CLASS_OF, MY_CARD, MY_MASTER, MY_STUDENT, TEMPO,
                                       THEIR_CARD, THEIR_MASTER, THEIR_STUDENT, THREAT)
    if weights is None:
        from games.onitama.learned_weights import WEIGHTS as weights
    half = [w / 2 for w in weights]
    square_weights = tuple(
        tuple(tuple(half[first + CLASS_OF[owner][sq]] for sq in range(SQUARES))
              for first, owner in ((MY_STUDENT, player), (MY_MASTER, player),
                                   (THEIR_STUDENT, 1 - player), (THEIR_MASTER, 1 - player)))
        for player in (0, 1))
    my_card, their_card = half[MY_CARD:THEIR_CARD], half[THEIR_CARD:TEMPO]
    w_threat, w_danger, w_my_moves, w_their_moves, w_my_hanging, w_their_hanging = half[THREAT:MY_CARD]
    tempo = half[TEMPO]
    reach, shrine, tanh = REACH, SHRINE, math.tanh

    def side(pieces, master, table_a, table_b, student_weights, master_weights):
        attacked = covered = moves = 0
        total = 0.0
        rest = pieces
        while rest:
            low = rest & -rest
            rest ^= low
            sq = low.bit_length() - 1
            total += master_weights[sq] if low == master else student_weights[sq]
            ta, tb = table_a[sq], table_b[sq]
            covered |= ta | tb
            attacked |= (ta | tb) & ~pieces
            moves += (ta & ~pieces).bit_count() + (tb & ~pieces).bit_count()
        return attacked, covered, moves, total

    def evaluate(state):
        mine, theirs, my_master, their_master, a, b, their_a, their_b, _, player, _ = state
        enemy = 1 - player
        my_student_w, my_master_w, their_student_w, their_master_w = square_weights[player]
        my_table, their_table = reach[player], reach[enemy]
        ta, tb = my_table[a], my_table[b]
        oa, ob = their_table[their_a], their_table[their_b]
        my_attacks, my_cover, my_moves, my_sum = side(mine, my_master, ta, tb, my_student_w, my_master_w)
        their_attacks, their_cover, their_moves, their_sum = side(
            theirs, their_master, oa, ob, their_student_w, their_master_w)
        my_sq, their_sq = my_master.bit_length() - 1, their_master.bit_length() - 1
        total = (tempo + my_sum + their_sum + my_card[a] + my_card[b]
                 + their_card[their_a] + their_card[their_b]
                 + w_my_moves * my_moves + w_their_moves * their_moves
                 + w_my_hanging * (mine & ~my_master & their_attacks & ~my_cover).bit_count()
                 + w_their_hanging * (theirs & ~their_master & my_attacks & ~their_cover).bit_count())
        if my_attacks & their_master or (ta[my_sq] | tb[my_sq]) & shrine[enemy] & ~mine:
            total += w_threat
        if their_attacks & my_master or (oa[their_sq] | ob[their_sq]) & shrine[player] & ~theirs:
            total += w_danger
        return tanh(total)

    return evaluate
