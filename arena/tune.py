"""Tuning engine parameters with Optuna, each trial a match in the arena.

A trial runs the game's full bundle (``dist/full/GAME.py``, which carries every engine)
with the sampled parameters (``--engine E --set NAME=VALUE ...``) against a fixed
opponent (by default the same bundle with ``--engine alphabeta``) for ``games`` games
at the real clock; its value is the candidate's score. Every trial plays the same
openings (the same tournament seed), so trials differ by their parameters, not by their
luck with openings.

Evaluation weights too: a parameter named ``weight.NAME`` (``--param
weight.material=0.5:2``) is passed as ``--weight NAME=VALUE``, and its current value is
the bot's weight, else the one in the game's ``evaluation.WEIGHTS``; the record's ``Chosen`` line puts it among
the ``weights`` of the bot's configuration named after the engine (a ``Config``), which uses them alone.

The first trial is the values the bot plays the engine with now (its configuration named
after the engine in bots/GAME.py, else the engine's own), the point to beat. Two files make a study
resumable, both in ``--results-dir``:

- ``tune-GAME.jsonl``: every game played, as in any tournament (resumes a cut trial);
- ``tune-GAME-trials.jsonl``: one line when a trial starts and one when it ends. On a
  rerun the finished trials are given back to the optimiser, and a trial that was cut
  short is tried again with the same parameters (its finished games are not replayed).

With ``--backend ray`` each trial's games run as Ray tasks over the cluster, and the
trials stay one after another: the sampler then proposes each trial knowing every
earlier one, so a study is the same for the same seed wherever it runs (trials in
parallel would depend on which finished first). A trial keeps ``--games`` game slots
busy at most: give a large cluster more games a trial.

The study's record, ``tune-GAME.md`` in ``--results-dir`` unless ``--record`` names a
file, lists every trial and the best parameters, as the entry to paste into the bot's
``configs`` table. A trial in which the candidate lost a game by a fault (a timeout, a
crash, an illegal or bad answer) is never chosen, nor are values that faulted in the
confirmation: what a fault scores says nothing of the parameters' strength.
"""

import importlib
import json
import math
import os
import platform
import shlex
import sys
import time
from pathlib import Path

from arena.backends import add_backend_options, open_backend
from arena.errors import Interrupted, UserError
from arena.games import bundle_choices, bundle_path, load_referee
from arena.match import Match
from arena.tournament import Tournament, parse_bots, run_tournament

# name: (low, high, log scale)
SPACES = {
    "bestfirst": {"C": (0.1, 4.0, True), "FPU": (0.0, 1.5, False)},
    "bestfirst+": {"C": (0.1, 4.0, True), "FPU": (0.0, 1.5, False)},
    "mcts": {"C": (0.1, 3.0, True)},
}
WEIGHT = "weight."  # a parameter "weight.NAME" is the evaluation weight NAME (--weight NAME=...)

STARTUP = 5  # random trials before the optimiser models the results (few trials in all)


def engine_parameters(engine):
    """{parameter: (type, default)} of the engine (engines/registry.py); UserError for
    an unknown engine."""
    from engines import registry
    try:
        return registry.parameters(engine)
    except ValueError as error:
        raise UserError(str(error)) from None


def engine_defaults(engine, space, game=None):
    """The values the game's bot plays the engine with now, for the parameters in
    ``space``: its configuration's (bots/GAME.py), else the engine's own; for the
    ``weight.NAME`` ones, the configuration's weights, else the evaluation's defaults."""
    parameters = engine_parameters(engine)
    tuned = bot_config(game, engine)
    own = {name: default for name, (_, default) in parameters.items()}
    own.update(tuned.params if tuned else {})
    defaults = {name: own[name] for name in space if name in own and isinstance(own[name], (int, float))}
    weights = evaluation_weights(game) if game is not None else {}
    weights.update(tuned.weights if tuned else {})
    defaults.update({name: weights[name[len(WEIGHT):]] for name in space
                     if name.startswith(WEIGHT) and name[len(WEIGHT):] in weights})
    return defaults


