"""Writes the golden whole-game transcripts that tests/test_transcripts.py replays.

Run once by hand from the repository root (the files are committed; run it again only
to regenerate them on purpose, and read the diff):

    .venv/bin/python tests/data/transcripts/make_transcripts.py

For Othello, Oware and Onitama it plays one game with a fixed seed, both sides random
movers, and writes ``<game>.txt``: every turn of player 0, as the arena sends it (the
init lines on the first turn), with the answers the arena accepts. The input lines come
from our Referee classes today, but once written the files no longer depend on them: a
later change in a referee cannot change what the test feeds the bots.

The Othello game is also replayed in open_spiel (when ``pyspiel`` is installed), and
every board and action list of the file is compared with open_spiel's, so that file does
not rest on our rules alone.
"""
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))

from games.onitama.protocol import Referee as OnitamaReferee  # noqa: E402
from games.othello.protocol import Referee as OthelloReferee  # noqa: E402
from games.othello.rules import PASS as OTHELLO_PASS  # noqa: E402
from games.oware.protocol import Referee as OwareReferee  # noqa: E402
from games.oware.protocol import arena_actions  # noqa: E402

SEAT = 0  # the transcripts show player 0's side of the game
# Seeds chosen once. Othello's is the first one from 0 up whose game makes player 1 pass
# more than once: it cannot move three times near the end, so player 0 gets four turns
# in a row (the arena skips a player who cannot move). No seed below 20000 gives a game
# in which both players are skipped before a turn of player 0. The others are seed 1.
SEEDS = {"othello": 36, "oware": 1, "onitama": 1}
ARENA_NAMES = {"othello": "othello-1", "oware": "oware-abapa", "onitama": "onitama"}
REFEREES = {"othello": OthelloReferee, "oware": OwareReferee, "onitama": OnitamaReferee}


def play_random_game(referee, seed):
    """Plays one game between two random movers. Returns (turns, plies): ``turns`` has one
    dict per turn of SEAT (input lines, accepted answers, the move the game goes on
    with, notes), ``plies`` every ply as (player, move), forced passes included."""
    game = referee.game
    rng = random.Random(seed)
    state = referee.new_state(rng)
    turns, plies, notes = [], [], []
    while game.legal_moves(state):
        player = game.to_move(state)
        if not referee.needs_answer(state):
            # Othello only: a player whose one move is a pass is not asked at all; the
            # referee passes for it and the other player moves again.
            (move,) = game.legal_moves(state)
            notes.append(f"player {player} could not move: it got no turn, "
                         f"and player {1 - player} moves again")
        else:
            move = rng.choice(game.legal_moves(state))
            if player == SEAT:
                lines = referee.turn_lines(state, SEAT, not turns)
                legal = [game.move_name(m) for m in game.legal_moves(state)]
                # In the order the input lists them, where it does (Othello, Onitama), so
                # that a reader can compare the two; Oware's houses stay in order 0-5.
                legal.sort(key=lambda a: lines.index(a) if a in lines else 0)
                turns.append({
                    "lines": lines,
                    "legal": legal,
                    "played": game.move_name(move),
                    "notes": notes,
                })
            notes = []
        plies.append((player, move))
        state = game.play(state, move)
    result = game.outcome(state)  # +1/0/-1 for the side to move
    if game.to_move(state) != SEAT:
        result = -result
    turns[-1]["after"] = notes + [f"the game is over after {len(plies)} plies: player {SEAT} "
                                  + {1: "wins", 0: "draws", -1: "loses"}[result]]
    return turns, plies


def check_listed_actions(name, turns):
    """The accepted answers must be exactly what the input offers: the listed actions
    (Othello, Onitama), or the houses the arena's rule allows on that board (Oware)."""
    for turn in turns:
        lines = turn["lines"]
        for line in lines:  # the test's reader relies on both
            assert line and not line.startswith("#"), line
        if name == "oware":
            board = tuple(int(n) for n in lines[0].split())
            assert sorted(turn["legal"]) == [str(m) for m in arena_actions(board)], turn
        else:
            count = int(lines[-len(turn["legal"]) - 1])
            assert count == len(turn["legal"]) and sorted(lines[-count:]) == sorted(turn["legal"]), turn


