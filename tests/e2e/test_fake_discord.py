"""The fake Discord works with the real, unmodified discord.py client over real sockets.

A small `commands.Bot` defined here exercises every path the Parlor bot will rely on: login and
READY, command sync, slash commands with groups and typed options, ephemeral answers, defer then
follow-up, a `DynamicItem` button, a string select, DMs, and the fake's fault injection and rule
checks.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import (
    FAST_GUILD_READY_TIMEOUT,
    BucketLimit,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeMessage,
    FakeUsageError,
    FakeUser,
    RateLimitPolicy,
    running,
)
from tests.fakediscord.fixtures import ErrorLogCollector
from tests.fakediscord.validation import validate_message


def _button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}


def _select(options: int) -> dict[str, Any]:
    choices = [{"label": f"o{n}", "value": str(n)} for n in range(options)]
    return {"type": 3, "custom_id": f"pick{options}", "options": choices}


def _row(children: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": 1, "components": children}


@dataclass
class Seen:
    """What the test bot observed, for the tests to check."""

    clicks: list[tuple[int, int, int]] = field(default_factory=list)
    selections: list[list[str]] = field(default_factory=list)
    kicks: list[tuple[Any, Any, int, bool]] = field(default_factory=list)
    errors: list[discord.HTTPException] = field(default_factory=list)
    slow_delay: float = 0.0


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"join:(?P<match>\d+)"):
    def __init__(self, match_id: int) -> None:
        super().__init__(discord.ui.Button(label="Join", custom_id=f"join:{match_id}"))
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.message is not None
        interaction.client.seen.clicks.append(
            (self.match_id, interaction.message.id, interaction.user.id)
        )
        await interaction.response.edit_message(
            content=f"{interaction.user.name} joined match {self.match_id}"
        )


class SeatSelect(discord.ui.Select[Any]):
    def __init__(self, match_id: int) -> None:
        options = [discord.SelectOption(label=f"Seat {n}", value=str(n)) for n in range(1, 5)]
        super().__init__(custom_id=f"seat:{match_id}", options=options, max_values=2)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        interaction.client.seen.selections.append(list(self.values))
        await interaction.response.send_message(f"seats {', '.join(self.values)}", ephemeral=True)


class LobbyView(discord.ui.View):
    def __init__(self, match_id: int) -> None:
        super().__init__(timeout=None)
        self.add_item(JoinButton(match_id))
        self.add_item(SeatSelect(match_id))


lifeboat = app_commands.Group(name="lifeboat", description="Play Lifeboat")
admin = app_commands.Group(name="admin", description="Moderate a match", parent=lifeboat)


@lifeboat.command(name="start", description="Open a lobby")
async def lifeboat_start(
    interaction: discord.Interaction[Any], seats: int, title: str, public: bool = True
) -> None:
    view = LobbyView(match_id=seats * 100)
    await interaction.response.send_message(
        f"{title}: {seats} seats", view=view, ephemeral=not public
    )


@admin.command(name="kick", description="Remove a player")
async def lifeboat_admin_kick(
    interaction: discord.Interaction[Any], player: discord.User, where: discord.TextChannel
) -> None:
    interaction.client.seen.kicks.append(
        (player, where, interaction.user.id, interaction.locale.value)
    )
    await interaction.response.send_message(
        f"kicked {player.name} from #{where.name}", ephemeral=True
    )


@app_commands.command(name="hand", description="Show your secret hand")
async def hand(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("your hand: 3 hearts", ephemeral=True)


@app_commands.command(name="think", description="Answer after a private defer")
async def think(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    await asyncio.sleep(0.01)
    await interaction.followup.send("thought about it", ephemeral=True)


@app_commands.command(name="whisper", description="DM a player")
async def whisper(interaction: discord.Interaction[Any], player: discord.User) -> None:
    await interaction.response.defer(ephemeral=True)
    try:
        await player.send("psst: you are the captain")
    except discord.Forbidden as error:
        interaction.client.seen.errors.append(error)
        await interaction.followup.send("I cannot DM you", ephemeral=True)
        return
    await interaction.followup.send("sent", ephemeral=True)


@app_commands.command(name="slow", description="Answer too late")
async def slow(interaction: discord.Interaction[Any]) -> None:
    await asyncio.sleep(interaction.client.seen.slow_delay)
    try:
        await interaction.response.send_message("finally")
    except discord.NotFound as error:
        interaction.client.seen.errors.append(error)


@app_commands.command(name="announce", description="Post in the channel")
async def announce(interaction: discord.Interaction[Any], text: str) -> None:
    await interaction.response.send_message("posting", ephemeral=True)
    assert isinstance(interaction.channel, discord.abc.Messageable)
    try:
        await interaction.channel.send(text)
    except discord.HTTPException as error:
        interaction.client.seen.errors.append(error)


@app_commands.command(name="peek", description="Public defer, then a secret (the documented trap)")
async def peek(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.defer()
    await interaction.followup.send("secret: the captain is bob", ephemeral=True)


class ReadyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ready:(?P<seat>\d+)"):
    def __init__(self, seat: int) -> None:
        super().__init__(discord.ui.Button(label="Ready", custom_id=f"ready:{seat}"))
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReadyButton:
        return cls(int(match["seat"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"seat {self.seat} is ready", view=None)


class RenameModal(discord.ui.Modal, title="Rename your seat"):
    nickname: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="rename:nm")

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"renamed to {self.nickname.value}", ephemeral=True)


@app_commands.command(name="rename", description="Pick a seat name")
async def rename(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_modal(RenameModal())


class FakeTestBot(commands.Bot):
    def __init__(self, **options: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=FAST_GUILD_READY_TIMEOUT,
            **options,
        )
        self.seen = Seen()
        self.sync_result: list[app_commands.AppCommand] = []

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton, ReadyButton)
        self.tree.add_command(lifeboat)
        plain: list[app_commands.Command[Any, ..., Any]] = [
            hand,
            think,
            whisper,
            slow,
            announce,
            rename,
            peek,
        ]
        for command in plain:
            self.tree.add_command(command)
        self.sync_result = await self.tree.sync()


@dataclass
class Table:
    fake: FakeDiscord
    bot: FakeTestBot
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser


@pytest.fixture
async def table(fake_discord: FakeDiscord) -> AsyncIterator[Table]:
    alice = fake_discord.create_user("alice", locale="fr")
    bob = fake_discord.create_user("bob")
    guild = fake_discord.create_guild("Game night", members=[alice, bob])
    channel = fake_discord.text_channel(guild)
    async with running(FakeTestBot(), fake_discord) as bot:
        yield Table(fake_discord, bot, guild, channel, alice, bob)


async def test_login_ready_and_guild_cache(table: Table) -> None:
    bot, fake = table.bot, table.fake
    assert bot.user is not None and bot.user.id == fake.bot_user.id
    assert bot.application_id == fake.application_id
    guild = bot.get_guild(table.guild.id)
    assert guild is not None and guild.name == "Game night"
    assert guild.get_channel(table.channel.id) is not None
    routes = [f"{r.method} {r.route}" for r in fake.requests]
    assert routes[:2] == ["GET /users/@me", "GET /oauth2/applications/@me"]
    assert fake.sessions[0].live
    assert fake.sessions[0].connection is not None and fake.sessions[0].connection.compressed
    # discord.py asked for a compressed stream and understood it.
    assert fake.gateway.identify_count == 1


async def test_command_sync_echoes_ids(table: Table) -> None:
    synced = {command.name: command.id for command in table.bot.sync_result}
    assert set(synced) == {
        "lifeboat",
        "hand",
        "think",
        "whisper",
        "slow",
        "announce",
        "rename",
        "peek",
    }
    registered = {c.name: c.id for c in table.fake.world.commands.values()}
    assert synced == registered
    assert table.fake.command_writes == 1


async def test_slash_with_options_posts_a_public_lobby(table: Table) -> None:
    fake = table.fake
    result = await fake.run_slash(
        table.alice, table.channel, "lifeboat start", {"seats": 4, "title": "Night"}
    )
    assert result.callback is not None and result.callback.accepted and result.callback.type == 4
    lobby = result.original_message
    assert lobby is not None and lobby.content == "Night: 4 seats"
    assert not lobby.ephemeral
    assert lobby.custom_ids() == ["join:400", "seat:400"]
    assert fake.messages_in(table.channel) == [lobby]


async def test_subcommand_group_resolves_user_and_channel_options(table: Table) -> None:
    result = await table.fake.run_slash(
        table.alice,
        table.channel,
        "lifeboat admin kick",
        {"player": table.bob, "where": table.channel},
    )
    assert result.callback is not None and result.callback.accepted
    player, where, invoker, locale = table.bot.seen.kicks[0]
    assert (player.id, player.name) == (table.bob.id, "bob")
    assert where.id == table.channel.id and where.name == "general"
    assert invoker == table.alice.id and locale == "fr"


async def test_unknown_option_fails_loudly_in_the_test(table: Table) -> None:
    with pytest.raises(FakeUsageError, match="no option 'colour'"):
        await table.fake.run_slash(table.alice, table.channel, "lifeboat start", {"colour": "red"})
    with pytest.raises(FakeUsageError, match="needs option 'title'"):
        await table.fake.run_slash(table.alice, table.channel, "lifeboat start", {"seats": 1})


async def test_ephemeral_answer_is_visible_only_to_its_user(table: Table) -> None:
    fake = table.fake
    result = await fake.run_slash(table.alice, table.channel, "hand")
    secret = result.original_message
    assert secret is not None and secret.ephemeral
    assert secret in fake.messages_in(table.channel, visible_to=table.alice)
    assert secret not in fake.messages_in(table.channel, visible_to=table.bob)
    assert secret not in fake.messages_in(table.channel)
    # Not reachable through the bot-token channel route either, as on Discord.
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.NotFound):
        await channel.fetch_message(secret.id)
    assert fake.take_invalid_payloads() == []


async def test_followup_after_private_defer_replaces_the_thinking_message(table: Table) -> None:
    """Rule (discord.md trap): the first follow-up after a defer fills the deferred message."""
    fake = table.fake
    result = await fake.run_slash(table.bob, table.channel, "think")
    assert result.callback is not None and result.callback.type == 5
    answer = await result.wait_original()
    assert answer.content == "thought about it"
    assert answer.ephemeral and answer.visible_only_to == table.bob.id
    assert not answer.loading
    assert [m.id for m in await result.wait_followups(1)] == [answer.id]


async def test_button_click_reaches_the_dynamic_item_with_the_message_id(table: Table) -> None:
    fake = table.fake
    lobby = await fake.run_slash(
        table.alice, table.channel, "lifeboat start", {"seats": 3, "title": "T"}
    )
    message = lobby.original_message
    assert message is not None
    click = await fake.click(table.bob, message, "join:300")
    assert click.callback is not None and click.callback.type == 7
    assert table.bot.seen.clicks == [(300, message.id, table.bob.id)]
    assert fake.message(message.id).content == "bob joined match 300"
    assert fake.message(message.id).custom_ids() == ["join:300", "seat:300"]


async def test_string_select_delivers_values(table: Table) -> None:
    fake = table.fake
    lobby = await fake.run_slash(
        table.alice, table.channel, "lifeboat start", {"seats": 2, "title": "T"}
    )
    assert lobby.original_message is not None
    picked = await fake.select(table.alice, lobby.original_message, "seat:200", ["1", "3"])
    assert table.bot.seen.selections == [["1", "3"]]
    reply = picked.original_message
    assert (
        reply is not None
        and reply.content == "seats 1, 3"
        and reply.visible_only_to == table.alice.id
    )
    with pytest.raises(FakeUsageError, match="offers"):
        await fake.select(table.alice, lobby.original_message, "seat:200", ["9"])


async def test_dm_is_opened_and_sent(table: Table) -> None:
    fake = table.fake
    result = await fake.run_slash(table.alice, table.channel, "whisper", {"player": table.bob})
    await result.wait_followups(1)
    assert result.followups[0].content == "sent"
    dms = fake.dm_messages(table.bob)
    assert [m.content for m in dms] == ["psst: you are the captain"]
    assert fake.dm_opens == 1


async def test_closed_dms_raise_forbidden_50007(table: Table) -> None:
    fake = table.fake
    fake.close_dms(table.bob)
    result = await fake.run_slash(table.alice, table.channel, "whisper", {"player": table.bob})
    await result.wait_followups(1)
    [error] = table.bot.seen.errors
    assert isinstance(error, discord.Forbidden) and error.code == 50007
    assert fake.dm_messages(table.bob) == []
    # The world caused it, not the bot: no avoidable 4xx.
    assert fake.client_errors == []


async def test_429_with_retry_after_is_retried_by_discord_py(table: Table) -> None:
    fake = table.fake
    fake.fail_next("POST", "/channels/{channel_id}/messages", 429, retry_after=0.05)
    mark = fake.mark()
    await fake.run_slash(table.alice, table.channel, "announce", {"text": "round 1"})
    posted = await fake.wait_for_message(table.channel, lambda m: m.content == "round 1")
    assert posted.author_id == fake.bot_user.id
    sends = fake.requests_since(mark, route="/channels/{channel_id}/messages")
    assert [(r.status, r.cause) for r in sends] == [(429, "injected"), (200, "ok")]
    assert table.bot.seen.errors == []


async def test_injected_missing_permission_reaches_the_bot(table: Table) -> None:
    fake = table.fake
    fake.fail_next("POST", "/channels/*/messages", 403, 50013)
    await fake.run_slash(table.alice, table.channel, "announce", {"text": "x"})
    await fake.wait_for(lambda: table.bot.seen.errors)
    [error] = table.bot.seen.errors
    assert isinstance(error, discord.Forbidden) and error.code == 50013


async def test_late_callback_is_a_violation_answered_10062(table: Table) -> None:
    """Rule: the initial response must arrive within the acknowledgement deadline (3 s)."""
    fake = table.fake
    fake.ack_deadline = 0.05
    table.bot.seen.slow_delay = 0.1
    result = await fake.run_slash(table.alice, table.channel, "slow")
    assert result.callback is not None and result.callback.error_code == 10062
    await fake.wait_for(lambda: table.bot.seen.errors)
    assert isinstance(table.bot.seen.errors[0], discord.NotFound)
    [violation] = fake.take_violations()
    assert violation.kind == "late_ack" and violation.elapsed >= 0.05


async def test_second_callback_is_rejected_40060(table: Table) -> None:
    fake = table.fake
    result = await fake.run_slash(table.alice, table.channel, "hand")
    url = f"{fake.api_base}/interactions/{result.id}/{result.token}/callback"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json={"type": 4, "data": {"content": "again"}}) as reply,
    ):
        assert reply.status == 400
        assert reply.headers["Content-Type"] == "application/json"
        assert (await reply.json())["code"] == 40060
    [violation] = fake.take_violations()
    assert violation.kind == "double_ack"
    assert len(fake.client_errors) == 1


async def test_invalid_payload_is_rejected_50035_and_recorded(table: Table) -> None:
    fake = table.fake
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="too long", custom_id="x" * 101))
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send("lobby", view=view)
    assert caught.value.code == 50035 and caught.value.status == 400
    [invalid] = fake.take_invalid_payloads()
    assert invalid.problems[0].path == "components.0.components.0.custom_id"
    assert fake.messages_in(table.channel) == []


async def test_token_stays_usable_for_fifteen_minutes_only(table: Table) -> None:
    fake = table.fake
    result = await fake.run_slash(table.alice, table.channel, "hand")
    url = f"{fake.api_base}/webhooks/{fake.application_id}/{result.token}/messages/@original"
    async with aiohttp.ClientSession() as session:
        fake.advance_time(14 * 60)
        async with session.patch(url, json={"content": "still mine"}) as reply:
            assert reply.status == 200
        fake.advance_time(2 * 60)
        async with session.patch(url, json={"content": "too late"}) as reply:
            assert reply.status == 401 and (await reply.json())["code"] == 50027
    assert fake.message(result.original_message.id).content == "still mine"  # type: ignore[union-attr]
    assert [v.kind for v in fake.take_violations()] == ["expired_token"]


async def test_closed_client_and_a_new_one_log_in_again(fake_discord: FakeDiscord) -> None:
    """A restart: the first client closes, a second one logs in and answers commands."""
    alice = fake_discord.create_user("alice")
    guild = fake_discord.create_guild("G", members=[alice])
    channel = fake_discord.text_channel(guild)
    async with running(FakeTestBot(), fake_discord):
        pass
    assert not any(session.live for session in fake_discord.sessions)
    async with running(FakeTestBot(), fake_discord) as second:
        result = await fake_discord.run_slash(alice, channel, "hand")
        assert result.callback is not None and result.callback.accepted
        assert second.is_ready()
    assert fake_discord.gateway.identify_count == 2


async def test_gateway_resume_after_a_dropped_connection(table: Table) -> None:
    fake = table.fake
    session = fake.sessions[0]
    await fake.disconnect()
    await fake.wait_for(lambda: session.resumes == 1 and session.live, what="a RESUME")
    result = await fake.run_slash(table.alice, table.channel, "hand")
    assert result.callback is not None and result.callback.accepted
    assert fake.gateway.identify_count == 1


async def test_auto_sharded_bot_gets_each_guild_on_its_shard(fake_discord: FakeDiscord) -> None:
    fake_discord.recommended_shards = 2
    alice = fake_discord.create_user("alice")
    guilds = [fake_discord.create_guild(f"G{n}", members=[alice]) for n in range(4)]

    class ShardedBot(commands.AutoShardedBot):
        async def before_identify_hook(
            self, shard_id: int | None, *, initial: bool = False
        ) -> None:
            """discord.py waits 5 s between shard IDENTIFYs (Discord's concurrency); not here."""

        async def setup_hook(self) -> None:
            self.tree.add_command(hand)
            await self.tree.sync()

    bot = ShardedBot(
        command_prefix="!",
        intents=discord.Intents.default(),
        guild_ready_timeout=FAST_GUILD_READY_TIMEOUT,
    )
    async with running(bot, fake_discord):
        assert {g.id for g in bot.guilds} == {g.id for g in guilds}
        assert sorted(s.shard_id for s in fake_discord.sessions) == [0, 1]
        assert any(r.route == "/gateway/bot" for r in fake_discord.requests)
        for guild in guilds:
            result = await fake_discord.run_slash(alice, fake_discord.text_channel(guild), "hand")
            assert result.callback is not None and result.callback.accepted


async def test_errors_logged_by_discord_py_are_caught(
    table: Table, fail_on_logged_errors: ErrorLogCollector
) -> None:
    """The logging fixture must see what discord.py swallows (here: a failing view callback)."""
    fake = table.fake
    fake.fail_next("POST", "/interactions/*/callback", 403, 50013)
    result = await fake.run_slash(table.alice, table.channel, "hand", wait=False)
    await fake.wait_for(lambda: fail_on_logged_errors.records, what="a logged error")
    assert "50013" in fail_on_logged_errors.describe()
    fail_on_logged_errors.take()
    assert result.callbacks == []


async def test_slash_command_in_a_dm(table: Table) -> None:
    fake = table.fake
    dm = fake.open_dm_channel(table.alice)
    result = await fake.run_slash(table.alice, dm, "hand")
    answer = result.original_message
    assert answer is not None and answer.channel_id == dm.id
    assert fake.messages_in(dm, visible_to=table.alice) == [answer]


async def test_buttons_on_an_ephemeral_lobby_update_it_in_place(table: Table) -> None:
    fake = table.fake
    options = {"seats": 5, "title": "Private", "public": False}
    lobby = await fake.run_slash(table.alice, table.channel, "lifeboat start", options)
    message = lobby.original_message
    assert message is not None and message.ephemeral
    with pytest.raises(FakeUsageError, match="cannot see"):
        await fake.click(table.bob, message, "join:500")
    await fake.click(table.alice, message, "join:500")
    assert fake.message(message.id).content == "alice joined match 500"
    assert fake.message(message.id).ephemeral


async def test_modal_is_shown_and_submitted(table: Table) -> None:
    fake = table.fake
    opened = await fake.run_slash(table.alice, table.channel, "rename")
    assert opened.callback is not None and opened.callback.type == 9
    assert opened.modal is not None and opened.modal["title"] == "Rename your seat"
    submitted = await fake.submit_modal(table.alice, opened, {"rename:nm": "Captain"})
    reply = submitted.original_message
    assert reply is not None and reply.content == "renamed to Captain"


async def test_gateway_reconnect_request_resumes_the_session(table: Table) -> None:
    fake = table.fake
    session = fake.sessions[0]
    fake.request_reconnect()
    await fake.wait_for(lambda: session.resumes == 1 and session.live, what="a RESUME")
    assert len(fake.sessions) == 1


async def test_problems_list_what_the_fixture_fails_on(table: Table) -> None:
    """The fixture turns these into a failed test: prove each kind is reported."""
    fake = table.fake
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException):
        await channel.send("x" * 2001)
    rule = fake.fail_next("DELETE", "/guilds/*", 500)
    problems = fake.problems()
    assert any("content: Must be 2000 or fewer" in p for p in problems)
    assert any("never triggered" in p for p in problems)
    fake.take_invalid_payloads()
    fake.faults.rules.remove(rule)
    assert fake.problems() == []


