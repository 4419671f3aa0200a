"""CodinGame Othello's EXPERT mode in the local referee: a bot whose first answer is
``EXPERT b1`` plays b1 and from then on gets the opponent's moves since its last turn
(``e7;``, ``pass;``, ``h1;g7;``) after the board. Golden transcripts: every line the
scripted bot tests/zoo/expert.py received, from a position where each side must pass.
Its opponent, tests/zoo/first.py, would fail on any line it does not expect."""
from pathlib import Path

import pytest

from arena.match import Match, play_match
from games.othello.protocol import Referee
from games.othello.rules import Othello

ZOO = Path(__file__).resolve().parent / "zoo"
FIRST = f"{ZOO}/first.py"

# Black (0) to move. Playing the first listed action each, the game goes b1 e7 h1,
# white passes, g7 e8, black passes, g8: the end.
START = ["0.10001.",
         "01100011",
         "11001011",
         "11001111",
         "11100110",
         "10110010",
         "1011.1.0",
         "1111.1.0"]
MOVES = ["b1", "e7", "h1", "pass", "g7", "e8", "pass", "g8"]

AS_BLACK = [
    "0", "8",                                     # turn 1: id and size, then the board
    *START,
    "5", "b1", "h1", "e7", "e8", "g8",            # answered "EXPERT b1"
    "0000001.", "00000011", "10001011", "10001111",
    "10101110", "10111110", "101111.0", "1111.1.0",
    "e7;",                                        # white's move since our last turn
    "4", "h1", "g7", "e8", "g8",
    "00000000", "00000000", "10001010", "10001110",
    "10101110", "10111110", "101111.0", "1111.1.0",
    "pass;",                                      # white could not move
    "3", "g7", "e8", "g8",
]

AS_WHITE = [
    "1", "8",
    "0000001.", "00000011", "10001011", "10001111",
    "10100110", "10110010", "1011.1.0", "1111.1.0",
    "1", "e7",                                    # answered "EXPERT e7"
    "00000000", "00000000", "10001000", "10001100",
    "10100100", "10111000", "10000000", "1111.1.0",
    "h1;g7;",                                     # black moved twice: we could not move
    "2", "e8", "g8",
    "00000000", "00000000", "10001000", "10001100",
    "10100100", "10111000", "10011000", "111111.0",
    "pass;",
    "1", "g8",
]


class FromStart(Referee):
    """Plays from START instead of the initial position."""

    def new_state(self, rng=None):
        super().new_state(rng)
        game = self.game
        black = white = 0
        for row, line in enumerate(START):
            for col, cell in enumerate(line):
                if cell != ".":
                    bit = 1 << (row * game.size + col)
                    black, white = (black | bit, white) if cell == "0" else (black, white | bit)
        return game.state_from_discs(black, white, 0)


@pytest.mark.parametrize("seat, golden", [(0, AS_BLACK), (1, AS_WHITE)])
def test_an_expert_bot_gets_the_opponents_moves_since_its_last_turn(tmp_path, seat, golden):
    log = tmp_path / "received.txt"
    commands = [f"{ZOO}/expert.py {log}", FIRST]
    if seat == 1:
        commands.reverse()
    record = play_match(FromStart(), Match.between(commands, seed=1, random_plies=0))
    assert record["reason"] == "end" and record["moves"] == MOVES
    assert log.read_text().splitlines() == golden


def test_expert_asked_after_the_first_turn_is_refused(tmp_path):
    log = tmp_path / "received.txt"
    record = play_match(FromStart(), Match.between([FIRST, f"{ZOO}/expert.py {log} late"], seed=1, random_plies=0))
    assert record["reason"] == "bad_output" and record["loser"] == 1
    assert "EXPERT e8" in record["detail"]
    # its second turn came without the extra line: it had not asked on its first
    assert log.read_text().splitlines() == AS_WHITE[:AS_WHITE.index("h1;g7;")] + ["2", "e8", "g8"]


def test_what_the_referee_reads_as_expert():
    referee = Referee()
    game = Othello()
    state = referee.new_state()
    assert referee.parse_answer(state, "EXPERT d3 MSG hello") == game.parse_move("d3")
    assert referee.experts == {0}
    state = game.play(state, game.parse_move("d3"))
    assert referee.parse_answer(state, "expert  c5") == game.parse_move("c5")
    assert referee.experts == {0, 1}
    referee.new_state()                      # a new game forgets them
    assert referee.experts == set() and referee.answers == []
    state = referee.new_state()
    with pytest.raises(ValueError, match="invalid action"):
        referee.parse_answer(state, "EXPERT d4")   # the move must still be legal
    with pytest.raises(ValueError, match="invalid action"):
        referee.parse_answer(state, "EXPERT")
    assert referee.experts == set()
