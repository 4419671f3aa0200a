"""CodinGame "onitama" protocol: the bot's side and the referee's side.

Per turn the arena sends (the player id first, on a player's first turn only):
- 5 board lines, row 5 first: ``W``/``w`` player 0's master/student, ``B``/``b``
  player 1's, ``.`` empty;
- 5 card lines ``owner cardId dx1 dy1 dx2 dy2 dx3 dy3 dx4 dy4``: player 0's two cards,
  player 1's two, then the centre card (owner -1). Unused pairs are ``0 0``. A player's
  cards are printed turned for that player, the centre card for the player receiving
  the input (who takes it after moving);
- the number of actions, then one per line, ``cardId A1B2`` or ``cardId PASS``, listed
  by card (hand order), then by the card's vector, then by piece, column by column.

The answer is ``cardId A1B2`` or ``cardId PASS``, optionally followed by whitespace and
a message. The referee matches the whole line against
``(\\d+)\\s+([A-E][1-5][A-E][1-5]|PASS)(\\s+message)?`` ignoring case, so leading or
trailing blanks make the answer invalid, and the card must be one the player holds.
The turn number is not sent: a bot counts plies itself (turn = 2 * its turns + its id).
"""

import random
import re

from games import protocol
from games.protocol import ProtocolError, parse_int, read_moves
from games.onitama.rules import (CARD_COUNT, MAX_TURNS, SIZE, Onitama, card_vectors, is_pass,
                                 move_card, move_from, move_to, release_memos, square)

FIRST_TURN_MS = 1000
TURN_MS = 50
# The live referee re-deals the openings that player 0, who moves first, wins by force
# within this many plies (its source calls it "depth 6" and lists 162 deals; our rules,
# run over all 131,040 deals, find exactly those 162).
FORCED_OPENING_PLIES = 5

ANSWER = re.compile(r"(\d+)\s+([A-E][1-5][A-E][1-5]|PASS)(?:\s+[^\n\r\x85\u2028\u2029]+)?",
                    re.IGNORECASE | re.ASCII)


def read_init(first_line):
    """Our player id from the first turn's init line."""
    my_id = parse_int(first_line, "the player id")
    if my_id not in (0, 1):
        raise ProtocolError(f"player id must be 0 or 1, got {my_id}")
    return my_id


def parse_board(rows):
    """((player 0's pieces, player 1's), (player 0's master, player 1's)) from 5 lines."""
    if len(rows) != SIZE:
        raise ProtocolError(f"expected {SIZE} board lines, got {len(rows)}")
    pieces, masters = [0, 0], [0, 0]
    for i, line in enumerate(rows):
        if len(line) != SIZE or set(line) - set(".WwBb"):
            raise ProtocolError(f"bad board line {line!r}")
        for col, cell in enumerate(line):
            if cell == ".":
                continue
            side = 0 if cell in "Ww" else 1
            bit = 1 << square(col, SIZE - 1 - i)
            pieces[side] |= bit
            if cell in "WB":
                if masters[side]:
                    raise ProtocolError(f"two masters of player {side} on the board")
                masters[side] = bit
    if not (masters[0] and masters[1]):
        raise ProtocolError("a master is missing from the board")
    return tuple(pieces), tuple(masters)


def card_line(owner, card, player):
    """The arena's line for a card held by ``owner`` (-1: centre) sent to ``player``."""
    user = player if owner == -1 else owner
    pairs = [f"{dx} {dy}" for dx, dy in card_vectors(card, user)]
    pairs += ["0 0"] * (4 - len(pairs))
    return f"{owner} {card} " + " ".join(pairs)


def parse_cards(lines, player):
    """(hands, centre, problems) from the 5 card lines; ``problems`` lists cards whose
    vectors differ from our card table (the bot then trusts the arena's action list)."""
    if len(lines) != 5:
        raise ProtocolError(f"expected 5 card lines, got {len(lines)}")
    owners, cards, problems = [], [], []
    for line in lines:
        fields = line.split()
        if len(fields) != 10:
            raise ProtocolError(f"bad card line {line!r}")
        numbers = [parse_int(f, "a card field") for f in fields]
        owner, card = numbers[0], numbers[1]
        if not 0 <= card < CARD_COUNT:
            raise ProtocolError(f"unknown card id in {line!r}")
        owners.append(owner)
        cards.append(card)
        if line.split() != card_line(owner, card, player).split():
            problems.append(f"card line {line!r}, our table says {card_line(owner, card, player)!r}")
    if owners != [0, 0, 1, 1, -1]:
        raise ProtocolError(f"card owners must be 0 0 1 1 -1, got {owners}")
    if len(set(cards)) != 5:
        raise ProtocolError(f"the 5 cards must differ, got {cards}")
    return ((cards[0], cards[1]), (cards[2], cards[3])), cards[4], problems


