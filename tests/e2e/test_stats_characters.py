"""Stats that know the character: a finished table records each seat's role and character, and
``/parlor stats`` and ``/parlor leaderboard`` show them ("as the Captain", "as rebel")."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime
from pathlib import Path

from bot.cogs.parlor import parse_played, playable, played_name
from bot.history import tally
from games import registry
from games.citadels.cards import character_of_card
from storage import StatRecord
from tests.e2e.parlor import parlor, private_reply, start_table
from tests.fakediscord import FakeDiscord
from tests.shown import t


async def test_a_finished_table_records_and_shows_the_character_each_seat_played(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    guild = fake.create_guild("G", members=[alice])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, [alice], bots=3)
        final = await table.play_to_the_end({0: alice}, seed=3, clicks=False)
        await asyncio.sleep(0.05)
        character = final.game.character_of(final.state, 0)
        assert character is not None
        (row,) = await client.parlor.repo.stats_for_user(guild.id, alice.id)
        assert (row.role, row.character) == (None, character)

        name = t(f"lifeboat.character.{character}")
        stats = await fake.run_slash(alice, channel, "parlor stats", {})
        text = (await stats.wait_original()).text()
        assert t("stats.played_line", name=name, rate=f"{int(row.won):.0%}", wins=int(row.won),
                 games=1, average=f"{row.score:.1f}") in text

        board = await fake.run_slash(alice, channel, "parlor leaderboard", {
            "game": "lifeboat", "playing": f"character:{character}", "include_bot_games": True})
        text = (await board.wait_original()).text()
        assert t("leaderboard.title_playing", game=t("lifeboat.title"), name=name) in text
        assert alice.mention in text
        other = next(c for kind, c in playable("lifeboat") if c != character)
        elsewhere = await fake.run_slash(alice, channel, "parlor leaderboard", {
            "game": "lifeboat", "playing": f"character:{other}", "include_bot_games": True})
        assert alice.mention not in (await elsewhere.wait_original()).text()

        gameless = await fake.run_slash(alice, channel, "parlor leaderboard",
                                        {"playing": f"character:{character}"})
        assert await private_reply(gameless) == t("leaderboard.playing_needs_game")
        unknown = await fake.run_slash(alice, channel, "parlor leaderboard",
                                       {"game": "lifeboat", "playing": "character:pirate"})
        assert await private_reply(unknown) == t("leaderboard.unknown_playing",
                                                 game=t("lifeboat.title"),
                                                 playing="character:pirate")
    assert fake.client_errors == []


def test_what_was_played_is_named_by_id_or_by_name_in_either_language() -> None:
    assert ("character", "captain") in playable("lifeboat")
    assert all(kind == "character" for kind, _ in playable("lifeboat"))  # Lifeboat has no sides
    assert parse_played("lifeboat", "character:captain") == ("character", "captain")
    assert parse_played("lifeboat", t("lifeboat.character.captain", "zh-CN")) == \
        ("character", "captain")
    assert parse_played("lifeboat", "The Captain") == ("character", "captain")
    assert parse_played("lifeboat", "role:captain") is None
    assert parse_played("citadels", "character:captain") is None
    assert played_name("citadels", ("character", "king"), "en") == t("citadels.character.king")


def test_stats_tally_each_role_and_each_character_apart() -> None:
    def row(match: int, won: bool, role: str | None, character: str | None) -> StatRecord:
        return StatRecord(match_id=match, guild_id=1, game="sanguosha", user_id=5, seat=0,
                          is_bot=False, score=float(won), won=won, role=role,
                          character=character, finished_at=datetime(2026, 1, 1, tzinfo=UTC))

    rows = [row(1, True, "rebel", "zhuge_liang"), row(2, False, "rebel", "cao_cao"),
            row(3, True, "lord", "zhuge_liang"), row(4, False, None, None)]
    overall, by_game, by_played = tally(rows)
    assert (overall.games, overall.wins) == (4, 2)
    assert by_game["sanguosha"].games == 4
    counted = {what: (part.games, part.wins) for (_, what), part in by_played.items()}
    assert counted == {("role", "rebel"): (2, 1), ("role", "lord"): (1, 1),
                       ("character", "zhuge_liang"): (2, 2), ("character", "cao_cao"): (1, 0)}


def test_citadels_names_the_final_rounds_character_of_a_seat_that_held_one() -> None:
    game = registry.get("citadels")
    for seats, held in ((4, 1), (2, 2)):
        rng = random.Random(seats)
        state = game.setup(seats, None, seed=seats)
        while game.outcome(state) is None:
            prompt = next(p for p in game.pending(state) if p.blocking)
            action = game.choose(game.view(state, prompt.seat), prompt, rng)
            state = game.apply(state, action).state
        for seat in range(seats):
            assert len(state.picks[seat]) == held
            character = game.character_of(state, seat)
            if held == 1:
                assert character in state.characters
                assert character == character_of_card(state.picks[seat][0]).name
            else:
                assert character is None
        assert game.role_of(state, 0) is None
