"""A card: what a board, a seat's panel, the reveal or the rules show, as structured text
(``tables.text.Text``) without saying how. The Discord adapter turns one into an embed
(``bot.renderers.embeds``), the web pages into HTML (``web.text``). Texts are cut where the
narrowest place that shows them cuts (Discord's embeds: 256 characters a title or a field's
name, 1,024 a field's value), so both adapters show the same words; the Discord adapter cuts
again, without cutting an escape in two, where its escapes make a text longer."""

from __future__ import annotations

from dataclasses import dataclass, field

from tables.text import Text, as_text


@dataclass(frozen=True)
class CardField:
    name: Text
    value: Text
    inline: bool = True


@dataclass
class Card:
    """A titled block of text with named fields and a footer, in a colour. Built a piece at a
    time like the embeds it becomes: ``add_field`` and ``set_footer`` (a ``str`` given there
    is text of unknown origin, shown literally)."""

    title: Text | None = None
    description: Text | None = None
    colour: int | None = None
    fields: list[CardField] = field(default_factory=list)
    footer: Text | None = None

    def add_field(self, *, name: Text | str, value: Text | str, inline: bool = True) -> Card:
        self.fields.append(CardField(as_text(name), as_text(value), inline))
        return self

    def set_footer(self, *, text: Text | str) -> Card:
        self.footer = as_text(text)
        return self
