"""Where the arena's work runs: on this machine (the default), or on a Ray cluster.

A backend runs independent tasks and hands their results back to the driver, the one
process that writes results files:

- ``submit(fn, *args)`` starts ``fn(*args)`` and returns a handle; ``wait(handles,
  timeout)`` splits handles into (finished, running); ``result(handle)`` is what ``fn``
  returned; ``capacity()`` is how many tasks should run at once; ``abort()`` kills what
  is in flight (Ctrl-C). A submitted ``fn`` takes a keyword ``stop``: a threading.Event
  that the local backend sets on abort (Ray cancels the task instead, as Ctrl-C would).
- ``map(fn, tasks)`` yields ``fn(*task)`` for every task, in order: the trainers'
  self-play, pure computation.

``LocalBackend`` runs games in threads of this process (a game's thread only waits on
its bots' processes), ``jobs`` at a time, and ``map`` in ``jobs`` processes.
``RayBackend`` runs every task as a Ray task (``pip install -e .[ray]``; Ray is imported
there and nowhere else). A game reserves ``cpus_per_game`` CPUs, 2 by default: the
local default plays one game per 2 cores (one bot thinks at a time, and the referee, the
other bot's process and the system need room, or the clocks suffer), so a cluster's node
is loaded as the local arena loads this machine. A ``map`` task reserves 1 CPU (it
computes in one process). A task whose worker dies (killed, its node gone) is run again
by Ray, up to ``RETRIES`` times: a game is played again from its start, and the driver
records it once, when its one result comes back.

Every node of a Ray cluster needs the same checkout at the same path, built (``make
build``), and the same Python environment: a task runs in the driver's working folder,
where bot commands name their files (arena/README.md, "Many machines: Ray").
"""

import logging
import math
import multiprocessing
import os
import socket
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

from arena import process
from arena.errors import UserError

BACKENDS = ("local", "ray")
CPUS_PER_GAME = 2      # a Ray task's CPUs for one game (see above)
COMPUTE_CPUS = 1       # a Ray task's CPUs for one computation of map()
RETRIES = 3            # times a Ray task is run again after its worker died
RECOUNT_S = 10         # how often the cluster's CPUs are counted again (nodes may join)
GRACE_S = 5            # how long aborted tasks may take to clean up before their workers are killed
MISSING = "--backend ray needs Ray, an optional extra: pip install -e .[ray]"


def default_jobs():
    """Games at once: half the cores (one bot thinks per game, and the referee and the
    system need room: more would cost timeouts), at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    return max(1, cores // 2)


def add_backend_options(parser, games=True):
    """--backend and --address (and --cpus-per-game where the tasks are games)."""
    parser.add_argument("--backend", choices=BACKENDS, default="local",
                        help="where the work runs: this machine (default) or a Ray cluster "
                             "(pip install -e .[ray])")
    parser.add_argument("--address", metavar="ADDR",
                        help="with --backend ray: the cluster to join (HOST:PORT, as `ray start "
                             "--head` prints, or 'auto'); default: start a Ray on this machine")
    if games:
        parser.add_argument("--cpus-per-game", type=float, default=CPUS_PER_GAME, metavar="N",
                            help=f"with --backend ray: CPUs a game reserves (default: {CPUS_PER_GAME}, "
                                 "the share of a local game)")


def open_backend(options, jobs=None):
    """The backend that parsed ``options`` ask for; close it after use (``with``)."""
    if options.backend == "ray":
        return RayBackend(options.address, jobs, getattr(options, "cpus_per_game", CPUS_PER_GAME))
    if options.address:
        raise UserError("--address is for --backend ray")
    return LocalBackend(jobs)


def open_backend_or_exit(parser, options, jobs=None):
    """``open_backend`` for an argparse program: a UserError (Ray missing, say) ends it
    with one line, as its other usage errors do."""
    try:
        return open_backend(options, jobs)
    except UserError as error:
        parser.exit(2, f"{parser.prog}: error: {error}\n")


def _call(call):
    """``fn(*args)`` of ``call`` = (fn, args): what a pool of processes can be given."""
    fn, args = call
    return fn(*args)


class LocalBackend:
    """This machine: games in ``jobs`` threads, computations in ``jobs`` processes."""

    def __init__(self, jobs=None):
        self.jobs = jobs or default_jobs()
        self.stop = threading.Event()
        self.executor = None

    def describe(self):
        return f"{self.jobs} at a time"

    def capacity(self):
        return self.jobs

    def submit(self, fn, *args):
        if self.executor is None:
            self.executor = ThreadPoolExecutor(max_workers=self.jobs)
        return self.executor.submit(fn, *args, stop=self.stop)

    def wait(self, handles, timeout):
        return wait(handles, timeout=timeout, return_when=FIRST_COMPLETED)

    def result(self, handle):
        return handle.result()

    def abort(self):
        """Kills every game in progress (their bots' processes) and drops those queued."""
        self.stop.set()
        process.kill_all()
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)
            self.executor = None
        self.stop = threading.Event()

    def map(self, fn, tasks):
        if self.jobs == 1:
            for task in tasks:
                yield fn(*task)
            return
        with multiprocessing.Pool(self.jobs) as pool:
            yield from pool.imap(_call, [(fn, task) for task in tasks])

    def close(self):
        if self.executor is not None:
            self.executor.shutdown(wait=True)
            self.executor = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def run_in(folder, fn, args):
    """``fn(*args)`` in ``folder``, the driver's working folder (bot commands name files
    relative to it; a Ray worker starts elsewhere). Runs in a Ray worker."""
    if not os.path.isdir(folder):
        raise UserError(f"Ray node {socket.gethostname()} has no folder {folder}: every node "
                        "needs the checkout at the driver's path")
    os.chdir(folder)
    try:
        return fn(*args)
    except UserError as error:  # say where: a node may lack the build the driver has
        raise UserError(f"on Ray node {socket.gethostname()}: {error}") from None