async def test_request_counts_per_action(table: Table) -> None:
    fake = table.fake
    mark = fake.mark()
    await fake.run_slash(table.alice, table.channel, "announce", {"text": "hello"})
    await fake.wait_for_message(table.channel, lambda m: m.content == "hello")
    assert fake.count_requests(mark) == 2
    assert fake.count_requests(mark, include_interaction_routes=False) == 1
    assert fake.count_requests(mark, method="POST", route="/channels/{channel_id}/messages") == 1


async def test_global_429_is_waited_out_and_retried(table: Table) -> None:
    fake = table.fake
    fake.fail_next("POST", "/channels/{channel_id}/messages", 429, retry_after=0.05, is_global=True)
    mark = fake.mark()
    await fake.run_slash(table.alice, table.channel, "announce", {"text": "after the wait"})
    await fake.wait_for_message(table.channel, lambda m: m.content == "after the wait")
    sends = fake.requests_since(mark, route="/channels/{channel_id}/messages")
    assert [r.status for r in sends] == [429, 200]


async def test_500_is_retried_by_discord_py(table: Table) -> None:
    """discord.py sleeps 1 s before its first retry of a 5xx: this test costs that second."""
    fake = table.fake
    fake.fail_next("POST", "/channels/{channel_id}/messages", 500)
    await fake.run_slash(table.alice, table.channel, "announce", {"text": "eventually"})
    await fake.wait_for_message(table.channel, lambda m: m.content == "eventually", timeout=5)


