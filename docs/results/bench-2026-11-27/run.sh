#!/bin/bash
# make bench, old (1888dea, $OLD) against new ($NEW), one sitting:
# the arena topic one tree after the other (it runs games on both cores), then the
# single-core topics of both trees at once, one a core.
PY=${PY:-python}  # OLD: a tree at 1888dea, NEW: this one (both built)
cd "$(dirname "$0")"
(cd $OLD && $PY -m bench arena) > old-arena.txt 2>&1
(cd $NEW && $PY -m bench arena) > new-arena.txt 2>&1
for t in engines othello oware breakthrough onitama knowledge; do
  (cd $OLD && $PY -m bench $t) > old-$t.txt 2>&1 &
  (cd $NEW && $PY -m bench $t) > new-$t.txt 2>&1 &
  wait
done
(cd $NEW && $PY -m bench density) > new-density.txt 2>&1
echo done > finished
