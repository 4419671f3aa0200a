"""An N-tuple network evaluation for Onitama.

The value of a position is ``tanh(STEP * total / 2)`` = 2 P(the side to move wins) - 1,
``total`` being an integer: a bias plus, for every table, the weights of the entries the
position reads in it. Everything is seen from the side to move: the board turned by 180
degrees when the second player moves (its cards turn with it, so a card means the same
moves on both seats), the cells holding 0 (empty), 1 (a student of the side to move), 2
(its master), 3 (an opponent's student) or 4 (the opponent's master); ``mover`` and
``other`` name the two sides' *roles*.

Tables (``TABLES``; a weights module names those it holds, the others count 0):

- ``row0``..``row4``: a row's five cells (row 0 the mover's home row), digit j = column j;
- ``colC``: the centre file's five cells, from the mover's home row up;
- ``cardmaster``, ``cardstudent``: (role, card, square) of each side's master, and of
  each of its students, with each of its two cards;
- ``cards``: the pairs of cards the two sides hold (unordered);
- ``tactics``: the learned evaluation's threat and danger (games/onitama/learned.py)
  with the hanging students of each side (0-4 each);
- ``mobility``: (role, each side's moves under its cards, up to 39).

Other tables were tried and left out (the other files, the two masters' squares, the
centre card with the mover's pair: docs/tuning/onitama-ntuple.md).

The board is left-right symmetric once the cards are mirrored too (Eel and Cobra, Frog
and Rabbit, Horse and Ox, Rooster and Goose swap; the other cards are their own
mirrors), so an entry and its mirror image (board and cards mirrored) share one weight:
only canonical entries are stored (``canonical``), and a position is worth what its
mirror image is.

``lookups`` is the definition, square by square, which the trainer's numpy and the fast
evaluator are held to. The fast evaluator (``make_evaluator``) keeps each side's share
in a bounded memo table by hand and pieces, as the learned evaluation does: its shares
of the board and card tables' indices (subset-sum tables of packed fields, no loop over
squares), its card, mobility and square terms as each role, its attacks and threats;
a position then costs two memo look-ups and one look-up per table that mixes the sides.

The weights live in games/onitama/ntuple_weights.py, fitted by ``python -m
learn.onitama_ntuple``: 8-bit integers, canonical entries only, zlib-compressed and
base85-encoded, decoded once (``load``).
"""

import math
import struct

from games.ntuple import Layout
from games.onitama.rules import (CARD_COUNT, CARDS, FULL, HAND_TABLES, MASTER_STEPS, REACH, SHRINE, SIZE, SQUARES,
                                 SQUARES_HIGH, SQUARES_LOW, Memo, side_reach)
from games.weights import unnamed

# -- geometry and cards --------------------------------------------------------------


def view(square, seat):
    """The square as the side to move of ``seat`` sees it (the second player's board
    turned by 180 degrees)."""
    return square if seat == 0 else SQUARES - 1 - square


def mirror_square(square):
    row, col = divmod(square, SIZE)
    return row * SIZE + SIZE - 1 - col


def _mirror_cards():
    """MIRROR_CARD[card]: the card whose moves are ``card``'s mirrored left-right."""
    moves = [frozenset(vectors) for _, vectors in CARDS]
    return tuple(moves.index(frozenset((-dx, dy) for dx, dy in vectors)) for vectors in moves)


MIRROR_CARD = _mirror_cards()
PAIRS = tuple((a, b) for a in range(CARD_COUNT) for b in range(a + 1, CARD_COUNT))  # unordered, a < b
PAIR_OF = tuple(PAIRS.index((min(h & 15, h >> 4), max(h & 15, h >> 4))) if h & 15 != h >> 4 else 0
                for h in range(256))  # by a hand's two cards (hand & 255)
MIRROR_PAIR = tuple(PAIR_OF[MIRROR_CARD[a] | MIRROR_CARD[b] << 4] for a, b in PAIRS)


def _row(r):
    return [r * SIZE + c for c in range(SIZE)]