async def test_deleted_message_and_channel_answer_10008_and_10003(table: Table) -> None:
    fake = table.fake
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    board = await channel.send("round 1 board")
    fake.delete_message(fake.message(board.id))
    with pytest.raises(discord.NotFound) as unknown_message:
        await board.edit(content="round 2 board")
    assert unknown_message.value.code == 10008
    fake.delete_channel(table.channel)
    with pytest.raises(discord.NotFound) as unknown_channel:
        await channel.send("anyone?")
    assert unknown_channel.value.code == 10003
    # Moderators did it, so neither counts as an avoidable 4xx.
    assert fake.client_errors == []


async def test_announced_buckets_are_honoured_without_a_429(table: Table) -> None:
    fake = table.fake
    fake.set_rate_limits(
        RateLimitPolicy(routes={"POST /channels/{channel_id}/messages": BucketLimit(2, 0.3)})
    )
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    mark = fake.mark()
    await asyncio.gather(*(channel.send(f"line {n}") for n in range(3)))
    sends = fake.requests_since(mark)
    assert [r.status for r in sends] == [200, 200, 200]
    assert sends[2].time - sends[0].time >= 0.2
    assert fake.client_errors == []


@pytest.mark.parametrize(
    ("payload", "path"),
    [
        ({"content": "x" * 2001}, "content"),
        ({"components": [_row([_button(str(n)) for n in range(6)])]}, "components.0.components"),
        ({"components": [_row([_button(str(n))]) for n in range(6)]}, "components"),
        (
            {"components": [_row([_button("a"), _button("a")])]},
            "components.0.components.1.custom_id",
        ),
        ({"components": [_row([_button("a" * 101)])]}, "components.0.components.0.custom_id"),
        (
            {"components": [_row([{**_button("a"), "label": "l" * 81}])]},
            "components.0.components.0.label",
        ),
        ({"components": [_row([_select(26)])]}, "components.0.components.0.options"),
        ({"embeds": [{"title": "t"}] * 11}, "embeds"),
        ({"embeds": [{"description": "d" * 4097}]}, "embeds.0.description"),
        ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "embeds"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "embeds.0.fields"),
    ],
)
def test_validation_catches_what_discord_rejects(payload: dict[str, Any], path: str) -> None:
    problems = validate_message(payload, creating=True)
    assert path in [problem.path for problem in problems]


