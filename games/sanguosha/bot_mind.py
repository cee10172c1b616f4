"""What a bot makes of the table from its own view: whom it wants hurt or helped, what its
cards are worth, how likely a seat is to answer, and what a point of damage means.

Sides are read by ``bot_belief`` (identity odds from public deeds). ``enmity`` turns the odds
into this bot's stance given its own identity: > 0 for a seat it wants hurt, < 0 for one it
wants kept alive. Values are in one currency, roughly one card: a point of damage to a healthy
seat is worth about two, the last point (a death) a great deal more.
"""

from __future__ import annotations

from typing import Any, TypeVar

from games.core.once import once
from games.sanguosha.bot_belief import LOYAL, REBEL, seat_odds
from games.sanguosha.cards import KINDS, card, name_of

# A card's worth to whoever holds it, before the hand around it counts.
CARD_VALUES = {
    "tao": 6.0,
    "wuxie": 4.5,
    "wuzhong": 5.0,
    "shan": 4.0,
    "shunshou": 4.0,
    "sha": 3.5,
    "juedou": 3.0,
    "guohe": 3.0,
    "lebu": 3.5,
    "nanman": 3.0,
    "wanjian": 3.0,
    "jiedao": 2.0,
    "taoyuan": 2.0,
    "wugu": 2.0,
    "shandian": 0.5,
}
# Equipment in play, by how much it adds to its wearer.
EQUIP_VALUES = {
    "zhuge": 3.0, "qinglong": 3.0, "zhangba": 2.6, "guanshi": 2.8, "fangtian": 2.2,
    "qilin": 2.2, "cixiong": 2.2, "qinggang": 2.5, "hanbing": 2.4,
    "bagua": 4.0, "renwang": 3.8,
    "jueying": 2.5, "dilu": 2.5, "zhuahuang": 2.5,
    "chitu": 2.2, "dawan": 2.2, "zixing": 2.2,
}
# Share of the deck that answers as a Dodge, a Slash, a Peach, a Nullification (104 cards).
DODGE_SHARE = 15 / 104
SLASH_SHARE = 30 / 104
PEACH_SHARE = 8 / 104
NULLIFY_SHARE = 3 / 104


T = TypeVar("T")


def card_value(card_id: str) -> float:
    return CARD_VALUES.get(name_of(card_id), 2.5)


def equip_value(card_id: str) -> float:
    return EQUIP_VALUES.get(name_of(card_id), 2.0)


def is_red(card_id: str) -> bool:
    return card(card_id).red


def _chance(share: float, cards: int) -> float:
    """The chance that ``cards`` unseen cards hold at least one of a kind."""
    return 1.0 - (1.0 - share) ** max(cards, 0)


