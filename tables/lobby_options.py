"""A table's options as its lobby offers them, read from the game's ``Options`` model.

Nothing here is written per game: ``bool`` fields are toggles, ``Literal`` and enum fields are
choices among their values, and ``int`` fields bounded on both sides (``ge``/``le``) are choices
among the numbers in between; an optional one (``int | None``) offers its default, ``None``,
first. A list of words (``tuple[str, ...]``, optional or not) whose words the model names
(``known_words``) is a set: a multi-select of those words. The seats a table may have are asked
of the engine itself: the counts its ``setup`` accepts with these options.
"""

from __future__ import annotations

import enum
import json
import types
import typing
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import annotated_types
from pydantic import BaseModel

from games import registry
from games.core import IllegalAction
from games.core.options import chosen_by_hand
from tables.i18n import DEFAULT_LOCALE, normalize_locale

# Discord's limit on a select's options.
MAX_CHOICES = 25


@dataclass(frozen=True)
class OptionChoice:
    """A field with a few values to choose from; ``numeric``: a bounded integer, its values
    named by one catalog text holding the number."""

    field: str
    values: tuple[Any, ...]
    numeric: bool = False


@dataclass(frozen=True)
class OptionSet:
    """A list field whose words are known: any of ``words`` may be ticked; ticking none
    leaves the field at ``default``."""

    field: str
    words: tuple[str, ...]
    default: Any


@dataclass(frozen=True)
class LobbyOptions:
    toggles: tuple[str, ...]  # bool fields, in the model's order
    choices: tuple[OptionChoice, ...]  # fields with one value among a few
    sets: tuple[OptionSet, ...] = ()  # fields holding any of a few words


def _optional(annotation: Any) -> Any | None:
    """``X`` of ``X | None`` (None for any other annotation)."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        rest = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(rest) == 1 and len(typing.get_args(annotation)) == 2:
            return rest[0]
    return None


def _is_word_list(annotation: Any) -> bool:
    return typing.get_origin(annotation) is tuple and typing.get_args(annotation) == (str, ...)


def _values(annotation: Any, metadata: list[Any]) -> tuple[Any, ...] | None:
    """The values a field may take, if they are few and listed by its type."""
    inner = _optional(annotation)
    if inner is not None:
        values = _values(inner, metadata)
        return None if values is None or len(values) >= MAX_CHOICES else (None, *values)
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
    sets: list[OptionSet] = []
    known = getattr(model, "known_words", None)
    for name, field in model.model_fields.items():
        if not chosen_by_hand(field):
            continue
        if field.annotation is bool:
            toggles.append(name)
            continue
        listed = _optional(field.annotation) or field.annotation
        if _is_word_list(listed):
            words = tuple(known(name)) if callable(known) else ()
            if 1 < len(words) <= MAX_CHOICES:
                sets.append(OptionSet(name, words, field.get_default()))
            continue
        values = _values(field.annotation, list(field.metadata))
        if values and len(values) > 1:
            numeric = (_optional(field.annotation) or field.annotation) is int
            choices.append(OptionChoice(name, values, numeric))
    return LobbyOptions(tuple(toggles), tuple(choices), tuple(sets))


def lobby_options(game: str, selects: int | None = None) -> LobbyOptions:
    """The game's lobby options, fitted to ``selects`` selects when given (``fitted``)."""
    offered = options_of(registry.get(game).Options)
    return offered if selects is None else fitted(offered, selects)


def selects_needed(options: LobbyOptions) -> int:
    """The selects the lobby shows for ``options``: the toggles', the choices' parts, the
    sets'."""
    return (1 if options.toggles else 0) + len(choice_parts(options)) + len(options.sets)


def fitted(options: LobbyOptions, selects: int) -> LobbyOptions:
    """``options`` as ``selects`` selects hold them: when the toggles' own select would leave a
    choice or a set out, each toggle is offered among the choices instead, off or on (named
    ``<game>.option.<field>.False`` and ``.True``)."""
    if not options.toggles or selects_needed(options) <= selects:
        return options
    folded = tuple(OptionChoice(name, (False, True)) for name in options.toggles)
    return LobbyOptions((), folded + options.choices, options.sets)


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


def choice_key(game: str, choice: OptionChoice, value: Any) -> str:
    """The catalog key naming ``value`` of ``choice``: the field's default (``None``) is
    ``….default``; a number is ``….number`` with ``{value}`` (one text for every number);
    any other value has its own key."""
    if value is None:
        return f"{game}.option.{choice.field}.default"
    if choice.numeric:
        return f"{game}.option.{choice.field}.number"
    return value_key(game, choice.field, value)


def set_key(game: str, field: str) -> str:
    """The catalog key of a set's placeholder (what ticking means, and ticking none)."""
    return f"{game}.option.{field}.pick"


def word_title(game: str, field: str, word: str, locale: str | None) -> str:
    """A set's word by its title in ``locale`` (the model's ``known_words``)."""
    titles = registry.get(game).Options.known_words(field).get(word, {})
    return titles.get(normalize_locale(locale)) or titles.get(DEFAULT_LOCALE) or word


def most_seats_with_a_change(game_name: str, options: dict[str, Any]) -> int:
    """The most seats a table could have after the host changes its options in the lobby:
    the engine's most with any one toggle or choice changed (a table full at its options'
    limit is told whether changing them would seat more)."""
    offered = lobby_options(game_name)
    candidates = [{name: not options.get(name)} for name in offered.toggles]
    candidates += [{c.field: v} for c in offered.choices for v in c.values]
    most = seat_range(game_name, options)[1]
    for change in candidates:
        try:
            changed = registry.get(game_name).Options.model_validate({**options, **change})
        except ValueError:
            continue
        most = max(most, seat_range(game_name, changed.model_dump(mode="json"))[1])
    return most


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
