"""What the compiled self-play modules share: a search value turned into a label, and
whether a network's searches may compare its logits in place of their tanh."""

import math

from numba import njit

from engines.base import PROVEN
from games.nn import ONE

CLAMP = 20.0                 # a logit's bound in the searches: the tanh of all beyond it is 1.0


@njit(cache=True)
def label(value):
    """A search value as learn/logistic.py's ``search_values`` gives it: within [-1, 1],
    a proven result as -1 or 1."""
    if abs(value) >= PROVEN:
        return 1.0 if value > 0 else -1.0
    return max(-1.0, min(1.0, value))


@njit(cache=True)
def tanh_keeps_order(half_step, reach):
    """Whether the tanh of the logits ``k * half_step`` (``|k| <= reach``), each within
    +-CLAMP, never falls as ``k`` grows and is odd: then a search may compare the
    logits and take the tanh of its result once, and find the same value."""
    last = -2.0
    for k in range(-reach, reach + 1):
        logit = min(max(k * half_step, -CLAMP), CLAMP)
        value = math.tanh(logit)
        if value < last or math.tanh(-logit) != -value:
            return False
        last = value
    return True


def logits_keep_order(net):
    """Whether the searches with the games.nn.Net ``net`` may compare its logits (within
    +-CLAMP) and take one tanh at the end: ``tanh_keeps_order`` over every logit the
    network can give."""
    half_step = net.step / 2
    reach = sum(abs(w) for w in net.w2) * ONE + abs(net.b2)  # |dot + b2| at most
    if half_step > 0:
        reach = min(reach, int(CLAMP / half_step) + 2)  # beyond: the clamp's tanh, 1.0
    return half_step > 0 and math.tanh(CLAMP) == 1.0 and tanh_keeps_order(half_step, reach)