def bot_config(game, engine):
    """The game's bot's configuration named after the engine (a ``Config``: the engine
    with its defaults where the bot names none), or None where the game has no such bot."""
    try:
        module = importlib.import_module(f"bots.{game}")
    except ImportError:
        return None
    bot = getattr(module, "BOT", None)
    return bot.config(engine) if bot is not None else None


def check_space(engine, space, game):
    """UserError, before any game, unless every parameter of ``space`` is one the engine
    takes as a number, or a weight of the game's evaluation."""
    parameters = engine_parameters(engine)
    weights = evaluation_weights(game)
    for name in space:
        if name.startswith(WEIGHT):
            if name[len(WEIGHT):] not in weights:
                raise UserError(f"--param {name}: the {game} evaluation has no weight "
                                f"{name[len(WEIGHT):]!r}; it has {', '.join(weights) or 'none'}")
        elif name not in parameters:
            raise UserError(f"--param {name}: {engine} has no such parameter; it takes "
                            f"{', '.join(sorted(parameters))}")
        elif parameters[name][0] not in (int, float):
            raise UserError(f"--param {name}: not a number ({parameters[name][0].__name__})")


def typed(engine, params):
    """``params`` with the engine's integer parameters rounded to integers (the sampler
    draws floats; the bots take an integer parameter only as an integer)."""
    kinds = engine_parameters(engine)
    return {name: int(round(value)) if name in kinds and kinds[name][0] is int else value
            for name, value in params.items()}


def evaluation_weights(game):
    """The default weights of the game's evaluation (``WEIGHTS`` in its module)."""
    package = type(load_referee(game).game).__module__.rpartition(".")[0]  # reversi plays Othello's rules
    try:
        module = importlib.import_module(f"{package}.evaluation")
    except ImportError:
        return {}
    return dict(getattr(module, "WEIGHTS", {}))


def parse_param(text):
    """``NAME=LOW:HIGH`` or ``NAME=LOW:HIGH:log`` -> (name, (low, high, log))."""
    name, sep, bounds = text.partition("=")
    parts = bounds.split(":")
    try:
        if not sep or not name or len(parts) not in (2, 3) or parts[2:] not in ([], ["log"]):
            raise ValueError
        low, high = float(parts[0]), float(parts[1])
    except ValueError:
        raise UserError(f"--param expects NAME=LOW:HIGH or NAME=LOW:HIGH:log, got {text!r}") from None
    log = len(parts) == 3
    if not low < high or (log and low <= 0):
        raise UserError(f"--param {text!r}: need LOW < HIGH (and LOW > 0 on a log scale)")
    return name, (low, high, log)


def round_value(value):
    """Three significant digits: names stay short and a rerun finds the same name."""
    return float(f"{value:.3g}")


def inside(params, space):
    """Whether ``params`` names exactly the parameters of ``space``, each within its range."""
    return set(params) == set(space) and all(low <= params[k] <= high for k, (low, high, _) in space.items())


def candidate_spec(bundle, engine, params, evaluation=None):
    """``NAME=COMMAND`` of a trial's bot, e.g. ``bestfirst_C0.8_FPU0.3=dist/x.py --engine ...``;
    a parameter ``weight.NAME`` is the evaluation weight NAME (``--weight``); an
    ``evaluation`` other than the configuration's one is named in both (``--eval``)."""
    name = engine + (f"-{evaluation}" if evaluation else "") + "".join(f"_{k}{v:g}" for k, v in params.items())
    options = f" --eval {evaluation}" if evaluation else ""
    options += "".join(f" --weight {k[len(WEIGHT):]}={v!r}" if k.startswith(WEIGHT) else f" --set {k}={v!r}"
                       for k, v in params.items())
    return f"{name}={bundle} --engine {engine}{options}"


def check_evaluation(bundle, evaluation):
    """UserError, before any game, unless the bundle offers the evaluation."""
    offered = bundle_choices(bundle)[1]
    if evaluation not in offered:
        raise UserError(f"--eval {evaluation}: {bundle} offers {', '.join(offered) or 'no choice of evaluation'}")


