"""How the bot answers a click or a command that it refuses, edits or answers privately: the
few ways of replying that commands, components and the desk share (``bot.interactions`` decides
what to answer; these say it inside Discord's rules)."""

from __future__ import annotations

from typing import Any

import discord

from bot.renderers.markdown import markdown
from tables.i18n import has, t


def user_locale(interaction: discord.Interaction[Any]) -> str:
    return str(interaction.locale)


def is_ephemeral(message: discord.Message | None) -> bool:
    return bool(message is not None and message.flags.ephemeral)


def refusal_text(locale: str | None, key: str, params: dict[str, Any]) -> str:
    """A refusal as Discord markdown (its parameters shown as the text they are)."""
    engine_key = params.get("engine_key")
    if key == "engine.refused" and isinstance(engine_key, str) and has(engine_key, locale):
        return markdown(t(engine_key, locale, **params.get("engine_params", {})), 2000)
    return markdown(t(key, locale, **params), 2000)


async def refuse(interaction: discord.Interaction[Any], key: str, **params: Any) -> None:
    """A clear, private answer that changed nothing."""
    text = refusal_text(user_locale(interaction), key, params)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def update_message(interaction: discord.Interaction[Any], **fields: Any) -> None:
    if interaction.response.is_done():
        await interaction.edit_original_response(**fields)
    else:
        await interaction.response.edit_message(**fields)


async def send_private(interaction: discord.Interaction[Any], **fields: Any) -> None:
    """A new message only the clicker sees (a follow-up once the click was deferred)."""
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=True, **fields)
    else:
        await interaction.response.send_message(ephemeral=True, **fields)
