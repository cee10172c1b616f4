"""A table's options as its lobby offers them, read from the game's ``Options`` model.

Nothing here is written per game: ``bool`` fields are toggles, ``Literal`` and enum fields are
choices among their values, and ``int`` fields bounded on both sides (``ge``/``le``) are choices
among the numbers in between. The seats a table may have are asked of the engine itself: the
counts its ``setup`` accepts with these options.
"""

from __future__ import annotations

import enum
import json
import typing
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import annotated_types
from pydantic import BaseModel

from games import registry
from games.core import IllegalAction
from games.core.options import chosen_by_hand

# Discord's limit on a select's options.
MAX_CHOICES = 25


@dataclass(frozen=True)
class OptionChoice:
    """A field with a few values to choose from."""

    field: str
    values: tuple[Any, ...]


@dataclass(frozen=True)
class LobbyOptions:
    toggles: tuple[str, ...]  # bool fields, in the model's order
    choices: tuple[OptionChoice, ...]  # every other field the lobby can offer


def _values(annotation: Any, metadata: list[Any]) -> tuple[Any, ...] | None:
    """The values a field may take, if they are few and listed by its type."""
    if typing.get_origin(annotation) is typing.Literal:
        return tuple(typing.get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return tuple(member.value for member in annotation)
    if annotation is int:
        low = high = None
        for bound in metadata:
            limit: Any = getattr(bound, "ge", getattr(bound, "gt", None))
            if limit is not None:
                low = int(limit) + (1 if isinstance(bound, annotated_types.Gt) else 0)
            limit = getattr(bound, "le", getattr(bound, "lt", None))
            if limit is not None:
                high = int(limit) - (1 if isinstance(bound, annotated_types.Lt) else 0)
        if low is not None and high is not None and 0 < high - low + 1 <= MAX_CHOICES:
            return tuple(range(low, high + 1))
    return None


def options_of(model: type[BaseModel]) -> LobbyOptions:
    """The toggles and choices of an ``Options`` model (fields of other types are left to the
    slash command and the server's defaults)."""
    toggles: list[str] = []
    choices: list[OptionChoice] = []
    for name, field in model.model_fields.items():
        if not chosen_by_hand(field):
            continue
        if field.annotation is bool:
            toggles.append(name)
            continue
        values = _values(field.annotation, list(field.metadata))
        if values and len(values) > 1:
            choices.append(OptionChoice(name, values))
    return LobbyOptions(tuple(toggles), tuple(choices))


def lobby_options(game: str) -> LobbyOptions:
    return options_of(registry.get(game).Options)


def choice_parts(options: LobbyOptions) -> list[list[OptionChoice]]:
    """The choices packed into selects of at most ``MAX_CHOICES`` values, a field never split
    (fields keep their order)."""
    parts: list[list[OptionChoice]] = []
    size = 0
    for choice in options.choices:
        if parts and size + len(choice.values) <= MAX_CHOICES:
            parts[-1].append(choice)
            size += len(choice.values)
        else:
            parts.append([choice])
            size = len(choice.values)
    return parts


def encode_choice(field: str, value: Any) -> str:
    """A select option's value: the field and its value (JSON), restart-proof and short."""
    return f"{field}={json.dumps(value)}"


def decode_choice(text: str) -> tuple[str, Any] | None:
    field, sep, value = text.partition("=")
    if not sep or not field:
        return None
    try:
        return field, json.loads(value)
    except ValueError:
        return None


def value_key(game: str, field: str, value: Any) -> str:
    """The catalog key naming one value of a choice field."""
    return f"{game}.option.{field}.{value}"


def seat_range(game_name: str, options: dict[str, Any]) -> tuple[int, int]:
    """The fewest and most seats the engine accepts with ``options``."""
    return _seat_range(game_name, json.dumps(options, sort_keys=True))


@lru_cache(maxsize=512)
def _seat_range(game_name: str, options: str) -> tuple[int, int]:
    game = registry.get(game_name)
    spec = game.spec
    chosen = json.loads(options)
    allowed = []
    for seats in range(spec.min_players, spec.max_players + 1):
        try:
            game.setup(seats, chosen, seed=0)
        except (IllegalAction, ValueError):
            continue
        allowed.append(seats)
    if not allowed:
        return spec.min_players, spec.max_players
    return allowed[0], allowed[-1]
