"""Games and shallow searches compiled with numba for the trainers' self-play (never
imported by a bot or a bundle): each module is held equal to its game's pure-Python
rules and search by tests/test_compiled_selfplay.py."""
