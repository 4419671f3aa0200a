"""Bot processes: start one, send it a turn, read its answer against the clock, reap it.

Every bot runs under a supervisor (``arena/supervisor.py``) in a session of its own (so
Ctrl-C in the terminal reaches the arena, not the bots, and the arena decides what to
record). On Linux the supervisor is a child subreaper: whatever the bot starts stays its
descendant, even a process that double-forked and called ``setsid()``, so the bot's
memory is counted over its whole tree and ending a game kills the whole tree. Where
there is no subreaper (not Linux) the bot runs directly and its session is killed, as
before. Every started process is registered, so ``kill_all`` (called on Ctrl-C and at
exit) leaves nothing running; ``containment()`` says which mechanism is in force.

Answers are read from a non-blocking pipe with ``select``: the clock of a turn runs
from the moment its first input line is written to the moment the answer's newline
arrives. While waiting, the bot's memory is checked and its exit is noticed even when an
orphan still holds the pipe open. The same ``select`` drains both bots' stderr, in the
referee's own thread: a thread of its own that woke for each line a bot logs took the
interpreter from the referee, and on a busy machine made answers look up to 40 ms late.
Nor is the referee's own wait for a CPU charged to the bot: on a busy machine the
referee woke up to 40 ms after an answer had come (docs/tuning/time-discipline.md), so
the times leave out what Linux's schedstat counts as the referee thread's waits.
"""

import atexit
import os
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections import deque
from pathlib import Path
from time import perf_counter

from arena.errors import Interrupted, UserError
from arena.info import INFO_PREFIX, parse_info
from arena.supervisor import can_contain, descendants, kill_tree

POLL_S = 0.05           # how often a waiting arena checks exit, memory and Ctrl-C
TREE_SCAN_S = 0.1       # how often the bot's process tree is looked up again (a /proc scan)
# The supervisor is imported by a one-line launcher rather than run as a script: an
# imported module is compiled once (its .pyc), a script on every start (10 ms).
SUPERVISOR = ("import sys; sys.path.append({!r}); import supervisor; "
              "sys.exit(supervisor.main(sys.argv[1:]))").format(str(Path(__file__).resolve().parent))
MAX_LINE_BYTES = 1 << 20
STDERR_TAIL = 20        # lines of stderr kept per bot (the last ones)
STDERR_LINE_CHARS = 300
INFO_LINE_BYTES = 4000  # an info line's principal variation may be long


_thread_state = threading.local()


def referee_wait():
    """Seconds this thread has waited for a CPU while ready to run, from Linux's
    schedstat (the bots' runtime reads the same figure for its own waits); 0.0 where it
    cannot be read."""
    reader = getattr(_thread_state, "schedstat", None)
    if reader is None:
        try:
            reader = open("/proc/thread-self/schedstat", "rb", buffering=0)
        except OSError:
            reader = False
        _thread_state.schedstat = reader
    if reader is False:
        return 0.0
    reader.seek(0)
    return int(reader.read().split()[1]) / 1e9


class BotFailure(Exception):
    """The bot lost the game while the arena waited on it; ``reason`` is one of the
    reasons of ``arena.match.REASONS``."""

    def __init__(self, reason, detail):
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def bot_argv(command):
    """The argument list of a bot command line; a ``.py`` file runs with this Python.

    Raises UserError when the command cannot be run (empty, bad quoting, no such
    program or file)."""
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise UserError(f"bad bot command {command!r}: {error}") from None
    if not argv:
        raise UserError("empty bot command")
    program = argv[0]
    if program.endswith(".py"):
        if not Path(program).is_file():
            raise UserError(f"bad bot command {command!r}: no file {program}")
        return [sys.executable, str(Path(program).resolve())] + argv[1:]
    if os.sep in program:
        if not Path(program).is_file():
            raise UserError(f"bad bot command {command!r}: no file {program}")
        if not os.access(program, os.X_OK):
            raise UserError(f"bad bot command {command!r}: {program} is not executable")
        return [str(Path(program).resolve())] + argv[1:]
    if shutil.which(program) is None:
        raise UserError(f"bad bot command {command!r}: no program {program!r} on the PATH")
    return argv


_live = set()
_live_lock = threading.Lock()


def kill_all():
    """Kills every bot process still running (Ctrl-C, exit)."""
    with _live_lock:
        bots = list(_live)
    for bot in bots:
        bot.close()


atexit.register(kill_all)


_contained = None


def containment():
    """'subreaper' where every bot runs under a subreaper supervisor (its whole process
    tree is found and killed), else 'session' (the bot's session is killed)."""
    global _contained
    if _contained is None:
        _contained = can_contain()
    return "subreaper" if _contained else "session"


def memory_mb(pid):
    """(resident, peak resident) memory of a process in MB (VmRSS, VmHWM), or None."""
    rss = hwm = None
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            for line in f:
                if line.startswith(b"VmRSS:"):
                    rss = int(line.split()[1]) / 1024
                elif line.startswith(b"VmHWM:"):
                    hwm = int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        return None
    return (rss, hwm) if rss is not None and hwm is not None else None


