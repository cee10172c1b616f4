"""Each game's words sit below both adapters: the web finds them by the game's name, the
Discord renderer extends them, and a card becomes the embed it describes, every part of it."""

from __future__ import annotations

import discord
import pytest

from bot.renderers import renderer_for
from bot.renderers.embeds import embed_of
from games import registry
from tables.cards import Card
from tables.text import bold, name, words
from tables.words import Words, words_for


@pytest.mark.parametrize("game", registry.names())
def test_a_game_s_renderer_is_its_words_on_discord(game: str) -> None:
    words = words_for(game)
    assert isinstance(words, Words) and words.game == game
    assert words_for(game) is words  # imported and made once
    # The renderer adds what Discord has to the very same words, so both adapters read alike.
    assert isinstance(renderer_for(game), type(words))


def test_an_unknown_game_has_no_words() -> None:
    with pytest.raises(KeyError):
        words_for("chess")


def test_a_card_becomes_the_embed_it_describes() -> None:
    card = Card(title=bold(words("Round 2")), description=name("Alice") + words(" plays."),
                colour=0x1F6F8B)
    card.add_field(name="Boat", value=words("1. ") + name("**Alice**"), inline=False)
    card.add_field(name="Hand", value="Water")
    card.set_footer(text=words("Only ") + name("*you*") + words(" see this."))
    expected = discord.Embed(title="**Round 2**", description="Alice plays.", colour=0x1F6F8B)
    # Our own words as written; a name (and any plain string) escaped where Discord renders
    # markdown, shown as it is where it does not (a footer).
    expected.add_field(name="Boat", value="1. \\*\\*Alice\\*\\*", inline=False)
    expected.add_field(name="Hand", value="Water", inline=True)
    expected.set_footer(text="Only *you* see this.")
    assert embed_of(card).to_dict() == expected.to_dict()
    assert embed_of(Card()).to_dict() == discord.Embed().to_dict()
