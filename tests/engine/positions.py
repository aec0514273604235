"""Hand-made positions shared by the rule and variant tests (text notation, indented;
the tests dedent them). Each accounts for all 52 cards."""

from __future__ import annotations

# Column 4 empty; Kings at the bottom of column 2 and inside column 1.
EMPTY4 = """\
    1: 3H KS 2H 9S 5H
    2: KH 2S 8H
    3: QH 3S 8S
    4:
    5: JH 4S 7H 6S
    6: TH 5S 9H AH 7S
    7: TS 4H JS 6H QS AS
    stock: -
    runs: C D
    """


# A stock and two empty columns.
STOCK_EMPTY = """\
    1:
    2:
    3: KH 2S JH 4S 7H
    4: TH 5S 6S
    5: AH 7S 2H 9S
    6: 3H TS 4H JS 5H
    7: KS 6H QS AS 8S 3S
    stock: 8H QH 9H
    runs: C D
    """


# A stock, no empty column.
WITH_STOCK = """\
    1: [KH 2S] 8H
    2: [QH] 9H
    3: JH 4S 7H
    4: TH 5S 6S
    5: AH 7S 2H 9S
    6: 3H TS 4H JS 5H
    7: KS 6H QS
    stock: AS 8S 3S
    runs: C D
    """
