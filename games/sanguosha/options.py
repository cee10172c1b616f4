"""The variants a Sanguosha table may choose; ``Options()`` is the standard game."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core.options import SERIES


class Options(BaseModel):
    """Every combination of these switches is a valid game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    heroes: bool = Field(
        default=True,
        description="Play with heroes. Off: the newcomers' game, everyone 4 HP without skills "
        "(the lord 5 at five or more players).",
    )
    ex_cards: bool = Field(
        default=False,
        description="Add the 4 EX cards: Ice Sword, Nioh Shield, a second Lightning and a "
        "fourth Nullification.",
    )
    two_renegades: bool = Field(
        default=False,
        description="Double-renegade tables: a rebel's card becomes a second renegade's at 6 "
        "players (1/1/2/2) and at 8 (1/2/3/2). Ten players always deal two renegades; other "
        "counts are unchanged.",
    )
    scoring: Literal["win_loss", "fourth_edition"] = Field(
        default="win_loss",
        description="win_loss: 1 point to every winner. fourth_edition: the 4th-edition "
        "table with personal bonuses for kills.",
    )
    bot_level: Literal["easy", "normal"] = Field(
        default="normal",
        description="How the table's bots play: normal, as seasoned players of their identity; "
        "easy, plain moves a new player can beat (they still never turn on their own side).",
    )
    first_death_protection: bool = Field(
        default=False,
        description="House rule: protected_seat (the first out last game) cannot lose its last "
        "HP until someone else is out, except to a seat it has attacked.",
    )
    protected_seat: int | None = Field(default=None, ge=0, le=9)
    league: bool = Field(
        default=False,
        description="League: one table per seat, each seat the lord once in turn, points "
        "summed; the reveal's button opens the next table.",
    )
    # The league's table (0: the first), whose lord is that seat, and the points so far by seat.
    league_table: int = Field(default=0, ge=0, le=9, json_schema_extra=SERIES)
    league_points: tuple[float, ...] = Field(default=(), json_schema_extra=SERIES)
    three_survivor_countdown: bool = Field(
        default=False,
        description="House rule: once only three are left, after three rounds everyone loses "
        "1 HP at the start of every round.",
    )
    # The older edition's rules (the seed's 真三国无双 part and its FAQ); each off is the standard
    # edition's rule.
    indulgence_spares_lord: bool = Field(
        default=False,
        description="Older edition: Indulgence may not be used on the lord.",
    )
    no_peach_one_on_one: bool = Field(
        default=False,
        description="Older edition: once only two players live, neither may use a Peach.",
    )
    discard_at_will: bool = Field(
        default=False,
        description="Older edition: the discard phase may throw any number of hand cards, at "
        "least the excess over the hand limit.",
    )
    judgement_area_protected: bool = Field(
        default=False,
        description="Older edition: Snatch and Dismantlement take only a hand or equipped card, "
        "never a delayed trick.",
    )
    eight_diagram_hearts: bool = Field(
        default=False,
        description="Older edition: Eight Diagram's judgement dodges only on a heart (standard: "
        "any red card).",
    )
    peach_on_others: bool = Field(
        default=False,
        description="Older edition: in your play phase a Peach may heal any wounded player, "
        "not only yourself.",
    )


# The older edition's rules, each a switch of its own (docs/rules/sanguosha.md).
OLDER_EDITION_RULES: tuple[str, ...] = (
    "indulgence_spares_lord", "no_peach_one_on_one", "discard_at_will",
    "judgement_area_protected", "eight_diagram_hearts", "peach_on_others",
)
