"""The Othello opening book: a move for each position the arena's openings reach,
found offline by a deep search, looked up before searching.

A position is the side to move's discs and the other side's (colour does not matter in
Othello); it is stored once for its 8 images under the board's symmetries, as its
canonical image (the least ``(mover, other)`` pair), with the move in that image. A
stored key is 32 bits of a mix of the canonical pair: the book is looked up only for
positions of the disc counts it covers, and its generator checks that no other
position of those counts that the game can reach shares a stored key.

learn/othello_book.py makes the book (``python -m learn.othello_book``) and writes
games/othello/book_data.py, whose header holds the command and the figures.
"""

from games.errors import WeightsError
from games.weights import from_text, to_text

SIZE = 8
KEY_BYTES = 4
ENTRY_BYTES = KEY_BYTES + 1  # the key, then the move's square in the canonical image


def _images():
    """For each of the 8 symmetries, the square each square goes to."""
    maps = []
    for transposed in (False, True):
        for flip_rows in (False, True):
            for flip_cols in (False, True):
                squares = []
                for square in range(SIZE * SIZE):
                    row, col = divmod(square, SIZE)
                    if transposed:
                        row, col = col, row
                    if flip_rows:
                        row = SIZE - 1 - row
                    if flip_cols:
                        col = SIZE - 1 - col
                    squares.append(row * SIZE + col)
                maps.append(tuple(squares))
    return tuple(maps)


IMAGES = _images()
INVERSES = tuple(tuple(image.index(square) for square in range(SIZE * SIZE)) for image in IMAGES)


def transformed(bits, image):
    """The bitboard ``bits`` with each square moved by ``image``."""
    moved = 0
    while bits:
        low = bits & -bits
        moved |= 1 << image[low.bit_length() - 1]
        bits ^= low
    return moved


def canonical(mover, other):
    """(canonical mover, canonical other, index of the symmetry that makes them)."""
    return min((transformed(mover, image), transformed(other, image), index)
               for index, image in enumerate(IMAGES))


def key(mover, other):
    """32 bits of a mix of a canonical pair (deterministic: no hash seed)."""
    mixed = (mover * 0x9E3779B97F4A7C15 ^ other * 0xC2B2AE3D27D4EB4F) * 0xD6E8FEB86659FD93
    return mixed >> 64 & 0xFFFFFFFF


def encode(entries):
    """Base85 text of the zlib-compressed ``{key: canonical square}`` entries."""
    raw = b"".join(k.to_bytes(KEY_BYTES, "big") + bytes([square]) for k, square in sorted(entries.items()))
    return to_text(raw)


def decode(data):
    """``{key: canonical square}`` of the book's text; WeightsError, one line, on anything
    that is not a book."""
    raw = from_text(data, "Othello opening book")
    if len(raw) % ENTRY_BYTES:
        raise WeightsError(f"the Othello opening book's {len(raw)} bytes are not whole entries")
    entries = {}
    for at in range(0, len(raw), ENTRY_BYTES):
        square = raw[at + KEY_BYTES]
        if square >= SIZE * SIZE:
            raise WeightsError(f"the Othello opening book holds square {square}")
        entries[int.from_bytes(raw[at:at + KEY_BYTES], "big")] = square
    return entries


class Book:
    """The stored book: ``entries`` ({key: canonical square}) for positions of
    ``discs`` (the disc counts it covers)."""

    def __init__(self, discs, entries):
        self.discs = frozenset(discs)
        self.entries = entries

    def move(self, state):
        """The book's square for an 8x8 state ``(mover, other, player)``, or None."""
        mover, other = state[0], state[1]
        if (mover | other).bit_count() not in self.discs:
            return None
        low_mover, low_other, index = canonical(mover, other)
        square = self.entries.get(key(low_mover, low_other))
        return None if square is None else INVERSES[index][square]


_LOADED = []


def load(module=None):
    """The Book of a book module (default: games/othello/book_data.py), decoded once."""
    if module is not None:
        return Book(module.DISCS, decode(module.DATA))
    if not _LOADED:
        from games.othello import book_data
        _LOADED.append(load(book_data))
    return _LOADED[0]


def book_move(game, state):
    """The bot's hook (bots/runtime.py): the book's move on the 8x8 board, else None."""
    if game.size != SIZE or game.misere:
        return None
    return load().move(state)
