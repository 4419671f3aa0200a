"""Makes the Oware opening book (games/oware/book.py): each of its positions (every
position of the first plies, then, round after round, those after its moves and each
reply) answered by a compiled alpha-beta with the bot's network evaluation
(learn/compiled/oware.py's ``search``, numba), far deeper than a turn's search:
``--depths`` gives the plies of the first positions' searches, then of each round's (as
many rounds as depths after the first).

    python -m learn.oware_book --jobs 2   # the shipped book: writes games/oware/book_data.py

The searches have a depth, not a clock: the book is the same on any machine and any
``--jobs``.
"""
import argparse
import importlib
import sys
import time
from pathlib import Path

from arena.backends import LocalBackend
from games.oware import book, nn
from games.oware.rules import Oware
from learn.selfplay import write_weights

OUTPUT = Path(__file__).resolve().parent.parent / "games" / "oware" / "book_data.py"
DEPTHS_DEFAULT = (18, 18, 16)  # about 1 s and 0.3 s a position here: docs/tuning/oware-book.md

_COMPILED = []  # per process: (learn.compiled.oware, its network evaluation)


def answer(state, depth):
    """The book's house for the packed ``state``: the best move of a ``depth``-ply search."""
    if not _COMPILED:
        compiled = importlib.import_module("learn.compiled.oware")  # numba: imported here only
        _COMPILED.append((compiled, compiled.evaluation(nn.load_weights())))
    compiled, evaluation = _COMPILED[0]
    return int(compiled.search(compiled.unpack(state), depth, evaluation)[1])


def build(depths, jobs=1, progress=print):
    """The book's moves, in its order (games/oware/book.py): its first positions
    searched ``depths[0]`` plies deep, then each round's positions those of the next
    depth, ``jobs`` at a time."""
    game = Oware()
    backend = LocalBackend(jobs)
    moves, rounds = [], iter(depths)

    def searched(positions):
        depth = next(rounds)
        progress(f"{len(positions)} positions, {depth} plies each")
        found = list(backend.map(answer, [(state, depth) for state in positions]))
        moves.extend(found)
        return found

    book.walk(game, len(depths) - 1, searched)
    book.entries(game, moves, len(depths) - 1)  # every move legal, the order the book's
    return moves


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m learn.oware_book", description=__doc__.split("\n\n")[0])
    parser.add_argument("--depths", type=int, nargs="+", default=list(DEPTHS_DEFAULT),
                        help="plies of the compiled alpha-beta of the first positions, then of each round of"
                             " replies: as many rounds as depths after the first"
                             f" (default {' '.join(map(str, DEPTHS_DEFAULT))})")
    parser.add_argument("--jobs", type=int, default=1, help="positions searched at a time (default 1)")
    parser.add_argument("--output", default=str(OUTPUT), help="where to write the book module")
    options = parser.parse_args(argv)
    if options.jobs < 1:
        parser.exit(2, f"{parser.prog}: --jobs must be positive, got {options.jobs}\n")
    if not all(1 <= depth <= 24 for depth in options.depths):
        parser.exit(2, f"{parser.prog}: --depths must be within 1-24, got {options.depths}\n")
    started = time.perf_counter()
    moves = build(options.depths, options.jobs)
    seconds = time.perf_counter() - started
    data = book.encode(moves)
    depths = " ".join(map(str, options.depths))
    command = f"python -m learn.oware_book --depths {depths} --jobs {options.jobs}"
    rounds = len(options.depths) - 1
    figures = (f"{len(moves)} positions: plies 0-{book.ROOT_PLIES}, then {rounds} rounds of those after its"
               f" moves (from ply {book.FOLLOW_FROM} on) and each reply; compiled alpha-beta with the network"
               f" evaluation, {depths} plies by round, {seconds:.0f} s; {len(data)} characters")
    header = f"The Oware opening book (games/oware/book.py), written by\n`{command}`\n({figures}).\n"
    write_weights(options.output, header, [("ROUNDS", rounds, "rounds of replies after the first positions")], data)
    print(figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
