import argparse
import importlib
import platform
import sys
import time
from pathlib import Path


HELPERS = {"common", "side_by_side", "fixed_nodes", "same_search", "drivers", "onitama_reference"}  # modules of this package that are not benchmarks
SEPARATE = {"load", "decided", "knowledge", "profile", "forced", "tron_losses"}  # with their own command and options (python -m bench.load, bench/decided.py, bench/knowledge.py, bench/profile.py, bench/forced.py, bench/tron_losses.py)


def topics():
    return sorted(p.stem for p in Path(__file__).parent.glob("[!_]*.py") if p.stem not in HELPERS | SEPARATE)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench", description="Speed benchmarks.")
    parser.add_argument("topics", nargs="*", help=f"any of {', '.join(topics())} (default: all)")
    parser.add_argument("--quick", action="store_true", help="shorter runs, noisier figures")
    options = parser.parse_args(argv)
    unknown = set(options.topics) - set(topics())
    if unknown:
        parser.error(f"unknown topics {sorted(unknown)}; choose from {topics()}")
    print(f"# python {platform.python_version()} on {platform.machine()}, {time.strftime('%Y-%m-%d %H:%M')}")
    for topic in options.topics or topics():
        print(f"\n## {topic}", flush=True)
        importlib.import_module(f"bench.{topic}").run(quick=options.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
