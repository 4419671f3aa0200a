"""Writes a new game from a template under the name given, complete (rules, protocol,
evaluation, bot, tests), so that it builds, plays in the arena and passes the
conformance suite before its author changes a line; then they replace the rules with
their game's (docs/ADDING_A_GAME.md). Two players: tic-tac-toe (build/game_template/);
3 or 4: Last Stone, a take-away game for 2 to that many players on the N-player
contract, with a board view (build/game_template_nplayer/).

Usage::

    make new-game NAME=connect4          # or: python build/new_game.py connect4
    make new-game NAME=pile PLAYERS=4    # or: python build/new_game.py pile --players 4

It writes only new files (``games/<name>/``, ``bots/<name>.py``,
``tests/test_<name>.py``) and nothing else needs to list the game: games are discovered
(games/catalog.py). A wrong name or number of players stops it with one line (exit
status 2).
"""
import argparse
import keyword
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "game_template"
NPLAYER_TEMPLATE = Path(__file__).resolve().parent / "game_template_nplayer"
PLAYERS = (2, 3, 4)  # the arena seats 2 to 4 bots
NAME = re.compile(r"[a-z][a-z0-9_]*")
USAGE_ERROR = 2
# template file -> where it goes, relative to the repository ("{name}": the game's name)
FILES = {
    "__init__.py.tmpl": "games/{name}/__init__.py",
    "rules.py.tmpl": "games/{name}/rules.py",
    "protocol.py.tmpl": "games/{name}/protocol.py",
    "evaluation.py.tmpl": "games/{name}/evaluation.py",
    "bot.py.tmpl": "bots/{name}.py",
    "test.py.tmpl": "tests/test_{name}.py",
}
# the N-player template's: the same, and the replays' board view
NPLAYER_FILES = {**FILES, "view.py.tmpl": "games/{name}/view.py"}
# Names taken by the repository's own modules, that a game package would shadow.
TAKEN = {"runtime", "protocol", "catalog", "contract", "weights", "nn", "reversi", "full"}


class BadName(ValueError):
    """A name or number of players that cannot be a new game's (the message says why)."""


def check_players(text):
    """The number of players ``text`` names, one of ``PLAYERS``; BadName otherwise."""
    if text not in [str(n) for n in PLAYERS]:
        raise BadName(f"PLAYERS must be {', '.join(map(str, PLAYERS[:-1]))} or {PLAYERS[-1]}, got {text!r}")
    return int(text)


def template_of(players):
    """(the template's folder, {template file: target}) for a game of ``players``."""
    return (TEMPLATE, FILES) if players == 2 else (NPLAYER_TEMPLATE, NPLAYER_FILES)


def check_name(name, root, players=2):
    """``name`` if it can name a new game under ``root``; BadName otherwise."""
    if not NAME.fullmatch(name or ""):
        raise BadName(f"the name must be lower case letters, digits and _, starting with a letter, got {name!r}")
    if keyword.iskeyword(name) or name in sys.stdlib_module_names or name in TAKEN:
        raise BadName(f"{name!r} is taken (a Python keyword, a standard library module or one of the "
                         f"repository's): choose another")
    existing = [path for path in targets(name, root, players) if path.exists()]
    if existing:
        raise BadName(f"{existing[0].relative_to(root)} already exists: choose another name")
    return name


def targets(name, root, players=2):
    return [root / target.format(name=name) for target in template_of(players)[1].values()]


def class_name(name):
    """The rules class's name: ``connect_4`` -> ``Connect4``."""
    return "".join(part.capitalize() for part in name.split("_"))


def filled(text, name, players=2):
    """A template with the game's names (and its most players) in."""
    title = name.replace("_", " ").title()
    summary = ("a new game, tic-tac-toe until its rules are written" if players == 2 else
               f"a new game for 2 to {players} players, Last Stone until its rules are written")
    for placeholder, value in (("GAME_NAME", name), ("GameClass", class_name(name)), ("GAME_TITLE", title),
                               ("GAME_SUMMARY", summary), ("MAX_PLAYERS", str(players)),
                               ("SEAT_COUNTS", repr(tuple(range(2, players + 1))))):
        text = text.replace(placeholder, value)
    return text


def write_game(name, root=ROOT, players=2):
    """Writes the game's files (for 2 to ``players`` players) under ``root``; their paths."""
    check_name(name, root, players)
    folder, files = template_of(players)
    written = []
    for template, target in files.items():
        path = root / target.format(name=name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(filled((folder / template).read_text(), name, players))
        written.append(path)
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(prog="make new-game", description=__doc__.split("\n\n")[0])
    parser.add_argument("name", nargs="?", default="", help="the game's name (a Python module name)")
    parser.add_argument("--players", default="2", help="the most players it seats: 2 (tic-tac-toe), 3 or 4 "
                        "(Last Stone, for 2 to that many)")
    parser.add_argument("--root", default=str(ROOT), help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    root = Path(options.root)
    if not options.name:
        print("make new-game: give the game's name: make new-game NAME=<name>", file=sys.stderr)
        return USAGE_ERROR
    try:
        written = write_game(options.name, root, check_players(options.players.strip()))
    except BadName as error:
        print(f"make new-game: {error}", file=sys.stderr)
        return USAGE_ERROR
    for path in written:
        print(f"wrote {path.relative_to(root)}")
    print(f"next: make build && .venv/bin/python -m pytest -k {options.name}; then docs/ADDING_A_GAME.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
