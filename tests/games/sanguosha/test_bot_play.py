"""The bot's tactical suite, the play phase: whom to attack, what to keep, what to equip, and
the choices a trick or weapon asks of its user. Seat 0 is in its play phase in every position
built by ``seats``; each position says why its answer is the right one."""

from __future__ import annotations

import pytest

from .builders import Run
from .positions import (
    Position,
    advance,
    asked,
    chooses,
    discards,
    either,
    keeps,
    neither,
    passes,
    seats,
    uses,
)

REBEL = ["rebel", "lord", "loyalist", "rebel", "renegade"]
LOYAL = ["loyalist", "lord", "rebel", "rebel", "renegade"]
LORD = ["lord", "loyalist", "rebel", "rebel", "renegade"]

POSITIONS = [
    # -- whom to attack ----------------------------------------------------------------------------
    Position("a rebel Slashes the 1-HP cardless lord, not the 1-HP loyalist: the lord's death "
             "ends the game",
             lambda: seats(["rebel", "lord", "rebel", "renegade", "loyalist"],
                           hp={1: 1, 4: 1}, cards={0: ["sha-spade-7"]}, deeds={(4, 2): 1}),
             0, uses("sha", 1)),
    Position("a rebel Slashes the lord in range",
             lambda: seats(REBEL, cards={0: ["sha-diamond-7", "shan-heart-2a"]}), 0,
             uses("sha", 1)),
    Position("a rebel does not Slash a lord wearing Nioh Shield with a black Slash",
             lambda: seats(REBEL, cards={0: ["sha-spade-7"]}, equips={1: ["renwang-club-2"]},
                           options={"ex_cards": True}), 0, neither(uses("sha", 1))),
    Position("a rebel Slashes a lord wearing Nioh Shield with a red Slash",
             lambda: seats(REBEL, cards={0: ["sha-diamond-7"]}, equips={1: ["renwang-club-2"]},
                           options={"ex_cards": True}), 0, uses("sha", 1)),
    Position("the lord Slashes the seat that attacked him, not the one that only helped him",
             lambda: seats(LORD, cards={0: ["sha-spade-7"]}, deeds={(1, 0): -2, (4, 0): 2}),
             0, uses("sha", 4)),
    Position("a loyalist never Slashes the lord, even with nobody else in range",
             lambda: seats(LOYAL, cards={0: ["sha-spade-7"]}), 0, neither(uses("sha", 1))),
    Position("a loyalist Slashes the seat that attacked the lord",
             lambda: seats(LOYAL, cards={0: ["sha-spade-7"]}, deeds={(4, 1): 2}), 0,
             uses("sha", 4)),
    Position("a loyalist finishes the rebel at 1 HP rather than hit the one at 4",
             lambda: seats(["loyalist", "rebel", "lord", "renegade", "rebel"], hp={4: 1},
                           cards={0: ["sha-spade-7"]}, deeds={(1, 2): 2, (4, 2): 2}),
             0, uses("sha", 4)),
    Position("a rebel does not Slash the fellow rebel who attacked the lord",
             lambda: seats(["rebel", "rebel", "loyalist", "lord", "renegade"],
                           cards={0: ["sha-spade-7"]}, deeds={(1, 3): 2}),
             0, neither(uses("sha", 1))),
    Position("a rebel Slashes the seat that saved the lord rather than an unknown one",
             lambda: seats(["rebel", "loyalist", "lord", "rebel", "renegade"],
                           cards={0: ["sha-spade-7"]}, deeds={(1, 2): -2}), 0, uses("sha", 1)),
    Position("the renegade does not Slash the lord at 1 HP while a rebel is left",
             lambda: seats(["renegade", "lord", "loyalist", "rebel", "rebel"], hp={1: 1},
                           cards={0: ["sha-spade-7"]}, deeds={(4, 1): 2}),
             0, neither(uses("sha", 1))),
    Position("the renegade Slashes the last rebel, stronger lord or not: only the rebel stands "
             "between him and the final duel",
             lambda: seats(["renegade", "lord", "loyalist", "rebel", "rebel"],
                           cards={0: ["sha-spade-7"]}, dead=(2, 3)), 0, uses("sha", 4)),
    Position("at eight seats the four rebels outweigh the lord's three: the renegade Slashes "
             "a seat that is two to one a rebel rather than wait",
             lambda: seats(["renegade", "rebel", "loyalist", "rebel", "lord", "rebel",
                            "loyalist", "rebel"], cards={0: ["sha-spade-7"]}), 0,
             neither(passes, uses("sha", 4))),
    Position("with the lord's side ahead the renegade wears down the loyalist, not the last "
             "rebel: killing the rebel leaves him alone against lord and loyalist",
             lambda: seats(["renegade", "rebel", "lord", "rebel", "loyalist"],
                           hp={1: 1, 4: 2}, cards={0: ["sha-spade-7"]}, dead=(3,),
                           deeds={(1, 2): 2, (4, 2): -2}), 0, uses("sha", 4)),
    Position("the renegade alone with the lord Slashes him",
             lambda: seats(["renegade", "lord", "loyalist", "rebel", "rebel"],
                           cards={0: ["sha-spade-7"]}, dead=(2, 3, 4)), 0, uses("sha", 1)),
    Position("a rebel Duels the lord with three Slashes against his single card",
             lambda: seats(["rebel", "renegade", "loyalist", "lord", "rebel"],
                           cards={0: ["juedou-club-A", "sha-club-2", "sha-club-3", "sha-club-4"],
                                  3: ["shan-heart-2a"]}), 0, uses("juedou", 3)),
    Position("a rebel plays Savage Assault when the lord has 1 HP and no cards",
             lambda: seats(["rebel", "renegade", "loyalist", "lord", "rebel"], hp={3: 1},
                           cards={0: ["nanman-spade-7"]}), 0, uses("nanman")),
    Position("the lord holds back Archery Attack while the loyalist who saved him is at 1 HP "
             "with no cards",
             lambda: seats(LORD, hp={1: 1}, cards={0: ["wanjian-heart-A"]},
                           deeds={(1, 0): -2}), 0, neither(uses("wanjian"))),
    Position("a rebel puts Indulgence on the lord",
             lambda: seats(REBEL, cards={0: ["lebu-spade-6"], 1: ["sha-club-2", "shan-heart-2a"]}),
             0, uses("lebu", 1)),
    Position("a loyalist puts Indulgence on the seat that attacked the lord, never on the lord",
             lambda: seats(LOYAL, cards={0: ["lebu-spade-6"]}, deeds={(3, 1): 2}), 0,
             uses("lebu", 3)),
    Position("a rebel dismantles the lord's Eight Diagram",
             lambda: seats(REBEL, cards={0: ["guohe-spade-3"]}, equips={1: ["bagua-spade-2"]}),
             0, uses("guohe", 1)),
    Position("a loyalist snatches Indulgence out of the lord's judgement area",
             lambda: seats(LOYAL, cards={0: ["shunshou-spade-3"]},
                           judging={1: ["lebu-spade-6"]}), 0, uses("shunshou", 1)),
    Position("a loyalist does not dismantle the lord's cards",
             lambda: seats(LOYAL, cards={0: ["guohe-spade-3"], 1: ["sha-club-2"]},
                           equips={1: ["bagua-spade-2"]}), 0, neither(uses("guohe", 1))),
    Position("a rebel does not play God Salvation with the lord wounded and the rebels whole",
             lambda: seats(REBEL, hp={1: (2, 5)}, cards={0: ["taoyuan-heart-A"]}), 0,
             neither(uses("taoyuan"))),
    Position("the lord plays God Salvation with his side wounded and the attackers whole",
             lambda: seats(LORD, hp={0: (2, 5), 1: 2}, cards={0: ["taoyuan-heart-A"]},
                           deeds={(1, 0): -2, (2, 0): 2, (3, 0): 2}), 0, uses("taoyuan")),
    Position("Ex Nihilo is played before anything else",
             lambda: seats(REBEL, cards={0: ["wuzhong-heart-7", "sha-diamond-7"]}), 0,
             uses("wuzhong")),
    Position("a loyalist with a Duel and Slashes attacks anyone but the lord",
             lambda: seats(LOYAL, cards={0: ["juedou-club-A", "sha-club-2", "sha-club-3"]},
                           deeds={(3, 1): 2}), 0,
             neither(uses("juedou", 1), uses("sha", 1), passes)),
    # -- Peaches in one's own turn
    Position("a loyalist at 3/4 HP keeps his only Peach while the lord is at 1 HP",
             lambda: seats(LOYAL, hp={0: 3, 1: 1}, cards={0: ["tao-heart-3", "sha-club-2"]}),
             0, neither(uses("tao"))),
    Position("a wounded seat with nothing better to do eats its Peach",
             lambda: seats(REBEL, hp={0: 2}, cards={0: ["tao-heart-3"]}), 0, uses("tao")),
    Position("at 1 HP a Peach is eaten",
             lambda: seats(LOYAL, hp={0: 1}, cards={0: ["tao-heart-3", "shan-heart-2a"]}), 0,
             uses("tao")),
    # -- equipment
    Position("an armour in hand is put on when none is worn",
             lambda: seats(REBEL, cards={0: ["bagua-spade-2"]}), 0, uses("bagua")),
    Position("a better weapon replaces a Crossbow with no Slash to fire",
             lambda: seats(REBEL, cards={0: ["qinglong-spade-5", "shan-heart-2a"]},
                           equips={0: ["zhuge-club-A"]}), 0, uses("qinglong")),
    Position("a -1 horse is ridden when none is",
             lambda: seats(REBEL, cards={0: ["chitu-heart-5"]}), 0, uses("chitu")),
    Position("a +1 horse is ridden when none is",
             lambda: seats(LOYAL, cards={0: ["dilu-club-5"]}), 0, uses("dilu")),
    Position("the Crossbow goes on before three Slashes are fired",
             lambda: seats(REBEL, cards={0: ["zhuge-club-A", "sha-club-2", "sha-club-3",
                                             "sha-club-4"]}), 0, uses("zhuge")),
    Position("a rebel out of the lord's reach rides a -1 horse before anything else",
             lambda: seats(["rebel", "loyalist", "lord", "renegade", "rebel"],
                           cards={0: ["dawan-spade-K", "sha-club-2"]}), 0, uses("dawan")),
    Position("a worse weapon does not replace the Blade",
             lambda: seats(REBEL, cards={0: ["cixiong-spade-2", "shan-heart-2a"]},
                           equips={0: ["qinglong-spade-5"]}), 0, neither(uses("cixiong"))),
]


