"""Onitama: the rules' speed against the previous rules, side by side; best-first speed;
the learned and N-tuple evaluations side by side; the bundle's time discipline.
open_spiel has no Onitama, so the reference is our own previous rules
(bench/onitama_reference.py, with their evaluations).

Old and new are measured in alternated rounds (``rounds``, 3 by default), medians
reported with the ratio new/old; the target is 2x on the random playouts and on the
alpha-beta positions per second. Rates are per second of the process's CPU time, which
a busy machine disturbs less than the wall clock (searches still stop at a wall-clock
deadline, as in the bots). The collector is off, as in the bots.

- random playouts, plies per second, over 1,000 random deals: the plain loop of
  ``legal_moves`` and ``play`` (moves drawn as ``moves[int(random() * len(moves))]``),
  and what MCTS runs (the rules' ``random_playout`` where they have one, the new rules,
  which draw uniformly without listing the moves; the plain loop for the old ones);
- alpha-beta positions per second: ``alphabeta+`` with the learned linear evaluation
  (which both rules have; the bot's N-tuple evaluation, new rules only, is measured in
  ``evaluations``), with the engine's defaults and with the bot's search options, and
  ``alphabeta`` with the handcrafted evaluation, from positions of several
  deals: searches of ``seconds`` each, every one from cold memo tables; and the turns
  of a game (the arena's turn, 36 ms, for both seats along a fixed game), the engines
  and memo tables kept from turn to turn as in a bot.
"""
import gc
import itertools
import random
import statistics
import subprocess
import sys
import time

from bench import onitama_reference as reference
from bench.common import LEARNED_COST_TARGET, engine_rate, rate_seconds, time_discipline
from engines.alphabeta import AlphaBeta, AlphaBetaPlus
from engines.base import Limit, is_proven, plain_random_playout, random_plies
from engines.bestfirst import BestFirst
from games.onitama import learned, ntuple, rules
from games.onitama.evaluation import make_evaluator
from games.onitama.rules import CARD_COUNT, Onitama

START_CARDS = (15, 10, 2, 9, 6)   # Tiger + Dragon, Frog + Rabbit, Crab in the centre
TURN_S = 0.05 * 0.73              # the bot's share of the arena's 50 ms turn

# label: (engine, (old rules' evaluation, new rules' evaluation))
SEARCHES = {
    "alphabeta+ learned": (AlphaBetaPlus, (reference.make_learned_evaluator, learned.make_evaluator)),
    "alphabeta+ learned, the bot's settings": (
        lambda game, evaluate: AlphaBetaPlus(game, evaluate, **bot_settings()),
        (reference.make_learned_evaluator, learned.make_evaluator)),
    "alphabeta handcrafted": (AlphaBeta, (reference.make_handcrafted_evaluator, make_evaluator)),
}


def bot_settings():
    """The bot's alpha-beta+ parameters (its search options; its N-tuple evaluation has no
    counterpart for the old rules)."""
    from bots.onitama import BOT
    return BOT.configs["alphabeta+"].params


def midgame(game, plies=10, seed=5):
    """A position ``plies`` random plies into a game from START_CARDS, still running."""
    rng = random.Random(seed)
    while True:
        state = game.initial_state(START_CARDS)
        for _ in range(plies):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.play(state, rng.choice(moves))
        if game.legal_moves(state):
            return state


def convert(state, source, target):
    """The same position in the other rules' state."""
    pieces, masters = source.pieces(state)
    hand0, hand1, centre = source.hands(state)
    return target.make_state(pieces, masters, (hand0, hand1), centre, source.to_move(state), source.turn(state))


