"""The play phase: every use the prompt offers gets a worth to this bot, and the best one is
played while any is worth playing; then the phase ends.

A use's worth is what it does to the table as this bot sees it (``Mind``: damage to foes, help
to friends, cards gained and taken), less the cards it spends where they are worth keeping.
Moves that make the rest of the turn better come first: drawing, equipping, taking a foe's
armour before the Slash.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from games.core import Action, Prompt
from games.sanguosha.actions import Use
from games.sanguosha.bot_mind import Mind, card_value, equip_value, is_red
from games.sanguosha.cards import KINDS, name_of

# Worth added so that moves which improve the rest of the turn come first.
FIRST = 6.0
# The worth of a use this bot never makes (a Slash at a friend, a Peach at full HP).
NEVER = -99.0


def spend_cost(mind: Mind, use: Use) -> float:
    """What the cards a use gives up were worth in hand, beyond being used as they are."""
    if len(use.cards) == 1 and not use.via and name_of(use.cards[0]) == use.name:
        return 0.3  # used as what it is: only a Slash or Peach needed later is missed
    values = mind.keep_values()
    cost = 0.0
    for c in use.cards:
        if name_of(c) == use.name and not use.via:
            cost += 0.3
        elif c in values:
            cost += 0.8 * values[c]
        else:
            cost += 0.8 * equip_value(c)  # equipment given up (Wusheng, the Spear)
    return cost


def _best_card_bonus(mind: Mind, seat: int, taking: bool) -> float:
    """How much the best card one may take from ``seat`` adds to taking one at random."""
    row = mind.rows[seat]
    armor = row.equips.get("armor")
    bonus = 0.0
    if armor:
        bonus = 1.5
    weapon = row.equips.get("weapon", "")
    if weapon.startswith("zhuge-"):
        bonus = max(bonus, 1.2)
    if row.hand_count <= 1 and row.hp <= 2:
        bonus = max(bonus, 0.8)  # the last card is likely the Dodge or Peach kept back
    if taking and row.equips:
        bonus = max(bonus, 0.6)
    return bonus


def _delayed_on(mind: Mind, seat: int) -> list[str]:
    return [name for _, name in mind.rows[seat].judging]


def score_take(mind: Mind, use: Use) -> float:
    """Snatch (taking) and Dismantlement (throwing away) on one seat."""
    target = use.targets[0]
    taking = use.name == "shunshou"
    row = mind.rows[target]
    stance = mind.enmity(target)
    delayed = _delayed_on(mind, target)
    if stance < 0:
        # Only to clear a friend's judgement area.
        if "lebu" in delayed:
            return 3.0 * -stance + (1.0 if taking else 0.0)
        if "shandian" in delayed and row.hp <= 3:
            return 1.0 * -stance
        return NEVER
    if row.hand_count == 0 and not row.equips:
        return NEVER
    value = stance * (1.0 + _best_card_bonus(mind, target, taking))
    if taking:
        value += 1.0
    return value + _opens_slash(mind, target, use)


def _opens_slash(mind: Mind, target: int, use: Use) -> float:
    """What taking away ``target``'s armour adds to a Slash this bot can still fire at it."""
    if not mind.rows[target].equips.get("armor"):
        return 0.0  # the armour is what this bot's pick takes first (bot_answers.pick_card)
    me = mind.view.me
    unlimited = "paoxiao" in mind.my_row.skills or mind.my_row.equips.get(
        "weapon", "").startswith("zhuge-")
    if not unlimited and me.flags.get("sha", 0) >= 1:
        return 0.0
    distance = mind.view.distances[target] if mind.view.current == mind.me else None
    if distance is None or distance > mind.view.attack_range:
        return 0.0
    left = mind.slashes_in_hand - sum(1 for c in use.cards if name_of(c) == "sha" or (
        "wusheng" in mind.my_row.skills and is_red(c)))
    if left < 1:
        return 0.0
    now = 1.0 - mind.dodge_chance(target)
    after = 1.0 - mind.dodge_chance(target, ignore_armor=True)
    return max(after - now, 0.0) * mind.hurt_value(target)


def score_indulgence(mind: Mind, use: Use) -> float:
    target = use.targets[0]
    stance = mind.enmity(target)
    if not mind.foe(target):
        return NEVER
    row = mind.rows[target]
    return stance * (2.0 + 0.3 * row.hand_count + 0.3 * len(row.equips))


