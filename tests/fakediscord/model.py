"""The fake's world: users, guilds, channels, messages and registered app commands.

Plain mutable records; the server owns one `World` and every route reads and writes it. Tests read
it too (through `FakeDiscord`) to check what a person would see.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from .snowflakes import SnowflakeFactory

EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

TEXT_CHANNEL = 0
DM_CHANNEL = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Everything but administrator: what a bot invited with broad permissions holds.
DEFAULT_BOT_PERMISSIONS = (1 << 41) - 1 - (1 << 3)

JsonDict = dict[str, Any]


def iso_timestamp(moment: datetime.datetime) -> str:
    return moment.isoformat()


def utc_now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


@dataclass
class FakeUser:
    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    global_name: str | None = None
    dms_open: bool = True

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    preferred_locale: str = "en-US"
    roles: list[FakeRole] = field(default_factory=list)
    member_ids: list[int] = field(default_factory=list)
    channel_ids: list[int] = field(default_factory=list)
    joined_at: datetime.datetime = field(default_factory=utc_now)


@dataclass
class FakeChannel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    recipient_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    # False models a channel where the bot lacks Send Messages (answers 50013).
    bot_can_send: bool = True
    # False models a channel where the bot lacks Attach Files: a message with files answers
    # 50013 (one without goes through).
    bot_can_attach: bool = True
    # False models a channel where the bot lacks Create Private Threads (answers 50013).
    bot_can_create_private_threads: bool = True
    # Permission overwrites as Discord sends them (what the bot's cache computes from).
    overwrites: list[JsonDict] = field(default_factory=list)
    # Threads: who was added (a private thread shows only to them), archived, locked.
    member_ids: list[int] = field(default_factory=list)
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    owner_id: int | None = None
    deleted: bool = False

    @property
    def is_dm(self) -> bool:
        return self.type == DM_CHANNEL

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass
class FakeMessage:
    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[JsonDict] = field(default_factory=list)
    components: list[JsonDict] = field(default_factory=list)
    attachments: list[JsonDict] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    created_at: datetime.datetime = field(default_factory=utc_now)
    edited_at: datetime.datetime | None = None
    # The interaction whose response or follow-up this message is, if any.
    interaction_id: int | None = None
    webhook_id: int | None = None
    # Ephemeral messages exist only for the user who triggered the interaction.
    visible_only_to: int | None = None
    deleted: bool = False
    deleted_by_world: bool = False
    edit_count: int = 0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def visible_to(self, user_id: int) -> bool:
        return not self.deleted and (
            self.visible_only_to is None or self.visible_only_to == user_id
        )

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    def find_component(self, custom_id: str) -> JsonDict | None:
        for component in iter_components(self.components):
            if component.get("custom_id") == custom_id:
                return component
        return None

    def text(self) -> str:
        """Content plus every embed's visible text: handy for `in` checks in tests."""
        parts = [self.content]
        for embed in self.embeds:
            parts.extend(str(embed.get(key, "")) for key in ("title", "description"))
            for embed_field in embed.get("fields", []):
                parts.extend((str(embed_field.get("name", "")), str(embed_field.get("value", ""))))
            parts.append(str(embed.get("footer", {}).get("text", "")))
        return "\n".join(part for part in parts if part)


@dataclass
class RegisteredCommand:
    id: int
    payload: JsonDict
    guild_id: int | None = None

    @property
    def name(self) -> str:
        return str(self.payload["name"])

    @property
    def type(self) -> int:
        return int(self.payload.get("type", 1))


def iter_components(components: list[JsonDict]) -> list[JsonDict]:
    """Every component in a tree, rows and containers included, depth first."""
    found: list[JsonDict] = []
    for component in components:
        found.append(component)
        found.extend(iter_components(component.get("components", [])))
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            found.append(accessory)
        inner = component.get("component")
        if isinstance(inner, dict):
            found.extend(iter_components([inner]))
    return found


class World:
    """Every entity the fake knows, by id."""

    def __init__(self, ids: SnowflakeFactory) -> None:
        self.ids = ids
        self.users: dict[int, FakeUser] = {}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.commands: dict[int, RegisteredCommand] = {}
        self.member_joined: dict[tuple[int, int], datetime.datetime] = {}
        # What a message made by an interaction says about it (`interaction_metadata`).
        self.interaction_meta: dict[int, JsonDict] = {}
        # Users Discord refuses to add to a thread (they cannot see its channel: 50001).
        self.unaddable: set[int] = set()
        # A member's permission bits where a test set them (others: DEFAULT_BOT_PERMISSIONS).
        self.member_permissions: dict[tuple[int, int], int] = {}

    def add_user(self, name: str, *, locale: str = "en-US", bot: bool = False) -> FakeUser:
        user = FakeUser(id=self.ids.next(), name=name, locale=locale, bot=bot, global_name=name)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, owner: FakeUser, *, locale: str = "en-US") -> FakeGuild:
        guild = FakeGuild(id=self.ids.next(), name=name, owner_id=owner.id, preferred_locale=locale)
        # The @everyone role shares the guild's id.
        guild.roles.append(
            FakeRole(id=guild.id, name="@everyone", permissions=DEFAULT_BOT_PERMISSIONS)
        )
        self.guilds[guild.id] = guild
        self.add_member(guild, owner)
        return guild

    def add_member(self, guild: FakeGuild, user: FakeUser) -> None:
        if user.id not in guild.member_ids:
            guild.member_ids.append(user.id)
            self.member_joined[(guild.id, user.id)] = utc_now()

    def add_text_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        channel = FakeChannel(
            id=self.ids.next(),
            type=TEXT_CHANNEL,
            name=name,
            guild_id=guild.id,
            position=len(guild.channel_ids),
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def add_thread(self, parent: FakeChannel, name: str) -> FakeChannel:
        assert parent.guild_id is not None, "threads live in guild channels"
        thread = FakeChannel(
            id=self.ids.next(),
            type=PUBLIC_THREAD,
            name=name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
        )
        self.channels[thread.id] = thread
        self.guilds[parent.guild_id].channel_ids.append(thread.id)
        return thread

    def add_private_thread(self, parent: FakeChannel, name: str, *, owner_id: int,
                           invitable: bool) -> FakeChannel:
        assert parent.guild_id is not None, "threads live in guild channels"
        thread = FakeChannel(
            id=self.ids.next(),
            type=PRIVATE_THREAD,
            name=name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            member_ids=[owner_id],
            invitable=invitable,
            owner_id=owner_id,
        )
        self.channels[thread.id] = thread
        return thread

    def dm_channel_of(self, user_id: int) -> FakeChannel | None:
        for channel in self.channels.values():
            if channel.is_dm and channel.recipient_id == user_id:
                return channel
        return None

    def open_dm(self, user_id: int) -> FakeChannel:
        existing = self.dm_channel_of(user_id)
        if existing is not None:
            return existing
        channel = FakeChannel(id=self.ids.next(), type=DM_CHANNEL, recipient_id=user_id)
        self.channels[channel.id] = channel
        return channel

    def add_message(self, message: FakeMessage) -> FakeMessage:
        self.messages[message.id] = message
        return message

    def messages_in(self, channel_id: int) -> list[FakeMessage]:
        return [m for m in self.messages.values() if m.channel_id == channel_id and not m.deleted]