def spiel_rows(spiel_state):
    """open_spiel's Othello board as 8 strings in the arena's alphabet (its text shows
    row 1 at the top, x = black = player 0, o = white = player 1, - = empty)."""
    rows = [line.split()[1:9] for line in str(spiel_state).splitlines()[2:10]]
    return ["".join({"x": "0", "o": "1", "-": "."}[c] for c in row) for row in rows]


def cross_check_othello(turns, plies):
    """Replays the game in open_spiel, by move *names* (so the coordinates are checked
    too), and compares every board, action list and pass of the transcript with it.
    Returns open_spiel's version, or None when pyspiel is not installed."""
    try:
        import pyspiel
        from importlib.metadata import version
    except ImportError:
        return None
    spiel = pyspiel.load_game("othello").new_initial_state()
    referee = OthelloReferee()
    pending = iter(turns)
    for player, move in plies:
        assert spiel.current_player() == player
        names = {spiel.action_to_string(a): a for a in spiel.legal_actions()}
        if move == OTHELLO_PASS:
            assert list(names) == ["pass"], names  # open_spiel too has nothing but a pass
        elif player == SEAT:
            lines = next(pending)["lines"]
            body = lines[2:] if lines[:2] == ["0", "8"] else lines
            assert body[:8] == spiel_rows(spiel), (body[:8], str(spiel))
            assert body[8] == str(len(names)) and sorted(body[9:]) == sorted(names), (body[8:], names)
        name = "pass" if move == OTHELLO_PASS else referee.game.move_name(move)
        spiel.apply_action(names[name])
    assert spiel.is_terminal() and next(pending, None) is None
    return version("open_spiel")


def write_transcript(name, seed, turns, spiel_version):
    header = [
        f"# Golden transcript: one whole game of CodinGame \"{ARENA_NAMES[name]}\" as the arena",
        "# sends it to player 0 (protocol notes: docs/PROTOCOLS.md; replayed by tests/test_transcripts.py).",
        f"# Made by tests/data/transcripts/make_transcripts.py: seed {seed}, both sides random",
        f"# movers, input lines from games/{name}/protocol.py's Referee at the time of writing.",
    ]
    if name == "othello":
        # MultiStruct/Othello's Board.getActions lists the squares disc by disc (in the
        # order the discs were placed), then by direction; our Referee sorts them.
        header += ["# The action lines are in our Referee's order (square by square, row by row); the",
                   "# live referee lists the same squares in another order, which no bot may rely on."]
    if name == "othello" and not spiel_version:
        header += ["# Not cross-checked with open_spiel: pyspiel was not installed when it was written."]
    if spiel_version:
        header += ["# Cross-checked when written: every board and action list below equals open_spiel",
                   f"# {spiel_version}'s othello state after the same moves, and each skipped turn is one",
                   "# where open_spiel offers player 1 nothing but a pass."]
    header += [
        "# Format: one block per turn of player 0. '# turn N' starts it; '# legal:' lists the",
        "# answers the arena accepts, comma-separated; '# played:' is the move this game goes on",
        "# with; '# note:' lines say what happened since the previous block ('# end:' lines,",
        "# after the last block, how the game ended). The lines after these, up to a blank",
        "# line, are the turn's input exactly as sent (no input line is blank or starts with '#').",
    ]
    out = header + [""]
    for number, turn in enumerate(turns, 1):
        out.append(f"# turn {number}")
        out += [f"# note: {note}" for note in turn["notes"]]
        out.append("# legal: " + ", ".join(turn["legal"]))
        out.append(f"# played: {turn['played']}")
        out += turn["lines"]
        out.append("")
    out += [f"# end: {note}" for note in turns[-1]["after"]]
    (HERE / f"{name}.txt").write_text("\n".join(out) + "\n")


def main():
    for name, seed in SEEDS.items():
        referee = REFEREES[name]()
        turns, plies = play_random_game(referee, seed)
        check_listed_actions(name, turns)
        spiel_version = None
        if name == "othello":
            assert any(t["notes"] for t in turns), "pick a seed where player 1 has to pass"
            spiel_version = cross_check_othello(turns, plies)
            if spiel_version is None:
                print("pyspiel is not installed: othello.txt is not cross-checked", file=sys.stderr)
        write_transcript(name, seed, turns, spiel_version)
        print(f"{name}: {len(turns)} turns of player 0, {len(plies)} plies")


if __name__ == "__main__":
    main()
