"""Breakthrough on an 8x8 board, as CodinGame's "breakthrough" arena plays it.

White starts on ranks 1-2 and moves first; Black starts on ranks 7-8. A piece steps one
square forward, straight or diagonally, onto an empty square, and captures only
diagonally forward. A player wins by reaching the far rank or by capturing every enemy
piece. There are no draws, and a player with pieces always has a move (its most
advanced piece can always step diagonally), so a game ends only with a win.

Squares are numbered ``8 * row + col``: row 0 is rank 1 (White's home), col 0 is file
a, so ``c2`` is square 10. A move is the int ``from_square * 64 + to_square``; the
arena writes it ``c2c3``.

A state is the tuple ``(mover, other, player)``: the pieces of the side to move, the
pieces of its opponent, and who moves (0 = White, 1 = Black). The boards are ints with
square ``(row, col)`` at bit ``24 * row + col``: each row owns three bytes and its
squares are the first one. The two spare bytes of every row give the move generator
room for lanes of flags (see ``legal_moves``), and they keep shifts honest: the
neighbours of a square are at bit offsets +-1 (same row), +-24 (same file), +-23 and
+-25 (diagonals), and a neighbour that would be off the board lands in a spare byte,
never on a square of another file.
"""

from games.errors import GameError

FILES = "abcdefgh"
ROW_BITS = 24
BOARD_BYTES = 8 * ROW_BITS // 8
WHITE, BLACK = 0, 1


def square_bit(square):
    """The bit of ``square`` (0-63) on a board int."""
    row, col = divmod(square, 8)
    return 1 << (ROW_BITS * row + col)


ROW_MASKS = tuple(255 << (ROW_BITS * row) for row in range(8))
BOARD = sum(ROW_MASKS)
GOAL_ROW = (7, 0)  # the row each player must reach
FORWARD = (1, -1)  # row step of each player's moves

# -- move generation -------------------------------------------------------------------
# For each row the generator builds three 8-bit lanes of the mover's pieces, in the
# three bytes of the row: those that may step diagonally towards file h (byte 0),
# diagonally towards file a (byte 1), and straight ahead (byte 2). Multiplying the board
# by COPIES puts the pieces into the three bytes; shifting the board by one row brings
# what blocks a straight step (any piece) into byte 2, and one multiply, mask and shift
# brings what blocks each diagonal step (an own piece) into bytes 0 and 1:
# ``copies & ~blocked`` leaves the movable pieces. ``to_bytes`` (big-endian: row 7's
# straight lane comes first) then hands out the 24 lanes as small ints, and each indexes
# a 256-entry table of move tuples, so the move list is a concatenation of 21 table
# entries (a player never moves from its goal row).
#
# DIAGONAL_COPIES makes two copies of the mover's pieces, the second 10 bits up; the
# mask keeps the first copy's files b-h (they block steps towards h) and the second
# copy's files a-g (they block steps towards a), so that no blocker from an edge file
# lands in the wrong lane. A diagonal step off the board is never blocked (nothing is
# ever there), so the tables leave those steps out.
COPIES = 1 | 1 << 8 | 1 << 16
DIAGONAL_COPIES = 1 | 1 << 10
DIAGONAL_MASK = sum(0xFE << ROW_BITS * row | 0x7F << (ROW_BITS * row + 10) for row in range(8))
LANE_COL_STEP = (1, -1, 0)  # bytes 0, 1, 2 of a row: towards h, towards a, straight

# One int object per move, shared by every table entry: the tables' tuples then refer
# to 308 objects in all, which stay in the processor's cache while lists are built.
MOVES = list(range(4096))


def _lane_table(row, row_step, col_step):
    """For each 8-bit set of movable pieces on ``row``: the tuple of their moves."""
    table = []
    for lane in range(256):
        moves = []
        for col in range(8):
            to_col = col + col_step
            if lane >> col & 1 and 0 <= to_col < 8:
                moves.append(MOVES[(8 * row + col) * 64 + 8 * (row + row_step) + to_col])
        table.append(tuple(moves))
    return tuple(table)


def _lane_tables(player):
    rows = range(7) if player == WHITE else range(1, 8)
    return tuple(_lane_table(row, FORWARD[player], step) for row in rows for step in LANE_COL_STEP)


