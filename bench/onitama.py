"""Onitama: rules speed, best-first speed and the bundle's time discipline. open_spiel
has no Onitama, so there is no reference implementation to run side by side: the
figures are ours only."""
import random
import statistics

from bench.common import engine_rate, playout_rate, time_discipline
from engines.bestfirst import BestFirst
from games.onitama.evaluation import make_evaluator
from games.onitama.rules import CARD_COUNT, Onitama

START_CARDS = (15, 10, 2, 9, 6)   # Tiger + Dragon, Frog + Rabbit, Crab in the centre


def random_deal_game(game):
    """One random game from a random deal, in the loop shape of bench.common."""
    legal_moves, play, initial = game.legal_moves, game.play, game.initial_state

    def step(rng):
        state = initial(tuple(rng.sample(range(CARD_COUNT), 5)))
        plies = 0
        moves = legal_moves(state)
        while moves:
            state = play(state, rng.choice(moves))
            moves = legal_moves(state)
            plies += 1
        return plies
    return step


def midgame(game, plies=10, seed=5):
    """A position ``plies`` random plies into a game from START_CARDS, still running."""
    rng = random.Random(seed)
    while True:
        state = game.initial_state(START_CARDS)
        for _ in range(plies):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.play(state, rng.choice(moves))
        if game.legal_moves(state):
            return state


def run(quick=False, rounds=3):
    game = Onitama()
    seconds = 1.0 if quick else 3.0
    rates = [playout_rate(random_deal_game(game), seconds) for _ in range(rounds)]
    print(f"onitama random playouts: ours {statistics.median(rates):,.0f} plies/s "
          f"(median of {rounds} rounds of {seconds}s; open_spiel has no Onitama)")
    evaluate = make_evaluator(game)
    for label, state in (("start", game.initial_state(START_CARDS)), ("midgame (ply 10)", midgame(game))):
        rate, depth = engine_rate(lambda: BestFirst(game, evaluate), state, seconds)
        print(f"onitama best-first from the {label}: {rate:,.0f} nodes/s, depth {depth}")
    time_discipline("onitama", games=2 if quick else 6)


if __name__ == "__main__":
    run()