def playout_rate(game, seconds, hook, seed=1):
    """Plies per CPU second of uniformly random games from random deals (dealt before
    the clock starts): with the rules' ``random_playout`` when ``hook`` (its plies read
    from the final states' turn counters, each game checked afterwards to have ended),
    else the plain loop, each move drawn as ``moves[int(random() * len(moves))]``."""
    rng = random.Random(seed)
    deals = [game.initial_state(tuple(rng.sample(range(CARD_COUNT), 5))) for _ in range(1000)]
    draws = random.Random(seed)
    plies, finals = 0, []
    games = itertools.cycle(deals)
    start = time.process_time()
    while time.process_time() - start < seconds:
        for state in itertools.islice(games, 100):  # the clock read every 100 games
            if hook:
                finals.append(game.random_playout(state, draws.random))
            else:
                plies += plain_random_playout(game, state, draws.random)[1]
    elapsed = time.process_time() - start
    for final in finals:
        if game.legal_moves(final):
            raise RuntimeError("onitama: random_playout stopped before the game's end")
        plies += game.turn(final)
    return plies / elapsed


def search_positions(game, count=4, seed=7):
    """Positions of several deals, 4 to 16 plies in, where a 4-ply search proves
    nothing (a search of a second stays busy)."""
    rng = random.Random(seed)
    found = []
    candidates = [midgame(game)]
    while len(found) < count:
        state = candidates.pop() if candidates else random_plies(
            game, game.initial_state(tuple(rng.sample(range(CARD_COUNT), 5))), rng, rng.choice((4, 8, 12, 16)))
        if game.legal_moves(state):
            probe = AlphaBeta(game, reference.make_handcrafted_evaluator(game), max_depth=4)
            if not is_proven(probe.search(state, Limit.within(60)).value):
                found.append(state)
    return found


def search_rate(engine_class, game, evaluator, state, seconds):
    """(positions per CPU second, depth) of a fresh engine from cold memo tables."""
    rules.clear_memos()
    engine = engine_class(game, evaluator(game))
    cpu = time.process_time()
    result = engine.search(state, Limit.within(seconds))
    return result.nodes / (time.process_time() - cpu), result.depth


def game_line(game, plies=40, seed=3):
    """A fixed game line (random moves, no captures while quieter moves exist, so that
    it lasts): the positions the turns of the game rate search."""
    rng = random.Random(seed)
    state = game.initial_state(START_CARDS)
    line = []
    while len(line) < plies and game.legal_moves(state):
        line.append(state)
        moves = game.legal_moves(state)
        quiet = [m for m in moves if m not in game.noisy_moves(state, moves)]
        state = game.play(state, rng.choice(quiet or moves))
    return line


def game_rate(engine_class, game, evaluator, line):
    """Positions per CPU second over the turns of ``line``, each searched for the bot's
    share of the arena's turn by the engine of its seat, the engines and the memo
    tables kept between turns as in a bot."""
    rules.clear_memos()
    engines = [engine_class(game, evaluator(game)) for _ in (0, 1)]
    nodes = 0
    cpu = time.process_time()
    for state in line:
        nodes += engines[game.to_move(state)].search(state, Limit.within(TURN_S)).nodes
        rules.release_memos()  # as the bots do after each answer
    return nodes / (time.process_time() - cpu)


def side_by_side(quick=False, rounds=3):
    """Prints the old and new rules' figures, alternated rounds, medians and ratios."""
    old, new = reference.Onitama(), Onitama()
    seconds = 0.5 if quick else 1.0
    figures = {}

    def note(key, side, value):
        figures.setdefault(key, {"old": [], "new": []})[side].append(value)

    positions = search_positions(old)
    line = game_line(old, 16 if quick else 40)
    gc.disable()
    try:
        for round_ in range(rounds):
            sides = [("old", old), ("new", new)]
            if round_ % 2:
                sides.reverse()
            for side, game in sides:
                states = positions if game is old else [convert(s, old, new) for s in positions]
                turns = line if game is old else [convert(s, old, new) for s in line]
                note("random playouts, plain loop (plies/s)", side, playout_rate(game, seconds, hook=False))
                note("random playouts as MCTS runs them (plies/s)", side,
                     playout_rate(game, seconds, hook=game is new))
                for label, (engine, evaluators) in SEARCHES.items():
                    evaluator = evaluators[game is new]
                    rates = [search_rate(engine, game, evaluator, s, seconds)[0] for s in states]
                    note(f"{label}, {seconds:g} s searches (positions/s)", side, statistics.median(rates))
                    note(f"{label}, a game's turns (positions/s)", side, game_rate(engine, game, evaluator, turns))
            print(f"  round {round_ + 1} of {rounds} done", flush=True)
    finally:
        gc.enable()
    width = max(map(len, figures))
    print(f"{'onitama, old rules against new (medians of ' + str(rounds) + ' rounds)':{width}} "
          f"{'old':>10} {'new':>10} {'new/old':>8}")
    for key, values in figures.items():
        before, after = statistics.median(values["old"]), statistics.median(values["new"])
        print(f"{key:{width}} {before:10,.0f} {after:10,.0f} {after / before:7.2f}x"
              f" {'(target 2x met)' if after / before >= 2 else '(target 2x missed)'}")


