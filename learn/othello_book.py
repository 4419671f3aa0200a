"""Makes the Othello opening book (games/othello/book.py): every position the arena's
openings reach after ``--plies`` plies (4 random plies, then our first move as Black;
the fifth ply is the opponent's, so White's first move is from a position after 5),
each answered by a search with the bot's N-tuple evaluation far deeper than a turn's:
a compiled alpha-beta of ``--depth`` plies (learn/compiled/othello.py's ``search``, its
moves ordered, numba), or with ``--depth 0`` the bot's own best-first with its tuned
constants and a tree of ``--nodes`` nodes.

    python -m learn.othello_book --jobs 2   # the shipped book: writes games/othello/book_data.py

Positions are searched once per symmetry class, in a fixed order, with a depth or a
node budget rather than a clock: the book is the same on any machine and any
``--jobs``. ``--follow 1`` (the default) adds the
positions after each book move and each reply to it (our second move); every position
of the disc counts the book covers is enumerated to check that no two share a key, which
bounds the book to the first few moves.
"""
import argparse
import importlib
import math
import sys
import time
from pathlib import Path

from arena.backends import LocalBackend
from bots.othello import BOT
from engines.bestfirst import BestFirst
from games.othello import book, ntuple
from games.othello.rules import PASS, Othello
from learn.selfplay import write_weights

OUTPUT = Path(__file__).resolve().parent.parent / "games" / "othello" / "book_data.py"
PLIES_DEFAULT = (4, 5)
DEPTH_DEFAULT = 10  # 0.3 s a position here; 12 plies were too slow (docs/tuning/othello-book.md)
FOLLOW_DEFAULT = 1
NODES_DEFAULT = 30_000
START_DISCS = 4


def positions_by_discs(game, most_discs):
    """Every position the game reaches with at most ``most_discs`` discs, as a set of
    states, by disc count (passes included, should any come this early)."""
    found = {}
    frontier = {game.initial_state()}
    while frontier:
        following = set()
        for state in frontier:
            discs = (state[0] | state[1]).bit_count()
            found.setdefault(discs, set()).add(state)
            if discs < most_discs:
                following.update(game.play(state, move) for move in game.legal_moves(state))
        frontier = following
    return found


def classes(states):
    """{canonical (mover, other): one state of the class} in a fixed order."""
    chosen = {}
    for state in sorted(states):
        pair = book.canonical(state[0], state[1])[:2]
        chosen.setdefault(pair, state)
    return dict(sorted(chosen.items()))


def check_keys(by_discs, discs):
    """ValueError if two positions of the covered disc counts share a key."""
    seen = {}
    for count in discs:
        for pair in classes(by_discs.get(count, ())):
            k = book.key(*pair)
            if seen.setdefault(k, pair) != pair:
                raise ValueError(f"two positions share the book key {k:#x}; change book.key's mix")


_COMPILED = []  # per process: (learn.compiled.othello, its N-tuple evaluation)


def answer(mover, other, player, nodes, depth):
    """The book's move for one position: a compiled alpha-beta of ``depth`` plies if
    ``depth``, else the bot's best-first with a tree of ``nodes`` nodes (no tree kept
    between positions)."""
    if depth:
        if not _COMPILED:
            compiled = importlib.import_module("learn.compiled.othello")  # numba: imported by --depth only
            _COMPILED.append((compiled, compiled.evaluation(ntuple.load())))
        compiled, evaluation = _COMPILED[0]
        value_and_move = compiled.search(compiled.U0 | mover, compiled.U0 | other, depth, evaluation, 1,
                                         compiled.BOOK_ORDER_FROM)
        return int(value_and_move[1])
    game = Othello()
    tuned = BOT.config("bestfirst").params
    engine = BestFirst(game, ntuple.make_evaluator(game), C=tuned["C"], FPU=tuned["FPU"], max_nodes=nodes,
                       reuse=False)
    return engine.search((mover, other, player), math.inf).move


