"""Onitama as refereed on CodinGame ("onitama"): 25-bit bitboards in Python ints, each
piece's moves under a card looked up by the own pieces on the squares it reaches,
memoised move lists.

Square ``row * 5 + col``: column A..E is 0..4, row 1..5 is 0..4, so ``A1`` is square 0
and ``E5`` square 24. Player 0 starts on row 1 (master on C1) and moves "up" (+row);
player 1 starts on row 5 (master on C5) and uses every card turned by 180 degrees.

A state is the tuple, seen from the side to move::

    (mine, theirs, my_master, their_master, my_hand, their_hand, centre, turn)

``mine``/``theirs`` hold all pieces of a side (master included), ``*_master`` the
master's single bit (0 once captured). A *hand* packs a side's two cards and its seat
into one small int, ``card_a | card_b << 4 | seat << 8``: what that side's moves
depend on besides its pieces, and the index of the memo tables here and in the
evaluations. Hands keep the arena's order: the played card leaves the hand and the old
centre card is appended, so the state rebuilt from the arena's input equals the state
our ``play`` produced. ``turn`` counts plies from 0; after ``MAX_TURNS`` plies the game
is a tie. Keeping the board from the mover's side makes ``play`` one branch-free
function for both players, and every int of a state fits a machine word (CPython's
fast path).

A move is an int ``card << 10 | from << 5 | to``; a pass is ``card << 10 | PASS << 5 |
PASS``: when no piece can move, the player must pass one of its two cards (it still
goes to the centre in exchange for the centre card). ``legal_moves`` is empty exactly
when the game is over. The move lists are memoised by the mover's pieces and hand
(most positions of a search share their mover's side with a sibling); the memo tables
are bounded and start afresh when full.

bench/onitama_reference.py keeps the previous rules (the hands unpacked, moves found
target by target), which the tests hold these to.
"""

import weakref

from games.errors import GameError

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

SEAT_SHIFT = 8                             # a hand: card_a | card_b << 4 | seat << 8
MEMO_SIZE = 60_000                         # entries of a memo at most (see Memo)
RELEASE_SIZE = 10_000                      # retired entries a memo frees between turns (about 1 ms)


def square(col, row):
    return row * SIZE + col


def square_name(sq):
    row, col = divmod(sq, SIZE)
    return "ABCDE"[col] + str(row + 1)


def parse_square(text):
    if len(text) != 2 or text[0] not in "ABCDE" or text[1] not in "12345":
        raise GameError(f"not an Onitama square: {text!r}")
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


def make_hand(cards, seat):
    """The packed hand of ``seat`` holding ``cards`` (two ids, in hand order)."""
    return cards[0] | cards[1] << 4 | seat << SEAT_SHIFT


def hand_cards(hand):
    """The two cards of a packed hand, in hand order."""
    return hand & 15, hand >> 4 & 15


def _build_tables():
    """The tables, built once at import.

    ``REACH[p][card][sq]``: the squares the card reaches from ``sq`` for player ``p``.
    ``TARGETS[p][card][sq]``: ``(to_bit, move)`` for each of those, in the card's order.
    ``EFFECTS[move]``: what ``play`` needs, ``(card << 9, from_bit | to_bit, FULL ^
    to_bit, from_bit, to_bit)``. ``KEPT[card << 9 | hand]``: the hand after ``card``
    left it, before the centre card joins (the card kept, first, and the seat).
    """
    reach = ([], [])
    targets = ([], [])
    effects = [None] * (CARD_COUNT << 10)
    for player in (0, 1):
        for card in range(CARD_COUNT):
            vectors = card_vectors(card, player)
            per_square_reach, per_square_targets = [], []
            for sq in range(SQUARES):
                row, col = divmod(sq, SIZE)
                mask, here = 0, []
                for dx, dy in vectors:
                    x, y = col + dx, row + dy
                    if 0 <= x < SIZE and 0 <= y < SIZE:
                        to = square(x, y)
                        move = make_move(card, sq, to)
                        mask |= 1 << to
                        here.append((1 << to, move))
                        effects[move] = (card << 9, 1 << sq | 1 << to, FULL ^ 1 << to, 1 << sq, 1 << to)
                per_square_reach.append(mask)
                per_square_targets.append(tuple(here))
            reach[player].append(tuple(per_square_reach))
            targets[player].append(tuple(per_square_targets))
    for card in range(CARD_COUNT):
        effects[pass_move(card)] = (card << 9, 0, FULL, 0, 0)
    kept = [0] * (CARD_COUNT << 9)
    for card in range(CARD_COUNT):
        for hand in range(512):
            a, b = hand_cards(hand)
            if card in (a, b) and a != b:
                kept[card << 9 | hand] = (b if card == a else a) | (hand & 1 << SEAT_SHIFT)
    return reach, targets, tuple(effects), tuple(kept)


