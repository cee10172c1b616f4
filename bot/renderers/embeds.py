"""A card (``tables.cards.Card``) as a Discord embed."""

from __future__ import annotations

import discord

from tables.cards import Card


def embed_of(card: Card) -> discord.Embed:
    embed = discord.Embed(title=card.title, description=card.description, colour=card.colour)
    for field in card.fields:
        embed.add_field(name=field.name, value=field.value, inline=field.inline)
    if card.footer is not None:
        embed.set_footer(text=card.footer)
    return embed