def test_validation_accepts_a_full_but_legal_message() -> None:
    rows = [_row([_button(f"{r}:{n}") for n in range(5)]) for r in range(4)] + [_row([_select(25)])]
    payload = {"content": "x" * 2000, "components": rows, "embeds": [{"description": "d" * 4096}]}
    assert validate_message(payload, creating=True) == []


async def test_secret_after_a_public_defer_is_public_in_the_model(table: Table) -> None:
    """Trap (discord.md): the first follow-up after a public defer keeps the defer's visibility."""
    fake = table.fake
    result = await fake.run_slash(table.alice, table.channel, "peek")
    leaked = await result.wait_original()
    assert leaked.content == "secret: the captain is bob"
    assert not leaked.ephemeral
    assert leaked in fake.messages_in(table.channel, visible_to=table.bob)


async def test_deferred_update_then_edit_original_changes_the_clicked_message(table: Table) -> None:
    fake = table.fake
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View(timeout=None)
    view.add_item(ReadyButton(2))
    board = await channel.send("seat 2: waiting", view=view)
    click = await fake.click(table.alice, fake.message(board.id), "ready:2")
    assert click.callback is not None and click.callback.type == 6
    await fake.wait_for(lambda: fake.message(board.id).content == "seat 2 is ready")
    assert fake.message(board.id).components == []


async def test_an_interaction_the_bot_drops_is_reported(table: Table) -> None:
    """A click on a message whose view discord.py does not know is dropped silently: the fake
    reports it once the acknowledgement deadline has passed."""
    fake = table.fake
    orphan = fake.world.add_message(
        FakeMessage(
            id=fake.ids.next(),
            channel_id=table.channel.id,
            author_id=fake.bot_user.id,
            content="a board from before a restart",
            components=[_row([_button("lost:1")])],
        )
    )
    result = await fake.click(table.alice, orphan, "lost:1", wait=False)
    await asyncio.sleep(0.05)
    assert fake.unanswered() == []
    fake.advance_time(fake.ack_deadline)
    assert any("never answered" in problem for problem in fake.problems())
    assert [i.id for i in fake.take_unanswered()] == [result.id]
    assert fake.problems() == []


async def test_files_arrive_as_multipart_with_the_payload(table: Table) -> None:
    fake = table.fake
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("the board", file=discord.File(io.BytesIO(b"PNGDATA"), "board.png"))
    [message] = fake.messages_in(table.channel)
    assert message.content == "the board"
    assert [(a["filename"], a["size"]) for a in message.attachments] == [("board.png", 7)]
