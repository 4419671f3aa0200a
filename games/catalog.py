"""Which games there are, and what each declares about itself: the one place that lists
them, so that adding a game touches only its own files.

A game is a package under games/ (``games/<name>/__init__.py``) with a ``rules.py`` and a
``protocol.py`` whose ``Referee`` names the rules class (docs/INTERFACES.md). Its
``__init__.py`` may declare what the tools need to know beyond the rules and protocol:

- ``VARIANTS``: {name: keyword arguments of the rules class} for rule variants that the
  engine tests run too (Othello's ``{"reversi": {"misere": True}}``);
- ``OPT_OUT``: {check: the reason} for the generic checks (tests/test_conformance.py,
  tests/test_engines_games.py) that do not hold for the game, each with its reason;
- ``SAME_SEARCH_DEPTH``: the depth of bench/same_search.py's fixed-depth searches
  (default ``DEFAULT_SAME_SEARCH_DEPTH``);
- ``OPENSPIEL``: the name of the same game in open_spiel, where it has one (bench).

Nothing here is imported by a bundle: bots name their game's modules directly.
"""
import importlib
from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parent
# Files that make a folder under games/ a game (one of them is enough to be one).
GAME_FILES = ("rules.py", "protocol.py")
DEFAULT_SAME_SEARCH_DEPTH = 4


class GameLayoutError(Exception):
    """A folder under games/ that looks like a game but cannot be one (one line)."""


def game_names(root=GAMES_DIR):
    """The names of the games under ``root`` (games/), sorted; GameLayoutError naming
    the first folder that has a game's files but no ``__init__.py`` (Python would
    still import its modules, so it would otherwise drop out of every list unseen)."""
    names = []
    for folder in sorted(Path(root).iterdir()):
        if not folder.is_dir() or folder.name.startswith(("_", ".")):
            continue
        has_files = [f for f in GAME_FILES if (folder / f).is_file()]
        if not has_files:
            continue
        if not (folder / "__init__.py").is_file():
            raise GameLayoutError(f"games/{folder.name} has {' and '.join(has_files)} but no __init__.py: "
                                  f"add an empty games/{folder.name}/__init__.py to make it a game")
        names.append(folder.name)
    return names


def declared(name, key, default=None):
    """What game ``name``'s package declares as ``key`` (see the module's notes)."""
    return getattr(importlib.import_module(f"games.{name}"), key, default)


def referee_class(name):
    """The ``Referee`` class of game ``name``'s protocol."""
    return importlib.import_module(f"games.{name}.protocol").Referee


def rules_class(name):
    """The rules class of game ``name``: the one its referee plays."""
    return referee_class(name).rules


def variants(name):
    """{variant name: rules object} of game ``name``: the game itself under its own
    name, and the ``VARIANTS`` it declares."""
    rules = rules_class(name)
    found = {name: rules()}
    found.update((variant, rules(**options)) for variant, options in declared(name, "VARIANTS", {}).items())
    return found


def opted_out(name, check):
    """The reason game ``name`` gives for skipping ``check``, or None where it does not."""
    return declared(name, "OPT_OUT", {}).get(check)


def opt_out_hint(name, check):
    """What a failed generic check tells a game that cannot satisfy it: where to opt out."""
    return (f"A game that cannot satisfy this opts out in games/{name}/__init__.py: "
            f"OPT_OUT = {{{check!r}: 'the reason'}} (docs/ADDING_A_GAME.md)")
