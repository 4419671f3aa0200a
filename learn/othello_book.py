"""Makes the Othello opening book (games/othello/book.py): every position the arena's
openings reach after ``--plies`` plies (4 random plies, then our first move as Black;
the fifth ply is the opponent's, so White's first move is from a position after 5),
each answered by the bot's own engine (best-first with the N-tuple evaluation and the
bot's tuned constants) with a tree of ``--nodes`` nodes, far more than a turn's.

    python -m learn.othello_book      # writes games/othello/book_data.py

Positions are searched once per symmetry class, in a fixed order, with a node budget
rather than a clock: the book is the same on any machine. ``--follow 1`` adds the
positions after each book move and each reply to it (our second move); every position
of the disc counts the book covers is enumerated to check that no two share a key, which
bounds the book to the first few moves.
"""
import argparse
import math
import sys
import time
from pathlib import Path

from bots.othello import BOT
from engines.bestfirst import BestFirst
from games.othello import book, ntuple
from games.othello.rules import PASS, Othello
from learn.selfplay import write_weights

OUTPUT = Path(__file__).resolve().parent.parent / "games" / "othello" / "book_data.py"
PLIES_DEFAULT = (4, 5)
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


def searcher(game, nodes):
    tuned = BOT.tuned_for("bestfirst").params
    evaluate = ntuple.make_evaluator(game)
    return lambda: BestFirst(game, evaluate, C=tuned["C"], FPU=tuned["FPU"], max_nodes=nodes, reuse=False)


def build(plies, nodes, follow=0, progress=print):
    """({key: canonical square}, the covered disc counts): every position after each of
    ``plies`` plies, then ``follow`` times the positions after the book's move and each
    reply to it, each searched once per symmetry class."""
    game = Othello()
    make_engine = searcher(game, nodes)
    entries = {}
    discs = set()
    frontier = set()
    by_discs = positions_by_discs(game, START_DISCS + max(plies))
    for p in plies:
        frontier.update(by_discs.get(START_DISCS + p, ()))
    for round_ in range(follow + 1):
        todo = classes(frontier)
        following = set()
        for number, (pair, state) in enumerate(todo.items(), start=1):
            move = make_engine().search((pair[0], pair[1], state[2]), math.inf).move
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
    parser.add_argument("--nodes", type=int, default=NODES_DEFAULT,
                        help=f"tree nodes of each position's search (default {NODES_DEFAULT})")
    parser.add_argument("--follow", type=int, default=0, choices=(0, 1),
                        help="also the positions after the book's move and each reply, once (default 0)")
    parser.add_argument("--output", default=str(OUTPUT), help="where to write the book module")
    options = parser.parse_args(argv)
    if any(not 0 <= p <= 10 for p in options.plies):
        parser.exit(2, f"{parser.prog}: --plies must be within 0-10, got {options.plies}\n")
    if options.nodes < 1:
        parser.exit(2, f"{parser.prog}: --nodes must be positive, got {options.nodes}\n")
    started = time.perf_counter()
    entries, discs = build(options.plies, options.nodes, options.follow)
    seconds = time.perf_counter() - started
    command = "python -m learn.othello_book" + "".join(
        [] if sorted(options.plies) == list(PLIES_DEFAULT) else [" --plies " + " ".join(map(str, options.plies))]
    ) + ("" if options.nodes == NODES_DEFAULT else f" --nodes {options.nodes}") + (
        f" --follow {options.follow}" if options.follow else "")
    followed = " and the replies to its moves" if options.follow else ""
    figures = (f"{len(entries)} positions up to symmetry, after {'/'.join(map(str, sorted(options.plies)))} plies"
               f"{followed}, {options.nodes} nodes each, {seconds:.0f} s")
    characters = write(options.output, discs, entries, command, figures)
    print(f"{figures}; {characters} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
