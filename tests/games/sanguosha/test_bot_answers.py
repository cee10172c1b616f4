"""The bot's tactical suite, answers: Dodges, Peaches for the dying, Nullifications, Slashes a
Duel, a Savage Assault or a Borrowed Sword asks for. Each position has one clearly right answer
and says why; the bot sees only the answering seat's view."""

from __future__ import annotations

import pytest

from .builders import Run, stack
from .positions import (
    FIVE,
    Position,
    advance,
    answers,
    asked,
    passes,
    seats,
    uses,
)

REBEL_FIRST = ["rebel", "loyalist", "lord", "rebel", "renegade"]


def _slashed(identities: list[str], target: int, *, target_cards: list[str],
             hp: int = 4, heroes: dict[int, str] | None = None, attacker: str = "sha-spade-7",
             options: dict[str, object] | None = None,
             deeds: dict[tuple[int, int], int] | None = None) -> Run:
    state = seats(identities, heroes=heroes, hp={target: hp},
                  cards={0: [attacker], target: target_cards}, options=options, deeds=deeds)
    return advance(Run(state).use(0, attacker, target), asked(target, "dodge"))


def _dying(identities: list[str], dying: int, holder: int, *, holder_cards: list[str],
           deeds: dict[tuple[int, int], int] | None = None) -> Run:
    """``dying`` at 1 HP takes a Slash from seat 0; every seat before ``holder`` passes."""
    state = seats(identities, hp={dying: 1}, deeds=deeds,
                  cards={0: ["sha-spade-7"], holder: holder_cards})
    return advance(Run(state).use(0, "sha-spade-7", dying), asked(holder, "peach"))


POSITIONS = [
    # -- Dodge ----------------------------------------------------------------------------------
    Position("at 1 HP a Dodge is played against a Slash",
             lambda: _slashed(REBEL_FIRST, 1, target_cards=["shan-heart-2a"], hp=1), 1, answers),
    Position("a Dodge is played against a rebel's Slash at full HP too",
             lambda: _slashed(REBEL_FIRST, 1, target_cards=["shan-heart-2a", "sha-club-2"]),
             1, answers),
    Position("against Lü Bu's Wushuang a single Dodge cannot stop the Slash: it is kept",
             lambda: _slashed(REBEL_FIRST, 1, target_cards=["shan-heart-2a", "sha-club-2"],
                              heroes={0: "lvbu"}), 1, passes),
    Position("against Lü Bu with two Dodges, both are played",
             lambda: _slashed(REBEL_FIRST, 1, target_cards=["shan-heart-2a", "shan-heart-2b"],
                              heroes={0: "lvbu"}), 1, answers),
    Position("the lord dodges a rebel's Slash",
             lambda: _slashed(["rebel", "lord", "loyalist", "rebel", "renegade"], 1,
                              target_cards=["shan-diamond-3"], hp=2), 1, answers),
    # -- Peach for the dying ----------------------------------------------------------------------
    Position("a loyalist with a Peach saves the dying lord",
             lambda: _dying(["rebel", "lord", "loyalist", "rebel", "renegade"], 1, 2,
                            holder_cards=["tao-heart-3"]), 2, answers),
    Position("the lord with a Peach saves himself",
             lambda: _dying(["rebel", "lord", "loyalist", "rebel", "renegade"], 1, 1,
                            holder_cards=["tao-heart-3"]), 1, answers),
    Position("a rebel never saves the dying lord",
             lambda: _dying(["rebel", "lord", "loyalist", "rebel", "renegade"], 1, 3,
                            holder_cards=["tao-heart-3"]), 3, passes),
    Position("the renegade saves the dying lord while rebels are left",
             lambda: _dying(["rebel", "lord", "loyalist", "rebel", "renegade"], 1, 4,
                            holder_cards=["tao-heart-3"]), 4, answers),
    Position("the renegade keeps his Peach from the dying loyalist: he saves only the lord, "
             "and his Peaches are his own last stand",
             lambda: _dying(["rebel", "loyalist", "lord", "rebel", "renegade"], 1, 4,
                            holder_cards=["tao-heart-3"], deeds={(1, 2): -2}), 4, passes),
    Position("a loyalist does not save a seat that has attacked the lord twice",
             lambda: _dying(["rebel", "rebel", "lord", "loyalist", "renegade"], 1, 3,
                            holder_cards=["tao-heart-3"], deeds={(1, 2): 2}), 3, passes),
    Position("a dying seat saves itself with its own Peach",
             lambda: _dying(REBEL_FIRST, 4, 4, holder_cards=["tao-heart-3"]), 4, answers),
    Position("a rebel does not save the loyalist who saved the lord",
             lambda: _dying(["rebel", "loyalist", "lord", "rebel", "renegade"], 1, 3,
                            holder_cards=["tao-heart-3"], deeds={(1, 2): -2}), 3, passes),
    Position("a rebel saves the fellow rebel who attacked the lord",
             lambda: _dying(["loyalist", "rebel", "lord", "rebel", "renegade"], 1, 3,
                            holder_cards=["tao-heart-3"], deeds={(1, 2): 2, (3, 2): 1}), 3,
             answers),
]


