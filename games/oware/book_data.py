"""The Oware opening book (games/oware/book.py), written by
`python -m learn.oware_book --depths 18 18 16 --jobs 2`
(6637 positions: plies 0-3, then 2 rounds of those after its moves (from ply 2 on) and each reply; compiled alpha-beta with the network evaluation, 18 18 16 plies by round, 713 s; 3160 characters).
"""

ROUNDS = 2  # rounds of replies after the first positions
DATA = (
    'c-l>w0hZ%92t*}>?tkUs|B^GEx06m{TS8D21$%GZKKFL7y64p1ySwkMI~R8CI%n@S7pl%Z^J#vV8+spZn!9(EZ*}IGv-;Fr<'
    '5hD*&(AzDf667!;?g{D&TLtGEgxmg{MT!-I$IQPYfSK_Q)^bcW93*j2H(4Q+k9n>+P8Y09y>Jf%)QvP_Np;yVFmZi?U=!*#@'
    '?QVIMX~nH_uaJ)mS&TV#jt5&N4>qvwLy4o(0y4d8b#$XV@@TYvnJ0W?yfd1JC2L8JEYjv&J>^&|GF~_M83ZcmC|V{nl*0`9^'
    'e>;b3=6*Jp-cEGdsaAN+^|*<(Je?JIv~k2MZr?dDQ$*Wxlh<8XGGgIw@X3DugAZDYA{3f{o$Sb4qxTw`irP9VVxqqkwumlaf'
    'aVL~*g$3cU=xqrSAEU+`{93tv6XJ^ghnpgljipzKvXEv*YpZTplkM@^ObLH^mo`+RU5MG=f2=P`%2K>L66P9&#+FhFO5jBWt'
    'kGH>L7QSxmn*3;kJcpa-iyM#WarK<Q#l3S5mTQ+Bd?!1E#=xd={~?tY!9Cl}OEmD9StA&|tH0mJ@`*im>4)tZ2hQ>QHZA874'
    '`mXw;uvHu8pxnKY0{?PPAVOD88=<vp$}&bbLze{8H7w;Ot1sz{2qkh=Z`81U$3OqJbtxQLI9d|^)LVCFcq3$*VREQK<}#o+B'
    '4>?Z;yH96cqsHfbhh+;(bEt--#|i`(SwkQCh%|$S=I2Yg~{=1_KTCHSEE5(8V>U%d{{Yq$(fpxA6DwFa7^hJ#u-8zY|>`2PR'
    ';SV>Uv+kfQ9Rn;{eZE?3H7?7@*B65m83PL@t#FY{G0Y~VBJDFKI1w;K)*$p{~bOn8@HL*6=knFZ7Wvkgpe^Lj6i(h~lovSV&'
    'wcm<)ajGRsyUee}rk&p}*;{kmiLN>;bD}Y{}t_1?9*F0VLl?p#@lWxCP^QcKR(Yq4(u6NnoH#NE8#_`L=#-nV4y}0GvY_eYj'
    'AFV#-TULQK#k}tQ=CyPq`l(@n4!l4|mI(^0uktAFZ*I=Fo9ZWg_0*B{_x*Mkc`K=3ge=r3{yW%@V|I$^e$~|2`i&aYzr?~@='
    'W`vj-2x3NadU2gofnV#z)E1M69#LYl=H!1Lbf6cuo_y-72O8QrF1<mi0>rse4iVAQZQaCBjw+dYqK@{6_nDo00zRxmu?v)Vk'
    '|jN^T%9i4|r1uSa6%=4>X34cv5h7WX={LkNPMXaE44|27-C5C+S~7E{oxbSuo71?<L_=CU~Y#64w-)65(mL33*J&HZjloCFq'
    'jKKuV+!(J(oGudBo%*I=--lj7hMiO@3STbg$(Ln;}dL24nTP7=Bw4dDcKMx-4bN@A_(8j}BIWTEW319KJ76MUu_)eyIjxg<t'
    'J-$aHT5eCNqZJF_!OedA1q<M?LiZJoO1{uK>caw7JmK{m7KF6o>P-dmIctRBi@<V)!eN;Tb7m|e9o(u!|>j9)qA246>i3n-)'
    '%~VpLtrXD@g-5E#n`LTAfr&srH{Vo%qj!=jo+n{IELihA_RR+{+7_&N*f?;8pEN<4cB&w}vXU?nh$~J*kWuCpOHnHKqZ!MaZ'
    'r-m{$I0r1D5|#lP^JNc0<TRPmC!=2_p7N&0yQ2_lcthree6(67omIVncAr$b4f8%)}-SRczR2&Th*)HTGCw55eT$A@&b$_F4'
    '>dx&8x%c9`Juri!k|KaaDajkp4LN!-~pU7}y_t3FabJ*^_im+3AyJL?w?3PI3L(C2`jpl8#6s?iZ~7MAi;1(3ZK?{u3prQje'
    '_YJkW$$Ph$lIU4de&X~W{DUk9ar6Tgx{SgkB=^|fbzQt))*bfguy*1sBfbuJJQl=@2Xtul!&0u{$@>zWyKoM{MP0I=;ffgF>'
    'XE2<E7x`ezDci1I?pHK8B+pNxWm;CClJ3Q`9qIjwOUBBWJs_Q#)TLfYI7X3FppRz-`uE+2o?Y?%?5PiH)c0^lXA>CVB!Z!}S'
    'cEFf=Rc^4#$a78<<(DS(+~@7tfmSKdinM?#A0tQ~I5e&HeQn??hS5ZHgq_O06rmjBMlqe#jVDuH+y14*W3*2tIU)EG?lm`hH'
    'gQBloj^<$Z@bGC)bdLL2x(OMVe8q~Nv&}0*FpC$vp0@kF^4N#0#F#22)7v3Lv;jAf&|+@QZHI8t$W~|6f2Z<+ZbKaJ9Q8rI1'
    'e%UJEi^#ABG)Bdt_pC0e0PrZnw20@+5@%dzqgc%r3aBzR4ha<MeNyNwmfPiWpF%;(euMN0wWo?`sXNz2%rswYH$P!t0VYG#W'
    'u-M<OVxxqwTqr8P1;^qXw2=K^*7Ws$cikp1$5fLi7(WD47ib;wKwnS9YgUK(5Z=Q)M9iaj7w%#p7r5<HWZZ{qTZM;!TU8mr8'
    'lK7!k(zQPJizz{BxyH&6Jb67xk|8PQ-^&{|tvQr$tg5GbZjGNSYZtqR84L2`)jTHWrnDc6~vMiklk(J!Vm`W<ir6;UaOZE#Z'
    '2)a+{ymuNFy3fZ+@MGDiCm^reWC?+|Uz0iK+V%-sl+5}k-96`r9M1mw8Eeg(d?i8CuhbTya+7*%zstdiojTG}KwhUS&OmU4?'
    'p7(?B(OCwS@-~r?~(;Hf_TDG4u-8At$sKRjQS~%mOULBupu30+DN-8DZ{#u8QwQ)-05R1q8Mo(L4^W*H+=%)#Q_O&CEmxpo0'
    '-`gilrnaGMmC1h+jIG^>rK-<($n)BVuM>`3*)oL)NtR&i*R#RAgN_dplHVM-u7%t`ic4m9%40n8b>sw<A51o4tudXM9pIHe@'
    '!jK(yJV6_BWYQx=PkIdZ;g5>V`Vg(Z)yeltMI?Q)XhOgQ|kTLEM`Xxo3P2vAh-(BU6PHaA176IcWl5!xFhW#GG`WNhB8qM1?'
    'ejDH*}fErZijqq^rR9~!4s0G*yLBFc_)BGmMUz2~XidM$GpZZ0SVl-5^(*=0`*AnmbiNOzTPdeGHayID_w(;28FUr_XDZA-m'
    '`qyHcTg)tN7Iw~b<T72jR$|ccw_ScaGvMHs9So|EQdgSEovA%->CWus&5`v`-SeS)XZXEs2ZID9MznOC=nS~5{27+mY1?)9{'
    '~F#TmJ)Jgn)OD3$Nrge?fex5c2afAF@&Vd6?5Ei&Pq$wuic(xb||=ILDB0$Dl((#CTu#Kx_xc`dOF}de2W0?&A4pa*LYf!*g'
    'n&Z1b}rd4P}4LRau_YP$F-ssLz|)lHkW#k^OEaF?@+CUf;Ov)|=y(KB_kvwi$GAZk}XLWC`|41`OfWv7-I~Jm5b%'
)
