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
computes the same sum faster (the tests hold them equal).
"""

import math

from games.onitama.evaluation import REACH
from games.onitama.rules import CARD_COUNT, SHRINE, SIZE, SQUARES
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


def _reach(pieces, own, table_a, table_b):
    """(squares attacked, squares covered, moves) of a side's pieces with two cards:
    attacked squares hold no own piece, covered ones may (a capture there is answered)."""
    attacked = covered = moves = 0
    rest = pieces
    while rest:
        low = rest & -rest
        rest ^= low
        sq = low.bit_length() - 1
        both = table_a[sq] | table_b[sq]
        covered |= both
        attacked |= both & ~own
        moves += (table_a[sq] & ~own).bit_count() + (table_b[sq] & ~own).bit_count()
    return attacked, covered, moves


def _bits(board):
    while board:
        low = board & -board
        board ^= low
        yield low.bit_length() - 1


def features(state):
    """The feature vector of ``state`` (a list of FEATURES numbers)."""
    mine, theirs, my_master, their_master, a, b, their_a, their_b, _, player, _ = state
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
    my_attacks, my_cover, my_moves = _reach(mine, mine, my_table[a], my_table[b])
    their_attacks, their_cover, their_moves = _reach(theirs, theirs, their_table[their_a], their_table[their_b])
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


def make_evaluator(game, weights=None):
    """The evaluation with ``weights`` (default: the fitted ones)."""
    if weights is None:
        from games.onitama.learned_weights import WEIGHTS as weights
    of_length(weights, FEATURES, "learned Onitama evaluation")
    half = [w / 2 for w in weights]  # tanh(x / 2) = 2 sigmoid(x) - 1
    # Per colour of the mover, per square: the weight of each kind of piece there.
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
        """(attacked, covered, moves, piece-square sum) of one side."""
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
