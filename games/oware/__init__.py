"""Oware (CodinGame's oware-abapa)."""
SAME_SEARCH_DEPTH = 7
OPENSPIEL = "oware"