def _hit_and_dodged(weapon: str, cards: list[str], target_hp: int = 1) -> Run:
    """Seat 0 (rebel) wields ``weapon`` and Slashes the lord, who dodges."""
    state = seats(REBEL, hp={1: target_hp}, equips={0: [weapon]},
                  cards={0: ["sha-spade-7", *cards], 1: ["shan-heart-2a"]})
    run = advance(Run(state).use(0, "sha-spade-7", 1), asked(1, "dodge"))
    return run.respond(1, "shan-heart-2a")


POSITIONS += [
    Position("the Axe throws the last two cards to force a Slash on the 1-HP lord",
             lambda: _hit_and_dodged("guanshi-diamond-5", ["shan-diamond-3", "tao-heart-3"]),
             0, discards("shan-diamond-3", "tao-heart-3")),
    Position("the Blade fires a second Slash at the lord who dodged",
             lambda: _hit_and_dodged("qinglong-spade-5", ["sha-club-2"], target_hp=3), 0,
             uses("sha", 1)),
    Position("a Snatch of the lord takes his Eight Diagram before a random hand card",
             lambda: advance(Run(seats(REBEL, cards={0: ["shunshou-spade-3"],
                                                     1: ["sha-club-2"]},
                                       equips={1: ["bagua-spade-2"]}))
                             .use(0, "shunshou-spade-3", 1), asked(0, "pick_card")),
             0, chooses("bagua-spade-2")),
    Position("a Dismantlement on the lord's judgement area throws the Indulgence",
             lambda: advance(Run(seats(LOYAL, cards={0: ["guohe-spade-3"], 1: ["sha-club-2"]},
                                       judging={1: ["lebu-spade-6"]}))
                             .use(0, "guohe-spade-3", 1), asked(0, "pick_card")),
             0, chooses("lebu-spade-6")),
    Position("Amazing Grace's first pick is the Peach",
             lambda: _grace(), 0, chooses("tao-heart-3")),
    Position("the discard keeps the Peach and the Dodge and throws the spare Slash and the "
             "Lightning",
             lambda: _discarding(["tao-heart-3", "shan-heart-2a", "sha-club-2", "sha-club-3",
                                  "shandian-spade-A"], hp=3), 0,
             discards("sha-club-3", "shandian-spade-A")),
    Position("the discard keeps a Nullification over a third Slash",
             lambda: _discarding(["wuxie-spade-J", "sha-club-2", "sha-club-3", "sha-club-4"],
                                 hp=3), 0, keeps("wuxie-spade-J")),
    Position("Kylin Bow shoots the +1 horse of the lord a rebel hit",
             lambda: _kylin(), 0, either(chooses("jueying-spade-5"))),
]


def _grace() -> Run:
    state = seats(REBEL, cards={0: ["wugu-heart-3"]})
    from .builders import stack

    stack(state, "tao-heart-3", "sha-club-2", "shan-heart-2a", "guohe-spade-3", "juedou-club-A")
    return advance(Run(state).use(0, "wugu-heart-3"), asked(0, "grace"))


def _discarding(cards: list[str], hp: int) -> Run:
    state = seats(REBEL, hp={0: hp}, cards={0: cards})
    return advance(Run(state).pass_(0), asked(0, "discard"))


def _kylin() -> Run:
    state = seats(REBEL, equips={0: ["qilin-heart-5"], 1: ["jueying-spade-5", "chitu-heart-5"]},
                  cards={0: ["sha-spade-7"]})
    return advance(Run(state).use(0, "sha-spade-7", 1), asked(0, "kylin_bow"))


@pytest.mark.parametrize("position", POSITIONS, ids=[p.reason for p in POSITIONS])
def test_the_bot_plays_right(position: Position) -> None:
    chosen = position.bot_answer()
    assert position.right(chosen), f"{position.reason}: the bot chose {chosen}"

