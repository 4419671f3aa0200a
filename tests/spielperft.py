"""Perft on open_spiel's own implementation: the reference for our perft tables."""


def spiel_perft(state, depth):
    """Move sequences of exactly ``depth`` plies from an open_spiel state."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    return sum(spiel_perft(state.child(action), depth - 1) for action in state.legal_actions())
