"""Texts as Discord shows them, for tests that compare what the renderers write with the
catalogs: ``t`` is the catalog's text as the markdown an embed or a message holds, ``md``
(``mds``) any structured text (``tables.text.Text``) the same way, ``as_label`` as a button
shows it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from bot.renderers.markdown import markdown, plain
from tables.i18n import t as text_of
from tables.text import Text, channel, mention, role, words

_TOKEN = re.compile(r"<(@!?|@&|#)(\d+)>")


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """A string parameter that is Discord's own mention, channel or role (``<@1>``, ``<#2>``,
    several joined by spaces) stands for one, as the bot passes them."""
    return markdown(text_of(key, locale, **{k: _references(v) for k, v in params.items()}))


def _references(value: Any) -> Any:
    if not isinstance(value, str) or not value:
        return value
    tokens = value.split(" ")
    found = [_TOKEN.fullmatch(token) for token in tokens]
    if not all(found):
        return value
    made = {"@": mention, "@!": mention, "@&": role, "#": channel}
    return words(" ").join(made[m.group(1)](int(m.group(2)), "") for m in found if m)


def md(text: Text | str) -> str:
    return markdown(text)


def mds(texts: Iterable[Text | str]) -> list[str]:
    return [markdown(text) for text in texts]


def as_label(text: Text | str) -> str:
    return plain(text)


__all__ = ["as_label", "md", "mds", "t"]
