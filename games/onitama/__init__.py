"""Onitama (CodinGame's onitama)."""
SAME_SEARCH_DEPTH = 6
