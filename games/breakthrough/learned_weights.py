"""Weights of the learned breakthrough evaluation, written by `python -m learn.breakthrough --games 2500 --rounds 2 --jobs 2`
(2 rounds of 2500 self-play games, 229137 positions fitted, 328 s).
round 2, held out (375 games, 19401 positions): log-loss 0.6045, accuracy 64.6%; the handcrafted evaluation as a logistic model: log-loss 0.6288, accuracy 62.2%.
"""

WEIGHTS = [
    0.3438,  # mine r0 f0
    0.4848,  # mine r0 f1
    0.4772,  # mine r0 f2
    0.3598,  # mine r0 f3
    0.2948,  # mine r1 f0
    0.3719,  # mine r1 f1
    0.4248,  # mine r1 f2
    0.3634,  # mine r1 f3
    0.3238,  # mine r2 f0
    0.4029,  # mine r2 f1
    0.3733,  # mine r2 f2
    0.4595,  # mine r2 f3
    0.5673,  # mine r3 f0
    0.4948,  # mine r3 f1
    0.5003,  # mine r3 f2
    0.4422,  # mine r3 f3
    0.7823,  # mine r4 f0
    0.7319,  # mine r4 f1
    0.6482,  # mine r4 f2
    0.6794,  # mine r4 f3
    0.9606,  # mine r5 f0
    1.0669,  # mine r5 f1
    0.9671,  # mine r5 f2
    0.9589,  # mine r5 f3
    5.2453,  # mine r6 f0
    5.1996,  # mine r6 f1
    5.0574,  # mine r6 f2
    4.6681,  # mine r6 f3
    0.0000,  # mine r7 f0
    0.0000,  # mine r7 f1
    0.0000,  # mine r7 f2
    0.0000,  # mine r7 f3
    -0.3363,  # theirs r0 f0
    -0.4995,  # theirs r0 f1
    -0.4949,  # theirs r0 f2
    -0.3673,  # theirs r0 f3
    -0.2908,  # theirs r1 f0
    -0.3927,  # theirs r1 f1
    -0.4519,  # theirs r1 f2
    -0.3719,  # theirs r1 f3
    -0.3346,  # theirs r2 f0
    -0.4182,  # theirs r2 f1
    -0.3931,  # theirs r2 f2
    -0.4722,  # theirs r2 f3
    -0.5581,  # theirs r3 f0
    -0.4977,  # theirs r3 f1
    -0.5015,  # theirs r3 f2
    -0.4504,  # theirs r3 f3
    -0.7523,  # theirs r4 f0
    -0.7392,  # theirs r4 f1
    -0.6337,  # theirs r4 f2
    -0.6835,  # theirs r4 f3
    -0.9699,  # theirs r5 f0
    -1.0482,  # theirs r5 f1
    -0.9258,  # theirs r5 f2
    -0.9286,  # theirs r5 f3
    -1.4846,  # theirs r6 f0
    -1.9915,  # theirs r6 f1
    -1.2996,  # theirs r6 f2
    -1.4905,  # theirs r6 f3
    0.0000,  # theirs r7 f0
    0.0000,  # theirs r7 f1
    0.0000,  # theirs r7 f2
    0.0000,  # theirs r7 f3
    2.7629,  # runner
    -0.2779,  # my hanging
    0.8076,  # their hanging
    0.4256,  # my attacked
    -0.4622,  # their attacked
    -0.0895,  # my defended
    0.1015,  # their defended
    0.1525,  # tempo
]
