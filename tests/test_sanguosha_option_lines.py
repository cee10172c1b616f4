"""The table's variant lines name every older-edition rule the table plays with, in the reader's
language (the lobby, the board's footer and the reveal read them from ``option_lines``)."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.renderers import renderer_for
from games.sanguosha.options import OLDER_EDITION_RULES


def test_the_standard_game_lists_no_older_edition_rule() -> None:
    lines = renderer_for("sanguosha").option_lines({}, "en-US")
    for name in OLDER_EDITION_RULES:
        assert t(f"sanguosha.option.{name}", "en-US") not in lines


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
@pytest.mark.parametrize("name", OLDER_EDITION_RULES)
def test_each_older_edition_rule_chosen_is_listed(name: str, locale: str) -> None:
    lines = renderer_for("sanguosha").option_lines({name: True}, locale)
    assert t(f"sanguosha.option.{name}", locale) in lines
    others = [t(f"sanguosha.option.{other}", locale)
              for other in OLDER_EDITION_RULES if other != name]
    assert not set(others) & set(lines)
