"""Structured text (``tables.text``) as the pages show it: each run as ``[text, styles,
kind]`` — its characters, its styles (``"b i"``: bold and italic; ``b`` bold, ``i`` italic,
``u`` underline, ``s`` struck through, ``code`` inline code, ``block`` a block of fixed-width
lines) and its kind (``name`` for a name someone chose). The template (``macros.html``) and
the script (``replay.js``) put each run's text in as text, never as HTML, inside the elements
its styles name: nothing is parsed, so a name holding markup or script shows as what it is."""

from __future__ import annotations

from typing import Any

from tables.cards import Card
from tables.text import Style, Text, as_text

# Outermost first, as the elements nest.
_STYLES = ((Style.BOLD, "b"), (Style.UNDERLINE, "u"), (Style.ITALIC, "i"),
           (Style.STRIKE, "s"), (Style.CODE, "code"))

Run = list[str]  # [text, styles, kind]


def styles(style: int) -> str:
    """A run's styles as the pages name them (a block shows no other style)."""
    if style & Style.BLOCK:
        return "block"
    return " ".join(name for flag, name in _STYLES if style & flag)


def runs(text: Text | str | None) -> list[Run]:
    """``text``'s runs for a page (a ``str`` is shown as it is)."""
    if text is None:
        return []
    return [[run.text, styles(run.style), run.kind.value] for run in as_text(text).runs]


def card_runs(card: Card) -> dict[str, Any]:
    return {"title": runs(card.title), "description": runs(card.description),
            "fields": [{"name": runs(f.name), "value": runs(f.value)} for f in card.fields]}
