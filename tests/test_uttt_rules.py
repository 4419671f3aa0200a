"""Ultimate Tic-Tac-Toe rules: perft, open_spiel cross-checks (perft and random games),
and hand-made positions for each rule, CodinGame's end by boards won included."""
import random
from pathlib import Path

import pytest

from games.uttt.rules import ANY, OVER, UltimateTicTacToe

PERFT = [tuple(map(int, line.split())) for line in
         (Path(__file__).parent / "data" / "perft_uttt.txt").read_text().splitlines()]

game = UltimateTicTacToe()


def perft(state, depth):
    moves = game.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(game.play(state, m), depth - 1) for m in moves)


def spiel_move_perft(state, depth):
    """Perft over open_spiel's moves: a free choice there is two actions by the same
    player (the board, then the cell), counted here as one ply."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    player = state.current_player()
    total = 0
    for action in state.legal_actions():
        child = state.child(action)
        same_move = not child.is_terminal() and child.current_player() == player
        total += spiel_move_perft(child, depth if same_move else depth - 1)
    return total


def play_names(*names, state=None):
    state = state or game.initial_state()
    for name in names:
        move = game.parse_move(name)
        assert move in game.legal_moves(state), name
        state = game.play(state, move)
    return state


@pytest.mark.parametrize("depth,count", [p for p in PERFT if p[0] <= 5])
def test_perft_from_the_start(depth, count):
    assert perft(game.initial_state(), depth) == count


@pytest.mark.slow
@pytest.mark.parametrize("depth,count", [p for p in PERFT if p[0] > 5])
def test_deep_perft_from_the_start(depth, count):
    assert perft(game.initial_state(), depth) == count


@pytest.mark.parametrize("depth,count", [p if p[0] <= 5 else pytest.param(*p, marks=pytest.mark.slow)
                                         for p in PERFT if p[0] <= 6])
def test_perft_table_agrees_with_open_spiel(depth, count):
    pyspiel = pytest.importorskip("pyspiel")
    assert spiel_move_perft(pyspiel.load_game("ultimate_tic_tac_toe").new_initial_state(), depth) == count


def spiel_grid(spiel_state):
    """open_spiel's board as 9 rows of 9 marks (X, O, .)."""
    rows = [line.replace(" ", "").upper() for line in str(spiel_state).splitlines()[:11] if line.strip()]
    return rows[:9]


def boards_won(grid, mark):
    """How many small boards of a 9 x 9 grid of marks hold a line of ``mark``."""
    count = 0
    for top in (0, 3, 6):
        for left in (0, 3, 6):
            cells = [[grid[top + r][left + c] == mark for c in range(3)] for r in range(3)]
            lines = cells + [list(col) for col in zip(*cells)] + [
                [cells[i][i] for i in range(3)], [cells[i][2 - i] for i in range(3)]]
            count += any(all(line) for line in lines)
    return count


def spiel_moves(spiel_state):
    """open_spiel's legal moves in our numbering, each with its actions."""
    forced = str(spiel_state).split("Forced board: ")[1].split()[0]
    if forced != "any":
        return {9 * int(forced) + a: (a,) for a in spiel_state.legal_actions()}
    return {9 * b + a: (b, a) for b in spiel_state.legal_actions()
            for a in spiel_state.child(b).legal_actions()}


def test_random_games_agree_with_open_spiel():
    """Moves, boards and ends of 3000 random games. Where every small board is won or
    full without a line, open_spiel says draw and CodinGame counts the boards won."""
    pyspiel = pytest.importorskip("pyspiel")
    spiel_game = pyspiel.load_game("ultimate_tic_tac_toe")
    rng = random.Random(36)
    ends = {"line": 0, "more boards": 0, "as many boards": 0}
    for _ in range(3000):
        ours, theirs = game.initial_state(), spiel_game.new_initial_state()
        while not theirs.is_terminal():
            legal = spiel_moves(theirs)
            assert sorted(game.legal_moves(ours)) == sorted(legal)
            assert game.outcome(ours) is None
            move = rng.choice(sorted(legal))
            for action in legal[move]:
                theirs.apply_action(action)
            ours = game.play(ours, move)
        grid = spiel_grid(theirs)
        assert [row.replace(" ", "") for row in game.render(ours)] == grid
        assert not game.legal_moves(ours)
        mover = game.to_move(ours)
        result, spiel_result = game.outcome(ours), theirs.returns()[mover]
        if spiel_result == 0:
            more = boards_won(grid, "XO"[mover]) - boards_won(grid, "OX"[mover])
            assert result == (more > 0) - (more < 0)
            ends["more boards" if more else "as many boards"] += 1
        else:
            assert result == spiel_result
            ends["line"] += 1
    assert min(ends.values()) > 0, ends  # every kind of end was met


def test_a_move_sends_the_opponent_to_the_board_of_its_cell():
    state = play_names("4 4")  # the centre cell of the centre board
    assert state[5] == 4
    assert sorted(game.move_name(m) for m in game.legal_moves(state)) == sorted(
        f"{r} {c}" for r in range(3, 6) for c in range(3, 6) if (r, c) != (4, 4))


def test_a_won_board_is_closed_and_sending_there_frees_the_choice():
    # X takes the top-left board's diagonal (0 0, 1 1, 2 2) while O plays 0 1 there
    state = play_names("1 1", "3 3", "0 0", "0 1", "0 5", "0 6", "2 2")
    assert state[2] == 1 and state[4] == 1 and state[5] == 8  # won, not full; O goes to board 8
    state = play_names("6 6", state=state)  # O sends X back to the won board
    moves = game.legal_moves(state)
    assert state[5] == ANY and len(moves) == 81 - 9 - 4  # every empty cell of the 8 open boards
    assert all(m // 9 != 0 for m in moves)


def test_move_names_round_trip_and_junk_is_refused():
    names = {game.move_name(m) for m in range(81)}
    assert len(names) == 81 and all(game.move_name(game.parse_move(n)) == n for n in names)
    assert game.parse_move("0 8") == 2 * 9 + 2 and game.parse_move("8 0") == 6 * 9 + 6
    for junk in ("", "1", "9 0", "-1 -1", "1 2 3", "a b", "\u0661 1"):
        with pytest.raises(ValueError):
            game.parse_move(junk)


def test_noisy_moves_are_exactly_those_that_win_a_small_board():
    rng = random.Random(5)
    seen = 0
    for _ in range(200):
        state = game.initial_state()
        while game.legal_moves(state):
            moves = game.legal_moves(state)
            won = 2 if game.to_move(state) == 0 else 3
            winning = [m for m in moves if game.play(state, m)[won] != state[won]]
            assert game.noisy_moves(state, moves) == winning
            seen += len(winning)
            state = game.play(state, rng.choice(moves))
    assert seen > 100


def test_the_replays_board_view_shows_the_cells_and_the_last_move():
    from arena.replay import board_view_of
    game = UltimateTicTacToe()
    move = game.parse_move("4 7")
    view = board_view_of(game)(game.play(game.initial_state(), move), move)
    assert len(view["rows"]) == 9 and {len(row) for row in view["rows"]} == {9}
    assert view["rows"][4][7] == "p0" and sum(cell != "" for row in view["rows"] for cell in row) == 1
    assert view["marks"] == [[4, 7]] and view["notes"][0] == "boards won: X 0, O 0"
