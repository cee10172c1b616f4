"""The built-in bot: plays its identity from the public table and its own hand only.

One handler per kind of prompt; each reads the table through ``bot_mind.Mind`` (whom this
seat wants hurt or helped, from ``bot_belief``'s reading of public deeds). The table's
``bot_level`` option, which every view carries, sets how well it plays: ``normal`` as a
seasoned player of its identity, ``easy`` as a newcomer (``bot_easy``) who still never turns
on its own side.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.core import Action, Prompt
from games.sanguosha import bot_answers, bot_easy
from games.sanguosha.actions import Choose
from games.sanguosha.bot_mind import Mind
from games.sanguosha.bot_play import choose_play
from games.sanguosha.heroes import HEROES
from games.sanguosha.skills.base import SKILL_BOTS
from games.sanguosha.views import SeatView

# Stronger heroes first (a table-talk ranking of the standard set).
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

Handler = Callable[[Mind, Prompt, random.Random], Action]


def _only(handler: Callable[[Mind, Prompt], Action]) -> Handler:
    return lambda mind, prompt, rng: handler(mind, prompt)


def _hero(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    def rank(action: Action) -> tuple[int, int]:
        hero = action.option if isinstance(action, Choose) else ""
        return (-HEROES[hero].hp, HERO_ORDER.index(hero))

    return min(prompt.actions, key=rank)


def _play(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    return choose_play(mind, prompt)


def _skill(mind: Mind, prompt: Prompt, rng: random.Random) -> Action:
    bot = SKILL_BOTS.get(str(prompt.params.get("skill", "")))
    if bot is None:
        return prompt.actions[prompt.default or 0]
    return bot(mind, prompt, rng)


HANDLERS: dict[str, Handler] = {
    "hero": _hero,
    "play": _play,
    "discard": _only(bot_answers.discard),
    "dodge": _only(bot_answers.dodge),
    "slash": _only(bot_answers.slash_answer),
    "nullify": _only(bot_answers.nullify),
    "peach": _only(bot_answers.peach),
    "grace": _only(bot_answers.grace),
    "pick_card": _only(bot_answers.pick_card),
    "collateral": _only(bot_answers.collateral),
    "double_swords": _only(bot_answers.double_swords),
    "axe": _only(bot_answers.axe),
    "blade": _only(bot_answers.blade),
    "ice_sword": _only(bot_answers.ice_sword),
    "kylin_bow": _only(bot_answers.kylin_bow),
    "skill": _skill,
}


def choose_action(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    if len(prompt.actions) == 1 and prompt.pick is None:
        return prompt.actions[0]
    handler = HANDLERS.get(prompt.kind)
    if handler is None:
        return prompt.actions[prompt.default or 0]
    mind = Mind(view)
    chosen = handler(mind, prompt, rng)
    if mind.easy:
        return bot_easy.soften(mind, prompt, chosen, rng)
    return chosen
