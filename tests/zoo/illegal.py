"""Answers an occupied square (a well-formed move the rules forbid) on turn TURN, after
SECONDS (default 0)."""
import time

from zoolib import answer, arg, turns

turn = arg(1, 2)
seconds = arg(2, 0.0)
for number, actions in turns():
    if number == turn:
        time.sleep(seconds)
    answer("d4" if number == turn else actions[0])
