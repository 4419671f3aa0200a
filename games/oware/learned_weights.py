"""Weights of the learned oware evaluation, written by `python -m learn.oware --games 2500 --rounds 2 --jobs 1`
(2 rounds of 2500 self-play games, 367757 positions fitted, 77 s).
round 2, held out (375 games, 33766 positions): log-loss 0.4388, accuracy 79.3%; the handcrafted evaluation as a logistic model: log-loss 0.5173, accuracy 76.6%.
"""

WEIGHTS = [
    0.0788,  # my store
    -0.0778,  # their store
    0.7183,  # lead x plies played
    0.0070,  # board seeds (faded)
    -0.2577,  # my house 0 bucket 0
    -0.0190,  # my house 0 bucket 1
    0.1662,  # my house 0 bucket 2
    0.1518,  # my house 0 bucket 3
    0.0979,  # my house 0 bucket 4
    0.0834,  # my house 0 bucket 5
    -0.2057,  # my house 0 bucket 6
    -0.3008,  # my house 1 bucket 0
    -0.0411,  # my house 1 bucket 1
    0.0887,  # my house 1 bucket 2
    0.2148,  # my house 1 bucket 3
    0.0602,  # my house 1 bucket 4
    -0.1063,  # my house 1 bucket 5
    0.1012,  # my house 1 bucket 6
    -0.2412,  # my house 2 bucket 0
    0.0446,  # my house 2 bucket 1
    0.1217,  # my house 2 bucket 2
    0.1050,  # my house 2 bucket 3
    0.0408,  # my house 2 bucket 4
    -0.1889,  # my house 2 bucket 5
    0.1349,  # my house 2 bucket 6
    -0.1602,  # my house 3 bucket 0
    0.0745,  # my house 3 bucket 1
    0.1124,  # my house 3 bucket 2
    0.1438,  # my house 3 bucket 3
    -0.0494,  # my house 3 bucket 4
    -0.2684,  # my house 3 bucket 5
    0.1641,  # my house 3 bucket 6
    -0.1270,  # my house 4 bucket 0
    0.0191,  # my house 4 bucket 1
    0.1425,  # my house 4 bucket 2
    0.1827,  # my house 4 bucket 3
    -0.0580,  # my house 4 bucket 4
    -0.2270,  # my house 4 bucket 5
    0.0845,  # my house 4 bucket 6
    -0.0149,  # my house 5 bucket 0
    0.0753,  # my house 5 bucket 1
    0.0790,  # my house 5 bucket 2
    0.0614,  # my house 5 bucket 3
    -0.1677,  # my house 5 bucket 4
    -0.2164,  # my house 5 bucket 5
    0.2000,  # my house 5 bucket 6
    0.1874,  # their house 0 bucket 0
    0.0753,  # their house 0 bucket 1
    0.0125,  # their house 0 bucket 2
    -0.1711,  # their house 0 bucket 3
    -0.1436,  # their house 0 bucket 4
    -0.0890,  # their house 0 bucket 5
    0.1453,  # their house 0 bucket 6
    0.2514,  # their house 1 bucket 0
    0.1301,  # their house 1 bucket 1
    -0.0156,  # their house 1 bucket 2
    -0.2466,  # their house 1 bucket 3
    -0.0701,  # their house 1 bucket 4
    0.1015,  # their house 1 bucket 5
    -0.1339,  # their house 1 bucket 6
    0.1868,  # their house 2 bucket 0
    0.0303,  # their house 2 bucket 1
    -0.0301,  # their house 2 bucket 2
    -0.1486,  # their house 2 bucket 3
    -0.0574,  # their house 2 bucket 4
    0.1879,  # their house 2 bucket 5
    -0.1521,  # their house 2 bucket 6
    0.1026,  # their house 3 bucket 0
    -0.0088,  # their house 3 bucket 1
    -0.0655,  # their house 3 bucket 2
    -0.1511,  # their house 3 bucket 3
    0.0486,  # their house 3 bucket 4
    0.2375,  # their house 3 bucket 5
    -0.1465,  # their house 3 bucket 6
    0.0842,  # their house 4 bucket 0
    0.0176,  # their house 4 bucket 1
    -0.0719,  # their house 4 bucket 2
    -0.1806,  # their house 4 bucket 3
    0.0605,  # their house 4 bucket 4
    0.1926,  # their house 4 bucket 5
    -0.0857,  # their house 4 bucket 6
    -0.0350,  # their house 5 bucket 0
    -0.0497,  # their house 5 bucket 1
    -0.0466,  # their house 5 bucket 2
    -0.0476,  # their house 5 bucket 3
    0.1744,  # their house 5 bucket 4
    0.1823,  # their house 5 bucket 5
    -0.1610,  # their house 5 bucket 6
    0.0168,  # tempo
]
