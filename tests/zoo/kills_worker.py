"""Kills the Ray worker that runs its game, once: on its first turn, if it can create
MARKER (no other game did), it kills (SIGKILL) the nearest ancestor titled ``ray::``,
as a node's failure would. Then, and in every other game, it plays the first listed
action. Outside Ray it only plays."""
import os
import signal
import sys

from zoolib import answer, turns


def ray_worker():
    """The pid of the Ray worker above this bot (its supervisor's parent), or None."""
    pid = os.getppid()
    for _ in range(3):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if f.read().startswith(b"ray::"):
                    return pid
            with open(f"/proc/{pid}/stat") as f:
                pid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return None
    return None


marker = sys.argv[1]
for number, actions in turns():
    worker = ray_worker() if number == 1 else None
    if worker:
        try:
            open(marker, "x").close()
            os.kill(worker, signal.SIGKILL)
        except FileExistsError:
            pass
    answer(actions[0])
