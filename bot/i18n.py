"""The message catalog: every player-facing string, by key, in gettext catalogs (Babel).

Catalogs live in ``bot/locales/<locale>/LC_MESSAGES/<domain>.po``, one domain for the platform
(``parlor``) and one per game; the msgid is the key and the msgstr the text, with ``{name}``
parameters (python-brace-format). Engines emit keys and parameters; only renderers call ``t``.
"""

from __future__ import annotations

import logging
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).parent / "locales"
DEFAULT_LOCALE = "en"


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
def catalog(locale: str) -> dict[str, str]:
    """Every domain's messages for ``locale``, merged (keys are unique across domains)."""
    merged: dict[str, str] = {}
    for path in sorted((LOCALES_DIR / locale / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            po = read_po(handle, locale=locale)
        merged.update({str(m.id): str(m.string) for m in po if m.id and m.string})
    return merged


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def has(key: str, locale: str | None = None) -> bool:
    return key in catalog(normalize_locale(locale)) or key in catalog(DEFAULT_LOCALE)


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The text for ``key`` in ``locale``, formatted with ``params``.

    A key missing from the locale falls back to English; missing everywhere, the key itself is
    shown (and logged) rather than failing a player's click.
    """
    loc = normalize_locale(locale)
    # Looked up through ``catalog`` every time (not remembered per key): the catalog tests swap
    # it to record which keys the renderers ask for.
    text = catalog(loc).get(key) or catalog(DEFAULT_LOCALE).get(key)
    if text is None:
        log.warning("missing message key %s", key)
        return key
    if not params and "{" not in text:
        return text  # most labels: nothing to format
    try:
        return text.format_map(_Missing(params))
    except (ValueError, IndexError):
        log.exception("bad format for key %s", key)
        return text
