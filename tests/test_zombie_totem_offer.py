"""The totem offered to a willing receiver, at the table: the receiver's question, its two
answers and the log lines read whole in English and Simplified Chinese.

Rule checked (seed 003: "圖騰都可以給予願意接受的存活玩家"): the totem changes hands only when
the player it is offered to accepts; the renderer must say who offers it to whom and let the
receiver take or refuse it.
"""

from __future__ import annotations

import re

import pytest

from bot.games.zombie.renderer import ZombieRenderer
from bot.renderers import renderer_for
from games.zombie import GAME
from games.zombie.actions import AcceptTotem, GiveTotem, RefuseTotem
from tests.games.zombie.builders import play, prompt_of, table
from tests.pictures.tables import CHINESE_NAMES, ENGLISH_NAMES, live_match
from tests.shown import as_label, md

PLACEHOLDER = re.compile(r"\{[a-z_]+\}|zombie\.[a-z_]+\.[a-z_]+")


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_the_offered_totem_is_asked_and_answered_in_words(locale: str) -> None:
    r = renderer_for("zombie")
    assert isinstance(r, ZombieRenderer)
    state = table(seats=3)
    state.totem, state.totem_holder = "held", 1
    state.forget_pending()
    names = (CHINESE_NAMES if locale == "zh-CN" else ENGLISH_NAMES)[:3]
    live = live_match("zombie", names, locale=locale)
    state, offered = play(state, GiveTotem(seat=1, to=2))
    live.state = state
    prompt = prompt_of(state, 2)
    view = GAME.view(state, 2)
    line = md(r.prompt_line(live, view, prompt, locale))
    labels = [as_label(r.action_label(live, view, a, locale)) for a in prompt.actions]
    _, refused = play(state, RefuseTotem(seat=2))
    _, accepted = play(state, AcceptTotem(seat=2))
    lines = [md(r.event_line(live, e, locale)) for e in [*offered, *refused, *accepted]]
    texts = [line, *labels, *lines]
    assert all(text and not PLACEHOLDER.search(text) for text in texts), texts
    assert names[1] in line
    assert names[1] in lines[0] and names[2] in lines[0]
    assert len(set(labels[:2])) == 2
    panel = r.panel_embed(live, view, 2, locale)
    assert panel is not None
