"""Two languages at one table: a Simplified Chinese and an English player, the real discord.py
client, Parlor and the fake Discord.

Rules checked (issue 6): a player's own text follows their Discord client's locale (private
panel, opening DM, command answers, refusals); public table messages (lobby, board) follow the
server's language setting, by default the server's preferred locale; slash commands carry
Chinese descriptions through Discord's command localizations.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from games.lifeboat.views import SeatView
from tests.e2e.parlor import Table, parlor, start_table
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.shown import t

CJK = re.compile(r"[\u3400-\u9fff]")
ZH, EN = "zh-CN", "en-US"


def labels(message: FakeMessage) -> list[str]:
    found: list[str] = []

    def walk(components: list[dict[str, Any]]) -> None:
        for component in components:
            if component.get("label"):
                found.append(str(component["label"]))
            walk(component.get("components") or [])

    walk(message.components)
    return found


def command(fake: FakeDiscord, name: str) -> dict[str, Any]:
    for registered in fake.world.commands.values():
        if registered.name == name:
            return registered.payload
    raise AssertionError(f"/{name} was not registered")


def option(payload: dict[str, Any], name: str) -> dict[str, Any]:
    for child in payload.get("options") or []:
        if child["name"] == name:
            return dict(child)
    raise AssertionError(f"{payload['name']} has no option {name}")


async def secrets_of(table: Table, seat: int) -> SeatView:
    live = await table.live()
    view = live.game.view(live.state, seat)
    assert isinstance(view, SeatView)
    return view


async def test_slash_commands_are_registered_with_chinese_localizations(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: commands, options and choices carry zh-CN localizations; names stay English."""
    fake = fake_discord
    async with parlor(tmp_path, fake):
        lifeboat = command(fake, "lifeboat")
        assert lifeboat["description_localizations"][ZH] == \
            t("command.lifeboat.description", ZH)
        start = option(lifeboat, "start")
        assert start["description_localizations"][ZH] == \
            t("command.lifeboat.start.description", ZH)
        assert option(start, "sharks")["description_localizations"][ZH] == \
            t("command.lifeboat.option.sharks", ZH)
        rules = option(lifeboat, "rules")
        assert rules["description_localizations"][ZH] == \
            t("command.shared.rules.description", ZH)
        language = option(option(command(fake, "parlor"), "config"), "language")
        server_default = next(c for c in language["choices"] if c["value"] == "server")
        assert server_default["name_localizations"][ZH] == \
            t("command.parlor.config.option.language.choice.server", ZH)
        for registered in fake.world.commands.values():
            assert not registered.payload.get("name_localizations"), registered.name
            assert "en-US" not in registered.payload["description_localizations"]


async def test_each_player_reads_their_language_while_the_board_follows_the_server(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: the board follows the server (English here, its preferred locale), each player's
    DM, "My hand" panel, command answers and refusals follow that player's client."""
    fake = fake_discord
    li, amy = fake.create_user("li", locale=ZH), fake.create_user("amy", locale=EN)
    guild = fake.create_guild("Game night", members=[li, amy], locale=EN)
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [amy, li], bots=2)
        assert table.lobby is not None
        lobby = fake.message(table.lobby.id)
        assert t("lobby.variants", EN) in lobby.text()
        assert not CJK.search(lobby.text())

        await fake.wait_for(lambda: fake.dm_messages(li) and fake.dm_messages(amy),
                            what="the opening DMs")
        for user, seat, locale in ((amy, 0, EN), (li, 1, ZH)):
            dm = fake.dm_messages(user)[0].text()
            me = (await secrets_of(table, seat)).me
            assert t("dm.opening", locale, game=t("lifeboat.title", locale)) in dm
            assert t("lifeboat.panel.love", locale) in dm
            assert t(f"lifeboat.character.{me.love}", locale) in dm
            assert t(f"lifeboat.character.{me.hate}", locale) in dm
        assert CJK.search(fake.dm_messages(li)[0].text())
        assert not CJK.search(fake.dm_messages(amy)[0].text())

        humans = {0: amy, 1: li}
        rng = random.Random(6)
        for _ in range(6):  # a few moves, so that panels and the board have a story to tell
            live = await table.live()
            waiting = [p.seat for p in live.pending() if p.blocking and p.seat in humans]
            if waiting:
                await table.play_human_move(humans[waiting[0]], waiting[0], rng)

        board = await table.board()
        assert t("lifeboat.board.boat", EN) in board.text()
        assert t("board.my_hand", EN) in labels(board)
        assert not CJK.search(board.text() + " ".join(labels(board)))

        for user, seat, locale in ((amy, 0, EN), (li, 1, ZH)):
            panel = await table.open_panel(user)
            text = panel.text()
            me = (await secrets_of(table, seat)).me
            assert t("lifeboat.panel.hand", locale) in text
            assert t("lifeboat.panel.title", locale,
                     character=t(f"lifeboat.character.{me.character}", locale)) in text
            assert t("panel.refresh", locale) in labels(panel)
            shown = text + " ".join(labels(panel))
            assert bool(CJK.search(shown)) is (locale == ZH), shown

        for user, locale in ((li, ZH), (amy, EN)):
            status = await fake.run_slash(user, channel, "lifeboat status", {})
            answer = await status.wait_original()
            assert status.callback is not None and status.callback.ephemeral
            assert t("lifeboat.board.boat", locale) in answer.text()

            rules = await fake.run_slash(user, channel, "lifeboat rules", {})
            assert t("lifeboat.rules.title", locale) in (await rules.wait_original()).text()

            # A refusal: the story of a running table stays secret until it ends.
            replay = await fake.run_slash(user, channel, "parlor replay",
                                          {"match": table.match_id})
            assert t("history.still_running", locale) in (await replay.wait_original()).text()
    assert fake.client_errors == []


async def test_a_server_set_to_chinese_gets_a_chinese_board_and_english_panels(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: the server's language setting (``/parlor config language``) beats its preferred
    locale for public messages; English players still read their own panel in English."""
    fake = fake_discord
    li, amy = fake.create_user("li", locale=ZH), fake.create_user("amy", locale=EN)
    guild = fake.create_guild("夜猫子", members=[li, amy], locale=EN)
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        configured = await fake.run_slash(fake.owner, channel, "parlor config",
                                          {"language": ZH})
        assert configured.callback is not None
        assert configured.callback.accepted and configured.callback.ephemeral
        # The moderator who set it reads the confirmation in their own English.
        assert t("config.title", EN) in (await configured.wait_original()).text()

        table = await start_table(fake, client, channel, [amy, li], bots=2)
        assert table.lobby is not None
        assert t("lobby.variants", ZH) in fake.message(table.lobby.id).text()
        board = await table.board()
        assert t("lifeboat.board.boat", ZH) in board.text()
        assert t("board.my_hand", ZH) in labels(board)

        english = await table.open_panel(amy)
        assert t("lifeboat.panel.hand", EN) in english.text()
        assert not CJK.search(english.text() + " ".join(labels(english)))
        chinese = await table.open_panel(li)
        assert t("lifeboat.panel.hand", ZH) in chinese.text()
    assert fake.client_errors == []


async def test_bot_seats_are_named_in_the_table_language(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: a bot's seat name shows on the public board, so it is in the server's language,
    whoever added the bot."""
    fake = fake_discord
    li = fake.create_user("li", locale=ZH)
    guild = fake.create_guild("Game night", members=[li], locale=EN)
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [li], bots=3)
        live = await table.live()
        assert [s.display_name for s in live.seats[1:]] == [
            f"{t('lobby.bot_name', EN)} {n}" for n in (1, 2, 3)]
