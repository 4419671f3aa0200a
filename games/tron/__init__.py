"""Tron Battle for 2, 3 or 4 cycles (CodinGame), the first game of more than two players."""
