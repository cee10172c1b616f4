"""`FakeDiscord`: one aiohttp server on 127.0.0.1 serving REST v10 and the gateway, plus the API
tests use to build a world, act as users and inspect what the bot did."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any, TypeVar

from aiohttp import web

from .faults import FaultInjector, FaultRule
from .gateway import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    Gateway,
    GatewaySession,
)
from .http import BODY, FILES, RECORD, ApiError, json_response, read_body
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    FakeInteraction,
    FakeUsageError,
    InteractionResult,
    base_payload,
    build_command_data,
    build_component_data,
    build_modal_submit_data,
    build_raw_component,
    find_command,
    new_token,
)
from .model import (
    EPHEMERAL,
    LOADING,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
    JsonDict,
    World,
    utc_now,
)
from .payloads import (
    channel_payload,
    current_user_payload,
    guild_create_payload,
    member_payload,
    message_payload,
)
from .ratelimits import RateLimiter, RateLimitPolicy
from .records import Cause, InvalidPayload, RecordedRequest, Violation
from .rest import register_bot_routes
from .snowflakes import SnowflakeFactory, shard_of
from .validation import FormError, nest_errors, validate_message
from .webhooks import register_interaction_routes

T = TypeVar("T")
_log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"
GLOBAL_EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")
EDITABLE_KEYS = ("content", "embeds", "components", "attachments", "allowed_mentions", "poll")


class FakeDiscord:
    """A local Discord for the unmodified discord.py client: `async with FakeDiscord() as fake`."""

    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        bot_name: str = "Parlor",
        ack_deadline: float = 3.0,
        rate_limits: RateLimitPolicy | None = None,
        recommended_shards: int = 1,
    ) -> None:
        self.token = token
        self.ack_deadline = ack_deadline
        self.recommended_shards = recommended_shards
        # Privileged intents the "developer portal" allows; others close the gateway with 4014.
        self.privileged_intents_allowed = 0
        self.ids = SnowflakeFactory()
        self.world = World(self.ids)
        self.owner = self.world.add_user("owner")
        self.bot_user = self.world.add_user(bot_name, bot=True)
        self.application_id = self.ids.next()
        self.gateway = Gateway(self)
        self.faults = FaultInjector()
        self.rate_limiter = RateLimiter(rate_limits or RateLimitPolicy())
        self.requests: list[RecordedRequest] = []
        self.violations: list[Violation] = []
        self.invalid_payloads: list[InvalidPayload] = []
        self.unsupported: list[RecordedRequest] = []
        self.internal_errors: list[str] = []
        self.command_writes = 0
        self.dm_opens = 0
        self.interactions: dict[int, FakeInteraction] = {}
        self._by_token: dict[str, FakeInteraction] = {}
        self._time_offset = 0.0
        self._change = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # --- lifecycle -----------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        register_bot_routes(app.router, self, API_PREFIX)
        register_interaction_routes(app.router, self, API_PREFIX)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("127.0.0.1", 0))
        self.port = listener.getsockname()[1]
        await web.SockSite(self._runner, listener).start()

    async def close(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # --- clock -------------------------------------------------------------------------

    def now(self) -> float:
        """The fake's clock for deadlines (3 s ack, 15 min token): loop time plus `advance_time`."""
        return asyncio.get_running_loop().time() + self._time_offset

    def advance_time(self, seconds: float) -> None:
        """Jump the deadline clock forward (rate-limit windows keep real time)."""
        self._time_offset += seconds

    # --- world building ------------------------------------------------------------------

    def create_user(self, name: str, *, locale: str = "en-US") -> FakeUser:
        return self.world.add_user(name, locale=locale)

    def create_guild(
        self,
        name: str = "Guild",
        *,
        members: tuple[FakeUser, ...] | list[FakeUser] = (),
        locale: str = "en-US",
        channels: tuple[str, ...] = ("general",),
    ) -> FakeGuild:
        """A guild with the bot in it; connected sessions get GUILD_CREATE as on a bot invite."""
        guild = self.world.add_guild(name, self.owner, locale=locale)
        self.world.add_member(guild, self.bot_user)
        for user in members:
            self.world.add_member(guild, user)
        for channel_name in channels:
            self.world.add_text_channel(guild, channel_name)
        for session in self.gateway.sessions_for_guild(guild.id):
            session.dispatch("GUILD_CREATE", self._guild_create(guild, session))
        return guild

    def create_text_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        channel = self.world.add_text_channel(guild, name)
        self.gateway.broadcast(
            "CHANNEL_CREATE", channel_payload(self.world, channel), guild_id=guild.id
        )
        return channel

    def create_thread(self, parent: FakeChannel, name: str) -> FakeChannel:
        thread = self.world.add_thread(parent, name)
        self.gateway.broadcast(
            "THREAD_CREATE",
            {**channel_payload(self.world, thread), "newly_created": True},
            guild_id=parent.guild_id,
        )
        return thread

    def add_member(self, guild: FakeGuild, user: FakeUser) -> None:
        self.world.add_member(guild, user)
        data = {**member_payload(self.world, guild, user), "guild_id": str(guild.id)}
        self.gateway.broadcast(
            "GUILD_MEMBER_ADD", data, guild_id=guild.id, intent=INTENT_GUILD_MEMBERS
        )

    def set_member_permissions(self, guild: FakeGuild, user: FakeUser, permissions: int) -> None:
        """The permission bits Discord reports for ``user`` in ``guild`` (e.g. 0x800 = Send
        Messages only, an ordinary member without Manage Server)."""
        self.world.member_permissions[(guild.id, user.id)] = permissions

    def text_channel(self, guild: FakeGuild, name: str = "general") -> FakeChannel:
        for channel_id in guild.channel_ids:
            channel = self.world.channels[channel_id]
            if channel.name == name:
                return channel
        raise FakeUsageError(f"guild {guild.name} has no channel #{name}")

    def close_dms(self, user: FakeUser) -> None:
        """The user blocks DMs from server members: sending to their DM answers 403 / 50007."""
        user.dms_open = False

    def open_dms(self, user: FakeUser) -> None:
        user.dms_open = True

    def delete_message(self, message: FakeMessage) -> None:
        """A moderator deletes a message: later bot calls on it answer 404 / 10008."""
        message.deleted_by_world = True
        self._delete_message(message)

    def delete_channel(self, channel: FakeChannel) -> None:
        """A moderator deletes a channel: later bot calls on it answer 404 / 10003."""
        channel.deleted = True
        if channel.guild_id is not None:
            self.world.guilds[channel.guild_id].channel_ids.remove(channel.id)
            self.gateway.broadcast(
                "CHANNEL_DELETE", channel_payload(self.world, channel), guild_id=channel.guild_id
            )

    def set_rate_limits(self, policy: RateLimitPolicy) -> None:
        """Replace the rate-limit buckets (e.g. `RateLimitPolicy.discord_like()`)."""
        self.rate_limiter = RateLimiter(policy)

    def deny_private_threads(self, channel: FakeChannel) -> None:
        """The bot loses Create Private Threads in this channel: starting one answers 50013."""
        channel.bot_can_create_private_threads = False

    def refuse_thread_member(self, user: FakeUser) -> None:
        """Discord refuses to add ``user`` to threads (they cannot see the channel): 50001."""
        self.world.unaddable.add(user.id)

    def thread_members(self, thread: FakeChannel) -> list[int]:
        return list(thread.member_ids)

    def threads_of(self, parent: FakeChannel) -> list[FakeChannel]:
        return [c for c in self.world.channels.values()
                if c.parent_id == parent.id and c.is_thread and not c.deleted]

    def deny_attach(self, channel: FakeChannel, *, tell_gateway: bool = True) -> None:
        """The bot loses Attach Files in this channel: messages with files answer 403 / 50013.
        With ``tell_gateway`` the channel's overwrites say so (a member overwrite denying the
        bot Attach Files, sent as CHANNEL_UPDATE), as Discord does; without, only the REST
        answers know (a cache that missed the update)."""
        channel.bot_can_attach = False
        if tell_gateway:
            channel.overwrites.append({"id": str(self.bot_user.id), "type": 1, "allow": "0",
                                       "deny": str(1 << 15)})
            if channel.guild_id is not None:
                self.gateway.broadcast("CHANNEL_UPDATE", channel_payload(self.world, channel),
                                       guild_id=channel.guild_id)

    def deny_send(self, channel: FakeChannel) -> None:
        """The bot loses Send Messages in this channel: sends answer 403 / 50013."""
        channel.bot_can_send = False

    # --- acting as users ---------------------------------------------------------------

    async def run_slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> InteractionResult:
        """`command` is the full path, e.g. "lifeboat start"; options are typed by the registered
        schema (FakeUser for user options, FakeChannel for channel options). With `wait`, returns
        once the bot's first callback arrived (accepted or not)."""
        parts = command.strip().lstrip("/").split()
        guild = self.world.guilds.get(channel.guild_id) if channel.guild_id else None
        registered = find_command(
            list(self.world.commands.values()), parts[0], guild.id if guild else None
        )
        if guild is None and not _usable_in_dms(registered.payload):
            raise FakeUsageError(f"/{parts[0]} is not available in DMs")
        data = build_command_data(self.world, registered, parts[1:], options or {}, guild)
        return await self._dispatch_interaction(
            APPLICATION_COMMAND, user, channel, data, locale=locale, wait=wait, timeout=timeout
        )

    async def run_autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        focused: str,
        typed: str,
        *,
        locale: str | None = None,
        timeout: float = 5.0,
    ) -> list[JsonDict]:
        """The user types ``typed`` into the string option ``focused`` of ``command`` (the
        full path): the choices the bot suggests (Discord's autocomplete)."""
        parts = command.strip().lstrip("/").split()
        guild = self.world.guilds.get(channel.guild_id) if channel.guild_id else None
        registered = find_command(
            list(self.world.commands.values()), parts[0], guild.id if guild else None
        )
        data = build_command_data(self.world, registered, parts[1:], {focused: typed}, guild)
        holder = data["options"]
        while holder and holder[0].get("type") in (1, 2):  # sub-command (group)
            holder = holder[0]["options"]
        for option in holder:
            if option["name"] == focused:
                option["focused"] = True
        result = await self._dispatch_interaction(
            AUTOCOMPLETE, user, channel, data, locale=locale, wait=True, timeout=timeout
        )
        return result.autocomplete_choices or []

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> InteractionResult:
        return await self._component(user, message, custom_id, None, locale, wait, timeout)

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        values: list[str],
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> InteractionResult:
        return await self._component(user, message, custom_id, values, locale, wait, timeout)

    async def submit_modal(
        self,
        user: FakeUser,
        opened_by: InteractionResult,
        values: dict[str, str],
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> InteractionResult:
        """Submit the modal `opened_by` was answered with; `values`: input custom_id -> text."""
        modal = opened_by.modal
        if modal is None:
            raise FakeUsageError(f"interaction {opened_by.id} was not answered with a modal")
        data = build_modal_submit_data(modal, values)
        source = self.interactions[opened_by.id].source_message_id
        message = self.world.messages.get(source) if source else None
        return await self._dispatch_interaction(
            MODAL_SUBMIT,
            user,
            opened_by.channel,
            data,
            locale=locale,
            wait=wait,
            timeout=timeout,
            message=message,
        )

    def post_message(self, user: FakeUser, channel: FakeChannel, content: str) -> FakeMessage:
        """A person types a message (MESSAGE_CREATE; content only reaches bots with that intent)."""
        message = self.world.add_message(
            FakeMessage(
                id=self.ids.next(), channel_id=channel.id, author_id=user.id, content=content
            )
        )
        self._dispatch_message("MESSAGE_CREATE", message)
        return message

    async def raw_component(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        values: list[str] | None = None,
        component_type: int = 2,
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> InteractionResult:
        """A component interaction on `message` with any `custom_id` and `values`, checked
        against nothing: the interaction's copy of the message shows one action row holding
        exactly that component (discord.py only routes ids it finds there). Discord itself only
        sends components a message has; this is for fuzzing what a stale or forged id does.
        `component_type` 2 is a button, 3 a string select. The user must see the message."""
        current = self.world.messages.get(message.id)
        if current is None or not current.visible_to(user.id):
            raise FakeUsageError(f"{user.name} cannot see message {message.id}")
        data, row = build_raw_component(custom_id, values, component_type)
        return await self._dispatch_interaction(
            MESSAGE_COMPONENT,
            user,
            self.world.channels[current.channel_id],
            data,
            locale=locale,
            wait=wait,
            timeout=timeout,
            message=current,
            shown_components=[row],
        )

    async def raced_click(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        values: list[str] | None = None,
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> InteractionResult:
        """A click on a component `user`'s client still showed while `message` was being
        edited: Discord sends the message as it is now, which may no longer hold `custom_id`
        (a button when `values` is None, else a string select)."""
        current = self.world.messages.get(message.id)
        if current is None or not current.visible_to(user.id):
            raise FakeUsageError(f"{user.name} cannot see message {message.id}")
        data: JsonDict = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
        if values is not None:
            data["values"] = list(values)
        return await self._dispatch_interaction(
            MESSAGE_COMPONENT,
            user,
            self.world.channels[current.channel_id],
            data,
            locale=locale,
            wait=wait,
            timeout=timeout,
            message=current,
        )

    async def _component(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        values: list[str] | None,
        locale: str | None,
        wait: bool,
        timeout: float,
    ) -> InteractionResult:
        current = self.world.messages.get(message.id)
        if current is None or not current.visible_to(user.id):
            raise FakeUsageError(f"{user.name} cannot see message {message.id}")
        data = build_component_data(current, custom_id, values)
        channel = self.world.channels[current.channel_id]
        return await self._dispatch_interaction(
            MESSAGE_COMPONENT,
            user,
            channel,
            data,
            locale=locale,
            wait=wait,
            timeout=timeout,
            message=current,
        )

    async def _dispatch_interaction(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        data: JsonDict,
        *,
        locale: str | None,
        wait: bool,
        timeout: float,
        message: FakeMessage | None = None,
        shown_components: list[JsonDict] | None = None,
    ) -> InteractionResult:
        sessions = self.gateway.sessions_for_guild(channel.guild_id)
        if not sessions:
            raise FakeUsageError("no connected bot session would receive this interaction")
        interaction_id = self.ids.next()
        token = new_token()
        payload = base_payload(
            self.world,
            interaction_id=interaction_id,
            token=token,
            kind=kind,
            application_id=self.application_id,
            user=user,
            channel=channel,
            locale=locale or user.locale,
        )
        payload["data"] = data
        if message is not None:
            payload["message"] = message_payload(self.world, message)
            if shown_components is not None:
                payload["message"]["components"] = shown_components
        guild = self.world.guilds.get(channel.guild_id) if channel.guild_id else None
        record = FakeInteraction(
            id=interaction_id,
            token=token,
            type=kind,
            user=user,
            channel=channel,
            guild=guild,
            payload=payload,
            dispatched_at=self.now(),
            source_message_id=message.id if message else None,
        )
        self.interactions[interaction_id] = record
        self._by_token[token] = record
        self.world.interaction_meta[interaction_id] = {
            "type": kind,
            "user": payload.get("member", {}).get("user") or payload.get("user"),
            "authorizing_integration_owners": payload["authorizing_integration_owners"],
            **({"interacted_message_id": str(message.id)} if message is not None else {}),
        }
        for session in sessions:
            session.dispatch("INTERACTION_CREATE", payload)
        result = InteractionResult(self, record)
        if wait:
            await result.wait_callback(timeout=timeout)
        return result

    # --- reading the world -----------------------------------------------------------------

    def messages_in(
        self, channel: FakeChannel, *, visible_to: FakeUser | None = None
    ) -> list[FakeMessage]:
        """Messages in a channel, oldest first. Without `visible_to`, only what everyone sees;
        with it, also the ephemeral messages shown to that user."""
        found = self.world.messages_in(channel.id)
        if visible_to is None:
            return [m for m in found if m.visible_only_to is None]
        return [m for m in found if m.visible_to(visible_to.id)]

    def open_dm_channel(self, user: FakeUser) -> FakeChannel:
        """The user's DM channel with the bot (made if needed), e.g. to run a command in DMs."""
        return self.world.open_dm(user.id)

    def dm_channel(self, user: FakeUser) -> FakeChannel | None:
        return self.world.dm_channel_of(user.id)

    def dm_messages(self, user: FakeUser) -> list[FakeMessage]:
        channel = self.world.dm_channel_of(user.id)
        return self.messages_in(channel) if channel else []

    def message(self, message_id: int) -> FakeMessage:
        return self.world.messages[message_id]

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float = 5.0,
        *,
        what: str = "the condition",
    ) -> T:
        """Wait until `predicate()` returns something truthy and return it; fail on timeout.

        Re-checked on every change the fake sees and at least every 20 ms (so predicates on the
        bot's own state work too)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            change = self._change
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(
                    f"fake discord: timed out after {timeout:.1f}s waiting for {what}"
                )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(change.wait(), min(remaining, 0.02))

    async def wait_for_message(
        self,
        channel: FakeChannel,
        predicate: Callable[[FakeMessage], bool] | None = None,
        *,
        after: int = 0,
        timeout: float = 5.0,
        visible_to: FakeUser | None = None,
    ) -> FakeMessage:
        """The first message in `channel` with id > `after` matching `predicate`."""

        def found() -> FakeMessage | None:
            for message in self.messages_in(channel, visible_to=visible_to):
                if message.id > after and (predicate is None or predicate(message)):
                    return message
            return None

        return await self.wait_for(found, timeout, what=f"a message in channel {channel.id}")

    def _changed(self) -> None:
        self._change.set()
        self._change = asyncio.Event()

    # --- requests, counts, faults ------------------------------------------------------------

    def mark(self) -> int:
        """A bookmark into `requests`: pass it as `since=` to count what happened after it."""
        return len(self.requests)

    def requests_since(
        self,
        since: int = 0,
        *,
        method: str | None = None,
        route: str | None = None,
        include_interaction_routes: bool = True,
    ) -> list[RecordedRequest]:
        return [
            r
            for r in self.requests[since:]
            if (method is None or r.method == method)
            and (route is None or r.route == route)
            and (include_interaction_routes or not r.interaction_route)
        ]

    def count_requests(
        self,
        since: int = 0,
        *,
        method: str | None = None,
        route: str | None = None,
        include_interaction_routes: bool = True,
    ) -> int:
        return len(
            self.requests_since(
                since,
                method=method,
                route=route,
                include_interaction_routes=include_interaction_routes,
            )
        )

    @property
    def client_errors(self) -> list[RecordedRequest]:
        """4xx answers the bot could have avoided (not injected, not caused by the world)."""
        return [r for r in self.requests if 400 <= r.status < 500 and r.cause in ("client", "rate")]

    def fail_next(
        self,
        method: str,
        route: str,
        status: int,
        code: int = 0,
        *,
        retry_after: float = 0.05,
        is_global: bool = False,
        count: int = 1,
        message: str | None = None,
    ) -> FaultRule:
        """Answer the next `count` matching requests with an error instead of serving them.

        `route` is a route template ("/channels/{channel_id}/messages") or a glob over the path
        or template ("/channels/*/messages"); `method` may be "*". For 429 the body carries
        `retry_after` (and `global`), with the `Via` header discord.py needs to retry."""
        rule = FaultRule(
            method=method.upper(),
            route=route,
            status=status,
            code=code,
            remaining=count,
            retry_after=retry_after,
            is_global=is_global,
            message=message,
        )
        self.faults.add(rule)
        return rule

    def take_violations(self) -> list[Violation]:
        taken, self.violations = self.violations, []
        return taken

    def take_invalid_payloads(self) -> list[InvalidPayload]:
        taken, self.invalid_payloads = self.invalid_payloads, []
        return taken

    def unanswered(self) -> list[FakeInteraction]:
        """Interactions past their deadline that the bot never tried to answer: the user saw
        "This interaction failed" (e.g. a click on a message whose view discord.py lost)."""
        tried = {
            r.path.split("/")[2]
            for r in self.requests
            if r.route == "/interactions/{interaction_id}/{interaction_token}/callback"
        }
        now = self.now()
        return [
            i
            for i in self.interactions.values()
            if str(i.id) not in tried
            and not i.excused
            and now - i.dispatched_at > self.ack_deadline
        ]

    def take_unanswered(self) -> list[FakeInteraction]:
        taken = self.unanswered()
        for interaction in taken:
            interaction.excused = True
        return taken

    def problems(self) -> list[str]:
        """Everything that should fail a test: the fixture checks this list at teardown."""
        found = [
            f"interaction rule broken: {v.kind} on {v.interaction_id}: {v.detail}"
            for v in self.violations
        ]
        found += [f"payload Discord would reject: {p}" for p in self.invalid_payloads]
        found += [f"route the fake does not serve: {r.method} {r.path}" for r in self.unsupported]
        found += [f"fake discord bug: {e}" for e in self.internal_errors]
        found += [
            f"interaction never answered: {i.id} (type {i.type}) by {i.user.name}"
            for i in self.unanswered()
        ]
        found += [
            f"scheduled fault never triggered: {f.method} {f.route} {f.status}"
            for f in self.faults.pending()
        ]
        return found

    # --- gateway control -----------------------------------------------------------------------

    @property
    def sessions(self) -> list[GatewaySession]:
        return self.gateway.sessions

    async def disconnect(self, *, code: int = 4000) -> None:
        """Drop every gateway connection as an outage would; discord.py reconnects and resumes."""
        await self.gateway.disconnect(code=code)

    async def invalidate_sessions(self) -> None:
        """Drop every gateway connection and end its session: discord.py's RESUME is refused
        and it identifies again."""
        await self.gateway.invalidate()

    def request_reconnect(self) -> None:
        self.gateway.send_reconnect()

    # --- helpers for routes ----------------------------------------------------------------------

    def _bot_payload(self) -> JsonDict:
        return current_user_payload(self.bot_user)

    def _guilds_of_shard(self, shard_id: int, shard_count: int) -> list[FakeGuild]:
        return [
            g
            for g in self.world.guilds.values()
            if self.bot_user.id in g.member_ids and shard_of(g.id, shard_count) == shard_id
        ]

    def _guild_create(self, guild: FakeGuild, session: GatewaySession) -> JsonDict:
        return guild_create_payload(
            self.world,
            guild,
            bot_user=self.bot_user,
            with_all_members=session.wants(INTENT_GUILD_MEMBERS),
        )

    def _member_payloads(self, guild_id: int, user_ids: list[str] | None) -> list[JsonDict]:
        guild = self.world.guilds[guild_id]
        wanted = (
            guild.member_ids
            if not user_ids
            else [int(u) for u in user_ids if int(u) in guild.member_ids]
        )
        return [member_payload(self.world, guild, self.world.users[uid]) for uid in wanted]

    def _dispatch_message(self, event: str, message: FakeMessage) -> None:
        if message.visible_only_to is not None:
            return
        channel = self.world.channels[message.channel_id]
        intent = INTENT_DIRECT_MESSAGES if channel.is_dm else INTENT_GUILD_MESSAGES
        data = message_payload(self.world, message, for_gateway=True)
        self.gateway.broadcast(event, data, guild_id=channel.guild_id, intent=intent)

    def _dispatch_delete(self, message: FakeMessage) -> None:
        if message.visible_only_to is not None:
            return
        channel = self.world.channels[message.channel_id]
        data: JsonDict = {"id": str(message.id), "channel_id": str(channel.id)}
        if channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
        intent = INTENT_DIRECT_MESSAGES if channel.is_dm else INTENT_GUILD_MESSAGES
        self.gateway.broadcast("MESSAGE_DELETE", data, guild_id=channel.guild_id, intent=intent)

    def _check_payload(self, request: web.Request, problems: list[FormError]) -> None:
        if not problems:
            return
        record: RecordedRequest = request[RECORD]
        self.invalid_payloads.append(InvalidPayload(record, problems))
        if all(p.code == "EMPTY_MESSAGE" for p in problems):
            raise ApiError(400, 50006)
        raise ApiError(400, 50035, errors=nest_errors(problems))

    def _new_message(
        self,
        request: web.Request,
        channel: FakeChannel,
        body: JsonDict,
        *,
        prefix: str = "",
        interaction: FakeInteraction | None = None,
        flags: int | None = None,
        message_type: int = 0,
        check: bool = True,
    ) -> FakeMessage:
        if check:
            self._check_payload(request, validate_message(body, prefix=prefix, creating=True))
        final_flags = int(body.get("flags") or 0) if flags is None else flags
        message = FakeMessage(
            id=self.ids.next(),
            channel_id=channel.id,
            author_id=self.bot_user.id,
            content=str(body.get("content") or ""),
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            attachments=_attachments(self, request),
            flags=final_flags,
            type=message_type,
            interaction_id=interaction.id if interaction else None,
            webhook_id=self.application_id if interaction else None,
            visible_only_to=interaction.user.id
            if interaction and final_flags & EPHEMERAL
            else None,
        )
        self.world.add_message(message)
        self._dispatch_message("MESSAGE_CREATE", message)
        return message

    def _edit_message(
        self, request: web.Request, message: FakeMessage, body: JsonDict, *, prefix: str = ""
    ) -> None:
        self._check_payload(request, validate_message(body, prefix=prefix, creating=False))
        merged = {
            "content": body.get("content", message.content),
            "embeds": body.get("embeds", message.embeds),
            "components": body.get("components", message.components),
            "attachments": body.get("attachments", message.attachments),
        }
        self._check_payload(
            request,
            [
                p
                for p in validate_message(merged, prefix=prefix, creating=True)
                if p.code == "EMPTY_MESSAGE"
            ],
        )
        for key in EDITABLE_KEYS:
            if key in body and key != "allowed_mentions":
                value = body[key]
                if key == "content":
                    message.content = str(value or "")
                elif key == "embeds":
                    message.embeds = list(value or [])
                elif key == "components":
                    message.components = list(value or [])
                elif key == "attachments":
                    # Entries naming an attachment the message has keep it; the metadata of
                    # files uploaded with this request becomes the new attachments.
                    existing = {str(e["id"]): e for e in message.attachments}
                    kept = [existing[str(a.get("id"))] for a in value or []
                            if str(a.get("id")) in existing]
                    message.attachments = kept + _attachments(self, request)
        if "flags" in body and body["flags"] is not None:
            # Only the suppress-embeds bit can change on an existing message.
            message.flags = (message.flags & ~(1 << 2)) | (int(body["flags"]) & (1 << 2))
        message.flags &= ~LOADING
        message.edited_at = utc_now()
        message.edit_count += 1
        self._dispatch_message("MESSAGE_UPDATE", message)

    def _delete_message(self, message: FakeMessage) -> None:
        message.deleted = True
        self._dispatch_delete(message)

    def _record_violation(self, violation: Violation) -> None:
        self.violations.append(violation)

    # --- the middleware: recording, auth, faults, rate limits ----------------------------------

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Any]
    ) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX):
            result: web.StreamResponse = await handler(request)
            return result
        started = time.monotonic()
        resource = request.match_info.route.resource
        template = resource.canonical if resource is not None else request.path
        route = template[len(API_PREFIX) :] if template.startswith(API_PREFIX) else template
        path = request.path[len(API_PREFIX) :]
        record = RecordedRequest(
            index=len(self.requests),
            method=request.method,
            route=route,
            path=path,
            query=dict(request.query),
            json=None,
            time=asyncio.get_running_loop().time(),
            interaction_route=route.startswith(GLOBAL_EXEMPT_PREFIXES),
        )
        self.requests.append(record)
        request[RECORD] = record
        headers: dict[str, str] = {}
        response: web.StreamResponse
        try:
            record.json, request[FILES] = await read_body(request)
            record.files = [f.filename for f in request[FILES]]
            request[BODY] = record.json
            if resource is None:
                self.unsupported.append(record)
                raise ApiError(404, 0, message="404: Not Found")
            if (
                not record.interaction_route
                and request.headers.get("Authorization") != f"Bot {self.token}"
            ):
                raise ApiError(401, 0)
            fault = self.faults.take(request.method, route, path)
            if fault is not None:
                response = self._fault_response(fault, record)
                return response
            major = "+".join(
                str(v)
                for k, v in request.match_info.items()
                if k in ("channel_id", "guild_id", "webhook_id", "webhook_token", "interaction_id")
            )
            decision = self.rate_limiter.check(
                f"{request.method} {route}", major, counts_globally=not record.interaction_route
            )
            headers = decision.headers
            if decision.exceeded:
                response = self._rate_limited(
                    record, decision.retry_after, decision.is_global, "rate", headers
                )
                return response
            response = await handler(request)
            record.cause = "ok"
        except ApiError as error:
            record.cause = error.cause
            record.error_code = error.code
            response = error.response(headers)
        except ConnectionResetError:
            # The client went away while sending (the SIGKILL soak kills the bot in the middle
            # of a board's upload): nobody reads the answer, and nobody made a mistake.
            record.cause = "world"
            response = ApiError(400, 0, cause="world", message="the client went away").response()
        except Exception as error:
            # A bug in the fake: answer 400 (discord.py retries a 5xx for seconds), fail the test.
            _log.exception("fake discord failed on %s %s", request.method, request.path)
            self.internal_errors.append(f"{request.method} {request.path}: {error!r}")
            record.cause = "client"
            response = ApiError(400, 0, message=f"fake discord bug: {error!r}").response()
        record.status = response.status
        body = response.body if isinstance(response, web.Response) else None
        if isinstance(body, bytes) and response.content_type == "application/json":
            record.response = json.loads(body)
        for name, value in headers.items():
            response.headers.setdefault(name, value)
        record.duration = time.monotonic() - started
        self._changed()
        return response

    def _fault_response(self, fault: FaultRule, record: RecordedRequest) -> web.Response:
        if fault.status == 429:
            return self._rate_limited(record, fault.retry_after, fault.is_global, "injected", {})
        record.cause = "injected"
        record.status = fault.status
        record.error_code = fault.code
        self._changed()
        return ApiError(
            fault.status, fault.code, cause="injected", message=fault.message
        ).response()

    def _rate_limited(
        self,
        record: RecordedRequest,
        retry_after: float,
        is_global: bool,
        cause: Cause,
        headers: dict[str, str],
    ) -> web.Response:
        record.cause = cause
        record.status = 429
        self._changed()
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": is_global,
        }
        answer_headers = {
            **headers,
            "Retry-After": f"{max(1, round(retry_after))}",
            "Via": "1.1 google",
            "X-RateLimit-Scope": "global" if is_global else "user",
        }
        if is_global:
            answer_headers["X-RateLimit-Global"] = "true"
        return json_response(body, 429, answer_headers)


def _usable_in_dms(command: JsonDict) -> bool:
    contexts = command.get("contexts")
    if contexts is not None:
        return 1 in contexts
    return command.get("dm_permission", True) is not False


def _attachments(fake: FakeDiscord, request: web.Request) -> list[JsonDict]:
    files = request.get(FILES) or []
    return [
        {
            "id": str(fake.ids.next()),
            "filename": f.filename,
            "size": f.size,
            "url": f"https://cdn.invalid/attachments/{f.filename}",
            "proxy_url": f"https://media.invalid/attachments/{f.filename}",
            "content_type": f.content_type,
        }
        for f in files
    ]
