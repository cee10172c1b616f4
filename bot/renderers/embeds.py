"""A card (``tables.cards.Card``) as a Discord embed: its texts as markdown where Discord
renders it (title, description, fields), the footer as it is, each within Discord's limit."""

from __future__ import annotations

import discord

from bot.renderers.markdown import markdown, plain
from tables.cards import Card

TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FOOTER_LIMIT = 2048


def embed_of(card: Card) -> discord.Embed:
    embed = discord.Embed(
        title=None if card.title is None else markdown(card.title, TITLE_LIMIT),
        description=None if card.description is None else markdown(card.description,
                                                                     DESCRIPTION_LIMIT),
        colour=card.colour)
    for field in card.fields:
        embed.add_field(name=markdown(field.name, FIELD_NAME_LIMIT) or "—",
                        value=markdown(field.value, FIELD_VALUE_LIMIT) or "—",
                        inline=field.inline)
    if card.footer is not None:
        embed.set_footer(text=plain(card.footer, FOOTER_LIMIT))
    return embed
