"""Interactions the test side starts, and what became of them.

`build_*` functions turn a test's intent ("alice runs /lifeboat start seats:4 in #games") into the
INTERACTION_CREATE payload Discord would send, checked against the commands the bot registered, so
a test cannot call a command or option the bot never synced. `InteractionResult` gathers the
callback, follow-ups and edits that the bot's answer produced.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .model import (
    DEFAULT_BOT_PERMISSIONS,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
    JsonDict,
    RegisteredCommand,
    World,
    iter_components,
)
from .payloads import (
    ATTACHMENT_SIZE_LIMIT,
    interaction_channel_payload,
    member_payload,
    permissions_of,
    role_payload,
    user_payload,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10

TOKEN_LIFETIME = 15 * 60.0


class FakeUsageError(AssertionError):
    """The test asked for something Discord could never send (unknown command, option...)."""


@dataclass
class Callback:
    """One POST to /interactions/{id}/{token}/callback, accepted or not."""

    type: int
    data: JsonDict | None
    status: int
    elapsed: float
    error_code: int | None = None

    @property
    def accepted(self) -> bool:
        return 200 <= self.status < 300

    @property
    def ephemeral(self) -> bool:
        return bool(((self.data or {}).get("flags") or 0) & 64)


@dataclass
class FakeInteraction:
    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    guild: FakeGuild | None
    payload: JsonDict
    dispatched_at: float
    # The message holding the clicked component (component interactions only).
    source_message_id: int | None = None
    acknowledged: bool = False
    expired: bool = False
    response_type: int | None = None
    original_message_id: int | None = None
    # Follow-ups after a public/ephemeral "thinking" defer replace the loading message first.
    awaiting_first_followup: bool = False
    callbacks: list[Callback] = field(default_factory=list)
    followup_ids: list[int] = field(default_factory=list)
    modal: JsonDict | None = None
    autocomplete_choices: list[JsonDict] | None = None
    # Set by `take_unanswered` when a test expects the bot to ignore this interaction.
    excused: bool = False


class InteractionResult:
    """A handle on one dispatched interaction; every wait fails the test on timeout."""

    def __init__(self, fake: FakeDiscord, interaction: FakeInteraction) -> None:
        self._fake = fake
        self._interaction = interaction

    def __repr__(self) -> str:
        return f"<InteractionResult {self.id} {self.callbacks} followups={self.followup_ids}>"

    @property
    def id(self) -> int:
        return self._interaction.id

    @property
    def token(self) -> str:
        return self._interaction.token

    @property
    def user(self) -> FakeUser:
        return self._interaction.user

    @property
    def channel(self) -> FakeChannel:
        return self._interaction.channel

    @property
    def payload(self) -> JsonDict:
        """The INTERACTION_CREATE data as sent over the gateway."""
        return self._interaction.payload

    @property
    def callbacks(self) -> list[Callback]:
        return self._interaction.callbacks

    @property
    def callback(self) -> Callback | None:
        """The first callback attempt (maybe rejected: check `.accepted`)."""
        return self._interaction.callbacks[0] if self._interaction.callbacks else None

    @property
    def acknowledged(self) -> bool:
        return self._interaction.acknowledged

    @property
    def modal(self) -> JsonDict | None:
        return self._interaction.modal

    @property
    def autocomplete_choices(self) -> list[JsonDict] | None:
        return self._interaction.autocomplete_choices

    @property
    def followup_ids(self) -> list[int]:
        return list(self._interaction.followup_ids)

    @property
    def original_message(self) -> FakeMessage | None:
        """The response message (after type 4/5), or the clicked message (after type 6/7)."""
        message_id = self._interaction.original_message_id
        return self._fake.world.messages.get(message_id) if message_id else None

    @property
    def followups(self) -> list[FakeMessage]:
        return [self._fake.world.messages[mid] for mid in self._interaction.followup_ids]

    @property
    def messages(self) -> list[FakeMessage]:
        """Every message this interaction created or completed, original first."""
        found = [
            m for m in (self.original_message,) if m is not None and m.interaction_id == self.id
        ]
        found.extend(m for m in self.followups if m not in found)
        return found

    async def wait_callback(self, timeout: float = 5.0) -> Callback:
        return await self._fake.wait_for(
            lambda: self.callback, timeout=timeout, what=f"a callback for {self.id}"
        )

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[FakeMessage]:
        def enough() -> list[FakeMessage] | None:
            followups = self.followups
            return followups if len(followups) >= count else None

        return await self._fake.wait_for(
            enough, timeout=timeout, what=f"{count} follow-up(s) for {self.id}"
        )

    async def wait_original(self, *, loaded: bool = True, timeout: float = 5.0) -> FakeMessage:
        """The response message, by default once a deferred "thinking" message got its content."""

        def ready() -> FakeMessage | None:
            message = self.original_message
            if message is None or (loaded and message.loading):
                return None
            return message

        return await self._fake.wait_for(
            ready, timeout=timeout, what=f"the original response of {self.id}"
        )


def new_token() -> str:
    return "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(96)


def base_payload(
    world: World,
    *,
    interaction_id: int,
    token: str,
    kind: int,
    application_id: int,
    user: FakeUser,
    channel: FakeChannel,
    locale: str,
) -> JsonDict:
    payload: JsonDict = {
        "id": str(interaction_id),
        "application_id": str(application_id),
        "type": kind,
        "token": token,
        "version": 1,
        "locale": locale,
        "channel_id": str(channel.id),
        "channel": interaction_channel_payload(world, channel, user.id),
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if channel.guild_id is not None:
        guild = world.guilds[channel.guild_id]
        if user.id not in guild.member_ids:
            raise FakeUsageError(f"{user.name} is not a member of guild {guild.name}")
        member = member_payload(world, guild, user)
        member["permissions"] = str(permissions_of(world, guild, user.id))
        payload.update(
            guild_id=str(guild.id),
            guild_locale=guild.preferred_locale,
            guild={"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
            member=member,
            app_permissions=str(permissions_of(world, guild, 0)),
            authorizing_integration_owners={"0": str(guild.id)},
            context=0,
        )
    else:
        payload.update(
            user=user_payload(user),
            app_permissions=str(DEFAULT_BOT_PERMISSIONS),
            authorizing_integration_owners={"0": "0"},
            context=1,
        )
    return payload


def find_command(
    commands: list[RegisteredCommand], name: str, guild_id: int | None
) -> RegisteredCommand:
    slash = [c for c in commands if c.type == 1 and c.name == name]
    for command in slash:
        if guild_id is not None and command.guild_id == guild_id:
            return command
    for command in slash:
        if command.guild_id is None:
            return command
    registered = sorted({c.name for c in commands})
    raise FakeUsageError(
        f"no slash command {name!r} registered for this guild (registered: {registered})"
    )


def build_command_data(
    world: World,
    command: RegisteredCommand,
    path: list[str],
    options: dict[str, Any],
    guild: FakeGuild | None,
) -> JsonDict:
    """`data` of an APPLICATION_COMMAND interaction, options typed by the registered schema."""
    resolved: JsonDict = {}
    definitions: list[JsonDict] = command.payload.get("options") or []
    nested: list[JsonDict] = []
    top: list[JsonDict] = nested
    walked = [command.name]
    for name in path:
        match = next(
            (
                d
                for d in definitions
                if d["name"] == name and d["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
            ),
            None,
        )
        if match is None:
            raise FakeUsageError(f"/{' '.join(walked)} has no subcommand {name!r}")
        walked.append(name)
        holder: JsonDict = {"type": match["type"], "name": name, "options": []}
        nested.append(holder)
        nested = holder["options"]
        definitions = match.get("options") or []
    if any(d["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for d in definitions):
        raise FakeUsageError(f"/{' '.join(walked)} needs a subcommand")
    known = {d["name"]: d for d in definitions}
    for name in options:
        if name not in known:
            raise FakeUsageError(
                f"/{' '.join(walked)} has no option {name!r} (has {sorted(known)})"
            )
    for definition in definitions:
        name = definition["name"]
        if name not in options:
            if definition.get("required"):
                raise FakeUsageError(f"/{' '.join(walked)} needs option {name!r}")
            continue
        value = _option_value(world, definition, options[name], resolved, guild)
        nested.append({"type": definition["type"], "name": name, "value": value})
    data: JsonDict = {"id": str(command.id), "name": command.name, "type": 1, "options": top}
    if resolved:
        data["resolved"] = resolved
    if command.guild_id is not None:
        data["guild_id"] = str(command.guild_id)
    return data


def _option_value(
    world: World, definition: JsonDict, value: Any, resolved: JsonDict, guild: FakeGuild | None
) -> Any:
    kind = definition["type"]
    name = definition["name"]
    if kind == STRING:
        if not isinstance(value, str):
            raise FakeUsageError(f"option {name!r} takes a string, got {value!r}")
        _check_choice(definition, value)
        return value
    if kind == INTEGER:
        if not isinstance(value, int) or isinstance(value, bool):
            raise FakeUsageError(f"option {name!r} takes an integer, got {value!r}")
        _check_range(definition, value)
        _check_choice(definition, value)
        return value
    if kind == NUMBER:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise FakeUsageError(f"option {name!r} takes a number, got {value!r}")
        _check_range(definition, value)
        return value
    if kind == BOOLEAN:
        if not isinstance(value, bool):
            raise FakeUsageError(f"option {name!r} takes a boolean, got {value!r}")
        return value
    if kind in (USER, MENTIONABLE) and isinstance(value, FakeUser):
        resolved.setdefault("users", {})[str(value.id)] = user_payload(value)
        if guild is not None and value.id in guild.member_ids:
            member = member_payload(world, guild, value, with_user=False)
            member["permissions"] = str(permissions_of(world, guild, value.id))
            resolved.setdefault("members", {})[str(value.id)] = member
        return str(value.id)
    if kind in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
        resolved.setdefault("roles", {})[str(value.id)] = role_payload(value)
        return str(value.id)
    if kind == CHANNEL and isinstance(value, FakeChannel):
        allowed = definition.get("channel_types")
        if allowed and value.type not in allowed:
            raise FakeUsageError(
                f"option {name!r} accepts channel types {allowed}, not {value.type}"
            )
        resolved.setdefault("channels", {})[str(value.id)] = interaction_channel_payload(
            world, value, 0
        )
        return str(value.id)
    raise FakeUsageError(f"option {name!r} (type {kind}) cannot take {value!r}")


def _check_choice(definition: JsonDict, value: Any) -> None:
    choices = definition.get("choices")
    if choices and value not in [choice["value"] for choice in choices]:
        raise FakeUsageError(
            f"option {definition['name']!r} must be one of its choices, not {value!r}"
        )


def _check_range(definition: JsonDict, value: float) -> None:
    low, high = definition.get("min_value"), definition.get("max_value")
    if (low is not None and value < low) or (high is not None and value > high):
        raise FakeUsageError(
            f"option {definition['name']!r} must lie in [{low}, {high}], not {value!r}"
        )


def build_component_data(
    message: FakeMessage, custom_id: str, values: list[str] | None
) -> JsonDict:
    """`data` of a MESSAGE_COMPONENT interaction, checked against the message's components."""
    component = message.find_component(custom_id)
    if component is None:
        raise FakeUsageError(
            f"message {message.id} has no component {custom_id!r} (has {message.custom_ids()})"
        )
    if component.get("disabled"):
        raise FakeUsageError(
            f"component {custom_id!r} is disabled: Discord would not let a user use it"
        )
    kind = int(component["type"])
    data: JsonDict = {"custom_id": custom_id, "component_type": kind}
    if "id" in component:
        data["id"] = component["id"]
    if kind == 2:
        if values is not None:
            raise FakeUsageError(f"{custom_id!r} is a button: use click(), not select()")
        return data
    if values is None:
        raise FakeUsageError(f"{custom_id!r} is a select: use select() with values")
    low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
    if not low <= len(values) <= high:
        raise FakeUsageError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
    if kind == 3:
        offered = [str(option["value"]) for option in component.get("options", [])]
        unknown = [v for v in values if v not in offered]
        if unknown:
            raise FakeUsageError(f"select {custom_id!r} offers {offered}, not {unknown}")
    data["values"] = list(values)
    return data


