"""Evaluation weights, checked once for every game.

A handcrafted evaluation takes its weights by name over its defaults (``merged``); a
learned one takes a vector of a fixed length (``of_length``). Both raise ValueError with
a message naming what is wrong, which the bots turn into one line (``bad --weight``).
"""


def merged(defaults, given, what):
    """A new dict: ``defaults`` with the weights of ``given`` put over them. A name of
    ``given`` that is not in ``defaults`` raises ValueError naming it and the known ones;
    ``what`` names the evaluation in the message (e.g. "Oware evaluation")."""
    unknown = set(given) - set(defaults)
    if unknown:
        raise ValueError(f"unknown {what} weights: {sorted(unknown)}"
                         f" (known: {', '.join(defaults)})")
    weights = dict(defaults)
    weights.update(given)
    return weights


def of_length(weights, count, what):
    """``weights`` itself if it holds ``count`` numbers, else ValueError; ``what`` names
    the evaluation in the message (e.g. "learned Oware evaluation")."""
    if len(weights) != count:
        raise ValueError(f"a {what} needs {count} weights, got {len(weights)}")
    return weights
