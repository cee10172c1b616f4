"""Ratings in Discord: ``/parlor leaderboard game:`` ranks a game's players by rating (those
with enough rated tables), with the bots' fixed rating in its footer; ``/parlor stats`` shows
each game's rating in the server and, to the player asking about themselves alone, their own
ratings across servers; in English and in Chinese."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from storage import EVERYWHERE, StatRecord
from tables import ratings
from tests.e2e.parlor import parlor
from tests.fakediscord import FakeDiscord
from tests.shown import t


async def test_leaderboard_and_stats_show_ratings_in_both_languages(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice, bob, carol = (fake.create_user(n) for n in ("alice", "bob", "carol"))
    guild = fake.create_guild("G", members=[alice, bob, carol])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        repo = client.parlor.repo
        start = datetime(2026, 1, 1, tzinfo=UTC)
        # Alice beats Bob three times, loses to Carol once, and beats Bob in another server.
        for n, (guild_id, players) in enumerate([(guild.id, (alice, bob))] * 3
                                                 + [(guild.id, (carol, alice)),
                                                    (guild.id + 1, (alice, bob))]):
            match = await repo.create_match(game="lifeboat", guild_id=guild_id,
                                            channel_id=900 + n, host_id=alice.id, seed=n,
                                            options={})
            await repo.record_stats([StatRecord(
                match_id=match.id, guild_id=guild_id, game="lifeboat", user_id=user.id,
                seat=seat, is_bot=False, score=float(9 - seat), won=seat == 0,
                finished_at=start + timedelta(hours=n), place=seat + 1)
                for seat, user in enumerate(players)])
        assert await ratings.catch_up(repo) == 5
        board = await repo.rating_leaderboard(guild.id, "lifeboat", min_games=3, limit=10)
        assert [s.user_id for s in board] == [alice.id, bob.id]
        for locale in ("en-US", "zh-CN"):
            answer = await fake.run_slash(alice, channel, "parlor leaderboard",
                                          {"game": "lifeboat"}, locale=locale)
            text = (await answer.wait_original()).text()
            first = board[0]
            assert t("leaderboard.rating_line", locale, rank=1, user=alice.mention,
                     rating=ratings.shown(first.mu, first.sigma),
                     games=t("rating.games", locale, count=4),
                     wins=t("rating.wins", locale, count=3)) in text
            assert bob.mention in text and carol.mention not in text  # one table: not yet
            assert t("leaderboard.rating_footer", locale, count=3,
                     bots=ratings.bot_rating("lifeboat")) in text

            mine = await fake.run_slash(alice, channel, "parlor stats", {}, locale=locale)
            text = (await mine.wait_original()).text()
            here = (await repo.rating_history(guild.id, alice.id))[-1]
            assert t("stats.rating", locale, rating=ratings.shown(here.mu, here.sigma),
                     games=t("rating.games", locale, count=4)) in text
            everywhere = (await repo.rating_history(EVERYWHERE, alice.id))[-1]
            assert t("stats.everywhere", locale) in text
            assert t("stats.everywhere_line", locale, game=t("lifeboat.title", locale),
                     rating=ratings.shown(everywhere.mu, everywhere.sigma),
                     games=t("rating.games", locale, count=5)) in text
            # Someone else's stats: their rating in this server, never across servers.
            theirs = await fake.run_slash(alice, channel, "parlor stats", {"user": bob},
                                          locale=locale)
            text = (await theirs.wait_original()).text()
            assert t("stats.everywhere", locale) not in text
            assert t("rating.games", locale, count=3) in text
        cooperative = await fake.run_slash(alice, channel, "parlor leaderboard",
                                           {"game": "zombie"})
        assert t("leaderboard.rating_footer", count=3, bots=1000) not in \
            (await cooperative.wait_original()).text()
    assert fake.client_errors == []
