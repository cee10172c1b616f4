"""A game's slash command options, read from its ``Options`` model.

Every field of the model becomes an optional option of ``/<game> start`` and ``/<game> config``
(but a field a series sets, ``games.core.options.SERIES``):

- the option's name is the field's name;
- its type follows the annotation: ``bool``; ``Literal[...]`` becomes a string or integer option
  offering exactly those values as choices; ``int`` and ``float`` carry the field's bounds
  (``ge``/``le``, ``gt``/``lt`` on integers) as Discord's minimum and maximum
  (``app_commands.Range``); ``str``; ``tuple[str, ...]`` becomes a string option whose words
  (separated by commas or spaces) are the tuple; when the model's ``known_words(field)`` names
  the words such a list may hold (Haunt's haunts), Discord's autocomplete offers them by their
  titles in the user's language, adding one word to what is typed at each pick;
- its description is the English catalog text ``command.<game>.option.<field>`` when the game
  words it for players there, otherwise the field's own ``description``, cut to Discord's 100
  characters (and the option's name when there is none; a warning is logged, and
  ``tests/test_i18n.py`` fails until the catalog has the text); a choice's name is
  ``command.<game>.option.<field>.choice.<value>``, otherwise the value itself. Other languages
  come from the same keys (``bot/translator.py``).

A *preset* is one more option whose every choice sets several fields at once (Citadels'
``characters`` sets ranks 1–8); a field given in the same command wins over the preset.
"""

from __future__ import annotations

import inspect
import logging
import typing
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Optional

import annotated_types
import discord
from discord import app_commands
from discord.app_commands import Choice
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from games.core.options import chosen_by_hand
from tables.i18n import DEFAULT_LOCALE, catalog, normalize_locale

log = logging.getLogger(__name__)

DESCRIPTION_LIMIT = 100  # Discord's limit for a command's or an option's description
CHOICE_LIMIT = 25  # Discord's limit for the choices of one option

# Discord's own bounds for an integer option, used where a field gives only one side.
INTEGER_MIN, INTEGER_MAX = -(2**53), 2**53

Handler = Callable[[Any, discord.Interaction[Any], dict[str, Any]], Awaitable[None]]
Completer = Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, list[Choice[str]]]]
# The words of a list field, each with its title by language (``known_words`` of a model).
KnownWords = Mapping[str, Mapping[str, str]]


@dataclass(frozen=True)
class Preset:
    """An option that sets several fields at once: ``choices`` maps each choice's value to the
    fields it sets, in the order the choices are offered."""

    name: str
    choices: Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True)
class SlashOption:
    """One optional option of a slash command, as discord.py reads it from a signature."""

    name: str
    annotation: Any  # bool, str, int, float, an app_commands.Range, discord.Role, ...
    description: str
    choices: tuple[Choice[Any], ...] = ()
    # How the value Discord sends becomes the field's value (None: as it is).
    parse: Callable[[Any], Any] | None = None
    # Suggestions while the user types (Discord's autocomplete), for a list of known words.
    autocomplete: Completer | None = None


def listed_words(text: str) -> tuple[str, ...]:
    """A list typed into one string option: words separated by commas or spaces."""
    return tuple(word for word in text.replace(",", " ").split() if word)


def word_suggestions(words: KnownWords, typed: str, locale: str | None
                     ) -> list[Choice[str]]:
    """What to offer while ``typed`` is being written into a list option: what is typed so
    far plus one more known word that matches what is being written (its id or a title), each
    named by the titles in ``locale``. At most Discord's 25, none longer than its 100."""
    language = normalize_locale(locale)
    # The known words typed so far, then what is being written (a title may have spaces).
    listed = listed_words(typed)
    known = 0
    while known < len(listed) and listed[known] in words:
        known += 1
    done = listed[:known]
    partial = " ".join(listed[known:]).casefold()

    def title(word: str) -> str:
        titles = words.get(word) or {}
        return titles.get(language) or titles.get("en") or word

    suggestions: list[Choice[str]] = []
    for word in words:
        # Matched by id or by a title in any language: a user may type either.
        names = (word, *(words.get(word) or {}).values())
        if word in done or (partial and all(partial not in n.casefold() for n in names)):
            continue
        value = " ".join((*done, word))
        if len(value) > DESCRIPTION_LIMIT:
            continue
        name = " + ".join(title(w) for w in (*done, word))
        if len(name) > DESCRIPTION_LIMIT:
            name = "… + " + title(word)[:DESCRIPTION_LIMIT - 4]
        suggestions.append(Choice(name=name, value=value))
        if len(suggestions) == CHOICE_LIMIT:
            break
    return suggestions