def score_lightning(mind: Mind, use: Use) -> float:
    foes = len(mind.foes)
    friends = len(mind.friends) + 1
    if mind.my_row.hp < 4 or foes < 2 * friends:
        return NEVER
    return 0.2


def answer_chance(mind: Mind, seat: int, want: str) -> float:
    return mind.slash_chance(seat) if want == "sha" else mind.dodge_chance(seat)


def score_area_attack(mind: Mind, use: Use) -> float:
    """Savage Assault (a Slash answers) and Archery Attack (a Dodge answers) on every other."""
    want = "sha" if use.name == "nanman" else "shan"
    value = 0.0
    for seat in mind.others:
        if mind.rows[seat].alive:
            hit = 1.0 - answer_chance(mind, seat, want)
            value += hit * mind.hurt_value(seat) + (1.0 - hit) * 0.4 * mind.enmity(seat)
    return 0.8 * value


def score_grace(mind: Mind, use: Use) -> float:
    value = 1.2
    for seat in mind.others:
        value -= 0.6 * mind.enmity(seat)
    return value


def heal_value(mind: Mind, seat: int) -> float:
    """How much one HP more for ``seat`` is worth to this bot (> 0 for a friend)."""
    row = mind.rows[seat]
    if row.hp >= row.max_hp:
        return 0.0
    return -mind.enmity(seat) * (1.0 + 2.0 / max(row.hp, 1))


def score_salvation(mind: Mind, use: Use) -> float:
    return sum(heal_value(mind, s) for s in mind.living) - 0.5


def _keeps_peach_for_lord(mind: Mind) -> bool:
    """A loyalist with one Peach keeps it while his lord is low and he is not."""
    if mind.identity not in ("loyalist", "renegade") or mind.count("tao") > 1:
        return False
    lord = mind.rows[mind.lord]
    if not lord.alive or mind.lord == mind.me:
        return False
    helpful = mind.identity == "loyalist" or len(mind.others) > 1
    return helpful and lord.hp <= 2 and mind.my_row.hp >= 2


def score_peach(mind: Mind, use: Use) -> float:
    target = use.targets[0] if use.targets else mind.me
    row = mind.rows[target]
    if row.hp >= row.max_hp:
        return NEVER
    if target != mind.me:
        return heal_value(mind, target) - 2.0 if row.hp <= 1 else -1.0
    if _keeps_peach_for_lord(mind):
        return NEVER
    hp = row.hp
    hand = len(mind.hand)
    # Kept while healthy (it saves from dying just as well, and may save a friend); eaten when
    # low, or when the hand limit would throw a card away anyway.
    if hp > 2 and hand <= hp and row.max_hp - hp < 2:
        return NEVER
    return 0.6 + (1.5 if hp <= 1 else 0.0) + (0.5 if hand > hp else 0.0)


def slash_hit(mind: Mind, target: int, use: Use) -> float:
    """The chance a Slash of ``use`` hits ``target`` (0 if it cannot)."""
    colours = {is_red(c) for c in use.cards}
    return _slash_hit(mind, target, bool(use.cards) and colours == {False}, len(use.cards))


def _slash_hit(mind: Mind, target: int, black: bool, spent: int) -> float:
    key = ("hit", target, black, spent)
    found = mind._memo.get(key)
    if found is not None:
        return found
    me = mind.my_row
    weapon = me.equips.get("weapon", "")
    ignores_armor = weapon.startswith("qinggang-")
    row = mind.rows[target]
    armor = row.equips.get("armor", "")
    if armor.startswith("renwang-") and not ignores_armor and black:
        mind._memo[key] = 0.0
        return 0.0  # Nioh Shield stops a black Slash
    needed = 2 if "wushuang" in me.skills else 1
    dodge = mind.dodge_chance(target, needed, ignore_armor=ignores_armor)
    if "tieji" in me.skills:
        dodge *= 0.5
    if weapon.startswith("guanshi-") and len(mind.hand) + len(me.equips) - spent >= 3:
        dodge *= 0.3  # the Axe forces the damage through
    if weapon.startswith("qinglong-") and mind.slashes_in_hand - spent >= 1:
        dodge *= dodge
    mind._memo[key] = 1.0 - dodge
    return 1.0 - dodge


