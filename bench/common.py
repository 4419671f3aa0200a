"""Shared measuring loops, so every game is timed the same way."""
import gc
import random
import statistics
import time

from engines.alphabeta import AlphaBeta
from engines.base import Limit, plain_random_playout, random_plies


def playout_rate(step_game, seconds, seed=1):
    """Plies per second of ``step_game(rng) -> plies`` (one random game), run for ``seconds``."""
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        plies += step_game(rng)
    return plies / (time.perf_counter() - start)


def our_random_game(game):
    """One random game with our rules, each move drawn as MCTS draws it (as open_spiel's
    below): ``moves[int(random() * len(moves))]``."""
    initial = game.initial_state

    def step(rng):
        return plain_random_playout(game, initial(), rng.random)[1]
    return step


def spiel_random_game(spiel_game):
    """One random game with open_spiel's C++ rules driven from Python."""
    def step(rng):
        random = rng.random
        state = spiel_game.new_initial_state()
        plies = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[int(random() * len(actions))])
            plies += 1
        return plies
    return step


def fast_playout_rate(game, seconds, seed=1):
    """Plies per second of the game's ``random_playout`` hook (what MCTS plays), run
    for ``seconds``. The hook returns only the final state, so the plies are counted
    afterwards, untimed, by replaying the same draws through ``plain_random_playout``
    (its definition); the replay must end in the same states, which checks the hook
    once more."""
    rng = random.Random(seed)
    initial = game.initial_state()
    finals = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        finals.append(game.random_playout(initial, rng.random))
    elapsed = time.perf_counter() - start
    replay = random.Random(seed)
    plies = 0
    for final in finals:
        state, played = plain_random_playout(game, initial, replay.random)
        plies += played
        if state != final:
            raise RuntimeError(f"{game.name}: random_playout left the game that legal_moves and play give")
    return plies / elapsed


def compare_playouts(name, game, spiel_name, seconds, rounds=3):
    """Prints ours vs open_spiel's random-playout plies/s, interleaved, medians of rounds:
    our plain loop over ``legal_moves`` and ``play``, and where the game has one its
    ``random_playout`` hook (what MCTS uses), whose ratio is the headline."""
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    fast = getattr(game, "random_playout", None) is not None
    loop, hook, theirs = [], [], []
    for _ in range(rounds):
        loop.append(playout_rate(our_random_game(game), seconds))
        if fast:
            hook.append(fast_playout_rate(game, seconds))
        if pyspiel is not None:
            theirs.append(playout_rate(spiel_random_game(pyspiel.load_game(spiel_name)), seconds))
    plain = statistics.median(loop)
    mine = statistics.median(hook) if fast else plain
    how = "random_playout" if fast else "legal_moves + play"
    text = f"{name} random playouts: ours ({how}) {mine:,.0f} plies/s"
    if fast:
        text += f", ours (legal_moves + play) {plain:,.0f}"
    if theirs:
        other = statistics.median(theirs)
        text += f", open_spiel {other:,.0f} plies/s, ratio {mine / other:.2f}x"
        if fast:
            text += f" (plain loop {plain / other:.2f}x)"
    else:
        text += " (open_spiel not installed)"
    print(text + f" (median of {rounds} interleaved rounds of {seconds}s)")


def engine_rate(engine_factory, state, seconds):
    """(nodes per second, depth) of a fresh engine searching ``state`` for ``seconds``."""
    engine = engine_factory()
    start = time.perf_counter()
    result = engine.search(state, Limit(deadline=start + seconds))
    elapsed = time.perf_counter() - start
    return result.nodes / elapsed, result.depth


def play_random_plies(game, plies, seed):
    return random_plies(game, game.initial_state(), random.Random(seed), plies)


# A learned evaluation may cost at most this many calls of the handcrafted one.
LEARNED_COST_TARGET = 3.0


