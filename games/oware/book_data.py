"""The Oware opening book (games/oware/book.py), written by
`python -m learn.oware_book --depth 18 --jobs 2`
(1363 positions: plies 0-3, then those after its moves from ply 2 on and each reply; a 18-ply compiled alpha-beta each with the network evaluation, 397 s; 690 characters).
"""

DATA = (
    'c-l3T2^Iq}2tpP0{#P!abmq0QBrb@UJKfIRZs}&!-Mf3O^G2&R(_P+>=EiScu)+3VWb2l4)7WQfN8aO-4c5ze_@RWDV#^LQP'
    'N}YnD>2`1tB6htaVtZJ(Wo5ljMB&q_^!A$pTtm~wq}hZ0LQlAsxBE)fdV_51B15(?>Z1Q+1<wWGAg69DL6VgsKp?9dW+)L0c'
    'sw++1ke$7`&@`Pae)2Ll<m!Cu7^trc8~UyiIEIIltF=^mV?L<joh|skDRaKo4hWfsrWX`z5asNDjYL=Xww4C=*2NW$T#-vC<'
    'zCP9_&}=s~Yl<(74N*^mMounx-k8gS`p8Z%E4T!8MhAzbRIA{%aztA`+K&-VVLS!l;`hK?r8^ou!(2?Eq1wqX@Am+0unYnyt'
    '4U-4#V__+CNH4q{%sz*ZHl+K|4f6r-4T}ZnM{FE3#blYryWeTnrT%M0jlU<zsh2dm8F3d%^(Caz~w+U%|zv+lHESrV?VU&vI'
    'PA9pd2HY|=5o4_OTQ_p|9$ev}Q={elnD30GT~btrn1}|HSxh6Jy5E>=MzG%~O|qD#LmuJKF)~y49}_FYbKzz`IluL%5P1HM3'
    'c+=~v9kLGX$}OWsSCgSU5wr_LDt%*R)oG60KsE8_2uyOs?ZbgE0A-dE_!z>^K^Gvj-z5gmkJru`GS>DlYqEb1Iy93oF1g(xV'
    'X%;G8SnEqw3cm?qChI'
)
