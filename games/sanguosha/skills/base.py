"""What skill modules share: their prompts, their bot hooks and the play-phase actions they
offer."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.core import Action, Pick, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Choose, Use
from games.sanguosha.skills.registry import skills_of
from games.sanguosha.state import SanguoshaState

YES, NO = "yes", "no"

# A skill's bot answer: from the deciding seat's ``bot_mind.Mind`` (its view and its reading of
# the table), the prompt, and the generator the caller owns.
SkillBot = Callable[[Any, Prompt, random.Random], Action]
Offer = Callable[[SanguoshaState, int], list[Use]]

# The bot's answer to each skill's prompts, by skill name.
SKILL_BOTS: dict[str, SkillBot] = {}
# Skills used from the play phase: the actions each offers now.
ACTIVE: dict[str, Offer] = {}


def skill_bot(skill: str) -> Callable[[SkillBot], SkillBot]:
    def register(fn: SkillBot) -> SkillBot:
        SKILL_BOTS[skill] = fn
        return fn

    return register


def active(skill: str) -> Callable[[Offer], Offer]:
    def register(fn: Offer) -> Offer:
        ACTIVE[skill] = fn
        return fn

    return register


def active_options(state: SanguoshaState, seat: int) -> list[Use]:
    # The seat's skills once, rather than asking ``has_skill`` of every active skill.
    owned = skills_of(state, seat) if state.players[seat].alive else ()
    return [
        use
        for skill, offer in ACTIVE.items()
        if skill in owned
        for use in offer(state, seat)
    ]


def once_per_turn(state: SanguoshaState, seat: int, skill: str) -> bool:
    """Whether ``skill`` is still unused this turn."""
    return not state.players[seat].flags.get(skill)


def skill_prompt(
    seat: int,
    window: Window,
    skill: str,
    actions: list[Action],
    *,
    clock: str = "response",
    pick: Pick | None = None,
    **params: Any,
) -> Prompt:
    return fast.prompt(
        seat,
        "skill",
        actions,
        question=window.question(seat),
        clock="turn" if clock == "turn" else "response",
        pick=pick,
        params={"skill": skill, **window.data, **params},
    )


def yes_no(seat: int) -> list[Action]:
    return [fast.choose(seat, NO), fast.choose(seat, YES)]


def choose(prompt: Prompt, option: str) -> Action:
    """The prompt's action choosing ``option`` (its first action if none does)."""
    for action in prompt.actions:
        if isinstance(action, Choose) and action.option == option:
            return action
    return prompt.actions[0]


def always_yes(mind: Any, prompt: Prompt, rng: random.Random) -> Action:
    return choose(prompt, YES)