# MOVE_BITS[m]: the from- and to-square bits of move m (0 where m is not a move).
MOVE_BITS = [0] * 4096
for _square in range(64):
    for _player in (WHITE, BLACK):
        _row, _col = divmod(_square, 8)
        _to_row = _row + FORWARD[_player]
        for _to_col in (_col - 1, _col, _col + 1):
            if 0 <= _to_row < 8 and 0 <= _to_col < 8:
                _to = 8 * _to_row + _to_col
                MOVE_BITS[_square * 64 + _to] = square_bit(_square) | square_bit(_to)


def _legal_moves(state, COPIES=COPIES, DIAGONAL_COPIES=DIAGONAL_COPIES, DIAGONAL_MASK=DIAGONAL_MASK,
                 WHITE_LOST=ROW_MASKS[0], BLACK_LOST=ROW_MASKS[7],
                 WHITE_TABLES=_lane_tables(WHITE), BLACK_TABLES=_lane_tables(BLACK)):
    """Legal moves of the side to move; empty once the game is over.

    The tables are default arguments and the 21 lanes are named one by one because
    this is the hot loop of every search: locals are the fastest lookups CPython has.
    """
    mover, other, player = state
    if player:
        if other & BLACK_LOST:  # White reached rank 8
            return []
        (g3, g2, g1, f3, f2, f1, e3, e2, e1, d3, d2, d1, c3, c2, c1, b3, b2, b1, a3, a2, a1, _, _, _,
         ) = ((mover * COPIES) & ~((mover | other) << 40 | ((mover * DIAGONAL_COPIES) & DIAGONAL_MASK) << 23)
              ).to_bytes(BOARD_BYTES)
        (A1, A2, A3, B1, B2, B3, C1, C2, C3, D1, D2, D3, E1, E2, E3, F1, F2, F3, G1, G2, G3,
         ) = BLACK_TABLES
    else:
        if other & WHITE_LOST:  # Black reached rank 1
            return []
        (_, _, _, g3, g2, g1, f3, f2, f1, e3, e2, e1, d3, d2, d1, c3, c2, c1, b3, b2, b1, a3, a2, a1,
         ) = ((mover * COPIES) & ~((mover | other) >> 8 | ((mover * DIAGONAL_COPIES) & DIAGONAL_MASK) >> 25)
              ).to_bytes(BOARD_BYTES)
        (A1, A2, A3, B1, B2, B3, C1, C2, C3, D1, D2, D3, E1, E2, E3, F1, F2, F3, G1, G2, G3,
         ) = WHITE_TABLES
    # A side without pieces gets all-zero lanes, hence no moves: it has lost.
    return [*A1[a1], *A2[a2], *A3[a3], *B1[b1], *B2[b2], *B3[b3], *C1[c1], *C2[c2], *C3[c3],
            *D1[d1], *D2[d2], *D3[d3], *E1[e1], *E2[e2], *E3[e3], *F1[f1], *F2[f2], *F3[f3],
            *G1[g1], *G2[g2], *G3[g3]]


KEEP = [~bits for bits in MOVE_BITS]  # what a move leaves of the opponent's pieces
TARGET_BITS = [square_bit(move % 64) for move in MOVES]  # the square a move lands on


def _play(state, move, MOVE_BITS=MOVE_BITS, KEEP=KEEP):
    mover, other, player = state
    # The mover's piece leaves its square for the target; an enemy there is captured.
    return (other & KEEP[move], mover ^ MOVE_BITS[move], player ^ 1)


