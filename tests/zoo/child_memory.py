"""Starts a child that fills MEGABYTES of memory (its pid in PIDFILE) and sleeps, then
plays the first action: the bot's own process stays small."""
import subprocess
import sys

from zoolib import answer, turns

pid_file, megabytes = sys.argv[1], int(sys.argv[2])
hoard = ("import os, sys, time\n"
         "open(sys.argv[1], 'w').write(str(os.getpid()))\n"
         "hoard = b'x' * (int(sys.argv[2]) << 20)\n"
         "print('ready', flush=True)\n"
         "time.sleep(60)\n")
child = subprocess.Popen([sys.executable, "-c", hoard, pid_file, str(megabytes)], stdout=subprocess.PIPE)
child.stdout.readline()  # its memory is filled before the game goes on
for _, actions in turns():
    answer(actions[0])
