"""bench/tron_losses.py reads a lost game as the docs say: the first ply a deeper search
reads lost, and our moves unlike its until then."""
import json
import random

import pytest

from arena.match import new_state
from bench.tron_losses import main, read_game
from games.tron.protocol import Referee


def recorded_game(seed, lose_at=None):
    """A 2-cycle record as the arena writes one: seat 0 ("us") plays the first move it
    is offered, seat 1 ("them") a random one."""
    referee = Referee()
    state = new_state(referee, random.Random(seed), 2)
    game, rng, moves = referee.game, random.Random(seed), []
    while game.returns(state) is None:
        offered = game.legal_moves(state)
        move = offered[0] if game.to_move(state) == 0 else rng.choice(offered)
        moves.append(game.move_name(move))
        state = game.play(state, move)
    winner = 0 if game.returns(state)[0] > game.returns(state)[1] else 1
    return {"game": "tron", "key": f"tron:{seed}", "bots": ["us", "them"], "seed": seed, "moves": moves,
            "winner": winner, "score": [1.0 - winner, float(winner)], "reason": "end"}


def test_a_lost_game_is_read_up_to_the_ply_the_search_reads_it_lost(tmp_path, capsys):
    record = next(r for r in (recorded_game(seed) for seed in range(50)) if r["winner"] == 1)
    share, ply, differ = read_game(record, "us", nodes=300, plies=len(record["moves"]))
    assert 0.0 <= share <= 1.0
    assert ply is not None and ply % 2 == 0  # our plies are the even ones; a lost game is read lost by its end
    assert 0 <= differ <= ply // 2 + 1
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(record) + "\n")
    main([str(path), "us", "--nodes", "300", "--plies", "400"])
    assert f"read lost at ply {ply}" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main([str(path), "them"])  # no game lost by them: one line, not a traceback
