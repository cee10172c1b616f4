"""/citadels: the Citadels table's commands. Only the variants are Citadels' own.

The characters are chosen per rank (the base character, its expansion alternative, or one of
the two at random), with a ``characters`` preset that sets ranks 1–8 in one go; a rank given
on its own overrides the preset.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.app import ParlorClient
from bot.cogs.game_cog import GameCog
from games.citadels.cards import RANK_CHOICES
from games.citadels.options import RANDOM

PRESETS = ("base", "expansion", "random")
PRESET_RANKS = range(1, 9)  # rank 9 is not in the base game: it has its own option

VARIANTS = {
    "characters": "Characters of ranks 1–8: base game, expansion or random per rank.",
    "rank_1": "Rank 1: Assassin or Witch.",
    "rank_2": "Rank 2: Thief or Tax Collector.",
    "rank_3": "Rank 3: Magician or Wizard.",
    "rank_4": "Rank 4: King or Emperor.",
    "rank_5": "Rank 5: Bishop or Abbot.",
    "rank_6": "Rank 6: Merchant or Alchemist.",
    "rank_7": "Rank 7: Architect or Navigator.",
    "rank_8": "Rank 8: Warlord or Diplomat.",
    "rank_9": "A ninth character: Queen or Artist (none in the base game).",
    "short_game": "Short game: the 7th district ends the game.",
    "two_player_target": "Two players: districts that end the game.",
    "second_keep": "Play with 66 cards (a second Keep).",
}


def preset_choices() -> list[Choice[str]]:
    return [
        Choice(name="Base game characters", value="base"),
        Choice(name="Expansion characters", value="expansion"),
        Choice(name="Random character per rank", value="random"),
    ]


def target_choices() -> list[Choice[int]]:
    return [Choice(name="10 districts", value=10), Choice(name="12 districts", value=12)]

NAMES = {
    "assassin": "Assassin", "witch": "Witch", "thief": "Thief",
    "tax_collector": "Tax Collector", "magician": "Magician", "wizard": "Wizard",
    "king": "King", "emperor": "Emperor", "bishop": "Bishop", "abbot": "Abbot",
    "merchant": "Merchant", "alchemist": "Alchemist", "architect": "Architect",
    "navigator": "Navigator", "warlord": "Warlord", "diplomat": "Diplomat",
    "queen": "Queen", "artist": "Artist",
}


def rank_choices(rank: int) -> list[Choice[str]]:
    base, expansion = RANK_CHOICES[rank]
    choices = [Choice(name=NAMES[base], value=base), Choice(name=NAMES[expansion],
                                                            value=expansion)]
    if rank == 9:
        choices.insert(0, Choice(name="None (base game)", value="none"))
        choices.append(Choice(name="Queen or Artist, at random", value=RANDOM))
    else:
        choices.append(Choice(name=f"{NAMES[base]} or {NAMES[expansion]}, at random",
                              value=RANDOM))
    return choices


def chosen_options(characters: str | None, ranks: dict[int, str | None],
                   **switches: Any) -> dict[str, Any]:
    """The Options fields a command asked for: the preset first, single ranks over it;
    ``None`` leaves a field to the server's default."""
    chosen: dict[str, Any] = {}
    if characters is not None:
        column = {"base": 0, "expansion": 1}.get(characters)
        for rank in PRESET_RANKS:
            chosen[f"rank_{rank}"] = RANDOM if column is None else RANK_CHOICES[rank][column]
    for rank, value in ranks.items():
        if value is not None:
            chosen[f"rank_{rank}"] = value
    chosen.update({name: value for name, value in switches.items() if value is not None})
    return chosen


@app_commands.default_permissions()
class CitadelsCog(GameCog, group_name="citadels", group_description="Citadels: draft secret "
                  "characters, build the finest city."):
    game_name = "citadels"

    @app_commands.command(name="start", description="Open a Citadels table in this channel.")
    @app_commands.describe(**VARIANTS)
    @app_commands.choices(
        characters=preset_choices(), rank_1=rank_choices(1), rank_2=rank_choices(2),
        rank_3=rank_choices(3), rank_4=rank_choices(4), rank_5=rank_choices(5),
        rank_6=rank_choices(6), rank_7=rank_choices(7), rank_8=rank_choices(8),
        rank_9=rank_choices(9),
    )
    @app_commands.choices(two_player_target=target_choices())
    async def start(self, interaction: discord.Interaction[Any],
                    characters: str | None = None, rank_1: str | None = None,
                    rank_2: str | None = None, rank_3: str | None = None,
                    rank_4: str | None = None, rank_5: str | None = None,
                    rank_6: str | None = None, rank_7: str | None = None,
                    rank_8: str | None = None, rank_9: str | None = None,
                    short_game: bool | None = None, two_player_target: int | None = None,
                    second_keep: bool | None = None) -> None:
        ranks = {1: rank_1, 2: rank_2, 3: rank_3, 4: rank_4, 5: rank_5, 6: rank_6,
                 7: rank_7, 8: rank_8, 9: rank_9}
        await self.start_table(interaction, chosen_options(
            characters, ranks, short_game=short_game, two_player_target=two_player_target,
            second_keep=second_keep))

    @app_commands.command(name="config", description="Server defaults for Citadels "
                                                     "(Manage Server).")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(
        **VARIANTS,
        turn_seconds="Turn timer in seconds (15–3600), 0 for none.",
        host_role="Only members with this role may start tables.",
        clear_host_role="Let anyone start tables again.",
        bots_allowed="Whether bots may fill seats.",
    )
    @app_commands.choices(
        characters=preset_choices(), rank_1=rank_choices(1), rank_2=rank_choices(2),
        rank_3=rank_choices(3), rank_4=rank_choices(4), rank_5=rank_choices(5),
        rank_6=rank_choices(6), rank_7=rank_choices(7), rank_8=rank_choices(8),
        rank_9=rank_choices(9),
    )
    @app_commands.choices(two_player_target=target_choices())
    async def config(self, interaction: discord.Interaction[Any],
                     characters: str | None = None, rank_1: str | None = None,
                     rank_2: str | None = None, rank_3: str | None = None,
                     rank_4: str | None = None, rank_5: str | None = None,
                     rank_6: str | None = None, rank_7: str | None = None,
                     rank_8: str | None = None, rank_9: str | None = None,
                     short_game: bool | None = None, two_player_target: int | None = None,
                     second_keep: bool | None = None, turn_seconds: int | None = None,
                     host_role: discord.Role | None = None,
                     clear_host_role: bool | None = None,
                     bots_allowed: bool | None = None) -> None:
        ranks = {1: rank_1, 2: rank_2, 3: rank_3, 4: rank_4, 5: rank_5, 6: rank_6,
                 7: rank_7, 8: rank_8, 9: rank_9}
        await self.save_config(
            interaction,
            variants=chosen_options(characters, ranks, short_game=short_game,
                                    two_player_target=two_player_target,
                                    second_keep=second_keep),
            turn_seconds=turn_seconds, host_role=host_role, bots_allowed=bots_allowed,
            clear_host_role=clear_host_role,
        )


async def setup(client: ParlorClient) -> None:
    await client.add_cog(CitadelsCog(client))
