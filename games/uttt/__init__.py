"""Ultimate Tic-Tac-Toe (CodinGame's tic-tac-toe, from its Ultimate leagues on)."""
