"""The bot's tactical suite, heroes' skills: positions where a skill decides the move, each with
one clearly right decision and why."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Action
from games.sanguosha.actions import Choose
from games.sanguosha.cards import card

from .builders import Run, stack
from .positions import (
    Position,
    advance,
    answers,
    asked,
    chooses,
    neither,
    passes,
    seats,
    uses,
    uses_card,
)

REBEL = ["rebel", "lord", "loyalist", "rebel", "renegade"]
LOYAL = ["loyalist", "lord", "rebel", "rebel", "renegade"]
LORD = ["lord", "loyalist", "rebel", "rebel", "renegade"]


def skill(seat: int, name: str, **params: Any) -> Any:
    return asked(seat, "skill", skill=name, **params)


def lord_asks(prompt: Any) -> Action:
    """Every prompt passes, but a lord asked whether to call on his kingdom says yes."""
    if prompt.kind == "skill" and not prompt.params.get("helping") and \
            prompt.params.get("skill") in ("hujia", "jijiang"):
        return prompt.actions[1]
    return prompt.actions[0]


def _hurt(identities: list[str], heroes: dict[int, str], target: int, *,
          cards: dict[int, list[str]] | None = None, equips: dict[int, list[str]] | None = None,
          deeds: dict[tuple[int, int], int] | None = None, top: tuple[str, ...] = ()) -> Run:
    """Seat 0 Slashes ``target``, who has no Dodge."""
    state = seats(identities, heroes=heroes, equips=equips, deeds=deeds,
                  cards={**(cards or {}), 0: ["sha-spade-7", *(cards or {}).get(0, [])]})
    if top:
        stack(state, *top)
    return Run(state).use(0, "sha-spade-7", target)


def _next_turn(identities: list[str], heroes: dict[int, str], **layout: Any) -> Run:
    """Seat 0 ends its play phase; seat 1's turn begins."""
    top = layout.pop("top", ())
    state = seats(identities, heroes=heroes, **layout)
    if top:
        stack(state, *top)
    return Run(state).pass_(0)


def top_heart(action: Action) -> bool:
    if not isinstance(action, Choose) or not action.option.startswith("top:"):
        return False
    return card(action.option.split(":", 1)[1]).suit == "heart"


