"""The board's picture at a real table: attached to the board message itself, uploaded again
only when what it shows changed, and a channel that refuses files gets the text board and one
notice to the host — through the real discord.py client and the fake Discord."""

from __future__ import annotations

import asyncio
import itertools
import random
from pathlib import Path
from typing import Any

import pytest

from bot import board_pictures
from storage import MatchStatus
from tables.pictures import FILENAME, drawing
from tests.e2e.parlor import Table, parlor
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.records import RecordedRequest
from tests.shown import t


def written_message(fake: FakeDiscord, request: RecordedRequest) -> int | None:
    """The id of the message a request posted or edited (a click's answer edits the clicked
    message; a deferred click's edit, the original one)."""
    if request.status != 200 or request.method not in {"POST", "PATCH"}:
        return None
    parts = request.path.strip("/").split("/")
    if request.route.endswith("/callback"):
        meta = fake.world.interaction_meta.get(int(parts[1]), {})
        return int(meta.get("interacted_message_id", 0)) or None
    if parts[0] == "webhooks":
        interaction = fake._by_token.get(parts[2])
        meta = fake.world.interaction_meta.get(interaction.id, {}) if interaction else {}
        return int(meta.get("interacted_message_id", 0)) or None
    if parts[0] == "channels" and request.method == "POST" and isinstance(request.response,
                                                                           dict):
        return int(request.response["id"])
    if parts[0] == "channels" and len(parts) == 4:
        return int(parts[3])
    return None


def picture_of(message: FakeMessage) -> dict[str, Any] | None:
    """The attachment the board's embed shows, if any."""
    if not message.embeds or message.embeds[0].get("image", {}).get("url") != \
            f"attachment://{FILENAME}":
        return None
    return next((a for a in message.attachments if a["filename"] == FILENAME), None)


async def play(table: Table, humans: dict[int, FakeUser], seed: int, moves: int) -> None:
    """Human moves on the board where it offers them (the click's answer carries the board),
    in the panel otherwise."""
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 120
    made = 0
    while made < moves:
        live = await table.live()
        if live.outcome() is not None:
            return
        assert loop.time() < deadline, "the game did not move on"
        waiting = [p for p in live.pending() if p.blocking and p.seat in humans]
        if not waiting:
            await asyncio.sleep(0.005)
            continue
        prompt = rng.choice(waiting)
        board = await table.board()
        shown = [i for i in range(len(prompt.actions))
                 if table.board_offers(board, live, prompt.seat, i)]
        if shown and rng.random() < 0.6:
            result = await table.choose_on_board(humans[prompt.seat], board, prompt.seat,
                                                 rng.choice(shown))
            assert result.callback is not None
        else:
            await table.play_human_move(humans[prompt.seat], prompt.seat, rng)
        made += 1