def config_entry(engine, params, evaluation=None):
    """``params`` as the bot's ``configs`` entry, e.g.
    ``Config('bestfirst', weights={'material': 1.5}, C=0.8)``."""
    weights = {k[len(WEIGHT):]: v for k, v in params.items() if k.startswith(WEIGHT)}
    parts = [repr(engine)] + ([f"evaluation={evaluation!r}"] if evaluation else [])
    parts += [f"weights={weights!r}"] if weights else []
    parts += [f"{k}={v!r}" for k, v in params.items() if not k.startswith(WEIGHT)]
    return f"Config({', '.join(parts)})"


def read_trials(path):
    """(finished trials, parameters of a trial cut short or None) from the trials log."""
    finished, started = [], None
    try:
        lines = Path(path).read_text().splitlines()
    except FileNotFoundError:
        return finished, started
    for line in lines:
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut short by a crash
        if entry.get("event") == "start":
            started = entry["params"]
        elif entry.get("event") == "end":
            finished.append(dict(entry, number=len(finished)))  # numbered in order of finishing
            started = None
    return finished, started


def append_trial(path, entry):
    with open(path, "a") as stream:
        stream.write(json.dumps(entry) + "\n")
        stream.flush()


def machine_line():
    return (f"{platform.machine()}, {_cpu_name()}, {_cores()} cores, Python "
            f"{platform.python_version()} on {platform.system()}")


def _cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count()


def _cpu_name():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def run_study(game, engine, space, trials, games, opponent, results_dir, record, seed=1,
              scale=1.0, jobs=None, progress=True, command="", dist=None, confirm=0, backend=None,
              evaluation=None):
    try:
        import optuna
    except ImportError:
        raise UserError("tuning needs optuna (pip install -e .[dev])") from None
    bundle = bundle_path(game, dist, full=True)  # the engine tuned and the opponent's may be any
    if not bundle.is_file():
        raise UserError(f"no bundle {bundle} (run make build)")
    referee = load_referee(game, scale)
    check_space(engine, space, game)
    if evaluation:
        check_evaluation(bundle, evaluation)
    results_dir = Path(results_dir)
    results_dir.mkdir(parents=True, exist_ok=True)
    games_file = results_dir / f"tune-{game}.jsonl"
    trials_file = results_dir / f"tune-{game}-trials.jsonl"
    opponent_spec = f"opponent={bundle} {opponent}"

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    distributions = {name: optuna.distributions.FloatDistribution(low, high, log=log)
                     for name, (low, high, log) in space.items()}
    finished, cut = read_trials(trials_file)
    # a resumed study seeds its sampler anew, or it would propose its first points again
    sampler = optuna.samplers.TPESampler(seed=seed + 1000 * len(finished), n_startup_trials=STARTUP)
    study = optuna.create_study(direction="maximize", sampler=sampler)
    outside = 0
    for entry in finished:
        if inside(entry["params"], space):
            study.add_trial(optuna.trial.create_trial(params=entry["params"], distributions=distributions,
                                                      value=entry["score"]))
        else:
            outside += 1
    if outside:
        print(f"{game}: {outside} earlier trial(s) lie outside these ranges: listed in the record, "
              "not given to the optimiser", file=sys.stderr)
    if cut and inside(cut, space):
        study.enqueue_trial(cut)
    baseline = engine_defaults(engine, space, game)
    if inside(baseline, space) and baseline not in [e["params"] for e in finished] + [cut]:
        study.enqueue_trial(baseline)  # the values in use now: the point to beat
    done = len(study.trials) - len(study.get_trials(states=(optuna.trial.TrialState.WAITING,)))
    print(f"{game}: tuning {engine} ({', '.join(space)}) against '{opponent}', {games} games a trial; "
          f"{done} of {trials} trials done", file=sys.stderr)

    def play(params, count, match_seed):
        """(score, games lost by a fault) of the engine with ``params`` against the opponent."""
        bots = parse_bots([candidate_spec(bundle, engine, params, evaluation), opponent_spec], referee)
        summary = run_tournament(Tournament(Match(game, scale=scale), games=count, seed=match_seed), bots,
                                 results=games_file, jobs=jobs, progress=progress, backend=backend)
        pair = summary.pairs_of(game)[0]
        points = (pair.wins + pair.draws / 2) / pair.games
        faults = sum(summary.bot(game, bots[0].name).faults.values())
        return (points if pair.a == bots[0].name else 1 - points), faults

    for number in range(done, trials):
        trial = study.ask(distributions)
        params = typed(engine, {name: min(high, max(low, round_value(trial.params[name])))
                                for name, (low, high, _) in space.items()})
        append_trial(trials_file, {"event": "start", "params": params})
        value, faults = play(params, games, seed)
        study.tell(trial, value)
        entry = {"event": "end", "number": number, "params": params, "score": value, "faults": faults,
                 "games": games, "finished": time.strftime("%Y-%m-%dT%H:%M:%S")}
        append_trial(trials_file, entry)
        print(f"  trial {number}: {params} -> {100 * value:.1f}%"
              + (f", {faults} game(s) lost by a fault: never chosen" if faults else ""), file=sys.stderr)

    finished, _ = read_trials(trials_file)
    candidates = [e for e in finished if inside(e["params"], space) and not e.get("faults")]
    if not candidates:
        raise UserError("no finished trial within these ranges without a game lost by a fault "
                        "(timeouts, crashes): give --trials, or look at the games' log")
    best_entry = max(candidates, key=lambda e: e["score"])
    best = best_entry["params"]
    confirmation = None
    if confirm and best != baseline:
        # new openings (the next seed), so the best trial's luck with the old ones is gone
        print(f"{game}: confirming {best} against the current values {baseline}, {confirm} games each",
              file=sys.stderr)
        best_score, best_faults = play(best, confirm, seed + 1)
        baseline_score, _ = play(baseline, confirm, seed + 1)
        confirmation = {"games": confirm, "seed": seed + 1, "best": best, "best_score": best_score,
                        "best_faults": best_faults, "baseline": baseline, "baseline_score": baseline_score}
    write_record(record, game, engine, opponent, games, finished, command, best_entry, baseline,
                 confirmation, evaluation)
    return finished, confirmation


