"""Answers outside the play phase: Dodges, Slashes asked for, Peaches for the dying,
Nullifications, and the choices weapons and tricks ask for."""

from __future__ import annotations

from typing import Any

from games.core import Action, Prompt
from games.sanguosha.actions import Choose, Respond, Use
from games.sanguosha.bot_mind import Mind, equip_value
from games.sanguosha.bot_play import heal_value, slash_hit, spend_cost
from games.sanguosha.cards import name_of

# What a Nullification in hand is worth keeping, in the bots' one currency.
NULLIFY_KEPT = 1.6


def cheapest(mind: Mind, answers: list[Any]) -> Action:
    """The answer that gives up the least: the card itself before a card turned into it."""
    values = mind.keep_values()

    def cost(action: Any) -> float:
        spent = 0.0
        for c in action.cards:
            spent += values.get(c, equip_value(c)) + (0.0 if name_of(c) == action.name else 0.2)
        return spent

    return min(answers, key=cost)


def _answers(prompt: Prompt) -> list[Respond]:
    return [a for a in prompt.actions if type(a) is Respond]


def _distinct_cards(answers: list[Respond]) -> int:
    return len({c for a in answers for c in a.cards})


def dodge(mind: Mind, prompt: Prompt) -> Action:
    answers = _answers(prompt)
    if not answers:
        return prompt.actions[0]
    left = int(prompt.params.get("left", 1))
    if _distinct_cards(answers) < left:
        return prompt.actions[0]  # Wushuang wants two: one Dodge would be thrown away
    return cheapest(mind, answers)


def slash_answer(mind: Mind, prompt: Prompt) -> Action:
    answers = _answers(prompt)
    if not answers:
        return prompt.actions[0]
    left = int(prompt.params.get("left", 1))
    if _distinct_cards(answers) < left:
        return prompt.actions[0]
    src = int(prompt.params.get("src", -1))
    if prompt.params.get("reason") == "juedou" and src >= 0 and mind.my_row.hp > 1:
        if mind.friend(src):
            # A Duel with a friend: losing one HP costs less than the Slashes.
            return prompt.actions[0]
        if mind.slashes_in_hand * (2 if "wushuang" in mind.my_row.skills else 1) < \
                mind.expected_slashes(src) - 0.8 and mind.my_row.hp > 2:
            # A Duel that will be lost anyway: keep the Slashes, take the point of damage.
            return prompt.actions[0]
    return cheapest(mind, answers)


def peach(mind: Mind, prompt: Prompt) -> Action:
    answers = _answers(prompt)
    dying = int(prompt.params.get("dying", -1))
    if not answers or dying < 0:
        return prompt.actions[0]
    if mind.saves(dying):
        return cheapest(mind, answers)
    return prompt.actions[0]


# -- Nullification ----------------------------------------------------------------------------
def _trick_weight(mind: Mind, trick: str, seat: int) -> float:
    """How much ``trick`` changes things for ``seat`` (> 0 whichever way it goes)."""
    row = mind.rows[seat]
    if trick == "nanman":
        return (1.0 - mind.slash_chance(seat)) * mind.damage_weight(seat) + 0.3
    if trick == "wanjian":
        return (1.0 - mind.dodge_chance(seat)) * mind.damage_weight(seat) + 0.3
    if trick == "juedou":
        return 0.6 * mind.damage_weight(seat) + 0.5
    if trick in ("guohe", "shunshou"):
        return 1.0 + (0.8 if row.hand_count + len(row.equips) <= 1 else 0.0)
    if trick == "lebu":
        return 2.0 + 0.3 * row.hand_count
    if trick == "shandian":
        return 0.15 * mind.damage_weight(seat, 3)
    if trick == "jiedao":
        return 1.0
    if trick == "wuzhong":
        return 2.0
    if trick == "taoyuan":
        return abs(heal_value(mind, seat)) / 1.5 if row.hp < row.max_hp else 0.0
    if trick == "wugu":
        return 0.6
    return 1.0


def nullify_gain(mind: Mind, params: dict[str, Any], seat: int | None = None) -> float:
    """What stopping the effect under way is worth to this bot: > 0 when it is bad for its
    side (a harmful trick on a friend, a helpful one for a foe)."""
    at_stake = int(params.get("at_stake", params.get("target", -1))) if seat is None else seat
    if at_stake < 0:
        return 0.0
    good = bool(params.get("good", False))
    weight = _trick_weight(mind, str(params.get("origin", params.get("trick", ""))), at_stake)
    stance = mind.enmity(at_stake)
    return stance * weight if good else -stance * weight


def _later_targets(mind: Mind, params: dict[str, Any]) -> list[int]:
    """The seats an area trick reaches after the one now at stake."""
    src = int(params.get("src", -1))
    target = int(params.get("target", -1))
    if src < 0 or target < 0:
        return []
    n = len(mind.rows)
    order = [(src + i) % n for i in range(1, n)]
    living = [s for s in order if mind.rows[s].alive]
    return living[living.index(target) + 1:] if target in living else []


def nullify(mind: Mind, prompt: Prompt) -> Action:
    answers = _answers(prompt)
    if not answers:
        return prompt.actions[0]
    params = prompt.params
    gain = nullify_gain(mind, params)
    kept = NULLIFY_KEPT if len(answers) <= 1 else NULLIFY_KEPT / 2
    if gain <= kept:
        return prompt.actions[0]
    trick = params.get("trick")
    if trick in ("nanman", "wanjian") and len(answers) <= 1:
        # One Nullification: keep it for a later seat that needs it more.
        later = [nullify_gain(mind, {**params, "at_stake": s}, s)
                 for s in _later_targets(mind, params)]
        if later and max(later) > gain:
            return prompt.actions[0]
    return cheapest(mind, answers)


