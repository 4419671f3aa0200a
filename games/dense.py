"""Bytes packed 14 bits to a character, for the arenas that count characters.

CodinGame limits a bot to 100,000 characters counted as UTF-16 code units, whatever
their bytes; base85 carries 6.4 bits a character, these 14 bits. Every 7 bytes become 4
characters from the ``SPAN`` code points at ``FIRST`` (U+5000 to U+8FFF): CJK ideographs
of the Basic Multilingual Plane, so one code unit each, neither surrogates nor controls,
and unchanged by every Unicode normalisation (docs/tuning/bundle-density.md states the
counting rule and its sources).

The repository keeps data as base85 text; the build packs the long base85 constants of
the modules it bundles for CodinGame into ``base85(packed, size)`` calls that give the
same text back at import, so that the modules that read the data do not change.
"""

import base64

FIRST = 0x5000
BITS = 14
SPAN = 1 << BITS
GROUP_BYTES = 7   # 7 bytes (56 bits) make...
GROUP_CHARS = 4   # ...4 characters of 14 bits


def pack(data):
    """The characters that carry ``data`` (bytes), 4 for every 7 bytes, the last group
    padded with zero bytes."""
    padded = bytes(data) + bytes(-len(data) % GROUP_BYTES)
    chars = []
    for at in range(0, len(padded), GROUP_BYTES):
        value = int.from_bytes(padded[at:at + GROUP_BYTES], "big")
        chars.extend(chr(FIRST + (value >> shift & SPAN - 1))
                     for shift in range(BITS * (GROUP_CHARS - 1), -1, -BITS))
    return "".join(chars)


def unpack(text, size):
    """The ``size`` bytes that ``pack`` turned into ``text``."""
    data = bytearray()
    for at in range(0, len(text), GROUP_CHARS):
        value = 0
        for char in text[at:at + GROUP_CHARS]:
            value = value << BITS | ord(char) - FIRST
        data += value.to_bytes(GROUP_BYTES, "big")
    return bytes(data[:size])


def base85(text, size):
    """The base85 text of the ``size`` bytes packed in ``text``: the constant the build
    replaced with this call."""
    return base64.b85encode(unpack(text, size)).decode("ascii")