def chosen_params(best, baseline, confirmation):
    """What the bot should use: the best trial's values, unless a confirmation match
    found them no better than the current values on new openings, or lost a game by a fault."""
    if confirmation and (confirmation["best_score"] <= confirmation["baseline_score"]
                         or confirmation.get("best_faults")):
        return baseline
    return best


def write_record(path, game, engine, opponent, games, finished, command, best, baseline, confirmation,
                 evaluation=None):
    ranked = sorted(finished, key=lambda e: -e["score"])
    chosen = chosen_params(best["params"], baseline, confirmation)
    half = 1.96 * math.sqrt(0.25 / games)  # a trial's 95% half-width at most (no draws)
    lines = [
        f"# Tuning {engine} for {game}",
        "",
        f"Command: `{command}`",
        "",
        f"Machine: {machine_line()}; finished {time.strftime('%Y-%m-%d %H:%M')}.",
        "",
        f"Each trial: {games} games of the candidate"
        + (f" (evaluation `{evaluation}`)" if evaluation else "") + f" against `{opponent}` at the arena's",
        "clock, seats swapped in pairs, the same openings for every trial. A trial's score",
        f"is uncertain by up to +-{100 * half:.0f} points (95%), and the best of many noisy",
        "trials is an optimistic estimate: the confirmation below replays the best values",
        "and the bot's current values on new openings.",
        "",
        f"Best trial: {best['params']} ({100 * best['score']:.1f}%); the bot's current values: {baseline}.",
        "",
    ]
    if confirmation:
        lines += [f"Confirmation, {confirmation['games']} games each on new openings (seed "
                  f"{confirmation['seed']}): best trial {100 * confirmation['best_score']:.1f}%, "
                  f"current values {100 * confirmation['baseline_score']:.1f}%"
                  + (f"; the best trial lost {confirmation['best_faults']} game(s) by a fault"
                     if confirmation.get("best_faults") else "") + ".", ""]
    # the study changes no file of the bot: adopting the values is the user's edit
    new = chosen != baseline
    verdict = f"to adopt, paste it into the `configs` of bots/{game}.py" if new else "the current values stay"
    lines += [f"Chosen ({verdict}): `{engine!r}: {config_entry(engine, chosen, evaluation)}`", "",
              "| trial | " + " | ".join(best["params"]) + " | score | faults |",
              "|---:|" + "---:|" * len(best["params"]) + "---:|---:|"]
    for entry in ranked:
        lines.append(f"| {entry['number']} | " + " | ".join(f"{v:g}" for v in entry["params"].values())
                     + f" | {100 * entry['score']:.1f}% | {entry.get('faults', 0)} |")
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n")
    except OSError as error:
        raise UserError(f"cannot write {path}: {error.strerror}") from None
    print(f"study recorded in {path}; chosen {chosen} "
          + (f"(bots/{game}.py is unchanged: paste the record's Chosen entry into its configs to adopt them)"
             if new else f"({verdict})"))


