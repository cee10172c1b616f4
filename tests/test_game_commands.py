"""One registration per game: a registered game's command group, its ``start`` and ``config``
options, come from its ``Options`` model; its cog and renderer are found by its name."""

from __future__ import annotations

from typing import Any, Literal

import discord
import pytest
from discord import app_commands
from pydantic import BaseModel, Field

from bot.app import COGS
from bot.cogs.game_cog import CONFIG_SETTINGS, GameCog
from bot.cogs.options import (
    Preset,
    chosen_options,
    field_options,
    slash_command,
    word_suggestions,
)
from bot.renderers import renderer_for
from games import registry
from games.core.options import chosen_by_hand
from tests.i18n_code import command_tree


class Variants(BaseModel):
    fog: bool = Field(default=False, description="Fog hides the far side.")
    size: Literal["small", "large"] = Field(default="small", description="The board's size.")
    target: Literal[10, 12] = Field(default=10, description="Points that end the game.")
    rounds: int = Field(default=5, ge=1, le=9, description="Rounds to play.")
    name: str = Field(default="", description="The table's name.")


async def _nothing(cog: Any, interaction: discord.Interaction[Any],
                   values: dict[str, Any]) -> None:
    del cog, interaction, values


class Owner:
    pass


def _payload(model: type[BaseModel]) -> dict[str, dict[str, Any]]:
    command = slash_command(Owner, "start", "Open a table.", field_options("nogame", model),
                            _nothing)
    return {option["name"]: option for option in command.to_dict(app_commands.CommandTree(
        discord.Client(intents=discord.Intents.none())))["options"]}


def test_each_field_becomes_an_optional_option_of_its_type_with_its_bounds_and_choices(
) -> None:
    options = _payload(Variants)
    assert list(options) == ["fog", "size", "target", "rounds", "name"]
    assert all(not option["required"] for option in options.values())
    boolean, string, integer = (discord.AppCommandOptionType.boolean.value,
                                discord.AppCommandOptionType.string.value,
                                discord.AppCommandOptionType.integer.value)
    assert options["fog"]["type"] == boolean
    assert options["fog"]["description"] == "Fog hides the far side."
    assert options["size"]["type"] == string
    assert [c["value"] for c in options["size"]["choices"]] == ["small", "large"]
    assert options["target"]["type"] == integer
    assert [c["value"] for c in options["target"]["choices"]] == [10, 12]
    assert options["rounds"]["type"] == integer
    assert (options["rounds"]["min_value"], options["rounds"]["max_value"]) == (1, 9)
    assert options["name"]["type"] == string


def test_a_description_too_long_or_missing_still_registers_and_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A game whose catalog lacks its command texts still gets its commands (Discord takes
    them), and the gap is logged; tests/test_i18n.py then fails until the catalog has them."""
    class Wordy(BaseModel):
        long: bool = Field(default=False, description="word " * 30)

    class Silent(BaseModel):
        quiet: bool = False

    (long,) = field_options("nogame", Wordy)
    assert len(long.description) <= 100 and long.description.endswith("word…")
    (quiet,) = field_options("nogame", Silent)
    assert quiet.description == "quiet"
    assert "longer than Discord's 100" in caplog.text and "no description" in caplog.text


def test_a_preset_sets_its_fields_and_a_field_given_alongside_wins() -> None:
    preset = Preset("look", {"dark": {"a": 1, "b": 2}, "light": {"a": 3, "b": 4}})
    assert chosen_options({"look": "dark", "b": 9, "c": None}, [preset]) == {"a": 1, "b": 9}
    assert chosen_options({"look": None, "c": True}, [preset]) == {"c": True}


def test_every_registered_game_has_a_cog_and_a_renderer_found_by_its_name() -> None:
    for game in registry.names():
        assert f"bot.games.{game}.cog" in COGS
        assert renderer_for(game).game == game
    with pytest.raises(KeyError):
        renderer_for("base")  # a module of bot.renderers, not a game


def test_start_and_config_offer_every_options_field_of_every_game() -> None:
    assert not chosen_by_hand(registry.get("sanguosha").Options.model_fields["league_points"])
    tree = command_tree()
    for game in registry.names():
        group = tree.get_command(game)
        assert isinstance(group, app_commands.Group)
        # A field a series sets (the league's table and points) is no one's to choose.
        fields = [name for name, field in registry.get(game).Options.model_fields.items()
                  if chosen_by_hand(field)]
        start, config = group.get_command("start"), group.get_command("config")
        assert isinstance(start, app_commands.Command)
        assert isinstance(config, app_commands.Command)
        offered = [parameter.name for parameter in start.parameters]
        assert offered[len(offered) - len(fields):] == fields
        assert [parameter.name for parameter in config.parameters] == \
            offered + [setting.name for setting in CONFIG_SETTINGS]
        cog_class = GameCog.__subclasses__()
        assert any(cog.game_name == game for cog in cog_class)


def test_every_member_may_use_a_games_commands_and_config_checks_itself() -> None:
    """A game's group carries no default member permissions (Discord's "0" would hide it
    from everyone but administrators); ``config`` refuses non-moderators on each call."""
    tree = command_tree()
    for game in registry.names():
        group = tree.get_command(game)
        assert isinstance(group, app_commands.Group)
        assert group.to_dict(tree)["default_member_permissions"] is None


class Rooms(BaseModel):
    rooms: tuple[str, ...] | None = Field(default=None, description="Rooms in play.")
    notes: tuple[str, ...] = Field(default=(), description="Free words.")

    @classmethod
    def known_words(cls, field: str) -> dict[str, dict[str, str]]:
        if field != "rooms":
            return {}
        return {f"room-{n}": {"en": f"Room number {n}", "zh_CN": f"房间{n}"}
                for n in range(30)}


def test_a_list_of_known_words_is_offered_by_autocomplete_named_in_the_users_language(
) -> None:
    options = _payload(Rooms)
    assert options["rooms"].get("autocomplete") is True
    assert not options["notes"].get("autocomplete")
    words = Rooms.known_words("rooms")
    offered = word_suggestions(words, "", "en-US")
    assert len(offered) == 25, "Discord's limit"
    assert (offered[0].name, offered[0].value) == ("Room number 0", "room-0")
    # A pick adds one word to what is typed; a word already typed is not offered again.
    picked = word_suggestions(words, "room-3 number 1", "zh-CN")
    assert [c.value for c in picked][:2] == ["room-3 room-1", "room-3 room-10"]
    assert picked[0].name == "房间3 + 房间1"
    assert all(not c.value.startswith("room-3 room-3") for c in word_suggestions(
        words, "room-3 ", None))
    # Never longer than Discord's 100 characters.
    long = " ".join(f"room-{n}" for n in range(12))
    assert all(len(c.value) <= 100 and len(c.name) <= 100
               for c in word_suggestions(words, long, "en-US"))
