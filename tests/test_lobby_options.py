"""The lobby's options, read from a game's ``Options`` model (tables/lobby_options.py) and laid out
under the lobby's buttons (bot/components.py)."""

from __future__ import annotations

import enum
from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, Field

from bot.components import (
    LOBBY_BUTTON_ROWS,
    LOBBY_OPTION_SELECTS,
    MAX_ROWS,
    choice_label,
    lobby_option_selects,
    lobby_view,
)
from games import registry
from games.core.options import chosen_by_hand
from storage import MatchRecord, MatchStatus, SeatRecord
from tables.lobby_options import (
    MAX_CHOICES,
    LobbyOptions,
    OptionChoice,
    OptionSet,
    choice_parts,
    decode_choice,
    encode_choice,
    lobby_options,
    most_seats_with_a_change,
    options_of,
    seat_range,
    selects_needed,
)
from tables.service import LiveMatch, MatchService
from tests.i18n_code import hosted_games
from tests.shown import t


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
    limit: int | None = Field(default=None, ge=1, le=3)  # None: the game's own rule
    colours: tuple[str, ...] = ()
    shapes: tuple[str, ...] | None = None  # None: all of them
    notes: tuple[str, ...] = ()  # words nobody lists: left to the slash command

    @classmethod
    def known_words(cls, field: str) -> dict[str, dict[str, str]]:
        words = {"colours": ("red", "blue"), "shapes": ("disc", "cube", "cone")}.get(field, ())
        return {w: {"en": w.title(), "zh_CN": w} for w in words}


def test_fields_become_toggles_and_choices_by_their_type() -> None:
    offered = options_of(Sample)
    assert offered.toggles == ("fast",)
    assert offered.choices == (
        OptionChoice("size", (10, 12)),
        OptionChoice("weather", ("calm", "storm")),
        OptionChoice("rounds", (1, 2, 3, 4, 5), numeric=True),
        OptionChoice("limit", (None, 1, 2, 3), numeric=True),
    )
    assert offered.sets == (
        OptionSet("colours", ("red", "blue"), ()),
        OptionSet("shapes", ("disc", "cube", "cone"), None),
    )


def test_every_option_a_table_starts_with_has_a_lobby_control() -> None:
    """Rule: the host can set in the lobby every option a table can start with: Zombie in My
    Pocket's optional starting health and extra zombies (their default first) and how its bots
    play, the haunted house's haunts in play and haunts played and its bots' level,
    Sanguosha's protected seat. Only free text (the haunt's date) and the fields a series sets
    are left out."""
    zombie = lobby_options("zombie")
    assert [(c.field, c.values[0], c.values[1:]) for c in zombie.choices] == [
        ("start_health", None, (1, 2, 3, 4, 5, 6)),
        ("extra_zombies", None, tuple(range(-2, 21))),
        ("bot_level", "easy", ("normal",)),
    ]
    haunt = lobby_options("haunt")
    assert [s.field for s in haunt.sets] == ["haunts", "played"]
    assert [c.field for c in haunt.choices] == ["bot_level"]
    assert haunt.toggles == ("choose_another",)
    # Under the lobby's buttons its toggle is offered among the choices: off or on.
    fitted = lobby_options("haunt", LOBBY_OPTION_SELECTS)
    assert fitted.toggles == () and [(c.field, c.values) for c in fitted.choices] == [
        ("choose_another", (False, True)), ("bot_level", ("easy", "normal"))]
    assert selects_needed(fitted) == LOBBY_OPTION_SELECTS
    assert "protected_seat" in [c.field for c in lobby_options("sanguosha").choices]
    for game in hosted_games():
        offered = lobby_options(game)
        controlled = {*offered.toggles, *(c.field for c in offered.choices),
                      *(s.field for s in offered.sets)}
        fields = registry.get(game).Options.model_fields
        left = {name for name, field in fields.items()
                if chosen_by_hand(field) and name not in controlled}
        assert not left, (game, left)


def test_every_lobby_label_reads_in_full_in_both_languages() -> None:
    """Rule: the lobby's labels are choices in words with every placeholder filled (the
    Sanguosha league toggle once read "League table {table}: seat {seat} is the lord")."""
    for game in hosted_games():
        for locale in ("en", "zh-CN"):
            for select in lobby_option_selects(lobby(game), locale):
                texts = [select.item.placeholder or ""] + \
                    [o.label for o in select.item.options]
                for text in texts:
                    assert text and "{" not in text and "}" not in text, (game, locale, text)
    assert choice_label("zombie", OptionChoice("start_health", (None, 3), True), 3,
                        "en") == "Starting health: 3"
    assert choice_label("sanguosha", OptionChoice("protected_seat", (None, 0), True), 0,
                        "en") == "Protected seat: seat 1"
    assert t("sanguosha.option.league") != t("sanguosha.option.league_table")
    toggle = next(o.label for s in lobby_option_selects(lobby("haunt"), "en")
                  for o in s.item.options if o.value == encode_choice("choose_another", True))
    assert not toggle.endswith("."), "a toggle is a choice, not a statement"
    assert "choose_another" not in toggle, "a toggle among the choices is named in words"


def test_a_full_table_says_whether_other_options_seat_more() -> None:
    """Rule: the most seats after one change of the options is what a full table's refusal
    names (Lifeboat: 6 without Cannibalism, 7 with it)."""
    assert most_seats_with_a_change("lifeboat", MatchService.game_options("lifeboat", {})) == 7
    assert most_seats_with_a_change("haunt", MatchService.game_options("haunt", {})) == 6


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
        offered = lobby_options(game, LOBBY_OPTION_SELECTS)
        assert selects_needed(offered) == len(selects), game
        values = {o.value for s in selects for o in s.item.options}
        assert set(offered.toggles) <= values, game
        assert {encode_choice(c.field, v) for c in offered.choices for v in c.values} <= values
        assert {w for s in offered.sets for w in s.words} <= values
        view = lobby_view(live, "en")
        assert max(item.row or 0 for item in view.children) < MAX_ROWS
