"""Reversed Reversi for the SUSTech CS303 judge, compiled with numba where it can be.

The same ``class AI`` as bots/reversi_sustech.py (whose notes on the judge hold here),
with games/othello/compiled.py's search: alpha-beta with iterative deepening and the
misere evaluation, and from SOLVE_EMPTIES empty squares the exact win/draw/loss solver.

numba compiles that search on the judge's one thread, in steps run at the start of
``go``: importing numba, then each compiled function with its signature, leaves first
(``compiled.STEPS``; 3 to 4 s in all, the longest step under a second, twice that on
a loaded machine: docs/tuning/reversi-sustech.md#compilation-in-steps). A step starts only if its estimate
(STEP_SECONDS, times how much slower than estimated the steps so far ran) leaves
PYTHON_SECONDS of the move's time, which the pure-Python bot then searches; the move
after the last step (or the rest of that move) is the compiled search's. Where no move
is long enough for the longest step (a ``time_out`` under about 3 s), numba is never
imported; where numba is missing or a step fails, the pure-Python bot plays the rest of
the game. The constructor compiles nothing: whether the judge times it is not known.
No thread is started and nothing is written to disk (no numba cache).
"""
import sys
import time

from bots import reversi_sustech
from games.othello import misere

COLOR_BLACK = reversi_sustech.COLOR_BLACK
COLOR_WHITE = reversi_sustech.COLOR_WHITE
COLOR_NONE = reversi_sustech.COLOR_NONE

# Where the solver starts, by representation (docs/tuning/reversi-sustech.md#solve_empties):
SOLVE_EMPTIES = {"bitboard": 20, "array": 14}
VERBOSE = "--verbose" in sys.argv  # a line on stderr for each move (the arena: "FILE.py --verbose")
PYTHON_NODES = 20_000  # the pure-Python tree until the compiled search is ready (numba itself takes ~90 MB)
PYTHON_SECONDS = 0.5   # of a move that compiles, the least left to the pure-Python search
# Each step's seconds, about twice the median measured (a loaded machine took up to
# twice that again); the first compilation also sets numba's compiler up
# (docs/tuning/reversi-sustech.md#compilation-in-steps).
STEP_SECONDS = {
    "import": 0.4,
    "popcount": 0.6, "lowest_square": 0.1, "bb_key": 0.1, "bb_moves": 0.25, "bb_flips": 0.3,
    "bb_beside": 0.15, "bb_evaluate": 0.4, "bb_search": 1.5, "bb_solve": 1.2,
    "mb_legal": 0.6, "mb_moves": 0.25, "mb_count_moves": 0.3, "mb_play": 0.4, "mb_undo": 0.2,
    "mb_margin": 0.2, "mb_evaluate": 0.6, "mb_search": 2.0, "mb_solve": 1.6,
    "now": 0.2, "tick": 0.2, "weight": 0.15, "clamp": 0.15, "final_value": 0.1, "pick_next": 0.25,
    "probe": 0.3, "store": 0.2,
}
# The pure-Python bot's N-tuple evaluation (code and weights) would not fit in this
# bundle beside the compiled search: its tree, which plays only until the compiled
# search is ready, uses the handcrafted misere evaluation (``evaluator`` below)
BUNDLE_LEAVES_OUT = ("games.othello.ntuple", "games.othello.ntuple_weights", "games.othello.misere_ntuple_weights")


class AI(reversi_sustech.AI):
    clock = staticmethod(time.perf_counter)  # the steps' clock (a test gives a fake one)

    def __init__(self, chessboard_size, color, time_out):
        super().__init__(chessboard_size, color, time_out)
        self.compiled = None        # the compiled engine, once every step is done
        self.compiling = None       # the compiled engine, while its functions compile
        self.compile_error = None
        self.steps = ["import"]     # the compilation's steps still to do, in order
        self.step_log = []          # (step, seconds) of the steps done
        self.estimated = 0.0        # the estimates of the steps done, in seconds...
        self.spent = 0.0            # ...and the seconds they took
        self.scipy_kept_out = False
        if max(STEP_SECONDS.values()) + PYTHON_SECONDS > reversi_sustech.MOVE_SHARE * time_out:
            self._give_up("no move is long enough for the longest compilation step")
        else:
            self.engine.max_nodes = PYTHON_NODES

    def evaluator(self):
        return misere.make_evaluator(self.game)

    def _search(self, state, moves, deadline):
        if self.steps:
            self._compile_some(deadline - PYTHON_SECONDS)
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

    # -- the compilation, a step at a time ---------------------------------------------------
    def _compile_some(self, until):
        """Runs the next steps while each one's estimate ends by ``until``."""
        while self.steps:
            name = self.steps[0]
            started = self.clock()
            if started + self.estimate(name) > until:
                return
            try:
                self._step(name)
            except Exception as error:  # numba missing or failing: the pure-Python bot plays on
                self._give_up(f"{type(error).__name__}: {error}")
                return
            took = self.clock() - started
            self.steps.pop(0)
            self.step_log.append((name, took))
            self.estimated += STEP_SECONDS[name]
            self.spent += took
            if VERBOSE:
                print(f"AI: step {name} in {took:.3f} s (estimate {STEP_SECONDS[name]})", file=sys.stderr)
        self._ready()

    def estimate(self, name):
        """A step's estimated seconds, times how much slower than estimated the steps so far ran."""
        slowness = self.spent / self.estimated if self.estimated else 1.0
        return STEP_SECONDS[name] * max(1.0, slowness)

    def _step(self, name):
        if name != "import":
            self.compiling.compile_step(name)
            return
        # numba's first compilation imports scipy.linalg where scipy is installed, only to
        # see whether numba may call its BLAS (this search does not): its threads and 11-15 MB
        # stay out (docs/tuning/reversi-sustech.md#memory-numbas-own-footprint).
        if "scipy" not in sys.modules:
            sys.modules["scipy"] = None  # "import scipy" raises ImportError
            self.scipy_kept_out = True
        from games.othello import compiled
        self.compiling = compiled.Engine(self.chessboard_size)
        self.steps.extend(compiled.STEPS[self.compiling.bitboard])

    def _ready(self):
        engine = self.compiling
        self.compiled, self.compiling = engine, None
        self.compiled_solve_empties = SOLVE_EMPTIES["bitboard" if engine.bitboard else "array"]
        self._let_scipy_in()
        if VERBOSE:
            print(f"AI: compiled in {self.spent:.2f} s", file=sys.stderr)

    def _give_up(self, reason):
        self.compile_error = reason
        self.steps = []
        self.compiling = None
        self.engine.max_nodes = reversi_sustech.MAX_NODES
        self._let_scipy_in()
        print(f"AI: playing without numba ({reason})", file=sys.stderr)

    def _let_scipy_in(self):
        if self.scipy_kept_out and sys.modules.get("scipy", 0) is None:
            del sys.modules["scipy"]
        self.scipy_kept_out = False
