"""The Oware opening book (games/oware/book.py, made by learn/oware_book.py): every
position of its first plies and every reply to its moves has a legal book move, its
text round-trips and refuses what is not a book, the generator's small settings write a
book that loads, and the bot plays the book's move after its usual search when told
--book."""
import pytest

import bookplay
from arena.games import default_random_plies
from bots import oware
from games.oware import book, book_data
from games.oware.protocol import Player, Referee
from games.oware.rules import Oware
from learn import oware_book

GAME = Oware()
BOOK = book.load(GAME)


def test_the_book_starts_at_our_first_move_from_either_seat_in_either_arena():
    # CodinGame starts at ply 0 (seat 0) or 1 (seat 1); the local arena after its random plies
    assert default_random_plies("oware") + 1 <= book.ROOT_PLIES
    assert book.FOLLOW_FROM <= default_random_plies("oware")


def test_every_position_of_the_first_plies_has_a_legal_book_move():
    roots = book.roots(GAME)
    assert [sum(1 for s in roots if GAME.ply(s) == p) for p in range(4)] == [1, 6, 36, 190]  # 26 transpositions at ply 3
    for state in roots:
        assert BOOK[state] in GAME.legal_moves(state), GAME.render(state)


def test_every_reply_to_a_book_move_has_a_legal_book_move_for_each_round():
    positions = [state for state in book.roots(GAME) if GAME.ply(state) >= book.FOLLOW_FROM]
    for _ in range(book_data.ROUNDS):
        answered = []
        for state in positions:
            after = GAME.play(state, BOOK[state])
            for reply in GAME.legal_moves(after):
                position = GAME.play(after, reply)
                if GAME.legal_moves(position):
                    assert book.book_move(GAME, position) in GAME.legal_moves(position), GAME.render(position)
                    answered.append(position)
        assert len(answered) > 3 * len(positions)  # several replies to each
        positions = answered


def test_positions_outside_the_book_have_no_move():
    state = GAME.initial_state()
    for _ in range(book.ROOT_PLIES + 2 * book_data.ROUNDS + 1):
        state = GAME.play(state, GAME.legal_moves(state)[-1])
    assert book.book_move(GAME, state) is None  # past its plies
    rebuilt = GAME.make_state(GAME.houses(GAME.initial_state()), ply=2)  # the start's board at another ply
    assert book.book_move(GAME, rebuilt) is None


def test_the_books_text_round_trips_and_refuses_what_is_not_a_book():
    order = []
    book.walk(GAME, book_data.ROUNDS, lambda positions: order.extend(positions) or [BOOK[s] for s in positions])
    moves = [BOOK[state] for state in order]
    assert len(order) == len(set(order)) == len(BOOK)
    assert book.decode(book.encode(moves)) == moves
    assert book.entries(GAME, moves, book_data.ROUNDS) == BOOK
    with pytest.raises(ValueError, match="corrupt Oware opening book"):
        book.decode("~~ not a book ~~")
    with pytest.raises(ValueError, match="beyond 5"):
        book.decode(book.encode([0, 6]))
    with pytest.raises(ValueError, match="holds 10 moves, fewer than its positions"):
        book.entries(GAME, moves[:10], book_data.ROUNDS)
    with pytest.raises(ValueError, match=f"holds {len(moves) + 1} moves for {len(moves)} positions"):
        book.entries(GAME, moves + [0], book_data.ROUNDS)
    # a position of the last round (whose move leads to no other book position) with a house empty
    last_round = book.ROOT_PLIES + 2 * book_data.ROUNDS - 1
    at = next(i for i, state in enumerate(order) if GAME.ply(state) >= last_round and len(GAME.legal_moves(state)) < 6)
    illegal = list(moves)
    illegal[at] = next(m for m in range(6) if m not in GAME.legal_moves(order[at]))
    with pytest.raises(ValueError, match=f"not legal at ply {GAME.ply(order[at])}"):
        book.entries(GAME, illegal, book_data.ROUNDS)


def test_the_generator_writes_a_book_that_loads(tmp_path):
    path = tmp_path / "book_data.py"
    assert oware_book.main(["--depths", "2", "1", "--output", str(path)]) == 0
    namespace = {}
    exec(path.read_text(), namespace)
    assert "python -m learn.oware_book --depths 2 1 --jobs 1" in namespace["__doc__"]

    class Module:
        DATA, ROUNDS = namespace["DATA"], namespace["ROUNDS"]
    assert Module.ROUNDS == 1
    small = book.load(GAME, Module)  # its moves legal, their number its positions'
    assert set(book.roots(GAME)) < set(small)
    assert not any(GAME.ply(state) > book.ROOT_PLIES + 2 for state in small)


def first_answer(argv):
    """(the bot's answer to its first turn after the arena's random plies, its engine's
    searches, the position): one where the book's move is not the engine's."""
    state = next(s for s in book.roots(GAME) if GAME.ply(s) == 2 and BOOK[s] != GAME.legal_moves(s)[0])
    lines = Referee().turn_lines(state, GAME.to_move(state), True)
    answer, searches = bookplay.first_answer(oware.BOT, Player(), GAME, lines, argv)
    return int(answer), searches, state


def test_the_bot_searches_then_plays_the_book_move_when_told():
    move, searches, state = first_answer(["--book"])
    assert move == BOOK[state]  # the book's, not the engine's
    assert searches == 1  # the tree kept between turns grows anyway
    move, searches, _ = first_answer(["--no-book"])
    assert (move, searches) == (GAME.legal_moves(state)[0], 1)
    assert first_answer([])[0] == (BOOK[state] if oware.BOT.book_on else GAME.legal_moves(state)[0])
