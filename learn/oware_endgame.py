"""Makes the Oware endgame table (games/oware/endgame.py) by retrograde analysis.

Every board of at most ``--seeds`` seeds, from its side to move, gets the seeds that
side gains over its opponent with both playing best, with ``R`` plies left before the
200-ply limit (where the board counts for nobody): ``gain_0 = 0``, and ``gain_R`` of a
board is the seeds its side to move takes if it cannot move, else the best, over its
legal moves, of the seeds the move captures minus the opponent's ``gain_{R-1}`` of the
board left. The moves come from the game's own rules (games/oware/rules.py), played
once per board; the iteration then runs in numpy until ``gain_R`` no longer changes,
and that ``R`` is the table's horizon: with at least that many plies left, a board's
gain is the stored one (a fixed point stays fixed). Most boards settle sooner: each
board's gain is marked as holding from ``--horizon`` plies left, or else only from that
last ``R`` (games/oware/endgame.py says how the bytes tell them apart).

    python -m learn.oware_endgame      # 7 seeds: writes games/oware/endgame_table.py

numpy is for this trainer only; no bundle imports it.
"""
import argparse
import itertools
import sys
import time
from pathlib import Path

import numpy as np

from games.oware import endgame
from games.oware.rules import HOUSES, MAX_TURNS, SEEDS, Oware
from learn.selfplay import write_weights

OUTPUT = Path(__file__).resolve().parent.parent / "games" / "oware" / "endgame_table.py"
MAX_SEEDS = 14      # a byte per board: 15 seeds and more need more memory than a trainer should take
MAX_ITERATIONS = 1000
NO_MOVE = -1
SEEDS_DEFAULT = 7    # the room in the bundle: docs/tuning/oware-endgame.md
HORIZON_DEFAULT = 50


def boards(seeds):
    """Every board of at most ``seeds`` seeds, in index order."""
    found = [None] * endgame.positions(seeds)
    for total in range(seeds + 1):
        for bars in itertools.combinations(range(total + HOUSES - 1), HOUSES - 1):
            board = tuple(b - a - 1 for a, b in zip((-1,) + bars, bars + (total + HOUSES - 1,)))
            found[endgame.rank(board)] = board
    return found


def mover_state(game, board):
    """A state with ``board`` (the side to move's houses first), player 0 to move and
    both stores at most 24, so that the game goes on as long as the board allows."""
    captured = SEEDS - sum(board)
    first = min(captured, 24)
    return game.make_state(board, (first, captured - first))


def transitions(seeds, game=None):
    """(children, captures, seeds on each board): for each board and move 0-5, the index of
    the board the opponent then faces (``NO_MOVE`` where the move is not legal) and the
    seeds the move captures."""
    game = game or Oware()
    everything = boards(seeds)
    children = np.full((len(everything), 6), NO_MOVE, dtype=np.int64)
    captures = np.zeros((len(everything), 6), dtype=np.int8)
    for index, board in enumerate(everything):
        state = mover_state(game, board)
        before = game.stores(state)[0]
        for move in game.legal_moves(state):
            child = game.play(state, move)
            children[index, move] = endgame.rank(endgame.mover_board(child))
            captures[index, move] = game.stores(child)[0] - before
    totals = np.array([sum(board) for board in everything], dtype=np.int8)
    return children, captures, totals


def step(gains, children, captures, totals):
    """``gain_R`` of every board from ``gain_{R-1}`` (``gains``)."""
    legal = children != NO_MOVE
    options = np.where(legal, captures - gains[np.where(legal, children, 0)], -128)
    return np.where(legal.any(axis=1), options.max(axis=1), totals).astype(np.int8)


def gains_after(plies, children, captures, totals):
    """``gain_R`` for R = ``plies`` (exactly, fixed point or not): what the tests hold
    equal to the exact solver's results."""
    gains = np.zeros(len(totals), dtype=np.int8)
    for _ in range(plies):
        gains = step(gains, children, captures, totals)
    return gains


def solve(children, captures, totals):
    """(the fixed point's gains, for each board the least R from which its gain is the
    fixed point's, the least R from which every board's is)."""
    gains = np.zeros(len(totals), dtype=np.int8)
    history = []
    for plies in range(1, MAX_ITERATIONS + 1):
        following = step(gains, children, captures, totals)
        if np.array_equal(following, gains):
            break
        history.append(following)
        gains = following
    else:
        raise RuntimeError(f"the gains still change after {MAX_ITERATIONS} plies")
    settled = np.ones(len(totals), dtype=np.int64)  # gain_0 = 0 is no board's answer
    for plies, earlier in enumerate(history, start=1):
        settled[earlier != gains] = plies + 1
    return gains, settled, plies - 1


def codes(gains, settled, seeds, horizon):
    """The table's bytes: each board's gain, lifted where it settles after ``horizon``."""
    return [endgame.code(int(g), seeds, int(r) > horizon) for g, r in zip(gains, settled)]


def write(path, seeds, horizon, long_horizon, stored, command, figures):
    data = endgame.encode(stored)
    header = (f"The Oware endgame table (games/oware/endgame.py), written by\n`{command}`\n"
              f"({figures}; {len(data)} characters).\n")
    write_weights(path, header, [("SEEDS", seeds, "boards of at most this many seeds"),
                                 ("HORIZON", horizon, "plies left from which most boards' gains hold"),
                                 ("LONG_HORIZON", long_horizon, "plies left from which every board's gain holds")],
                  data)
    return len(data)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m learn.oware_endgame", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=SEEDS_DEFAULT,
                        help=f"the most seeds on a board in the table (default {SEEDS_DEFAULT})")
    parser.add_argument("--horizon", type=int, default=HORIZON_DEFAULT,
                        help=f"plies left from which most boards' gains hold (default {HORIZON_DEFAULT})")
    parser.add_argument("--output", default=str(OUTPUT), help="where to write the table module")
    options = parser.parse_args(argv)
    if not 0 <= options.seeds <= MAX_SEEDS:
        parser.exit(2, f"{parser.prog}: --seeds must be within 0-{MAX_SEEDS}, got {options.seeds}\n")
    if not 1 <= options.horizon <= MAX_TURNS:
        parser.exit(2, f"{parser.prog}: --horizon must be within 1-{MAX_TURNS}, got {options.horizon}\n")
    started = time.perf_counter()
    children, captures, totals = transitions(options.seeds)
    gains, settled, long_horizon = solve(children, captures, totals)
    horizon = min(options.horizon, long_horizon)
    seconds = time.perf_counter() - started
    command = "python -m learn.oware_endgame" + "".join(
        f" --{name} {value}" for name, value, default in (("seeds", options.seeds, SEEDS_DEFAULT),
                                                         ("horizon", options.horizon, HORIZON_DEFAULT))
        if value != default)
    early = float(np.mean(settled <= horizon))
    figures = (f"{len(gains)} boards of at most {options.seeds} seeds, {seconds:.0f} s; {early:.1%} of them"
               f" settled from {horizon} plies left, all from {long_horizon}; the side to move gains seeds"
               f" on {int((gains > 0).sum())}, none on {int((gains == 0).sum())}")
    characters = write(options.output, options.seeds, horizon, long_horizon,
                       codes(gains, settled, options.seeds, horizon), command, figures)
    print(f"{figures}; {characters} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
