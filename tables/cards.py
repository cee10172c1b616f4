"""A card: what a board, a seat's panel, the reveal or the rules show as text, without saying
how. The Discord adapter turns one into an embed (``bot.renderers.embeds``), the web pages
into styled runs (``web.markup``). Texts may carry the light markup players know from chat
(``**bold**``, ``*italic*``), and are cut where the narrowest place that shows them cuts
(Discord's embeds: 256 characters a title or a field's name, 1,024 a field's value), so both
adapters show the same words."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class CardField:
    name: str
    value: str
    inline: bool = True


@dataclass
class Card:
    """A titled block of text with named fields and a footer, in a colour. Built a piece at a
    time like the embeds it becomes: ``add_field`` and ``set_footer``."""

    title: str | None = None
    description: str | None = None
    colour: int | None = None
    fields: list[CardField] = field(default_factory=list)
    footer: str | None = None

    def add_field(self, *, name: str, value: str, inline: bool = True) -> Card:
        self.fields.append(CardField(str(name), str(value), inline))
        return self

    def set_footer(self, *, text: str) -> Card:
        self.footer = text
        return self
