"""How Discord shows a markdown text, modelled for the tests: what a reader sees (the
characters, unescaped) and which of them are styled, linked, hidden or a mention.

The model reads the markup Discord renders in messages and embeds — backslash escapes, code
blocks and inline code, mentions (users, roles, channels, emoji, timestamps, ``@everyone`` and
``@here``), masked links and bare links, spoilers, bold, underline, italic, strike, and at a
line's start headings, quotes and list items — eagerly: wherever Discord might read markup, it
does. A text that reads literally here reads literally on Discord.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Inline marks, longest first, and the style each makes.
_PAIRS = (("||", "spoiler"), ("**", "bold"), ("__", "underline"), ("~~", "strike"),
          ("*", "italic"), ("_", "italic"))
_REFERENCE = re.compile(r"<(?:@[!&]?\d+|#\d+|t:-?\d+(?::[tTdDfFR])?|a?:\w+:\d+)>")
_EVERYONE = re.compile(r"@(?:everyone|here)\b")
_MASKED = re.compile(r"\[([^\[\]]*)\]\(\s*<?([^\s()<>]+)>?\s*\)")
_BARE = re.compile(r"<?(https?|steam)://[^\s<]+[^\s<.,:;\"')\]>]")
_BARE_STARTS = frozenset("<hs")
_PAIR_STARTS = frozenset(mark[0] for mark, _ in _PAIRS)
_LINE_START = re.compile(r"[ \t]*(?:#{1,3}|-#|>>>|>|[-+*]|\d+[.)])[ \t]")


@dataclass(frozen=True)
class Span:
    """Characters shown alike: their styles (``bold``, ``code``, ``spoiler``, ``line`` for a
    heading, quote or list marker…) and what they are (``link``, ``mention``) if not text."""

    text: str
    styles: frozenset[str] = frozenset()
    thing: str | None = None  # "link" | "mention"
    target: str | None = None  # the link's address, the mention's token


@dataclass
class Shown:
    spans: list[Span] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(span.text for span in self.spans)

    def covering(self, start: int, end: int) -> list[Span]:
        """The spans that hold any of the characters ``start``..``end`` of ``text``."""
        found, at = [], 0
        for span in self.spans:
            if at < end and at + len(span.text) > start:
                found.append(span)
            at += len(span.text)
        return found


def display(markdown: str) -> Shown:
    shown = Shown()
    for inside, part in _fenced(markdown):
        if inside:
            shown.spans.append(Span(part, frozenset({"code"})))
            continue
        for number, line in enumerate(part.split("\n")):
            if number:
                shown.spans.append(Span("\n"))
            styles: frozenset[str] = frozenset()
            marker = _LINE_START.match(line)
            if marker is not None:
                shown.spans.append(Span(marker.group(0), frozenset({"line"})))
                line = line[marker.end():]
                styles = frozenset({"line"})
            _inline(line, styles, shown.spans)
    return shown


def _fenced(markdown: str) -> list[tuple[bool, str]]:
    """The text cut at its code blocks' fences (```, unescaped), which may span lines: (inside
    a block, the part)."""
    parts: list[tuple[bool, str]] = []
    at = start = 0
    while at < len(markdown):
        if markdown[at] == "\\":
            at += 2
            continue
        if markdown.startswith("```", at):
            end = markdown.find("```", at + 3)
            if end != -1:
                parts.append((False, markdown[start:at]))
                parts.append((True, markdown[at + 3:end]))
                at = start = end + 3
                continue
        at += 1
    parts.append((False, markdown[start:]))
    return parts


def _inline(text: str, styles: frozenset[str], out: list[Span]) -> None:
    at = 0
    plain: list[str] = []

    def flush() -> None:
        if plain:
            out.append(Span("".join(plain), styles))
            plain.clear()

    while at < len(text):
        char = text[at]
        if char == "\\" and at + 1 < len(text) and not text[at + 1].isalnum() and \
                not text[at + 1].isspace():
            plain.append(text[at + 1])
            at += 2
            continue
        if text.startswith("```", at):
            end = text.find("```", at + 3)
            if end != -1:
                flush()
                out.append(Span(text[at + 3:end], styles | {"code"}))
                at = end + 3
                continue
        if char == "`":
            end = text.find("`", at + 1)
            if end != -1:
                flush()
                out.append(Span(text[at + 1:end], styles | {"code"}))
                at = end + 1
                continue
        # Each pattern begins with one of a few characters: the others need no matching.
        found = (_REFERENCE.match(text, at) if char == "<" else
                 _EVERYONE.match(text, at) if char == "@" else None)
        if found is not None:
            flush()
            out.append(Span(found.group(0), styles, "mention", found.group(0)))
            at = found.end()
            continue
        found = _MASKED.match(text, at) if char == "[" else None
        if found is not None:
            flush()
            out.append(Span(found.group(1), styles, "link", found.group(2)))
            at = found.end()
            continue
        found = _BARE.match(text, at) if char in _BARE_STARTS else None
        if found is not None:
            flush()
            out.append(Span(found.group(0).lstrip("<"), styles, "link", found.group(0)))
            at = found.end()
            continue
        for mark, style in _PAIRS if char in _PAIR_STARTS else ():
            if not text.startswith(mark, at):
                continue
            end = _closing(text, mark, at + len(mark))
            if end is None:
                continue
            flush()
            _inline(text[at + len(mark):end], styles | {style}, out)
            at = end + len(mark)
            break
        else:
            plain.append(char)
            at += 1
    flush()


def _closing(text: str, mark: str, start: int) -> int | None:
    """Where ``mark`` closes after ``start`` (skipping escapes), if it does and encloses
    something."""
    at = start
    while at < len(text):
        if text[at] == "\\":
            at += 2
            continue
        if text.startswith(mark, at) and at > start:
            return at
        at += 1
    return None


def read_literally(markdown: str, name: str, escaped: str) -> list[str]:
    """What is wrong with how ``markdown`` shows ``name`` (a name someone chose), written
    ``escaped`` by the bot: every escaped copy must read as the name itself, each alike from
    its first character to its last, never as a link, a mention or hidden; no copy may be
    written unescaped; and nothing anywhere may be a link or a mention the name spells."""
    problems = []
    if name in markdown:
        problems.append(f"the name is written unescaped: {markdown!r}")
    shown = display(markdown)
    text = shown.text
    copies = markdown.count(escaped)
    starts = [m.start() for m in re.finditer(re.escape(name), text)]
    if len(starts) < copies:
        problems.append(f"{copies} copies written, {len(starts)} read literally: {text!r}")
    for start in starts:
        spans = shown.covering(start, start + len(name))
        if len({span.styles for span in spans}) > 1 or any(span.thing for span in spans):
            problems.append(f"the name is not shown alike throughout: {spans!r}")
    for span in shown.spans:
        if span.thing == "link" and "example.com" in (span.target or ""):
            problems.append(f"a live link from the name: {span!r}")
        if span.thing == "mention" and span.target in ("<@1>", "@everyone", "@here"):
            problems.append(f"a live mention from the name: {span!r}")
        if "spoiler" in span.styles:
            problems.append(f"hidden text: {span!r}")
    return problems
