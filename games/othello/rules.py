"""Othello (and its misere twin, Reversed Reversi) on bitboards held in Python ints.

A state is the tuple ``(mover, other, player)``: the discs of the side to move, the
discs of its opponent, and which player (0 = black, 1 = white) is to move. Square
``row * size + col`` is bit ``row * size + col``; row 0 is the top row ("a1" is the
top-left corner, as on CodinGame). Keeping the board from the mover's point of view
makes move generation one function for both colours and keeps the state hashable, so
it is its own transposition key.

Moves are square indices; ``PASS`` is the only move of a player who cannot place a
disc while the opponent can. ``legal_moves`` is empty exactly when the game is over.
"""

from games.errors import GameError

PASS = -1


def column_masks(size):
    """Bitboards of every square but the first column, and but the last column."""
    not_first = not_last = 0
    for row in range(size):
        for col in range(size):
            bit = 1 << (row * size + col)
            if col != 0:
                not_first |= bit
            if col != size - 1:
                not_last |= bit
    return not_first, not_last


def make_move_mask(size):
    """``move_mask(mover, other)``: bitboard of the squares where ``mover`` may play.

    For each of the 8 directions, runs of ``other`` discs that start next to a ``mover``
    disc are grown one step at a time until they stop; the square just past a run is a
    move if it is empty. The directions are written out one by one: this function is
    most of the cost of a playout, and a loop over directions is slower.

    A sideways shift must not wrap from one edge column onto the other. Sideways runs
    are grown through the discs off both edge columns only: a disc on an edge column
    has nothing beyond it in that direction, and where a run stops before it, the square
    past the run is that disc, not empty. So no shifted set needs a column mask of its own.
    """
    full = (1 << (size * size)) - 1
    not_first, not_last = column_masks(size)
    inner_columns = not_first & not_last
    up, down_right, down_left = size, size + 1, size - 1

    def move_mask(mover, other):
        inner = other & inner_columns
        # east (+1)
        t = inner & (mover << 1)
        acc = t
        while t:
            t = inner & (t << 1)
            acc |= t
        moves = acc << 1
        # west (-1)
        t = inner & (mover >> 1)
        acc = t
        while t:
            t = inner & (t >> 1)
            acc |= t
        moves |= acc >> 1
        # south (+size)
        t = other & (mover << up)
        acc = t
        while t:
            t = other & (t << up)
            acc |= t
        moves |= acc << up
        # north (-size)
        t = other & (mover >> up)
        acc = t
        while t:
            t = other & (t >> up)
            acc |= t
        moves |= acc >> up
        # south-east (+size+1)
        t = inner & (mover << down_right)
        acc = t
        while t:
            t = inner & (t << down_right)
            acc |= t
        moves |= acc << down_right
        # north-west (-size-1)
        t = inner & (mover >> down_right)
        acc = t
        while t:
            t = inner & (t >> down_right)
            acc |= t
        moves |= acc >> down_right
        # south-west (+size-1)
        t = inner & (mover << down_left)
        acc = t
        while t:
            t = inner & (t << down_left)
            acc |= t
        moves |= acc << down_left
        # north-east (-size+1)
        t = inner & (mover >> down_left)
        acc = t
        while t:
            t = inner & (t >> down_left)
            acc |= t
        moves |= acc >> down_left
        return moves & full & ~(mover | other)

    return move_mask


def remember_last(move_mask):
    """``move_mask`` that answers the question just asked from memory. A search asks the
    same one twice in a row at most positions it values: ``legal_moves(s)`` wants the
    mover's moves, and the evaluation of ``s`` (mobility) at once again. The answer is a
    function of the two bitboards alone, so the remembered one is always right."""
    last = [-1, -1, 0]  # mover, other and moves of the latest call

    def remembered(mover, other):
        if other == last[1] and mover == last[0]:
            return last[2]
        moves = move_mask(mover, other)
        last[:] = mover, other, moves
        return moves

    return remembered


