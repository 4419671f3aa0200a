"""A flood-fill bot for CodinGame's Tron Battle (2, 3 or 4 players): a sparring partner
for our Tron bundle, written as a CodinGame player would write one, on its own.

Each turn it reads ``N P``, then N lines ``X0 Y0 X1 Y1`` (all -1 for a player out), keeps
every ribbon from turn to turn (the arena sends only heads) and drops a lost player's
ribbon. It plays the step after which the most free cells are reachable from its head
(a breadth-first flood fill); ties go to the step that leaves it more cells it reaches
strictly before every opponent (a Voronoi count), then to the step with fewer free cells
around it (hugging walls wastes less room), then to UP, DOWN, LEFT, RIGHT in that order.
Boxed in, it still answers a direction, one that stays on the grid if any does.

    python3 sparring/tron_floodfill.py
"""
import sys

WIDTH, HEIGHT = 30, 20
CELLS = WIDTH * HEIGHT
NAMES = ("UP", "DOWN", "LEFT", "RIGHT")
STEPS = ((0, -1), (0, 1), (-1, 0), (1, 0))
OFF = -1


def _neighbours(c):
    x, y = c % WIDTH, c // WIDTH
    return tuple(
        (y + dy) * WIDTH + x + dx if 0 <= x + dx < WIDTH and 0 <= y + dy < HEIGHT else OFF
        for dx, dy in STEPS)


# AROUND[c][m]: the cell step m leads to from cell c, OFF off the grid; NEXT[c]: those on it.
AROUND = tuple(_neighbours(c) for c in range(CELLS))
NEXT = tuple(tuple(n for n in around if n != OFF) for around in AROUND)


class Board:
    """Every ribbon seen so far: ``owner[c]`` is the player whose ribbon holds cell c,
    or -1 for a free cell; ``cells[p]`` and ``heads[p]`` player p's ribbon and head."""

    def __init__(self, players):
        self.players = players
        self.owner = [-1] * CELLS
        self.cells = [[] for _ in range(players)]
        self.heads = [None] * players  # None: not seen yet; OFF: out

    def take(self, player, c):
        if self.owner[c] == -1:
            self.owner[c] = player
            self.cells[player].append(c)

    def drop(self, player):
        """A lost player's ribbon disappears."""
        for c in self.cells[player]:
            if self.owner[c] == player:
                self.owner[c] = -1
        self.cells[player] = []
        self.heads[player] = OFF

    def see(self, player, start, head):
        """Player's line this turn: its start and head cells, both None for a player out."""
        if start is None:
            if self.heads[player] != OFF:
                self.drop(player)
            return
        last = self.heads[player]
        if last is None or last == OFF or (head != last and head not in NEXT[last]):
            self.take(player, start)  # first sight, or a jump: the start and the head are all we know
        self.take(player, head)
        self.heads[player] = head

    def free(self, c):
        return c != OFF and self.owner[c] == -1


def steps_from(owner, sources):
    """Per cell, the fewest steps from any of ``sources`` over free cells (a breadth-first
    flood fill), -1 where none leads."""
    steps = [-1] * CELLS
    for source in sources:
        steps[source] = 0
    frontier, step = list(sources), 0
    while frontier:
        step += 1
        following = []
        for c in frontier:
            for n in NEXT[c]:
                if steps[n] < 0 and owner[n] == -1:
                    steps[n] = step
                    following.append(n)
        frontier = following
    return steps


def score(owner, target, theirs):
    """(cells reachable from ``target``, of those the cells reached strictly before every
    head in ``theirs``): they all step before our next turn, so a tie is theirs."""
    ours = steps_from(owner, [target])
    nearest = steps_from(owner, theirs)
    reachable = first = 0
    for mine, other in zip(ours, nearest):
        if mine > 0:
            reachable += 1
            if other < 0 or mine < other:
                first += 1
    return reachable, first


def choose(board, me):
    """The step (0-3) for player ``me``."""
    head = board.heads[me]
    if head is None or head == OFF:
        return 0
    owner = board.owner
    theirs = [h for p, h in enumerate(board.heads) if p != me and h is not None and h != OFF]
    best, best_key = None, None
    for move, target in enumerate(AROUND[head]):
        if not board.free(target):
            continue
        owner[target] = me  # try the step, undone below
        room = sum(owner[n] == -1 for n in NEXT[target])
        key = (*score(owner, target, theirs), -room, -move)
        owner[target] = -1
        if best_key is None or key > best_key:
            best, best_key = move, key
    if best is None:  # boxed in: any step that stays on the grid
        best = next((m for m, target in enumerate(AROUND[head]) if target != OFF), 0)
    return best


def read_cells(line):
    """(start, head) of an ``X0 Y0 X1 Y1`` line, (None, None) for a player out, None for
    a line that cannot be read."""
    try:
        x0, y0, x1, y1 = (int(f) for f in line.split())
    except ValueError:
        return None
    if x0 < 0 or y0 < 0 or x1 < 0 or y1 < 0:
        return None, None
    if not (x0 < WIDTH and x1 < WIDTH and y0 < HEIGHT and y1 < HEIGHT):
        return None
    return y0 * WIDTH + x0, y1 * WIDTH + x1


def read_header(line):
    """(N, P) of the turn's first line, None if it cannot be read."""
    try:
        n, me = (int(f) for f in line.split())
    except ValueError:
        return None
    return (n, me) if 1 <= n <= 4 else None


def play(lines, write):
    """Plays the turns read from ``lines`` (an iterator of text lines), each answer
    given to ``write``; returns at the end of the input."""
    board = None
    for line in lines:
        header = read_header(line)
        if header is None:  # not a turn's first line: answer anyway, so no one waits
            write(NAMES[0])
            continue
        n, me = header
        if board is None or board.players != n:
            board = Board(n)
        for player in range(n):
            seen = read_cells(next(lines, ""))
            if seen is not None:
                board.see(player, *seen)
        write(NAMES[choose(board, me) if 0 <= me < n else 0])


def main():
    def write(answer):
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()

    try:
        play(iter(sys.stdin.readline, ""), write)
    except (KeyboardInterrupt, BrokenPipeError):
        pass


if __name__ == "__main__":
    main()
