"""Weights of the breakthrough network evaluation (games/breakthrough/nn.py), written by
`python -m learn.breakthrough --model nn --games 20 --search-depth 1 --epochs 2 --hidden 4 --jobs 1 --quiet --out games/breakthrough/nn_weights.py`
(20 self-play games with the learned evaluation, 1534 positions fitted, 2 games for early stopping, 15 s).
Held out, 2 games, 98 positions; log-loss to the results, accuracy, log-loss to the search targets: network 0.6842, 51.0%, 0.6922; quantized 0.6848, 51.0%, 0.6924; players' evaluation 0.5779, 58.2%, 0.6448; handcrafted 0.5873, 74.5%, 0.6482.
"""

FEATURES = 128  # inputs
HIDDEN = 4  # hidden units
STEP = 1.977465214178965e-06  # logits per output unit
DATA = (
    'c-mD_+iu%13?+53WxHvbH0`hgLm&1Rdl>rv!2Y7>Hl%5Nl_gmcx22Yy35IAAhtxTTyx`4MK8Z{+VQ7*V$BEIlcs_w;{8MWWv'
    'a~0}+JxT65JZkPx2i9o_7PgmJ<H$a*4av`*nn01t-UH;%<>9@FMkqin5|+~vA(&DhJ}J~V12o7UgQ_uNgIeyJPcD$eY*q5CN'
    'Ej5CT;wUmdCIG4^{b@JR%W)D_p0pb73Ag+Qml3YV*vFTcO&+y=D&k+c9!O9-07=s3Jf4fosQDd}Y{WlLo+M=UWk31avZJlzz'
    'yLJ=H{|w(R+<(Ta|_a$XJ+#|})vEB5!ka~{JWXdki-T~9Xnj@27<gNuXqwzxvs=27lnSS#N>W}t0JCnc0ueddadjci-idHL|'
    '_cU>(?li`l4ZVETKE%F%Rs}Lq{y+6FGif{F=ymrmC(uxNNO8CmiY;W#Z95ZOUajbSZI;QRlie><~jr#-cl^5teaT8BW0m_MZ'
    '!5*Nfzz$F%L~%su?z?d)trXb%r>CdykH3H5HvpjX_wR@3<2r|Pk<vx;Ipb#p%_v%Nl+ZBel;HnmE9~RBb@)g9TsViBTSBMFk'
    'PvBjqLoIbFel4cm_zDaSS)hZhSi3o@v?C->Vo^iV-*aSf-j7KM1@v4ko<tfn?>TPb3rfOETdsvOj;?-=YNKm>xB%ZQGWmu#Q'
    'r('
)
