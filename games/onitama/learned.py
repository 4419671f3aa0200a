"""A learned Onitama evaluation: a logistic model of the game's result.

``P(the side to move wins) = sigmoid(w . features(state))`` (a draw counts half), and
the evaluation is ``2 P - 1 = tanh(w . features / 2)``. The weights are fitted by
learn/onitama.py on positions of self-play games labelled with their results, and live
in games/onitama/learned_weights.py.

Features, from the side to move's point of view (each side's squares seen from its own
home row, the files folded onto three classes by the board's left-right symmetry):

- piece-square tables of the mover's students, its master, the opponent's students and
  its master (5 rows x 3 file classes each): material and placement in one;
- the handcrafted evaluation's win threat and danger (games/onitama/evaluation.py);
- the moves each side has under its two cards;
- hanging students: attacked by the enemy's cards and not covered by their own side's;
- which cards each side holds (one weight per card and holder);
- a constant (the value of having the move).

``features`` is the definition, which the fitting uses; ``make_evaluator``'s evaluator
computes the same sum faster (the tests hold them equal): every term but the hanging
students and the threats belongs to one side alone, so each side's share is computed
once and kept in a bounded table by hand and pieces (a search meets the same side in
many positions: every child of a node shares the side that did not move).
"""

import math

from games.onitama.rules import (CARD_COUNT, FULL, HAND_TABLES, MASTER_STEPS, REACH, SHRINE, SIZE, SQUARES,
                                 Memo, side_reach)
from games.weights import of_length

CLASSES = SIZE * 3  # rows x folded files
MY_STUDENT, MY_MASTER, THEIR_STUDENT, THEIR_MASTER = (k * CLASSES for k in range(4))
THREAT = 4 * CLASSES
DANGER, MY_MOVES, THEIR_MOVES, MY_HANGING, THEIR_HANGING = range(THREAT + 1, THREAT + 6)
MY_CARD = THREAT + 6
THEIR_CARD = MY_CARD + CARD_COUNT
TEMPO = THEIR_CARD + CARD_COUNT
FEATURES = TEMPO + 1
NAMES = ([f"{who} r{r} f{f}" for who in ("my student", "my master", "their student", "their master")
          for r in range(SIZE) for f in range(3)]
         + ["threat", "danger", "my moves", "their moves", "my hanging", "their hanging"]
         + [f"my card {c}" for c in range(CARD_COUNT)] + [f"their card {c}" for c in range(CARD_COUNT)]
         + ["tempo"])


def square_class(square, player):
    """The piece-square class of ``square`` for a piece of ``player``: its row counted
    from that player's home row, times 3, plus its file folded (A=E, B=D, C)."""
    if player == 1:
        square = SQUARES - 1 - square  # player 1's board turned by 180 degrees
    row, col = divmod(square, SIZE)
    return 3 * row + min(col, SIZE - 1 - col)


CLASS_OF = tuple(tuple(square_class(sq, player) for sq in range(SQUARES)) for player in (0, 1))


def _bits(board):
    while board:
        low = board & -board
        board ^= low
        yield low.bit_length() - 1


def features(state):
    """The feature vector of ``state`` (a list of FEATURES numbers)."""
    mine, theirs, my_master, their_master, hand, their_hand, _, _ = state
    a, b, their_a, their_b = hand & 15, hand >> 4 & 15, their_hand & 15, their_hand >> 4 & 15
    player = hand >> 8
    enemy = 1 - player
    values = [0] * FEATURES
    for sq in _bits(mine & ~my_master):
        values[MY_STUDENT + CLASS_OF[player][sq]] += 1
    for sq in _bits(my_master):
        values[MY_MASTER + CLASS_OF[player][sq]] += 1
    for sq in _bits(theirs & ~their_master):
        values[THEIR_STUDENT + CLASS_OF[enemy][sq]] += 1
    for sq in _bits(their_master):
        values[THEIR_MASTER + CLASS_OF[enemy][sq]] += 1
    my_table, their_table = REACH[player], REACH[enemy]
    my_cover, my_moves = side_reach(mine, hand)
    their_cover, their_moves = side_reach(theirs, their_hand)
    my_attacks, their_attacks = my_cover & ~mine, their_cover & ~theirs
    my_sq, their_sq = my_master.bit_length() - 1, their_master.bit_length() - 1
    master_reach = my_table[a][my_sq] | my_table[b][my_sq]
    their_master_reach = their_table[their_a][their_sq] | their_table[their_b][their_sq]
    values[THREAT] = int(bool(my_attacks & their_master or master_reach & SHRINE[enemy] & ~mine))
    values[DANGER] = int(bool(their_attacks & my_master or their_master_reach & SHRINE[player] & ~theirs))
    values[MY_MOVES] = my_moves
    values[THEIR_MOVES] = their_moves
    values[MY_HANGING] = (mine & ~my_master & their_attacks & ~my_cover).bit_count()
    values[THEIR_HANGING] = (theirs & ~their_master & my_attacks & ~their_cover).bit_count()
    for card in (a, b):
        values[MY_CARD + card] += 1
    for card in (their_a, their_b):
        values[THEIR_CARD + card] += 1
    values[TEMPO] = 1
    return values


