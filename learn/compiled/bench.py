"""Self-play games per core-hour, pure Python against compiled, at a trainer's settings
(docs/tuning/selfplay.md keeps the figures):

    python -m learn.compiled.bench --games 300 --compiled-games 6000

Each kind of players (the first round's, the handcrafted evaluation; a later round's,
the shipped N-tuple weights) plays ``--games`` games of learn/othello.py's
``play_chunk`` and ``--compiled-games`` of its compiled twin in this one process, in
chunks of the trainer's size, seeded alike; the figure is games per hour of this
process's CPU time (compilation left out, and reported apart).
"""

import argparse
import sys
import time

from games.othello import ntuple_weights as module
from learn import othello as trainer
from learn.selfplay import chunk_seed


def rate(play, games, encoded):
    """(games per CPU-hour, positions) of ``games`` games in the trainer's chunks."""
    started, positions = time.process_time(), 0
    for i, start in enumerate(range(0, games, trainer.CHUNK)):
        data = play(chunk_seed(1, 0, i), min(trainer.CHUNK, games - start), encoded)
        positions += len(data["label"])
    return games * 3600 / (time.process_time() - started), positions


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m learn.compiled.bench",
                                     description="Othello self-play games per core-hour, pure Python and compiled.")
    parser.add_argument("--games", type=int, default=300, help="pure-Python games a kind (default: %(default)s)")
    parser.add_argument("--compiled-games", type=int, default=6000,
                        help="compiled games a kind (default: %(default)s)")
    options = parser.parse_args(argv)
    if options.games < 1 or options.compiled_games < 1:
        parser.error("need at least 1 game of each")
    started = time.process_time()
    trainer.play_chunk_compiled(0, 1)
    print(f"compilation: {time.process_time() - started:.1f} s of CPU", flush=True)
    shipped = (module.PATTERNS, tuple(module.PHASES), module.STEP, module.DATA)
    for name, encoded in (("handcrafted players (round 1)", None), ("N-tuple players (later rounds)", shipped)):
        python, positions = rate(trainer.play_chunk, options.games, encoded)
        fast, fast_positions = rate(trainer.play_chunk_compiled, options.compiled_games, encoded)
        print(f"{name}, depths {','.join(map(str, trainer.DEPTHS))}, solver from {trainer.SOLVE_EMPTIES} empties:"
              f" pure Python {python:,.0f} games/core-hour ({positions / options.games:.1f} positions a game),"
              f" compiled {fast:,.0f} ({fast_positions / options.compiled_games:.1f}): {fast / python:.1f}x",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
