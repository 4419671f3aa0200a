"""Which games the arena can referee, and their referees.

A CodinGame game ``g`` is refereed by ``games.g.protocol.Referee`` (docs/INTERFACES.md),
imported only when asked for, so a game still being written does not stop the others.
The arena's own games (``HOSTED``) have their referees in arena/: Reversed Reversi's is
``arena.sustech.Referee``, its bots SUSTech ``AI`` classes driven through a host
process; ``reversi-N`` is the game on an N x N board.
"""

import importlib
import re
import subprocess
import sys
from pathlib import Path

from arena import sustech
from arena.errors import UserError
from arena.sustech import SUSTECH, SUSTECH_SIZES
from games import catalog, contract

ROOT = Path(__file__).resolve().parent.parent
GAMES_DIR = ROOT / "games"
# The arena's own games, outside games/: {name: referee factory taking the clock's scale}
HOSTED = sustech.referees()
LISTED_HOSTED = (SUSTECH,)  # those game_names lists (the other sizes: --size)
FULL = "full"  # where build/bundle.py puts the bundles that carry every engine (dist/full/)
DEFAULT_MEMORY_MB = 768
# Referee classes by game name, for games outside games/ (a test's toy game): load_referee
# finds them first.
EXTRA_REFEREES = {}

def sized_game(name, size):
    """The name of game ``name`` played on a ``size`` board (only Reversed Reversi has
    sizes: 6, 8, 10 or 12); UserError otherwise."""
    if name not in HOSTED:
        raise UserError(f"--size is for reversi only (the {name} board has one size)")
    if size not in SUSTECH_SIZES:
        raise UserError(f"reversi board size must be one of {', '.join(map(str, SUSTECH_SIZES))}, got {size}")
    return SUSTECH if size == 8 else f"{SUSTECH}-{size}"


def game_names():
    """Every game with a package under games/ (ready or not), plus Reversed Reversi;
    UserError for a game folder without its ``__init__.py`` (games.catalog)."""
    try:
        return sorted({*LISTED_HOSTED, *catalog.game_names(GAMES_DIR)})
    except catalog.GameLayoutError as error:
        raise UserError(str(error)) from None


def games_with_bots():
    """The games under games/ that have a CodinGame bot, ``bots/<game>.py`` (the benches
    of the bots' clock and speed run on these)."""
    return [name for name in game_names() if (ROOT / "bots" / f"{name}.py").is_file()]


def load_referee(name, scale=1.0):
    """A fresh referee for ``name``; UserError if the game is unknown or not ready."""
    if name in EXTRA_REFEREES:
        return EXTRA_REFEREES[name]()
    if name in HOSTED:
        return HOSTED[name](scale)
    if not re.fullmatch(r"[a-z][a-z0-9_]*", name or ""):
        raise UserError(f"unknown game {name!r}; games: {', '.join(game_names())}")
    module_name = f"games.{name}.protocol"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name in (f"games.{name}", module_name):
            if (GAMES_DIR / name).is_dir():
                raise UserError(f"game {name!r} has no referee yet (games/{name}/protocol.py is missing)") from None
            raise UserError(f"unknown game {name!r}; games: {', '.join(game_names())}") from None
        raise UserError(f"games/{name}/protocol.py cannot be imported: {error}") from None
    except Exception as error:  # a half-written module must not crash the arena
        raise UserError(f"games/{name}/protocol.py cannot be imported: {type(error).__name__}: {error}") from None
    referee_class = getattr(module, "Referee", None)
    if referee_class is None:
        raise UserError(f"games/{name}/protocol.py has no Referee class yet")
    try:
        referee = referee_class()
    except Exception as error:  # the referee's own fault, said where it starts
        raise UserError(f"games/{name}/protocol.py: its Referee cannot start: {type(error).__name__}: {error}") from None
    missing = contract.missing_members(referee, contract.RefereeProtocol)
    if missing:
        raise UserError(f"games/{name}/protocol.py: its Referee lacks {', '.join(missing)} (docs/INTERFACES.md)")
    return referee


def default_random_plies(name):
    """The random plies the arena plays before the bots take over in game ``name``
    unless told otherwise (``--random-plies``): what its referee declares as
    ``random_plies``, 0 where it declares none. UserError if the game is unknown."""
    return getattr(load_referee(name), "random_plies", 0)


def available_games():
    """The games whose referee loads now."""
    ready = []
    for name in game_names():
        try:
            load_referee(name)
        except UserError:
            continue
        ready.append(name)
    return ready


def bundle_path(name, dist=None, full=False):
    """Where ``make build`` puts the bot of game ``name``; ``full``: the bundle that
    carries every engine, for runs that choose one (an arena's own game names its one
    bundle: the SUSTech bundle has no choice)."""
    folder = Path(dist or ROOT / "dist")
    if name in HOSTED:
        return folder / f"{HOSTED[name]().bundle}.py"
    return (folder / FULL if full else folder) / f"{name}.py"


def load_with_bundle(name, dist=None, scale=1.0, hint="", full=False):
    """(referee, bundle path) of game ``name``; UserError if its referee does not load
    or its bundle is not built (the message "no bundle PATH" followed by ``hint``).
    ``full``: the bundle that carries every engine."""
    referee = load_referee(name, scale)
    bundle = bundle_path(name, dist, full)
    if not bundle.is_file():
        raise UserError(f"no bundle {bundle}{hint}")
    return referee, bundle


def games_with_bundles(names, dist=None, scale=1.0, scales=None, hint="", full=False):
    """For each game of ``names`` whose referee loads and whose bundle is built:
    (game, referee, bundle path, time scale); the others are skipped with a line
    "GAME: skipped (why)" on stdout. A game's time scale is ``scale`` times its entry
    in ``scales`` (default 1). ``full``: the bundles that carry every engine."""
    for name in names:
        game_scale = (scales or {}).get(name, 1.0) * scale
        try:
            referee, bundle = load_with_bundle(name, dist, game_scale, hint, full)
        except UserError as error:
            print(f"{name}: skipped ({error})")
            continue
        yield name, referee, bundle, game_scale


def bundle_choices(bundle):
    """(engines, evaluations) a bundle offers, read from its --help."""
    try:
        done = subprocess.run([sys.executable, str(bundle), "--help"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return [], []

    def offered(option):
        found = re.search(option + r" \{([^}]*)\}", done.stdout)
        return found.group(1).split(",") if found else []
    return offered("--engine"), offered("--eval")