def _nullify(identities: list[str], trick_cards: dict[int, list[str]], use: tuple[str, ...],
             holder: int, *, hp: dict[int, int | tuple[int, int]] | None = None,
             deeds: dict[tuple[int, int], int] | None = None, target: int | None = None,
             judging: dict[int, list[str]] | None = None) -> Run:
    state = seats(identities, hp=hp, deeds=deeds, judging=judging,
                  cards={**trick_cards, holder: [*trick_cards.get(holder, []), "wuxie-spade-J"]})
    card, *targets = use
    run = Run(state).use(0, card, *(int(t) for t in targets))
    stop = asked(holder, "nullify") if target is None else asked(holder, "nullify",
                                                                  target=target)
    return advance(run, stop)


POSITIONS += [
    Position("a loyalist nullifies the Indulgence a rebel put on the lord",
             lambda: _nullify(["rebel", "lord", "loyalist", "rebel", "renegade"],
                              {0: ["lebu-spade-6"]}, ("lebu-spade-6", "1"), 2,
                              deeds={(0, 1): 1}), 2, answers),
    Position("a loyalist lets the lord's Ex Nihilo through",
             lambda: _nullify(FIVE, {0: ["wuzhong-heart-7"]}, ("wuzhong-heart-7", "0"), 1),
             1, passes),
    Position("a rebel nullifies the lord's Ex Nihilo",
             lambda: _nullify(FIVE, {0: ["wuzhong-heart-7"]}, ("wuzhong-heart-7", "0"), 2),
             2, answers),
    Position("a rebel does not nullify a fellow attacker of the lord's Ex Nihilo",
             lambda: _nullify(["rebel", "lord", "loyalist", "rebel", "renegade"],
                              {0: ["wuzhong-heart-7"]}, ("wuzhong-heart-7", "0"), 3,
                              deeds={(0, 1): 2}), 3, passes),
    Position("a loyalist nullifies a Duel a rebel aims at the lord at 1 HP",
             lambda: _nullify(["rebel", "lord", "loyalist", "rebel", "renegade"],
                              {0: ["juedou-club-A"]}, ("juedou-club-A", "1"), 2, hp={1: 1}),
             2, answers),
    Position("a Nullification is not spent on a Snatch of a rebel's card",
             lambda: _nullify(["loyalist", "rebel", "lord", "rebel", "renegade"],
                              {0: ["shunshou-spade-3"], 1: ["sha-club-2", "sha-club-3"]},
                              ("shunshou-spade-3", "1"), 2, deeds={(1, 2): 2}), 2, passes),
    Position("in a Savage Assault a loyalist at 4 HP keeps his only Nullification for the "
             "cardless lord at 1 HP later in the order",
             lambda: _nullify(["rebel", "loyalist", "rebel", "lord", "renegade"],
                              {0: ["nanman-spade-7"], 1: ["sha-club-2", "shan-heart-2a"]},
                              ("nanman-spade-7",), 1, hp={3: 1}, target=1), 1, passes),
    Position("...and spends it when the Savage Assault reaches the lord",
             lambda: advance(
                 _nullify(["rebel", "loyalist", "rebel", "lord", "renegade"],
                          {0: ["nanman-spade-7"], 1: ["shan-heart-2a"]},
                          ("nanman-spade-7",), 1, hp={3: 1}, target=1),
                 asked(1, "nullify", target=3)), 1, answers),
    Position("a rebel counters the Nullification that would save the lord from a Duel",
             lambda: _counter(), 3, answers),
    Position("a loyalist nullifies the Lightning about to be judged on the lord at 2 HP",
             lambda: _lightning_on_lord(), 2, answers),
]


