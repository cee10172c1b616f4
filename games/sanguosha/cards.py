"""The game cards: the standard 104-card deck, the 4 EX cards, and what each kind of card is.

A card instance's id is ``<name>-<suit>-<rank>`` ("sha-spade-7"); the standard deck holds a few
identical cards (two Slashes of ♠8), whose ids end in ``a`` and ``b`` ("sha-spade-8a"). Ranks
are written A, 2..10, J, Q, K, so no id is a piece of another (the no-leak check compares text).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Literal

Suit = Literal["spade", "club", "heart", "diamond"]
Kind = Literal["basic", "trick", "delayed", "equip"]
Slot = Literal["weapon", "armor", "plus_horse", "minus_horse"]

RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


def rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


@dataclass(frozen=True)
class CardKind:
    """What every card of one name shares."""

    name: str
    kind: Kind
    slot: Slot | None = None
    # A weapon's attack range.
    reach: int = 0


KINDS: dict[str, CardKind] = {
    k.name: k
    for k in (
        CardKind("sha", "basic"),  # Slash 杀
        CardKind("shan", "basic"),  # Dodge 闪
        CardKind("tao", "basic"),  # Peach 桃
        CardKind("juedou", "trick"),  # Duel 决斗
        CardKind("guohe", "trick"),  # Dismantlement 过河拆桥
        CardKind("shunshou", "trick"),  # Snatch 顺手牵羊
        CardKind("wuzhong", "trick"),  # Ex Nihilo 无中生有
        CardKind("jiedao", "trick"),  # Collateral 借刀杀人
        CardKind("wuxie", "trick"),  # Nullification 无懈可击
        CardKind("nanman", "trick"),  # Savage Assault 南蛮入侵
        CardKind("wanjian", "trick"),  # Archery Attack 万箭齐发
        CardKind("taoyuan", "trick"),  # God Salvation 桃园结义
        CardKind("wugu", "trick"),  # Amazing Grace 五谷丰登
        CardKind("lebu", "delayed"),  # Indulgence 乐不思蜀
        CardKind("shandian", "delayed"),  # Lightning 闪电
        CardKind("zhuge", "equip", "weapon", 1),  # Crossbow 诸葛连弩
        CardKind("cixiong", "equip", "weapon", 2),  # Double Swords 雌雄双股剑
        CardKind("qinggang", "equip", "weapon", 2),  # Qinggang Sword 青釭剑
        CardKind("hanbing", "equip", "weapon", 2),  # Ice Sword 寒冰剑 (EX)
        CardKind("qinglong", "equip", "weapon", 3),  # Blade 青龙偃月刀
        CardKind("zhangba", "equip", "weapon", 3),  # Spear 丈八蛇矛
        CardKind("guanshi", "equip", "weapon", 3),  # Axe 贯石斧
        CardKind("fangtian", "equip", "weapon", 4),  # Halberd 方天画戟
        CardKind("qilin", "equip", "weapon", 5),  # Kylin Bow 麒麟弓
        CardKind("bagua", "equip", "armor"),  # Eight Diagram 八卦阵
        CardKind("renwang", "equip", "armor"),  # Nioh Shield 仁王盾 (EX)
        CardKind("jueying", "equip", "plus_horse"),  # 绝影
        CardKind("dilu", "equip", "plus_horse"),  # 的卢
        CardKind("zhuahuang", "equip", "plus_horse"),  # 爪黄飞电
        CardKind("chitu", "equip", "minus_horse"),  # 赤兔
        CardKind("dawan", "equip", "minus_horse"),  # 大宛
        CardKind("zixing", "equip", "minus_horse"),  # 紫骍
    )
}

# Tricks that single out targets one by one versus those that hit a whole table; the latter
# skip nobody but the user (or include the user: God Salvation, Amazing Grace).
AREA_TRICKS = frozenset({"nanman", "wanjian", "taoyuan", "wugu"})

# (name, suit, ranks) — two of every suit and rank, 104 in all.
_STANDARD: tuple[tuple[str, Suit, tuple[int, ...]], ...] = (
    ("sha", "spade", (7, 8, 8, 9, 9, 10, 10)),
    ("sha", "club", (2, 3, 4, 5, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11)),
    ("sha", "heart", (10, 10, 11)),
    ("sha", "diamond", (6, 7, 8, 9, 10, 13)),
    ("shan", "heart", (2, 2, 13)),
    ("shan", "diamond", (2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11)),
    ("tao", "heart", (3, 4, 6, 7, 8, 9, 12)),
    ("tao", "diamond", (12,)),
    ("juedou", "spade", (1,)),
    ("juedou", "club", (1,)),
    ("juedou", "diamond", (1,)),
    ("guohe", "spade", (3, 4, 12)),
    ("guohe", "club", (3, 4)),
    ("guohe", "heart", (12,)),
    ("shunshou", "spade", (3, 4, 11)),
    ("shunshou", "diamond", (3, 4)),
    ("wuzhong", "heart", (7, 8, 9, 11)),
    ("jiedao", "club", (12, 13)),
    ("wuxie", "spade", (11,)),
    ("wuxie", "club", (12, 13)),
    ("nanman", "spade", (7, 13)),
    ("nanman", "club", (7,)),
    ("wanjian", "heart", (1,)),
    ("taoyuan", "heart", (1,)),
    ("wugu", "heart", (3, 4)),
    ("lebu", "spade", (6,)),
    ("lebu", "club", (6,)),
    ("lebu", "heart", (6,)),
    ("shandian", "spade", (1,)),
    ("zhuge", "club", (1,)),
    ("zhuge", "diamond", (1,)),
    ("cixiong", "spade", (2,)),
    ("qinggang", "spade", (6,)),
    ("qinglong", "spade", (5,)),
    ("zhangba", "spade", (12,)),
    ("guanshi", "diamond", (5,)),
    ("fangtian", "diamond", (12,)),
    ("qilin", "heart", (5,)),
    ("bagua", "spade", (2,)),
    ("bagua", "club", (2,)),
    ("jueying", "spade", (5,)),
    ("dilu", "club", (5,)),
    ("zhuahuang", "heart", (13,)),
    ("chitu", "heart", (5,)),
    ("dawan", "spade", (13,)),
    ("zixing", "diamond", (13,)),
)

_EX: tuple[tuple[str, Suit, tuple[int, ...]], ...] = (
    ("hanbing", "spade", (2,)),
    ("renwang", "club", (2,)),
    ("shandian", "heart", (12,)),
    ("wuxie", "diamond", (12,)),
)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    suit: Suit
    rank: int

    @property
    def kind(self) -> CardKind:
        return KINDS[self.name]

    @property
    def red(self) -> bool:
        return self.suit in ("heart", "diamond")

    @property
    def black(self) -> bool:
        return self.suit in ("spade", "club")


def _instances(rows: tuple[tuple[str, Suit, tuple[int, ...]], ...]) -> list[Card]:
    cards: list[Card] = []
    for name, suit, ranks in rows:
        for rank in sorted(set(ranks)):
            copies = ranks.count(rank)
            base = f"{name}-{suit}-{rank_name(rank)}"
            if copies == 1:
                cards.append(Card(base, name, suit, rank))
            else:
                for letter in "ab"[:copies]:
                    cards.append(Card(base + letter, name, suit, rank))
    return cards


STANDARD_DECK: tuple[Card, ...] = tuple(_instances(_STANDARD))
EX_CARDS: tuple[Card, ...] = tuple(_instances(_EX))
CARDS: dict[str, Card] = {c.id: c for c in (*STANDARD_DECK, *EX_CARDS)}


NAMES: dict[str, str] = {card_id: c.name for card_id, c in CARDS.items()}
# The card of an id, and its name: plain lookups, without a call of ours around them (the
# rules, prompts and bots ask them a few times a move for every card in view).
card: Callable[[str], Card] = CARDS.__getitem__
name_of: Callable[[str], str] = NAMES.__getitem__


@cache
def deck_ids(ex_cards: bool) -> tuple[str, ...]:
    cards = STANDARD_DECK + (EX_CARDS if ex_cards else ())
    return tuple(c.id for c in cards)


def is_equipment(card_id: str) -> bool:
    return KINDS[name_of(card_id)].kind == "equip"


def slot_of(card_id: str) -> Slot | None:
    return KINDS[name_of(card_id)].slot
