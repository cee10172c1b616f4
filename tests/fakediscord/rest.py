"""REST routes called with the bot token: users, application, gateway, commands, channels."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .http import BODY, FILES, ApiError, json_response, no_content
from .model import PRIVATE_THREAD, FakeChannel, FakeMessage, JsonDict, RegisteredCommand
from .payloads import (
    application_payload,
    channel_payload,
    command_payload,
    guild_payload,
    member_payload,
    message_payload,
    role_payload,
    user_payload,
)
from .validation import FormError

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from .server import FakeDiscord

    Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")
MAX_COMMANDS = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25


def register_bot_routes(router: web.UrlDispatcher, fake: FakeDiscord, prefix: str) -> None:
    routes = BotRoutes(fake)
    table: list[tuple[str, str, Handler]] = [
        ("GET", "/users/@me", routes.get_me),
        ("GET", "/users/@me/guilds", routes.get_my_guilds),
        ("POST", "/users/@me/channels", routes.open_dm),
        ("GET", "/users/{user_id}", routes.get_user),
        ("GET", "/oauth2/applications/@me", routes.get_application),
        ("GET", "/applications/@me", routes.get_application),
        ("GET", "/gateway", routes.get_gateway),
        ("GET", "/gateway/bot", routes.get_gateway_bot),
        ("GET", "/applications/{application_id}/commands", routes.list_commands),
        ("PUT", "/applications/{application_id}/commands", routes.overwrite_commands),
        ("POST", "/applications/{application_id}/commands", routes.upsert_command),
        ("GET", "/applications/{application_id}/commands/{command_id}", routes.get_command),
        ("PATCH", "/applications/{application_id}/commands/{command_id}", routes.edit_command),
        ("DELETE", "/applications/{application_id}/commands/{command_id}", routes.delete_command),
        ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", routes.list_commands),
        (
            "PUT",
            "/applications/{application_id}/guilds/{guild_id}/commands",
            routes.overwrite_commands,
        ),
        (
            "POST",
            "/applications/{application_id}/guilds/{guild_id}/commands",
            routes.upsert_command,
        ),
        (
            "GET",
            "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
            routes.get_command,
        ),
        (
            "PATCH",
            "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
            routes.edit_command,
        ),
        (
            "DELETE",
            "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
            routes.delete_command,
        ),
        ("GET", "/channels/{channel_id}", routes.get_channel),
        ("PATCH", "/channels/{channel_id}", routes.edit_thread),
        ("DELETE", "/channels/{channel_id}", routes.delete_thread),
        ("POST", "/channels/{channel_id}/threads", routes.start_thread),
        ("PUT", "/channels/{channel_id}/thread-members/{user_id}", routes.add_thread_member),
        ("POST", "/channels/{channel_id}/typing", routes.typing),
        ("GET", "/channels/{channel_id}/messages", routes.list_messages),
        ("POST", "/channels/{channel_id}/messages", routes.create_message),
        ("GET", "/channels/{channel_id}/messages/{message_id}", routes.get_message),
        ("PATCH", "/channels/{channel_id}/messages/{message_id}", routes.edit_message),
        ("DELETE", "/channels/{channel_id}/messages/{message_id}", routes.delete_message),
        ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", routes.react),
        (
            "DELETE",
            "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
            routes.react,
        ),
        ("GET", "/guilds/{guild_id}", routes.get_guild),
        ("GET", "/guilds/{guild_id}/channels", routes.get_guild_channels),
        ("GET", "/guilds/{guild_id}/roles", routes.get_roles),
        ("GET", "/guilds/{guild_id}/members/{user_id}", routes.get_member),
    ]
    for method, path, handler in table:
        router.add_route(method, prefix + path, handler)


class BotRoutes:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.world = fake.world

    # --- users, application, gateway -----------------------------------------------------------

    async def get_me(self, request: web.Request) -> web.Response:
        return json_response(self.fake._bot_payload())

    async def get_my_guilds(self, request: web.Request) -> web.Response:
        guilds = [g for g in self.world.guilds.values() if self.fake.bot_user.id in g.member_ids]
        return json_response(
            [
                {
                    "id": str(g.id),
                    "name": g.name,
                    "icon": None,
                    "banner": None,
                    "owner": False,
                    "permissions": "0",
                    "features": [],
                }
                for g in guilds
            ]
        )

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(_snowflake(request, "user_id"))
        if user is None:
            raise ApiError(404, 10013)
        return json_response(user_payload(user))

    async def open_dm(self, request: web.Request) -> web.Response:
        body = request[BODY] or {}
        recipient = self.world.users.get(int(body.get("recipient_id", 0)))
        if recipient is None:
            raise ApiError(404, 10013)
        if self.world.dm_channel_of(recipient.id) is None:
            self.fake.dm_opens += 1
        channel = self.world.open_dm(recipient.id)
        return json_response(channel_payload(self.world, channel))

    async def get_application(self, request: web.Request) -> web.Response:
        return json_response(
            application_payload(self.fake.application_id, self.fake.bot_user, self.fake.owner)
        )

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.fake.gateway_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.fake.gateway_url,
                "shards": self.fake.recommended_shards,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000 - self.fake.gateway.identify_count,
                    "reset_after": 86_400_000,
                    "max_concurrency": 1,
                },
            }
        )

    # --- application commands --------------------------------------------------------------------

    def _scope(self, request: web.Request) -> int | None:
        if _snowflake(request, "application_id") != self.fake.application_id:
            raise ApiError(403, 50001)
        if "guild_id" not in request.match_info:
            return None
        guild_id = _snowflake(request, "guild_id")
        if guild_id not in self.world.guilds:
            raise ApiError(403, 50001)
        return guild_id

    def _commands_in(self, guild_id: int | None) -> list[RegisteredCommand]:
        return [c for c in self.world.commands.values() if c.guild_id == guild_id]

    def _answer(self, command: RegisteredCommand) -> JsonDict:
        return command_payload(command, self.fake.application_id)

    async def list_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        return json_response([self._answer(c) for c in self._commands_in(scope)])

    async def overwrite_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body = request[BODY] or []
        problems: list[FormError] = []
        if len(body) > MAX_COMMANDS:
            problems.append(
                FormError("_", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
            )
        names: set[tuple[str, int]] = set()
        for index, command in enumerate(body):
            problems += validate_command(command, f"{index}.")
            key = (command.get("name", ""), int(command.get("type", 1)))
            if key in names:
                problems.append(
                    FormError(
                        f"{index}.name",
                        "APPLICATION_COMMANDS_DUPLICATE_NAME",
                        "Application command names must be unique",
                    )
                )
            names.add(key)
        self.fake._check_payload(request, problems)
        existing = {(c.name, c.type): c for c in self._commands_in(scope)}
        for command in existing.values():
            del self.world.commands[command.id]
        answer = []
        for command in body:
            previous = existing.get((command["name"], int(command.get("type", 1))))
            registered = RegisteredCommand(
                id=previous.id if previous else self.fake.ids.next(),
                payload=command,
                guild_id=scope,
            )
            self.world.commands[registered.id] = registered
            answer.append(self._answer(registered))
        self.fake.command_writes += 1
        return json_response(answer)

    async def upsert_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body = request[BODY] or {}
        self.fake._check_payload(request, validate_command(body, ""))
        previous = next(
            (
                c
                for c in self._commands_in(scope)
                if (c.name, c.type) == (body["name"], int(body.get("type", 1)))
            ),
            None,
        )
        registered = RegisteredCommand(
            id=previous.id if previous else self.fake.ids.next(), payload=body, guild_id=scope
        )
        self.world.commands[registered.id] = registered
        self.fake.command_writes += 1
        return json_response(self._answer(registered), 200 if previous else 201)

    def _command(self, request: web.Request) -> RegisteredCommand:
        scope = self._scope(request)
        command = self.world.commands.get(_snowflake(request, "command_id"))
        if command is None or command.guild_id != scope:
            raise ApiError(404, 10063, message="Unknown application command")
        return command

    async def get_command(self, request: web.Request) -> web.Response:
        return json_response(self._answer(self._command(request)))

    async def edit_command(self, request: web.Request) -> web.Response:
        command = self._command(request)
        merged = {**command.payload, **(request[BODY] or {})}
        self.fake._check_payload(request, validate_command(merged, ""))
        command.payload = merged
        self.fake.command_writes += 1
        return json_response(self._answer(command))

    async def delete_command(self, request: web.Request) -> web.Response:
        command = self._command(request)
        del self.world.commands[command.id]
        return no_content()

    # --- channels and messages ---------------------------------------------------------------

    def _channel(self, request: web.Request) -> FakeChannel:
        channel = self.world.channels.get(_snowflake(request, "channel_id"))
        if channel is None:
            raise ApiError(404, 10003)
        if channel.deleted:
            raise ApiError(404, 10003, cause="world")
        return channel

    def _message(self, request: web.Request, channel: FakeChannel) -> FakeMessage:
        message = self.world.messages.get(_snowflake(request, "message_id"))
        # Ephemeral messages are not reachable with the bot token, only through the interaction.
        if message is None or message.channel_id != channel.id or message.ephemeral:
            raise ApiError(404, 10008)
        if message.deleted:
            # Someone else deleted it: the bot could not have known.
            raise ApiError(404, 10008, cause="world" if message.deleted_by_world else "client")
        return message

    def _check_attach(self, request: web.Request, channel: FakeChannel) -> None:
        if request.get(FILES) and not channel.is_dm and not channel.bot_can_attach:
            raise ApiError(403, 50013, cause="world")

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(channel_payload(self.world, self._channel(request)))

    # --- private threads (the bot's own: start, add members, archive, delete) ------------------

    async def start_thread(self, request: web.Request) -> web.Response:
        """A thread without a starter message (only private ones are modelled)."""
        parent = self._channel(request)
        body = request[BODY] or {}
        if parent.is_dm or parent.is_thread or parent.guild_id is None:
            raise ApiError(400, 50024, message="Cannot execute action on this channel type")
        if int(body.get("type") or PRIVATE_THREAD) != PRIVATE_THREAD:
            raise ApiError(400, 50035, message="Only private threads are modelled")
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise ApiError(400, 50035, errors={"name": {"_errors": [
                {"code": "BASE_TYPE_BAD_LENGTH", "message": "Must be between 1 and 100 in length."}
            ]}})
        if not parent.bot_can_create_private_threads:
            raise ApiError(403, 50013, cause="world")
        thread = self.world.add_private_thread(parent, name, owner_id=self.fake.bot_user.id,
                                               invitable=bool(body.get("invitable", True)))
        return json_response(channel_payload(self.world, thread), status=201)

    def _thread(self, request: web.Request) -> FakeChannel:
        thread = self._channel(request)
        if not thread.is_thread:
            raise ApiError(400, 50024, message="Cannot execute action on this channel type")
        return thread

    async def add_thread_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        user_id = _snowflake(request, "user_id")
        guild = self.world.guilds[thread.guild_id or 0]
        if user_id not in guild.member_ids:
            raise ApiError(404, 10007, message="Unknown Member", cause="world")
        if user_id in self.world.unaddable:
            raise ApiError(403, 50001, cause="world")
        if thread.archived:
            raise ApiError(400, 50083, message="Thread is archived")
        if user_id not in thread.member_ids:
            thread.member_ids.append(user_id)
        return no_content()

    async def edit_thread(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        body = request[BODY] or {}
        if "archived" in body:
            thread.archived = bool(body["archived"])
        if "locked" in body:
            thread.locked = bool(body["locked"])
        if "name" in body:
            thread.name = str(body["name"])
        return json_response(channel_payload(self.world, thread))

    async def delete_thread(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        thread.deleted = True
        return json_response(channel_payload(self.world, thread))

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit = max(1, min(100, int(request.query.get("limit", 50))))
        messages = [m for m in self.world.messages_in(channel.id) if m.visible_only_to is None]
        if "before" in request.query:
            messages = [m for m in messages if m.id < int(request.query["before"])]
            messages = messages[-limit:]
        elif "after" in request.query:
            messages = [m for m in messages if m.id > int(request.query["after"])][:limit]
        else:
            messages = messages[-limit:]
        return json_response([message_payload(self.world, m) for m in reversed(messages)])

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel.is_dm:
            recipient = self.world.users[channel.recipient_id or 0]
            if not recipient.dms_open:
                raise ApiError(403, 50007, cause="world")
        elif not channel.bot_can_send:
            raise ApiError(403, 50013, cause="world")
        self._check_attach(request, channel)
        message = self.fake._new_message(request, channel, request[BODY] or {})
        return json_response(message_payload(self.world, message))

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return json_response(message_payload(self.world, self._message(request, channel)))

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        if message.author_id != self.fake.bot_user.id:
            raise ApiError(403, 50005)
        self._check_attach(request, channel)
        self.fake._edit_message(request, message, request[BODY] or {})
        return json_response(message_payload(self.world, message))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        if message.author_id != self.fake.bot_user.id and not channel.guild_id:
            raise ApiError(403, 50003, message="Cannot execute action on a DM channel")
        self.fake._delete_message(message)
        return no_content()

    async def react(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self._message(request, channel)
        return no_content()

    # --- guilds ---------------------------------------------------------------------------------

    def _guild_id(self, request: web.Request) -> int:
        guild_id = _snowflake(request, "guild_id")
        guild = self.world.guilds.get(guild_id)
        if guild is None or self.fake.bot_user.id not in guild.member_ids:
            raise ApiError(404, 10004, message="Unknown Guild")
        return guild_id

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self.world.guilds[self._guild_id(request)]
        return json_response(
            {
                **guild_payload(self.world, guild),
                "approximate_member_count": len(guild.member_ids),
                "approximate_presence_count": 0,
            }
        )

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self.world.guilds[self._guild_id(request)]
        return json_response(
            [channel_payload(self.world, self.world.channels[c]) for c in guild.channel_ids]
        )

    async def get_roles(self, request: web.Request) -> web.Response:
        guild = self.world.guilds[self._guild_id(request)]
        return json_response([role_payload(r) for r in guild.roles])

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self.world.guilds[self._guild_id(request)]
        user_id = _snowflake(request, "user_id")
        if user_id not in guild.member_ids:
            raise ApiError(404, 10007, message="Unknown Member")
        return json_response(member_payload(self.world, guild, self.world.users[user_id]))


def _snowflake(request: web.Request, key: str) -> int:
    try:
        return int(request.match_info[key])
    except ValueError:
        raise ApiError(
            400,
            50035,
            errors={
                key: {
                    "_errors": [
                        {"code": "NUMBER_TYPE_COERCE", "message": "Value is not snowflake."}
                    ]
                }
            },
        ) from None


def validate_command(command: Any, prefix: str) -> list[FormError]:
    """The registration rules Discord enforces on PUT/POST of application commands."""
    problems: list[FormError] = []
    if not isinstance(command, dict):
        return [
            FormError(
                prefix.rstrip(".") or "_", "DICT_TYPE_CONVERT", "Only dictionaries are allowed."
            )
        ]
    kind = int(command.get("type", 1))
    name = str(command.get("name", ""))
    if not COMMAND_NAME.match(name) or (kind == 1 and name != name.lower()):
        problems.append(
            FormError(
                f"{prefix}name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"
            )
        )
    if kind == 1:
        description = str(command.get("description", ""))
        if not 1 <= len(description) <= 100:
            problems.append(
                FormError(
                    f"{prefix}description",
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            )
        problems += _validate_options(command.get("options") or [], f"{prefix}options.")
    return problems


def _validate_options(options: list[JsonDict], prefix: str) -> list[FormError]:
    problems: list[FormError] = []
    if len(options) > MAX_OPTIONS:
        problems.append(
            FormError(prefix.rstrip("."), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        )
    seen_optional = False
    names: set[str] = set()
    for index, option in enumerate(options):
        path = f"{prefix}{index}."
        name = str(option.get("name", ""))
        if not COMMAND_NAME.match(name) or name != name.lower():
            problems.append(
                FormError(
                    f"{path}name", "APPLICATION_COMMAND_INVALID_NAME", "Option name is invalid"
                )
            )
        if name in names:
            problems.append(
                FormError(
                    f"{path}name",
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                )
            )
        names.add(name)
        if not 1 <= len(str(option.get("description", ""))) <= 100:
            problems.append(
                FormError(
                    f"{path}description",
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            )
        if option.get("type") in (1, 2):
            problems += _validate_options(option.get("options") or [], f"{path}options.")
            continue
        if option.get("required"):
            if seen_optional:
                problems.append(
                    FormError(
                        f"{path}required",
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
                )
        else:
            seen_optional = True
        if len(option.get("choices") or []) > MAX_CHOICES:
            problems.append(
                FormError(
                    f"{path}choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
                )
            )
    return problems