def _counter() -> Run:
    """Seat 0 (rebel) Duels the lord at 1 HP; the loyalist nullifies; seat 3, a rebel who has
    attacked the lord, may nullify the Nullification."""
    state = seats(["rebel", "lord", "loyalist", "rebel", "renegade"], hp={1: 1},
                  deeds={(0, 1): 1, (3, 1): 2},
                  cards={0: ["juedou-club-A"], 2: ["wuxie-spade-J"], 3: ["wuxie-club-Q"]})
    run = Run(state).use(0, "juedou-club-A", 1)
    run = advance(run, asked(2, "nullify"))
    run.respond(2, "wuxie-spade-J")
    return advance(run, asked(3, "nullify"))


def _lightning_on_lord() -> Run:
    """Seat 0 ends its turn; the lord (seat 1, 2 HP) judges Lightning first thing."""
    state = seats(["rebel", "lord", "loyalist", "rebel", "renegade"], hp={1: 2},
                  judging={1: ["shandian-spade-A"]}, cards={2: ["wuxie-spade-J"]})
    stack(state, "sha-spade-7")
    return advance(Run(state).pass_(0), asked(2, "nullify"))


def _duel(identities: list[str], target: int, *, target_cards: list[str], hp: int = 4,
          user_cards: tuple[str, ...] = ("juedou-club-A",),
          deeds: dict[tuple[int, int], int] | None = None) -> Run:
    state = seats(identities, hp={target: hp}, deeds=deeds,
                  cards={0: list(user_cards), target: target_cards})
    return advance(Run(state).use(0, user_cards[0], target), asked(target, "slash"))


POSITIONS += [
    Position("a loyalist at 1 HP answers his lord's Duel: passing kills him and costs the "
             "lord his hand",
             lambda: _duel(FIVE, 1, target_cards=["sha-club-2"], hp=1), 1, answers),
    Position("a loyalist at full HP takes his lord's Duel rather than spend Slashes on it",
             lambda: _duel(FIVE, 1, target_cards=["sha-club-2"]), 1, passes),
    Position("the lord answers a rebel's Duel",
             lambda: _duel(["rebel", "lord", "loyalist", "rebel", "renegade"], 1,
                           target_cards=["sha-club-2"], hp=3), 1, answers),
    Position("in a Savage Assault a Slash is played rather than take the damage",
             lambda: advance(Run(seats(REBEL_FIRST, cards={0: ["nanman-spade-7"],
                                                           1: ["sha-club-2"]}))
                             .use(0, "nanman-spade-7"), asked(1, "slash")), 1, answers),
    Position("against Lü Bu's Duel one Slash is not enough: it is kept",
             lambda: _duel_lvbu(), 1, passes),
    Position("a rebel asked by Borrowed Sword to Slash the lord does so",
             lambda: _borrowed(["loyalist", "rebel", "lord", "rebel", "renegade"], 1, 2,
                               deeds={(1, 2): 1}), 1, uses("sha", 2)),
    Position("a loyalist asked by Borrowed Sword to Slash the lord gives up his weapon",
             lambda: _borrowed(["rebel", "loyalist", "lord", "rebel", "renegade"], 1, 2),
             1, passes),
]


def _duel_lvbu() -> Run:
    state = seats(REBEL_FIRST, heroes={0: "lvbu"},
                  cards={0: ["juedou-club-A"], 1: ["sha-club-2", "shan-heart-2a"]})
    return advance(Run(state).use(0, "juedou-club-A", 1), asked(1, "slash"))


def _borrowed(identities: list[str], wielder: int, victim: int,
              deeds: dict[tuple[int, int], int] | None = None) -> Run:
    state = seats(identities, deeds=deeds, equips={wielder: ["qinglong-spade-5"]},
                  cards={0: ["jiedao-club-Q"], wielder: ["sha-club-2"]})
    run = Run(state).use(0, "jiedao-club-Q", wielder, victim)
    return advance(run, asked(wielder, "collateral"))


@pytest.mark.parametrize("position", POSITIONS, ids=[p.reason for p in POSITIONS])
def test_the_bot_answers_right(position: Position) -> None:
    chosen = position.bot_answer()
    assert position.right(chosen), f"{position.reason}: the bot chose {chosen}"