# Board tables: their view squares, digit j first.
BOARD = {**{f"row{r}": _row(r) for r in range(SIZE)}, "colC": [r * SIZE + SIZE // 2 for r in range(SIZE)]}
ROLES = 2                 # mover, other
MOVES_CAP = 39            # mobility counts above this one share its entry
TABLES = {**{name: 5 ** SIZE for name in BOARD},
          "cardmaster": ROLES * CARD_COUNT * SQUARES,
          "cardstudent": ROLES * CARD_COUNT * SQUARES,
          "cards": len(PAIRS) * len(PAIRS),
          "tactics": 2 * 2 * 5 * 5,
          "mobility": ROLES * (MOVES_CAP + 1)}


def _mirror_digits(index):
    """The row index read right to left."""
    digits = [index // 5 ** j % 5 for j in range(SIZE)]
    return sum(d * 5 ** j for j, d in enumerate(reversed(digits)))


def mirror_index(table, index):
    """The entry of ``table`` that the mirror image of a position reads where the
    position reads ``index``."""
    if table.startswith("row"):
        return _mirror_digits(index)
    if table in ("cardmaster", "cardstudent"):
        role, rest = divmod(index, CARD_COUNT * SQUARES)
        card, square = divmod(rest, SQUARES)
        return (role * CARD_COUNT + MIRROR_CARD[card]) * SQUARES + mirror_square(square)
    if table == "cards":
        mine, theirs = divmod(index, len(PAIRS))
        return MIRROR_PAIR[mine] * len(PAIRS) + MIRROR_PAIR[theirs]
    return index  # the centre file (its own mirror image), tactics, mobility


def canonical(table):
    """[the canonical index of each entry]: the lesser of it and its mirror image's."""
    if table not in _CANONICAL:
        _CANONICAL[table] = [min(i, mirror_index(table, i)) for i in range(TABLES[table])]
    return _CANONICAL[table]


_CANONICAL = {}


# -- the definition --------------------------------------------------------------------

def cells(state):
    """The 25 cells as the side to move sees them (``view``): 0 empty, 1 its student, 2
    its master, 3 an opponent's student, 4 the opponent's master."""
    mine, theirs, my_master, their_master, hand = state[:5]
    seat = hand >> 8
    digits = [0] * SQUARES
    for square in range(SQUARES):
        bit = 1 << square
        digit = (2 if bit & my_master else 1) if bit & mine else (4 if bit & their_master else 3) if bit & theirs else 0
        digits[view(square, seat)] = digit
    return digits


def tactics(state):
    """(threat, danger, my hanging students, theirs, my moves, theirs) as the learned
    evaluation's features define them (the tests hold them equal; its module is not
    imported, so that a bundle need not carry it)."""
    mine, theirs, my_master, their_master, hand, their_hand = state[:6]
    player = hand >> 8
    my_cover, my_moves = side_reach(mine, hand)
    their_cover, their_moves = side_reach(theirs, their_hand)
    my_attacks, their_attacks = my_cover & ~mine, their_cover & ~theirs
    my_sq, their_sq = my_master.bit_length() - 1, their_master.bit_length() - 1
    my_reach = REACH[player][hand & 15][my_sq] | REACH[player][hand >> 4 & 15][my_sq]
    their_reach = REACH[1 - player][their_hand & 15][their_sq] | REACH[1 - player][their_hand >> 4 & 15][their_sq]
    threat = bool(my_attacks & their_master or my_reach & SHRINE[1 - player] & ~mine)
    danger = bool(their_attacks & my_master or their_reach & SHRINE[player] & ~theirs)
    return (int(threat), int(danger), (mine & ~my_master & their_attacks & ~my_cover).bit_count(),
            (theirs & ~their_master & my_attacks & ~their_cover).bit_count(), my_moves, their_moves)


def lookups(state):
    """[(table, index)] of every entry the position reads, square by square: the
    definition. A card table is read once per card, and per student."""
    hand, their_hand = state[4:6]
    digits = cells(state)
    found = [(name, sum(digits[sq] * 5 ** j for j, sq in enumerate(squares))) for name, squares in BOARD.items()]
    my_sq, their_sq = digits.index(2), digits.index(4)
    for role, cards, master_sq in ((0, (hand & 15, hand >> 4 & 15), my_sq),
                                   (1, (their_hand & 15, their_hand >> 4 & 15), their_sq)):
        students = [sq for sq in range(SQUARES) if digits[sq] == 1 + 2 * role]
        for card in cards:
            base = (role * CARD_COUNT + card) * SQUARES
            found.append(("cardmaster", base + master_sq))
            found += [("cardstudent", base + sq) for sq in students]
    mine_pair, their_pair = PAIR_OF[hand & 255], PAIR_OF[their_hand & 255]
    found.append(("cards", mine_pair * len(PAIRS) + their_pair))
    threat, danger, my_hanging, their_hanging, my_moves, their_moves = tactics(state)
    found.append(("tactics", threat + 2 * danger + 4 * my_hanging + 20 * their_hanging))
    found.append(("mobility", min(my_moves, MOVES_CAP)))
    found.append(("mobility", MOVES_CAP + 1 + min(their_moves, MOVES_CAP)))
    return found


def mirrored(state):
    """The position mirrored left-right, the cards with it (a position worth the same)."""
    mine, theirs, my_master, their_master, hand, their_hand, centre, turn = state
    boards = [sum(1 << mirror_square(sq) for sq in range(SQUARES) if bits >> sq & 1)
              for bits in (mine, theirs, my_master, their_master)]
    hands = [MIRROR_CARD[h & 15] | MIRROR_CARD[h >> 4 & 15] << 4 | (h & 256) for h in (hand, their_hand)]
    return (*boards, *hands, MIRROR_CARD[centre], turn)


# -- weights ---------------------------------------------------------------------------

LAYOUT = Layout(TABLES, canonical, 3, 2 * SIZE)  # phases by piece count


def load(module=None):
    """The Weights of a weights module (default: games/onitama/ntuple_weights.py)."""
    if module is None:
        from games.onitama import ntuple_weights as module
    return LAYOUT.load(module)


def reference_total(weights, state):
    """The integer total of ``state``, from ``lookups``: the slow definition."""
    tables, biases = LAYOUT.expand(weights)
    phase = sum(1 for limit in weights.phases if (state[0] | state[1]).bit_count() >= limit)
    return biases[phase] + sum(tables[table][phase][index] for table, index in lookups(state))


# -- the fast evaluator ----------------------------------------------------------------

FIELD = 16  # bits of an index share in the packed sums, which ``SHARES`` unpacks at once
CARDS_FIELD = len(BOARD)  # the field after the board tables'
SHARES = struct.Struct(f"<{len(BOARD) + 1}H")


def _subset_sums(values):
    """The sum of ``values[i]`` over the set bits i of every int below 2**len(values)."""
    sums = [0]
    for value in values:
        sums += [total + value for total in sums]
    return sums


def _packed_board(seat, role):
    """(low, high, master): a side's shares of every board table's index (BOARD order),
    packed FIELD bits each, as the role ``role`` of a side of seat ``seat``: its
    students' sum is low[students & 0x1FFF] + high[students >> 13], to which its
    master's square adds master[square]."""
    seen_from = seat if role == 0 else 1 - seat
    student = [0] * SQUARES
    master = [0] * SQUARES
    for square in range(SQUARES):
        place = view(square, seen_from)
        for k, squares in enumerate(BOARD.values()):
            if place in squares:
                unit = 5 ** squares.index(place) << FIELD * k
                student[square] += (1 + 2 * role) * unit
                master[square] += (2 + 2 * role) * unit
    return _subset_sums(student[:13]), _subset_sums(student[13:]), master


def _hand_terms(hand, tables, bias, mobility):
    """What a side holding ``hand`` computes its terms from: the students' rows and the
    master's rows, by square ``(both, mask_a, mask_b, as mover, as other)``: the squares
    its two cards reach from there (together, then each) and the card tables' weights
    of a piece there as each role (the master's mover weight with the bias); its
    pair's share of the ``cards`` index as mover and as other, packed in its field; and
    the mobility weights by number of moves as mover and as other."""
    seat, cards = hand >> 8, (hand & 15, hand >> 4 & 15)
    masks_a, _, masks_b, _ = HAND_TABLES[hand]

    def rows(table, added):
        weights = tables[table]

        def weight(role, sq):
            return sum(weights[(role * CARD_COUNT + card) * SQUARES + view(sq, seat ^ role)] for card in cards)

        return tuple((masks_a[sq] | masks_b[sq], masks_a[sq], masks_b[sq], added + weight(0, sq), weight(1, sq))
                     for sq in range(SQUARES))

    pair = PAIR_OF[hand & 255]
    return (rows("cardstudent", 0), rows("cardmaster", bias), pair * len(PAIRS) << FIELD * CARDS_FIELD,
            pair << FIELD * CARDS_FIELD, mobility[:MOVES_CAP + 1], mobility[MOVES_CAP + 1:])


def make_score(tables, bias, half=None):
    """``score(state)``: the integer total of a position, ``tables`` being {table: full
    table} (``expand``'s, one phase) and ``bias`` the bias; with ``half``, the value
    ``tanh(half * total)`` instead (one call less a position than wrapping it)."""
    r0, r1, r2, r3, r4, c2 = (tables[name] for name in BOARD)
    cards, tactic, mobility = tables["cards"], tables["tactics"], tables["mobility"]
    packed = [[_packed_board(seat, role) for role in (0, 1)] for seat in (0, 1)]
    per_hand = {}
    unpack, width = SHARES.unpack, SHARES.size
    memo = Memo()  # by hand: pieces | master << 25 -> side terms
    memos = memo.tables
    tanh = math.tanh

    def side_terms(pieces, master, hand):
        """(attacked, students not covered by their side, its threats: the squares
        attacked, all of them if its master can step onto the enemy shrine; its sum as
        the mover, as the other; its shares of the indices as the mover, as the
        other)."""
        terms = per_hand.get(hand)
        if terms is None:
            terms = per_hand[hand] = _hand_terms(hand, tables, bias, mobility)
        students_rows, masters_rows, as_mover, as_other, mover_mobility, other_mobility = terms
        free = ~pieces
        sq = master.bit_length() - 1
        covered, mask_a, mask_b, mover_sum, other_sum = masters_rows[sq]
        moves = (mask_a & free).bit_count() + (mask_b & free).bit_count()
        students = pieces & ~master
        low, high = students & 0x1FFF, students >> 13
        for student in SQUARES_LOW[low] + SQUARES_HIGH[high]:
            both, mask_a, mask_b, as_mover_w, as_other_w = students_rows[student]
            covered |= both
            moves += (mask_a & free).bit_count() + (mask_b & free).bit_count()
            mover_sum += as_mover_w
            other_sum += as_other_w
        (mover_low, mover_high, mover_master), (other_low, other_high, other_master) = packed[hand >> 8]
        as_mover += mover_low[low] + mover_high[high] + mover_master[sq]
        as_other += other_low[low] + other_high[high] + other_master[sq]
        if moves > MOVES_CAP:
            moves = MOVES_CAP
        attacked = covered & free
        result = (attacked, students & ~covered, FULL if MASTER_STEPS[hand][sq] & free else attacked,
                  mover_sum + mover_mobility[moves], other_sum + other_mobility[moves],
                  unpack(as_mover.to_bytes(width, "little")), unpack(as_other.to_bytes(width, "little")))
        memos[hand][pieces | master << 25] = result
        memo.added()
        return result

    def score(state):
        mine, theirs, my_master, their_master, hand, their_hand, _, _ = state
        my_terms = memos[hand].get(mine | my_master << 25) or side_terms(mine, my_master, hand)
        their_terms = (memos[their_hand].get(theirs | their_master << 25)
                       or side_terms(theirs, their_master, their_hand))
        my_attacks, my_loose, my_threats, total, _, mine_shares, _ = my_terms
        their_attacks, their_loose, their_threats, _, their_total, _, their_shares = their_terms
        a0, a1, a2, a3, a4, a5, a6 = mine_shares
        b0, b1, b2, b3, b4, b5, b6 = their_shares
        k = (my_loose & their_attacks).bit_count() * 4 + (their_loose & my_attacks).bit_count() * 20
        if my_threats & their_master:
            k += 1
        if their_threats & my_master:
            k += 2
        total += (their_total + tactic[k] + r0[a0 + b0] + r1[a1 + b1] + r2[a2 + b2] + r3[a3 + b3]
                  + r4[a4 + b4] + c2[a5 + b5] + cards[a6 + b6])
        return total if half is None else tanh(total * half)

    return score


def make_scorer(weights, half=None):
    """``score(state)``: the integer total with ``weights`` (with ``half``, the value
    ``tanh(half * total)``), each phase's tables apart."""
    tables, biases = LAYOUT.expand(weights)
    by_phase = [make_score({name: table[k] for name, table in tables.items()}, biases[k], half)
                for k in range(len(biases))]
    if len(by_phase) == 1:
        return by_phase[0]
    by_pieces = [by_phase[sum(1 for limit in weights.phases if pieces >= limit)] for pieces in range(2 * SIZE + 1)]

    def score(state):
        return by_pieces[(state[0] | state[1]).bit_count()](state)

    return score


_DEFAULT = []  # the default weights' evaluation, made once


def make_evaluator(game=None, weights=None):
    """The evaluation with ``weights`` (a Weights; default: the fitted ones)."""
    if weights is not None:
        return make_scorer(unnamed(weights, "Onitama N-tuple evaluation"), weights.step / 2)
    if not _DEFAULT:
        weights = load()
        _DEFAULT.append(make_scorer(weights, weights.step / 2))
    return _DEFAULT[0]
