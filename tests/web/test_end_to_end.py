"""From a table played through the fake Discord to the web pages: with PUBLIC_URL set, the
reveal links the table's replay and ``/parlor history`` the server's pages; both links open;
/healthz sees the database and the gateway."""

from __future__ import annotations

import re
from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer

from bot.app import gateway_connected
from storage import MatchStatus
from tables import ratings
from tests.e2e.conftest import fail_on_logged_errors, fake_discord
from tests.e2e.parlor import Table, parlor
from tests.fakediscord import FakeDiscord
from tests.shown import t
from web.site import Parts, make_app

__all__ = ["fail_on_logged_errors", "fake_discord"]

BASE = "https://parlor.example.org"
LINK = re.compile(re.escape(BASE) + r"(/[A-Za-z0-9_/=-]+)")


async def test_links_from_discord_open_the_pages(tmp_path: Path,
                                                 fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("<i>bob</i>")
    guild = fake.create_guild("G", members=[alice, bob])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake, public_url=BASE) as client:
        table = Table(fake, client, channel)
        await table.open(alice, game="lifeboat")
        await table.lobby_click(bob, "join")
        for _ in range(2):
            await table.lobby_click(alice, "addbot")
        assert (await table.lobby_click(alice, "start")).callback.accepted
        finished = await table.play_to_the_end({0: alice, 1: bob}, seed=3, clicks=False)
        assert finished.record.status == MatchStatus.FINISHED
        reveal = await fake.wait_for_message(
            channel, lambda m: t("reveal.web") in str(m.embeds))
        found = LINK.search(str(reveal.embeds))
        assert found is not None
        replay = found.group(1)
        assert replay == client.parlor.links.replay_path(finished.id)  # type: ignore[union-attr]

        history = await fake.run_slash(alice, channel, "parlor history", {})
        assert history.callback is not None
        found = LINK.search(str(history.callback.data))
        assert found is not None and t("history.web") in str(history.callback.data)
        pages = found.group(1)

        parts = Parts(client.parlor.repo, lambda: client.parlor.links,
                      lambda: gateway_connected(client))
        async with TestClient(TestServer(make_app(parts))) as web:
            page = await web.get(replay)
            assert page.status == 200
            assert "&lt;i&gt;bob&lt;/i&gt;" in await page.text()
            server = await web.get(pages)
            assert server.status == 200 and replay in await server.text()
            # Two people at the table: both are rated as it ends, and the page shows it.
            await client.parlor.service.ratings.settled()
            (rating,) = await client.parlor.repo.rating_history(guild.id, alice.id)
            mine = await (await web.get(f"{pages}/player/{alice.id}?lang=en")).text()
            assert f"{ratings.shown(rating.mu, rating.sigma)} (1 rated game)" in mine
            chart = await web.get(f"{pages}/player/{alice.id}/rating/lifeboat.png")
            assert chart.status == 200 and (await chart.read()).startswith(b"\x89PNG")
            health = await web.get("/healthz")
            assert health.status == 200 and (await health.json())["gateway"] is True
            metrics = await (await web.get("/metrics")).text()
        values = {line.split(" ")[0]: float(line.split(" ")[1])
                  for line in metrics.splitlines() if line and not line.startswith("#")}
        assert values['parlor_actions_total{game="lifeboat"}'] >= finished.version
        assert values["parlor_rest_requests_total"] > 0  # the board edits, through the fake
        for gauge in ("parlor_open_matches", "parlor_timers_armed", "parlor_timers_due",
                      "parlor_request_budget_waiting", "parlor_pictures_waiting"):
            assert gauge in values, gauge
