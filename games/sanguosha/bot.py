"""The built-in bot: plays its identity from the public table and its own hand only."""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt
from games.sanguosha.actions import Choose, Respond, Use
from games.sanguosha.bot_mind import Mind, card_value
from games.sanguosha.cards import KINDS, name_of
from games.sanguosha.heroes import HEROES
from games.sanguosha.responses import HARMFUL_TRICKS
from games.sanguosha.skills.base import SKILL_BOTS
from games.sanguosha.views import SeatView

# Stronger heroes first (a rough table-talk ranking of the standard set).
HERO_ORDER = (
    "liubei",
    "sunquan",
    "caocao",
    "zhaoyun",
    "huatuo",
    "guojia",
    "zhenji",
    "zhangliao",
    "simayi",
    "lvmeng",
    "huangyueying",
    "zhouyu",
    "sunshangxiang",
    "luxun",
    "diaochan",
    "ganning",
    "zhangfei",
    "machao",
    "lvbu",
    "guanyu",
    "daqiao",
    "huanggai",
    "xiahoudun",
    "zhugeliang",
    "xuchu",
)


def choose_action(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    handler = _HANDLERS.get(prompt.kind)
    if handler is None:
        return prompt.actions[prompt.default or 0]
    return handler(view, prompt, rng)


def _hero(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    def rank(action: Action) -> tuple[int, int]:
        hero = action.option if isinstance(action, Choose) else ""
        return (-HEROES[hero].hp, HERO_ORDER.index(hero))

    return min(prompt.actions, key=rank)


def _uses(prompt: Prompt) -> list[Use]:
    return [a for a in prompt.actions if isinstance(a, Use)]


def _best_target(mind: Mind, uses: list[Use], view: SeatView, least: float = 0.3) -> Use | None:
    """The use whose targets this bot most wants hurt (weak ones first)."""
    best, best_score = None, least
    for use in uses:
        score = sum(mind.enmity(t) for t in use.targets)
        score += sum(0.3 / max(view.seats[t].hp, 1) for t in use.targets if mind.enmity(t) > 0)
        score -= 0.05 * len(use.cards)
        if score > best_score:
            best, best_score = use, score
    return best


def _play(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    mind = Mind(view)
    me = view.seats[view.me.seat]
    uses = _uses(prompt)
    by_name: dict[str, list[Use]] = {}
    for use in uses:
        by_name.setdefault(use.name, []).append(use)
    plain = lambda name: [u for u in by_name.get(name, []) if not u.via]  # noqa: E731

    # Equipment into empty slots; weapons only when none is held.
    for use in uses:
        kind = KINDS.get(use.name)
        if kind is not None and kind.kind == "equip" and not use.via and kind.slot not in me.equips:
            return use
    if me.hp < me.max_hp and plain("tao"):
        return plain("tao")[0]
    for use in plain("tao"):
        # A Peach on another seat (option ``peach_on_others``): a friend on its last HP.
        friend = use.targets[0]
        if friend != mind.me and view.seats[friend].hp <= 1 and mind.enmity(friend) < -0.3:
            return use
    for name in ("wuzhong", "wugu"):
        if plain(name):
            return plain(name)[0]
    if plain("taoyuan"):
        wounded = [r.seat for r in view.seats if r.alive and r.hp < r.max_hp]
        if sum(-mind.enmity(s) for s in wounded) > 0:
            return plain("taoyuan")[0]
    for name in ("shunshou", "guohe", "lebu"):
        choice = _best_target(mind, by_name.get(name, []), view)
        if choice is not None:
            return choice
    if by_name.get("guohe"):
        # Clear a friend's (or own) judgement area of a delayed trick.
        for use in by_name["guohe"]:
            row = view.seats[use.targets[0]]
            if row.judging and mind.enmity(row.seat) < 0 and not row.hand_count:
                return use
    for name in ("nanman", "wanjian"):
        if plain(name):
            others = [s for s in mind.living() if s != mind.me]
            if sum(mind.enmity(s) for s in others) > 0.5:
                return plain(name)[0]
    slashes = sum(1 for c in view.me.hand if name_of(c) == "sha")
    duels = [u for u in by_name.get("juedou", []) if mind.enmity(u.targets[0]) > 0.3]
    if duels and slashes >= view.seats[duels[0].targets[0]].hand_count // 3:
        choice = _best_target(mind, duels, view)
        if choice is not None:
            return choice
    collateral = [u for u in by_name.get("jiedao", []) if mind.enmity(u.targets[0]) > 0.3]
    choice = _best_target(mind, collateral, view)
    if choice is not None:
        return choice
    choice = _best_target(mind, by_name.get("sha", []), view)
    if choice is not None:
        return choice
    skill = _active_skill(mind, view, by_name)
    if skill is not None:
        return skill
    return prompt.actions[0]


def _active_skill(mind: Mind, view: SeatView, by_name: dict[str, list[Use]]) -> Use | None:
    me = view.seats[view.me.seat]
    hand = list(view.me.hand)
    if by_name.get("kurou") and (me.hp >= 3 or any(name_of(c) == "tao" for c in hand)):
        return by_name["kurou"][0]
    for use in by_name.get("qingnang", []):
        if mind.enmity(use.targets[0]) < 0:
            return min(
                (u for u in by_name["qingnang"] if u.targets == use.targets),
                key=lambda u: card_value(u.cards[0]),
            )
    for use in by_name.get("jieyin", []):
        if mind.enmity(use.targets[0]) < 0 or me.hp < me.max_hp:
            return use
    if by_name.get("zhiheng") and any(card_value(c) < 3 for c in hand):
        return by_name["zhiheng"][0]
    choice = _best_target(mind, by_name.get("fanjian", []), view, least=0.5)
    if choice is not None:
        return choice
    for use in by_name.get("lijian", []):
        user, target = use.targets
        if mind.enmity(target) > 0.5 and mind.enmity(user) >= 0:
            return use
    if len(hand) > me.hp:
        friends = [s for s in mind.friends() if s != mind.me]
        for use in by_name.get("rende", []):
            if use.targets[0] in friends:
                return min(
                    (u for u in by_name["rende"] if u.targets == use.targets),
                    key=lambda u: card_value(u.cards[0]),
                )
    return None


def _discard(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    pick = prompt.pick
    if pick is None:
        return prompt.actions[0]
    cheapest = sorted(pick.options, key=card_value)[: pick.min]
    return pick.build(cheapest)


def _first_answer(prompt: Prompt) -> Action:
    answers = [a for a in prompt.actions if isinstance(a, Respond)]
    if not answers:
        return prompt.actions[0]
    return min(answers, key=lambda a: (len(a.cards), bool(a.via), sum(map(card_value, a.cards))))


def _dodge(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    return _first_answer(prompt)


def _slash_answer(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    mind = Mind(view)
    src = prompt.params.get("src", -1)
    # In a Duel against a friend, losing one HP is cheaper than the Slashes.
    if prompt.params.get("reason") == "juedou" and src >= 0 and mind.enmity(src) < -0.3:
        return prompt.actions[0]
    return _first_answer(prompt)


def _nullify(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    if not any(isinstance(a, Respond) for a in prompt.actions):
        return prompt.actions[0]
    mind = Mind(view)
    trick = prompt.params.get("trick", "")
    target = prompt.params.get("target", -1)
    src = prompt.params.get("src", -1)
    if trick == "wuxie":
        wanted = src >= 0 and mind.enmity(src) > 0.5
    elif trick in HARMFUL_TRICKS:
        wanted = target >= 0 and mind.enmity(target) < -0.3
    else:
        wanted = target >= 0 and mind.enmity(target) > 1.0
    return _first_answer(prompt) if wanted else prompt.actions[0]


def _peach(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    dying = prompt.params.get("dying", -1)
    if Mind(view).enmity(dying) < -0.3:
        return _first_answer(prompt)
    return prompt.actions[0]


def _grace(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    return max(prompt.actions, key=lambda a: card_value(a.option) if isinstance(a, Choose) else 0)


def _pick_card(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    mind = Mind(view)
    target = prompt.params.get("target", -1)
    options = [a for a in prompt.actions if isinstance(a, Choose)]
    row = view.seats[target] if target >= 0 else None
    if row is not None and mind.enmity(target) < 0:
        for action in options:
            if any(action.option == c for c, _ in row.judging):
                return action
    for action in options:
        if action.option != "hand" and name_of(action.option) in ("zhuge", "bagua", "renwang"):
            return action
    return options[0]


def _collateral(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    mind = Mind(view)
    victim = prompt.params.get("victim", -1)
    uses = _uses(prompt)
    if uses and mind.enmity(victim) >= -0.3:
        return min(uses, key=lambda u: sum(map(card_value, u.cards)))
    return prompt.actions[0]


def _double_swords(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    cards = [a for a in prompt.actions if isinstance(a, Choose) and a.option != "let_draw"]
    if len(cards) >= 3:
        return min(cards, key=lambda a: card_value(a.option))
    return prompt.actions[0]


def _axe(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    target = prompt.params.get("target", -1)
    pick = prompt.pick
    if pick is None or Mind(view).enmity(target) <= 0.5 or len(pick.options) < 3:
        return prompt.actions[0]
    return pick.build(sorted(pick.options, key=card_value)[:2])


def _blade(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    uses = _uses(prompt)
    if uses and Mind(view).enmity(prompt.params.get("target", -1)) > 0.3:
        return uses[0]
    return prompt.actions[0]


def _yes_if_friend(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    """Ice Sword: spare a friend the damage; otherwise the damage counts more."""
    friend = Mind(view).enmity(prompt.params.get("target", -1)) < 0
    return prompt.actions[1] if friend else prompt.actions[0]


def _kylin(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    if len(prompt.actions) > 1 and Mind(view).enmity(prompt.params.get("target", -1)) > 0:
        return prompt.actions[1]
    return prompt.actions[0]


def _skill(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    bot = SKILL_BOTS.get(str(prompt.params.get("skill", "")))
    if bot is None:
        return prompt.actions[prompt.default or 0]
    return bot(view, prompt, rng)


_HANDLERS: dict[str, Any] = {
    "hero": _hero,
    "play": _play,
    "discard": _discard,
    "dodge": _dodge,
    "slash": _slash_answer,
    "nullify": _nullify,
    "peach": _peach,
    "grace": _grace,
    "pick_card": _pick_card,
    "collateral": _collateral,
    "double_swords": _double_swords,
    "axe": _axe,
    "blade": _blade,
    "ice_sword": _yes_if_friend,
    "kylin_bow": _kylin,
    "skill": _skill,
}
