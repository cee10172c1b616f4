"""The easy bot: a newcomer's game, legal and plausible, that a new player can beat, and that
never turns on its own side.

What it gives up against the normal bot: it reads identities only from what is face up and
from who attacked or helped the lord (``Mind`` at ``bot_level`` easy), it plays any move that
does its side some good rather than the best one, in no particular order, it spends its
Nullifications only on tricks aimed at itself or its lord, and it throws the cards it values
least by their face, not by what its hand needs. What it keeps: it saves its lord and its
friends, never attacks them, never saves a foe, and dodges what it can.
"""

from __future__ import annotations

import random
from typing import Any

from games.core import Action, Prompt
from games.sanguosha.actions import Respond, Use
from games.sanguosha.bot_mind import card_value
from games.sanguosha.bot_play import score_use

# Prompts where the easy bot keeps the normal answer: a newcomer dodges, saves and answers
# as the normal bot does (these answers are what keeps a side from being betrayed).
KEPT = frozenset({"hero", "dodge", "slash", "peach", "collateral", "grace", "kylin_bow",
                  "ice_sword", "double_swords"})
# How often it takes a plausible move other than the best.
WANDER = 0.6


def soften(mind: Any, prompt: Prompt, chosen: Action, rng: random.Random) -> Action:
    kind = prompt.kind
    if kind in KEPT:
        return chosen
    if kind == "play":
        return _play(mind, prompt, chosen, rng)
    if kind == "nullify":
        return _nullify(mind, prompt, chosen)
    if kind == "discard":
        return _discard(prompt, chosen)
    if kind in ("axe", "blade"):
        return prompt.actions[0]  # a weapon's extra use is not a newcomer's
    if kind == "pick_card" and not mind.friend(int(prompt.params.get("target", -1))):
        return rng.choice(prompt.actions)  # any card of a foe's
    guicai = kind == "skill" and prompt.params.get("skill") == "guicai"
    if guicai and prompt.params.get("judged") != mind.me:
        return prompt.actions[0]  # only his own judgements
    return chosen


def _play(mind: Any, prompt: Prompt, chosen: Action, rng: random.Random) -> Action:
    """Any use worth something, picked at random now and then instead of the best."""
    if rng.random() >= WANDER:
        return chosen
    worth = [a for a in prompt.actions if type(a) is Use and score_use(mind, a) > 0.5]
    if not worth:
        return chosen
    return rng.choice(worth)


def _nullify(mind: Any, prompt: Prompt, chosen: Action) -> Action:
    """Only for a harmful trick aimed at itself or its lord."""
    if type(chosen) is not Respond:
        return chosen
    params = prompt.params
    target = params.get("target", -1)
    harmful = not params.get("good", True)
    mine = target == mind.me or (target == mind.lord and mind.identity in ("lord", "loyalist"))
    return chosen if harmful and params.get("trick") != "wuxie" and mine else prompt.actions[0]


def _discard(prompt: Prompt, chosen: Action) -> Action:
    pick = prompt.pick
    if pick is None:
        return chosen
    return pick.build(sorted(pick.options, key=card_value)[: pick.min])
