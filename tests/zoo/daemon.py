"""Leaves a daemon behind, as a server would: forks; the child calls setsid() and forks
again, then exits; the grandchild (out of the bot's session, its parent gone) writes its
pid to PIDFILE, lets go of the pipes and sleeps. Then the bot plays the first action.
"""
import os
import sys
import time

from zoolib import answer, turns

pid_file = sys.argv[1]
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        with open(pid_file + ".part", "w") as f:
            f.write(str(os.getpid()))
        os.rename(pid_file + ".part", pid_file)
        time.sleep(60)
    os._exit(0)
os.wait()
while not os.path.exists(pid_file):  # the daemon runs before the game goes on
    time.sleep(0.005)
for _, actions in turns():
    answer(actions[0])