def _random_playout(state, random, COPIES=COPIES, DIAGONAL_COPIES=DIAGONAL_COPIES,
                    DIAGONAL_MASK=DIAGONAL_MASK, WHITE_LOST=ROW_MASKS[0], BLACK_LOST=ROW_MASKS[7],
                    BYTES=BOARD_BYTES, MOVE_BITS=MOVE_BITS, KEEP=KEEP,
                    WHITE_TABLES=_lane_tables(WHITE), BLACK_TABLES=_lane_tables(BLACK)):
    """The final state of a game continued from ``state`` with uniformly random moves,
    drawn as ``moves[int(random() * len(moves))]``: the very game that ``legal_moves``
    and ``play`` give with the same draws (the tests check it), played without a call
    or a state tuple per ply. Each pass of the loop is a White ply then a Black ply, so
    that both sides' lane tables are unpacked into locals once per playout, not once
    per ply (engines/mcts.py)."""
    (A1, A2, A3, B1, B2, B3, C1, C2, C3, D1, D2, D3, E1, E2, E3, F1, F2, F3, G1, G2, G3,
     ) = WHITE_TABLES
    (H1, H2, H3, I1, I2, I3, J1, J2, J3, K1, K2, K3, L1, L2, L3, M1, M2, M3, N1, N2, N3,
     ) = BLACK_TABLES
    mover, other, player = state
    white_to_move = player == WHITE
    while True:
        if white_to_move:
            if other & WHITE_LOST:  # Black reached rank 1
                return (mover, other, WHITE)
            (_, _, _, g3, g2, g1, f3, f2, f1, e3, e2, e1, d3, d2, d1, c3, c2, c1, b3, b2, b1, a3, a2, a1,
             ) = ((mover * COPIES) & ~((mover | other) >> 8 | ((mover * DIAGONAL_COPIES) & DIAGONAL_MASK) >> 25)
                  ).to_bytes(BYTES)
            moves = [*A1[a1], *A2[a2], *A3[a3], *B1[b1], *B2[b2], *B3[b3], *C1[c1], *C2[c2], *C3[c3],
                     *D1[d1], *D2[d2], *D3[d3], *E1[e1], *E2[e2], *E3[e3], *F1[f1], *F2[f2], *F3[f3],
                     *G1[g1], *G2[g2], *G3[g3]]
            if not moves:
                return (mover, other, WHITE)
            move = moves[int(random() * len(moves))]
            mover, other = other & KEEP[move], mover ^ MOVE_BITS[move]
        white_to_move = True
        if other & BLACK_LOST:  # White reached rank 8
            return (mover, other, BLACK)
        (g3, g2, g1, f3, f2, f1, e3, e2, e1, d3, d2, d1, c3, c2, c1, b3, b2, b1, a3, a2, a1, _, _, _,
         ) = ((mover * COPIES) & ~((mover | other) << 40 | ((mover * DIAGONAL_COPIES) & DIAGONAL_MASK) << 23)
              ).to_bytes(BYTES)
        moves = [*H1[a1], *H2[a2], *H3[a3], *I1[b1], *I2[b2], *I3[b3], *J1[c1], *J2[c2], *J3[c3],
                 *K1[d1], *K2[d2], *K3[d3], *L1[e1], *L2[e2], *L3[e3], *M1[f1], *M2[f2], *M3[f3],
                 *N1[g1], *N2[g2], *N3[g3]]
        if not moves:
            return (mover, other, BLACK)
        move = moves[int(random() * len(moves))]
        mover, other = other & KEEP[move], mover ^ MOVE_BITS[move]


def squares_of(board):
    """The squares (0-63) of the pieces on a board int, in increasing order."""
    found = []
    for row in range(8):
        byte = board >> (ROW_BITS * row) & 255
        found.extend(8 * row + col for col in range(8) if byte >> col & 1)
    return found


def board_of(squares):
    board = 0
    for square in squares:
        board |= square_bit(square)
    return board


def square_name(square):
    row, col = divmod(square, 8)
    return FILES[col] + str(row + 1)


def parse_square(text):
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        raise GameError(f"not a square: {text!r}")
    return 8 * (int(text[1]) - 1) + FILES.index(text[0])


