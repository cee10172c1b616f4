"""Structured text: what the words layer hands the adapters instead of markup.

A ``Text`` is a sequence of ``Run``s, each a piece of plain text with its style (bold, italic,
code…) and its kind (our own words, a name someone chose, a card, a number, a mention…).
Nothing in a run's text is markup: an adapter shows it as the characters it holds, in the run's
style, written its own way — the Discord adapter as Discord markdown with every character that
is not ours escaped (``bot.renderers.markdown``), the web pages as HTML with everything escaped
(``web.text``).

The catalogs' texts are ours and may carry the light markup players know from chat
(``**bold**``, ``*italic*``, ``__underline__``, ``~~strike~~``, `` `code` ``): ``template``
reads a catalog text once into runs and parameter slots, and ``fill`` puts the parameters in,
each keeping its own runs (a name stays a name, in the style of the slot it fills). A plain
``str`` given where text is expected — a parameter, a piece added with ``+`` — is text of
unknown origin (``Kind.TEXT``): shown literally, escaped wherever markup is rendered, so a
forgotten path fails safe. ``Text`` is not a ``str``: it cannot be formatted into an f-string
(``TypeError``) nor joined by ``str.join`` (mypy says so), and ``plain`` says in so many words
where its styling is dropped (a picture, a file, a button's label).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from enum import StrEnum
from functools import cache
from typing import Any, NamedTuple, overload


class Style:
    """How a run is shown: a sum of these flags (plain ints, as every board renders thousands
    of runs). ``CODE`` and ``BLOCK`` show their text as typed, in a fixed-width face (inline,
    or as a block of lines); no other style shows inside them."""

    BOLD = 1
    ITALIC = 2
    UNDERLINE = 4
    STRIKE = 8
    CODE = 16
    BLOCK = 32


PLAIN_STYLE = 0


class Kind(StrEnum):
    """What a run's text is. Our own words (``WORDS``, ``CARD``, ``NUMBER``, ``LINK``) are
    written by us; everything else may hold whatever someone typed."""

    WORDS = "words"  # our words: a catalog's text, or written in code with ``words()``
    TEXT = "text"  # text of unknown origin: a plain ``str`` given where text is expected
    NAME = "name"  # a name someone chose: a seat's display name, a table's host
    CARD = "card"  # the name of one of a game's things (a card, a character, a room)
    NUMBER = "number"
    MENTION = "mention"  # a Discord user (``ref``: the id); the text names them elsewhere
    ROLE = "role"  # a Discord role (``ref``: the id)
    CHANNEL = "channel"  # a Discord channel (``ref``: the id)
    TIME = "time"  # a moment (``ref``: Unix seconds), shown relative to now on Discord
    LINK = "link"  # an address of ours (a replay page): the text is the address


# The kinds whose text is ours: adapters show it as written (a catalog's "1. " may begin a
# list on Discord). Every other kind is escaped wherever markup is rendered.
OURS = frozenset({Kind.WORDS, Kind.CARD, Kind.NUMBER, Kind.LINK})
# The kinds that stand for something the adapter names its own way (never cut in two).
REFERENCES = frozenset({Kind.MENTION, Kind.ROLE, Kind.CHANNEL, Kind.TIME})


class Run(NamedTuple):
    """A piece of plain text, its style and its kind (``ref``: the id or time a mention, a
    channel or a moment stands for)."""

    text: str
    style: int = PLAIN_STYLE
    kind: Kind = Kind.WORDS
    ref: int | None = None

    @property
    def ours(self) -> bool:
        return self.kind in OURS


_new_tuple = tuple.__new__
_new_object = object.__new__


def _run(text: str, style: int, kind: Kind, ref: int | None) -> Run:
    """A run made without ``NamedTuple``'s keyword-taking constructor (thousands a board)."""
    return _new_tuple(Run, (text, style, kind, ref))


