"""Weights of the learned onitama evaluation, written by `python -m learn.onitama --games 5000 --rounds 2 --jobs 1`
(2 rounds of 5000 self-play games, 221969 positions fitted, 439 s).
round 2, held out (750 games, 21613 positions): log-loss 0.6287, accuracy 60.7%; the handcrafted evaluation as a logistic model: log-loss 0.6458, accuracy 59.2%.
"""

WEIGHTS = [
    0.4728,  # my student r0 f0
    0.5602,  # my student r0 f1
    0.6409,  # my student r0 f2
    0.7122,  # my student r1 f0
    0.8018,  # my student r1 f1
    0.8183,  # my student r1 f2
    0.7423,  # my student r2 f0
    0.8561,  # my student r2 f1
    0.9755,  # my student r2 f2
    0.6497,  # my student r3 f0
    0.8345,  # my student r3 f1
    0.7787,  # my student r3 f2
    0.4833,  # my student r4 f0
    0.5726,  # my student r4 f1
    0.1541,  # my student r4 f2
    -0.7740,  # my master r0 f0
    -0.5715,  # my master r0 f1
    -0.3073,  # my master r0 f2
    -0.3521,  # my master r1 f0
    -0.1824,  # my master r1 f1
    -0.1562,  # my master r1 f2
    -0.1216,  # my master r2 f0
    0.2247,  # my master r2 f1
    0.3064,  # my master r2 f2
    0.2658,  # my master r3 f0
    0.8069,  # my master r3 f1
    0.9357,  # my master r3 f2
    -0.5170,  # my master r4 f0
    0.3862,  # my master r4 f1
    0.0000,  # my master r4 f2
    -0.4758,  # their student r0 f0
    -0.5469,  # their student r0 f1
    -0.6579,  # their student r0 f2
    -0.7401,  # their student r1 f0
    -0.8214,  # their student r1 f1
    -0.8519,  # their student r1 f2
    -0.7983,  # their student r2 f0
    -0.8781,  # their student r2 f1
    -0.8894,  # their student r2 f2
    -0.7151,  # their student r3 f0
    -0.7768,  # their student r3 f1
    -0.7317,  # their student r3 f2
    -0.6256,  # their student r4 f0
    -0.6515,  # their student r4 f1
    -0.3600,  # their student r4 f2
    0.8837,  # their master r0 f0
    0.7004,  # their master r0 f1
    0.5058,  # their master r0 f2
    0.5350,  # their master r1 f0
    0.3916,  # their master r1 f1
    0.3776,  # their master r1 f2
    0.3544,  # their master r2 f0
    0.1055,  # their master r2 f1
    0.0288,  # their master r2 f2
    -0.2705,  # their master r3 f0
    -1.1190,  # their master r3 f1
    -1.2177,  # their master r3 f2
    0.1862,  # their master r4 f0
    -1.5183,  # their master r4 f1
    0.0000,  # their master r4 f2
    4.0968,  # threat
    -0.6563,  # danger
    0.0115,  # my moves
    -0.0085,  # their moves
    -0.0374,  # my hanging
    0.5961,  # their hanging
    -0.0218,  # my card 0
    -0.0411,  # my card 1
    -0.0089,  # my card 2
    -0.0115,  # my card 3
    0.0014,  # my card 4
    -0.0265,  # my card 5
    -0.0248,  # my card 6
    -0.0108,  # my card 7
    -0.0367,  # my card 8
    -0.0202,  # my card 9
    -0.0100,  # my card 10
    -0.0378,  # my card 11
    -0.0179,  # my card 12
    0.0579,  # my card 13
    0.0247,  # my card 14
    0.0714,  # my card 15
    0.0294,  # their card 0
    0.0531,  # their card 1
    0.0363,  # their card 2
    -0.0102,  # their card 3
    -0.0245,  # their card 4
    0.0038,  # their card 5
    -0.0121,  # their card 6
    -0.0102,  # their card 7
    0.0524,  # their card 8
    0.0546,  # their card 9
    -0.0177,  # their card 10
    -0.0038,  # their card 11
    0.0020,  # their card 12
    -0.1180,  # their card 13
    -0.0535,  # their card 14
    -0.0946,  # their card 15
    -0.0564,  # tempo
]
