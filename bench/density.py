"""Bundle density: each bundle's size as its arena counts it, split into code, weights,
book and table, in each form the build can write (build/bundle.py's ``Form``); the room
left under the limit; and what the dense form costs at start-up.

    python -m bench density

docs/tuning/bundle-density.md holds the figures.
"""
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("bundler", ROOT / "build" / "bundle.py")
bundler = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bundler)

FORMS = {
    "plain (before)": bundler.PLAIN,
    "minified": bundler.Form(minify=True, pack_data=False, compress=False),
    "minified, data packed": bundler.Form(minify=True, pack_data=True, compress=False),
    "compressed, not minified": bundler.Form(minify=False, pack_data=True, compress=True),
    "dense (the build's)": bundler.DENSE,
}
BITS_PER_CHAR = {"base85": 6.4, "dense": 14}


def bots():
    return sorted(path for path in (ROOT / "bots").glob("[!_]*.py") if path.name != bundler.RUNTIME)


def size_rows():
    """Markdown rows: bot, form, size and its split, for every bundle and form."""
    rows = []
    for entry in bots():
        for label, form in FORMS.items():
            for folder, made in bundler.bundles(entry, entry.stem, [], form).items():
                if made.arena == bundler.SUSTECH and form != bundler.PLAIN:
                    continue  # the SUSTech bundles have one form
                split = made.split
                rows.append(f"| {Path(folder, entry.stem)} | {label} | {sum(split.values()):,} | "
                            + " | ".join(f"{split[kind]:,}" for kind in bundler.SPLIT) + " |")
    return rows


def room_rows():
    """Markdown rows: the room each dense CodinGame bundle leaves under the size
    allowed, and the bytes of data it could carry in base85 and packed."""
    rows = []
    for entry in bots():
        for folder, made in bundler.bundles(entry, entry.stem, [], bundler.DENSE).items():
            if made.arena != bundler.CODINGAME:
                continue
            room = bundler.MAX_SIZE - sum(made.split.values())
            carried = {name: int(room * bits / 8) for name, bits in BITS_PER_CHAR.items()}
            rows.append(f"| {Path(folder, entry.stem)} | {room:,} | {carried['base85']:,} | {carried['dense']:,} |")
    return rows


def start_up_ms(path, runs):
    """The median wall time of ``python3 -I path --help``, in ms."""
    times = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-I", "-c", START_UP, str(path)], capture_output=True, text=True,
                              check=True)
        times.append(float(done.stdout.split()[-1]))  # after the bundle's --help
    return statistics.median(times)


# Times the bundle's run from inside, so the interpreter's own start-up is left out.
START_UP = """\
import runpy, sys, time
path = sys.argv[1]
sys.argv = [path, "--help"]
start = time.perf_counter()
try:
    runpy.run_path(path, run_name="__main__")
except SystemExit:
    pass
print((time.perf_counter() - start) * 1000)
"""


def start_up_rows(runs):
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        times = {}
        for label, form in (("plain", bundler.PLAIN), ("dense", bundler.DENSE)):
            out = Path(folder, label)
            for entry in bots():
                for target, made in bundler.build(entry, out, form=form):
                    if made.arena == bundler.CODINGAME and target.parent == out:
                        times.setdefault(entry.stem, {})[label] = start_up_ms(target, runs)
        for bot, by_form in times.items():
            rows.append(f"| {bot} | {by_form['plain']:.0f} | {by_form['dense']:.0f} |")
    return rows


def timed_ms(code, runs):
    """The median time of ``runs`` executions of compiled ``code``, each in a fresh
    namespace, in ms; the import system left as it was."""
    times = []
    for _ in range(runs):
        finders = list(sys.meta_path)
        start = time.perf_counter()
        exec(code, {"__name__": "timed"})
        times.append((time.perf_counter() - start) * 1000)
        sys.meta_path[:] = finders
    return statistics.median(times)


def unpacking_rows(runs):
    """Markdown rows: what the dense form adds to a start-up, measured in-process: its
    prelude (unpacking and decompressing the code) and its data modules' packed
    constants (against the same modules with their base85 text)."""
    rows = []
    for entry in bots():
        made = bundler.bundles(entry, entry.stem, [], bundler.DENSE)[""]
        if made.arena != bundler.CODINGAME:
            continue
        prelude = made.text.split(bundler.ENTRY_MARK)[0]
        prelude_ms = timed_ms(compile(prelude, "prelude", "exec"), runs)
        data_ms = 0.0
        for name, module in made.modules.items():
            if not module.source.isascii():
                plain = bundler.module_text((ROOT / module.path).read_text(encoding="utf-8"), module.path,
                                            bundler.PLAIN)
                data_ms += timed_ms(compile(module.source, name, "exec"), runs)
                data_ms -= timed_ms(compile(plain, name, "exec"), runs)
        rows.append(f"| {entry.stem} | {prelude_ms:.1f} | {data_ms:.1f} |")
    return rows


def run(quick=False):
    print("Size as the arena counts it (CodinGame: UTF-16 code units; SUSTech: characters)\n")
    print("| bundle | form | size | " + " | ".join(bundler.SPLIT) + " |")
    print("|---|---|---:|" + "---:|" * len(bundler.SPLIT))
    print("\n".join(size_rows()))
    print(f"\nRoom left under the {bundler.MAX_SIZE:,} allowed (the limit less the margin), dense form\n")
    print("| bundle | room | bytes of data in base85 | bytes packed |")
    print("|---|---:|---:|---:|")
    print("\n".join(room_rows()))
    runs = 3 if quick else 9
    print(f"\nWhat the dense form adds to a start-up, ms (median of {runs}, in-process)\n")
    print("| bundle | prelude: code unpacked | data unpacked |")
    print("|---|---:|---:|")
    print("\n".join(unpacking_rows(runs)))
    print(f"\nStart-up to `--help` inside the interpreter, ms (median of {runs})\n")
    print("| bundle | plain | dense |")
    print("|---|---:|---:|")
    print("\n".join(start_up_rows(runs)))
