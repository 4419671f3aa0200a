"""Reversed Reversi for the SUSTech CS303 judge: ``class AI`` (fewer discs wins).

The judge calls ``go(chessboard)`` with an n x n numpy array (-1 black, 1 white, 0
empty) and takes the *last* element of ``candidate_list`` when ``go`` returns or when
its time runs out. So ``go`` first lists every legal move, then searches in short
slices and appends the best move so far after each slice: the list always ends with
the best move found. It never raises: on any failure the list still ends with a legal
move. The game clock (180 s a game) is shared out over the moves still to come; the
moves of the last SOLVED_TAIL empty squares count as TAIL_MOVES moves, as the solver
settles most of them in a moment. Where at most SOLVE_EMPTIES squares are empty, the exact solver first
tries to prove a win or a draw, and 2 squares later each time it runs out of time
(docs/tuning/reversi-sustech.md).

bots/reversi_sustech_numba.py is this bot with a compiled search, where numba is there.
"""
import sys
import time

from engines.bestfirst import BestFirst
from engines.exact import ExactSolver
from games.othello import misere
from games.othello.rules import Othello

COLOR_BLACK = -1
COLOR_WHITE = 1
COLOR_NONE = 0

GAME_SECONDS = 180.0   # the judge's limit for one player's whole game...
TIME_OUT = 5.0         # ...with this time_out; a shorter time_out shortens it alike
MOVE_SHARE = 0.8       # of time_out, leaving room for the judge's own overhead
SLICE_SECONDS = 0.2    # how often the best move so far is published
MAX_NODES = 80_000     # keeps the bot inside the judge's 100 MB (docs/tuning/reversi-sustech.md#memory)
SOLVE_EMPTIES = 14     # the solver's turn: docs/tuning/reversi-sustech.md#solve_empties
SOLVE_SHARE = 0.5      # of a move's time, the most the solver may take
SOLVER_TABLE = 40_000  # the solver's table entries (about 8 MB)
SOLVED_TAIL = 10       # empty squares whose moves share the clock as TAIL_MOVES moves
TAIL_MOVES = 2         # (the solver settles most of them in a moment)
MOVE_OVERHEAD = 0.03   # seconds a move costs on the game clock beyond go() (the judge's side)
# Othello's weights and handcrafted evaluation, which games.othello.ntuple loads where it
# is given no weights or another board: this bot gives its own weights on 8x8 and the
# misere evaluation elsewhere, so its bundle (build/bundle.py) leaves them out
BUNDLE_LEAVES_OUT = ("games.othello.ntuple_weights", "games.othello.evaluation")


class AI:
    max_nodes = MAX_NODES

    def __init__(self, chessboard_size, color, time_out):
        self.chessboard_size = chessboard_size
        self.color = color
        self.time_out = time_out
        self.candidate_list = []
        self.game = Othello(chessboard_size, misere=True)
        self.player = 0 if color == COLOR_BLACK else 1
        self.engine = BestFirst(self.game, self.evaluator(), max_nodes=self.max_nodes)
        self.solver = ExactSolver(self.game, tt_size=SOLVER_TABLE, exact=False)
        self.solve_empties = SOLVE_EMPTIES
        # The arena's --scale shortens both; so, by the same guess, would a judge.
        self.clock_left = GAME_SECONDS * min(1.0, time_out / TIME_OUT)

    def evaluator(self):
        """The N-tuple evaluation fitted to Reversed Reversi on 8x8 (python -m learn.othello
        --misere; docs/tuning/reversi-sustech.md#the-n-tuple-evaluation); on other boards,
        which it was not fitted for, the handcrafted misere one."""
        if self.chessboard_size != 8:
            return misere.make_evaluator(self.game)
        # imported here: the numba bot, which plays without them, leaves them out of its bundle
        from games.othello import misere_ntuple_weights, ntuple
        return ntuple.make_evaluator(self.game, ntuple.load(misere_ntuple_weights))

    def go(self, chessboard):
        started = time.perf_counter()
        self.candidate_list.clear()
        try:
            self._think(chessboard, started)
        except Exception as error:  # the judge counts an exception as a loss
            print(f"AI: search failed ({type(error).__name__}: {error})", file=sys.stderr)
        self._release()
        self.clock_left -= time.perf_counter() - started + MOVE_OVERHEAD
        return self.candidate_list

    def _release(self):
        """Frees the trees and table entries the searches dropped (engines/base.py keeps
        them for a bot to free after its answer): here nothing else would, and the judge's
        100 MB hold the whole process."""
        for engine in (self.engine, self.solver):
            if engine is not None:
                engine.release()

    def state_of(self, chessboard):
        n = self.chessboard_size
        black = white = 0
        for row in range(n):
            for col in range(n):
                cell = chessboard[row][col]
                if cell == COLOR_BLACK:
                    black |= 1 << (row * n + col)
                elif cell == COLOR_WHITE:
                    white |= 1 << (row * n + col)
        return self.game.state_from_discs(black, white, self.player)

    def _think(self, chessboard, started):
        game = self.game
        state = self.state_of(chessboard)
        mover, other, _ = state
        moves = []
        bits = game.move_mask(mover, other)
        while bits:
            low = bits & -bits
            moves.append(low.bit_length() - 1)
            bits ^= low
        n = self.chessboard_size
        self.candidate_list.extend(divmod(m, n) for m in moves)
        if len(moves) <= 1:
            return
        self._search(state, moves, started + self._budget(state))

    def _publish(self, move, moves):
        if move in moves:
            self.candidate_list.append(divmod(move, self.chessboard_size))

    def _search(self, state, moves, deadline):
        """Appends the best move found by ``deadline`` (and those before it)."""
        empties = self.game.empty_squares(state)
        if empties <= self.solve_empties:
            # The kept tree, the solver's table and the tree grown after a failed solve
            # would otherwise share the judge's 100 MB (docs/tuning/reversi-sustech.md#memory).
            self.engine.forget()
            now = time.perf_counter()
            result = self.solver.solve(state, now + SOLVE_SHARE * (deadline - now))
            if result is not None and result.value >= 0:  # a win or a draw in hand
                self._publish(result.move, moves)
                return
            if result is None:
                self.solve_empties = empties - 2  # out of time: try again 2 squares later
            self.solver.clear()
        while True:
            now = time.perf_counter()
            if now >= deadline:
                break
            result = self.engine.search(state, min(deadline, now + SLICE_SECONDS))
            # The first slice retired the last move's tree: freed now, not after go(), or
            # it and the new tree together pass 100 MB (docs/tuning/reversi-sustech.md#memory).
            self.engine.release()
            self._publish(result.move, moves)
            if result.nodes == 0:
                # Nothing was added: the root is exact, a forced win is in hand or the
                # tree is full. More slices would only grow the list and burn the clock.
                break

    def _budget(self, state):
        my_moves_left = max(0, (self.game.empty_squares(state) - SOLVED_TAIL + 1) // 2) + TAIL_MOVES
        share_of_clock = 0.9 * self.clock_left / my_moves_left
        return max(0.01, min(MOVE_SHARE * self.time_out, share_of_clock))
