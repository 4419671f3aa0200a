"""Tron Battle bot for CodinGame ("tron-battle"), 2 to 4 cycles: an N-player search with
the handcrafted evaluation (territory by Voronoi, parity, chambers) until our cycle is
cut off from every other, then the longest path through its own region
(engines/fill.py over engines/paths.py's longest_path). The arena sends heads only: the
protocol's player keeps the ribbons (games/tron/protocol.py). Its records:
docs/tuning/tron.md."""
import sys

from bots.runtime import Bot, Config, main
from engines.paths import grid_colour, grid_neighbours
from games.tron.evaluation import FULL, region, spread
from games.tron.protocol import Player
from games.tron.rules import CELLS, HEIGHT, NEIGHBOUR, OFF, WIDTH


def own_region(state):
    """The free cells that the player to move can reach (a bitboard)."""
    me, heads, occupied = state[0], state[1], state[4]
    return region(heads[me], FULL & ~occupied)


def separated(state):
    """Whether no free path joins the head of the player to move to another head."""
    me, heads = state[0], state[1]
    reached = own_region(state)
    return not any(reached & spread(1 << head) for p, head in enumerate(heads) if p != me and head != OFF)


def graph(state):
    """(our head, the neighbours function of our region's cells): each cell's free
    neighbours, those with fewer free neighbours first (a path along the walls wastes
    less room, so the search meets long paths early)."""
    head = state[1][state[0]]
    cells = own_region(state) | 1 << head
    beside = grid_neighbours(WIDTH, HEIGHT, [cells >> c & 1 for c in range(CELLS)])
    ordered = [tuple(sorted(around, key=lambda other: len(beside[other]))) for around in beside]
    return head, ordered.__getitem__


def step(state, cell):
    """The move from our head to the cell beside it."""
    return NEIGHBOUR[state[1][state[0]]].index(cell)


BOT = Bot(
    "tron", Player, {"handcrafted": "games.tron.evaluation:make_evaluator"},
    best="fill",      # the fill once alone; until then its inner engine: docs/tuning/tron.md#best
    time=0.5,         # of the 100 ms turns: docs/tuning/tron.md#time
    first_time=0.3,   # of the 1000 ms first turn (the bundle's start-up runs on its clock)
    configs={"fill": Config("fill", engine="paranoid", separated=separated, graph=graph, step=step,
                            colour=grid_colour(WIDTH),
                            # 10 cells saturate: docs/tuning/tron.md#territory_scale
                            weights={"territory_scale": 150.0})},
)

if __name__ == "__main__":
    sys.exit(main(BOT))