# -- choices weapons and tricks ask for -----------------------------------------------------------
_TAKE_FIRST = {"renwang": 4.0, "bagua": 4.0, "zhuge": 3.5, "qinglong": 2.8, "guanshi": 2.8,
               "zhangba": 2.6, "qilin": 2.4, "fangtian": 2.2, "cixiong": 2.2, "qinggang": 2.6,
               "hanbing": 2.4}


def pick_card(mind: Mind, prompt: Prompt) -> Action:
    """Which of a seat's cards a Snatch, Dismantlement or Ice Sword takes."""
    target = int(prompt.params.get("target", -1))
    options = [a for a in prompt.actions if type(a) is Choose]
    if not options:
        return prompt.actions[0]
    row = mind.rows[target] if target >= 0 else None
    judging = {c: name for c, name in row.judging} if row is not None else {}
    friendly = target >= 0 and mind.enmity(target) < 0

    def worth(action: Choose) -> float:
        option = action.option
        if option in judging:
            trick = judging[option]
            value = (3.0 if trick == "lebu" else 1.5) if friendly else -2.0
            return value
        if option == "hand":
            assert row is not None
            return -1.0 if friendly else 2.2 + (1.0 if row.hand_count <= 2 else 0.0)
        name = name_of(option)
        if friendly:
            return -equip_value(option)
        return _TAKE_FIRST.get(name, 2.0)

    return max(options, key=worth)


def grace(mind: Mind, prompt: Prompt) -> Action:
    values = mind.keep_values()

    def worth(action: Action) -> float:
        if type(action) is not Choose:
            return -1.0
        option = action.option
        return values.get(option, 0.0) + (2.0 if name_of(option) == "tao" else 0.0)

    return max(prompt.actions, key=worth)


def collateral(mind: Mind, prompt: Prompt) -> Action:
    """Asked to Slash the victim or give up the weapon to the trick's user."""
    victim = int(prompt.params.get("victim", -1))
    user = int(prompt.params.get("user", -1))
    uses = [a for a in prompt.actions if type(a) is Use]
    weapon = mind.my_row.equips.get("weapon")
    keep = equip_value(weapon) if weapon else 0.0
    if user >= 0 and mind.enmity(user) > 0:
        keep += 1.0
    best: Action = prompt.actions[0]
    best_value = -keep
    for use in uses:
        value = slash_hit(mind, victim, use) * mind.hurt_value(victim) - spend_cost(mind, use)
        if mind.enmity(victim) <= 0.3:
            continue
        if value > best_value:
            best, best_value = use, value
    return best


def double_swords(mind: Mind, prompt: Prompt) -> Action:
    """Throw a hand card, or let the Swords' wielder draw one."""
    user = int(prompt.params.get("user", -1))
    cards = [a for a in prompt.actions if type(a) is Choose and a.option != "let_draw"]
    if not cards or (user >= 0 and mind.enmity(user) <= 0):
        return prompt.actions[0]
    values = mind.keep_values()
    cheapest_card = min(cards, key=lambda a: values.get(a.option, 2.0))
    if values.get(cheapest_card.option, 2.0) <= 2.5:
        return cheapest_card
    return prompt.actions[0]


def axe(mind: Mind, prompt: Prompt) -> Action:
    """The Axe: two cards to make a dodged Slash hit."""
    target = int(prompt.params.get("target", -1))
    pick = prompt.pick
    if pick is None or target < 0 or mind.enmity(target) <= 0.3:
        return prompt.actions[0]
    values = mind.keep_values()
    worn = mind.my_row.equips
    price = sorted(pick.options, key=lambda c: values.get(c, equip_value(c) if c in
                                                          worn.values() else 2.0))[:2]
    cost = sum(values.get(c, equip_value(c)) for c in price)
    damage = 2 if mind.view.me.flags.get("luoyi") else 1
    if mind.hurt_value(target, damage) > 0.8 * cost:
        return pick.build(price)
    return prompt.actions[0]


def blade(mind: Mind, prompt: Prompt) -> Action:
    """The Blade: another Slash at the seat that dodged."""
    target = int(prompt.params.get("target", -1))
    uses = [a for a in prompt.actions if type(a) is Use]
    if not uses or target < 0 or mind.enmity(target) <= 0.3:
        return prompt.actions[0]
    best = min(uses, key=lambda u: spend_cost(mind, u))
    value = slash_hit(mind, target, best) * mind.hurt_value(target) - spend_cost(mind, best)
    return best if value > 0 else prompt.actions[0]


def ice_sword(mind: Mind, prompt: Prompt) -> Action:
    """Ice Sword: two of the target's cards instead of the damage."""
    target = int(prompt.params.get("target", -1))
    no, yes = prompt.actions[0], prompt.actions[1]
    if target < 0 or mind.enmity(target) < 0:
        return yes
    row = mind.rows[target]
    if row.hp >= 3 and len(row.equips) >= 2:
        return yes
    return no


def kylin_bow(mind: Mind, prompt: Prompt) -> Action:
    target = int(prompt.params.get("target", -1))
    horses = [a for a in prompt.actions if type(a) is Choose and a.option != "no"]
    if not horses or target < 0 or mind.enmity(target) <= 0:
        return prompt.actions[0]
    return max(horses, key=lambda a: 1.0 if a.option.split("-")[0] in
               ("jueying", "dilu", "zhuahuang") else 0.5)


def discard(mind: Mind, prompt: Prompt) -> Action:
    """Keeps the cards worth most here; throws the rest the limit asks for."""
    pick = prompt.pick
    if pick is None:
        return prompt.actions[0]
    values = mind.keep_values()
    ranked = sorted(pick.options, key=lambda c: values.get(c, 0.0))
    return pick.build(ranked[: pick.min])