def cmd_tune(options):
    space = dict(SPACES.get(options.engine, {}))
    if options.param:
        space = dict(parse_param(text) for text in options.param)
    if not space:
        raise UserError(f"no parameters to tune for {options.engine}: give --param NAME=LOW:HIGH")
    record = options.record or str(Path(options.results_dir) / f"tune-{options.game}.md")
    command = "python -m arena " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    try:
        with open_backend(options, options.jobs) as backend:
            run_study(options.game, options.engine, space, options.trials, options.games, options.against,
                      options.results_dir, record, seed=options.seed, scale=options.scale,
                      progress=not options.quiet, command=command, dist=options.dist,
                      confirm=options.confirm, backend=backend, evaluation=options.eval)
    except Interrupted:
        print("interrupted: run the same command to resume", file=sys.stderr)
        return 130
    return 0


def add_parser(commands, positive_int, positive_float):
    p = commands.add_parser("tune", help="tune an engine's parameters with Optuna (arena matches)")
    p.add_argument("game")
    p.add_argument("--engine", default="bestfirst", help="engine to tune (default: bestfirst)")
    p.add_argument("--param", action="append", metavar="NAME=LOW:HIGH[:log]",
                   help="a parameter and its range (repeatable; default: "
                        + "; ".join(f"{e}: " + ", ".join(f"{k}={lo:g}:{hi:g}" + (":log" if log else "")
                                                        for k, (lo, hi, log) in s.items())
                                    for e, s in SPACES.items()) + ")")
    p.add_argument("--eval", metavar="NAME",
                   help="the tuned engine's evaluation (default: its configuration's in the bot); "
                        "give the opponent's in --against")
    p.add_argument("--against", default="--engine alphabeta", metavar="OPTIONS",
                   help="the opponent: the same bundle with these options (default: '--engine alphabeta')")
    p.add_argument("-t", "--trials", type=positive_int, default=12, help="trials in all (default: 12)")
    p.add_argument("-n", "--games", type=positive_int, default=16, help="games a trial (default: 16)")
    p.add_argument("--confirm", type=int, default=0, metavar="GAMES",
                   help="then play the best values and the current ones this many games each on new "
                        "openings, and keep the current ones unless the best values score more (default: 0)")
    p.add_argument("--seed", type=int, default=1, help="openings and sampler seed (default: 1)")
    p.add_argument("--results-dir", default="results", help="games and trials logs (default: results/)")
    p.add_argument("--record", metavar="FILE",
                   help="the study's record (default: tune-GAME.md in the results folder)")
    p.add_argument("--dist", default=None, help="bundles folder, whose full/ is read (default: dist/)")
    p.add_argument("-j", "--jobs", type=positive_int)
    p.add_argument("--scale", type=positive_float, default=1.0, metavar="F")
    p.add_argument("-q", "--quiet", action="store_true")
    add_backend_options(p)
    p.set_defaults(run=cmd_tune)
