"""A bot of tests/toygame.py's Bust: answers ``MOVE`` (default 1) every turn; from turn
``TURN`` on (argument 2) it misbehaves as ``MODE`` says (argument 3): ``sleep`` (no answer
in time), ``crash`` (exit status 1), ``garbage`` (an answer that is not a move)."""
import sys
import time

move = sys.argv[1] if len(sys.argv) > 1 else "1"
turn_bad = int(sys.argv[2]) if len(sys.argv) > 2 else 0
mode = sys.argv[3] if len(sys.argv) > 3 else ""

first = sys.stdin.readline()
if not first:
    sys.exit(0)
turn = 0
while True:
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    turn += 1
    if turn_bad and turn >= turn_bad:
        print(f"bust bot: turn {turn}, {mode}", file=sys.stderr, flush=True)
        if mode == "sleep":
            time.sleep(5)
        elif mode == "crash":
            sys.exit(1)
        elif mode == "garbage":
            print("hello", flush=True)
            continue
    print(move, flush=True)