REACH, TARGETS, EFFECTS, KEPT = _build_tables()
ENEMY_SHRINE = (SHRINE[1], SHRINE[0])  # by seat: the square its master wins on
# MASTER_STEPS[hand][sq]: the enemy shrine's bit if a master on ``sq`` reaches it with
# one of the hand's cards (where no own piece stands, it wins at once), else 0.
MASTER_STEPS = tuple(
    tuple((REACH[hand >> 8][hand & 15][sq] | REACH[hand >> 8][hand >> 4 & 15][sq]) & ENEMY_SHRINE[hand >> 8]
          for sq in range(SQUARES))
    for hand in range(512))
TO_BIT = tuple([effect[4] if effect else 0 for effect in EFFECTS])   # by move: its target's bit
FROM_TO = tuple([effect[1] if effect else 0 for effect in EFFECTS])  # by move: its from and to bits



def _squares_of(first, count):
    """For every int below 2**count: the squares ``first + i`` of its set bits i, in
    increasing order."""
    found = [()]
    for sq in range(first, first + count):
        found += [squares + (sq,) for squares in found]
    return tuple(found)


# The squares of a board's set bits, increasing: SQUARES_LOW[board & 0x1FFF] +
# SQUARES_HIGH[board >> 13].
SQUARES_LOW, SQUARES_HIGH = _squares_of(0, 13), _squares_of(13, 12)


def _card_tables():
    """CARD_TABLES[p][card]: ``(masks, moves)``, ``masks[sq]`` the squares the card
    reaches from ``sq`` for player ``p`` and ``moves[sq][own pieces & masks[sq]]`` the
    tuple of the card's moves from there (in its order of vectors) that own pieces do
    not block: a dict of at most 16 entries per square, 4,712 in all."""
    tables = ([], [])
    for seat in (0, 1):
        for card in range(CARD_COUNT):
            masks, by_blockers = REACH[seat][card], []
            for sq in range(SQUARES):
                targets, mask = TARGETS[seat][card][sq], masks[sq]
                table = {}
                blockers = 0
                while True:  # every subset of mask
                    table[blockers] = tuple(move for to_bit, move in targets if not to_bit & blockers)
                    if blockers == mask:
                        break
                    blockers = (blockers - mask) & mask
                by_blockers.append(table)
            tables[seat].append((masks, tuple(by_blockers)))
    return tables


def twin(hand):
    """The same hand with its two cards in the other order."""
    return (hand & 15) << 4 | (hand >> 4 & 15) | (hand & 1 << SEAT_SHIFT)


CARD_TABLES = _card_tables()
# HAND_TABLES[hand]: the tables of its two cards, ``masks_a, moves_a, masks_b, moves_b``.
HAND_TABLES = tuple(CARD_TABLES[hand >> SEAT_SHIFT][hand & 15] + CARD_TABLES[hand >> SEAT_SHIFT][hand >> 4 & 15]
                    for hand in range(2 << SEAT_SHIFT))


def generate_moves(pieces, hand):
    """The legal moves of the side with ``pieces`` and ``hand`` when it is to move and
    the game is on, as a new list: piece by piece (from square 0 up), each piece's
    moves under its first card, then under its second (the previous rules' order, so
    random games and the positions tests draw from them stay the same); the two
    passes (hand order) when no piece can move."""
    masks_a, moves_a, masks_b, moves_b = HAND_TABLES[hand]
    moves = []
    for sq in SQUARES_LOW[pieces & 0x1FFF] + SQUARES_HIGH[pieces >> 13]:
        moves += moves_a[sq][pieces & masks_a[sq]]
        moves += moves_b[sq][pieces & masks_b[sq]]
    if not moves:
        moves = [pass_move(hand & 15), pass_move(hand >> 4 & 15)]
    return moves


def _fresh_tables(twins):
    """512 empty dicts, one per hand; the two orders of a hand share one if ``twins``."""
    tables = [None] * (2 << SEAT_SHIFT)
    for hand in range(2 << SEAT_SHIFT):
        shared = tables[twin(hand)] if twins else None
        tables[hand] = {} if shared is None else shared
    return tables