def _completer(words: KnownWords) -> Completer:
    async def complete(interaction: discord.Interaction[Any], typed: str
                       ) -> list[Choice[str]]:
        return word_suggestions(words, typed or "", str(interaction.locale))
    return complete


def _known_words(model: type[BaseModel], name: str) -> KnownWords:
    known = getattr(model, "known_words", None)
    return known(name) if callable(known) else {}


def _is_word_list(kind: Any) -> bool:
    return typing.get_origin(kind) is tuple and typing.get_args(kind) == (str, Ellipsis)


def english(key: str) -> str | None:
    """The English catalog text of ``key``, if the catalogs have one."""
    return catalog(DEFAULT_LOCALE).get(key) or None


def fitted_description(text: str | None, name: str, where: str) -> str:
    """``text`` as Discord takes it: at most 100 characters, never empty. A text that had to
    be cut or made up is logged: the catalog should word it for players."""
    if not text:
        log.warning("%s has no description: add it to the English catalog", where)
        return name
    if len(text) > DESCRIPTION_LIMIT:
        log.warning("%s: %r is longer than Discord's %d characters; word it for players in "
                    "the English catalog", where, text, DESCRIPTION_LIMIT)
        return text[:DESCRIPTION_LIMIT - 1].rsplit(" ", 1)[0] + "…"
    return text


def _choices(game: str, option: str, values: Sequence[Any]) -> tuple[Choice[Any], ...]:
    if len(values) > CHOICE_LIMIT:
        raise ValueError(f"/{game} {option}: Discord offers at most {CHOICE_LIMIT} choices")
    return tuple(
        Choice(name=english(f"command.{game}.option.{option}.choice.{value}") or str(value),
               value=value)
        for value in values
    )


def _bounds(field: FieldInfo) -> tuple[Any, Any]:
    low: Any = None
    high: Any = None
    for rule in field.metadata:
        if isinstance(rule, annotated_types.Ge):
            low = rule.ge
        elif isinstance(rule, annotated_types.Gt):
            low = rule.gt + 1 if isinstance(rule.gt, int) else rule.gt
        elif isinstance(rule, annotated_types.Le):
            high = rule.le
        elif isinstance(rule, annotated_types.Lt):
            high = rule.lt - 1 if isinstance(rule.lt, int) else rule.lt
    return low, high


def _annotation(game: str, name: str, field: FieldInfo) -> tuple[Any, tuple[Any, ...]]:
    """What discord.py should read for a field, and the values it offers as choices."""
    kind = field.annotation
    # ``X | None`` (None: the game's own default, as leaving the option out) offers an X.
    args = typing.get_args(kind)
    if len(args) == 2 and type(None) in args:
        kind = next(arg for arg in args if arg is not type(None))
    if typing.get_origin(kind) is Literal:
        values = typing.get_args(kind)
        value_types = {type(value) for value in values}
        if value_types == {str} or value_types == {int}:
            return value_types.pop(), values
        raise TypeError(f"/{game} {name}: a Literal of strings or of integers only")
    if kind is bool or kind is str or _is_word_list(kind):
        return str if _is_word_list(kind) else kind, ()
    if kind is int or kind is float:
        low, high = _bounds(field)
        if low is None and high is None:
            return kind, ()
        if kind is int:
            return app_commands.Range[int, low if low is not None else INTEGER_MIN,
                                      high if high is not None else INTEGER_MAX], ()
        return app_commands.Range[float, low, high], ()
    raise TypeError(f"/{game} {name}: no slash option type for {kind!r}")


