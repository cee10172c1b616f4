"""The message catalog: every player-facing string, by key, in gettext catalogs (Babel).

Catalogs live in ``tables/locales/<locale>/LC_MESSAGES/<domain>.po``, one domain for the platform
(``parlor``) and one per game; the msgid is the key and the msgstr the text, with ``{name}``
parameters (python-brace-format). Engines emit keys and parameters; only the presentation (each
game's words, the adapters) calls ``t``, which gives structured text (``tables.text.Text``): the
msgstr's light markup as styles, each parameter as the text it is (a name stays a name, a plain
``str`` is text of unknown origin, shown literally).

A text that holds a count is a plural entry: one ``msgstr[i]`` per form of the language, chosen
by the catalog's ``Plural-Forms`` rule as gettext's ``ngettext`` does. The parameter that counts
is ``count`` (``t(key, locale, count=n, …)`` picks the form for ``n``), unless ``msgid_plural``
names another (an engine's ``amount``); a ``msgid_plural`` that is no parameter name, such as
the key repeated, means ``count``.
"""

from __future__ import annotations

import gettext
import logging
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from babel.messages.pofile import read_po

from tables.text import Text, fill, template, words

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).parent / "locales"
DEFAULT_LOCALE = "en"
# The parameter that usually chooses a plural entry's form.
COUNT = "count"


class Plural(NamedTuple):
    """A plural entry: the parameter that counts, and the forms in the catalog's order
    (English: one, other; Chinese: a single form)."""

    counted: str
    forms: tuple[str, ...]


# Asked on every text of every board (dozens per move): Discord sends a few dozen locale names,
# so the answers are remembered.
@lru_cache(maxsize=256)
def normalize_locale(locale: str | None) -> str:
    """Discord's locale (``en-US``, ``zh-CN``…) to a catalog we have, falling back to English."""
    if not locale:
        return DEFAULT_LOCALE
    wanted = locale.replace("-", "_")
    available = available_locales()
    if wanted in available:
        return wanted
    language = wanted.split("_")[0]
    for candidate in available:
        if candidate.split("_")[0] == language:
            return candidate
    return DEFAULT_LOCALE


@cache
def available_locales() -> tuple[str, ...]:
    return tuple(
        sorted(
            p.name for p in LOCALES_DIR.iterdir()
            if any((p / "LC_MESSAGES").glob("*.po"))
        )
    )


def counted_parameter(msgid_plural: str) -> str:
    """The parameter a plural entry counts by: the one its ``msgid_plural`` names, else
    ``count``."""
    return msgid_plural if msgid_plural.isidentifier() else COUNT


@cache
def _read(locale: str) -> tuple[dict[str, str], dict[str, Plural]]:
    """Every domain's messages for ``locale``, merged (keys are unique across domains): each
    key's text (a plural entry's most general, last form), and the forms of plural entries."""
    texts: dict[str, str] = {}
    plurals: dict[str, Plural] = {}
    for path in sorted((LOCALES_DIR / locale / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            po = read_po(handle, locale=locale)
        for message in po:
            if not message.id:
                continue
            if isinstance(message.id, tuple):
                forms = tuple(str(form) for form in message.string or ())
                if forms and all(forms):
                    key, counted = str(message.id[0]), counted_parameter(str(message.id[1]))
                    texts[key], plurals[key] = forms[-1], Plural(counted, forms)
            elif message.string:
                texts[str(message.id)] = str(message.string)
    return texts, plurals


def catalog(locale: str) -> dict[str, str]:
    """Every text of ``locale`` by key (a plural entry's by its most general form)."""
    return _read(locale)[0]


def plurals(locale: str) -> dict[str, Plural]:
    """``locale``'s plural entries by key."""
    return _read(locale)[1]


@cache
def plural_rule(locale: str) -> Callable[[int], int]:
    """The form index for a count in ``locale``: its catalogs' ``Plural-Forms`` expression,
    compiled by the standard library's gettext (the rule ``ngettext`` applies)."""
    for path in sorted((LOCALES_DIR / locale / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            return gettext.c2py(read_po(handle, locale=locale).plural_expr)
    return gettext.c2py("(n != 1)")


def plural_form(forms: tuple[str, ...], locale: str, count: int) -> str:
    """The form of a plural entry for ``count`` (its last, most general form if the catalog
    has fewer forms than the rule asks for)."""
    index = plural_rule(locale)(abs(count))
    return forms[min(index, len(forms) - 1)]


def as_count(value: Any) -> int | None:
    """A count given as a number or as its digits (renderers pass parameters as text)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, Text):
        value = value.plain
    if isinstance(value, str) and value.lstrip("-").isascii() and value.lstrip("-").isdigit():
        return int(value)
    return None


def has(key: str, locale: str | None = None) -> bool:
    return key in catalog(normalize_locale(locale)) or key in catalog(DEFAULT_LOCALE)


def t(key: str, locale: str | None = None, /, **params: Any) -> Text:
    """The text for ``key`` in ``locale`` with ``params`` in its slots (``tables.text.fill``:
    a ``Text`` as it is, a number as a number, a ``str`` as text of unknown origin); a plural
    entry takes the form for its counted parameter (``count``, or the one its
    ``msgid_plural`` names).

    A key missing from the locale falls back to English; missing everywhere, the key itself is
    shown (and logged) rather than failing a player's click.
    """
    loc = normalize_locale(locale)
    # Looked up through ``catalog`` every time (not remembered per key): the catalog tests swap
    # it to record which keys the renderers ask for.
    text = catalog(loc).get(key)
    if not text:
        loc = DEFAULT_LOCALE
        text = catalog(DEFAULT_LOCALE).get(key)
    if text is None:
        log.warning("missing message key %s", key)
        return words(key)
    plural = _read(loc)[1].get(key)
    if plural is not None:
        count = as_count(params.get(plural.counted))
        if count is None:
            log.warning("plural message %s needs a whole number %s, got %r", key,
                        plural.counted, params.get(plural.counted))
        else:
            text = plural_form(plural.forms, loc, count)
    return fill(template(text), params)


def t_plain(key: str, locale: str | None = None, /, **params: Any) -> str:
    """``t``'s characters without their styles: for what draws text itself (a picture)."""
    return t(key, locale, **params).plain
