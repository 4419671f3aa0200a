"""Runs one bot command so that every process it starts stays within the arena's reach.

    python supervisor.py PROGRAM [ARG...]

The supervisor makes itself a *child subreaper* (Linux, ``prctl(PR_SET_CHILD_SUBREAPER)``):
a process of the bot's tree whose parent dies is reparented to the supervisor instead of
to init. So even a grandchild that double-forked and called ``setsid()`` stays a
descendant of the supervisor, where the arena finds it (``descendants``) to count its
memory and to kill it. The bot inherits the supervisor's stdin, stdout and stderr (there
is no relay, so the clock is unchanged); the supervisor then keeps none of them open.

When the bot's main process exits, the supervisor kills what is left of its tree and
exits the same way (the same status, or the same signal), so the arena sees the bot's
own exit. It does the same when told to stop (SIGTERM, SIGHUP, SIGINT) and when its
parent, the arena, dies.

Standard library only: it runs as a script (``python -I -S``), and the arena imports it
for its /proc helpers.
"""

import os
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
PR_GET_CHILD_SUBREAPER = 37
PARENT_CHECK_S = 0.5   # how often a waiting supervisor checks that the arena still runs
KILL_ROUNDS = 200      # scans in kill_tree before it gives up (a fork bomb could outrun it)
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)


# -- /proc ---------------------------------------------------------------------------
def read_processes():
    """{pid: (state, parent pid, session id)} of every process (from /proc; empty where
    there is none)."""
    processes = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return processes
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2:].split()  # the name may hold spaces and ')'
        if len(fields) > 3:
            processes[int(entry)] = (fields[0], int(fields[1]), int(fields[3]))
    return processes


def descendants(root, processes=None):
    """Pids of the live (not zombie) descendants of ``root``."""
    if processes is None:
        processes = read_processes()
    children = {}
    for pid, (_, parent, _) in processes.items():
        children.setdefault(parent, []).append(pid)
    found, stack = [], [root]
    while stack:
        for child in children.get(stack.pop(), ()):
            stack.append(child)
            if processes[child][0] != b"Z":
                found.append(child)
    return found


def session_members(sid, processes=None):
    """Pids of the live processes in session ``sid``."""
    if processes is None:
        processes = read_processes()
    return [pid for pid, (state, _, session) in processes.items() if session == sid and state != b"Z"]


def kill_tree(root, session=None):
    """SIGKILLs every live descendant of ``root`` (None: no tree) and member of
    ``session``, scanning again until none is left: a process may fork between a scan
    and its kill. Returns True once none is left."""
    for _ in range(KILL_ROUNDS):
        processes = read_processes()
        targets = set(descendants(root, processes)) if root is not None else set()
        if session is not None:
            targets.update(session_members(session, processes))
        targets.discard(root)
        targets.discard(os.getpid())
        if not targets:
            return True
        for pid in targets:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(0.001)
    return False


def set_subreaper():
    """Makes this process a child subreaper; False where the system cannot."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def can_contain():
    """True where a supervisor can be a subreaper (asked without changing anything)."""
    if not sys.platform.startswith("linux") or not os.path.isdir("/proc/self"):
        return False
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        value = ctypes.c_int()
        return libc.prctl(PR_GET_CHILD_SUBREAPER, ctypes.byref(value), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


# -- the supervisor ------------------------------------------------------------------
def start_bot(argv, mask):
    """Starts the bot with the signal state a fresh process expects; its pid."""
    # Python ignores SIGPIPE and SIGXFSZ; the bot gets the defaults, as subprocess gives.
    return os.posix_spawnp(argv[0], argv, os.environ, setsigmask=mask,
                           setsigdef=(signal.SIGPIPE, signal.SIGXFSZ))


def let_go_of_pipes():
    """Points our stdin, stdout and stderr at /dev/null: only the bot's tree holds the
    arena's pipes, so the arena sees them close when that tree is gone."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)


def reap(bot):
    """Reaps every child that exited: (the bot's wait status if it was one of them,
    whether any child is left)."""
    found = None
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return found, False
        if pid == 0:
            return found, True
        if pid == bot:
            found = status


def watch(bot, parent, watched):
    """Waits for the bot's exit (its wait status) or a reason to stop (None)."""
    while True:
        info = signal.sigtimedwait(watched, PARENT_CHECK_S)
        if info is not None and info.si_signo != signal.SIGCHLD:
            return None
        if os.getppid() != parent:
            return None
        status, _ = reap(bot)
        if status is not None:
            return status


def end_tree():
    """Kills and reaps every process left under us (for up to a few seconds). With no
    child left there is no descendant either: nothing to look up."""
    deadline = time.monotonic() + 5
    while reap(None)[1] and time.monotonic() < deadline:
        kill_tree(os.getpid())
        time.sleep(0.001)


def exit_like(status):
    """Ends this process as the bot ended (``status`` from waitpid; None: SIGKILL)."""
    if status is not None and os.WIFEXITED(status):
        os._exit(os.WEXITSTATUS(status))
    number = os.WTERMSIG(status) if status is not None else signal.SIGKILL
    try:
        import resource
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # the bot's crash is not ours to dump
        signal.signal(number, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {number})
    except (ValueError, OSError):
        pass
    os.kill(os.getpid(), number)
    os._exit(128 + number)


def main(argv):
    if not argv:
        print("usage: supervisor.py PROGRAM [ARG...]", file=sys.stderr)
        return 2
    set_subreaper()
    parent = os.getppid()
    watched = {signal.SIGCHLD, *STOP_SIGNALS}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, watched)  # so no exit goes unseen
    try:
        bot = start_bot(argv, mask)
    except OSError as error:
        print(f"cannot start {argv[0]}: {error.strerror or error}", file=sys.stderr, flush=True)
        return 127
    let_go_of_pipes()
    status = watch(bot, parent, watched)
    end_tree()
    exit_like(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
