"""Sanguosha's per-hero stats: ``/parlor stats`` and ``/parlor leaderboard`` name the hero a
seat played the way players know it (Zhuge Liang, 诸葛亮), beside its identity."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from bot.cogs.parlor import parse_played, playable, played_name
from games.sanguosha import GAME
from games.sanguosha.actions import Choose
from games.sanguosha.heroes import HEROES
from storage import StatRecord
from tests.e2e.parlor import parlor
from tests.fakediscord import FakeDiscord
from tests.shown import t


def zhuge_liang_seat() -> tuple[int, str | None, str | None]:
    """The first five-player game (by seed) where a seat other than the lord is offered Zhuge
    Liang and takes him: that seat, its role and its hero, as the engine reports them."""
    for seed in range(50):
        state = GAME.setup(5, seed=seed)
        state = GAME.apply(state, Choose(seat=state.lord, option="liubei")).state
        seat = None
        for prompt in GAME.pending(state):
            options = [a for a in prompt.actions if isinstance(a, Choose)]
            pick = next((a for a in options if a.option == "zhugeliang"), options[0])
            seat = prompt.seat if pick.option == "zhugeliang" else seat
            state = GAME.apply(state, pick).state
        if seat is not None:
            return seat, GAME.role_of(state, seat), GAME.character_of(state, seat)
    raise AssertionError("no seed offers Zhuge Liang")


def test_every_hero_is_a_playable_character_named_in_both_languages() -> None:
    characters = {value for kind, value in playable("sanguosha") if kind == "character"}
    assert characters == set(HEROES)
    for hero in HEROES:
        for locale in ("en", "zh-CN"):
            assert played_name("sanguosha", ("character", hero), locale) == \
                t(f"sanguosha.hero.{hero}", locale)
    assert played_name("sanguosha", ("character", "zhugeliang"), "en") == "Zhuge Liang"
    assert played_name("sanguosha", ("character", "zhugeliang"), "zh-CN") == "诸葛亮"
    assert parse_played("sanguosha", "诸葛亮") == ("character", "zhugeliang")
    assert parse_played("sanguosha", "cao cao") == ("character", "caocao")
    assert parse_played("sanguosha", "role:rebel") == ("role", "rebel")


async def test_stats_and_leaderboard_name_the_hero_played_in_english_and_chinese(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    guild = fake.create_guild("G", members=[alice])
    channel = fake.text_channel(guild)
    seat, role, character = zhuge_liang_seat()
    assert character == "zhugeliang" and role is not None
    async with parlor(tmp_path, fake) as client:
        repo = client.parlor.repo
        match = await repo.create_match(game="sanguosha", guild_id=guild.id,
                                        channel_id=channel.id, host_id=alice.id, seed=3,
                                        options={})
        await repo.record_stats([StatRecord(
            match_id=match.id, guild_id=guild.id, game="sanguosha", user_id=alice.id,
            seat=seat, is_bot=False, score=1.0, won=True, role=role, character=character,
            finished_at=datetime(2026, 1, 1, tzinfo=UTC))])
        for locale, hero in (("en-US", "Zhuge Liang"), ("zh-CN", "诸葛亮")):
            stats = await fake.run_slash(alice, channel, "parlor stats", {}, locale=locale)
            text = (await stats.wait_original()).text()
            assert t("stats.played_line", locale, name=hero, rate=f"{1:.0%}", wins=1, games=1,
                     average="1.0") in text
            assert t("stats.played_line", locale, name=t(f"sanguosha.role.{role}", locale),
                     rate=f"{1:.0%}", wins=1, games=1, average="1.0") in text
            board = await fake.run_slash(alice, channel, "parlor leaderboard", {
                "game": "sanguosha", "playing": hero}, locale=locale)
            text = (await board.wait_original()).text()
            assert t("leaderboard.title_playing", locale, game=t("sanguosha.title", locale),
                     name=hero) in text
            assert alice.mention in text
        elsewhere = await fake.run_slash(alice, channel, "parlor leaderboard", {
            "game": "sanguosha", "playing": "character:caocao"})
        assert alice.mention not in (await elsewhere.wait_original()).text()
    assert fake.client_errors == []
