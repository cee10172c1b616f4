"""The web pages' own texts and the reader's language.

The pages' words are in ``web/locales/<locale>/LC_MESSAGES/web.po`` (gettext, like the bot's);
the games' words (titles, roles, events) come from the bot's catalogs through ``tables.i18n``. The
language is the one the reader picked (``?lang=``), else the browser's first wanted language
that Parlor has (``Accept-Language``), else English.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from tables.i18n import (
    DEFAULT_LOCALE,
    Plural,
    as_count,
    available_locales,
    counted_parameter,
    normalize_locale,
    plural_form,
    t,
)

LOCALES_DIR = Path(__file__).parent / "locales"
# How each language names itself in the switch.
LANGUAGE_NAMES = {"en": "English", "zh_CN": "简体中文"}


@cache
def _read(locale: str) -> tuple[dict[str, str], dict[str, Plural]]:
    """The page texts of ``locale`` by key (a plural entry's most general form), and the
    forms of its plural entries (read as ``tables.i18n`` reads the games' catalogs)."""
    path = LOCALES_DIR / locale / "LC_MESSAGES" / "web.po"
    found: dict[str, str] = {}
    plurals: dict[str, Plural] = {}
    if not path.exists():
        return found, plurals
    with path.open("rb") as handle:
        for message in read_po(handle, locale=locale):
            if not message.id:
                continue
            if isinstance(message.id, tuple):
                forms = tuple(str(form) for form in message.string or ())
                if forms and all(forms):
                    key = str(message.id[0])
                    found[key] = forms[-1]
                    plurals[key] = Plural(counted_parameter(str(message.id[1])), forms)
            elif message.string:
                found[str(message.id)] = str(message.string)
    return found, plurals


def texts(locale: str) -> dict[str, str]:
    return _read(locale)[0]


def w(key: str, locale: str, /, **params: Any) -> str:
    """A page text in ``locale`` (English when missing there; the key when missing
    everywhere). A plural entry takes the form its language's ``Plural-Forms`` gives for its
    counted parameter (``count``), as the games' texts do."""
    if key not in texts(locale):
        locale = DEFAULT_LOCALE
    text = texts(locale).get(key) or key
    plural = _read(locale)[1].get(key)
    if plural is not None:
        count = as_count(params.get(plural.counted))
        if count is not None:
            text = plural_form(plural.forms, locale, count)
    return text.format(**params) if params else text


def game_text(key: str, locale: str | None, /, **params: Any) -> str:
    """A text of the games' catalogs, its characters only: for a page's title, a heading, a
    table cell (the template escapes it). What the pages show styled (a board, a log) comes
    as runs (``web.text``)."""
    return t(key, locale, **params).plain


def tag(locale: str) -> str:
    """The BCP 47 tag of a catalog locale (``zh_CN`` → ``zh-CN``), for ``lang=`` and links."""
    return locale.replace("_", "-")


def _accepted(header: str) -> list[str]:
    """Accept-Language's languages, most wanted first (``q=0`` means not wanted)."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")):
        name, _, rest = part.strip().partition(";")
        quality = 1.0
        if rest.strip().startswith("q="):
            try:
                quality = float(rest.strip()[2:])
            except ValueError:
                quality = 0.0
        if name and name != "*" and quality > 0:
            ranked.append((-quality, position, name))
    return [name for _, _, name in sorted(ranked)]


def _canonical(name: str) -> str:
    """A language tag as the catalogs spell it, whatever its case and separator: ``ZH-cn`` →
    ``zh_CN``, ``EN`` → ``en``."""
    language, _, region = name.strip().replace("-", "_").partition("_")
    return f"{language.lower()}_{region.upper()}" if region else language.lower()


def choose_locale(asked: str | None, accept_language: str | None) -> str:
    """The catalog locale for a request: ``?lang=`` when it names one we have (in any case),
    else the first of Accept-Language we have, else English."""
    have = available_locales()
    for name in ([asked] if asked else []) + _accepted(accept_language or ""):
        wanted = _canonical(name)
        found = normalize_locale(wanted)
        if found in have and found.split("_")[0] == wanted.split("_")[0]:
            return found
    return DEFAULT_LOCALE


__all__ = ["LANGUAGE_NAMES", "choose_locale", "game_text", "tag", "w"]
