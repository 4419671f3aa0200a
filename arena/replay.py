"""Replays: a results file's games as one self-contained HTML page (no network, no
external script), each drawn ply by ply with what the bots said of their search (the
info line) and on stderr (each move's lines, and the loser's last ones), and which bot
plays which side.

Board views: each game package draws its own board. ``games/<g>/view.py`` defines
``board_view(game, state, last_move=None)``, returning a dict:

- ``rows``: the board's rows, top row first, each a list of cells: ``""`` (empty),
  ``"p0"``/``"p1"`` (a piece of player 0 or 1), ``"m0"``/``"m1"`` (a master or king), or
  an int (a count, drawn as a number: Oware's seeds);
- ``files``, ``ranks``: the columns' labels (a string or list) and the rows' (top first);
- ``colors``: the two players' piece colours; ``sides``: what the game calls each
  player's side ("black", "white"; optional), shown beside the bots' names; ``board``: a
  colour (one colour with a grid), ``"checker"`` or ``"pits"``;
- ``marks``: ``[row, col]`` cells that the last move touched; ``notes``: lines of text
  (scores, cards).

A game whose rules object has a ``board_view`` method uses it instead, so a new game draws
itself with no change here.
"""

import html
import importlib
import json
import random
from pathlib import Path

from arena.errors import UserError
from arena.games import load_referee
from arena.match import REASONS, call_referee, limits_ms, new_state, play_named, ranks_of
from arena.results import read_results

TEMPLATE = Path(__file__).resolve().parent / "replay.html"


def board_view_of(game):
    """The function ``(state, last_move) -> view`` of ``game``; UserError if it has none."""
    if hasattr(game, "board_view"):
        return game.board_view
    package = type(game).__module__.rpartition(".")[0]
    missing = UserError(f"{getattr(game, 'name', None) or type(game).__name__} has no board view "
                        f"(a board_view method, or {package or 'its package'}.view)")
    if not package:
        raise missing
    try:
        module = importlib.import_module(f"{package}.view")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.view":
            raise
        raise missing from None
    return lambda state, last_move=None: module.board_view(game, state, last_move)


def ranking_text(record):
    """A game of more than two: its ranking, each player's fault said beside it."""
    names, ranks, faults = record["bots"], ranks_of(record), record.get("faults") or [None] * len(record["bots"])
    places = []
    for seat in sorted(range(len(names)), key=lambda s: (ranks[s], s)):
        fault = f" ({REASONS.get(faults[seat]['reason'], faults[seat]['reason'])})" if faults[seat] else ""
        places.append(f"{ranks[seat]:g}. {names[seat]}{fault}")
    return f"{', '.join(places)}; {REASONS.get(record['reason'], record['reason'])}"


def result_text(record):
    names = record["bots"]
    if len(names) > 2:
        return ranking_text(record)
    outcome = "draw" if record["winner"] is None else f"{names[record['winner']]} wins"
    reason = REASONS.get(record["reason"], record["reason"])
    if record.get("loser") is not None:
        reason = f"{names[record['loser']]}: {reason}"
    if record.get("detail"):
        reason += f" ({record['detail']})"
    return f"{outcome}; {reason}"


def game_frames(record):
    """The page's data for one game: its bots, result and one frame per ply."""
    referee = load_referee(record["game"])
    label = f"game {record.get('key') or ''}"
    players = len(record["bots"])
    state = new_state(referee, random.Random(record.get("seed", 0)), players)
    game = referee.game   # after new_state: an N-player referee takes the rules for this many players
    draw = board_view_of(game)
    frames = [{"view": draw(state), "move": None, "seat": None}]
    odds = record.get("odds") or [1.0] * players
    limits = [limits_ms(referee, record.get("scale", 1.0) * factor) for factor in odds]
    turns = [0] * players
    out = {}   # moves played before -> the seats put out then by their faults
    for played, seat in record.get("eliminations") or ():
        out.setdefault(played + len(record.get("opening") or []), []).append(seat)
    times, infos, saids = record.get("times") or [], record.get("info") or [], record.get("said") or []
    movers = record.get("movers") or ""
    for index, name in enumerate(list(record.get("opening") or []) + list(record.get("moves") or [])):
        opening = index < len(record.get("opening") or [])
        for gone in out.get(index, ()):
            state = call_referee(referee, "eliminate", state, gone)
        seat = game.to_move(state)
        move, after = play_named(game, state, name, f"{label}, ply {index + 1}")
        frame = {"move": name, "seat": seat, "opening": opening}
        if not opening:
            at = index - len(record.get("opening") or [])
            if at < len(movers) and int(movers[at]) != seat:
                raise UserError(f"{label}: move {at + 1} was recorded for the other player")
            ms = times[at] if at < len(times) else None
            if ms is not None:
                frame.update(ms=ms, limit=round(limits[seat][0 if turns[seat] == 0 else 1], 1))
                turns[seat] += 1
            frame["info"] = infos[at] if at < len(infos) else None
            frame["said"] = saids[at] if at < len(saids) else None
        frame["view"] = draw(after, move)
        frames.append(frame)
        state = after
    ended = len(record.get("opening") or []) + len(record.get("moves") or [])
    if out.get(ended):   # put out after the last move: the last view shows it
        for gone in out[ended]:
            state = call_referee(referee, "eliminate", state, gone)
        frames[-1]["view"] = draw(state, move if len(frames) > 1 else None)
    start = frames[0]["view"]
    return {"key": record.get("key"), "game": record["game"], "bots": record["bots"],
            "sides": start.get("sides") or [f"player {seat}" for seat in range(players)], "colors": start["colors"],
            "result": result_text(record), "seed": record.get("seed"), "frames": frames,
            "stderr": stderr_of(record)}


def stderr_of(record):
    """The loser's last stderr lines where a fault ended the game ({"seat", "lines"}),
    else None: what it said after its last move (a crash's traceback)."""
    lines = record.get("stderr") or []
    return {"seat": record["loser"], "lines": lines} if lines and record.get("loser") is not None else None


def select_records(records, which):
    """The records ``which`` names: a number from 1, or a text found in the key."""
    if which is None:
        return records
    if which.isdigit():
        index = int(which)
        if not 1 <= index <= len(records):
            raise UserError(f"--game {which}: the file holds games 1 to {len(records)}")
        return [records[index - 1]]
    chosen = [r for r in records if which in str(r.get("key"))]
    if not chosen:
        raise UserError(f"--game {which!r}: no game's key holds it")
    return chosen


def page(records, title):
    """The HTML of a replay page of ``records``."""
    data = json.dumps({"title": title, "games": [game_frames(r) for r in records]}, separators=(",", ":"))
    data = data.replace("</", "<\\/")  # nothing in the data may close the script element
    return TEMPLATE.read_text().replace("{{TITLE}}", html.escape(title)).replace("{{DATA}}", data)


def write_replay(results, output=None, which=None):
    """Writes the replay page of the games of ``results``; returns its path."""
    if not Path(results).is_file():
        raise UserError(f"no results file {results}")
    records = select_records(read_results(results), which)
    if not records:
        raise UserError(f"no games in {results}")
    output = Path(output or Path(results).with_suffix(".html"))
    output.write_text(page(records, f"{Path(results).name}: {len(records)} game{'s' * (len(records) != 1)}"))
    return output
