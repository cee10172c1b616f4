"""The table's choices for a game of Haunt."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from games.core.options import TABLE_DATE
from games.haunt.catalog import catalog


class Options(BaseModel):
    """``haunts``: the haunts in play (None = all). ``played``: haunts this table has already
    played; with ``choose_another`` a haunt that is not in play or already played is replaced
    by the seed's procedure (another omen room, then new omens). ``today`` (MM-DD), the day
    the table opens, filled in by the table (``TABLE_DATE``), decides whose birthday comes
    next, and so who starts."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    haunts: tuple[str, ...] | None = None
    played: tuple[str, ...] = ()
    choose_another: bool = True
    today: str = Field(default="01-01", pattern=r"^\d{2}-\d{2}$", json_schema_extra=TABLE_DATE)
    bot_level: Literal["easy", "normal"] = Field(
        default="normal",
        description="How the table's bots play: easy, plain moves a new player can beat; "
        "normal, to win.",
    )

    @field_validator("haunts", "played")
    @classmethod
    def _known(cls, value: tuple[str, ...] | None) -> tuple[str, ...] | None:
        known = {h.id for h in catalog().haunts}
        for haunt_id in value or ():
            if haunt_id not in known:
                raise ValueError(f"no haunt named {haunt_id!r}")
        return value

    @classmethod
    def known_words(cls, field: str) -> dict[str, dict[str, str]]:
        """The words a list field may hold, each with its title by language: a table's menus
        offer the haunts by name."""
        if field not in ("haunts", "played"):
            return {}
        return {h.id: {"en": h.title.en, "zh_CN": h.title.zh_CN} for h in catalog().haunts}

    def excluded(self, haunt_id: str) -> bool:
        """Whether the chart's pick must be replaced."""
        if not self.choose_another:
            return False
        return haunt_id in self.played or (self.haunts is not None and haunt_id not in self.haunts)
