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

from tables.i18n import DEFAULT_LOCALE, available_locales, normalize_locale
from tables.i18n import t as game_text

LOCALES_DIR = Path(__file__).parent / "locales"
# How each language names itself in the switch.
LANGUAGE_NAMES = {"en": "English", "zh_CN": "简体中文"}


@cache
def texts(locale: str) -> dict[str, str]:
    path = LOCALES_DIR / locale / "LC_MESSAGES" / "web.po"
    if not path.exists():
        return {}
    with path.open("rb") as handle:
        return {str(m.id): str(m.string) for m in read_po(handle, locale=locale)
                if m.id and m.string}


def w(key: str, locale: str, /, **params: Any) -> str:
    """A page text in ``locale`` (English when missing there; the key when missing
    everywhere)."""
    text = texts(locale).get(key) or texts(DEFAULT_LOCALE).get(key) or key
    return text.format(**params) if params else text


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


def choose_locale(asked: str | None, accept_language: str | None) -> str:
    """The catalog locale for a request: ``?lang=`` when it names one we have, else the first
    of Accept-Language we have, else English."""
    have = available_locales()
    if asked:
        wanted = normalize_locale(asked)
        if wanted in have and (wanted == asked.replace("-", "_")
                               or wanted.split("_")[0] == asked.split("-")[0].split("_")[0]):
            return wanted
    for name in _accepted(accept_language or ""):
        wanted = normalize_locale(name)
        if wanted.split("_")[0] == name.replace("-", "_").split("_")[0].lower():
            return wanted
    return DEFAULT_LOCALE


__all__ = ["LANGUAGE_NAMES", "choose_locale", "game_text", "tag", "w"]
