"""Plays the last listed action, at once: a deterministic opponent unlike first.py."""
from zoolib import answer, turns

for _, actions in turns():
    answer(actions[-1])
