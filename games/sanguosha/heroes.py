"""The 25 heroes of the standard edition: kingdom, maximum HP, gender and skill names.

Skill ids are pinyin ("jianxiong"); lord skills (active only for the lord at 5+ players) are
listed in ``lord_skills``. What each skill does lives in ``games.sanguosha.skills``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kingdom = Literal["wei", "shu", "wu", "qun"]
Gender = Literal["male", "female"]


@dataclass(frozen=True)
class Hero:
    id: str
    kingdom: Kingdom
    hp: int
    gender: Gender
    skills: tuple[str, ...]
    lord_skills: tuple[str, ...] = ()


HEROES: dict[str, Hero] = {
    h.id: h
    for h in (
        Hero("caocao", "wei", 4, "male", ("jianxiong",), ("hujia",)),
        Hero("simayi", "wei", 3, "male", ("guicai", "fankui")),
        Hero("xiahoudun", "wei", 4, "male", ("ganglie",)),
        Hero("zhangliao", "wei", 4, "male", ("tuxi",)),
        Hero("xuchu", "wei", 4, "male", ("luoyi",)),
        Hero("guojia", "wei", 3, "male", ("tiandu", "yiji")),
        Hero("zhenji", "wei", 3, "female", ("luoshen", "qingguo")),
        Hero("liubei", "shu", 4, "male", ("rende",), ("jijiang",)),
        Hero("guanyu", "shu", 4, "male", ("wusheng",)),
        Hero("zhangfei", "shu", 4, "male", ("paoxiao",)),
        Hero("zhugeliang", "shu", 3, "male", ("guanxing", "kongcheng")),
        Hero("zhaoyun", "shu", 4, "male", ("longdan",)),
        Hero("machao", "shu", 4, "male", ("mashu", "tieji")),
        Hero("huangyueying", "shu", 3, "female", ("jizhi", "qicai")),
        Hero("sunquan", "wu", 4, "male", ("zhiheng",), ("jiuyuan",)),
        Hero("ganning", "wu", 4, "male", ("qixi",)),
        Hero("lvmeng", "wu", 4, "male", ("keji",)),
        Hero("huanggai", "wu", 4, "male", ("kurou",)),
        Hero("zhouyu", "wu", 3, "male", ("yingzi", "fanjian")),
        Hero("daqiao", "wu", 3, "female", ("guose", "liuli")),
        Hero("luxun", "wu", 3, "male", ("qianxun", "lianying")),
        Hero("sunshangxiang", "wu", 3, "female", ("xiaoji", "jieyin")),
        Hero("huatuo", "qun", 3, "male", ("qingnang", "jijiu")),
        Hero("lvbu", "qun", 4, "male", ("wushuang",)),
        Hero("diaochan", "qun", 3, "female", ("lijian", "biyue")),
    )
}

LORD_CHOICES: tuple[str, ...] = ("caocao", "liubei", "sunquan")


def hero(hero_id: str) -> Hero:
    return HEROES[hero_id]
