"""The trainers' self-play games, in one place: how a game is seeded, how games are
played on a backend, kept on disk and split. Every trainer (learn/logistic.py,
learn/nn.py, the N-tuple rounds of learn/selfplay.py) gets its games here.

1. The seeding rule: game ``index`` of a run's ``stream`` (a round: 0, 1, ...) plays
   from ``random.Random(game_seed(seed, stream, index))`` alone, ``seed`` being the
   run's ``--seed``; a game whose opening ends it is drawn again from the same
   generator (``until_played``). So a game is a function of the seed, its stream and
   its index only: the same whatever ``--jobs``, the chunk size or ``--backend ray``.
2. A trainer hands over a ``Games``: ``play(seeds, *args)`` plays one game per seed and
   returns them either as a list (one item a game) or as arrays of positions with a
   ``game`` column numbering the games from 0; ``key`` is what decides the games
   besides their seeds (the players' weights, the settings), ``name`` the kind of games.
3. ``generate`` plays the games in tasks of ``chunk`` games on a backend (``--jobs``
   processes, or Ray tasks) with a progress bar, and joins them in index order.
4. The cache (``--cache DIR``): a chunk a file, in a folder named by a hash of the
   seeding rule's version, the kind, the seed, the stream and the key, so that a run
   that stops goes on where it was, a run with more games reuses the chunks it shares,
   and a changed setting or player never reads another's games. The key names the
   settings, not the code: after a change to a game's rules or players, empty the cache.
5. ``split``: the games before an index, and the others.

Needs numpy (a development dependency; the bundles never import it).
"""

import hashlib
import pickle
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from arena.backends import LocalBackend, add_backend_options
from learn.progress import progress_bar

SEEDING = "game-seed-1"  # the seeding rule's version, in every cache key: a new rule, new folders
CHUNK = 25               # games a task, by default


def game_seed(seed, stream, index):
    """The seed of game ``index`` of ``stream`` in a run seeded ``seed``: 64 bits of a
    hash, so that no two (seed, stream, index) share a generator."""
    digest = hashlib.sha256(f"{seed}/{stream}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


def until_played(seed, attempt):
    """``attempt(rng)``'s first game that has a position (an opening can end a game):
    each attempt draws on, from the one generator of ``seed``."""
    rng = random.Random(seed)
    while True:
        game = attempt(rng)
        if game:
            return game


_MADE = {}  # per process: what ``made`` has made, by key


def made(key, make):
    """``make()``, made once a process for each ``key``: the players' evaluation, which
    can take longer to make than a chunk to play."""
    if key not in _MADE:
        _MADE[key] = make()
    return _MADE[key]


@dataclass(frozen=True)
class Games:
    """What decides a trainer's games (see the module's docstring)."""
    name: str          # the kind of games, the cache folder's prefix: "oware-compiled"
    play: Callable     # play(seeds, *args): one game per seed; picklable (processes, Ray)
    args: tuple        # passed on to play after the seeds
    key: tuple         # what decides the games besides their seeds (printed by repr)
    chunk: int = None  # games a task (None: CHUNK)

    def folder(self, cache, seed, stream):
        """Where ``cache`` keeps these games of ``seed`` and ``stream``."""
        decided_by = repr((SEEDING, self.name, seed, stream, self.key))
        return Path(cache) / f"{self.name}-{hashlib.sha1(decided_by.encode()).hexdigest()[:16]}"


def add_options(parser, jobs, seed_help="seeds the games"):
    """The options of the games, which every trainer takes: --seed, --jobs, --cache,
    --quiet, and the backend's (--backend, --address)."""
    parser.add_argument("--seed", type=int, default=1, help=f"{seed_help} (default: %(default)s)")
    parser.add_argument("--jobs", type=int, default=jobs,
                        help="processes for self-play, the same games with any number; unused with --backend ray,"
                             " a chunk a task (default: %(default)s)")
    parser.add_argument("--cache", metavar="DIR", help="folder keeping the self-play games between runs")
    parser.add_argument("--quiet", action="store_true", help="no progress bars")
    add_backend_options(parser, games=False)


def _play(play, seeds, args):
    return play(seeds, *args)


def generate(games, count, seed, stream=0, cache=None, backend=None, jobs=1, progress=True, desc="self-play"):
    """Games 0 to ``count`` - 1 of ``stream`` (``games.play``'s, joined in index order),
    played on ``backend`` (default: ``jobs`` processes); the chunks ``cache`` keeps are
    read from there, the others written."""
    chunk = games.chunk or CHUNK
    starts = list(range(0, count, chunk))
    sizes = [min(chunk, count - start) for start in starts]
    files = [None] * len(starts)
    if cache:
        folder = games.folder(cache, seed, stream)
        folder.mkdir(parents=True, exist_ok=True)
        files = [folder / f"games{start:07d}-{n}.pkl" for start, n in zip(starts, sizes)]
    parts = [pickle.loads(path.read_bytes()) if path and path.is_file() else None for path in files]
    missing = [i for i, part in enumerate(parts) if part is None]
    tasks = [(games.play, [game_seed(seed, stream, starts[i] + k) for k in range(sizes[i])], games.args)
             for i in missing]
    bar = progress_bar(total=count, initial=count - sum(sizes[i] for i in missing), desc=desc, unit="game",
                       disable=not progress)
    for i, part in zip(missing, (backend or LocalBackend(jobs)).map(_play, tasks)):
        parts[i] = part
        if files[i]:  # written aside, then renamed: a run stopped mid-write leaves no half file
            files[i].with_suffix(".part").write_bytes(pickle.dumps(part))
            files[i].with_suffix(".part").replace(files[i])
        bar.update(sizes[i])
    bar.close()
    return joined(parts, starts) if parts else []


def joined(parts, starts):
    """One list of games, or one set of arrays whose ``game`` column numbers the games
    across the parts (each part's from 0, the part's first game being ``starts[i]``)."""
    if isinstance(parts[0], dict):
        return {name: np.concatenate([part[name] + start if name == "game" else part[name]
                                      for part, start in zip(parts, starts)]) for name in parts[0]}
    return [game for part in parts for game in part]


def split(games, cut):
    """(the games numbered below ``cut``, the others), of a list or of arrays."""
    if isinstance(games, dict):
        before = games["game"] < cut
        return ({name: column[before] for name, column in games.items()},
                {name: column[~before] for name, column in games.items()})
    return games[:cut], games[cut:]
