# Two commands on a fresh machine:  make all  (set up, build, smoke-play)  and  make test
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export PYTHONPATH := $(CURDIR)

.PHONY: all setup build chromium test test-all test-ray bench bench-load table table-best table-learned table-quick results sparring new-game clean

all: build
	$(PY) -m arena smoke

$(VENV)/installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

setup: $(VENV)/installed

# dist/<bot>.py to paste (its default engine only) and dist/full/<bot>.py (every engine)
build: setup
	$(PY) build/bundle.py

# The default test suite, what CI runs (.ci/run), on every core (pytest-xdist; a test
# file's tests stay in one worker, which builds its bundles once); test-all adds the slow
# tests. Both install the ray extra, so that every run checks the Ray backend.
PYTEST := $(PY) -m pytest -n auto --dist loadfile
test: build chromium $(VENV)/ray
	$(PYTEST) -m "not slow"

test-all: build chromium $(VENV)/ray
	$(PYTEST)

# The Ray backend's tests alone (tests/test_ray.py: each test file starts a local Ray).
test-ray: $(VENV)/ray
	$(PY) -m pytest tests/test_ray.py

$(VENV)/ray: $(VENV)/installed
	$(PY) -m pip install -q -e '.[dev,ray]'
	touch $@

# The replay page's browser test (tests/test_replay_browser.py) drives Debian's chromium
# headless; installed here when missing and run as root, else the test skips saying so.
CHROMIUM := /usr/bin/chromium
chromium:
	@if [ ! -x $(CHROMIUM) ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get install -y -q chromium >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null; } \
		|| echo "chromium could not be installed: the browser test will skip"; fi

# Speed figures against their targets, one topic after another (python -m bench --help).
bench: build
	$(PY) -m bench

# Time discipline under load: self-play at the real clock beside one busy process per
# core, 2,000 answers per game (about 15 minutes); docs/tuning/time-discipline.md.
bench-load: build
	$(PY) -m bench.load

# The engines' table in docs/ (docs/table.md; arena table alone writes to results/table/),
# with the full bundles of dist/full/ (the table and the tuner choose engines): each
# pairing plays 40 games, then stops once the SPRT between +70 and +240 Elo (scores of 60%
# and 80%, on either side of the sources' 70%) decides, or after 80 games. Resumes if cut.
TABLE_GAMES := -n 80 --min-games 40 --sprt 70 240
table: build
	$(PY) -m arena table $(TABLE_GAMES) --engines bestfirst,alphabeta,mcts --out docs

# Our best bot (each bundle's default, --engine best) against the alpha-beta baseline, in
# docs/best/.
table-best: build
	$(PY) -m arena table $(TABLE_GAMES) --engines best,alphabeta --out docs/best

# The sources' condition: best-first against alpha-beta with the same learned evaluation
# (the networks in Oware and Breakthrough, the N-tuples in Onitama and Othello), in
# docs/learned/.
table-learned: build
	$(PY) -m arena table $(TABLE_GAMES) --engines bestfirst,alphabeta --eval nn,ntuple --out docs/learned

# The same in a few minutes: best-first against alpha-beta, 4 games per game, into results/.
table-quick: build
	$(PY) -m arena table -n 4 --engines bestfirst,alphabeta --out results/table-quick

# docs/RESULTS.md from the records under docs/ (the tables' results, docs/results/figures.json).
results: setup
	$(PY) -m arena.results_doc

# A compiled Onitama opponent (alpha-beta in C++) for local tournaments: sparring/README.md.
CXX ?= g++
sparring: sparring/bin/onitama

sparring/bin/onitama: sparring/onitama.cpp
	mkdir -p sparring/bin
	$(CXX) -O2 -std=c++17 -Wall -o $@ $<

# A new game from the template, tic-tac-toe under NAME (docs/ADDING_A_GAME.md): it builds,
# plays and passes its tests before its rules are changed. Writes only new files.
new-game:
	$(PYTHON) build/new_game.py $(NAME)

clean:
	rm -rf dist $(VENV) *.egg-info sparring/bin