def make_square_lister(size):
    """``squares(bits)``: the square indices of the set bits, lowest first.

    On the 8x8 board each of the 8 bytes is looked up in a table of the squares it
    holds (half the cost of peeling bits one by one, which other sizes do).
    """
    if size != 8:
        def squares(bits):
            found = []
            while bits:
                low = bits & -bits
                found.append(low.bit_length() - 1)
                bits ^= low
            return found
        return squares
    t0, t1, t2, t3, t4, t5, t6, t7 = (
        [tuple(8 * byte + i for i in range(8) if value >> i & 1) for value in range(256)]
        for byte in range(8))

    def squares(bits):
        return [*t0[bits & 255], *t1[bits >> 8 & 255], *t2[bits >> 16 & 255], *t3[bits >> 24 & 255],
                *t4[bits >> 32 & 255], *t5[bits >> 40 & 255], *t6[bits >> 48 & 255], *t7[bits >> 56]]
    return squares


def make_flips(size):
    """``flips(mover, other, square)``: bitboard of the discs a disc on ``square`` turns.

    Each square keeps its rays (the squares in one direction, nearest first, as bits),
    leaving out rays too short to flip anything; a ray flips the ``other`` discs it
    crosses if a ``mover`` disc closes them. Only the rays whose first square holds an
    ``other`` disc are walked (two or three of the eight, most of the time), found from
    one AND with the square's neighbours.
    """
    rays = []
    for square in range(size * size):
        row0, col0 = divmod(square, size)
        mine = []
        for d_row in (-1, 0, 1):
            for d_col in (-1, 0, 1):
                if d_row == d_col == 0:
                    continue
                ray = []
                row, col = row0 + d_row, col0 + d_col
                while 0 <= row < size and 0 <= col < size:
                    ray.append(1 << (row * size + col))
                    row, col = row + d_row, col + d_col
                if len(ray) >= 2:
                    mine.append(ray)
        # by the ray's first square: the rest of the ray
        rays.append({ray[0]: tuple(ray[1:]) for ray in mine})
    rays = tuple(rays)
    # the first squares of every ray of a square (the neighbours it can flip through)
    starts = tuple(sum(by_start) for by_start in rays)

    def flips(mover, other, square):
        flipped = 0
        beside = other & starts[square]  # only a ray starting on an ``other`` disc flips
        if not beside:
            return 0
        by_start = rays[square]
        while beside:
            first = beside & -beside
            beside ^= first
            line = first
            for bit in by_start[first]:
                if other & bit:
                    line |= bit
                else:
                    if mover & bit:
                        flipped |= line
                    break
        return flipped

    return flips


def make_moves(move_mask, squares_of, flips):
    """``legal_moves(state)`` (square indices, lowest first; ``[PASS]`` when the mover
    cannot move but the opponent can; empty at the end of the game) and ``play(state,
    move)`` for one board size. Plain functions over the board's tables rather than
    methods: every search calls them at each node, and a call without a bound method
    or attribute look-ups is faster (docs/tuning/othello-constants.md#make_moves)."""

    def legal_moves(state):
        mover, other, _ = state
        bits = move_mask(mover, other)
        if bits:
            return squares_of(bits)
        if move_mask(other, mover):
            return [PASS]
        return []

    def play(state, move):
        mover, other, player = state
        if move == PASS:
            return (other, mover, 1 - player)
        f = flips(mover, other, move)
        return (other & ~f, mover | f | (1 << move), 1 - player)

    return legal_moves, play