def score_slash(mind: Mind, use: Use) -> float:
    black = bool(use.cards) and not any(is_red(c) for c in use.cards)
    key = ("slash", use.targets, black, len(use.cards), use.via == "jijiang")
    value = mind._memo.get(key)
    if value is None:
        value = mind._memo[key] = _slash_effect(mind, use.targets, black, len(use.cards),
                                                use.via == "jijiang")
    if value == NEVER:
        return value
    return value - spend_cost(mind, use)


def _slash_effect(mind: Mind, targets: tuple[int, ...], black: bool, spent: int,
                  borrowed: bool) -> float:
    """What a Slash at ``targets`` does, before the cards it costs."""
    damage = 2 if mind.view.me.flags.get("luoyi") else 1
    value = 0.0
    for target in targets:
        if not mind.foe(target):
            return NEVER
        hit = _slash_hit(mind, target, black, spent)
        if hit <= 0:
            return NEVER
        value += hit * mind.hurt_value(target, damage) + (1 - hit) * 0.3 * mind.enmity(target)
    if borrowed:
        value *= 0.5  # only if a Shu hero plays the Slash for him
    return value


def duel_win(mind: Mind, target: int) -> float:
    """The chance ``target`` runs out of Slashes before this bot does."""
    mine = float(mind.slashes_in_hand)
    theirs = mind.expected_slashes(target)
    if "wushuang" in mind.my_row.skills:
        theirs /= 2
    if "wushuang" in mind.rows[target].skills:
        mine /= 2
    return 1.0 / (1.0 + math.exp(-1.6 * (mine - theirs + 0.3)))


def score_duel(mind: Mind, use: Use) -> float:
    target = use.targets[0]
    if not mind.foe(target):
        return NEVER
    damage = 2 if mind.view.me.flags.get("luoyi") else 1
    win = duel_win(mind, target)
    gain = win * mind.hurt_value(target, damage) + (1 - win) * mind.hurt_value(mind.me, 1)
    spent = min(mind.slashes_in_hand, mind.expected_slashes(target) + 1) * 0.6
    return gain - spent - spend_cost(mind, use)


def score_collateral(mind: Mind, use: Use) -> float:
    wielder, victim = use.targets
    weapon = mind.rows[wielder].equips.get("weapon")
    if weapon is None:
        return NEVER
    # The wielder Slashes the victim when it wants the victim hurt, else gives up the weapon.
    willing = mind.enmity(victim) > 0.3 and mind.enmity(wielder) < 0
    if willing:
        hit = 1.0 - mind.dodge_chance(victim)
        value = mind.slash_chance(wielder) * hit * mind.hurt_value(victim)
    else:
        value = equip_value(weapon) * (0.8 + max(mind.enmity(wielder), 0.0) * 0.5)
        if mind.enmity(victim) < -0.3:
            value -= 0.5 * mind.slash_chance(wielder) * -mind.hurt_value(victim)
    return value - 0.3


def score_equip(mind: Mind, use: Use) -> float:
    new = use.cards[0]
    slot = KINDS[name_of(new)].slot
    assert slot is not None
    worn = mind.my_row.equips.get(slot)
    gain = equip_value(new) - (equip_value(worn) if worn else 0.0)
    if name_of(new) == "zhuge":
        gain += 0.8 * max(mind.count("sha") - 1, 0)
    if slot == "weapon" and worn and KINDS[name_of(new)].reach > KINDS[name_of(worn)].reach:
        gain += 0.3
    if gain <= 0:
        return NEVER
    return FIRST + gain


def score_kurou(mind: Mind, use: Use) -> float:
    hp = mind.my_row.hp
    if hp >= 3 or (hp == 2 and mind.count("tao")):
        return 1.5
    return NEVER


def score_zhiheng(mind: Mind, use: Use) -> float:
    values = mind.keep_values()
    junk = sum(1 for c in mind.hand if values.get(c, 0.0) < 2.6)
    return 0.7 * junk if junk else -1.0


