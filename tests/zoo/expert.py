"""Asks for CodinGame Othello's EXPERT mode with its first answer ("EXPERT d3"), then
plays the first listed action; writes every line it receives to LOG. With "late" it
asks on its second turn instead, which the referee refuses.

    expert.py LOG [late]
"""
import sys

log = open(sys.argv[1], "w")
asks_on = 2 if sys.argv[2:] == ["late"] else 1


def read_line():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    log.write(line)
    log.flush()
    return line.strip()


read_line()  # our id
size = int(read_line())
expert = False
turn = 0
while True:
    turn += 1
    for _ in range(size):
        read_line()
    if expert:
        read_line()  # the opponent's moves since our last turn
    actions = [read_line() for _ in range(int(read_line()))]
    ask = turn == asks_on
    print(("EXPERT " if ask else "") + actions[0], flush=True)
    expert = expert or (ask and asks_on == 1)