def field_options(game: str, model: type[BaseModel]) -> list[SlashOption]:
    """A slash option per field of ``model``, in the model's order."""
    options = []
    for name, field in model.model_fields.items():
        if not chosen_by_hand(field):
            continue
        annotation, values = _annotation(game, name, field)
        description = english(f"command.{game}.option.{name}") or field.description
        word_list = _is_word_list(_optional_of(field.annotation))
        words = _known_words(model, name) if word_list else {}
        options.append(SlashOption(
            name=name, annotation=annotation,
            description=fitted_description(description, name, f"/{game} option {name}"),
            choices=_choices(game, name, values),
            parse=listed_words if word_list else None,
            autocomplete=_completer(words) if words else None,
        ))
    return options


def _optional_of(kind: Any) -> Any:
    """``X`` for ``X | None``, else ``kind``."""
    args = typing.get_args(kind)
    if len(args) == 2 and type(None) in args:
        return next(arg for arg in args if arg is not type(None))
    return kind


def preset_options(game: str, presets: Sequence[Preset]) -> list[SlashOption]:
    return [
        SlashOption(
            name=preset.name, annotation=str,
            description=fitted_description(english(f"command.{game}.option.{preset.name}"),
                                           preset.name, f"/{game} option {preset.name}"),
            choices=_choices(game, preset.name, list(preset.choices)),
        )
        for preset in presets
    ]


def chosen_options(values: Mapping[str, Any], presets: Sequence[Preset]) -> dict[str, Any]:
    """The ``Options`` fields a command asked for: presets first, fields given on their own
    over them; an option left out (None) leaves its fields to the server's defaults."""
    chosen: dict[str, Any] = {}
    by_name = {preset.name: preset for preset in presets}
    for name, value in values.items():
        if name in by_name and value is not None:
            chosen.update(by_name[name].choices[value])
    chosen.update({name: value for name, value in values.items()
                   if name not in by_name and value is not None})
    return chosen


def slash_command(owner: type, name: str, description: str, options: Sequence[SlashOption],
                  handler: Handler) -> app_commands.Command[Any, ..., None]:
    """A slash command defined on ``owner`` (a cog class) whose options are ``options``, all
    optional; ``handler(cog, interaction, values)`` gets every option by name (None if left
    out)."""
    names = [option.name for option in options]
    parsers = {option.name: option.parse for option in options if option.parse is not None}

    async def callback(self: Any, interaction: discord.Interaction[Any], **values: Any) -> None:
        given = {name: values.get(name) for name in names}
        given.update({name: parse(given[name]) for name, parse in parsers.items()
                      if given[name] is not None})
        await handler(self, interaction, given)

    plain = inspect.Parameter.POSITIONAL_OR_KEYWORD
    callback.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
        inspect.Parameter("self", plain),
        inspect.Parameter("interaction", plain, annotation=discord.Interaction),
        *(inspect.Parameter(option.name, plain, default=None,
                            annotation=Optional[option.annotation])  # noqa: UP045
          for option in options),
    ])
    # discord.py binds a callback to its cog when it reads as a method of a class.
    callback.__name__ = name
    callback.__qualname__ = f"{owner.__qualname__}.{name}"
    with_texts = app_commands.describe(**{option.name: option.description
                                          for option in options})(callback)
    choices = {option.name: list(option.choices) for option in options if option.choices}
    if choices:
        with_texts = app_commands.choices(**choices)(with_texts)
    completers = {option.name: option.autocomplete for option in options
                  if option.autocomplete is not None}
    if completers:
        with_texts = app_commands.autocomplete(**completers)(with_texts)
    return app_commands.command(name=name, description=description)(with_texts)


__all__ = ["Preset", "SlashOption", "chosen_options", "field_options", "preset_options",
           "slash_command", "word_suggestions"]
