"""Data packed 14 bits a character (games/dense.py) and the build's packing of every data
module's base85 constants: exact round trips, and characters that CodinGame counts once
and no editor rewrites."""
import base64
import hashlib
import importlib.util
import random
import subprocess
import sys
import unicodedata

import pytest

from botproc import ROOT
from games import dense

spec = importlib.util.spec_from_file_location("bundler", ROOT / "build" / "bundle.py")
bundler = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bundler)

SPAN = [chr(code) for code in range(dense.FIRST, dense.FIRST + dense.SPAN)]


def data_modules():
    """(path, source) of every module under games/ with a constant the build packs."""
    found = []
    for path in sorted((ROOT / "games").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if bundler.packable_constants(bundler.ast.parse(source)):
            found.append(path)
    return found


DATA_MODULES = data_modules()


@pytest.mark.parametrize("size", [*range(0, 30), 1000, 4097, 65536])
def test_random_bytes_round_trip(size):
    rng = random.Random(size)
    data = bytes(rng.randrange(256) for _ in range(size))
    text = dense.pack(data)
    assert dense.unpack(text, size) == data
    assert len(text) == -(-size // 7) * 4  # 4 characters for every 7 bytes begun
    assert set(text) <= set(SPAN)


def test_every_value_of_every_character_round_trips():
    # each 14-bit value once, in every one of the 4 places of a group
    for offset in range(4):
        values = [*range(offset), *range(dense.SPAN)]
        values += [0] * (-len(values) % 4)
        text = "".join(chr(dense.FIRST + value) for value in values)
        size = len(text) // 4 * 7
        assert dense.pack(dense.unpack(text, size)) == text


def test_the_packed_characters_count_once_and_no_normalisation_changes_them():
    text = "".join(SPAN)
    assert len(text.encode("utf-16-le")) == 2 * len(text)  # one UTF-16 code unit each
    assert all(unicodedata.category(char) == "Lo" for char in text)  # letters: no controls
    for form in ("NFC", "NFD", "NFKC", "NFKD"):
        assert unicodedata.normalize(form, text) == text
    assert text.isprintable()  # repr() writes them as they are
    assert repr(text)[1:-1] == text


def test_base85_gives_the_text_back():
    data = random.Random(7).randbytes(3001)
    text = base64.b85encode(data).decode("ascii")
    assert dense.base85(dense.pack(data), len(data)) == text


def test_the_data_modules_are_found():
    names = {path.relative_to(ROOT).as_posix() for path in DATA_MODULES}
    assert {"games/othello/ntuple_weights.py", "games/oware/nn_weights.py",
            "games/breakthrough/nn_weights.py", "games/onitama/ntuple_weights.py"} <= names


def module_constants(source, filename):
    namespace = {"__name__": filename}
    exec(compile(source, filename, "exec"), namespace)
    return {name: value for name, value in namespace.items() if name.isupper()}


@pytest.mark.parametrize("path", DATA_MODULES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_data_module_packed_by_the_build_holds_the_same_data(path):
    source = path.read_text(encoding="utf-8")
    packed = bundler.module_text(source, path.name, bundler.DENSE)
    assert len(packed) < len(source) / 2
    assert not bundler.packable_constants(bundler.ast.parse(packed))  # nothing long left in base85
    assert module_constants(packed, path.name) == module_constants(source, path.name)


def test_only_long_canonical_base85_is_packed():
    text = base64.b85encode(random.Random(1).randbytes(600)).decode("ascii")
    assert bundler.canonical_base85(text) is not None
    assert bundler.canonical_base85(text[:bundler.MIN_PACKED - 1]) is None  # too short to gain
    assert bundler.canonical_base85(text + "~~~~~") is None  # not base85
    assert bundler.canonical_base85("x" * 1000 + " ") is None
    zeros = "0" * 640  # base85 of zero bytes, and nothing an f-string reads as code
    assert bundler.canonical_base85(zeros) is not None
    source = f"A = {text!r}\nB = f'{{A[:1]}}{zeros}'\nC = {'word ' * 200!r}\n"
    packed = bundler.packed_data(source, "m.py")
    assert packed.startswith(f"import {bundler.DENSE_MODULE} as {bundler.DENSE_ALIAS}\n")
    assert packed.count(f"{bundler.DENSE_ALIAS}.base85(") == 1  # A; not the f-string, not C
    assert module_constants(packed, "m.py") == module_constants(source, "m.py")


def test_a_bundle_packs_any_data_module_and_runs_it(tmp_path):
    # modules of a new game's author, under no name the build knows: a table in base85,
    # a book written as a list, code that reads both
    rng = random.Random(3)
    table = base64.b85encode(rng.randbytes(3000)).decode("ascii")
    book = [rng.randrange(100) for _ in range(2000)]
    closure = {
        "newgame": bundler.Module("newgame", True, "newgame/__init__.py", ""),
        "newgame.solved": bundler.Module("newgame.solved", False, "newgame/solved.py", f"DATA = {table!r}\n"),
        "newgame.opening_book": bundler.Module("newgame.opening_book", False, "newgame/opening_book.py",
                                               f"BOOK = {book!r}\n"),
        "newgame.player": bundler.Module("newgame.player", False, "newgame/player.py",
                                         "import base64, hashlib\nfrom newgame import solved, opening_book\n"
                                         "def digest():\n    return hashlib.sha256(base64.b85decode(solved.DATA)"
                                         " + bytes(opening_book.BOOK)).hexdigest()\n"),
    }
    entry = "from newgame.player import digest\nprint(digest())\n"
    made = bundler.bundle(entry, "newgame", closure, [], bundler.CODINGAME, bundler.DENSE)
    bundler.check_bundle("newgame.py", made.text, arena=bundler.CODINGAME)
    path = tmp_path / "newgame.py"
    path.write_bytes(made.text.encode("utf-8"))
    run = subprocess.run([sys.executable, "-I", str(path)], cwd=tmp_path, capture_output=True, text=True,
                         timeout=60)
    assert run.stdout.strip() == hashlib.sha256(base64.b85decode(table) + bytes(book)).hexdigest(), run.stderr
    # the table packed, not compressed again (its bits would not shrink): 3,000 bytes in
    # 1,716 characters; the book compressed in a block of its own and counted as a book
    assert 1716 < sum(made.split.values()) - made.split["book"] < 1716 + 3000
    assert 0 < made.split["book"] < len(closure["newgame.opening_book"].source) / 2
    assert set(bundler.carried_modules(made.text)) == set(closure) | {"games", "games.dense"}