POSITIONS = [
    # -- Xiahou Dun, Sima Yi, Cao Cao, Guo Jia: after damage ---------------------------------------
    Position("Xiahou Dun's Ganglie does not strike back at his own lord",
             lambda: advance(_hurt(LORD, {1: "xiahoudun"}, 1), skill(1, "ganglie")), 1,
             chooses("no")),
    Position("Xiahou Dun's Ganglie strikes back at the rebel who hurt the lord's side",
             lambda: advance(_hurt(["rebel", "loyalist", "lord", "rebel", "renegade"],
                                   {1: "xiahoudun"}, 1, deeds={(0, 2): 1}),
                             skill(1, "ganglie")), 1, chooses("yes")),
    Position("Ganglie's price at 1 HP is paid in cards, not in the last HP",
             lambda: _ganglie_price(), 0, lambda a: a.kind == "discard"),
    Position("Sima Yi's Fankui takes the Eight Diagram of the rebel who hurt him",
             lambda: advance(_hurt(["rebel", "loyalist", "lord", "rebel", "renegade"],
                                   {1: "simayi"}, 1, equips={0: ["bagua-spade-2"]}),
                             skill(1, "fankui")), 1, chooses("bagua-spade-2")),
    Position("Sima Yi's Fankui takes nothing from his lord",
             lambda: advance(_hurt(LORD, {1: "simayi"}, 1, equips={0: ["bagua-spade-2"]}),
                             skill(1, "fankui")), 1, chooses("no")),
    Position("Cao Cao's Jianxiong takes the Slash that hurt him",
             lambda: advance(_hurt(REBEL, {1: "caocao"}, 1), skill(1, "jianxiong")), 1,
             chooses("yes")),
    Position("Guo Jia's Yiji draws two for the damage",
             lambda: advance(_hurt(REBEL, {1: "guojia"}, 1), skill(1, "yiji")), 1,
             chooses("yes")),
    # -- Da Qiao, Zhao Yun, Zhen Ji, Guan Yu, Hua Tuo: answers through a skill
    Position("Da Qiao's Liuli never passes a rebel's Slash on to her lord",
             lambda: advance(_hurt(["rebel", "loyalist", "lord", "rebel", "renegade"],
                                   {1: "daqiao"}, 1, cards={1: ["sha-club-2"]}),
                             skill(1, "liuli")), 1, chooses("no")),
    Position("Da Qiao's Liuli passes the Slash on to the seat that attacked the lord",
             lambda: advance(_hurt(["renegade", "loyalist", "rebel", "lord", "rebel"],
                                   {1: "daqiao"}, 1, cards={1: ["sha-club-2"]},
                                   deeds={(2, 3): 2}), skill(1, "liuli")), 1,
             chooses("sha-club-2>2")),
    Position("Zhao Yun's Longdan plays a Slash as the Dodge he lacks",
             lambda: advance(_hurt(REBEL, {1: "zhaoyun"}, 1, cards={1: ["sha-club-2"]}),
                             asked(1, "dodge")), 1, answers),
    Position("Zhen Ji's Qingguo plays a black card as a Dodge",
             lambda: advance(_hurt(REBEL, {1: "zhenji"}, 1, cards={1: ["guohe-spade-3"]}),
                             asked(1, "dodge")), 1, answers),
    Position("Guan Yu's Wusheng answers a rebel's Duel with a red card",
             lambda: _duel(REBEL, {1: "guanyu"}, 1, ["shan-heart-2a"]), 1, answers),
    Position("Hua Tuo's Jijiu saves the dying lord with a red card outside his turn",
             lambda: advance(Run(seats(REBEL, heroes={2: "huatuo"}, hp={1: 1},
                                       cards={0: ["sha-spade-7"], 2: ["shan-diamond-3"]}))
                             .use(0, "sha-spade-7", 1), asked(2, "peach")), 2, answers),
    Position("Hua Tuo, the lord, does not save with Jijiu the rebel who attacked him",
             lambda: _jijiu_on_rebel(), 2, passes),
    # -- Cao Cao's Hujia and Liu Bei's Jijiang: the kingdom answers for its lord
    Position("a loyal Wei hero plays a Dodge for Cao Cao's Hujia",
             lambda: advance(_hurt(["rebel", "lord", "loyalist", "rebel", "renegade"],
                                   {1: "caocao", 2: "zhangliao"}, 1,
                                   cards={2: ["shan-heart-2a"]}),
                             asked(2, "skill", skill="hujia", helping=True), lord_asks), 2,
             answers),
    Position("a rebel Wei hero does not play a Dodge for Cao Cao's Hujia",
             lambda: advance(_hurt(["rebel", "lord", "rebel", "loyalist", "renegade"],
                                   {1: "caocao", 2: "zhangliao"}, 1,
                                   cards={2: ["shan-heart-2a"]}),
                             asked(2, "skill", skill="hujia", helping=True), lord_asks), 2,
             passes),
    Position("a loyal Shu hero plays a Slash for Liu Bei's Jijiang in a rebel's Duel",
             lambda: advance(Run(seats(REBEL, heroes={1: "liubei", 2: "guanyu"},
                                       cards={0: ["juedou-club-A"], 2: ["sha-club-2"]}))
                             .use(0, "juedou-club-A", 1),
                             asked(2, "skill", skill="jijiang", helping=True), lord_asks), 2,
             answers),
    Position("a rebel Shu hero does not play a Slash for Liu Bei's Jijiang",
             lambda: advance(Run(seats(["rebel", "lord", "rebel", "loyalist", "renegade"],
                                       heroes={1: "liubei", 2: "guanyu"},
                                       cards={0: ["juedou-club-A"], 2: ["sha-club-2"]}))
                             .use(0, "juedou-club-A", 1),
                             asked(2, "skill", skill="jijiang", helping=True), lord_asks), 2,
             passes),
    # -- turn-start skills
    Position("Zhang Liao's Tuxi raids the two rebels, not the lord",
             lambda: advance(_next_turn(["rebel", "loyalist", "lord", "rebel", "renegade"],
                                        {1: "zhangliao"}, deeds={(0, 2): 2, (3, 2): 2},
                                        cards={0: ["sha-club-2"], 2: ["sha-club-3"],
                                               3: ["sha-club-4"]}), skill(1, "tuxi")), 1,
             lambda a: isinstance(a, Choose) and set(a.option.split(",")) == {"0", "3"}),
    Position("Xu Chu's Luoyi strips for a harder hit with a Slash and a foe about",
             lambda: advance(_next_turn(REBEL, {1: "xuchu"}, cards={1: ["sha-club-2"]},
                                        deeds={(0, 1): 2}), skill(1, "luoyi")), 1,
             chooses("yes")),
    Position("Zhen Ji's Luoshen judges for black cards",
             lambda: advance(_next_turn(REBEL, {1: "zhenji"}), skill(1, "luoshen")), 1,
             chooses("yes")),
    Position("Zhuge Liang's Guanxing puts a heart on top for the Indulgence he must judge",
             lambda: advance(_next_turn(REBEL, {1: "zhugeliang"}, judging={1: ["lebu-spade-6"]},
                                        top=("sha-club-2", "guohe-spade-3", "shan-heart-2a",
                                             "juedou-club-A", "nanman-spade-7")),
                             skill(1, "guanxing")), 1, top_heart),
    Position("Sima Yi's Guicai turns his lord's Indulgence judgement into a heart",
             lambda: advance(_next_turn(REBEL, {2: "simayi"}, judging={1: ["lebu-spade-6"]},
                                        cards={2: ["wugu-heart-3", "sha-club-2"]},
                                        top=("sha-club-3",)), skill(2, "guicai")), 2,
             chooses("wugu-heart-3")),
    Position("Sima Yi's Guicai leaves a rebel's failed Indulgence judgement alone",
             lambda: advance(_next_turn(["loyalist", "rebel", "lord", "rebel", "renegade"],
                                        {2: "simayi"}, judging={1: ["lebu-spade-6"]},
                                        deeds={(1, 2): 2}, cards={2: ["wugu-heart-3"]},
                                        top=("sha-club-3",)), skill(2, "guicai")), 2,
             chooses("no")),
    Position("Sima Yi's Guicai spoils a rebel's escape from Indulgence",
             lambda: advance(_next_turn(["loyalist", "rebel", "lord", "rebel", "renegade"],
                                        {2: "simayi"}, judging={1: ["lebu-spade-6"]},
                                        deeds={(1, 2): 2}, cards={2: ["sha-club-2"]},
                                        top=("shan-heart-2a",)), skill(2, "guicai")), 2,
             chooses("sha-club-2")),
    Position("Ma Chao's Tieji judges to make his Slash at the lord undodgeable",
             lambda: advance(Run(seats(REBEL, heroes={0: "machao"},
                                       cards={0: ["sha-spade-7"], 1: ["shan-heart-2a"]}))
                             .use(0, "sha-spade-7", 1), skill(0, "tieji")), 0, chooses("yes")),
]


