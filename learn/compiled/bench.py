"""Self-play games per core-hour, pure Python against compiled, at a trainer's settings
(docs/tuning/selfplay.md keeps the figures):

    python -m learn.compiled.bench othello --games 300 --compiled-games 6000
    python -m learn.compiled.bench oware --games 100 --compiled-games 1000
    python -m learn.compiled.bench breakthrough --games 20 --compiled-games 1000
    python -m learn.compiled.bench onitama --games 500 --compiled-games 10000

Othello: each kind of players (the first round's, the handcrafted evaluation; a later
round's, the shipped N-tuple weights) plays learn/othello.py's ``play_chunk`` and its
compiled twin. Oware: the network trainer's games (learn/nn.py's ``play_chunk``: the
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

from learn.selfplay import chunk_seed


def rate(play, games, chunk):
    """(games per CPU-hour, positions a game) of ``games`` games of ``play(seed, n)``
    in chunks of ``chunk``."""
    started, positions = time.process_time(), 0
    for i, start in enumerate(range(0, games, chunk)):
        positions += play(chunk_seed(1, 0, i), min(chunk, games - start))
    return games * 3600 / (time.process_time() - started), positions / games


def othello_kinds():
    """[(name, pure-Python play, compiled play, chunk)], a play giving its positions."""
    from games.othello import ntuple_weights as module
    from learn import othello as trainer
    shipped = (module.PATTERNS, tuple(module.PHASES), module.STEP, module.DATA)
    settings = (f"depths {','.join(map(str, trainer.DEPTHS))}, the solver from {trainer.SOLVE_EMPTIES} empties")
    kinds = []
    for name, encoded in (("handcrafted players (round 1)", None), ("N-tuple players (later rounds)", shipped)):
        kinds.append((f"{name}, {settings}",
                      lambda seed, n, e=encoded: len(trainer.play_chunk(seed, n, e)["label"]),
                      lambda seed, n, e=encoded: len(trainer.play_chunk_compiled(seed, n, e)["label"]),
                      trainer.CHUNK))
    return kinds


def oware_kinds():
    from games.oware.learned_weights import WEIGHTS
    from learn import logistic, nn
    weights = [float(w) for w in WEIGHTS]
    depths = ",".join(map(str, logistic.setup_of("oware").depths))
    kinds = []
    for depth in (nn.SEARCH_DEPTH, 0):
        labels = f"{depth}-ply labels" if depth else "no labels"
        kinds.append((f"linear learned players, depths {depths}, {labels}",
                      lambda seed, n, d=depth: sum(map(len, nn.play_chunk("oware", seed, n, weights, d))),
                      lambda seed, n, d=depth: sum(map(len, nn.play_chunk_compiled("oware", seed, n, weights, d))),
                      nn.CHUNK))
    return kinds


def breakthrough_kinds():
    from games.breakthrough import nn as network
    from learn import logistic, nn
    net = network.load_weights()
    depths = ",".join(map(str, logistic.setup_of("breakthrough").depths))
    kinds = []
    for depth in (3, 0):
        labels = f"{depth}-ply labels with quiescence" if depth else "no labels"
        kinds.append((f"network players, depths {depths}, {labels}",
                      lambda seed, n, d=depth: sum(map(len, nn.play_chunk("breakthrough", seed, n, net, d, True))),
                      lambda seed, n, d=depth: sum(map(len, nn.play_chunk_compiled("breakthrough", seed, n, net, d,
                                                                                    True))),
                      nn.CHUNK))
    return kinds


def onitama_kinds():
    from games.onitama import ntuple_weights as module
    from learn import onitama_ntuple as trainer
    shipped = (module.TABLES, tuple(module.PHASES), module.STEP, module.DATA)
    settings = f"depths {','.join(map(str, trainer.DEPTHS))}"
    kinds = []
    for name, encoded in (("learned linear players (round 1)", None), ("N-tuple players (later rounds)", shipped)):
        kinds.append((f"{name}, {settings}",
                      lambda seed, n, e=encoded: len(trainer.play_chunk(seed, n, e)["label"]),
                      lambda seed, n, e=encoded: len(trainer.play_chunk_compiled(seed, n, e)["label"]),
                      trainer.CHUNK))
    return kinds


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
        compiled(0, 1)
    print(f"compilation: {time.process_time() - started:.1f} s of CPU", flush=True)
    for name, python, compiled, chunk in kinds:
        slow, positions = rate(python, options.games, chunk)
        fast, fast_positions = rate(compiled, options.compiled_games, chunk)
        print(f"{options.game}, {name}: pure Python {slow:,.0f} games/core-hour ({positions:.1f} positions a game),"
              f" compiled {fast:,.0f} ({fast_positions:.1f}): {fast / slow:.1f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
