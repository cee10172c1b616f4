"""Discord's own command localizations, answered from the message catalogs.

When the command tree is synced, discord.py asks an ``app_commands.Translator`` for every
group and command description, option description and choice name, once per Discord locale;
what it answers is sent as ``description_localizations`` / ``name_localizations`` and Discord
shows it to each member in their client's language.

Keys are derived from where a string sits, so the cogs need no change (a game's ``start`` and
``config`` options, derived from its ``Options`` by ``bot/cogs/options.py``, take their English
from these same keys when the catalog has them):

- ``command.<group>.description`` — a command group (``/lifeboat``)
- ``command.<group>.<command>.description`` — a command (``/lifeboat start``)
- ``command.<group>.<command>.option.<option>`` — an option's description
- ``command.<group>.<command>.option.<option>.choice.<value>`` — a choice's name

Texts that repeat are written once under a wider key, tried after the exact one: an option
the group's commands share drops the command (``command.lifeboat.option.sharks`` serves
``/lifeboat start`` and ``/lifeboat config``), and a text several groups share uses ``shared``
for the group (``command.shared.rules.description`` for every game's ``rules`` from ``GameCog``,
``command.shared.option.turn_seconds`` for every config command).

A translation is only used while the catalog's English text for that key is exactly the text in
the code. When someone rewords a description and not the catalog, Discord shows the new English
to everyone instead of a translation of the old words.

Command, option and choice *names* stay English on purpose: see ``docs/i18n.md``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from tables.i18n import DEFAULT_LOCALE, available_locales, catalog, normalize_locale

PREFIX = "command."
SHARED = "shared"

AnyCommand = app_commands.Command[Any, ..., Any] | app_commands.Group


def _path(command: AnyCommand) -> list[str]:
    return command.qualified_name.split()


def _keys(paths: list[list[str]]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(PREFIX + ".".join(path) for path in paths))


def description_keys(command: AnyCommand) -> tuple[str, ...]:
    """The keys that may carry a command's or a group's description, most specific first."""
    group, *rest = _path(command)
    paths = [[group, *rest, "description"]]
    if rest:
        paths.append([SHARED, *rest, "description"])
    return _keys(paths)


def option_keys(command: AnyCommand, option: str, *tail: str) -> tuple[str, ...]:
    """The keys that may carry an option's description (or, with ``tail``, a part of the
    option such as a choice), most specific first."""
    group, *rest = _path(command)
    leaf = ["option", option, *tail]
    return _keys([[group, *rest, *leaf], [group, *leaf], [SHARED, *rest, *leaf],
                  [SHARED, *leaf]])


def choice_keys(command: AnyCommand, option: str, value: object) -> tuple[str, ...]:
    return option_keys(command, option, "choice", str(value))


@dataclass(frozen=True)
class CommandText:
    """One translatable string of the command tree and the keys that may carry it."""

    where: str  # for people: "/lifeboat start sharks"
    english: str  # the text in the code, what Discord shows by default
    keys: tuple[str, ...]  # most specific first


def command_texts(tree: app_commands.CommandTree[Any]) -> Iterator[CommandText]:
    """Every description and choice name of the tree's slash commands, in tree order."""
    for command in tree.walk_commands():
        name = "/" + command.qualified_name
        yield CommandText(name, command.description, description_keys(command))
        if not isinstance(command, app_commands.Command):
            continue
        for parameter in command.parameters:
            yield CommandText(f"{name} {parameter.name}", parameter.description,
                              option_keys(command, parameter.name))
            for choice in parameter.choices:
                yield CommandText(f"{name} {parameter.name}={choice.value}", choice.name,
                                  choice_keys(command, parameter.name, choice.value))


def resolve(keys: tuple[str, ...], english: str) -> str | None:
    """The first key whose English catalog text is ``english``, if any."""
    english_texts = catalog(DEFAULT_LOCALE)
    for key in keys:
        if english_texts.get(key) == english:
            return key
    return None


def command_catalogs() -> dict[str, dict[str, str]]:
    """Every catalog's command texts by locale: with the untranslated tree, all that the
    translated one is made of."""
    return {locale: {key: text for key, text in catalog(locale).items()
                     if key.startswith(PREFIX)}
            for locale in available_locales()}


def localized(keys: tuple[str, ...], english: str, locale: str) -> str | None:
    """``english`` in ``locale`` (a Discord locale) from the catalogs, or None to let Discord
    show the English text."""
    language = normalize_locale(locale)
    if language == DEFAULT_LOCALE:
        return None
    key = resolve(keys, english)
    if key is None:
        return None
    return catalog(language).get(key) or None


class CatalogTranslator(app_commands.Translator):
    """Localizes descriptions and choice names; leaves every name English.

    A choice object does not know its option, so the translator is given the tree to find it.
    """

    def __init__(self, tree: app_commands.CommandTree[Any] | None = None) -> None:
        self.tree = tree
        # id(choice) -> the choice (held, so its id stays its own) and where it is offered.
        self._owners: dict[int, tuple[app_commands.Choice[Any], list[tuple[AnyCommand, str]]]] = {}

    def _index(self) -> None:
        self._owners = {}
        if self.tree is None:
            return
        for command in self.tree.walk_commands():
            if isinstance(command, app_commands.Command):
                for parameter in command.parameters:
                    for choice in parameter.choices:
                        _, owners = self._owners.setdefault(id(choice), (choice, []))
                        owners.append((command, parameter.name))

    def _choice_owners(self, choice: app_commands.Choice[Any]
                       ) -> list[tuple[AnyCommand, str]]:
        """The commands and options offering ``choice`` (the index is rebuilt when a choice
        is new to it, e.g. after a cog was added)."""
        known = self._owners.get(id(choice))
        if known is None or known[0] is not choice:
            self._index()
            known = self._owners.get(id(choice))
        return known[1] if known is not None and known[0] is choice else []

    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if normalize_locale(locale.value) == DEFAULT_LOCALE:
            # No catalog for it (most of Discord's thirty-odd locales): Discord shows the
            # English text, and working out the keys first would be for nothing.
            return None
        english = string.message
        where = context.location
        data: Any = context.data
        if where in (Where.command_description, Where.group_description):
            return localized(description_keys(data), english, locale.value)
        if where is Where.parameter_description:
            return localized(option_keys(data.command, data.name), english, locale.value)
        if where is Where.choice_name:
            for command, option in self._choice_owners(data):
                text = localized(choice_keys(command, option, data.value), english,
                                 locale.value)
                if text is not None:
                    return text
        # Names (commands, groups, options) stay English: see docs/i18n.md.
        return None
