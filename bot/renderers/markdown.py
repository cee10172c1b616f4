"""Structured text (``tables.text``) as Discord shows it.

Discord renders markdown in message content, embed titles, descriptions and fields' names and
values; it shows footers, buttons' and select options' labels and descriptions, placeholders
and thread names as they are. ``markdown`` writes text for the first kind of place: our styles
as markdown marks, our own words as written, and every character of any other run (a name, a
string of unknown origin) that Discord could read as markup escaped with a backslash — inline
marks, masked links, mentions, emoji and timestamps, a scheme's ``://`` (no link is made of a
name), and at a line's start headings, quotes and lists. In inline code and code blocks nothing
is markup, so nothing is escaped there; a backtick of such a run, which would end the code,
becomes a look-alike. ``plain`` writes text for the second kind of place: its characters only.

Both cut at a limit (Discord's for the place) without cutting an escape, a mark or a mention in
two: a cut text ends with "…" inside its styles, which are closed after it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from tables.text import OURS, REFERENCES, Kind, Run, Style, Text, as_text

ELLIPSIS = "…"
# Outermost first: a run both bold and italic is "***x***".
_ORDER = (Style.BOLD, Style.UNDERLINE, Style.ITALIC, Style.STRIKE, Style.CODE, Style.BLOCK)
_OPEN = {Style.BOLD: "**", Style.UNDERLINE: "__", Style.ITALIC: "*", Style.STRIKE: "~~",
         Style.CODE: "`", Style.BLOCK: "```\n"}
_CLOSE = {**_OPEN, Style.BLOCK: "\n```"}
_AS_CODE = Style.CODE | Style.BLOCK
# Characters Discord may read as markup anywhere in a line: marks, links, mentions, emoji,
# timestamps (``<…>``), ``@everyone``, and the ``:`` of ``https://`` (a link of its own).
_INLINE = re.compile(r"[\\*_~|`<>\[\]@]|:(?=//)")
# What a line may begin with to be a heading, a quote or a list item.
_LINE_START = re.compile(r"[ \t]*(?:(#{1,3}|-#|>>>|>|[-+])[ \t]|\d+([.)])[ \t])")
_ATOM = re.compile(r"\\.|.", re.S)
# A text none of whose characters could begin or be markup anywhere.
_PLAIN = re.compile(r"[^\\*_~|`<>\[\]@:#+\-\d\n]*")
# A backtick in a code run not ours would end the code: shown as the modifier letter grave.
_BACKTICK_LOOKALIKE = "\u02cb"


def escape(text: str, *, line_start: bool = True) -> str:
    """``text`` with every character Discord could read as markup escaped (``line_start``:
    whether it begins a line, where headings, quotes and lists begin)."""
    if _PLAIN.fullmatch(text):
        return text  # most names and words: nothing Discord could read as markup
    if len(text) <= _REMEMBERED_LENGTH:
        return _remembered(text, line_start)
    return _escaped(text, line_start)


# The same few names and short strings are escaped on every board and panel: remembered (a
# long text, seldom repeated, is not kept).
_REMEMBERED_LENGTH = 200


@lru_cache(maxsize=4096)
def _remembered(text: str, line_start: bool) -> str:
    return _escaped(text, line_start)


def _escaped(text: str, line_start: bool) -> str:
    out: list[str] = []
    for number, line in enumerate(text.split("\n")):
        escaped = _INLINE.sub(r"\\\g<0>", line)
        if number or line_start:
            found = _LINE_START.match(escaped)
            if found is not None:
                at = found.start(1 if found.group(1) else 2)
                escaped = escaped[:at] + "\\" + escaped[at:]
        out.append(escaped)
    return "\n".join(out)


def _reference(run: Run) -> str:
    if run.kind is Kind.MENTION:
        return f"<@{run.ref}>"
    if run.kind is Kind.ROLE:
        return f"<@&{run.ref}>"
    if run.kind is Kind.CHANNEL:
        return f"<#{run.ref}>"
    return f"<t:{run.ref}:R>"


def _written(run: Run, line_start: bool) -> str:
    """A run's characters as markdown, without its marks."""
    if run.style & _AS_CODE:  # shown as typed: a mention by its name
        return run.text if run.ours else run.text.replace("`", _BACKTICK_LOOKALIKE)
    if run.kind in REFERENCES and run.ref is not None:
        return _reference(run)
    if run.ours:
        return run.text
    return escape(run.text, line_start=line_start)


def _atoms(run: Run, line_start: bool) -> list[str]:
    """A run's markdown in pieces that are never cut in two (an escape, a mention)."""
    if run.kind in REFERENCES and run.ref is not None and not run.style & _AS_CODE:
        return [_reference(run)]
    return _ATOM.findall(_written(run, line_start))


