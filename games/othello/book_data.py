"""The Othello opening book (games/othello/book.py), written by
`python -m learn.othello_book --nodes 100`
(382 positions up to symmetry, after 4/5 plies, 100 nodes each, 3 s; 2398 characters).
"""

DISCS = (8, 9)  # the disc counts of the positions it holds
DATA = (
    'c-j?}dpK148pq|5%tf_kEn|(=s=ew*GwWx%4JCx33x+PP`=C<$giR5J9hqWk)MT`sj!HMmR+1=6PuR(w+GC?bC{j@xQgVb`&'
    'YVBr=Xsy!`@HY_`8=;yN2V)Bd*A-&gpS?VuWa46HK80m_of8K+@LBbn48h;O6dP&aTw^EZu>^*U;pSy85mgyuvtVzBg$$z=}'
    'WT@iZ5~4C2tQw!(Xr-F#k%Dn!UhE?<T!queYx0f|!O0Y@y4iOAy)9)J!4AVxj@^^qmWf!+-VzaAsNd2)f0%6~VA~juhrSFM('
    'x*C?-gw$ATP;Yi9ccGZyxL0mfO#Aa0y1%fs;Cr6<@t-Plz$PjBTYy(r1}I88XoBTz!hO$6j())O`<Zub(B;oq+j<am?|xr8A'
    'bVlD|Sdd&KXvwks23C%k&YImq5W2v?82v`>I{16Ys>lXlUc4!ID)Nt>6!c>x&jhnHqjRUh3+hl0g*#>DrTCy`oP~vBZ(L((V'
    'fUaME4Z^4Qm*8;Hby~Q>*CLi&QDwY~T-8^(0<KO=rNQa~En`Gvd&`s(ZQzceqJOBo2~q2}x3q=6s)n{$^0|hzWczl5weFwP3'
    ')cp09YC!VQcuEaTq^>zo;u0{HuG)vQZ{z(!<0>qsRLm<M^PuRTV*Ha*+=v<XosEzN9Zu1vl)st>6F+;B;|-77<SWQ_0b5H;|'
    '<+j+$mCWg6CAx76v!EnH94(m%L!IosCQkdCunV4$#hak#6SB0drKC^Vh%nq2#xt6%0wukxY)HqcIJ2W9dQK?LxhbcCW1+#J6'
    'T1^5<{u&OOH27B(0!*f!B;$M?uKPyo-^7zygN!M+Uf-X;6W_MTlS=ldjQ8bIIW_fC?&BhEh1PgnbI%x{@25%|TgjA#0vE<6k'
    'ZFmgh$^VxVJWB0)w(Rg6R*djEr-cN!As(~fGCtLmk+0)QcN9--Qeuem_%0Y<*?a)(lf^FbmFgUI>7KV&bDi~@l-A0E6*AAj#'
    '?ae@VVB_mfB7AE02NL<dKMh8~!{zXhXY(B-dQ-0gMu%6kiRff@JwLjq?wxkbx`!bkwy-Y@#&#Ur3y$b;m2@08v5*mG86~6Qo'
    'N!$-F8Jv(5I<ag7CFk|w}OPKMkYvjJx{=ty8gR}mikN$(9-Av4}nzEh)G*INir$7qe~!*E92uQZX9V@bMjP3D<S`NUjr^zJV'
    '=C^s+n`@&e~>pT3e<9idMl8t?2j2;Genkg^Q<{e9oj&$cAw;#XbAKv@%2~r<B=x`h@cSH8GN^BaUOH{xY>3p5@NP!P!_ZcjW'
    'g!`#0kM!aKGvKX*W00M1>Qi4>);KV`^C_t!4P)4NhWV&^|Mu7wvWPo2dt`ff?XFFC|)rY^}=9Uv|%7n+fmFBa;6tK1(+qRjm'
    'VcA=Tg=Pj|!j+Ya3=6jRZFl(bjkT5G~Mg_045+xuz(taJ9J>VaWWq*I1iu|GeaE8hWdCn(t(r1-;PNCBrD(ACv*20?+O$eQ<'
    'c%Xyl-s+K}x4oC8qj|-tqcE>(YAKn2RTM_#zcP7E<bO1<1a|`>B>3IF$z1J%HEq+dKz<II-%BqVX5PD=-$dNsWSc`532qm1i'
    'azw^)5Vse-;9c#8jj(`JA=NO7vH^j6)k?Y3?RiHQ6YRdPcO^pp>I5gqv2c#9x=B+0*}O-YT1t}rdQ&RZF_wAkB@Ke7L*=e{R'
    'x()%BQfh;QDW%EJV+eTXsbrOP42Qtw+mehKInPL0m5S<o`@PN%h8w3V3h;R!CH)#M7OfepscKq!g)CIx<Wvp9DW*Rbjr>Se2'
    '4^N>($xg+$FZk6LC;rOp?+rpj?QR=cw$oLA@Q?1|R-naro_s^VS~buGg+u--Uekf<MbbzwDVMq1b~n$t@)Hd;MoKC_D=z%%L'
    'J`^e|t)IJ;)tFxR|ty|nesMh%zK#dBQ*eZ>?l<M@HJWO@lz8|Q1?|RTpf@E#b4ET$%=1lc4uerZ5gx!+D`48FBV7!@b8PBjc'
    'YSqbC=(idh{K05_KX#t?VwJxY`NA_2VlQG`e+F%cea4zL7e5bPyY}+MpnZ{6G3W^YjN)DH(Jr8Cm+(B@6*t*Ubd9X7hMEKVf'
    'LDS3SEyIBJ)1zcCdsHrT(q6j6QmfWdZb!aghnzM<IRV5FZgCE%8Kp{bKXez{(eC~ybVtlk$pZHovgky7uO?wZ(?HUzS)m%%>'
    'L9(f#?U%C?j;B@>V#lHaT9xR#PwQ2=zT{M+@~6ULH#W-Kc1gc~gfoh=fj(gFE)2=->?-bN-M&uN@AR-d~Ok({3-xVXuk+-f+'
    'gzxo|j>i4k8~cjqEst>y}OBbH4{-iX*XhBvn8@Jcv#nbQQv?y^G}V`Y8<VyrAs5Bu&uQOX{FGkO(H)M@3iCfXA$Sd$y<A0U('
    'E8I7zT)ABXMl(j4mp9)DUp{6ze2~6*A<{{G=A~u+*YtYAMhIZz_neRo0Mze7pa(XtQq?*=jX^U{SH)JU?+y8Sl@jrNQF%A'
)
