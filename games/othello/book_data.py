"""The Othello opening book (games/othello/book.py), written by
`python -m learn.othello_book`
(382 positions up to symmetry, after 4/5 plies, 30000 nodes each, 494 s; 2395 characters).
"""

DISCS = (8, 9)  # the disc counts of the positions it holds
DATA = (
    'c-j?}do)yg8^?u7%#3Q!Y-2{hUG3Ur@88yKC?O18Fm!P}2bDS}9EvEM$dsl=O-9GttI}<hqa;z3RyfI>I^&?1P^6+Xq~sNHd'
    'FTD}S?gKryPoIyeAc7Yu5{yQ@7?zt=-7|`W~tk{I*h~cXiTJM2UkLJc1DvM&|7SI2<n+`{f6sZ|L6tvjcfwhED+g1uo_SLLG'
    '}UBB@Vmz?Llbx3))T0y>eX5m}kwn3Fhtb(Z%M)){n#auAeT^$nM6b#mLdv7!LCEoh!yMfA$08%&;5~?q=f_1V!ID;i%7?M3x'
    'aEAIFRyli4WG%<czjY|;0HFwR5<_{KTXT$CTO<OC4t#;v3Tj1?o)g5$==AaIsN3V?){L|_Y9PXH!r^X6j_->)IqShOo#WFQ@'
    '6E($Ar%v#J@w-DkMbUTXg3bSG^vGE%wmIgjQC?FE_@;SuW!9@a7!#(c_Q*lxjFk@XC17<09$<VB$6;fncvI~bS_BTW+3%&IO'
    'Rk!XMfKTr)0&v1@id^nz8AmR!G~S7=?5$W1SEZ#=a8<sRF(S0PWr_>e^M<*?pH)6=VavC-l%<}kns2%2b2Vng_UnRcJU*%Cu'
    'L<1J&$X6IynywXRwQaOc|-th=i2TeZS6gVaNBHCN6K!Nyq2_IX)h8uMD`h&I(8>ILC1cbO;Dss$3?b62_kx6*abxDBax)j4c'
    '#8#93?&>a4v5Rha23@idJtbe!*nB7?~IfT<CZEX&3t_chV(rmI`(G`gb1`|9+(0KwN!TNr>AU(uD3T2Bh3C)JaK?nwkOr7Uj'
    'VJYD-tnQO?%zfdq2vc(1*=XO_O4@QRBSbG+9(lp;PmrC({EnH4h1H(9Aq_$|A467w5&@rC}n+W!FmrP3tepRgi<8F0Gb5D|!'
    'C<K&KKV@b?i2e!u`LFJ<hw1evW#mpczVKskumh1(wyS}*=?#aJ?1^%jXRG`7z846B_E&Q7di7$zxLq~BH46~7JrNcvN2DssE'
    'O$5Dv!|M(ZF*)-CiF)6c2BYDjGI-Fd=?;k5*du4hL{zasOftKUis`O>ryaZYVJHz-&>Ifp+K=wR59{z0bUZJqfR49{mg4cwd'
    '|fO)<mpm6VW{jZa)f2xLL^o;Fp0$1b4aGd?carz#CNivlEmbDk`hfLkTiE-#POW=P6KItsX07x<8ZUZ$y1>%i0rq$^?aH9K@'
    'zR0nuMqBtZ9O$wWTUd-a-yi@;=WD>dc)lJbsGFXC<D3)sJB*9$Eh-6`=~*Vnr514^iB|CPGqmMDfhjUnZB)XL+;v)Y&+159E'
    ')(`Zn<Y#c$sR&+V7x6Xz~WM+wu{oigO42WXez>76Mb(es}h)~vozaq8^6i+-Eaz$M4nP5340%Kg-3#e6gD^2Guj;wtaQaiMb'
    'G{+(Q9(|IdY+5U2zR=ziR4Kp`523uqXPpjZ{R+1QIMLDb`vibvJ7+K#Rry_r<Kb*m{L!X;7v(sl3AiKbM7M}gtC3F7G$VP<9'
    'kw4JEb8dA@xVL?lrt@=)Qb%BJ<>V3~@2W5y<h?R^4e~zfTM>5yBgM$w-iaJMe|75=%$J>m^u6@LA@05Fd5z%yM!RgPki1>MD'
    'g4lz2aBwPzk?#@`lEEwj^M9!(cOzzxkb;G5=hZUt_6HJhmmRY&@X{QXgIe(A2GK*f{#QSYp6%%Q!Dt7?YjNQ$Hz8xktN4geZ'
    'opoWs_)WNZmJB8p^QZm0pp>QDw(7*Ky0HhX#qif_XgZ$^V&plIp|9%i)23qFk&pg->^M_@fox;u54n;beeTJPCOus6_p$&`J'
    'e(id7l-SP<1)J!`1y3Y{-hb*0lTv}Q+hgrL^R#S7N@o6IF^E8|~-+UB8ZSZ5qKK-7)7xw7juBZ2yn>>j+K!TKTo%sv{>&m{l'
    'sh0njKeQ_15ql{9mUD!;h*81x+H7Z;JDvi6i>h!E!mg=@cAED~G>q#||$=XB{VZH!uQmTizO??fausMbEAFR3FcoWq;mf>L3'
    'qLU}rYcbaUliBiq^gMjAGQgUC;S~kZ7qM<XfmXyJgJ^a2_Y|~gFIy;VTcA}$v`2jA@;g0ZT#3$|7U!wX_=zsiIlQKd(j3s2c'
    'oh_I1%EZuy^-kBBpG#!3b%2(gXJT5w?wNFXe5&wy!p`P4c|;gTT?yZE*q$xKQ55qZA7vV>-Ej(z<SSIT!-|&iH$>hXFj?!`%'
    '*UsF+X@k8xj2#w<0LD$+2Rn#$VO~^*tLWq56p+m!pAh#BzXnQ^#Nc37fzMw(sR~2X5HX=7Rx(HaJ*ve;G1FxxZu%d6x&mp^P'
    'K5;gFJvf-fz*a#&xjXIpTFtr`_@SY#I~7+r8^1wDG1(+EfJvcss+QhyQ|Ee&FT?;hhN^w^t`t6;oVD+d{GOSI%ntao?-C(1G'
    '!SU;v@tHGp=G?zOWnpTWYY5o(K+SepNrZR+VFkM@($DbbDkxfs3FEoTR@$E8dCb77R&}?ZlInxum1exjksS5lL+o3cG'
)