class Text:
    """Runs of plain text with their styles and kinds; immutable. Build it with ``t`` (a
    catalog text), the constructors below (``words``, ``name``, ``bold``…), ``+`` and
    ``join``; read it with ``runs`` and ``plain``."""

    __slots__ = ("runs",)
    runs: tuple[Run, ...]

    def __init__(self, runs: Iterable[Run] = ()) -> None:
        # Every catalog text and join builds one: the loop is kept to local names.
        # A run is unpacked rather than read by name (a NamedTuple's names are properties).
        merged: list[Run] = []
        append = merged.append
        last_style, last_kind = PLAIN_STYLE, None  # no kind: nothing merges with the first
        last_ref: int | None = None
        for run in runs:
            chars, style, kind, ref = run
            if not chars:
                continue
            if kind is last_kind and style == last_style and ref is None and last_ref is None:
                merged[-1] = _new_tuple(Run, (merged[-1][0] + chars, style, kind, None))
            else:
                append(run)
                last_style, last_kind, last_ref = style, kind, ref
        _set_runs(self, tuple(merged))

    @classmethod
    def _made(cls, runs: tuple[Run, ...]) -> Text:
        """A text of runs already merged and without empty ones."""
        made = _new_object(cls)
        _set_runs(made, runs)
        return made

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Text is immutable")

    # -- reading ---------------------------------------------------------------------------
    @property
    def plain(self) -> str:
        """The characters a reader sees, without their styles (a mention by its name)."""
        return "".join(run.text for run in self.runs)

    def __len__(self) -> int:
        return sum(len(run.text) for run in self.runs)

    def __bool__(self) -> bool:
        return bool(self.runs)

    def __iter__(self) -> Iterator[Run]:
        return iter(self.runs)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and other.runs == self.runs

    def __hash__(self) -> int:
        return hash(self.runs)

    def __repr__(self) -> str:
        return f"Text({self.plain!r})"

    def __str__(self) -> str:
        raise TypeError("a Text is not a str: an adapter renders it (bot.renderers.markdown, "
                        "web.text), or .plain drops its styles")

    def __format__(self, spec: str) -> str:
        raise TypeError("a Text cannot be formatted into a str: build it with + and t(), or "
                        "use .plain where styles are not wanted")

    # -- building --------------------------------------------------------------------------
    def __add__(self, other: Text | str) -> Text:
        if isinstance(other, str):
            other = text(other)
        if not isinstance(other, Text):
            return NotImplemented
        return _concat(self, other)

    def __radd__(self, other: str) -> Text:
        if not isinstance(other, str):
            return NotImplemented
        return _concat(text(other), self)

    def join(self, items: Iterable[Text | str]) -> Text:
        """The items with this text between them, like ``str.join``."""
        runs: list[Run] = []
        extend, between = runs.extend, self.runs
        for number, item in enumerate(items):
            if number:
                extend(between)
            extend(item.runs if type(item) is Text else as_text(item).runs)
        return Text(runs)

    def styled(self, style: int) -> Text:
        """The same text with ``style`` added to every run."""
        if not style:
            return self
        return Text(_run(r.text, r.style | style, r.kind, r.ref) for r in self.runs)

    def as_kind(self, kind: Kind) -> Text:
        """The same characters as one kind (a card's name read from a catalog is a card)."""
        return Text(Run(r.text, r.style, kind, r.ref) if r.kind not in REFERENCES else r
                    for r in self.runs)

    @overload
    def __getitem__(self, index: slice) -> Text: ...
    @overload
    def __getitem__(self, index: int) -> str: ...

    def __getitem__(self, index: slice | int) -> Text | str:
        """A slice of the characters a reader sees (a mention, a channel or a moment is kept
        whole or left out, never cut in two)."""
        if isinstance(index, int):
            return self.plain[index]
        length = len(self)
        start, stop, step = index.indices(length)
        if step != 1:
            raise ValueError("Text slices take every character")
        if start == 0 and stop >= length:
            return self  # most cuts cut nothing
        runs: list[Run] = []
        at = 0
        for run in self.runs:
            end = at + len(run.text)
            low, high = max(start, at), min(stop, end)
            if low < high:
                if run.kind in REFERENCES:
                    if low == at and high == end:
                        runs.append(run)
                else:
                    runs.append(Run(run.text[low - at:high - at], run.style, run.kind, run.ref))
            at = end
        return Text(runs)

    def cut(self, limit: int, mark: str = "…") -> Text:
        """At most ``limit`` characters, a cut marked with ``mark`` (in the style of what it
        follows)."""
        if len(self) <= limit:
            return self
        kept = self[:max(0, limit - len(mark))]
        style = kept.runs[-1].style if kept.runs else PLAIN_STYLE
        return kept + Text([Run(mark, style)])

    def lines(self) -> list[Text]:
        """The text split at its line breaks, like ``str.split("\\n")``."""
        found: list[list[Run]] = [[]]
        for run in self.runs:
            if "\n" not in run.text:  # most runs: kept whole, not rebuilt
                found[-1].append(run)
                continue
            parts = run.text.split("\n") if run.kind not in REFERENCES else [run.text]
            for number, part in enumerate(parts):
                if number:
                    found.append([])
                found[-1].append(Run(part, run.style, run.kind, run.ref))
        return [Text(runs) for runs in found]

    def startswith(self, prefix: str) -> bool:
        return self.plain.startswith(prefix)

    def endswith(self, suffix: str) -> bool:
        return self.plain.endswith(suffix)

    def __contains__(self, part: Text | str) -> bool:
        """Whether ``part``'s characters are among this text's (styles aside)."""
        return (part.plain if isinstance(part, Text) else part) in self.plain


