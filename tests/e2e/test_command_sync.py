"""The command tree is written to Discord only when it or its translations changed: Discord
caps command creation at 200 a day, and a bot restarted in a crash loop must not spend them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tables.i18n import catalog
from tests.e2e.parlor import parlor
from tests.fakediscord import FakeDiscord

KEY = "command.lifeboat.description"


def description_in(fake: FakeDiscord, locale: str) -> str:
    lifeboat = next(c for c in fake.world.commands.values() if c.name == "lifeboat")
    return str(lifeboat.payload["description_localizations"][locale])


async def test_commands_are_synced_again_only_when_the_tree_or_a_translation_changed(
    tmp_path: Path, fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    async with parlor(tmp_path, fake):
        pass
    assert fake.command_writes == 1
    assert description_in(fake, "zh-CN") == catalog("zh_CN")[KEY]

    async with parlor(tmp_path, fake):
        pass
    assert fake.command_writes == 1, "an unchanged tree was written again"

    monkeypatch.setitem(catalog("zh_CN"), KEY, "救生艇：新的说明")
    async with parlor(tmp_path, fake):
        pass
    assert fake.command_writes == 2, "a changed translation did not reach Discord"
    assert description_in(fake, "zh-CN") == "救生艇：新的说明"
