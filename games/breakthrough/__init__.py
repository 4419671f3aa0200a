"""Breakthrough (CodinGame's breakthrough)."""
SAME_SEARCH_DEPTH = 4
OPENSPIEL = "breakthrough"
