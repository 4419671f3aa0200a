"""The games' exceptions, each message one line. Each is a ValueError, as python-chess's
are, so that code which caught ValueError before they had names still catches them
(the protocols' ``ProtocolError`` is one too: games/protocol.py)."""


class GameError(ValueError):
    """What a game refuses (a position, a move's text, a rules option): the family's base."""


class WeightsError(GameError):
    """Weights that do not fit their evaluation: stored ones that do not decode (weights,
    an opening book, an endgame table) or named ones it does not take."""