def subset_sums(weights):
    """The sum of ``weights[i]`` over the set bits i of every int below 2**len(weights)."""
    sums = [0.0]
    for weight in weights:
        sums += [total + weight for total in sums]
    return tuple(sums)


def make_evaluator(game, weights=None):
    """The evaluation with ``weights`` (default: the fitted ones)."""
    if weights is None:
        from games.onitama.learned_weights import WEIGHTS as weights
    of_length(weights, FEATURES, "learned Onitama evaluation")
    half = [w / 2 for w in weights]  # tanh(x / 2) = 2 sigmoid(x) - 1
    my_card, their_card = half[MY_CARD:THEIR_CARD], half[THEIR_CARD:TEMPO]
    w_threat, w_danger, w_my_moves, w_their_moves, w_my_hanging, w_their_hanging = half[THREAT:MY_CARD]
    tempo = half[TEMPO]
    # Per seat: the sums of the students' square weights over the low 13 squares and
    # the high 12 (a board's sum is low[board & 0x1FFF] + high[board >> 13]), as the
    # side to move and as the other side; and per square what the master adds there.
    sums = []
    for seat in (0, 1):
        per_seat = []
        for student, master in ((MY_STUDENT, MY_MASTER), (THEIR_STUDENT, THEIR_MASTER)):
            weight = [half[student + CLASS_OF[seat][sq]] for sq in range(SQUARES)]
            per_seat.append(subset_sums(weight[:13]))
            per_seat.append(subset_sums(weight[13:]))
            per_seat.append(tuple(half[master + CLASS_OF[seat][sq]] - weight[sq] for sq in range(SQUARES)))
        sums.append(tuple(per_seat))
    sums = tuple(sums)
    # Per hand, what its side's terms take from it: the masks of its two cards, its
    # cards' weights as the side to move (the tempo too) and as the other side, the
    # square sums of its seat, the master's steps onto the enemy shrine.
    per_hand = tuple(HAND_TABLES[hand][0::2]
                     + (tempo + my_card[hand & 15] + my_card[hand >> 4 & 15],
                        their_card[hand & 15] + their_card[hand >> 4 & 15])
                     + sums[hand >> 8] + (MASTER_STEPS[hand],)
                     for hand in range(512))
    tanh = math.tanh
    memo = Memo()  # by hand: pieces | master << 25 -> side terms
    tables = memo.tables

    def side_terms(pieces, master, hand):
        """(attacked, students not covered by their side, its sum as the side to move,
        as the other side, its threats: the squares attacked, all of them if its
        master can step onto the enemy shrine)."""
        (_, _, as_mover, as_other, my_low, my_high, my_master,
         their_low, their_high, their_master, master_steps) = per_hand[hand]
        covered, moves = side_reach(pieces, hand)
        free = ~pieces
        low, high, sq = pieces & 0x1FFF, pieces >> 13, master.bit_length() - 1
        attacked = covered & free
        terms = (attacked, pieces & ~master & ~covered,
                 as_mover + w_my_moves * moves + my_low[low] + my_high[high] + my_master[sq],
                 as_other + w_their_moves * moves + their_low[low] + their_high[high] + their_master[sq],
                 FULL if master_steps[sq] & free else attacked)
        tables[hand][pieces | master << 25] = terms
        memo.added()
        return terms

    def evaluate(state):
        mine, theirs, my_master, their_master, hand, their_hand, _, _ = state
        my_terms = tables[hand].get(mine | my_master << 25) or side_terms(mine, my_master, hand)
        their_terms = (tables[their_hand].get(theirs | their_master << 25)
                       or side_terms(theirs, their_master, their_hand))
        my_attacks, my_loose, total, _, my_threats = my_terms
        their_attacks, their_loose, _, their_total, their_threats = their_terms
        total += their_total
        hanging = my_loose & their_attacks
        if hanging:
            total += w_my_hanging * hanging.bit_count()
        hanging = their_loose & my_attacks
        if hanging:
            total += w_their_hanging * hanging.bit_count()
        if my_threats & their_master:
            total += w_threat
        if their_threats & my_master:
            total += w_danger
        return tanh(total)

    return evaluate
