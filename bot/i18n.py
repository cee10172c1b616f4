"""The message catalog: every player-facing string, by key, in gettext catalogs (Babel).

Catalogs live in ``bot/locales/<locale>/LC_MESSAGES/<domain>.po``, one domain for the platform
(``parlor``) and one per game; the msgid is the key and the msgstr the text, with ``{name}``
parameters (python-brace-format). Engines emit keys and parameters; only renderers call ``t``.

A text that holds a count is a plural entry (``msgid_plural``, one ``msgstr[i]`` per form of the
language, chosen by the catalog's ``Plural-Forms`` rule as gettext's ``ngettext`` does):
``t(key, locale, count=n, …)`` picks the form for ``n``.
"""

from __future__ import annotations

import gettext
import logging
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).parent / "locales"
DEFAULT_LOCALE = "en"
# The parameter that chooses a plural entry's form.
COUNT = "count"


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


@cache
def _read(locale: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """Every domain's messages for ``locale``, merged (keys are unique across domains): each
    key's text (a plural entry's most general, last form), and the forms of plural entries."""
    texts: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for path in sorted((LOCALES_DIR / locale / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            po = read_po(handle, locale=locale)
        for message in po:
            if not message.id:
                continue
            if isinstance(message.id, tuple):
                forms = tuple(str(form) for form in message.string or ())
                if forms and all(forms):
                    key = str(message.id[0])
                    texts[key], plurals[key] = forms[-1], forms
            elif message.string:
                texts[str(message.id)] = str(message.string)
    return texts, plurals


def catalog(locale: str) -> dict[str, str]:
    """Every text of ``locale`` by key (a plural entry's by its most general form)."""
    return _read(locale)[0]


def plurals(locale: str) -> dict[str, tuple[str, ...]]:
    """The forms of ``locale``'s plural entries, in the catalog's order (English: one, other;
    Chinese: a single form)."""
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


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def has(key: str, locale: str | None = None) -> bool:
    return key in catalog(normalize_locale(locale)) or key in catalog(DEFAULT_LOCALE)


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The text for ``key`` in ``locale``, formatted with ``params``; a plural entry takes the
    form for ``params["count"]``.

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
        return key
    forms = plurals(loc).get(key)
    if forms is not None:
        count = params.get(COUNT)
        if isinstance(count, bool) or not isinstance(count, int):
            log.warning("plural message %s needs an integer %s, got %r", key, COUNT, count)
        else:
            text = plural_form(forms, loc, count)
    if not params and "{" not in text:
        return text  # most labels: nothing to format
    try:
        return text.format_map(_Missing(params))
    except (ValueError, IndexError):
        log.exception("bad format for key %s", key)
        return text
