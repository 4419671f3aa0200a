"""The Oware opening book: a move for each position of the first plies, found offline by
a search far deeper than a turn's, played in place of the bot's own search's.

Oware starts from one position, so the book's positions are enumerated from it in a
fixed order and the stored data is their moves alone, one byte each before
compression: no keys. The positions, each once, in this order:

1. every position of plies 0 to ``ROOT_PLIES`` (our first move on CodinGame, from
   either seat, and after the local arena's random opening plies: the referee's
   ``random_plies``, 2), ply by ply, each ply's positions in the order of the moves
   that reach them;
2. ``rounds`` times (the data module's ``ROUNDS``): for each position of the previous
   step (of the first, those of ply ``FOLLOW_FROM`` or more), in that order, the
   positions after its book move and each reply (our next move), unless already in
   the book.

learn/oware_book.py makes the book (``python -m learn.oware_book``) and writes
games/oware/book_data.py, whose header holds the command and the figures.
"""

from games.errors import WeightsError
from games.weights import from_text, to_text

ROOT_PLIES = 3
FOLLOW_FROM = 2


def roots(game):
    """The positions of part 1, in the book's order (those where the game is over left
    out)."""
    found, seen = [], set()
    layer = [game.initial_state()]
    for ply in range(ROOT_PLIES + 1):
        if ply:
            layer = [game.play(state, move) for state in layer for move in game.legal_moves(state)]
        for state in layer:
            if state not in seen and game.legal_moves(state):
                seen.add(state)
                found.append(state)
    return found


def followers(game, book, positions):
    """The positions after the book's move from each of ``positions`` and each reply,
    in that order, but those already in ``book`` ({position: move})."""
    found, seen = [], set(book)
    for state in positions:
        after = game.play(state, book[state])
        for reply in game.legal_moves(after):
            position = game.play(after, reply)
            if position not in seen and game.legal_moves(position):
                seen.add(position)
                found.append(position)
    return found


def walk(game, rounds, answers):
    """{position: move} of the book with ``rounds`` rounds of replies, in the book's
    order: ``answers(positions)`` gives the moves of each step's positions, a list in
    their order (the generator's searches, or the stored moves read in turn)."""
    positions = roots(game)
    book = dict(zip(positions, answers(positions)))
    positions = [state for state in positions if game.ply(state) >= FOLLOW_FROM]
    for _ in range(rounds):
        positions = followers(game, book, positions)
        book.update(zip(positions, answers(positions)))
    return book


def encode(moves):
    """Base85 text of the zlib-compressed moves (houses 0-5), in the book's order."""
    return to_text(moves)


def decode(data):
    """The moves of the book's text; WeightsError, one line, on anything that is not a book."""
    moves = from_text(data, "Oware opening book")
    if any(move > 5 for move in moves):
        raise WeightsError("the Oware opening book holds a house beyond 5")
    return list(moves)


def entries(game, moves, rounds):
    """{position: book move} of the stored ``moves`` of a book of ``rounds`` rounds;
    WeightsError, one line, where they do not fit its positions (a book of other
    settings) or a move is not legal."""
    taken = [0]

    def stored(positions):
        start, taken[0] = taken[0], taken[0] + len(positions)
        if taken[0] > len(moves):
            raise WeightsError(f"the Oware opening book holds {len(moves)} moves, fewer than its positions")
        return moves[start:taken[0]]

    book = walk(game, rounds, stored)
    if taken[0] != len(moves):
        raise WeightsError(f"the Oware opening book holds {len(moves)} moves for {taken[0]} positions")
    for state, move in book.items():
        if move not in game.legal_moves(state):
            raise WeightsError(f"the Oware opening book plays house {move}, not legal at ply {game.ply(state)}")
    return book


_LOADED = []


def load(game, module=None):
    """{position: move} of a book module (default: games/oware/book_data.py), the
    default's made once."""
    if module is not None:
        return entries(game, decode(module.DATA), module.ROUNDS)
    if not _LOADED:
        from games.oware import book_data
        _LOADED.append(load(game, book_data))
    return _LOADED[0]


def book_move(game, state):
    """The bot's hook (bots/runtime.py): the book's house for ``state``, else None."""
    return load(game).get(state)
