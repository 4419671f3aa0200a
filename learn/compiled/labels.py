"""What the compiled self-play modules share: a search value turned into a label."""

from numba import njit

from engines.base import PROVEN


@njit(cache=True)
def label(value):
    """A search value as learn/logistic.py's ``search_values`` gives it: within [-1, 1],
    a proven result as -1 or 1."""
    if abs(value) >= PROVEN:
        return 1.0 if value > 0 else -1.0
    return max(-1.0, min(1.0, value))
