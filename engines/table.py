"""The transposition table of the alpha-beta family (alpha-beta, its Best Node Search,
the exact solver, MCTS's prover), its entries and their bound flags.

An entry (``Entry``) holds what a search learned of a position: the depth it was
searched to (``COMPLETE`` where the result rests on no depth-limited leaf, so it holds
at any depth), whether its value is exact or a bound (``EXACT``, ``LOWER``, ``UPPER``),
the value (proven results counted from the position itself, see ``to_table``) and the
best move found. The searches store it as a plain tuple in ``Entry``'s order and
unpack it by those names: building the named tuple costs a Python call a store
(docs/tuning/engines.md, "table entries"); ``entry(key)`` gives it named.

The table is bounded (``size`` entries). Replacement scheme: entries live in two
generations of ``size // 2``; a store always replaces the entry of the same position;
when the young generation is full it becomes the old one and the previous old
generation is dropped; a probe that hits the old generation moves the entry back to the
young one. So recently used entries survive and memory stays bounded. A dropped
generation is freed by ``release()``, not at once: freeing one takes long enough to
hold an answer past a short turn's deadline (docs/tuning/engines.md, "dropped table
generations").
"""

from collections import namedtuple

from engines.base import PROVEN, relative_below

# Table entries at most: two generations of 87,000, just under the 87,381 entries at
# which a dict's growth stalls a search for milliseconds (docs/tuning/engines.md, TT_SIZE).
TT_SIZE = 174_000

EXACT, LOWER, UPPER = 0, 1, 2
COMPLETE = 1 << 30   # the depth of an entry that holds an exhaustive result

Entry = namedtuple("Entry", "depth flag value move")


to_table = relative_below  # (value, ply): a value found ply plies below the root, made relative to its own node


def from_table(value, ply):
    """A value of the table, made relative to the root its node is ``ply`` plies below."""
    if value >= PROVEN:
        return value - ply
    if value <= -PROVEN:
        return value + ply
    return value


class TranspositionTable:
    """A bounded map from state to ``Entry``: two generations, see the module's notes."""

    __slots__ = ("young", "old", "half", "retired")

    def __init__(self, size=TT_SIZE):
        self.half = max(1, size // 2)
        self.young = {}
        self.old = {}
        self.retired = []  # the dropped generations, until release()

    def get(self, key):
        """The entry of ``key``, or None."""
        entry = self.young.get(key)
        if entry is None:
            entry = self.old.get(key)
            if entry is not None:
                self.put(key, entry)
        return entry

    def put(self, key, entry):
        young = self.young
        if len(young) >= self.half and key not in young:
            self.retired.append(self.old)
            self.old = young
            self.young = young = {}
        young[key] = entry

    def entry(self, key):
        """The ``Entry`` of ``key``, or None."""
        entry = self.get(key)
        return None if entry is None else Entry(*entry)

    def move(self, key):
        """The best move stored for ``key``, or None."""
        entry = self.get(key)
        if entry is None:
            return None
        _, _, _, move = entry
        return move

    def release(self):
        """Frees the dropped generations (see engines/base.py)."""
        self.retired.clear()

    def __len__(self):
        return len(self.young) + len(self.old)

    def clear(self):
        self.young = {}
        self.old = {}
        self.retired = []