def _ganglie_price() -> Run:
    """A rebel at 1 HP hurt Xiahou Dun, whose Ganglie judgement is a club: pay or take 1."""
    state = seats(["rebel", "loyalist", "lord", "rebel", "renegade"], heroes={1: "xiahoudun"},
                  hp={0: 1}, cards={0: ["sha-spade-7", "sha-club-2", "shandian-spade-A"]})
    stack(state, "sha-club-4")
    run = Run(state).use(0, "sha-spade-7", 1)
    run = advance(run, skill(1, "ganglie")).choose(1, "yes")
    return advance(run, asked(0, "skill", skill="ganglie", paying=True))


def _jijiu_on_rebel() -> Run:
    state = seats(["loyalist", "rebel", "lord", "renegade", "rebel"], heroes={2: "huatuo"},
                  hp={1: 1}, deeds={(1, 2): 2}, cards={0: ["sha-spade-7"], 2: ["shan-diamond-3"]})
    return advance(Run(state).use(0, "sha-spade-7", 1), asked(2, "peach"))


def _duel(identities: list[str], heroes: dict[int, str], target: int,
          target_cards: list[str]) -> Run:
    state = seats(identities, heroes=heroes, cards={0: ["juedou-club-A"], target: target_cards})
    return advance(Run(state).use(0, "juedou-club-A", target), asked(target, "slash"))


