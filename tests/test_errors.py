"""The error families (engines/base.py, games/errors.py, bots/runtime.py): each fault
raises its own class, each a ValueError as before, each message one line."""
from pathlib import Path

import pytest

from bots import runtime
from engines import registry
from engines.alphabeta import AlphaBeta
from engines.base import EngineError, GameOverError, Limit, OptionError, RulesError, terminal_value
from engines.bestfirst import BestFirst
from games import weights
from games.errors import GameError, WeightsError
from games.othello import ntuple
from games.othello.rules import Othello
from games.oware.evaluation import make_evaluator
from games.oware.protocol import Player as OwarePlayer
from games.oware.rules import Oware

ROOT = Path(__file__).resolve().parent.parent


def one_line(raised):
    assert "\n" not in str(raised.value) and str(raised.value)
    return raised.value


def test_a_finished_game():
    game = Oware()
    finished = game.make_state((0,) * 12, (24, 24))
    for engine in (AlphaBeta(game, make_evaluator(game)), BestFirst(game, make_evaluator(game))):
        with pytest.raises(GameOverError) as raised:
            engine.search(finished, Limit())
        assert isinstance(one_line(raised), (EngineError, ValueError))


def test_a_bad_option():
    with pytest.raises(OptionError):
        registry.typed_parameters("bestfirst", {"C": "lots"})
    with pytest.raises(OptionError):
        registry.engine_class("nonsense")
    with pytest.raises(OptionError) as raised:
        AlphaBeta(Othello(), lambda state: 0.0, mtdf=True, bns=True)
    assert isinstance(one_line(raised), ValueError)
    with pytest.raises(GameError):
        Othello(5)


def test_corrupt_weights():
    with pytest.raises(WeightsError):
        weights.from_text("not base85 at all ~~~", "test data")
    with pytest.raises(WeightsError) as raised:
        ntuple.LAYOUT.decode("edge2x", (20,), 0.05, weights.to_text(b"\x01\x02"))
    assert isinstance(one_line(raised), (GameError, ValueError))


def test_a_rules_fault():
    with pytest.raises(RulesError) as raised:
        terminal_value(None, 3)
    assert isinstance(one_line(raised), ValueError)


def test_a_bot_that_cannot_start():
    bot = runtime.Bot("test", OwarePlayer, {"handcrafted": "games.oware.evaluation:make_evaluator"}, best="alphabeta",
                      time=0.5, first_time=0.2)
    with pytest.raises(runtime.BotError):
        runtime.make_engine(bot, runtime.parse_options(bot, ["--weight", "nonsense=1"]), Oware())


def test_no_plain_value_error_for_these_faults():
    """The engines, the rules and the stored tables' readers raise their own classes
    (the protocols' input errors are ProtocolError's business, games/protocol.py)."""
    sources = [*ROOT.glob("engines/*.py"), *ROOT.glob("games/*/rules.py"), ROOT / "games/weights.py",
               ROOT / "games/nn.py", *ROOT.glob("games/*/ntuple.py"), *ROOT.glob("games/*/book.py"),
               *ROOT.glob("games/*/endgame.py"), ROOT / "bots/runtime.py"]
    raising = [path.relative_to(ROOT).as_posix() for path in sources if "raise ValueError" in path.read_text()]
    assert raising == []
