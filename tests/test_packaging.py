"""The installed project (make setup: pip install -e .[dev]) holds every package folder, so
that a bot run from source (bots/othello.py) or a tool finds them without PYTHONPATH."""
import os
import subprocess
import sys
from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def package_folders():
    return sorted(path.parent.name for path in ROOT.glob("*/__init__.py") if path.parent.name != "tests")


def test_every_package_folder_is_installed():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11
    with open(ROOT / "pyproject.toml", "rb") as f:
        include = tomllib.load(f)["tool"]["setuptools"]["packages"]["find"]["include"]
    assert "bots" in package_folders()
    missing = [name for name in package_folders() if not any(fnmatch(name, pattern) for pattern in include)]
    assert missing == [], f"pyproject.toml's packages leave out {missing}: add them to its include list"


def test_a_bot_runs_from_source_without_pythonpath(tmp_path):
    """What make setup installs; skipped where the environment was installed from another
    checkout (it imports that one's packages)."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    where = subprocess.run([sys.executable, "-c", "import arena; print(arena.__file__)"], cwd=tmp_path, env=env,
                           capture_output=True, text=True)
    if where.returncode or Path(where.stdout.strip()).resolve().parent.parent != ROOT:
        pytest.skip(f"the environment's packages are not this checkout's ({where.stdout.strip() or 'none'})")
    done = subprocess.run([sys.executable, str(ROOT / "bots" / "othello.py"), "--help"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "No module named" not in done.stderr
