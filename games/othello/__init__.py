"""Othello (CodinGame's othello-1), and Reversed Reversi as its misere variant."""
VARIANTS = {"reversi": {"misere": True}}
SAME_SEARCH_DEPTH = 5
OPENSPIEL = "othello"
