"""The local arena: plays bot commands against each other under each arena's exact
protocol and clock, runs resumable tournaments, and reports on their results.

    python -m arena match othello dist/othello.py "dist/full/othello.py --engine alphabeta"
    python -m arena tournament othello dist/othello.py tests/zoo/first.py -n 20
    python -m arena report results/othello.jsonl --plot score.png

Modules: ``match`` (one game), ``tournament`` (schedules, parallel games, resume),
``results`` (the JSON-lines file), ``stats`` (Elo, SPRT), ``report`` (tables, plot),
``process`` (bot processes), ``games`` (referees), ``sustech`` (Reversed Reversi).
"""
