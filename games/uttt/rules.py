"""Ultimate Tic-Tac-Toe as CodinGame referees it (sources: docs/uttt.md).

Nine small boards make the big one; board ``b`` and cell ``c`` count 0-8 row by row, and
a move is ``9 * b + c``. A move in cell ``c`` sends the opponent to board ``c``; if that
board is won or full, the opponent may play in any board still open. A line of three
won boards wins; when every board is won or full without one, more boards won wins and
equal is a draw (OpenSpiel calls that last case a draw whatever the count).

A state is a tuple ``(x, o, won_x, won_o, closed, board, player)``: each side's cells as
81 bits (bit ``9 * b + c``), the boards each has won and the boards won or full as 9
bits, the board the mover is sent to (``ANY``: a free choice, ``OVER``: game over), and
the player to move (0 moves first, as X).
"""

from games.errors import GameError

ANY, OVER = 9, 10
FULL = 511
LINES = (0o7, 0o70, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124)
WON = tuple(any(mask & line == line for line in LINES) for mask in range(512))
# For each board and its 9 bits of taken cells: the moves on its empty cells.
MOVES = tuple(tuple(tuple(9 * b + c for c in range(9) if not taken >> c & 1) for taken in range(512))
              for b in range(9))
OPEN = tuple(tuple(b for b in range(9) if not closed >> b & 1) for closed in range(512))


class UltimateTicTacToe:
    """The rules of the module docstring, over its tuple states."""

    name = "uttt"
    max_plies = 81

    def initial_state(self):
        return (0, 0, 0, 0, 0, ANY, 0)

    def to_move(self, state):
        return state[6]

    def legal_moves(self, state, MOVES=MOVES):
        x, o, _, _, closed, board, _ = state
        taken = x | o
        if board < ANY:
            return MOVES[board][taken >> 9 * board & FULL]
        if board == OVER:
            return ()
        return [m for b in OPEN[closed] for m in MOVES[b][taken >> 9 * b & FULL]]

    def play(self, state, move, WON=WON):
        x, o, won_x, won_o, closed, _, player = state
        board, cell = divmod(move, 9)
        if player:
            o |= 1 << move
            if WON[o >> 9 * board & FULL]:
                won_o |= 1 << board
                closed |= 1 << board
        else:
            x |= 1 << move
            if WON[x >> 9 * board & FULL]:
                won_x |= 1 << board
                closed |= 1 << board
        if (x | o) >> 9 * board & FULL == FULL:
            closed |= 1 << board
        if closed == FULL or WON[won_o if player else won_x]:
            cell = OVER
        elif closed >> cell & 1:
            cell = ANY
        return x, o, won_x, won_o, closed, cell, 1 - player

    def outcome(self, state):
        """None while playing; else +1 / 0 / -1 for the side to move."""
        if state[5] != OVER:
            return None
        mine, theirs = (state[2], state[3]) if state[6] == 0 else (state[3], state[2])
        if WON[theirs]:
            return -1  # only the player who just moved can have made a line
        more = mine.bit_count() - theirs.bit_count()
        return (more > 0) - (more < 0)

    def noisy_moves(self, state, moves):
        """The moves of ``moves`` that win their small board (alpha-beta+'s quiescence)."""
        cells = state[1] if state[6] else state[0]
        return [m for m in moves if WON[(cells | 1 << m) >> m // 9 * 9 & FULL]]

    def move_name(self, move):
        board, cell = divmod(move, 9)
        return f"{board // 3 * 3 + cell // 3} {board % 3 * 3 + cell % 3}"

    def parse_move(self, text):
        parts = text.split()
        if len(parts) != 2 or not all(p.isascii() and p.isdigit() and int(p) < 9 for p in parts):
            raise GameError(f"a move is a row and a column 0-8, got {text!r}")
        row, col = int(parts[0]), int(parts[1])
        return 9 * (row // 3 * 3 + col // 3) + row % 3 * 3 + col % 3

    def render(self, state):
        x, o = state[0], state[1]
        mark = lambda m: "X" if x >> m & 1 else "O" if o >> m & 1 else "."  # noqa: E731
        return [" ".join(mark(self.parse_move(f"{r} {c}")) for c in range(9)) for r in range(9)]
