"""Reversed Reversi for the SUSTech CS303 judge, compiled with numba where it can be.

The same ``class AI`` as bots/reversi_sustech.py (whose notes on the judge hold here),
with games/othello/compiled.py's search: alpha-beta with iterative deepening and the
misere evaluation, and from SOLVE_EMPTIES empty squares the exact win/draw/loss solver.

numba compiles that search in a background thread started by the constructor (5 to 7 s
with the import of numba, alone; docs/tuning/reversi-sustech.md#compilation), so
neither the constructor nor any move waits for it: until it is ready, and for the whole
game where numba cannot be imported or the compilation fails, each move is the pure
Python bot's. Once it is ready the pure-Python tree is dropped (memory). The thread is
the only one the bot starts, and it ends with the compilation; if no thread can be
started, the game is played in pure Python. Nothing is written to disk (no numba cache).
"""
import sys
import threading
import time

from bots import reversi_sustech

COLOR_BLACK = reversi_sustech.COLOR_BLACK
COLOR_WHITE = reversi_sustech.COLOR_WHITE
COLOR_NONE = reversi_sustech.COLOR_NONE

# Where the solver starts, by representation (docs/tuning/reversi-sustech.md#solve_empties):
SOLVE_EMPTIES = {"bitboard": 20, "array": 14}
VERBOSE = "--verbose" in sys.argv  # a line on stderr for each move (the arena: "FILE.py --verbose")
PYTHON_NODES = 20_000  # the pure-Python tree while numba compiles (numba itself takes ~90 MB)
# While numba compiles, the interpreter lets another thread take its turn after this
# long (Python's default is 5 ms): the compiler gives the interpreter up for each of its
# thousands of calls into LLVM, and waited up to 5 ms each time to get it back while a
# move searched in pure Python (docs/tuning/reversi-sustech.md#compilation).
SWITCH_SECONDS = 0.0002


class AI(reversi_sustech.AI):
    max_nodes = PYTHON_NODES

    def __init__(self, chessboard_size, color, time_out):
        super().__init__(chessboard_size, color, time_out)
        self.compiled = None        # the compiled engine, once ready
        self.compile_seconds = None
        self.compile_error = None
        self.compiled_solve_empties = None
        try:
            threading.Thread(target=self._compile, name="numba-compile", daemon=True).start()
        except Exception as error:  # no thread: the pure-Python bot plays
            self._give_up(error)

    def _compile(self):
        started = time.perf_counter()
        switch = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_SECONDS)
        try:
            from games.othello import compiled
            engine = compiled.Engine(self.chessboard_size)
            engine.compile()
        except BaseException as error:  # numba missing or failing: stay in pure Python
            self._give_up(error)
            return
        finally:
            sys.setswitchinterval(switch)
        self.compiled_solve_empties = SOLVE_EMPTIES["bitboard" if engine.bitboard else "array"]
        self.compile_seconds = time.perf_counter() - started
        self.compiled = engine
        if VERBOSE:
            print(f"AI: compiled in {self.compile_seconds:.2f} s", file=sys.stderr)

    def _give_up(self, error):
        self.compile_error = f"{type(error).__name__}: {error}"
        self.engine.max_nodes = reversi_sustech.MAX_NODES
        print(f"AI: playing without numba ({self.compile_error})", file=sys.stderr)

    def _search(self, state, moves, deadline):
        engine = self.compiled
        if engine is None:
            super()._search(state, moves, deadline)
            return
        if self.engine is not None:
            self.engine = self.solver = None  # the pure-Python tree and table are no longer needed
        mover, other, _ = state
        empties = self.game.empty_squares(state)
        started = time.perf_counter()
        result = engine.search(mover, other, deadline, lambda move: self._publish(move, moves),
                               solve_empties=self.compiled_solve_empties)
        if VERBOSE:
            print(f"AI: empties {empties} depth {result['depth']} value {result['value']} solved "
                  f"{result['solved']} nodes {result['nodes']} in {time.perf_counter() - started:.3f} s "
                  f"of {deadline - started:.3f}", file=sys.stderr)
        if result["solved"] is None and empties <= self.compiled_solve_empties:
            self.compiled_solve_empties = empties - 2  # the solver ran out of time: start it later
