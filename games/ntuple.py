"""What the N-tuple evaluations share (games/othello/ntuple.py, games/onitama/ntuple.py):
their stored weights and how they are read.

Such an evaluation sums, in the position's phase, a bias and one entry of each of its
tables: the entry that the table's index of the position picks (in Othello, the discs on
a pattern's squares; in Onitama, also the cards, the tactics and the mobility). A table
is stored as its canonical entries only, those with the least index among the readings
under the table's self-symmetries. A weights module holds ``TABLES`` (the names),
``PHASES``, ``STEP`` and ``DATA`` (base85 text of zlib-compressed signed bytes).
"""
from array import array
from collections import namedtuple
from itertools import accumulate
from operator import eq

from games.errors import WeightsError
from games.weights import from_text


# Decoded weights: ``tables`` (names), ``phases`` (the counts of pieces or discs where a
# phase starts, the first phase's left out), ``step`` (logit per unit) and ``values``:
# per phase, the bias and each table's canonical entries, in index order.
Weights = namedtuple("Weights", "tables phases step values")


class Layout:
    """A game's tables: ``names`` (in the order the evaluation reads them),
    ``canonical(name)`` (the canonical index of each of the table's entries), and the
    phase limits' range, ``low`` to ``high``."""

    def __init__(self, names, canonical, low, high):
        self.names, self.canonical, self.low, self.high = tuple(names), canonical, low, high

    def stored_counts(self, tables):
        """Values stored per phase: 1 (the bias) and each table's canonical entries."""
        return [1] + [len(set(self.canonical(table))) for table in tables]

    def check(self, tables, phases):
        """WeightsError unless ``tables`` are the game's and ``phases`` rise within the range."""
        if any(t not in self.names for t in tables) or len(set(tables)) != len(tables):
            raise WeightsError(f"N-tuple weights name tables {list(tables)}; known: {', '.join(self.names)}")
        if list(phases) != sorted(set(phases)) or any(not self.low <= p <= self.high for p in phases):
            raise WeightsError(f"N-tuple phase limits must rise within {self.low}-{self.high}, got {list(phases)}")

    def decode(self, tables, phases, step, data):
        """Weights from their stored form (the module's notes): per phase, the bias and
        each table's canonical entries as arrays of signed bytes. WeightsError, one
        line, on anything that does not fit."""
        tables = tables.split() if isinstance(tables, str) else list(tables)
        self.check(tables, phases)
        if not (isinstance(step, (int, float)) and 0 < step < 10):
            raise WeightsError(f"N-tuple weights step must be a small positive number, got {step!r}")
        raw = array("b", from_text(data, "N-tuple weights data"))
        counts, count = self.stored_counts(tables), len(phases) + 1
        if len(raw) != sum(counts) * count:
            raise WeightsError(f"N-tuple weights hold {len(raw)} values; tables {' '.join(tables)} with {count}"
                               f" phases need {sum(counts) * count}")
        starts = list(accumulate([0] + counts * count))
        values = [[raw[at:end] for at, end in zip(starts[k:], starts[k + 1:k + 1 + len(counts)])]
                  for k in range(0, len(starts) - 1, len(counts))]
        return Weights(tuple(tables), tuple(phases), step, values)

    def load(self, module):
        """The Weights of a weights module."""
        try:
            return self.decode(module.TABLES, module.PHASES, module.STEP, module.DATA)
        except AttributeError as error:
            raise WeightsError(f"not an N-tuple weights module: {error}") from None

    def expand(self, weights):
        """{table: [full table per phase]} with every entry's weight (tables the weights
        leave out: zeros), and [bias per phase]."""
        tables = {}
        for table in self.names:
            canon = self.canonical(table)
            if table not in weights.tables:
                tables[table] = [[0] * len(canon)] * len(weights.values)
                continue
            k = weights.tables.index(table) + 1
            rank = list(accumulate(map(eq, canon, range(len(canon)))))  # canonical entries up to each
            where = [rank[index] - 1 for index in canon]                  # the stored slot of each
            tables[table] = [list(map(phase[k].__getitem__, where)) for phase in weights.values]
        return tables, [phase[0][0] for phase in weights.values]
