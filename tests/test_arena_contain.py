"""Contained bots: every process a bot starts ends with its game, even a daemon that
double-forked and left the bot's session, and a bot's memory is counted over all its
processes. The zoo bots write the pids of what they leave behind into files under
tmp_path; whatever a test's outcome, ``pid_files`` kills any of them still running."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena.games import load_referee
from arena.match import Match, play_match
from arena.process import BotProcess, bot_argv, containment

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "tests" / "zoo"
FIRST = f"{ZOO}/first.py"

pytestmark = pytest.mark.skipif(containment() != "subreaper",
                                reason="needs Linux's child subreaper (bots are contained by session only)")


def gone(pid):
    """True if the process no longer runs (absent, or a zombie waiting to be reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except OSError:
        return b""


def wait_for(condition, seconds=10.0):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


@pytest.fixture
def pid_files(tmp_path):
    """``pid_file(name)``: a path for a bot to write a pid into. At the end, a process
    named there that still runs (and carries the path in its command line, so a reused
    pid is never hit) is killed."""
    made = []

    def pid_file(name):
        made.append(tmp_path / name)
        return made[-1]

    yield pid_file
    for path in made:
        try:
            pid = int(path.read_text())
        except (OSError, ValueError):
            continue
        if str(path).encode() in cmdline(pid):
            os.kill(pid, signal.SIGKILL)


def zoo(name, *args):
    return " ".join([f"{ZOO}/{name}.py"] + [str(a) for a in args])


def play(bot, **options):
    return play_match(load_referee("othello"), Match.between([bot, FIRST], seed=1, random_plies=0, **options))


def test_a_daemon_is_part_of_the_bot_and_dies_when_it_is_closed(pid_files):
    pid_file = pid_files("daemon.pid")
    bot = BotProcess(bot_argv(zoo("daemon", pid_file)))
    try:
        assert wait_for(pid_file.exists)
        daemon = int(pid_file.read_text())
        assert not gone(daemon)
        assert daemon in bot.members()      # out of the bot's session, yet found
    finally:
        bot.close()
    assert gone(daemon)


def test_a_daemon_left_by_a_bot_does_not_outlive_the_game(pid_files):
    pid_file = pid_files("daemon.pid")
    record = play(zoo("daemon", pid_file))
    assert record["reason"] == "end"
    assert gone(int(pid_file.read_text()))


def test_a_bot_whose_child_fills_the_memory_loses(pid_files):
    pid_file = pid_files("hoard.pid")
    record = play(zoo("child_memory", pid_file, 150), memory_mb=100)
    assert record["reason"] == "memory" and record["loser"] == 0
    assert record["peak_mb"][0] > 100 and "2 processes" in record["detail"]
    assert gone(int(pid_file.read_text()))
    # under the limit, the same bot plays on: the whole tree is counted, nothing more
    record = play(zoo("child_memory", pid_files("small.pid"), 20), memory_mb=100)
    assert record["reason"] == "end" and 20 < record["peak_mb"][0] < 100


def test_the_bot_dies_with_a_killed_arena(pid_files):
    """SIGKILL leaves the arena no time to clean up: the supervisor notices that its
    parent is gone and ends the bot's tree itself."""
    pid_file = pid_files("daemon.pid")
    arena_code = ("import sys, time\n"
                  f"sys.path.insert(0, {str(ROOT)!r})\n"
                  "from arena.process import BotProcess, bot_argv\n"
                  f"bot = BotProcess(bot_argv({zoo('daemon', pid_file)!r}))\n"
                  "print(bot.pid, flush=True)\n"
                  "time.sleep(60)\n")
    arena = subprocess.Popen([sys.executable, "-c", arena_code], stdout=subprocess.PIPE, text=True)
    try:
        supervisor = int(arena.stdout.readline())
        assert wait_for(pid_file.exists)
        daemon = int(pid_file.read_text())
        arena.kill()
        arena.wait()
        assert wait_for(lambda: gone(daemon) and gone(supervisor), 5)
    finally:
        arena.kill()
        arena.wait()
        arena.stdout.close()


def test_the_bot_exit_is_seen_through_the_supervisor(tmp_path):
    """The supervisor exits as its bot did: the same signal, the same status."""
    script = tmp_path / "segv.py"
    script.write_text("import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n")
    record = play(str(script))
    assert record["reason"] == "crash" and record["detail"] == "killed by SIGSEGV"
    assert not list(tmp_path.glob("core*"))
    script.write_text("import sys\nsys.exit(7)\n")
    record = play(str(script))
    assert record["reason"] == "crash" and record["detail"] == "exit status 7"
