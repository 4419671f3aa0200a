"""Makes the Oware opening book (games/oware/book.py): each of its positions (every
position of the first plies, then those after its moves and each reply) answered by a
compiled alpha-beta of ``--depth`` plies with the bot's network evaluation
(learn/compiled/oware.py's ``search``, numba), far deeper than a turn's search.

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
DEPTH_DEFAULT = 18  # seconds a position here: docs/tuning/oware-book.md

_COMPILED = []  # per process: (learn.compiled.oware, its network evaluation)


def answer(state, depth):
    """The book's house for the packed ``state``: the best move of a ``depth``-ply search."""
    if not _COMPILED:
        compiled = importlib.import_module("learn.compiled.oware")  # numba: imported here only
        _COMPILED.append((compiled, compiled.evaluation(nn.load_weights())))
    compiled, evaluation = _COMPILED[0]
    return int(compiled.search(compiled.unpack(state), depth, evaluation)[1])


def build(depth, jobs=1, progress=print):
    """The book's moves, in its order (games/oware/book.py): its first positions searched,
    then those their moves lead to, ``jobs`` at a time."""
    game = Oware()
    backend = LocalBackend(jobs)
    first = book.roots(game)
    progress(f"{len(first)} first positions")
    moves = list(backend.map(answer, [(state, depth) for state in first]))
    more = book.followers(game, dict(zip(first, moves)))
    progress(f"{len(more)} positions after their moves and each reply")
    moves += backend.map(answer, [(state, depth) for state in more])
    book.entries(game, moves)  # every move legal, the order the book's
    return moves


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m learn.oware_book", description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=DEPTH_DEFAULT,
                        help=f"plies of each position's compiled alpha-beta (default {DEPTH_DEFAULT})")
    parser.add_argument("--jobs", type=int, default=1, help="positions searched at a time (default 1)")
    parser.add_argument("--output", default=str(OUTPUT), help="where to write the book module")
    options = parser.parse_args(argv)
    if options.jobs < 1:
        parser.exit(2, f"{parser.prog}: --jobs must be positive, got {options.jobs}\n")
    if not 1 <= options.depth <= 24:
        parser.exit(2, f"{parser.prog}: --depth must be within 1-24, got {options.depth}\n")
    started = time.perf_counter()
    moves = build(options.depth, options.jobs)
    seconds = time.perf_counter() - started
    data = book.encode(moves)
    command = f"python -m learn.oware_book --depth {options.depth} --jobs {options.jobs}"
    figures = (f"{len(moves)} positions: plies 0-{book.ROOT_PLIES}, then those after its moves from ply"
               f" {book.FOLLOW_FROM} on and each reply; a {options.depth}-ply compiled alpha-beta each with the"
               f" network evaluation, {seconds:.0f} s; {len(data)} characters")
    header = f"The Oware opening book (games/oware/book.py), written by\n`{command}`\n({figures}).\n"
    write_weights(options.output, header, [], data)
    print(figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