class Breakthrough:
    """The rules; engines see only the methods of docs/INTERFACES.md."""

    name = "breakthrough"
    max_plies = None

    # The hot methods are the module functions themselves: no wrapper call.
    legal_moves = staticmethod(_legal_moves)
    play = staticmethod(_play)
    random_playout = staticmethod(_random_playout)

    def initial_state(self):
        white = board_of(range(16))
        black = board_of(range(48, 64))
        return (white, black, WHITE)

    def to_move(self, state):
        return state[2]

    def outcome(self, state):
        """None while playing, else -1: a finished game has always just been won by the
        player who moved last (it reached its goal row or took the last enemy piece)."""
        mover, other, player = state[:3]
        if not mover or other & ROW_MASKS[GOAL_ROW[1 - player]]:
            return -1
        return None

    # -- building and reading states ------------------------------------------------------
    def pieces(self, state):
        """The boards as ``(white, black)``."""
        mover, other, player = state[:3]
        return (mover, other) if player == WHITE else (other, mover)

    def make_state(self, white_squares, black_squares, player=WHITE):
        white, black = board_of(white_squares), board_of(black_squares)
        if white & black:
            raise GameError("a square holds two pieces")
        return (white, black, player) if player == WHITE else (black, white, player)

    def from_lines(self, lines, player=WHITE):
        """A state from 8 rows of ``w``/``b``/``.``, rank 8 first (as ``render`` draws)."""
        rows = [line.split()[-1] for line in lines]
        if len(rows) != 8 or any(len(r) != 8 or set(r) - set("wb.") for r in rows):
            raise GameError(f"expected 8 rows of 8 of 'w', 'b', '.': {lines!r}")
        white = [8 * (7 - i) + c for i, r in enumerate(rows) for c, x in enumerate(r) if x == "w"]
        black = [8 * (7 - i) + c for i, r in enumerate(rows) for c, x in enumerate(r) if x == "b"]
        return self.make_state(white, black, player)

    def is_capture(self, state, move):
        return bool(state[1] & square_bit(move % 64))

    def noisy_moves(self, state, moves):
        """The moves among ``moves`` that change the game at once: captures, and steps
        onto the goal row (which win). Alpha-beta's quiescence search plays these
        beyond its depth limit (engines/alphabeta.py)."""
        other, goal = state[1], GOAL_ROW[state[2]]
        return [move for move in moves
                if other & TARGET_BITS[move] or move % 64 >> 3 == goal]

    def quiet_loses(self, state):
        """Whether every quiet (not noisy) move of the side to move loses on the next
        ply: the opponent has a piece that can step onto its goal row, and only a
        capture of it, or a win first, stops it (a piece in front is stepped around)."""
        mover, other, player = state
        opponent = player ^ 1
        goal = GOAL_ROW[opponent]
        if not other & ROW_MASKS[goal - FORWARD[opponent]]:
            return False  # the usual case, at the cost of one test
        return any(move % 64 >> 3 == goal for move in _legal_moves((other, mover, opponent)))

    # -- names ----------------------------------------------------------------------------
    def move_name(self, move):
        """The arena's spelling: from-square then to-square, e.g. ``c2c3``."""
        return square_name(move // 64) + square_name(move % 64)

    def parse_move(self, text):
        """Inverse of ``move_name``; GameError for anything that is not a forward step of
        one square (straight or diagonal) for one of the two players."""
        text = text.strip().lower()
        if len(text) != 4:
            raise GameError(f"not a Breakthrough move: {text!r}")
        move = parse_square(text[:2]) * 64 + parse_square(text[2:])
        if not MOVE_BITS[move]:
            raise GameError(f"not a Breakthrough move: {text!r}")
        return move

    def render(self, state):
        white, black = self.pieces(state)
        lines = []
        for row in range(7, -1, -1):
            line = ""
            for col in range(8):
                bit = square_bit(8 * row + col)
                line += "w" if white & bit else "b" if black & bit else "."
            lines.append(f"{row + 1} {line}")
        lines.append("  " + FILES)
        lines.append(("white" if self.to_move(state) == WHITE else "black") + " to move")
        return lines


class LimitedBreakthrough(Breakthrough):
    """Breakthrough cut off after ``max_plies`` plies, the cut-off game being a draw.

    CodinGame's turn limit is unconfirmed, and it cannot matter from 177 plies up: a
    piece on row r (counted from its owner's side) can still make 6 - r steps that do
    not win, these add up to 88 per player at the start, every ply but the last spends
    at least one of them (a capture may spend more), so a game lasts at most 177 plies.
    The tests check this bound on random games. A state carries the ply
    count as a fourth field.
    """

    random_playout = None  # the fast playout knows no ply limit: engines take the plain loop

    def __init__(self, max_plies):
        self.max_plies = max_plies

    def initial_state(self):
        return super().initial_state() + (0,)

    def legal_moves(self, state):
        if state[3] >= self.max_plies:
            return []
        return _legal_moves(state[:3])

    def play(self, state, move):
        return _play(state[:3], move) + (state[3] + 1,)

    def quiet_loses(self, state):
        # Where the ply limit ends the game before the opponent's step, nothing loses.
        return state[3] + 1 < self.max_plies and super().quiet_loses(state[:3])

    def outcome(self, state):
        result = super().outcome(state)
        if result is None and state[3] >= self.max_plies:
            return 0
        return result

    def limit_reached(self, state):
        """Whether the game ended only because the ply limit cut it."""
        return state[3] >= self.max_plies and super().outcome(state[:3]) is None

    def make_state(self, white_squares, black_squares, player=WHITE, ply=0):
        return super().make_state(white_squares, black_squares, player) + (ply,)
