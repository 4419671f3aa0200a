"""Handcrafted Ultimate Tic-Tac-Toe evaluation, for the side to move.

Each term is the mover's count less the opponent's, weighted, summed and squashed by tanh:
- boards: small boards won, the centre one worth ``centre`` more and corners ``corner`` more;
- big_threats: open boards that would complete a line of boards won;
- threats: open boards where a side has two in a line and the third cell empty;
- cells: cells held in open boards, the centre cell worth ``centre_cell``;
- free: the mover may play in any open board (its term alone).
Its weights and their trials: docs/tuning/uttt.md.
"""
import math

from games.uttt.rules import ANY, FULL, OPEN, WON
from games.weights import merged

WEIGHTS = {"boards": 1.0, "centre": 0.5, "corner": 0.25, "big_threats": 0.8, "threats": 0.3,
           "cells": 0.02, "centre_cell": 0.1, "free": 0.3}
# For 9 bits of a side's cells: the cells that would complete one of its lines.
COMPLETES = tuple(sum(1 << c for c in range(9) if WON[mask | 1 << c] and not mask >> c & 1)
                  for mask in range(512))


def make_evaluator(game, weights=None):
    w = merged(WEIGHTS, weights or {}, "Ultimate Tic-Tac-Toe evaluation")
    board_value = tuple(w["boards"] + (w["centre"] if b == 4 else w["corner"] if b in (0, 2, 6, 8) else 0)
                        for b in range(9))
    won_value = tuple(sum(board_value[b] for b in range(9) if mask >> b & 1) for mask in range(512))
    cells = tuple(w["cells"] * bin(mask).count("1") + w["centre_cell"] * (mask >> 4 & 1) for mask in range(512))
    threat = tuple(w["threats"] * (mask > 0) for mask in range(512))
    big_threats, free, tanh = w["big_threats"], w["free"], math.tanh

    def evaluate(state):
        x, o, won_x, won_o, closed, board, player = state
        if player:
            x, o, won_x, won_o = o, x, won_o, won_x
        score = won_value[won_x] - won_value[won_o] + (free if board == ANY else 0.0)
        score += big_threats * ((COMPLETES[won_x] & ~closed).bit_count() - (COMPLETES[won_o] & ~closed).bit_count())
        for b in OPEN[closed]:
            mine, theirs = x >> 9 * b & FULL, o >> 9 * b & FULL
            empty = FULL ^ (mine | theirs)
            score += cells[mine] - cells[theirs] + threat[COMPLETES[mine] & empty] - threat[COMPLETES[theirs] & empty]
        return tanh(0.5 * score)

    return evaluate