def evaluations(game, quick=False):
    """The handcrafted, learned and N-tuple evaluations: cost per call (medians of interleaved
    rounds over the same positions of several deals, their memo tables warm after the
    first round, process time), the bot's alpha-beta+ positions per second with each
    over the turns of a game (medians of rounds), and the N-tuple weights' start-up."""
    started = start_up()
    params = bot_settings()
    makers = {"handcrafted": make_evaluator, "learned": learned.make_evaluator,
              "ntuple": lambda g: ntuple.make_evaluator(g, ntuple.load())}
    rng = random.Random(11)
    positions = []
    while len(positions) < 2000:
        state = random_plies(game, game.initial_state(tuple(rng.sample(range(CARD_COUNT), 5))), rng,
                             rng.randrange(2, 30))
        if game.legal_moves(state):
            positions.append(state)
    chosen = {name: make(game) for name, make in makers.items()}
    line = game_line(game, 16 if quick else 40)
    costs, rates = {name: [] for name in chosen}, {name: [] for name in chosen}
    gc.disable()
    try:
        for _ in range(5 if quick else 15):
            for name, evaluate in chosen.items():
                start = time.process_time()
                for state in positions:
                    evaluate(state)
                costs[name].append((time.process_time() - start) / len(positions))
        for _ in range(1 if quick else 3):
            for name, make in makers.items():
                rates[name].append(game_rate(lambda g, e: AlphaBetaPlus(g, e, **params), game, make, line))
    finally:
        gc.enable()
    cost = {name: statistics.median(values) for name, values in costs.items()}
    rate = {name: statistics.median(values) for name, values in rates.items()}
    base = cost["handcrafted"]
    print("onitama evaluation per call: " + ", ".join(
        f"{name} {value * 1e6:.2f} us ({value / base:.2f}x)" for name, value in cost.items())
        + f"; the target: the N-tuple at most {LEARNED_COST_TARGET:g}x the handcrafted")
    print("onitama alpha-beta+ positions/s over a game's turns: "
          + ", ".join(f"{name} {value:,.0f}" for name, value in rate.items())
          + f"; N-tuple over learned {rate['ntuple'] / rate['learned']:.2f}x")
    print(f"onitama N-tuple weights at start-up: {started}")


def start_up():
    """'import X ms, decoding and tables Y ms', each in a fresh interpreter."""
    code = ("import time; t = time.perf_counter(); from games.onitama import ntuple;"
            " from games.onitama.rules import Onitama; g = Onitama(); u = time.perf_counter();"
            " e = ntuple.make_evaluator(g); e(g.initial_state()); v = time.perf_counter();"
            " print(f'import {(u - t) * 1000:.0f} ms, decoding and tables {(v - u) * 1000:.0f} ms')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return result.stdout.strip() or result.stderr.strip().splitlines()[-1]


def run(quick=False, rounds=3):
    side_by_side(quick, rounds)
    game = Onitama()
    evaluations(game, quick)
    seconds = rate_seconds(quick)
    evaluate = make_evaluator(game)
    for label, state in (("start", game.initial_state(START_CARDS)), ("midgame (ply 10)", midgame(game))):
        rate, depth = engine_rate(lambda: BestFirst(game, evaluate), state, seconds)
        print(f"onitama best-first from the {label}: {rate:,.0f} nodes/s, depth {depth}")
    time_discipline("onitama", quick)


if __name__ == "__main__":
    run()
