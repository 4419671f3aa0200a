#!/bin/bash
# The engines topic's speed lines of Othello and Reversed Reversi, one tree at a time, old and new alternating.
cd /work/benchrun
for i in 1 2 3; do for t in old new; do d=/work/main; [ $t = old ] && d=/work/wt/_base
(cd $d && /work/main/.venv/bin/python -c "
from bench.engines import load, engine_speeds
for name in ('othello', 'reversi'):
    g, e = load(name); engine_speeds(name, g, e, 1.0)" 2>&1 | sed "s/^/$t $i /" | cut -c1-200); done; done > seq-speeds-othello.txt
