"""The info line: what a bot says about its search, one line on stderr before its answer.

    info depth 7 nodes 12034 value 0.1834 pv d3 c5 f6
    info depth 5 nodes 3190 value -0.05 pv 1 A1B2, 3 C5C4

in the spirit of UCI's ``info``: ``depth`` (plies), ``nodes`` (as the engine counts
them), ``value`` (negamax: for the side to move, in [-1, 1] or a proven result
+-(10000 - plies)), then ``pv``, the principal variation, to the end of the line, its
moves spelt as the arena spells them and separated by spaces, or by commas where a
move's name holds a space (Onitama's ``1 A1B2``). Other ``KEY VALUE`` words before ``pv``
are kept as text. Our bots write it when started with ``--info`` (bots/runtime.py); the
arena records the last one of each turn with the move (``info`` in a results record).
"""

INFO_PREFIX = b"info "
NUMBERS = {"depth": int, "nodes": int, "value": float}


def parse_info(line):
    """The fields of an info line as a dict (``pv`` a list of move names), or None when
    the line is not one."""
    words = line.split(None, 1)
    if not words or words[0] != "info":
        return None
    fields = {}
    rest = words[1] if len(words) > 1 else ""
    while rest:
        key, _, rest = rest.strip().partition(" ")
        if key == "pv":
            fields["pv"] = split_moves(rest)
            break
        value, _, rest = rest.strip().partition(" ")
        try:
            fields[key] = NUMBERS.get(key, str)(value)
        except ValueError:
            continue  # a number that is not one: left out, the rest still read
    return fields


def split_moves(text):
    """Move names separated by commas if there is one, else by spaces."""
    parts = text.split(",") if "," in text else text.split()
    return [part.strip() for part in parts if part.strip()]