# The slot's own setter (``Text.__setattr__`` refuses every change) and the kinds the
# constructors give, read once: every board builds thousands of texts.
_set_runs: Callable[[Text, tuple[Run, ...]], None] = vars(Text)["runs"].__set__
_TEXT, _WORDS, _NAME, _NUMBER = Kind.TEXT, Kind.WORDS, Kind.NAME, Kind.NUMBER

EMPTY = Text()


def _joins(left: Run, right: Run) -> bool:
    """Whether two neighbouring runs are one (same style and kind, neither a reference)."""
    return left.style == right.style and left.kind is right.kind and left.ref is None \
        and right.ref is None


def _concat(left: Text, right: Text) -> Text:
    if not left.runs:
        return right
    if not right.runs:
        return left
    last, first = left.runs[-1], right.runs[0]
    if _joins(last, first):
        joined = _run(last.text + first.text, last.style, last.kind, None)
        return Text._made((*left.runs[:-1], joined, *right.runs[1:]))
    return Text._made(left.runs + right.runs)


# -- constructors ------------------------------------------------------------------------------
def as_text(value: Text | str) -> Text:
    """``value`` as text: a ``str`` is text of unknown origin (``Kind.TEXT``)."""
    if isinstance(value, Text):
        return value
    if isinstance(value, str):
        return text(value)
    raise TypeError(f"expected Text or str, got {type(value).__name__}")


def _one(value: str, kind: Kind) -> Text:
    if not value:
        return EMPTY
    made = _new_object(Text)
    _set_runs(made, (_new_tuple(Run, (value, PLAIN_STYLE, kind, None)),))
    return made


def text(value: str) -> Text:
    """A string of unknown origin: shown literally, escaped wherever markup is rendered."""
    return _one(value, _TEXT)


def words(value: str) -> Text:
    """Our own words written in code (a separator, a numbering, a symbol): shown as written,
    so never for anything a person typed."""
    return _one(value, _WORDS)


def name(value: str) -> Text:
    """A name someone chose (a seat's display name): shown literally everywhere."""
    return _one(value, _NAME)


def card(value: Text | str) -> Text:
    """The name of one of a game's things (from its catalog or its content)."""
    if isinstance(value, str):
        return words(value).as_kind(Kind.CARD)
    known = _CARDS.get(id(value))
    if known is not None and known[0] is value:
        return known[1]
    made = value.as_kind(Kind.CARD)
    if id(value) in _CONSTANTS:  # a catalog's name (a template's constant): made once
        _CARDS[id(value)] = (value, made)
    return made


# The catalogs' texts without slots (kept alive by their templates), and their cards.
_CONSTANTS: set[int] = set()
_CARDS: dict[int, tuple[Text, Text]] = {}


def number(value: float | str) -> Text:
    return _one(value if isinstance(value, str) else str(value), Kind.NUMBER)


def mention(user_id: int, shown: str) -> Text:
    """A Discord user, pinged where the message allows it; "@" and ``shown`` (their name) is
    what the pages and plain places show."""
    return Text([Run("@" + (shown or "…"), kind=Kind.MENTION, ref=user_id)])


def role(role_id: int, shown: str = "@…") -> Text:
    return Text([Run(shown or "@…", kind=Kind.ROLE, ref=role_id)])


def channel(channel_id: int, shown: str = "#…") -> Text:
    return Text([Run(shown or "#…", kind=Kind.CHANNEL, ref=channel_id)])


def moment(seconds: int) -> Text:
    """A moment: relative to now on Discord ("in 2 minutes"), its time in UTC elsewhere."""
    shown = datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")
    return Text([Run(shown, kind=Kind.TIME, ref=seconds)])


def link(address: str) -> Text:
    """An address of ours (a web page of this bot)."""
    return Text([Run(address, kind=Kind.LINK)])


def bold(value: Text | str) -> Text:
    return as_text(value).styled(Style.BOLD)


def italic(value: Text | str) -> Text:
    return as_text(value).styled(Style.ITALIC)


def strike(value: Text | str) -> Text:
    return as_text(value).styled(Style.STRIKE)


