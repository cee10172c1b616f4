"""Chat text as runs the pages show safely: the light markup the renderers write for Discord
(``**bold**``, ``*italic*``, ``__underline__``, ``||spoiler||``, `` `code` ``) becomes styled runs
of plain text, and Discord's own tokens (mentions, custom emoji, timestamps) become words. A
run is ``[text, style]``; the template and the script put the text in as text, never as HTML,
so a name holding markup or script shows as what it is."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from tables.cards import Card

Run = list[str]  # [text, style]: style "" | "b" | "i" | "u" | "code"

_MARKS = re.compile(r"\*\*(.+?)\*\*|__(.+?)__|\*(?!\s)(.+?)\*|_(?!\s)([^_]+?)_(?!\w)"
                    r"|`([^`]+)`|\|\|(.+?)\|\|", re.S)
_STYLES = ("b", "u", "i", "i", "code", "")
_MENTION = re.compile(r"<@[!&]?\d+>")
_EMOJI = re.compile(r"<a?:(\w+):\d+>")
_STAMP = re.compile(r"<t:(\d+)(?::[tTdDfFR])?>")


def _plain(text: str) -> str:
    text = _MENTION.sub("@…", text)
    text = _EMOJI.sub(r":\1:", text)
    return _STAMP.sub(lambda m: _utc(int(m.group(1))), text)


def _utc(seconds: int) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


def runs(text: str) -> list[Run]:
    out: list[Run] = []
    text = _plain(text)
    at = 0
    for found in _MARKS.finditer(text):
        if found.start() > at:
            out.append([text[at:found.start()], ""])
        group = next(i for i, value in enumerate(found.groups()) if value is not None)
        out.append([found.group(group + 1), _STYLES[group]])
        at = found.end()
    if at < len(text):
        out.append([text[at:], ""])
    return out


def card_runs(card: Card) -> dict[str, object]:
    return {"title": runs(card.title or ""), "description": runs(card.description or ""),
            "fields": [{"name": runs(f.name), "value": runs(f.value)} for f in card.fields]}
