"""Evaluation weights, checked once for every game.

A handcrafted evaluation takes its weights by name over its defaults (``merged``); a
learned one takes a vector of a fixed length (``of_length``). Both raise WeightsError with
a message naming what is wrong, which the bots turn into one line (``bad --weight``).
Every stored table (weights, books, endgame tables; the N-tuple evaluations' are read by
games/ntuple.py) is base85 text of zlib-compressed bytes, written by
``to_text`` and read back by ``from_text``.
"""

import base64
import zlib

from games.errors import WeightsError


def to_text(raw):
    """Base85 text of the zlib-compressed bytes ``raw`` (what ``from_text`` reads back)."""
    return base64.b85encode(zlib.compress(bytes(raw), 9)).decode("ascii")


def from_text(data, what):
    """The bytes of ``to_text``'s text ``data``; WeightsError, one line naming ``what``,
    on anything else."""
    try:
        return zlib.decompress(base64.b85decode(data))
    except (ValueError, TypeError, zlib.error) as error:
        raise WeightsError(f"corrupt {what} ({error})") from None


def merged(defaults, given, what):
    """A new dict: ``defaults`` with the weights of ``given`` put over them. A name of
    ``given`` that is not in ``defaults`` raises WeightsError naming it and the known ones;
    ``what`` names the evaluation in the message (e.g. "Oware evaluation")."""
    unknown = set(given) - set(defaults)
    if unknown:
        raise WeightsError(f"unknown {what} weights: {sorted(unknown)}"
                         f" (known: {', '.join(defaults)})")
    weights = dict(defaults)
    weights.update(given)
    return weights


def unnamed(weights, what):
    """``weights`` itself unless it names them (a dict, as a bot's --weight gives): an
    evaluation fitted as a whole takes its weights whole; WeightsError naming them."""
    if isinstance(weights, dict):
        raise WeightsError(f"the {what} takes no named weights, got {', '.join(map(str, weights))}")
    return weights


def of_length(weights, count, what):
    """``weights`` itself if it holds ``count`` numbers, else WeightsError; ``what`` names
    the evaluation in the message (e.g. "learned Oware evaluation")."""
    if len(unnamed(weights, what)) != count:
        raise WeightsError(f"a {what} needs {count} weights, got {len(weights)}")
    return weights
