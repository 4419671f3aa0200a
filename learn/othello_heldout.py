"""Held-out log-loss of Othello N-tuple weights modules on the same fresh games, so that
weights fitted on different games can be compared (each module's header holds figures
on its own held-out games only):

    python -m learn.othello_heldout games/othello/ntuple_weights.py NEW.py --games 2000

The games are learn/othello.py's self-play games, played compiled (``--compiled``'s
players: ``--players`` weights, ``--depths`` plies, the solver from 10 empties) from
seeds no trainer uses (``--seed``, stream 999: learn/pipeline.py); each position's label is the game's
result with a perfect endgame. Printed per module: log-loss and accuracy against the
labels, over all positions and over those before the solver's (the ones the search
asks the evaluation about). Needs numpy and numba (development dependencies).
"""

import argparse
import sys

from learn import othello as trainer
from learn.ntuple import decode_values, parse_list, scores, sigmoid, totals
from learn.pipeline import generate


def figures(path, parser, data):
    """(log-loss, accuracy) over all of ``data``'s positions and over the unsolved ones,
    for the weights module at ``path``."""
    patterns, phases, step, text = trainer.read_weights(path, parser)
    layout = trainer.Layout(patterns.split(), phases)
    theta = decode_values(text) * step
    p = sigmoid(totals(theta, trainer.design(layout, data)))
    y = (data["label"] + 1) / 2
    unsolved = ~data["exact"]
    return scores(p, y), scores(p[unsolved], y[unsolved])


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m learn.othello_heldout", description=__doc__.split("\n\n")[0])
    parser.add_argument("weights", nargs="+", help="N-tuple weights modules to compare")
    parser.add_argument("--games", type=int, default=2000, help="fresh games (default: %(default)s)")
    parser.add_argument("--players", metavar="FILE", default=str(trainer.WEIGHTS_FILE),
                        help="weights module of the games' players (default: the shipped weights)")
    parser.add_argument("--depths", default="1,2", help="plies of the players (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the games (default: %(default)s)")
    options = parser.parse_args(argv)
    if options.games < 1 or options.jobs < 1:
        parser.error("need at least 1 game and 1 job")
    depths = parse_list(parser, options.depths, int, "--depths")
    if not depths or min(depths) < 1:
        parser.error("--depths: expected plies of 1 or more")
    players = trainer.read_weights(options.players, parser)
    for path in options.weights:  # a bad file is a usage error before the games, not after
        trainer.read_weights(path, parser)
    data = generate(trainer.COMPILED_TRAINER.games(players, depths), options.games, options.seed, 999,
                    jobs=options.jobs, progress=False)
    print(f"{options.games} games, {len(data['label'])} positions ({int((~data['exact']).sum())} before the"
          f" solver's); players {options.players} at depths {options.depths}")
    for path in options.weights:
        (loss, accuracy), (loss_unsolved, accuracy_unsolved) = figures(path, parser, data)
        print(f"{path}: log-loss {loss:.4f}, accuracy {accuracy:.1%}; before the solver's:"
              f" log-loss {loss_unsolved:.4f}, accuracy {accuracy_unsolved:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