def code(value: Text | str) -> Text:
    return as_text(value).styled(Style.CODE)


def block(value: Text | str) -> Text:
    """Lines shown as typed, in a fixed-width face (a board drawn in characters)."""
    return as_text(value).styled(Style.BLOCK)


def lines(items: Iterable[Text | str]) -> Text:
    """The items one to a line."""
    return NEWLINE.join(items)


NEWLINE = words("\n")


def parameter(value: Any) -> Text:
    """A catalog parameter as text: text as it is, a number as a number, a string as text of
    unknown origin."""
    kind = type(value)
    if kind is Text:
        return value
    if kind is str:
        return _one(value, _TEXT)
    if kind is int or kind is float:
        return _one(str(value), _NUMBER)
    if isinstance(value, Text):
        return value
    return _one(format(value, ""), _TEXT)


# -- catalog texts ---------------------------------------------------------------------------
class Slot(NamedTuple):
    """Where a catalog text takes a parameter, and the style around it."""

    name: str
    style: int = PLAIN_STYLE


class Template:
    """A catalog text read once: its runs of our words and its slots, in order; ``constant``
    is the text itself when it has no slot (most labels)."""

    __slots__ = ("constant", "parts")

    def __init__(self, parts: tuple[Run | Slot, ...]) -> None:
        self.parts = parts
        self.constant = Text(p for p in parts if isinstance(p, Run)) \
            if all(isinstance(p, Run) for p in parts) else None
        if self.constant is not None:
            _CONSTANTS.add(id(self.constant))

# Longest first: "***" is bold then italic, "**" never two italics.
_MARKS: tuple[tuple[str, int], ...] = (
    ("```", Style.BLOCK), ("**", Style.BOLD), ("__", Style.UNDERLINE), ("~~", Style.STRIKE),
    ("`", Style.CODE), ("*", Style.ITALIC),
)
_SLOT = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _closes(source: str, mark: str, after: int) -> bool:
    """Whether ``mark`` comes again after ``after`` (a mark never paired is a character)."""
    found = source.find(mark, after)
    if mark == "*":  # a lone "*" inside "**" is not italic's end
        while found != -1 and source.startswith("**", found):
            found = source.find("*", found + 2)
    return found != -1


@cache
def template(source: str) -> Template:
    """A catalog text read into runs of our words and parameter slots, its light markup
    (``**bold**``, ``*italic*``, ``__underline__``, ``~~strike~~``, `` `code` ``,
    ```` ```block``` ````) made into styles. Inside code only the closing mark and the slots
    count. A mark that is never closed is a character like any other."""
    parts: list[Run | Slot] = []
    style = PLAIN_STYLE
    buffer: list[str] = []

    def flush() -> None:
        if buffer:
            parts.append(Run("".join(buffer), style))
            buffer.clear()

    at = 0
    while at < len(source):
        slot = _SLOT.match(source, at) if source[at] == "{" else None
        if slot is not None:
            flush()
            parts.append(Slot(slot.group(1), style))
            at = slot.end()
            continue
        for mark, meaning in _MARKS:
            if not source.startswith(mark, at):
                continue
            inside_code = style & (Style.CODE | Style.BLOCK)
            if inside_code and not style & meaning:
                continue
            if style & meaning:
                if meaning == Style.BLOCK and buffer and buffer[-1] == "\n":
                    buffer.pop()  # "```\n…\n```": the block's lines, without the breaks
                flush()
                style &= ~meaning
                at += len(mark)
                break
            if mark == "*" and (at + 1 >= len(source) or source[at + 1].isspace()):
                continue
            if _closes(source, mark, at + len(mark)):
                flush()
                style |= meaning
                at += len(mark)
                if meaning == Style.BLOCK and source.startswith("\n", at):
                    at += 1
                break
        else:
            buffer.append(source[at])
            at += 1
    flush()
    return Template(tuple(parts))


def fill(parts: Template, params: dict[str, Any]) -> Text:
    """A template with its slots filled: each parameter as text (``parameter``) in the style
    of its slot; a slot without a parameter shows its name in braces."""
    if parts.constant is not None:
        return parts.constant
    runs: list[Run] = []
    append, extend = runs.append, runs.extend
    for part in parts.parts:
        if isinstance(part, Run):
            append(part)
            continue
        slot, style = part
        value = params.get(slot, _MISSING)
        if value is _MISSING:
            append(_run("{" + slot + "}", style, _WORDS, None))
        elif type(value) is Text and not style:
            extend(value.runs)
        else:
            extend(parameter(value).styled(style).runs)
    return Text(runs)


_MISSING = object()