class Memo:
    """Memo tables by hand (``tables[hand]``, a dict each; with ``twins``, one shared
    by the two orders of the hand's cards, for what does not depend on their order)
    whose entries together stay under ``limit``. When full they are retired whole and
    fresh ones begin. Freeing many entries takes milliseconds, so retired tables are
    freed a few thousand entries at a time by ``release`` (the bot calls
    ``release_memos`` after each answer, while the other side thinks), or all at once
    at the next retirement. ``tables`` is the same list for the memo's whole life (its
    dicts change), so hot code may keep a reference to it."""

    __slots__ = ("tables", "twins", "entries", "limit", "retired", "__weakref__")

    def __init__(self, limit=None, twins=True):
        self.twins = twins
        self.tables = _fresh_tables(twins)
        self.entries = 0
        self.limit = MEMO_SIZE if limit is None else limit
        self.retired = []
        MEMOS.add(self)

    def added(self):
        """Counts one new entry; retires the tables when they are full."""
        self.entries += 1
        if self.entries >= self.limit:
            self.retired = [table for table in self.tables if table]  # the previous ones are freed here
            self.tables[:] = _fresh_tables(self.twins)
            self.entries = 0

    def release(self, entries=RELEASE_SIZE):
        """Frees retired tables, about ``entries`` entries at most."""
        retired = self.retired
        while retired and entries > 0:
            table = retired.pop()
            entries -= len(table)
            table.clear()

    def clear(self):
        self.tables[:] = _fresh_tables(self.twins)
        self.entries = 0
        self.retired = []


MEMOS = weakref.WeakSet()  # every Memo alive (the evaluations have theirs)


def release_memos(entries=RELEASE_SIZE):
    """Frees retired memo tables, about ``entries`` entries of each memo at most (the
    bot calls it after each answer)."""
    for memo in list(MEMOS):
        memo.release(entries)


def clear_memos():
    """Empties every memo (for benchmarks of a cold start)."""
    for memo in list(MEMOS):
        memo.clear()


# What each side (pieces, hand) can do, by hand and pieces: MOVES[hand][pieces] its
# legal moves when it is to move (a tuple, as ``generate_moves`` orders them),
# REACHED[hand][pieces] the squares without own pieces that they reach.
_MOVES_MEMO, _REACHED_MEMO = Memo(twins=False), Memo()
MOVES, REACHED = _MOVES_MEMO.tables, _REACHED_MEMO.tables


def side_moves(pieces, hand):
    """``generate_moves(pieces, hand)`` as a tuple, memoised: a search asks again for
    most sides (siblings share one). Random playouts, which seldom ask again, draw
    their moves without the list (``random_playout``)."""
    moves = tuple(generate_moves(pieces, hand))
    MOVES[hand][pieces] = moves
    _MOVES_MEMO.added()
    return moves


def side_reach(pieces, hand):
    """``(covered, moves)``: the squares the pieces ``pieces`` of the side holding
    ``hand`` reach (own pieces included), and the number of their moves."""
    masks_a, _, masks_b, _ = HAND_TABLES[hand]
    covered = count = 0
    free = ~pieces
    for sq in SQUARES_LOW[pieces & 0x1FFF] + SQUARES_HIGH[pieces >> 13]:
        mask_a, mask_b = masks_a[sq], masks_b[sq]
        covered |= mask_a | mask_b
        count += (mask_a & free).bit_count() + (mask_b & free).bit_count()
    return covered, count


def side_reached(pieces, hand):
    """The squares without own pieces that the side's moves reach, memoised."""
    reached = side_reach(pieces, hand)[0] & ~pieces
    REACHED[hand][pieces] = reached
    _REACHED_MEMO.added()
    return reached


def reached_by(pieces, hand):
    """``side_reached``, looked up in its memo first (the hottest callers inline this)."""
    reached = REACHED[hand].get(pieces)
    return side_reached(pieces, hand) if reached is None else reached


# -- the hot functions: pure functions of the state, shared by every Onitama object ---
def legal_moves(state):
    """A tuple (a new list when the game is over, empty)."""
    mine, _, my_master, their_master, hand, _, _, turn = state
    if not my_master or their_master & SHRINE[hand >> 8] or turn >= MAX_TURNS:
        return []
    moves = MOVES[hand].get(mine)
    if moves is None:
        moves = side_moves(mine, hand)
    return moves


