#!/bin/bash
# The engines topic's speed lines of Othello and Reversed Reversi, one tree at a time, old and new alternating.
PY=${PY:-python}  # OLD: a tree at 1888dea, NEW: this one
cd "$(dirname "$0")"
for i in 1 2 3; do for t in old new; do d=$NEW; [ $t = old ] && d=$OLD
(cd $d && $PY -c "
from bench.engines import load, engine_speeds
for name in ('othello', 'reversi'):
    g, e = load(name); engine_speeds(name, g, e, 1.0)" 2>&1 | sed "s/^/$t $i /" | cut -c1-200); done; done > seq-speeds-othello.txt