def build(plies, nodes, follow=0, progress=print, depth=0, jobs=1):
    """({key: canonical square}, the covered disc counts): every position after each of
    ``plies`` plies, then ``follow`` times the positions after the book's move and each
    reply to it, each searched once per symmetry class (``answer``'s search), ``jobs``
    at a time."""
    game = Othello()
    entries = {}
    discs = set()
    frontier = set()
    by_discs = positions_by_discs(game, START_DISCS + max(plies))
    for p in plies:
        frontier.update(by_discs.get(START_DISCS + p, ()))
    backend = LocalBackend(jobs)
    for round_ in range(follow + 1):
        todo = classes(frontier)
        tasks = [(pair[0], pair[1], state[2], nodes, depth) for pair, state in todo.items()]
        following = set()
        for number, ((pair, state), move) in enumerate(zip(todo.items(), backend.map(answer, tasks)), start=1):
            if number % 50 == 0 or number == len(todo):
                progress(f"round {round_ + 1}: {number}/{len(todo)}")
            if move == PASS:
                continue
            entries[book.key(*pair)] = move
            discs.add((pair[0] | pair[1]).bit_count())
            played = game.play((pair[0], pair[1], state[2]), move)
            following.update(game.play(played, reply) for reply in game.legal_moves(played))
        frontier = following
    discs = sorted(discs)
    check_keys(positions_by_discs(game, max(discs)), discs)
    return entries, discs


def write(path, discs, entries, command, figures):
    data = book.encode(entries)
    header = (f"The Othello opening book (games/othello/book.py), written by\n`{command}`\n"
              f"({figures}; {len(data)} characters).\n")
    write_weights(path, header, [("DISCS", tuple(discs), "the disc counts of the positions it holds")], data)
    return len(data)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m learn.othello_book", description=__doc__.split("\n\n")[0])
    parser.add_argument("--plies", type=int, nargs="+", default=list(PLIES_DEFAULT),
                        help="plies from the start of the positions to hold (default: 4 5)")
    parser.add_argument("--depth", type=int, default=DEPTH_DEFAULT,
                        help="plies of each position's compiled alpha-beta (numba); 0: best-first with --nodes"
                             f" (default {DEPTH_DEFAULT})")
    parser.add_argument("--nodes", type=int, default=NODES_DEFAULT,
                        help=f"tree nodes of each position's best-first search, with --depth 0"
                             f" (default {NODES_DEFAULT})")
    parser.add_argument("--follow", type=int, default=FOLLOW_DEFAULT, choices=(0, 1),
                        help=f"also the positions after the book's move and each reply, once"
                             f" (default {FOLLOW_DEFAULT})")
    parser.add_argument("--jobs", type=int, default=1, help="positions searched at a time (default 1)")
    parser.add_argument("--output", default=str(OUTPUT), help="where to write the book module")
    options = parser.parse_args(argv)
    if any(not 0 <= p <= 10 for p in options.plies):
        parser.exit(2, f"{parser.prog}: --plies must be within 0-10, got {options.plies}\n")
    for name in ("nodes", "jobs"):
        if getattr(options, name) < 1:
            parser.exit(2, f"{parser.prog}: --{name} must be positive, got {getattr(options, name)}\n")
    if not 0 <= options.depth <= 20:
        parser.exit(2, f"{parser.prog}: --depth must be within 0-20, got {options.depth}\n")
    started = time.perf_counter()
    entries, discs = build(options.plies, options.nodes, options.follow, depth=options.depth, jobs=options.jobs)
    seconds = time.perf_counter() - started
    search = f"--depth {options.depth}" if options.depth else f"--depth 0 --nodes {options.nodes}"
    command = (f"python -m learn.othello_book --plies {' '.join(map(str, options.plies))} {search}"
               f" --follow {options.follow} --jobs {options.jobs}")
    followed = " and the replies to its moves" if options.follow else ""
    each = f"a {options.depth}-ply compiled alpha-beta" if options.depth else f"{options.nodes} nodes of best-first"
    figures = (f"{len(entries)} positions up to symmetry, after {'/'.join(map(str, sorted(options.plies)))} plies"
               f"{followed}, {each} each, {seconds:.0f} s")
    characters = write(options.output, discs, entries, command, figures)
    print(f"{figures}; {characters} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
