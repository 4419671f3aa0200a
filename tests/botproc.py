"""Runs a bot file as the arena does: a child process fed line by line, from an empty
folder, with ``python3 -I`` and a TMPDIR that does not exist (a bundle must not need it)."""
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"


def build_bundle(name, out_dir):
    """Builds dist-style bundle ``name`` into ``out_dir`` and returns its path."""
    result = subprocess.run([sys.executable, str(ROOT / "build" / "bundle.py"), str(ROOT / "bots" / f"{name}.py"),
                             "--out", str(out_dir)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return Path(out_dir) / f"{name}.py"


def full_bundle(bundle):
    """The bundle built beside ``bundle`` that carries every engine and evaluation."""
    return bundle.parent / "full" / bundle.name


def first_turn_answer(bundle, args, cwd, turn):
    """The bundle's answer to the lines ``turn`` of its first turn, once it has exited
    cleanly (status 0, nothing on stderr) having written nothing in ``cwd``."""
    bot = BotProcess(bundle, args, cwd=cwd)
    bot.send(turn)
    answer = bot.answer()
    code, err = bot.finish()
    assert code == 0 and err == ""
    assert list(Path(cwd).iterdir()) == []  # it wrote nothing
    return answer


class BotProcess:
    def __init__(self, path, args=(), cwd=None):
        env = {"PATH": os.environ.get("PATH", ""), "TMPDIR": "/nonexistent/tmp"}
        self.proc = subprocess.Popen([sys.executable, "-I", str(path), *args], cwd=cwd, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, lines):
        self.proc.stdin.write("".join(line + "\n" for line in lines))
        self.proc.stdin.flush()

    def answer(self, timeout=10.0):
        return self.lines.get(timeout=timeout)

    def finish(self, timeout=10.0):
        """Closes stdin and returns (exit status, stderr)."""
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        code = self.proc.wait(timeout=timeout)
        return code, self.proc.stderr.read()