POSITIONS += [
    # -- play-phase skills
    Position("Sun Shangxiang's Jieyin does not heal the enemy lord",
             lambda: seats(REBEL, heroes={0: "sunshangxiang", 1: "liubei"}, hp={0: 2, 1: 3},
                           cards={0: ["sha-club-2", "sha-club-3"]}), 0, neither(uses("jieyin"))),
    Position("Sun Shangxiang's Jieyin heals herself and her wounded lord",
             lambda: seats(LOYAL, heroes={0: "sunshangxiang", 1: "liubei"}, hp={0: 2, 1: 3},
                           cards={0: ["sha-club-2", "shandian-spade-A"]}), 0,
             uses("jieyin", 1)),
    Position("Hua Tuo's Qingnang heals the wounded lord, not the wounded rebel",
             lambda: seats(LOYAL, heroes={0: "huatuo"}, hp={1: 2, 3: 2},
                           cards={0: ["shandian-spade-A"]}, deeds={(3, 1): 2}), 0,
             uses("qingnang", 1)),
    Position("Liu Bei's Rende gives to the seat that saved him, not to the one that attacked him",
             lambda: seats(LORD, heroes={0: "liubei"}, hp={0: 3},
                           cards={0: ["sha-club-2", "sha-club-3", "shandian-spade-A",
                                      "guohe-spade-3", "juedou-club-A"]},
                           deeds={(1, 0): -2, (2, 0): 2}), 0,
             lambda a: a.kind == "use" and a.name == "rende" and a.targets == (1,)),
    Position("Huang Gai at 4 HP uses Kurou for two cards",
             lambda: seats(REBEL, heroes={0: "huanggai"}, cards={0: ["shan-heart-2a"]}), 0,
             uses("kurou")),
    Position("Huang Gai at 1 HP without a Peach does not use Kurou",
             lambda: seats(REBEL, heroes={0: "huanggai"}, hp={0: 1},
                           cards={0: ["shan-heart-2a"]}), 0, neither(uses("kurou"))),
    Position("Sun Quan's Zhiheng trades away a Lightning and a third Slash",
             lambda: seats(LORD, heroes={0: "sunquan"},
                           cards={0: ["shandian-spade-A", "sha-club-2", "sha-club-3",
                                      "sha-club-4", "tao-heart-3"]}), 0, uses("zhiheng")),
    Position("Zhou Yu's Fanjian targets the lord when he is a rebel",
             lambda: seats(REBEL, heroes={0: "zhouyu"}, cards={0: ["shan-heart-2a"]}), 0,
             uses("fanjian", 1)),
    Position("Zhou Yu's Fanjian never targets the lord when he is loyal",
             lambda: seats(LOYAL, heroes={0: "zhouyu"}, cards={0: ["shan-heart-2a"]}), 0,
             neither(uses("fanjian", 1))),
    Position("Diao Chan, a rebel, makes the lord and his loyalist fight",
             lambda: seats(REBEL, heroes={0: "diaochan", 1: "liubei", 2: "guanyu"},
                           cards={0: ["shandian-spade-A"]}, deeds={(2, 1): -2}), 0,
             lambda a: a.kind == "use" and a.name == "lijian" and set(a.targets) == {1, 2}),
    Position("Da Qiao's Guose lays a diamond as Indulgence on the lord",
             lambda: seats(REBEL, heroes={0: "daqiao"}, cards={0: ["shan-diamond-3"]}), 0,
             uses("lebu", 1, via="guose")),
    Position("Gan Ning's Qixi throws the cardless lord's Eight Diagram with a black card "
             "before the Slash that then cannot miss",
             lambda: seats(REBEL, heroes={0: "ganning"},
                           cards={0: ["sha-diamond-7", "shandian-spade-A"]},
                           equips={1: ["bagua-spade-2"]}, hp={1: 1}), 0,
             uses("guohe", 1, via="qixi")),
    Position("Guan Yu's Wusheng Slashes the lord with a red Amazing Grace, not his Peach",
             lambda: seats(REBEL, heroes={0: "guanyu"}, cards={0: ["tao-heart-3", "wugu-heart-3"]}),
             0, uses_card("wugu-heart-3", 1)),
    Position("Zhao Yun's Longdan Slashes the lord with a Dodge",
             lambda: seats(REBEL, heroes={0: "zhaoyun"},
                           cards={0: ["shan-heart-2a", "shan-heart-2b"]}), 0,
             uses("sha", 1, via="longdan")),
    Position("Zhang Fei's Paoxiao fires a second Slash at the lord",
             lambda: advance(Run(seats(REBEL, heroes={0: "zhangfei"}, hp={1: 2},
                                       cards={0: ["sha-spade-7", "sha-club-2"]}))
                             .use(0, "sha-spade-7", 1), asked(0, "play")), 0, uses("sha", 1)),
    Position("Huang Yueying's Qicai Snatches from the far lord",
             lambda: seats(["rebel", "renegade", "lord", "loyalist", "rebel"],
                           heroes={0: "huangyueying"}, cards={0: ["shunshou-spade-3"]},
                           equips={2: ["bagua-spade-2"]}), 0, uses("shunshou", 2)),
    Position("Ma Chao's Mashu reaches the lord two seats away",
             lambda: seats(["rebel", "renegade", "lord", "loyalist", "rebel"],
                           heroes={0: "machao"}, cards={0: ["sha-diamond-7"]}), 0,
             uses("sha", 2)),
    Position("Lü Bu, a rebel, Duels the far lord with one Slash: Wushuang asks two of him",
             lambda: seats(["rebel", "renegade", "lord", "loyalist", "rebel"],
                           heroes={0: "lvbu"}, cards={0: ["juedou-club-A", "sha-club-2"],
                                                      2: ["shan-heart-2a"]}), 0,
             uses("juedou", 2)),
    Position("Lu Xun spends his last card on the lord: Lianying draws him another",
             lambda: seats(REBEL, heroes={0: "luxun"}, cards={0: ["sha-diamond-7"]}), 0,
             uses("sha", 1)),
    Position("Lü Meng keeps his hand rather than Slash a lord he cannot hurt: Keji keeps it "
             "all",
             lambda: seats(REBEL, heroes={0: "lvmeng"},
                           cards={0: ["sha-spade-7", "tao-heart-3", "shan-heart-2a",
                                      "wuxie-spade-J", "guohe-spade-3", "juedou-club-A"]},
                           equips={1: ["renwang-club-2"]}, options={"ex_cards": True}), 0,
             neither(uses("sha", 1))),
]


@pytest.mark.parametrize("position", POSITIONS, ids=[p.reason for p in POSITIONS])
def test_the_bot_uses_skills_right(position: Position) -> None:
    chosen = position.bot_answer()
    assert position.right(chosen), f"{position.reason}: the bot chose {chosen}"
