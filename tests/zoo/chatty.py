"""Plays the first listed action, saying on stderr what it saw each turn (one line, and
an info line that the arena keeps apart), as bots write their debugging on CodinGame."""
import sys

from zoolib import answer, turns

for number, actions in turns():
    print(f"turn {number}: {len(actions)} actions", file=sys.stderr, flush=True)
    print(f"info depth 1 nodes {len(actions)} value 0 pv {actions[0]}", file=sys.stderr, flush=True)
    answer(actions[0])