class Othello:
    """Rules of Othello on an even ``size`` board; ``misere`` makes fewer discs win."""

    def __init__(self, size=8, misere=False):
        if size not in (4, 6, 8, 10, 12, 14, 16):
            raise GameError(f"Othello board size must be an even number from 4 to 16, got {size}")
        self.size = size
        self.misere = misere
        self.name = "reversi" if misere else "othello"
        self.squares = size * size
        self.full = (1 << self.squares) - 1
        # Random playouts seldom ask the same question twice in a row (after a pass
        # only), so they take the plain function; the searches' legal_moves and
        # evaluations take the remembering one.
        self.plain_move_mask = make_move_mask(size)
        self.move_mask = remember_last(self.plain_move_mask)
        self.flips = make_flips(size)
        self.squares_of = make_square_lister(size)
        self.legal_moves, self.play = make_moves(self.move_mask, self.squares_of, self.flips)

    # -- state -------------------------------------------------------------------------
    def initial_state(self):
        n = self.size
        h = n // 2
        white = (1 << ((h - 1) * n + h - 1)) | (1 << (h * n + h))
        black = (1 << ((h - 1) * n + h)) | (1 << (h * n + h - 1))
        return (black, white, 0)

    def to_move(self, state):
        return state[2]

    def discs(self, state):
        """Disc bitboards as ``(black, white)``."""
        mover, other, player = state
        return (mover, other) if player == 0 else (other, mover)

    def empty_squares(self, state):
        """Squares still empty: the plies left, passes apart (when to solve exactly)."""
        return self.squares - (state[0] | state[1]).bit_count()

    def state_from_discs(self, black, white, player):
        return (black, white, 0) if player == 0 else (white, black, 1)

    # -- moves ---------------------------------------------------------------------------
    # legal_moves(state) and play(state, move) are set by __init__: see make_moves.

    def random_playout(self, state, random):
        """The final state of a game continued from ``state`` with uniformly random
        moves, drawn as ``moves[int(random() * len(moves))]`` (a pass too draws a number):
        the very game that ``legal_moves`` and ``play`` give with the same draws, played
        without building a move list or a state tuple each ply (engines/mcts.py)."""
        mover, other, player = state
        move_mask, flips = self.plain_move_mask, self.flips
        while True:
            bits = move_mask(mover, other)
            if bits:
                for _ in range(int(random() * bits.bit_count())):
                    bits &= bits - 1  # drop the lowest squares: the k-th is now lowest
                low = bits & -bits
                f = flips(mover, other, low.bit_length() - 1)
                mover, other = other & ~f, mover | f | low
            elif move_mask(other, mover):
                random()  # the pass, the only move
                mover, other = other, mover
            else:
                return (mover, other, player)
            player = 1 - player

    # -- result ------------------------------------------------------------------------
    def outcome(self, state):
        """+1/0/-1 for the side to move once the game is over, else None: over when
        neither side can move. (Best-first search asks this of every new position.)"""
        mover, other, _ = state
        move_mask = self.move_mask
        if move_mask(mover, other) or move_mask(other, mover):
            return None
        return self.final_result(state)

    def final_result(self, state):
        """Result for the side to move, counting discs (the game must be over)."""
        mine = state[0].bit_count()
        theirs = state[1].bit_count()
        if mine == theirs:
            return 0
        won = mine > theirs
        if self.misere:
            won = not won
        return 1 if won else -1

    # -- names -------------------------------------------------------------------------
    def move_name(self, move):
        """CodinGame's name: letter = column, digit = row from the top (``a1`` top-left)."""
        if move == PASS:
            return "pass"
        row, col = divmod(move, self.size)
        return "abcdefghijklmnop"[col] + str(row + 1)

    def parse_move(self, text):
        """Inverse of ``move_name``; raises GameError on anything else."""
        text = text.strip().lower()
        if text == "pass":
            return PASS
        if len(text) < 2 or text[0] not in "abcdefghijklmnop"[: self.size] or not text[1:].isdigit():
            raise GameError(f"not an Othello square: {text!r}")
        col = ord(text[0]) - ord("a")
        row = int(text[1:]) - 1
        if not 0 <= row < self.size:
            raise GameError(f"not an Othello square: {text!r}")
        return row * self.size + col

    def render(self, state):
        black, white = self.discs(state)
        rows = []
        for row in range(self.size):
            line = ""
            for col in range(self.size):
                bit = 1 << (row * self.size + col)
                line += "0" if black & bit else "1" if white & bit else "."
            rows.append(line)
        return rows
