"""The lobby's options, read from a game's ``Options`` model (bot/lobby_options.py) and laid out
under the lobby's buttons (bot/components.py)."""

from __future__ import annotations

import enum
from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, Field

from bot.components import LOBBY_BUTTON_ROWS, MAX_ROWS, lobby_option_selects, lobby_view
from bot.lobby_options import (
    MAX_CHOICES,
    LobbyOptions,
    OptionChoice,
    choice_parts,
    decode_choice,
    encode_choice,
    lobby_options,
    options_of,
    seat_range,
)
from bot.service import LiveMatch, MatchService
from storage import MatchRecord, MatchStatus, SeatRecord
from tests.i18n_code import hosted_games


class Weather(enum.Enum):
    CALM = "calm"
    STORM = "storm"


class Sample(BaseModel):
    fast: bool = False
    size: Literal[10, 12] = 10
    weather: Weather = Weather.CALM
    rounds: int = Field(default=3, ge=1, le=5)
    seed_words: int = 0  # unbounded: left to the slash command
    name: str = "x"
    only: Literal["one"] = "one"  # nothing to choose


def test_fields_become_toggles_and_choices_by_their_type() -> None:
    offered = options_of(Sample)
    assert offered.toggles == ("fast",)
    assert offered.choices == (
        OptionChoice("size", (10, 12)),
        OptionChoice("weather", ("calm", "storm")),
        OptionChoice("rounds", (1, 2, 3, 4, 5)),
    )


def test_choices_pack_into_selects_without_splitting_a_field() -> None:
    wide = [OptionChoice(f"f{i}", tuple(range(10))) for i in range(5)]
    parts = choice_parts(LobbyOptions(toggles=(), choices=tuple(wide)))
    assert [[c.field for c in part] for part in parts] == [["f0", "f1"], ["f2", "f3"], ["f4"]]
    assert all(sum(len(c.values) for c in part) <= MAX_CHOICES for part in parts)


def test_a_choice_value_survives_its_trip_through_discord() -> None:
    for field, value in [("rank_1", "witch"), ("two_player_target", 12), ("quick", True)]:
        text = encode_choice(field, value)
        assert len(text) <= 100
        assert decode_choice(text) == (field, value)
    assert decode_choice("no-equals") is None
    assert decode_choice("rank_1=not json") is None


def test_lifeboat_seats_seven_only_with_the_cannibalism_expansion() -> None:
    assert seat_range("lifeboat", {}) == (4, 6)
    assert seat_range("lifeboat", {"cannibalism": True}) == (4, 7)


def lobby(game: str) -> LiveMatch:
    now = datetime.now(UTC)
    record = MatchRecord(id=7, game=game, guild_id=1, channel_id=1, host_id=100,
                         status=MatchStatus.LOBBY, version=0, seed=1,
                         options=MatchService.game_options(game, {}), created_at=now,
                         updated_at=now)
    return LiveMatch(record=record, seats=[SeatRecord(match_id=7, seat=0, user_id=100,
                                                      display_name="host")])


def test_every_hosted_games_options_fit_under_the_lobby_buttons() -> None:
    """Rule: every toggle and every choice of every hosted game is offered in the lobby; the
    buttons and the selects fit in Discord's five rows."""
    for game in hosted_games():
        live = lobby(game)
        selects = lobby_option_selects(live, "en")
        assert len(selects) <= MAX_ROWS - LOBBY_BUTTON_ROWS, game
        offered = lobby_options(game)
        values = {o.value for s in selects for o in s.item.options}
        assert set(offered.toggles) <= values, game
        assert {encode_choice(c.field, v) for c in offered.choices for v in c.values} <= values
        view = lobby_view(live, "en")
        assert max(item.row or 0 for item in view.children) < MAX_ROWS