def play(state, move):
    mine, theirs, my_master, their_master, hand, their_hand, centre, turn = state
    card9, from_to, not_to, from_bit, to_bit = EFFECTS[move]
    # The next mover's view: their pieces lose whatever stood on the target square; our
    # hand keeps the card not played and appends the old centre card.
    return (theirs & not_to, mine ^ from_to, their_master & not_to,
            to_bit if my_master == from_bit else my_master,
            their_hand, KEPT[hand | card9] | centre << 4, card9 >> 9, turn + 1)


# Random playouts draw a move without listing the moves: a slot (one of the mover's
# pieces, one vector of one of its two cards) drawn uniformly is kept if it lands on the
# board on no own piece, else drawn again. Each legal move has exactly one slot, so the
# move kept is uniform over the legal moves; after DRAWS tries (a side with few moves, or
# none: a pass) the move is drawn from the list instead.
DRAWS = 16
OFF_BOARD = (0, 0, FULL, 0, FULL)  # a slot's effect past the board edge: its target meets every side
_SLOTS = []  # _SLOTS[0][hand] once built (by the first playout): see _slot_tables


def _slot_tables():
    """By hand: ``(width, rows)``, ``width`` the two cards' vectors together and
    ``rows[sq]`` the effects (as ``EFFECTS``) of a piece's moves from ``sq``, one slot
    per vector, ``OFF_BOARD`` where it leaves the board."""
    if not _SLOTS:
        tables = [None] * (2 << SEAT_SHIFT)
        for hand in range(2 << SEAT_SHIFT):
            a, b, seat = hand & 15, hand >> 4 & 15, hand >> SEAT_SHIFT
            if a == b:
                continue
            rows = []
            for sq in range(SQUARES):
                row = []
                for card in (a, b):
                    row += [EFFECTS[move] for _, move in TARGETS[seat][card][sq]]
                    row += [OFF_BOARD] * (len(CARDS[card][1]) - len(TARGETS[seat][card][sq]))
                rows.append(tuple(row))
            tables[hand] = (len(rows[0]), tuple(rows))
        _SLOTS.append(tuple(tables))
    return _SLOTS[0]


