"""The Othello opening book (games/othello/book.py, made by learn/othello_book.py): every
position of the disc counts it covers has a legal book move, symmetric positions get
symmetric moves, keys do not collide, and the bot plays the book's move after its usual
search (unless told --no-book)."""
import base64
import random
import zlib

import pytest

import bookplay
from arena.games import default_random_plies
from bots import othello
from games.othello import book, book_data
from games.othello.protocol import Player, Referee
from games.othello.rules import PASS, Othello
from learn import othello_book

GAME = Othello()
BOOK = book.load()
OPENING = default_random_plies("othello")  # the arena's random plies: our first move comes after them or one more
FIRST_MOVES = (4 + OPENING, 5 + OPENING)  # the disc counts of the positions of our first move
COVERED = othello_book.positions_by_discs(GAME, max(book_data.DISCS))


def covered_states():
    return [state for discs in FIRST_MOVES for state in sorted(COVERED[discs])]


def test_every_position_of_our_first_move_has_a_legal_book_move():
    states = covered_states()
    assert len(states) == 236 + 1288  # every position after 4 and after 5 plies
    for state in states:
        assert BOOK.move(state) in GAME.legal_moves(state), GAME.render(state)


def test_book_moves_are_legal_wherever_the_book_has_one():
    found = 0
    for discs in book_data.DISCS:
        for state in COVERED[discs]:
            move = BOOK.move(state)
            if move is not None:
                assert move in GAME.legal_moves(state), GAME.render(state)
                found += 1
    assert found >= len(covered_states())


def test_no_two_positions_of_the_books_disc_counts_share_a_key():
    classes = {book.canonical(s[0], s[1])[:2] for d in book_data.DISCS for s in COVERED[d]}
    assert len({book.key(*pair) for pair in classes}) == len(classes)
    stored = {book.canonical(s[0], s[1])[:2] for s in covered_states()}
    assert len(BOOK.entries) >= len(stored)


def test_the_shipped_book_answers_every_reply_to_its_first_moves():
    """games/othello/book_data.py was made with --follow 1: our second move too."""
    answered = 0
    for state in covered_states():
        played = GAME.play(state, BOOK.move(state))
        for reply in GAME.legal_moves(played):
            after = GAME.play(played, reply)
            if GAME.legal_moves(after) != [PASS]:
                assert BOOK.move(after) in GAME.legal_moves(after), GAME.render(after)
                answered += 1
    assert answered > len(covered_states())


def test_the_generator_follows_its_moves_with_every_reply():
    entries, discs = othello_book.build([4], 50, follow=1, progress=lambda line: None)
    small = book.Book(discs, entries)
    assert discs == [8, 10]
    for state in COVERED[8]:
        played = GAME.play(state, small.move(state))
        for reply in GAME.legal_moves(played):
            after = GAME.play(played, reply)
            assert small.move(after) in GAME.legal_moves(after), GAME.render(after)


def test_symmetric_positions_get_the_symmetric_move():
    rng = random.Random(4)
    for state in rng.sample(covered_states(), 40):
        move = BOOK.move(state)
        for image in book.IMAGES:
            turned = (book.transformed(state[0], image), book.transformed(state[1], image), state[2])
            turned_move = BOOK.move(turned)
            # the image of the move, or a move equivalent to it where the position maps onto itself
            assert turned_move == image[move] or (book.canonical(*GAME.play(turned, turned_move)[:2])[:2]
                                                  == book.canonical(*GAME.play(turned, image[move])[:2])[:2])


def test_the_symmetries_are_the_eight_of_the_square():
    start = GAME.initial_state()
    assert len(set(book.IMAGES)) == 8
    for image, inverse in zip(book.IMAGES, book.INVERSES):
        assert [inverse[image[s]] for s in range(64)] == list(range(64))
    # the start position is its own image under exactly four of them
    assert sum(book.transformed(start[0], i) == start[0] for i in book.IMAGES) == 4


def test_positions_outside_the_books_disc_counts_are_not_looked_up():
    assert BOOK.move(GAME.initial_state()) is None
    later = sorted(othello_book.positions_by_discs(GAME, max(book_data.DISCS) + 1)[max(book_data.DISCS) + 1])[0]
    assert BOOK.move(later) is None
    assert book.book_move(Othello(6), Othello(6).initial_state()) is None


def test_the_books_text_round_trips_and_refuses_corruption():
    assert book.decode(book.encode(BOOK.entries)) == BOOK.entries
    with pytest.raises(ValueError, match="corrupt Othello opening book"):
        book.decode("~~ not a book ~~")
    with pytest.raises(ValueError, match="not whole entries"):
        book.decode(base64.b85encode(zlib.compress(b"\x00\x01\x02")).decode("ascii"))


def first_answer(argv):
    """(the bot's answer to the first turn after 4 plies, its engine's searches, the
    position): one where the book's move is not the engine's (its first legal move)."""
    state = next(s for s in sorted(COVERED[8]) if BOOK.move(s) != GAME.legal_moves(s)[0])
    lines = Referee().turn_lines(state, GAME.to_move(state), True)
    answer, searches = bookplay.first_answer(othello.BOT, Player(), GAME, lines, argv)
    return GAME.parse_move(answer), searches, state


def test_the_bot_searches_then_plays_the_book_move_unless_told_not_to():
    move, searches, state = first_answer(["--book"])
    assert move == BOOK.move(state)  # the book's, not the engine's
    assert searches == 1  # the tree kept between turns grows anyway
    assert first_answer([]) == (move, searches, state)  # on by default: docs/tuning/othello-book.md
    move, searches, _ = first_answer(["--no-book"])
    assert (move, searches) == (GAME.legal_moves(state)[0], 1)
