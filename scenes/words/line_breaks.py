"""The Chinese words a line must not break inside: the game's own terms. Lines may break between any two Chinese
characters, but 底 at the end of one line and 分 at the start of the next reads as two words."""

UNBROKEN = (
    "叫地主", "抢地主", "软炸弹", "要不起", "换三张", "地主", "农民", "底分", "倍数", "加倍", "明牌", "春天", "反春",
    "炸弹", "王炸", "封顶", "份额", "癞子", "飞机", "连对", "顺子", "残局", "出牌", "叫分", "结算",
)  # fmt: skip