def _redraw(mine, hand, random, squares, width, rows):
    """The effect of a uniformly drawn legal move of the side (``mine``, ``hand``),
    whose first slot drawn was rejected; ``squares`` are its pieces' squares."""
    total = len(squares) * width
    for _ in range(DRAWS - 1):
        r = int(random() * total)
        effect = rows[squares[r // width]][r % width]
        if not effect[4] & mine:
            return effect
    moves = generate_moves(mine, hand)
    return EFFECTS[moves[int(random() * len(moves))]]


def random_playout(state, random):
    """The final state of the game continued with uniformly random moves (drawn as the
    notes above say, not as ``moves[int(random() * len(moves))]``): ``legal_moves`` and
    ``play`` inlined."""
    mine, theirs, my_master, their_master, hand, their_hand, centre, turn = state
    kept, shrine, slots = KEPT, SHRINE, _slot_tables()
    squares_low, squares_high = SQUARES_LOW, SQUARES_HIGH
    while my_master and not their_master & shrine[hand >> 8] and turn < MAX_TURNS:
        width, rows = slots[hand]
        squares = squares_low[mine & 0x1FFF] + squares_high[mine >> 13]
        r = int(random() * (len(squares) * width))
        card9, from_to, not_to, from_bit, to_bit = rows[squares[r // width]][r % width]
        if to_bit & mine:
            card9, from_to, not_to, from_bit, to_bit = _redraw(mine, hand, random, squares, width, rows)
        if my_master == from_bit:
            my_master = to_bit
        # play(), field by field (pairs swap without building a tuple)
        mine, theirs = theirs & not_to, mine ^ from_to
        my_master, their_master = their_master & not_to, my_master
        hand, their_hand = their_hand, kept[hand | card9] | centre << 4
        centre = card9 >> 9
        turn += 1
    return mine, theirs, my_master, their_master, hand, their_hand, centre, turn


def outcome(state):
    """+1/0/-1 for the side to move once the game is over, else None.

    Only the player who just moved can have won, so a finished game with a winner is
    always a loss for the side to move; the turn limit is checked after the win, as
    the arena checks the winner after every move and the turn count before the next.
    """
    if not state[2] or state[3] & SHRINE[state[4] >> 8]:
        return -1
    if state[7] >= MAX_TURNS:
        return 0
    return None


def limit_reached(state):
    """Whether the finished game ``state`` ended only because the turn limit cut it: a
    draw, the one result the limit gives (a win on the last turn is a win)."""
    return outcome(state) == 0


def noisy_moves(state, moves):
    """The moves among ``moves`` that change the game at once: captures (the master
    too, which wins) and the master's step onto the enemy shrine (which wins), the
    winning ones first, the others in the order of ``moves``. Alpha-beta's quiescence
    search plays these beyond its depth limit, and with ``noisy_first`` its search
    tries them early: a win found first ends the node at once."""
    mine, theirs, my_master, their_master, hand, _, _, _ = state
    reached = REACHED[hand].get(mine)
    if reached is None:
        reached = side_reached(mine, hand)
    shrine = reached & ENEMY_SHRINE[hand >> 8]
    # the master's step onto the enemy shrine as a move's from and to bits (-1: none)
    master_step = my_master | shrine if shrine and MASTER_STEPS[hand][my_master.bit_length() - 1] & shrine else -1
    to_bit = TO_BIT
    if master_step > 0 or reached & their_master:
        from_to = FROM_TO
        wins = [move for move in moves if to_bit[move] & their_master or from_to[move] == master_step]
        return wins + [move for move in moves if to_bit[move] & theirs and move not in wins]
    if reached & theirs:
        return [move for move in moves if to_bit[move] & theirs]
    return []


def winning_moves(state, moves):
    """The moves among ``moves`` (the legal moves of ``state``, a game on) that win at
    once: the enemy master taken, or the own master's step onto the enemy shrine. The
    forced-line search (engines/forced.py) asks it at every node."""
    mine, _, my_master, their_master, hand, _, _, _ = state
    reached = reached_by(mine, hand)
    shrine = reached & ENEMY_SHRINE[hand >> 8] & MASTER_STEPS[hand][my_master.bit_length() - 1]
    if not (reached & their_master or shrine):
        return []
    master_step = my_master | shrine if shrine else -1
    to_bit, from_to = TO_BIT, FROM_TO
    return [move for move in moves if to_bit[move] & their_master or from_to[move] == master_step]


def threatened(state):
    """Whether the side to move of a game on would lose at once if it could pass: the
    other side's pieces, with the other side's cards (which do not change before it
    moves), reach its master, or the other master reaches its shrine. Moves jump, so
    only taking the attacker, moving the master away or winning first answers it."""
    _, theirs, my_master, their_master, hand, their_hand, _, _ = state
    reached = reached_by(theirs, their_hand)
    return bool(reached & my_master
                or reached & SHRINE[hand >> 8] & MASTER_STEPS[their_hand][their_master.bit_length() - 1])


def parrying_moves(state, moves):
    """The moves among ``moves`` (the legal moves of ``state``, a game on) after which
    the other side cannot win at once: those that win, and those that leave the master
    on a square the other side does not reach while its master does not reach the
    shrine (its pieces and cards stay as they are, but for the piece taken). Where the
    side to move is ``threatened``, alpha-beta+'s ``parries`` searches only these."""
    mine, theirs, my_master, their_master, hand, their_hand, _, turn = state
    if turn + 1 >= MAX_TURNS:
        return list(moves)  # the turn limit ends the game before the other side moves
    wins = winning_moves(state, moves)
    steps = MASTER_STEPS[their_hand][their_master.bit_length() - 1] & SHRINE[hand >> 8]
    reached = reached_by(theirs, their_hand)
    shrine_threat = bool(reached & steps)
    kept = []
    for move in moves:
        to_bit = TO_BIT[move]
        if move in wins:
            kept.append(move)
            continue
        if to_bit & theirs:  # a capture: the other side's reach without the piece taken
            rest = theirs & ~to_bit
            after = reached_by(rest, their_hand)
            threat = bool(after & steps)
        elif shrine_threat:
            continue
        else:
            after, threat = reached, False
        master = to_bit if FROM_TO[move] & my_master else my_master
        if not (threat or after & master):
            kept.append(move)
    return kept


class Onitama:
    """The arena's rules of Onitama. The hot methods are the module's functions (no
    ``self``): every Onitama object plays the same rules and shares the memo tables."""

    name = "onitama"
    max_turns = MAX_TURNS
    max_plies = MAX_TURNS
    limit_reached = staticmethod(limit_reached)

    legal_moves = staticmethod(legal_moves)
    play = staticmethod(play)
    outcome = staticmethod(outcome)
    noisy_moves = staticmethod(noisy_moves)
    winning_moves = staticmethod(winning_moves)
    threatened = staticmethod(threatened)
    parrying_moves = staticmethod(parrying_moves)
    random_playout = staticmethod(random_playout)

    # -- state -------------------------------------------------------------------------
    def initial_state(self, cards=(0, 1, 2, 3, 4)):
        """Start position; ``cards`` = (player 0's two, player 1's two, centre)."""
        a, b, oa, ob, centre = cards
        if len(set(cards)) != 5 or not all(0 <= c < CARD_COUNT for c in cards):
            raise GameError(f"need 5 distinct card ids 0..{CARD_COUNT - 1}, got {cards}")
        return (START_ROWS[0], START_ROWS[1], 1 << MASTER_START[0], 1 << MASTER_START[1],
                make_hand((a, b), 0), make_hand((oa, ob), 1), centre, 0)

    def make_state(self, pieces, masters, hands, centre, player, turn=0):
        """A state from absolute terms: ``pieces``/``masters`` are (player 0's, player
        1's) bitboards (pieces include the master), ``hands`` the two players' card pairs."""
        other = 1 - player
        return (pieces[player], pieces[other], masters[player], masters[other],
                make_hand(hands[player], player), make_hand(hands[other], other), centre, turn)

    def with_turn(self, state, turn):
        """The same position at ply ``turn``."""
        return state[:7] + (turn,)

    def to_move(self, state):
        return state[4] >> SEAT_SHIFT

    def turn(self, state):
        return state[7]

    def pieces(self, state):
        """((player 0's pieces, player 1's pieces), (player 0's master, player 1's master))."""
        mine, theirs, my_master, their_master = state[:4]
        if state[4] >> SEAT_SHIFT == 0:
            return (mine, theirs), (my_master, their_master)
        return (theirs, mine), (their_master, my_master)

    def hands(self, state):
        """((player 0's cards), (player 1's cards), centre card), hands in arena order."""
        mine, theirs = hand_cards(state[4]), hand_cards(state[5])
        if state[4] >> SEAT_SHIFT == 0:
            return mine, theirs, state[6]
        return theirs, mine, state[6]

    # -- result --------------------------------------------------------------------------
    def winner(self, state):
        """0 or 1 once a master is taken or a master stands on the enemy shrine, else None."""
        if not state[2] or state[3] & SHRINE[state[4] >> 8]:
            return state[5] >> SEAT_SHIFT
        return None

    # -- names ---------------------------------------------------------------------------
    def move_name(self, move):
        """The arena's spelling: ``"cardId A1B2"`` or ``"cardId PASS"``."""
        card = move >> 10
        if move & 31 == PASS:
            return f"{card} PASS"
        return f"{card} {square_name(move_from(move))}{square_name(move_to(move))}"

    def parse_move(self, text):
        """Inverse of ``move_name`` (any case, any whitespace between the two parts)."""
        parts = text.split()
        if len(parts) != 2 or not parts[0].isdigit() or not parts[0].isascii():
            raise GameError(f"not an Onitama move: {text!r}")
        card = int(parts[0])
        if card >= CARD_COUNT:
            raise GameError(f"no card with id {card}: {text!r}")
        action = parts[1].upper()
        if action == "PASS":
            return pass_move(card)
        if len(action) != 4:
            raise GameError(f"not an Onitama move: {text!r}")
        return make_move(card, parse_square(action[:2]), parse_square(action[2:]))

    def board_lines(self, state):
        """The arena's 5 board lines, row 5 first: W/w player 0, B/b player 1, '.' empty."""
        (white, black), (white_master, black_master) = self.pieces(state)
        lines = []
        for row in range(SIZE - 1, -1, -1):
            line = ""
            for col in range(SIZE):
                bit = 1 << square(col, row)
                if bit & white:
                    line += "W" if bit & white_master else "w"
                elif bit & black:
                    line += "B" if bit & black_master else "b"
                else:
                    line += "."
            lines.append(line)
        return lines

    def render(self, state):
        hand0, hand1, centre = self.hands(state)
        names = lambda cards: "+".join(f"{CARDS[c][0]}({c})" for c in cards)
        return self.board_lines(state) + [
            f"player 0: {names(hand0)}  player 1: {names(hand1)}  centre: {names([centre])}",
            f"turn {self.turn(state)}, player {self.to_move(state)} to move"]
