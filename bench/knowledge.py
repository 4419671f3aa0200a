"""How often a bot's stored knowledge answered in a tournament: the opening books of
Othello and Oware (games/othello/book.py, games/oware/book.py) and the Oware endgame
table (games/oware/endgame.py).

    python bench/knowledge.py results/othello.jsonl new

Replays every game of the results file that the named bot played and counts, over the
positions where that bot was to move, those the game's book has a move for (the bot
played it in place of its search's) or whose result the game's table knows (at the root: its
searches meet more of them at their leaves).
"""
import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.games import load_referee  # noqa: E402
from bench.decided import positions, results_or_usage_error  # noqa: E402


def othello_knows(game, state):
    from games.othello.book import book_move
    return book_move(game, state) is not None


def oware_book_knows(game, state):
    from games.oware.book import book_move
    return book_move(game, state) is not None


def oware_table_knows(game, state):
    from games.oware.endgame import load
    return load().result(state) is not None


BOOK = "the opening book has a move"
TABLE = "the endgame table knows the result"
KNOWLEDGE = {"othello": ((BOOK, othello_knows),),
             "oware": ((BOOK, oware_book_knows), (TABLE, oware_table_knows))}


def count(records, name):
    """{(game, what answered): (games, the bot's moves, moves it answered, games with
    one)}, for each kind of knowledge of the games in KNOWLEDGE."""
    figures = {}
    for record in records:
        if name not in record.get("bots", ()) or record["game"] not in KNOWLEDGE:
            continue
        referee = load_referee(record["game"])
        game = referee.game
        seat = record["bots"].index(name)
        states, _ = positions(referee, record)
        own = [state for state in states if game.to_move(state) == seat]
        for label, knows in KNOWLEDGE[record["game"]]:
            known = sum(1 for state in own if knows(game, state))
            games, moves, answered, touched = figures.get((record["game"], label), (0, 0, 0, 0))
            figures[record["game"], label] = (games + 1, moves + len(own), answered + known, touched + (known > 0))
    return figures


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", help="a results file of the arena (JSON lines)")
    parser.add_argument("name", help="the bot to count for, as the file names it")
    options = parser.parse_args(argv)
    path = Path(options.results)
    records = results_or_usage_error(parser, path)
    figures = count(records, options.name)
    if not figures:
        parser.error(f"no Othello or Oware game of a bot named {options.name!r} in {path}")
    for (game, label), (games, moves, answered, touched) in sorted(figures.items()):
        print(f"{game}: {games} games, {moves} moves of {options.name}; {label} at "
              f"{answered} of them ({answered / max(moves, 1):.1%}), in {touched} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