def job_environment():
    """The Ray job's environment variables: the driver's PYTHONPATH, as local games have
    it; and a worker that exits leaves its children alone: they are the games' bot
    supervisors, which end their bots' whole trees once the worker is gone (Ray would
    kill the supervisors alone, and leave the bots running)."""
    variables = {"RAY_kill_child_processes_on_worker_exit": "false"}
    if os.environ.get("PYTHONPATH"):
        variables["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return {"env_vars": variables}


class RayBackend:
    """A Ray cluster: each task a Ray task, games reserving ``cpus_per_game`` CPUs each.

    Joins the cluster at ``address``, or starts a Ray on this machine (stopped by
    ``close``); where Ray is already running in this process (``ray.init`` called
    before), uses it as it is. ``jobs``: at most this many games at once."""

    def __init__(self, address=None, jobs=None, cpus_per_game=CPUS_PER_GAME):
        try:
            import ray
        except ImportError:
            raise UserError(MISSING) from None
        if not (cpus_per_game > 0 and (cpus_per_game <= 1 or cpus_per_game == int(cpus_per_game))):
            raise UserError(f"--cpus-per-game {cpus_per_game:g}: Ray takes a share of one CPU "
                            "or a whole number")
        self.ray = ray
        self.started = not ray.is_initialized()
        if self.started:
            self._connect(address)
        self.jobs = jobs
        self.cpus_per_game = cpus_per_game
        self.folder = os.getcwd()
        self.task = ray.remote(max_retries=RETRIES, retry_exceptions=False)(run_in)
        self.running = set()
        self.counted_at = -math.inf
        self.cpus = 0
        self._check_nodes()

    def _connect(self, address):
        try:
            # log_to_driver off: the games print nothing, the workers' own chatter stays in Ray's logs
            self.ray.init(address=address or "local", include_dashboard=False, log_to_driver=False,
                          logging_level=logging.WARNING, runtime_env=job_environment())
        except (ConnectionError, RuntimeError, ValueError) as error:
            hint = ("; a cluster with token authentication needs RAY_AUTH_MODE=token and its token "
                    "(arena/README.md)" if address else "")
            raise UserError(f"cannot start or join Ray (--address {address or 'none'}): "
                            f"{str(error).splitlines()[0]}{hint}") from None

    def _check_nodes(self):
        """UserError when no node can hold one game's CPUs (its tasks would wait forever)."""
        largest = max((node["Resources"].get("CPU", 0) for node in self.ray.nodes() if node["Alive"]),
                      default=0)
        if largest < self.cpus_per_game:
            self.close()
            raise UserError(f"--cpus-per-game {self.cpus_per_game:g}: no Ray node has that many CPUs "
                            f"(the largest has {largest:g})")

    def describe(self):
        return (f"on Ray, {self.capacity()} at a time ({self.cpus:g} CPUs, "
                f"{self.cpus_per_game:g} a game)")

    def capacity(self):
        """Games at once: as many as the cluster's CPUs hold, at most ``jobs``."""
        if time.monotonic() - self.counted_at > RECOUNT_S:
            self.cpus = self.ray.cluster_resources().get("CPU", 0)
            self.counted_at = time.monotonic()
        fits = max(1, int(self.cpus // self.cpus_per_game))
        return min(fits, self.jobs) if self.jobs else fits

    def submit(self, fn, *args, cpus=None):
        handle = self.task.options(num_cpus=cpus or self.cpus_per_game).remote(self.folder, fn, args)
        self.running.add(handle)
        return handle

    def wait(self, handles, timeout):
        handles = list(handles)
        finished, running = self.ray.wait(handles, num_returns=1, timeout=timeout)
        if finished and running:  # and any others done by now
            more, running = self.ray.wait(running, num_returns=len(running), timeout=0)
            finished += more
        return set(finished), set(running)

    def result(self, handle):
        """What the task returned; its own exception if it raised one; UserError if Ray
        failed it (its worker died more than RETRIES times, say)."""
        self.running.discard(handle)
        exceptions = self.ray.exceptions
        try:
            return self.ray.get(handle)
        except exceptions.RayTaskError as error:
            raise error.cause from None
        except exceptions.RayError as error:
            raise UserError(f"a Ray task failed ({type(error).__name__}; one whose worker dies is run "
                            f"again {RETRIES} times at most): {str(error).strip().splitlines()[0]}") from None

    def abort(self):
        """Stops every task in flight: first as Ctrl-C would (a game's own cleanup kills
        its bots), then, after GRACE_S, by killing the workers still running them."""
        running = list(self.running)
        self.running.clear()
        for handle in running:
            self.ray.cancel(handle)
        if running:
            _, left = self.ray.wait(running, num_returns=len(running), timeout=GRACE_S)
            for handle in left:
                self.ray.cancel(handle, force=True)

    def map(self, fn, tasks):
        handles = [self.submit(fn, *task, cpus=COMPUTE_CPUS) for task in tasks]
        try:
            for handle in handles:
                yield self.result(handle)
        except BaseException:
            self.abort()
            raise

    def close(self):
        if self.started and self.ray.is_initialized():
            self.ray.shutdown()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
