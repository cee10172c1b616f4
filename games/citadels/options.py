"""The variants a Citadels table may choose; ``Options()`` is the standard base game."""

from __future__ import annotations

import random
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.citadels.cards import RANK_CHOICES

RANDOM = "random"
NO_CHARACTER = "none"


class Options(BaseModel):
    """Every combination of these switches is a valid game at every player count."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rank_1: Literal["assassin", "witch", "random"] = Field(
        default="assassin", description="Rank 1: the Assassin, the Witch, or either at random."
    )
    rank_2: Literal["thief", "tax_collector", "random"] = Field(
        default="thief", description="Rank 2: the Thief, the Tax Collector, or either at random."
    )
    rank_3: Literal["magician", "wizard", "random"] = Field(
        default="magician", description="Rank 3: the Magician, the Wizard, or either at random."
    )
    rank_4: Literal["king", "emperor", "random"] = Field(
        default="king", description="Rank 4: the King, the Emperor, or either at random."
    )
    rank_5: Literal["bishop", "abbot", "random"] = Field(
        default="bishop", description="Rank 5: the Bishop, the Abbot, or either at random."
    )
    rank_6: Literal["merchant", "alchemist", "random"] = Field(
        default="merchant", description="Rank 6: the Merchant, the Alchemist, or either at random."
    )
    rank_7: Literal["architect", "navigator", "random"] = Field(
        default="architect",
        description="Rank 7: the Architect, the Navigator, or either at random.",
    )
    rank_8: Literal["warlord", "diplomat", "random"] = Field(
        default="warlord", description="Rank 8: the Warlord, the Diplomat, or either at random."
    )
    rank_9: Literal["none", "queen", "artist", "random"] = Field(
        default="none",
        description="A ninth character (the Queen or the Artist); none in the base game.",
    )
    short_game: bool = Field(
        default=False, description="The game ends at the 7th district at every player count."
    )
    two_player_target: Literal[10, 12] = Field(
        default=10, description="Districts that end a two-player game (the seed names both)."
    )
    second_keep: bool = Field(
        default=False,
        description="Use the 66-card deck with a second Keep (the seed's deck has 65 cards).",
    )
    three_player_two_characters: bool = Field(
        default=False,
        description="Three players: each takes two characters, all eight in play, 8 districts "
        "end it (the published rule).",
    )

    bot_level: Literal["easy", "normal"] = Field(
        default="normal",
        description="How the table's bots play: easy for new players, normal to win.",
    )

    def choice_for(self, rank: int) -> str:
        value: str = getattr(self, f"rank_{rank}")
        return value

    def resolve_lineup(self, rng: random.Random) -> list[str]:
        """The characters of this game in rank order, "random" settled by ``rng``."""
        lineup: list[str] = []
        for rank, choices in RANK_CHOICES.items():
            choice = self.choice_for(rank)
            if choice == RANDOM:
                choice = rng.choice(choices)
            if choice != NO_CHARACTER:
                lineup.append(choice)
        return lineup

    def characters_per_seat(self, seats: int) -> int:
        """How many characters each seat drafts and plays every round."""
        if seats == 2 or (seats == 3 and self.three_player_two_characters):
            return 2
        return 1

    def removes_rank_1(self, seats: int) -> bool:
        """The seed's three-player rule: the rank-1 character is out of the game."""
        return seats == 3 and not self.three_player_two_characters

    def target_for(self, seats: int) -> int:
        """How many districts complete a city (and end the game at the end of that round)."""
        if self.short_game:
            return 7
        if seats == 2:
            return self.two_player_target
        if self.removes_rank_1(seats):
            return 10
        return 8