async def test_the_board_carries_its_picture_and_uploads_it_only_when_it_changed(
    tmp_path: Path, fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    guild = fake.create_guild("Game night", members=[alice, bob])
    channel = fake.text_channel(guild)
    drawn: list[str] = []
    real_next = drawing.Drawer._next

    def recording_next(self: drawing.Drawer, lane: Any) -> None:
        if not lane.busy and lane.waiting:
            drawn.append(next(iter(lane.waiting.values())).key)
        real_next(self, lane)

    monkeypatch.setattr(drawing.Drawer, "_next", recording_next)
    async with parlor(tmp_path, fake) as client:
        client.parlor.service.new_seed = lambda: 20261123
        table = Table(fake, client, channel)
        await table.open(alice)
        await table.lobby_click(bob, "join")
        await table.lobby_click(alice, "addbot")
        await table.lobby_click(alice, "addbot")
        await table.lobby_click(alice, "start")
        board = await table.board()
        await fake.wait_for(lambda: picture_of(board) is not None, what="the board's picture")
        await play(table, {0: alice, 1: bob}, seed=5, moves=40)
        desk = client.parlor.desk
        match_id = table.match_id
        assert match_id is not None
        await fake.wait_for(lambda: desk._boards[match_id].rendered == desk._stamp(match_id),
                            what="the board to show the last move")
        assert picture_of(board) is not None
        assert len(board.attachments) == 1, "one picture on the board, never a pile"
    board_writes = [r for r in fake.requests if written_message(fake, r) == board.id]
    uploads = [r for r in fake.requests if r.files]
    assert uploads and all(r.files == [FILENAME] for r in uploads)
    # Every upload is a board write: the picture rides on the board's own request.
    assert all(written_message(fake, r) == board.id for r in uploads)
    # ...and a picture is drawn again only when it differs from the one before (a picture
    # drawn too late for its edit may be replaced before it is shown).
    assert all(a != b for a, b in itertools.pairwise(drawn)), drawn
    assert len(uploads) <= len(drawn)
    assert len(board_writes) > len(uploads), "every board write uploaded a picture"
    # No other message of the table carries a picture.
    others = [m for m in fake.messages_in(channel) if m.id != board.id and m.attachments]
    assert others == []


@pytest.mark.parametrize("cache_knows", [True, False])
async def test_a_channel_without_attach_files_gets_the_text_board_and_one_notice(
    tmp_path: Path, fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch, cache_knows: bool
) -> None:
    """Where the bot's cache knows the channel's permissions, no file is even tried; where it
    does not, one board is refused, sent again without its picture, and that is all."""
    fake = fake_discord
    if not cache_knows:  # a cache that has not seen the channel (or missed its update)
        monkeypatch.setattr(board_pictures.BoardPictures, "may_attach",
                            lambda self, channel_id: None)
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    guild = fake.create_guild("Game night", members=[alice, bob])
    channel = fake.text_channel(guild)
    fake.deny_attach(channel, tell_gateway=cache_knows)
    async with parlor(tmp_path, fake) as client:
        table = Table(fake, client, channel)
        await table.open(alice)
        await table.lobby_click(bob, "join")
        await table.lobby_click(alice, "addbot")
        await table.lobby_click(alice, "addbot")
        await table.lobby_click(alice, "start")
        board = await table.board()
        await play(table, {0: alice, 1: bob}, seed=7, moves=15)
        await asyncio.sleep(0.3)
        live = await table.live()
        assert live.record.status != MatchStatus.PAUSED
        assert picture_of(board) is None and board.attachments == []
        assert t("lifeboat.board.boat") in board.text(), "the text board goes on"
        kinds = {m.kind for m in await client.parlor.repo.messages(live.id)}
        assert board_pictures.PICTURES_OFF in kinds
        match_id = table.match_id
    # A restarted process remembers: it neither tries the picture again nor tells the host twice.
    async with parlor(tmp_path, fake) as client:
        table = Table(fake, client, channel)
        table.match_id = match_id
        await play(table, {0: alice, 1: bob}, seed=8, moves=10)
        desk = client.parlor.desk
        assert match_id is not None
        await fake.wait_for(lambda: match_id in desk._boards and
                            desk._boards[match_id].rendered == desk._stamp(match_id),
                            what="the board to show the last move")
    notice = t("picture.no_attach_dm").split("{")[0]
    notices = [m for m in fake.dm_messages(alice) if notice in m.content]
    assert len(notices) == 1
    refused = [r for r in fake.requests if r.error_code == 50013]
    assert len(refused) == (0 if cache_knows else 1), "tried once at most, not in a loop"
    assert not any(r.files for r in fake.requests if r.status == 200)


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
async def test_a_sanguosha_board_carries_the_table_in_its_language(
    tmp_path: Path, fake_discord: FakeDiscord, locale: str
) -> None:
    """The seats round the table, on the board of a real table, in the table's language."""
    fake = fake_discord
    host = fake.create_user("host", locale=locale)
    guild = fake.create_guild("Game night", members=[host], locale=locale)
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = Table(fake, client, channel)
        await table.open(host, "sanguosha")
        for _ in range(4):
            await table.lobby_click(host, "addbot")
        await table.lobby_click(host, "start")
        board = await table.board()
        await fake.wait_for(lambda: picture_of(board) is not None, what="the board's picture")
        live = await table.live()
        picture = await client.parlor.desk.pictures.picture(live, live.record.locale)
        assert picture is not None
        scene = picture.scene
        assert len(scene.seats) == 5
        assert [seat.player for seat in scene.seats] == [s.display_name for s in live.seats]
        assert scene.title == t("picture.sanguosha.heroes", live.record.locale)
        assert (scene.title == "选将中") == (locale == "zh-CN")