def score_rende(mind: Mind, use: Use) -> float:
    target = use.targets[0]
    stance = mind.enmity(target)
    if stance >= -0.3:
        return NEVER
    given = mind.view.me.flags.get("rende", 0)
    row = mind.my_row
    value = 0.4 * -stance - 0.25 * mind.keep_values().get(use.cards[0], 2.0)
    if given == 1 and row.hp < row.max_hp and not mind.view.me.flags.get("rende_healed"):
        value += 3.0
    if len(mind.hand) > row.hp:
        value += 1.0
    return value


def score_qingnang(mind: Mind, use: Use) -> float:
    return heal_value(mind, use.targets[0]) - 0.4 * mind.keep_values().get(use.cards[0], 2.0)


def score_jieyin(mind: Mind, use: Use) -> float:
    target = use.targets[0]
    heal_other = heal_value(mind, target)
    if heal_other < 0:
        return NEVER
    values = sorted(mind.keep_values().values())[:2]
    return heal_value(mind, mind.me) + heal_other - 0.4 * sum(values)


def score_fanjian(mind: Mind, use: Use) -> float:
    target = use.targets[0]
    if not mind.foe(target):
        return NEVER
    return 0.7 * mind.hurt_value(target) - 1.5


def score_lijian(mind: Mind, use: Use) -> float:
    user, target = use.targets
    user_wins = 1.0 / (1.0 + math.exp(-1.6 * (mind.expected_slashes(user)
                                             - mind.expected_slashes(target) + 0.3)))
    value = user_wins * mind.hurt_value(target) + (1 - user_wins) * mind.hurt_value(user)
    return value - 1.2


SCORES: dict[str, Callable[[Mind, Use], float]] = {
    "sha": score_slash,
    "juedou": score_duel,
    "shunshou": score_take,
    "guohe": score_take,
    "lebu": score_indulgence,
    "shandian": score_lightning,
    "nanman": score_area_attack,
    "wanjian": score_area_attack,
    "wugu": score_grace,
    "taoyuan": score_salvation,
    "tao": score_peach,
    "jiedao": score_collateral,
    "wuzhong": lambda mind, use: FIRST + 2.0,
    "kurou": score_kurou,
    "zhiheng": score_zhiheng,
    "rende": score_rende,
    "qingnang": score_qingnang,
    "jieyin": score_jieyin,
    "fanjian": score_fanjian,
    "lijian": score_lijian,
}


def score_use(mind: Mind, use: Use) -> float:
    name = use.name
    kind = KINDS.get(name)
    if kind is not None and kind.kind == "equip":
        return score_equip(mind, use)
    scorer = SCORES.get(name)
    if scorer is None:
        return NEVER
    value = scorer(mind, use)
    if value == NEVER:
        return value
    if use.via and use.cards and name not in ("sha", "juedou", "tao"):
        value -= 0.15 * sum(card_value(c) for c in use.cards if name_of(c) != name)
    if name in ("shunshou", "guohe") and value > 0:
        value += 1.0  # before the attacks that the card taken would have stopped
    return value


# Uses worth ``NEVER`` for a reason that holds whatever card is used: a Slash or a
# trick at a seat this bot will not harm. Once one such use is found, the same name at the same
# targets with another card is not worked out again (a Slash's colour matters: Nioh Shield).
_SAME_FOR_ANY_CARD = frozenset({"juedou", "guohe", "shunshou", "lebu", "fanjian", "lijian",
                                "jiedao", "tao", "qingnang", "jieyin"})


def choose_play(mind: Mind, prompt: Prompt) -> Action:
    best: Action = prompt.actions[0]
    best_score = 0.0
    never: set[tuple[object, ...]] = set()
    for action in prompt.actions:
        if type(action) is not Use:
            continue
        # Read from the action's fields: each attribute of a pydantic model costs a
        # ``__getattr__`` hook, and a play prompt lists a few dozen uses.
        fields = action.__dict__
        name = fields["name"]
        if name == "sha":
            cards = fields["cards"]
            key: tuple[object, ...] = (name, fields["targets"], fields["via"],
                                       bool(cards) and not any(map(is_red, cards)))
        elif name in _SAME_FOR_ANY_CARD:
            key = (name, fields["targets"])
        else:
            key = ()
        if key and key in never:
            continue
        score = score_use(mind, action)
        if score == NEVER and key:
            never.add(key)
        if score > best_score:
            best, best_score = action, score
    return best

