"""Weights of the oware network evaluation (games/oware/nn.py), written by
`python -m learn.oware --model nn --games 20 --search-depth 1 --epochs 2 --hidden 4 --jobs 1 --quiet --out games/oware/nn_weights.py`
(20 self-play games with the learned evaluation, 1558 positions fitted, 2 games for early stopping, 1 s).
Held out, 2 games, 122 positions; log-loss to the results, accuracy, log-loss to the search targets: network 0.7336, 51.6%, 0.6960; quantized 0.7328, 51.6%, 0.6956; players' evaluation 0.3678, 80.3%, 0.3936; handcrafted 0.3831, 86.1%, 0.4258.
"""

FEATURES = 376  # inputs
HIDDEN = 4  # hidden units
STEP = 3.879141408206621e-06  # logits per output unit
DATA = (
    'c-mc5*>W4l6}{cF@4$fI0)P}rTS`)KmCMi3TRtnF;a|!R*yWf?Y>|{eVx0}MZ`~bA!eAOiVfNeio_o%@jddKDVrGc~GZI>Bv'
    '`SiNPTgN0n;HwZQE{!B*&N|bLXwuzT73!D3p29lhA=USP=mA;9@1RH2H8TZqjhAc6^N37f!YrMo)8<2Jrtt#w26h*WGK-B?c'
    '({){A;i^qpUP?TxV6tBJY$SxvX`(F={_*E<N;!tvZ!;<3`8{6F^uRwWqlfN`EkRIc!ifwC-T-AUU31ZMB4~ZiD(ILr%i7u7p'
    'ajX_Bps?M~3jd*x+y>a$u{P1A){i50@JR!2-GkviYeCB;@)DS!M}76vSIr>1fwp~7dGg>;Z|b<!qvR<d#|2u^j8MHO4p`FR^'
    'hr13(?t$`pfRV<(XSMk(MjZ~HuCS5v;-P(bX>rMg8)qKr)JFiCDtz?xloPw1yaO6VOfU*@rnYKu?@8`0mx&8;oD}#{{n_@$2'
    '3m0~UrPF2tb*WG<N@M536br$=bqEwO6Rz>u6wa+eV2lY$3>&N<tdvZ$#CKo~A&-!Q5s@DeEUp*v+6iq1t*Y}?1P0c3raYhBM'
    's%{c-;}9_ef4TIq)uR?u^xzLQJQVsku3qv1_QeWHbKwgR5f6}2m!0aq@|JG#qbLu-nOZS!a7uE8lDom%x*lo0JqXK{X#FxNU'
    'DCE)#cS=ZYO!6V^O8!bhUV@99;N$Su9KIo_#{aCz!wh9;J4x<J!oSRNjs8N!}R0$F^iqx$swYn*957hLY^=YWwCCrP2lw)4a'
    '$}qA-aq(-m;)Yj~?H+N_8yWhi-VAiF}=ifa(E5+|uCOv2CRAYRa?>JRcj$5boRjRj{Rh0&yp7B0liZ_g&Cv3#)-GE5+7V`!A'
    '5wX1S~DDp*DUgMw<HY2d~6L&@bS6J4llF{hA{s*fJLrKnIJob_u!a^>cZ5U?l<%yl$ya1`c$8fI&o)S9FL%nW|<xRCF&VnpY'
    'QEB_dw7Gy?B^Kds1A_KskcFtrx@)tKxsa&?b{P$tT&@hCrA-@|o4^{X!fjY226jxACpV@{7$JW`i@|6IzilT$sRqvT$K{F?c'
    '=wlv=vBg8)k^cLN^(w?c~jkyU$LqNR^-PKHXkz^=}TvU#+S+<FNX*`Q1a#s(OpGH)g&bb%RyXHXtlZ|8aoZ#tP$S0#i-6jX4'
    'RsKQEV~2q`s&#Lp`bIdK0LMR3c>(Q*AlFS*W|>Q>yzqzG{XBU5)+5a5A8SchBa3V0Vd%rbbLXRl{{*zgXSdNwmR9+$wBK)Y('
    '?63~4H-sV=;|h=k>5NAWM>t%{&UEj+DW%rmUiH|lg|kzFXM)XBy`Nb`0ro!QmITbY|b9o=ap|9aqj9L~-(QmPuF=MhPr$<SD'
    'SCpU~pxVgiIS<6l_dGK~0e0L~Lh2o{fg;SW%EjZpx%15I6POowWXR-R-2ZuQ(^%l==laVDJoz6$Qr?pR#r*c+G^lwkjD#brV'
    '59d)u#2SgiJPAyq%2!C=?5efy!|ws9AF*pBX`qd>XRQ4q-WZDNgpr!!d&j0|7DhoG(rmSI2?1hiS>$`;@M98-p(+lq|Nj2{`'
    '+u^3{XF{_0NB_6%ki>Bd^y<HH(#z_F8dSP|Gou67s&RjySV-Bm#2N?KK$EP)-CRmeyiDK@0ahNy3Ake?=b>&6%Xn6J#>irY^'
    '+21Ds8`(ThirZeg2LHfSv;AxMGYQA&2hNRotWHf%Zf|*B5kedq4mOZuW)wJ`ZsFf_sqt1LM<kcYNDD6zEm#m^cK(5e=PFdiV'
    '!fcs4lI`Zo6A>|li>E`g`?u)fm`j`8*)bG;lW>P2H*`U6-F!m+p6flAgZ!Z`Op?^ob8=``!drUwsvX}*Ia?f|&@2P<%zaOUr'
    '6JXpE+`JvXK6ONx(;k^h4J8(1J>&RYtmGN+a8yt2pKR0A>;O&)!a0CdB3F5bo-mTn3^F$r_n{mu@I}`vvNUurZ<_kEB0jCt>'
    '_nF?G!0#Eo>$pNk0`}YkJKh6(P`nv<Cvts2zw!2Sa9r;&`JiBtJ^vp81oMd'
)