def build_raw_component(
    custom_id: str, values: list[str] | None, component_type: int
) -> tuple[JsonDict, JsonDict]:
    """`data` of a MESSAGE_COMPONENT interaction with any custom_id and values, unchecked, and
    the action row that claims to hold that component (for fuzzing the bot's parsing)."""
    data: JsonDict = {"custom_id": custom_id, "component_type": component_type}
    component: JsonDict = {"type": component_type, "custom_id": custom_id}
    if component_type == 2:
        component.update(style=1, label="?")
    else:
        offered = list(dict.fromkeys(values or ["0"]))
        component.update(
            options=[{"label": "?", "value": value} for value in offered],
            min_values=1,
            max_values=max(1, len(values or [])),
        )
    if values is not None:
        data["values"] = list(values)
    return data, {"type": 1, "components": [component]}


def build_modal_submit_data(modal: JsonDict, values: dict[str, str]) -> JsonDict:
    """`data` of a MODAL_SUBMIT: each text input of the shown modal with the typed value.

    Handles both layouts discord.py sends: action rows of inputs and labels wrapping one input."""
    unknown = set(values) - {
        c["custom_id"] for c in iter_components(modal.get("components", [])) if "custom_id" in c
    }
    if unknown:
        raise FakeUsageError(f"the modal has no inputs {sorted(unknown)}")
    rows: list[JsonDict] = []
    for row in modal.get("components", []):
        inputs = row.get("components") or ([row["component"]] if row.get("component") else [])
        submitted = [
            {
                "type": c["type"],
                "custom_id": c["custom_id"],
                "value": values.get(c["custom_id"], ""),
            }
            for c in inputs
            if "custom_id" in c
        ]
        if row.get("type") == 1:
            rows.append({"type": 1, "components": submitted})
        elif submitted:
            rows.append({"type": row["type"], "component": submitted[0]})
    return {"custom_id": modal["custom_id"], "components": rows}
