"""CodinGame "Tron Battle" (docs/PROTOCOLS.md, "Tron Battle"): the bot's and the
referee's sides, for 2, 3 or 4 cycles.

No init input. Each turn: ``N P`` (the number of players, ours), then N lines ``X0 Y0 X1
Y1``, one a player in seat order: its start cell and its head, all four -1 for a player
out. The answer is ``UP``, ``DOWN``, ``LEFT`` or ``RIGHT``. The arena sends heads, not
ribbons: the bot keeps each ribbon from turn to turn (between two of our turns every
other cycle steps at most once), and forgets it when its line reads -1.
"""
from games import protocol
from games.tron.rules import CELLS, HEIGHT, NEIGHBOUR, OFF, PLAYERS, WIDTH, Tron, cell, xy

FIRST_TURN_MS, TURN_MS = 1000, 100
GONE = "-1 -1 -1 -1"


def player_line(state, player):
    """``X0 Y0 X1 Y1`` of ``player`` in ``state``."""
    start, head = state[2][player], state[1][player]
    if head == OFF:
        return GONE
    return "{} {} {} {}".format(*xy(start), *xy(head))


class Player(protocol.Player):
    """The bot's side. It keeps, per player, the ribbon it has seen (a bitboard) and its
    last head, and the players out in the order it saw them go."""

    rules = Tron
    first_turn_ms, turn_ms = FIRST_TURN_MS, TURN_MS

    def __init__(self, game=None):
        super().__init__(game)
        self.ribbons = None  # per player, None before the first turn
        self.heads = None
        self.out = ()

    def read_turn(self, first_line, next_line):
        fields = first_line.split()
        if len(fields) != 2:
            raise protocol.ProtocolError(f"expected 'N P', got {first_line!r}")
        n = protocol.parse_int(fields[0], "the number of players N")
        me = protocol.parse_int(fields[1], "our player number P")
        if n not in PLAYERS or not 0 <= me < n:
            raise protocol.ProtocolError(f"expected 2 <= N <= 4 and 0 <= P < N, got {first_line!r}")
        if self.game.num_players != n:
            self.game = Tron(n)
        if self.ribbons is None or len(self.ribbons) != n:
            self.ribbons, self.heads, self.out = [0] * n, [None] * n, ()
        lines = [self.read_cells(next_line()) for _ in range(n)]
        notes = []
        gone = []
        for player, (start, head) in enumerate(lines):
            if head == OFF:
                if self.heads[player] != OFF:
                    gone.append(player)
                self.ribbons[player], self.heads[player] = 0, OFF
            else:
                note = self.follow(player, start, head)
                if note:
                    notes.append(note)
        # between two of our turns the others play in seat order after us
        gone.sort(key=lambda p: (p - me) % n)
        self.out += tuple(gone)
        if self.heads[me] == OFF:
            raise protocol.ProtocolError(f"we are asked to play as player {me}, who is out")
        state = self.state(me, lines)
        return state, list(self.game.legal_moves(state)), notes

    @staticmethod
    def read_cells(text):
        """(start cell, head cell) of an ``X0 Y0 X1 Y1`` line, (OFF, OFF) for -1s."""
        fields = text.split()
        if len(fields) != 4:
            raise protocol.ProtocolError(f"expected 'X0 Y0 X1 Y1', got {text!r}")
        x0, y0, x1, y1 = (protocol.parse_int(f, "a coordinate") for f in fields)
        if (x0, y0, x1, y1) == (-1, -1, -1, -1):
            return OFF, OFF
        if not all(0 <= x < WIDTH for x in (x0, x1)) or not all(0 <= y < HEIGHT for y in (y0, y1)):
            raise protocol.ProtocolError(f"a cell off the {WIDTH} x {HEIGHT} grid: {text!r}")
        return cell(x0, y0), cell(x1, y1)

    def follow(self, player, start, head):
        """Adds ``head`` to ``player``'s ribbon; a note if it cannot follow from the last
        head seen (the ribbon is then the start and the head: what can be known)."""
        last = self.heads[player]
        if last is None or last == OFF:  # first sight: at most one step from the start
            self.ribbons[player] = 1 << start | 1 << head
            self.heads[player] = head
            if head != start and head not in NEIGHBOUR[start]:
                return f"player {player}: head {xy(head)} is not next to its start {xy(start)}"
            return None
        self.heads[player] = head
        if head == last:
            return None
        self.ribbons[player] |= 1 << head
        if head not in NEIGHBOUR[last]:
            self.ribbons[player] |= 1 << start
            return f"player {player}: head {xy(head)} is not next to its last head {xy(last)}"
        return None

    def state(self, me, lines):
        """Our state of the game: ``me`` to move."""
        heads = tuple(head for _, head in lines)
        starts = tuple(start for start, _ in lines)
        ribbons = tuple(self.ribbons)
        occupied = 0
        for ribbon in ribbons:
            occupied |= ribbon
        return me, heads, starts, ribbons, occupied, self.out


class Referee(protocol.Referee):
    """The referee's side, for the local arena (games/contract.py's ``RefereeProtocol``
    and ``NPlayerReferee``). ``new_state(rng, players=n)`` makes ``game`` the rules
    for n players."""

    name = "tron"
    rules = Tron
    first_turn_ms, turn_ms = FIRST_TURN_MS, TURN_MS
    players = PLAYERS
    random_plies = 0  # the random start cells vary the games

    def new_state(self, rng=None, players=2):
        """Random distinct start cells, as CodinGame draws them (``rng``: a
        ``random.Random``; None: the rules' default cells)."""
        if players not in self.players:
            raise ValueError(f"Tron seats 2, 3 or 4 players, not {players!r}")
        if self.game.num_players != players:
            self.game = Tron(players)
        if rng is None:
            return self.game.initial_state()
        cells = rng.sample(range(CELLS), players)
        return self.game.initial_state([xy(c) for c in cells])

    def needs_answer(self, state):
        """Every player in play is asked, even one with no free neighbour: it must answer,
        and its answer puts it out."""
        return not self.game.over(state)

    def turn_lines(self, state, player, first_turn, last_move=None):
        n = self.game.num_players
        return [f"{n} {player}"] + [player_line(state, p) for p in range(n)]

    def parse_answer(self, state, line):
        text = line.strip()
        try:
            move = self.game.parse_move(text)
        except ValueError:
            raise ValueError(f"wrong output {line!r}: expected UP, DOWN, LEFT or RIGHT") from None
        if move not in self.game.legal_moves(state):
            raise ValueError(f"{text} leads off the grid or into a ribbon")
        return move

    def eliminate(self, state, player):
        return self.game.eliminated(state, player)