class Mind:
    """One decision's reading of the table, from the deciding seat's view."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.me: int = view.me.seat
        self.identity: str = view.me.identity
        self.lord: int = view.lord
        self.rows = view.seats
        self.hand: list[str] = list(view.me.hand)
        self.easy = getattr(view.options, "bot_level", "normal") == "easy"
        # What one decision asks again and again, by its arguments.
        self._memo: dict[tuple[Any, ...], float] = {}

    # -- the table -----------------------------------------------------------------------------
    @once
    def living(self) -> list[int]:
        return [row.seat for row in self.rows if row.alive]

    @once
    def others(self) -> list[int]:
        return [s for s in self.living if s != self.me]

    @once
    def odds(self) -> list[tuple[float, float, float]]:
        """(lord's side, rebel, renegade) per seat; easy bots read only what is face up."""
        if self.easy:
            return self._face_up_odds()
        return seat_odds(self.view)

    def _face_up_odds(self) -> list[tuple[float, float, float]]:
        """A newcomer's reading: the face-up identities, and whoever attacked the lord is a
        rebel, whoever helped him a loyalist."""
        intent = self.view.intent
        out = []
        for row in self.rows:
            identity = self.identity if row.seat == self.me else row.identity
            if identity in ("lord", "loyalist"):
                out.append((1.0, 0.0, 0.0))
            elif identity == "rebel":
                out.append((0.0, 1.0, 0.0))
            elif identity == "renegade":
                out.append((0.0, 0.0, 1.0))
            else:
                to_lord = intent[row.seat][self.lord] if intent else 0
                out.append((0.1, 0.8, 0.1) if to_lord > 0 else (0.7, 0.1, 0.2) if to_lord < 0
                           else (0.3, 0.5, 0.2))
        return out

    @once
    def rebels_left(self) -> float:
        """How many rebels this bot believes are still alive."""
        return sum(self.odds[s][REBEL] for s in self.living if s != self.lord)

    @once
    def loyalists_left(self) -> float:
        """How many loyalists this bot believes are still alive."""
        return sum(self.odds[s][LOYAL] for s in self.others if s != self.lord)

    @once
    def strength(self) -> tuple[float, float]:
        """The lord's side and the rebels' side, as believed HP in play."""
        lord_side = rebels = 0.0
        for s in self.living:
            hp = max(self.rows[s].hp, 0) + 0.3 * self.rows[s].hand_count
            odds = self.odds[s]
            lord_side += odds[LOYAL] * hp
            rebels += odds[REBEL] * hp
        return lord_side, rebels

    def enmity(self, seat: int) -> float:
        """> 0: this bot wants ``seat`` hurt; < 0: wants it helped (about -2 to 2)."""
        stances = self.stances
        found = stances[seat]
        if found is None:
            found = stances[seat] = self._weigh(seat)
        return found

    @once
    def stances(self) -> list[float | None]:
        """``enmity`` by seat, each worked out when first asked (a decision asks for the
        same seats many times over)."""
        return [None] * len(self.rows)

    @once
    def foe_line(self) -> float:
        return 0.45 if self.identity == "lord" else 0.3

    def _weigh(self, seat: int) -> float:
        if seat == self.me:
            return -2.0
        loyal, rebel, renegade = self.odds[seat]
        identity = self.identity
        if identity in ("lord", "loyalist"):
            if seat == self.lord:
                return -2.0
            # The renegade is an enemy, but the rebels come first while any are left.
            later = 0.35 if self.rebels_left > 0.5 else 1.2
            return rebel * 1.0 + renegade * later - loyal * 1.2
        if identity == "rebel":
            if seat == self.lord:
                return 2.0
            return loyal * 1.1 + renegade * 0.45 - rebel * 1.2
        # The renegade keeps the lord alive to face him last, and weakens whichever side
        # leads.
        if seat == self.lord:
            if not [s for s in self.others if s != self.lord]:
                return 2.0
            # The lower the lord, the nearer the rebels' win, which is the renegade's loss.
            return -0.8 if self.rows[seat].hp >= 3 else -1.5 if self.rows[seat].hp == 2 else -2.5
        if self.loyalists_left < 0.5:
            # Only the lord is left on his side: the rebels are all that stands between the
            # renegade and the final duel, and nobody else is left to weaken.
            return 0.4 + 1.2 * rebel + 0.9 * loyal
        lord_side, rebels = self.strength
        if rebels > lord_side:
            # The rebels would end it: he fights them beside the lord's side, and a seat is
            # worth his attack once it is about two to one a rebel (as every seat is at eight
            # seats before anyone has acted).
            return 1.6 * rebel - 0.5 - 0.6 * loyal
        # The lord's side leads: its loyalists are what he must wear down while the rebels
        # stand, or he is left alone against the lord and them; the rebels he leaves to it.
        return loyal * 1.3 + rebel * 0.1

    def friend(self, seat: int) -> bool:
        return self.enmity(seat) < -0.3

    def foe(self, seat: int) -> bool:
        """A seat worth attacking. The lord, who has no one to tell him who his loyalists are,
        wants clearer signs than the others before he hurts anyone."""
        return self.enmity(seat) > self.foe_line

    def saves(self, seat: int) -> bool:
        """Whether a Peach for ``seat`` dying is well spent: itself, a friend, and for the lord
        any seat not taken for a foe (his loyalists may not have shown themselves yet); the
        renegade saves only the lord."""
        if seat == self.me:
            return True
        if self.identity == "renegade":
            # His Peaches are his last stand against the lord: spent on nobody's fight but
            # the lord's, whose death while others live loses him the game.
            return seat == self.lord and self.enmity(seat) < 0
        line = 0.05 if self.identity == "lord" else -0.2
        return self.enmity(seat) < line

    @once
    def friends(self) -> list[int]:
        return [s for s in self.others if self.friend(s)]

    @once
    def foes(self) -> list[int]:
        return [s for s in self.others if self.foe(s)]

    # -- damage and death ----------------------------------------------------------------------
    def hurt_value(self, seat: int, amount: int = 1) -> float:
        """How much ``amount`` damage dealt by this bot to ``seat`` is worth to it (> 0 for a
        foe): each point more the lower the HP, and a likely death on top."""
        key = ("hurt", seat, amount)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._hurt_value(seat, amount)
        return found

    def _hurt_value(self, seat: int, amount: int) -> float:
        if amount <= 0:
            return 0.0
        stance = self.enmity(seat)
        hp = self.rows[seat].hp
        value = stance * sum(1.5 + 2.0 / max(hp - point, 1) for point in range(amount))
        if hp - amount <= 0:
            # A Peach may still save it.
            value += 0.7 * self.death_value(seat)
        return value

    def damage_weight(self, seat: int, amount: int = 1) -> float:
        """How much ``amount`` damage changes things for ``seat``, whoever it is: more the
        lower its HP, a great deal more if it dies (the lord most)."""
        hp = self.rows[seat].hp
        weight = sum(1.5 + 2.0 / max(hp - point, 1) for point in range(amount))
        if hp - amount <= 0:
            weight += 20.0 if seat == self.lord else 6.0
        return weight

    def death_value(self, seat: int) -> float:
        """What this bot gains when ``seat`` dies at its hand (negative for a friend)."""
        identity = self.identity
        if seat == self.me:
            return -30.0
        if seat == self.lord:
            if identity == "rebel":
                return 40.0
            if identity == "renegade":
                return 40.0 if len(self.living) <= 2 else -25.0
            return -40.0
        loyal, rebel, _ = self.odds[seat]
        value = 6.0 * self.enmity(seat) + 3.0 * rebel  # a rebel's killer draws three
        if identity == "lord":
            # The lord who kills a loyalist loses every card.
            value -= 12.0 * loyal
        return value

    # -- answers a seat may hold ----------------------------------------------------------------
    def unseen(self, seat: int) -> int:
        row = self.rows[seat]
        return row.hand_count - len(row.shown_hand)

    def dodge_chance(self, seat: int, needed: int = 1, ignore_armor: bool = False) -> float:
        """The chance ``seat`` answers a Slash with a Dodge (``needed`` of them)."""
        key = ("dodge", seat, needed, ignore_armor)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._dodge_chance(seat, needed, ignore_armor)
        return found

    def _dodge_chance(self, seat: int, needed: int, ignore_armor: bool) -> float:
        row = self.rows[seat]
        if seat == self.me:
            own = 1.0 if self.my_dodges() >= needed else 0.0
            armor = row.equips.get("armor", "")
            if armor.startswith("bagua-") and not ignore_armor:
                own = 1.0 - (1.0 - own) * 0.5
            return own
        share = DODGE_SHARE
        skills = row.skills
        if "longdan" in skills:
            share += SLASH_SHARE
        if "qingguo" in skills:
            share = 0.5 + DODGE_SHARE / 2
        shown = sum(1 for c in row.shown_hand if name_of(c) == "shan")
        unseen = self.unseen(seat)
        if needed <= 1:
            chance = 1.0 if shown else _chance(share, unseen)
        else:
            expected = shown + share * unseen
            chance = min(1.0, max(0.0, (expected - 0.6) / 1.5))
        armor = row.equips.get("armor", "")
        if armor.startswith("bagua-") and not ignore_armor:
            chance = 1.0 - (1.0 - chance) * 0.5
        if "hujia" in skills and seat == self.lord:
            helpers = sum(1 for r in self.rows if r.alive and r.kingdom == "wei"
                          and r.seat != seat)
            chance = 1.0 - (1.0 - chance) * (0.85 ** helpers)
        return chance

    def slash_chance(self, seat: int) -> float:
        """The chance ``seat`` holds a Slash to answer with."""
        if seat == self.me:
            return 1.0 if self.slashes_in_hand else 0.0
        row = self.rows[seat]
        share = SLASH_SHARE
        if "longdan" in row.skills:
            share += DODGE_SHARE
        if "wusheng" in row.skills:
            share = 0.5 + SLASH_SHARE / 2
        shown = any(name_of(c) == "sha" for c in row.shown_hand)
        return 1.0 if shown else _chance(share, self.unseen(seat))

    def expected_slashes(self, seat: int) -> float:
        if seat == self.me:
            return float(self.slashes_in_hand)
        row = self.rows[seat]
        share = SLASH_SHARE
        if "longdan" in row.skills:
            share += DODGE_SHARE
        if "wusheng" in row.skills:
            share = 0.5 + SLASH_SHARE / 2
        shown = sum(1 for c in row.shown_hand if name_of(c) == "sha")
        return shown + share * self.unseen(seat)

    # -- my own cards ---------------------------------------------------------------------------
    def count(self, name: str) -> int:
        return sum(1 for c in self.hand if name_of(c) == name)

    @once
    def my_row(self) -> Any:
        return self.rows[self.me]

    @once
    def slashes_in_hand(self) -> int:
        return self.my_slashes()

    def my_slashes(self) -> int:
        """Cards this bot can play as a Slash when asked."""
        skills = self.my_row.skills
        count = 0
        for c in self.hand:
            name = name_of(c)
            if name == "sha" or ("longdan" in skills and name == "shan") or (
                    "wusheng" in skills and is_red(c)):
                count += 1
        if "wusheng" in skills:
            count += sum(1 for c in self.my_row.equips.values() if is_red(c))
        return count

    def my_dodges(self) -> int:
        skills = self.my_row.skills
        return sum(1 for c in self.hand if name_of(c) == "shan"
                   or ("longdan" in skills and name_of(c) == "sha")
                   or ("qingguo" in skills and not is_red(c)))

    def keep_values(self) -> dict[str, float]:
        return self._keep_values

    @once
    def _keep_values(self) -> dict[str, float]:
        """Each hand card's worth to this bot where it sits: the first Dodge or Slash is worth
        more than the next, equipment no better than what is worn little, a Peach more at low
        HP."""
        values: dict[str, float] = {}
        seen: dict[str, int] = {}
        row = self.my_row
        hp = row.hp
        unlimited = "paoxiao" in row.skills or row.equips.get("weapon", "").startswith("zhuge-")
        for c in sorted(self.hand, key=card_value, reverse=True):
            name = name_of(c)
            kind = KINDS[name]
            nth = seen.get(name, 0)
            seen[name] = nth + 1
            if kind.kind == "equip":
                assert kind.slot is not None
                worn = row.equips.get(kind.slot)
                value = equip_value(c) - (equip_value(worn) if worn else 0.0)
                values[c] = max(value, 0.3)
                continue
            value = card_value(c)
            if name == "tao":
                value += 2.0 if hp <= 2 else 0.0
            elif name == "shan":
                value = 4.5 if nth == 0 else 3.0 if nth == 1 else 1.5
                if hp <= 2:
                    value += 1.0
            elif name == "sha":
                value = 3.5 if nth == 0 else (3.0 if unlimited else 1.8)
            values[c] = value
        return values
