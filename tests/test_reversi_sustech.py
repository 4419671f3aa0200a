"""The SUSTech `class AI` plays whole games; its candidate list always ends legally."""
import importlib.util
import random
import sys
import threading
import time

import numpy as np
import pytest

from botproc import build_bundle
from games.othello.rules import PASS, Othello


@pytest.fixture(scope="module")
def ai_module(tmp_path_factory):
    """The bundle imported as the judge imports it. Its importer (first in
    sys.meta_path) and the modules it served are taken out afterwards: it refuses the
    project's modules that it does not carry, and later tests import those."""
    path = build_bundle("reversi_sustech", tmp_path_factory.mktemp("dist"))
    meta_path, modules = list(sys.meta_path), set(sys.modules)
    spec = importlib.util.spec_from_file_location("reversi_sustech_bundle", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module
    sys.meta_path[:] = meta_path
    for name in set(sys.modules) - modules:
        del sys.modules[name]


def board_of(game, state):
    black, white = game.discs(state)
    n = game.size
    board = np.zeros((n, n), dtype=int)
    for square in range(n * n):
        if black >> square & 1:
            board[square // n][square % n] = -1
        elif white >> square & 1:
            board[square // n][square % n] = 1
    return board


@pytest.mark.parametrize("size,color", [(8, -1), (8, 1), (6, -1)])
def test_whole_game_against_a_random_mover(ai_module, size, color):
    game = Othello(size, misere=True)
    ai = ai_module.AI(size, color, 0.05)
    me = 0 if color == -1 else 1
    rng = random.Random(size + color)
    state = game.initial_state()
    asked = 0
    while game.legal_moves(state):
        legal = game.legal_moves(state)
        if game.to_move(state) == me:
            candidates = ai.go(board_of(game, state))
            assert candidates is ai.candidate_list
            if legal == [PASS]:
                assert candidates == []
                move = PASS
            else:
                assert sorted(r * size + c for r, c in set(candidates)) == sorted(legal)
                row, col = candidates[-1]
                move = row * size + col
                assert move in legal
            asked += 1
        else:
            move = rng.choice(legal)
        state = game.play(state, move)
    # to the game's end; how long it lasts depends on the clock's searches (a wipe-out
    # can come early), so only the shortest possible game bounds it: 9 plies, 4 of ours
    assert game.outcome(state) is not None and asked >= 4


def test_candidate_list_ends_legally_while_it_thinks(ai_module):
    """The judge may read the list at any moment: sample it from another thread."""
    game = Othello(8, misere=True)
    ai = ai_module.AI(8, -1, 1.0)
    state = game.play(game.initial_state(), 19)
    state = game.play(state, 18)
    legal = set(game.legal_moves(state))
    seen = []
    worker = threading.Thread(target=ai.go, args=(board_of(game, state),))
    worker.start()
    while worker.is_alive():
        snapshot = list(ai.candidate_list)
        if snapshot:
            seen.append(snapshot[-1][0] * 8 + snapshot[-1][1])
        time.sleep(0.01)
    worker.join()
    assert len(seen) > 10
    assert set(seen) <= legal


def test_go_frees_what_its_searches_dropped(ai_module):
    """The engines keep dropped trees for their bot to free after the answer; left
    there over a game, they took the bundle past the judge's 100 MB on 10x10."""
    game = Othello(8, misere=True)
    ai = ai_module.AI(8, -1, 0.05)
    rng = random.Random(5)
    state = game.initial_state()
    for _ in range(12):
        if game.to_move(state) == 0 and game.legal_moves(state) != [PASS]:
            ai.go(board_of(game, state))
            assert ai.engine.root is not None and ai.engine.retired == []
        state = game.play(state, rng.choice(game.legal_moves(state)))


def test_the_solver_never_shares_the_memory_with_a_tree(ai_module):
    """Where the exact solver runs, the tree kept from the last move is dropped first; a
    solve that fails, or proves a loss, empties its table before best-first grows a new
    tree: the tree, the table and a grown tree together passed the judge's 100 MB."""
    game = Othello(8, misere=True)
    seen = set()
    for seed in range(6):
        if seen == {True, False}:
            break   # both ways taken: the games left would show nothing new
        ai = ai_module.AI(8, -1, 0.3)
        rng = random.Random(seed)
        state = game.initial_state()
        while game.legal_moves(state):
            if game.to_move(state) == 0 and game.legal_moves(state) != [PASS]:
                solving = game.empty_squares(state) <= ai.solve_empties
                kept = ai.engine.root
                ai.go(board_of(game, state))
                if solving and kept is not None:
                    solved = ai.engine.root is None  # a win or draw in hand: no tree since
                    assert solved or (len(ai.solver.table) == 0 and ai.engine.root_ply == 0)
                    seen.add(solved)
            state = game.play(state, rng.choice(game.legal_moves(state)))
    assert seen == {True, False}  # both ways were taken


def test_go_never_raises(ai_module):
    ai = ai_module.AI(8, 1, 0.05)
    assert ai.go("not a board") == []



def endgame_with_a_choice(game, empties_at_most, seed):
    """A random line's first position with few empty squares and two moves or more."""
    rng = random.Random(seed)
    state = game.initial_state()
    while game.legal_moves(state):
        legal = game.legal_moves(state)
        empties = game.squares - sum(d.bit_count() for d in game.discs(state))
        if empties <= empties_at_most and len(legal) >= 2 and PASS not in legal:
            return state
        state = game.play(state, rng.choice(legal))
    return None


def test_a_solved_endgame_stops_early_with_a_short_list(ai_module):
    """Near the end the tree is exact after a few expansions: go must stop there, not
    keep appending the same move to candidate_list until its time is out."""
    game = Othello(8, misere=True)
    states = [endgame_with_a_choice(game, 5, seed) for seed in range(20)]
    states = [s for s in states if s is not None][:3]
    assert states, "no random line reached an endgame with a choice"
    for state in states:
        color = -1 if game.to_move(state) == 0 else 1
        ai = ai_module.AI(8, color, 2.0)
        candidates = ai.go(board_of(game, state))
        legal = game.legal_moves(state)
        assert len(candidates) <= len(legal) + 2
        row, col = candidates[-1]
        assert row * 8 + col in legal
