"""The table's variant lines name every older-edition rule the table plays with, in the reader's
language (the lobby, the board's footer and the reveal read them from ``option_lines``)."""

from __future__ import annotations

import pytest

from bot.renderers import renderer_for
from games.sanguosha import GAME
from games.sanguosha.options import OLDER_EDITION_RULES
from tests.shown import md, mds, t


def test_the_standard_game_lists_no_older_edition_rule() -> None:
    lines = mds(renderer_for("sanguosha").option_lines({}, "en-US"))
    for name in OLDER_EDITION_RULES:
        assert t(f"sanguosha.option.{name}", "en-US") not in lines


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
@pytest.mark.parametrize("name", OLDER_EDITION_RULES)
def test_each_older_edition_rule_chosen_is_listed(name: str, locale: str) -> None:
    lines = mds(renderer_for("sanguosha").option_lines({name: True}, locale))
    assert t(f"sanguosha.option.{name}", locale) in lines
    others = [t(f"sanguosha.option.{other}", locale)
              for other in OLDER_EDITION_RULES if other != name]
    assert not set(others) & set(lines)


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_discarding_at_will_reads_the_least_and_the_most(locale: str) -> None:
    """Older edition, discarding at will: the question says the excess is the least and the
    whole hand the most, never "discard 0 cards down to your HP"."""
    from games.core import Pick, Prompt
    from games.sanguosha.actions import Discard
    from tests.test_sanguosha_renderer import table

    live, state = table()
    hand = tuple(state.deck[:4])
    pick = Pick(field="cards", options=hand, min=0, max=len(hand), template=Discard(seat=0))
    prompt = Prompt(seat=0, kind="discard", actions=[pick.build(())], question="q", clock="turn",
                    pick=pick, params={"count": 0})
    line = md(renderer_for("sanguosha").prompt_line(live, GAME.view(state, 0), prompt, locale))
    assert str(len(hand)) in line
    assert line != t("sanguosha.prompt.discard", locale, count=0)
    assert line == t("sanguosha.prompt.discard_at_will", locale, count=0, most=str(len(hand)))
