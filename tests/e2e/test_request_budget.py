"""The invalid-request budget: Discord bans a bot for a while after 10,000 invalid requests
(401, 403, 429) in 10 minutes, so a whole game must make none it could have avoided.

A four-seat Lifeboat game, two people and two bots, against Discord-like rate-limit buckets
(five edits per five seconds per channel, ...), with one player's DMs closed: the only 4xx is
that closed DM (the world's doing, answered once); no 429, no other error. The counts are
printed (``-s``) and recorded in docs/reliability.md.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from bot.i18n import t
from storage import MatchStatus
from tests.e2e.parlor import assert_log_replays, parlor, start_table
from tests.fakediscord import FakeDiscord, RateLimitPolicy


async def test_a_whole_game_makes_no_avoidable_4xx_and_few_requests(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    fake.set_rate_limits(RateLimitPolicy.discord_like())
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    channel = fake.text_channel(fake.create_guild("G", members=[alice, bob]))
    fake.close_dms(bob)
    async with parlor(tmp_path, fake) as client:
        mark = fake.mark()
        table = await start_table(fake, client, channel, [alice, bob], bots=2)
        final = await table.play_to_the_end({0: alice, 1: bob}, seed=11)
        assert final.record.status == MatchStatus.FINISHED
        await fake.wait_for_message(channel, lambda m: t("lifeboat.reveal.title") in m.text())
        await assert_log_replays(client.parlor.repo, final.id)
        log = await client.parlor.repo.actions(final.id)

    requests = fake.requests_since(mark)
    errors = [r for r in requests if r.status >= 400]
    assert fake.client_errors == [], "avoidable 4xx (or 429s past announced limits)"
    assert [(r.status, r.error_code, r.cause) for r in errors] == [(403, 50007, "world")], \
        "the closed DM is the only refusal, and it is not tried again"
    bot_token = [r for r in requests if not r.interaction_route]
    answers = [r for r in requests if r.interaction_route]
    clicks = sum(1 for e in log if e.source == "player")
    routes = Counter(f"{r.method} {r.route}" for r in bot_token)
    print(f"\nrequest budget: {len(log)} actions ({clicks} by people), {len(requests)} "
          f"requests: {len(answers)} interaction answers, {len(bot_token)} with the bot token "
          f"({len(bot_token) / len(log):.2f} per action); 4xx: {len(errors)}; "
          f"by route: {dict(routes)}")
    # Board edits are coalesced and clicks answered with the board itself: the bot-token
    # traffic stays below one request per action even with bots moving every 5 ms.
    assert len(bot_token) < len(log)