class BotProcess:
    """One running bot. ``argv`` is the program and its arguments."""

    def __init__(self, argv, memory_mb=None, stop=None, isolated=False):
        self.memory_mb = memory_mb
        self.stop = stop
        self.peak_mb = 0.0
        self.referee_wait_ms = 0.0
        self.stderr_tail = deque(maxlen=STDERR_TAIL)
        self.stderr_turn = deque(maxlen=STDERR_TAIL)  # the lines since take_stderr's last call
        self.stderr_bytes = 0
        self._buffer = bytearray()
        self._lines = deque()
        self._closed = False
        self._members = []
        self._scanned = float("-inf")
        self.supervised = containment() == "subreaper"
        if self.supervised:
            argv = [sys.executable, "-I", "-S", "-c", SUPERVISOR] + list(argv)
        env = cwd = None
        self.folder = None
        if isolated:
            # As on the arena: no PYTHONPATH (a bundle must not reach the repository's
            # modules) and a folder of its own.
            env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
            cwd = self.folder = tempfile.mkdtemp(prefix="arena-bot-")
        try:
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                start_new_session=True, bufsize=0, env=env, cwd=cwd)
        except OSError as error:
            self._remove_folder()
            raise BotFailure("crash", f"cannot start {shlex.join(argv)}: {error.strerror or error}") from None
        with _live_lock:
            _live.add(self)
        self.pid = self.proc.pid
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        self._err = self.proc.stderr.fileno()
        self._err_partial = b""
        self._err_open = True
        self._info = None
        for fd in (self._in, self._out, self._err):
            os.set_blocking(fd, False)

    # -- stderr ------------------------------------------------------------------------
    def drain_stderr(self):
        """Keeps the last lines of what stderr holds now; reading it all keeps a flooding
        bot from blocking on a full pipe. False once stderr is closed."""
        while True:
            try:
                chunk = os.read(self._err, 65536)
            except BlockingIOError:
                return True
            except (OSError, ValueError):
                chunk = b""
            if not chunk:
                self._end_stderr()
                return False
            self.stderr_bytes += len(chunk)
            parts = (self._err_partial + chunk).split(b"\n")
            self._err_partial = parts.pop()[-STDERR_LINE_CHARS * 4:]
            for part in parts[-STDERR_TAIL:]:
                if not part.startswith(INFO_PREFIX):  # info lines go with their turn, not the tail
                    line = self._decode(part)
                    self.stderr_tail.append(line)
                    self.stderr_turn.append(line)
            said = next((part for part in reversed(parts) if part.startswith(INFO_PREFIX)), None)
            if said is not None:
                self._info = said[:INFO_LINE_BYTES].decode("utf-8", "replace").rstrip("\r")

    def _end_stderr(self):
        if self._err_partial:
            self.stderr_tail.append(self._decode(self._err_partial))
            self._err_partial = b""

    @staticmethod
    def _decode(raw):
        text = raw.decode("utf-8", "replace").rstrip("\r")
        if len(text) > STDERR_LINE_CHARS:
            text = text[:STDERR_LINE_CHARS] + "..."
        return text

    def take_info(self):
        """The last info line the bot wrote on stderr since the last call (arena/info.py),
        parsed, or None. Bots write it before their answer, so it is in the pipe by now."""
        if self._err_open and not self._closed:
            self._err_open = self.drain_stderr()
        line, self._info = self._info, None
        return parse_info(line) if line else None

    def take_stderr(self):
        """The bot's stderr lines since the last call (info lines apart), the last
        ``STDERR_TAIL`` of them: what it said on its turn, as CodinGame's viewer shows it."""
        if self._err_open and not self._closed:
            self._err_open = self.drain_stderr()
        lines = list(self.stderr_turn)
        self.stderr_turn.clear()
        return lines

    def last_stderr(self, count=10):
        """The bot's last stderr lines (complete once the bot is closed)."""
        return list(self.stderr_tail)[-count:]

    # -- a turn ------------------------------------------------------------------------
    def send(self, lines, deadline, beside=()):
        """Writes the turn's lines; returns the time the first byte went out. ``beside``:
        other bots whose stderr is drained meanwhile (the opponent)."""
        data = ("\n".join(lines) + "\n").encode()
        waited = referee_wait()
        started = perf_counter()
        view = memoryview(data)
        while view:
            try:
                written = os.write(self._in, view)
                view = view[written:]
            except BlockingIOError:
                self._wait([], [self._in], deadline, beside)
            except (BrokenPipeError, OSError):
                raise self._gone("its input was closed") from None
        return started + self._own_wait(waited)

    def read_line(self, deadline, beside=()):
        """The next answer line and the time it arrived; BotFailure on timeout, exit,
        memory or an endless line. ``beside``: as for ``send``."""
        while not self._lines:
            waited = referee_wait()
            if not self._wait([self._out], [], deadline, beside):
                continue
            try:
                chunk = os.read(self._out, 65536)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            if not chunk:
                raise self._gone("closed its output")
            now = perf_counter()
            self._take(chunk, now - self._own_wait(waited))
        self.check_memory()
        return self._lines.popleft()

    def _own_wait(self, waited):
        """The seconds the referee waited for a CPU since ``referee_wait()`` was
        ``waited``: not the bot's time. The largest is kept (``referee_wait_ms``)."""
        seconds = referee_wait() - waited
        self.referee_wait_ms = max(self.referee_wait_ms, seconds * 1000)
        return seconds

    def _take(self, chunk, arrived):
        self._buffer += chunk
        *lines, rest = self._buffer.split(b"\n")
        for line in lines:
            self._lines.append((line.decode("utf-8", "replace").rstrip("\r"), arrived))
        self._buffer = bytearray(rest)
        if len(self._buffer) > MAX_LINE_BYTES:
            raise BotFailure("bad_output", f"wrote more than {MAX_LINE_BYTES} bytes without a newline")

    def _wait(self, reads, writes, deadline, beside=()):
        """Waits until a pipe is ready (True) or a poll interval passed (False), draining
        the stderr of this bot and those ``beside`` as it comes; checks the clock,
        Ctrl-C, memory and exit at every interval."""
        remaining = deadline - perf_counter()
        if remaining <= 0:
            if reads and select.select(reads, [], [], 0)[0]:
                return True  # it came while the referee waited for a CPU: its time says
            raise BotFailure("timeout", "")
        logs = {bot._err: bot for bot in (self, *beside) if not bot._closed and bot._err_open}
        ready_r, ready_w, _ = select.select(reads + list(logs), writes, [], min(remaining, POLL_S))
        for fd in ready_r:
            if fd in logs:
                logs[fd]._err_open = logs[fd].drain_stderr()
        if ready_w or any(fd not in logs for fd in ready_r):
            return True
        self.check_memory()
        if self.stop is not None and self.stop.is_set():
            raise Interrupted()
        if self.proc.poll() is not None:
            # The bot is gone but an orphan may hold the pipe: take what it wrote.
            try:
                self._take(os.read(self._out, 1 << 20), perf_counter())
            except OSError:
                pass
            if self._lines:
                return False
            raise self._gone("exited")
        return False

    def members(self):
        """Pids of the bot's processes: every descendant of its supervisor (looked up
        again at most every TREE_SCAN_S), or the bot alone where it runs unsupervised."""
        if not self.supervised:
            return [self.pid]
        now = perf_counter()
        if now - self._scanned >= TREE_SCAN_S:
            self._members = descendants(self.pid)
            self._scanned = now
        return self._members

    def measure(self):
        """Updates ``peak_mb``: the resident memory of all the bot's processes together,
        or the peak of any one of them (caught between checks), whichever is larger."""
        if self.proc.returncode is not None:
            return
        total = peak = 0.0
        for pid in self.members():
            figures = memory_mb(pid)
            if figures is not None:
                total += figures[0]
                peak = max(peak, figures[1])
        self.peak_mb = max(self.peak_mb, total, peak)

    def check_memory(self):
        self.measure()
        if self.memory_mb and self.peak_mb > self.memory_mb:
            processes = len(self._members) if self.supervised else 1
            raise BotFailure("memory", f"resident memory {self.peak_mb:.0f} MB, over the "
                             f"{self.memory_mb} MB limit ({processes} process"
                             f"{'es' if processes != 1 else ''})")

    def _gone(self, what):
        """The failure for a bot that stopped talking: a crash or an early exit."""
        try:
            code = self.proc.wait(timeout=0.3)
        except subprocess.TimeoutExpired:
            return BotFailure("exit", f"{what} while still running")
        if code == 0:
            return BotFailure("exit", f"{what} (exit status 0) before the game ended")
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            return BotFailure("crash", f"killed by {name}")
        return BotFailure("crash", f"exit status {code}")

    # -- the end -----------------------------------------------------------------------
    def close(self):
        """Kills the bot and everything it started; reaps it. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._scanned = float("-inf")  # the whole tree as it ends, however short the game
        self.measure()
        self._end()
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass
        self._drain_to_the_end()
        try:
            self.proc.stderr.close()
        except OSError:
            pass
        self._remove_folder()
        with _live_lock:
            _live.discard(self)

    def _drain_to_the_end(self, seconds=1.0):
        """Reads the dead bot's last stderr words, for at most ``seconds`` (an orphan
        may still hold the pipe open)."""
        until = perf_counter() + seconds
        while self._err_open and perf_counter() < until:
            ready, _, _ = select.select([self._err], [], [], max(0.0, until - perf_counter()))
            if not ready:
                break
            self._err_open = self.drain_stderr()
        self._end_stderr()

    def _end(self):
        """Kills every process of the bot, then reaps its first one."""
        pid = self.pid
        # The supervisor's descendants are the bot's whole tree; the session (named by the
        # first process's pid, never reused while a member lives) catches the rest where
        # there is no supervisor. Once the first process is reaped its pid may name
        # another process: its tree is no longer looked up (a supervisor ended it).
        running = self.proc.poll() is None
        kill_tree(pid if running else None, session=pid)
        if running and self.supervised:
            try:
                self.proc.wait(timeout=1)  # it reaps the tree and exits as the bot did
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass

    def _remove_folder(self):
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)
