#!/bin/bash
# make bench, old (1888dea, /work/wt/_base) against new (/work/main), one sitting:
# the arena topic one tree after the other (it runs games on both cores), then the
# single-core topics of both trees at once, one a core.
PY=/work/main/.venv/bin/python
cd /work/benchrun
(cd /work/wt/_base && $PY -m bench arena) > old-arena.txt 2>&1
(cd /work/main && $PY -m bench arena) > new-arena.txt 2>&1
for t in engines othello oware breakthrough onitama knowledge; do
  (cd /work/wt/_base && $PY -m bench $t) > old-$t.txt 2>&1 &
  (cd /work/main && $PY -m bench $t) > new-$t.txt 2>&1 &
  wait
done
(cd /work/main && $PY -m bench density) > new-density.txt 2>&1
echo done > finished
