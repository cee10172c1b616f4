"""JSON payloads in the shapes Discord's API v10 sends, built from the fake's world model."""

from __future__ import annotations

from typing import Any

from .model import (
    DEFAULT_BOT_PERMISSIONS,
    PRIVATE_THREAD,
    THREAD_TYPES,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
    JsonDict,
    RegisteredCommand,
    World,
    iso_timestamp,
    utc_now,
)

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


def user_payload(user: FakeUser) -> JsonDict:
    return {
        "id": str(user.id),
        "username": user.name,
        "global_name": user.global_name,
        "discriminator": "0",
        "avatar": None,
        "bot": user.bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
    }


def current_user_payload(user: FakeUser) -> JsonDict:
    return {**user_payload(user), "verified": True, "mfa_enabled": False, "locale": user.locale}


def role_payload(role: FakeRole) -> JsonDict:
    return {
        "id": str(role.id),
        "name": role.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": role.position,
        "permissions": str(role.permissions),
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def member_payload(
    world: World, guild: FakeGuild, user: FakeUser, *, with_user: bool = True
) -> JsonDict:
    joined = world.member_joined.get((guild.id, user.id), guild.joined_at)
    payload: JsonDict = {
        "nick": None,
        "avatar": None,
        "banner": None,
        "roles": [],
        "joined_at": iso_timestamp(joined),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_user:
        payload["user"] = user_payload(user)
    return payload


def permissions_of(world: World, guild: FakeGuild, user_id: int) -> int:
    if user_id == guild.owner_id:
        return (1 << 41) - 1
    return world.member_permissions.get((guild.id, user_id), DEFAULT_BOT_PERMISSIONS)


def channel_payload(world: World, channel: FakeChannel) -> JsonDict:
    if channel.is_dm:
        assert channel.recipient_id is not None
        return {
            "id": str(channel.id),
            "type": channel.type,
            "last_message_id": _last_message_id(world, channel),
            "flags": 0,
            "recipients": [user_payload(world.users[channel.recipient_id])],
        }
    payload: JsonDict = {
        "id": str(channel.id),
        "type": channel.type,
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "position": channel.position,
        "permission_overwrites": list(channel.overwrites),
        "parent_id": str(channel.parent_id) if channel.parent_id else None,
        "topic": None,
        "nsfw": False,
        "rate_limit_per_user": 0,
        "last_message_id": _last_message_id(world, channel),
        "flags": 0,
    }
    if channel.type in THREAD_TYPES:
        guild = world.guilds[channel.guild_id] if channel.guild_id else None
        owner = channel.owner_id or (guild.owner_id if guild else None)
        metadata: JsonDict = {
            "archived": channel.archived,
            "auto_archive_duration": 1440,
            "archive_timestamp": iso_timestamp(utc_now()),
            "locked": channel.locked,
        }
        if channel.type == PRIVATE_THREAD:
            metadata["invitable"] = channel.invitable
        payload.update(
            owner_id=str(owner) if owner else None,
            member_count=len(channel.member_ids),
            message_count=len(world.messages_in(channel.id)),
            total_message_sent=len(world.messages_in(channel.id)),
            thread_metadata=metadata,
        )
    return payload


def interaction_channel_payload(world: World, channel: FakeChannel, user_id: int) -> JsonDict:
    """The partial channel inside INTERACTION_CREATE and resolved data: it carries permissions."""
    payload = channel_payload(world, channel)
    if channel.guild_id is not None:
        payload["permissions"] = str(permissions_of(world, world.guilds[channel.guild_id], user_id))
    return payload


def _last_message_id(world: World, channel: FakeChannel) -> str | None:
    messages = world.messages_in(channel.id)
    return str(messages[-1].id) if messages else None


def guild_payload(world: World, guild: FakeGuild) -> JsonDict:
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(guild.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role_payload(role) for role in guild.roles],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "vanity_url_code": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": guild.preferred_locale,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "max_members": 500000,
        "incidents_data": None,
    }


def guild_create_payload(
    world: World, guild: FakeGuild, *, bot_user: FakeUser, with_all_members: bool
) -> JsonDict:
    member_ids = list(guild.member_ids) if with_all_members else [bot_user.id]
    members = [member_payload(world, guild, world.users[uid]) for uid in member_ids]
    channels = [world.channels[cid] for cid in guild.channel_ids]
    return {
        **guild_payload(world, guild),
        "unavailable": False,
        "joined_at": iso_timestamp(guild.joined_at),
        "large": False,
        "member_count": len(guild.member_ids),
        "members": members,
        "channels": [channel_payload(world, c) for c in channels if c.type not in THREAD_TYPES],
        "threads": [channel_payload(world, c) for c in channels if c.type in THREAD_TYPES],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def message_payload(world: World, message: FakeMessage, *, for_gateway: bool = False) -> JsonDict:
    author = world.users[message.author_id]
    channel = world.channels[message.channel_id]
    payload: JsonDict = {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "type": message.type,
        "author": user_payload(author),
        "content": message.content,
        "timestamp": iso_timestamp(message.created_at),
        "edited_timestamp": iso_timestamp(message.edited_at) if message.edited_at else None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": list(message.attachments),
        "embeds": list(message.embeds),
        "components": list(message.components),
        "pinned": False,
        "flags": message.flags,
    }
    if message.webhook_id is not None:
        payload["webhook_id"] = str(message.webhook_id)
        payload["application_id"] = str(message.webhook_id)
    if message.interaction_id is not None:
        payload["interaction_metadata"] = _interaction_metadata(world, message)
    if for_gateway and channel.guild_id is not None:
        payload["guild_id"] = str(channel.guild_id)
        guild = world.guilds[channel.guild_id]
        if author.id in guild.member_ids:
            payload["member"] = member_payload(world, guild, author, with_user=False)
    return payload


def _interaction_metadata(world: World, message: FakeMessage) -> JsonDict:
    meta: JsonDict = {
        "id": str(message.interaction_id),
        "type": 2,
        "authorizing_integration_owners": {},
    }
    meta.update(world.interaction_meta.get(message.interaction_id or 0, {}))
    return meta


def command_payload(command: RegisteredCommand, application_id: int) -> JsonDict:
    payload: JsonDict = {
        "type": 1,
        "description": "",
        "options": [],
        "default_member_permissions": None,
        "nsfw": False,
        "contexts": None,
        "integration_types": [0],
        **command.payload,
        "id": str(command.id),
        "application_id": str(application_id),
        "version": str(command.id),
    }
    if command.guild_id is not None:
        payload["guild_id"] = str(command.guild_id)
    return payload


def application_payload(application_id: int, bot: FakeUser, owner: FakeUser) -> JsonDict:
    return {
        "id": str(application_id),
        "name": bot.name,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": (1 << 19) | (1 << 23),
        "owner": user_payload(owner),
        "team": None,
        "bot": user_payload(bot),
        "rpc_origins": [],
        "tags": [],
        "interactions_endpoint_url": None,
        "redirect_uris": [],
        "approximate_guild_count": 0,
        "integration_types_config": {"0": {}},
    }


def error_body(code: int, message: str, errors: dict[str, Any] | None = None) -> JsonDict:
    body: JsonDict = {"message": message, "code": code}
    if errors:
        body["errors"] = errors
    return body
