"""Self-play games per core-hour, pure Python against compiled, at a trainer's settings
(docs/tuning/selfplay.md keeps the figures):

    python -m learn.compiled.bench othello --games 300 --compiled-games 6000
    python -m learn.compiled.bench oware --games 100 --compiled-games 1000
    python -m learn.compiled.bench breakthrough --games 20 --compiled-games 1000
    python -m learn.compiled.bench onitama --games 500 --compiled-games 10000

Othello: each kind of players (the first round's, the handcrafted evaluation; a later
round's, the shipped N-tuple weights) plays learn/othello.py's ``play_chunk`` and its
compiled twin. Oware: the network trainer's games (learn/logistic.py's ``play_chunk``: the
linear learned players, each position labelled by a 6-ply search, ``--search-depth``)
and the same games without the labels (``--search-depth 0``). Breakthrough: the network
trainer's games with ``--players network`` (alpha-beta+ players with the shipped
network), labelled by 3-ply searches with quiescence (``--label-quiescence``), and
without labels. Onitama: each kind of players (round 1's, the learned linear
evaluation; a later round's, the shipped N-tuple weights) plays
learn/onitama_ntuple.py's ``play_chunk`` and its compiled twin. All in this one
process, in the trainer's chunks, seeded alike; the figure is games per hour of this
process's CPU time (compilation left out, and reported apart).
"""

import argparse
import sys
import time

from learn.pipeline import CHUNK, game_seed


def rate(play, games, chunk):
    """(games per CPU-hour, positions a game) of ``games`` games of ``play(seeds)``
    in chunks of ``chunk`` (learn/pipeline.py's seeds of seed 1, stream 0)."""
    started, positions = time.process_time(), 0
    for start in range(0, games, chunk):
        positions += play([game_seed(1, 0, index) for index in range(start, min(start + chunk, games))])
    return games * 3600 / (time.process_time() - started), positions / games


def ntuple_kinds(trainer, shipped, first_players, settings):
    """[(name, pure-Python play, compiled play, chunk)] of an N-tuple trainer: its first
    round's players and the shipped weights' (later rounds), a play giving its positions."""
    kinds = []
    for name, encoded in ((f"{first_players} players (round 1)", None), ("N-tuple players (later rounds)", shipped)):
        kinds.append((f"{name}, {settings}",
                      lambda seeds, e=encoded: len(trainer.play_chunk(seeds, e)["label"]),
                      lambda seeds, e=encoded: len(trainer.play_chunk_compiled(seeds, e)["label"]),
                      trainer.CHUNK))
    return kinds


def network_kinds(game, weights, players, label_depth, quiescence=False):
    """The network trainer's kinds (learn/nn.py): its games labelled ``label_depth``
    plies deep (with quiescence where asked), and without labels."""
    from learn import logistic
    depths = ",".join(map(str, logistic.setup_of(game).depths))
    kinds = []
    for depth in (label_depth, 0):
        labels = f"{depth}-ply labels{' with quiescence' if quiescence else ''}" if depth else "no labels"
        kinds.append((f"{players} players, depths {depths}, {labels}",
                      lambda seeds, d=depth: sum(map(len, logistic.play_chunk(seeds, game, weights, d, quiescence))),
                      lambda seeds, d=depth: sum(map(len, logistic.play_chunk_compiled(seeds, game, weights, d,
                                                                                        quiescence))),
                      CHUNK))
    return kinds


def othello_kinds():
    from games.othello import ntuple_weights as module
    from learn import othello as trainer
    shipped = (module.TABLES, tuple(module.PHASES), module.STEP, module.DATA)
    return ntuple_kinds(trainer, shipped, "handcrafted",
                        f"depths {','.join(map(str, trainer.DEPTHS))}, the solver from {trainer.SOLVE_EMPTIES} empties")


def oware_kinds():
    from games.oware.learned_weights import WEIGHTS
    from learn import nn
    return network_kinds("oware", [float(w) for w in WEIGHTS], "linear learned", nn.SEARCH_DEPTH)


def breakthrough_kinds():
    from games.breakthrough import nn as network
    return network_kinds("breakthrough", network.load_weights(), "network", 3, quiescence=True)


def onitama_kinds():
    from games.onitama import ntuple_weights as module
    from learn import onitama_ntuple as trainer
    shipped = (module.TABLES, tuple(module.PHASES), module.STEP, module.DATA)
    return ntuple_kinds(trainer, shipped, "learned linear", f"depths {','.join(map(str, trainer.DEPTHS))}")


KINDS = {"othello": othello_kinds, "oware": oware_kinds, "breakthrough": breakthrough_kinds, "onitama": onitama_kinds}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m learn.compiled.bench",
                                     description="Self-play games per core-hour, pure Python and compiled.")
    parser.add_argument("game", choices=sorted(KINDS))
    parser.add_argument("--games", type=int, default=100, help="pure-Python games a kind (default: %(default)s)")
    parser.add_argument("--compiled-games", type=int, default=1000,
                        help="compiled games a kind (default: %(default)s)")
    options = parser.parse_args(argv)
    if options.games < 1 or options.compiled_games < 1:
        parser.error("need at least 1 game of each")
    kinds = KINDS[options.game]()
    started = time.process_time()
    for _, _, compiled, _ in kinds:
        compiled([0])
    print(f"compilation: {time.process_time() - started:.1f} s of CPU", flush=True)
    for name, python, compiled, chunk in kinds:
        slow, positions = rate(python, options.games, chunk)
        fast, fast_positions = rate(compiled, options.compiled_games, chunk)
        print(f"{options.game}, {name}: pure Python {slow:,.0f} games/core-hour ({positions:.1f} positions a game),"
              f" compiled {fast:,.0f} ({fast_positions:.1f}): {fast / slow:.1f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