def evaluation_costs(name, game, chosen, positions, base, target, quick=False, searches=()):
    """Prints each evaluation of ``chosen`` ({name: evaluate}): its cost per call (medians
    of interleaved rounds over the same ``positions``, process time) and its ratio to
    ``base``'s against ``target``; then alpha-beta's positions per second with each from
    the same ``searches`` positions (medians)."""
    costs = {label: [] for label in chosen}
    gc.disable()  # as in the bots
    try:
        for _ in range(5 if quick else 15):
            for label, evaluate in chosen.items():
                start = time.process_time()
                for _ in range(10):
                    for state in positions:
                        evaluate(state)
                costs[label].append((time.process_time() - start) / (10 * len(positions)))
        cost = {label: statistics.median(values) for label, values in costs.items()}
        text = ", ".join(f"{label} {value * 1e6:.2f} us" for label, value in cost.items())
        ratios = ", ".join(f"{label} {cost[label] / cost[base]:.2f}x" for label in chosen if label != base)
        print(f"{name} evaluation per call: {text}; over {base}: {ratios} (target <= {target:g}x)")
        budget = 0.1 if quick else 1.0
        rates = {label: [] for label in chosen}
        searches = [state for state in searches if game.legal_moves(state)]
        for state in searches:
            for label, evaluate in chosen.items():
                engine = AlphaBeta(game, evaluate)
                start = time.process_time()
                result = engine.search(state, Limit.within(budget))
                rates[label].append(result.nodes / (time.process_time() - start))
        if searches:
            text = ", ".join(f"{label} {statistics.median(values):,.0f}" for label, values in rates.items())
            print(f"{name} alpha-beta positions/s with each evaluation (median of {len(searches)}"
                  f" searches of {budget:g} s): {text}")
    finally:
        gc.enable()


# The time-discipline targets: use most of the turn, keep a margin on every turn, and on
# the typical one a tenth of the turn for the pipe and a busy machine.
MEAN_SHARE, LARGEST_SHARE, MEDIAN_SHARE = 0.60, 0.80, 0.90


def rate_seconds(quick):
    """How long a game's bench measures each rate (playouts, engine searches)."""
    return 0.5 if quick else 3.0


def time_discipline(game_name, quick=False, extra_args="", first_target=None):
    """Self-play of the built bundle at the arena's real clock, through the local referee
    (one game with quick, six without).

    Prints, over every turn both seats played: the average share of the turn budget
    used (first turns apart), the largest turn against its budget, and the first
    answers against the first-turn budget. Times are the referee's: from the first
    input line of the turn to the answer line, pipes and process wake-ups included.
    """
    from arena.games import bundle_path, load_referee
    from arena.match import Match, play_match

    referee = load_referee(game_name)
    bundle = bundle_path(game_name)
    if not bundle.is_file():
        print(f"{game_name} time discipline: {bundle} is missing (run make build)")
        return
    command = f"{bundle} {extra_args}".strip()
    games = 1 if quick else 6
    shares, firsts, reasons = [], [], []
    for seed in range(games):
        record = play_match(referee, Match.between([command, command], seed=seed))
        reasons.append(record["reason"])
        seen = set()
        for player, ms in zip(record["movers"], record["times"]):
            if ms is None:
                continue
            if player not in seen:
                seen.add(player)
                firsts.append(ms / referee.first_turn_ms)
            else:
                shares.append(ms / referee.turn_ms)
    if not shares:
        print(f"{game_name} time discipline: no turns played ({reasons})")
        return
    mean, median, largest, first = statistics.mean(shares), statistics.median(shares), max(shares), max(firsts)
    print(f"{game_name} time discipline over {games} self-play games ({len(shares)} turns,"
          f" {referee.turn_ms} ms budget): mean {mean:.1%} of the turn {verdict(mean >= MEAN_SHARE)},"
          f" median {median:.0%} {verdict(median <= MEDIAN_SHARE)},"
          f" largest {largest:.0%} {verdict(largest <= LARGEST_SHARE)}; first answer up to {first:.0%}"
          f" of {referee.first_turn_ms} ms"
          f"{'' if first_target is None else ' ' + verdict(first <= first_target)};"
          f" game ends: {', '.join(sorted(set(reasons)))}")


def verdict(met):
    return "(target met)" if met else "(target missed)"