class Player(protocol.Player):
    """The bot's side: our id on the first turn, then the board, the cards and the
    listed actions each turn. The arena does not send the ply number: player 0 moves
    on even plies, so the player counts them from its id."""

    rules = Onitama
    first_turn_ms = FIRST_TURN_MS
    turn_ms = TURN_MS

    def __init__(self, game=None):
        super().__init__(game)
        self.my_id = None
        self.turn = None  # the ply number of our next turn

    def read_turn(self, first_line, next_line):
        if self.my_id is None:
            self.my_id = self.turn = read_init(first_line)
            first_line = next_line()
        rows = [first_line] + [next_line() for _ in range(SIZE - 1)]
        pieces, masters = parse_board(rows)
        hands, centre, problems = parse_cards([next_line() for _ in range(5)], self.my_id)
        count = parse_int(next_line(), "the number of actions")
        if count < 0:
            raise ProtocolError(f"negative number of actions: {count}")
        actions = read_moves(self.game, next_line, count)
        state = self.game.make_state(pieces, masters, hands, centre, self.my_id, self.turn)
        return state, actions, problems

    def played(self, state, move):
        self.turn += 2
        release_memos()  # after the answer, off the clock: freeing full memo tables takes a while


def arena_order(game, state, moves):
    """``moves`` sorted as the arena lists them: by the card's place in the hand, by the
    card's vector, then by the moving piece, column by column."""
    player = game.to_move(state)
    hand = game.hands(state)[player]

    def key(move):
        card = move_card(move)
        if is_pass(move):
            return (hand.index(card), 0, 0, 0)
        frm, to = move_from(move), move_to(move)
        vector = (to % SIZE - frm % SIZE, to // SIZE - frm // SIZE)
        return (hand.index(card), card_vectors(card, player).index(vector), frm % SIZE, frm // SIZE)

    return sorted(moves, key=key)


def forces_win(game, state, plies):
    """Whether the side to move can force a win within ``plies`` plies (an odd number):
    some move wins at once, or leads to a position where every reply allows it again."""
    children = [game.play(state, move) for move in game.legal_moves(state)]
    if any(game.winner(child) is not None for child in children):
        return True  # only the player who just moved can have won
    if plies < 3:
        return False
    for child in children:
        replies = game.legal_moves(child)
        if replies and all(forces_win(game, game.play(child, reply), plies - 2) for reply in replies):
            return True
    return False


class Referee(protocol.Referee):
    """The arena's side, for the local referee."""

    name = "onitama"
    rules = Onitama
    first_turn_ms = FIRST_TURN_MS
    turn_ms = TURN_MS
    max_turns = MAX_TURNS
    random_plies = 0  # the deal of cards already varies games

    def new_state(self, rng=None):
        """Five distinct random cards: two for player 0, two for player 1, the centre;
        dealt again, like the live referee, while player 0 can force a quick win."""
        rng = rng or random.Random()
        while True:
            state = self.game.initial_state(tuple(rng.sample(range(CARD_COUNT), 5)))
            if not forces_win(self.game, state, FORCED_OPENING_PLIES):
                return state

    def needs_answer(self, state):
        return True  # a player who can only pass is still asked which card to pass

    def turn_lines(self, state, player, first_turn, last_move=None):
        game = self.game
        lines = [str(player)] if first_turn else []
        lines += game.board_lines(state)
        hand0, hand1, centre = game.hands(state)
        lines += [card_line(0, c, player) for c in hand0]
        lines += [card_line(1, c, player) for c in hand1]
        lines.append(card_line(-1, centre, player))
        actions = arena_order(game, state, game.legal_moves(state))
        lines.append(str(len(actions)))
        lines += [game.move_name(m) for m in actions]
        return lines

    def parse_answer(self, state, line):
        match = ANSWER.fullmatch(line)
        if not match:
            raise ValueError(f"invalid command {line!r}")
        card = int(match.group(1))
        if card not in self.game.hands(state)[self.game.to_move(state)]:
            raise ValueError(f"does not own a card with id {card}: {line!r}")
        name = f"{card} {match.group(2).upper()}"
        for move in self.game.legal_moves(state):
            if self.game.move_name(move) == name:
                return move
        raise ValueError(f"invalid action {line!r}")