def _shown_style(style: int) -> int:
    """No style shows inside code: a code run keeps only the code."""
    if style & Style.BLOCK:
        return Style.BLOCK
    return style


class _Writer:
    """Markdown written piece by piece, keeping which marks are open."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.open: list[int] = []
        self.style = 0
        self.length = 0

    def put(self, piece: str) -> None:
        self.pieces.append(piece)
        self.length += len(piece)

    def closing(self) -> int:
        return sum(len(_CLOSE[style]) for style in self.open)

    def close_all(self) -> None:
        while self.open:
            self.put(_CLOSE[self.open.pop()])
        self.style = 0

    def restyle(self, style: int) -> None:
        """Close what ``style`` lacks (and what was opened inside it), open what it adds."""
        if style == self.style:
            return
        marks: list[str] = []
        _restyle(marks, self.open, style)
        for mark in marks:
            self.put(mark)
        self.style = style

    def text(self) -> str:
        return "".join(self.pieces)


def markdown(value: Text | str, limit: int | None = None) -> str:
    """``value`` as Discord markdown, at most ``limit`` characters (cut with "…")."""
    runs = as_text(value).runs
    pieces: list[str] = []
    opened: list[int] = []
    style = 0
    line_start = True
    block = Style.BLOCK
    for run in runs:
        chars, run_style, kind, _ = run  # unpacked: a NamedTuple's names are properties
        wanted = block if run_style & block else run_style
        if wanted != style:
            _restyle(pieces, opened, wanted)
            style = wanted
        # Our own words as written (most runs); anything else escaped.
        written = chars if kind in OURS and not run_style & _AS_CODE \
            else _written(run, line_start)
        if written:
            pieces.append(written)
            line_start = written[-1] == "\n"
    while opened:
        pieces.append(_CLOSE[opened.pop()])
    result = "".join(pieces)
    if limit is None or len(result) <= limit:
        return result
    return _cut(runs, limit)


def _restyle(pieces: list[str], opened: list[int], style: int) -> None:
    """Close the marks ``style`` lacks (and those opened inside them), open those it adds."""
    keep = 0
    while keep < len(opened) and opened[keep] & style:
        keep += 1
    while len(opened) > keep:
        pieces.append(_CLOSE[opened.pop()])
    for part in _ORDER:
        if style & part and part not in opened:
            opened.append(part)
            pieces.append(_OPEN[part])


def _cut(runs: tuple[Run, ...], limit: int) -> str:
    """The runs' markdown cut to ``limit`` characters between two atoms, "…" after the last
    one kept, the open marks closed after it."""
    steps: list[tuple[int, str]] = []
    line_start = True
    for run in runs:
        for atom in _atoms(run, line_start):
            steps.append((_shown_style(run.style), atom))
            line_start = atom == "\n"
    probe = _Writer()
    kept = 0
    for style, atom in steps:
        probe.restyle(style)
        probe.put(atom)
        if probe.length + len(ELLIPSIS) + probe.closing() > limit:
            break
        kept += 1
    cut = _Writer()
    for style, atom in steps[:kept]:
        cut.restyle(style)
        cut.put(atom)
    cut.put(ELLIPSIS)
    cut.close_all()
    return cut.text()[:limit]


def markdown_tail(value: Text | str, limit: int) -> str:
    """The last lines of ``value`` that fit in ``limit`` characters, whole (a log's newest
    lines); the last line cut with "…" when even it alone does not fit."""
    kept: list[str] = []
    length = -1
    for line in reversed(as_text(value).lines()):
        written = markdown(line)
        if length + 1 + len(written) > limit:
            break
        kept.append(written)
        length += 1 + len(written)
    if not kept:
        lines = as_text(value).lines()
        return markdown(lines[-1], limit) if lines else ""
    return "\n".join(reversed(kept))


def plain(value: Text | str, limit: int | None = None) -> str:
    """``value``'s characters for a place Discord shows as they are (a label, a footer, a
    thread's name): no marks, no escapes; a mention by its name. At most ``limit``
    characters, cut with "…"."""
    written = value if isinstance(value, str) else value.plain
    if limit is not None and len(written) > limit:
        return written[:max(0, limit - len(ELLIPSIS))] + ELLIPSIS
    return written


def mentioned(value: Text | str) -> list[int]:
    """The users ``value`` mentions (its mention runs): the only ones a message that pings
    may ping."""
    if isinstance(value, str):
        return []
    return [run.ref for run in value.runs if run.kind is Kind.MENTION and run.ref is not None]
