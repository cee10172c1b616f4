"""Ratings on the web: a game's leaderboard ranks by rating among players with enough rated
tables, the bots' fixed rating shown apart; a player's page shows each rated game's rating and
a picture of it over time, drawn by the server (``/…/player/<user>/rating/<game>.png``)."""

from __future__ import annotations

import io
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer
from PIL import Image

from storage import EVERYWHERE
from tables import ratings
from tests.web.tables import GUILD, HOST, World, finished_table, world
from web.guard import CSP
from web.site import make_app

PEOPLE = (78, 79, 80)


@pytest.fixture
async def w(tmp_path: Path) -> AsyncIterator[World]:
    made = await world(tmp_path)
    yield made
    await made.repo.close()


@pytest.fixture
async def client(w: World) -> AsyncIterator[TestClient]:  # type: ignore[type-arg]
    async with TestClient(TestServer(make_app(w.parts))) as made:
        yield made


async def _tables(w: World) -> None:
    """Four Lifeboat tables of four people; a fifth person plays one table with a bot."""
    for seed in range(4):
        await finished_table(w.service, "lifeboat", channel=seed, seats=4, seed=seed,
                             people=PEOPLE)
    await finished_table(w.service, "lifeboat", channel=9, seats=4, seed=9, people=(81,))


async def test_the_leaderboard_ranks_by_rating_with_a_minimum_of_games(
        w: World, client: TestClient) -> None:
    await _tables(w)
    base = w.links.server_path(GUILD)
    text = await (await client.get(f"{base}/leaderboard/lifeboat?lang=en")).text()
    listed = [int(user) for user in re.findall(r'/player/(\d+)\?lang=en">', text)]
    board = await w.repo.rating_leaderboard(GUILD, "lifeboat", min_games=ratings.MIN_GAMES,
                                            limit=25)
    assert listed == [s.user_id for s in board]
    assert sorted(listed) == [HOST, *PEOPLE]  # 81 has one rated table: not ranked yet
    shown = [int(r) for r in re.findall(r'<td class="rating">(\d+)</td>', text)]
    assert shown == sorted(shown, reverse=True)
    assert shown == [ratings.shown(s.mu, s.sigma) for s in board]
    assert f"Bots have a fixed rating of {ratings.bot_rating('lifeboat')}." in text
    assert "at least 3 rated games" in text
    chinese = await (await client.get(f"{base}/leaderboard/lifeboat?lang=zh-CN")).text()
    assert "等级分" in chinese and "{" not in chinese.split("<main>")[1]
    zombie = await (await client.get(f"{base}/leaderboard/zombie?lang=en")).text()
    assert "its tables move no rating" in zombie


async def test_a_players_page_shows_their_rating_and_its_picture(
        w: World, client: TestClient) -> None:
    await _tables(w)
    base = w.links.server_path(GUILD)
    user = PEOPLE[0]
    page = await client.get(f"{base}/player/{user}?lang=en")
    text = await page.text()
    history = await w.repo.rating_history(GUILD, user, "lifeboat")
    assert len(history) == 4
    rating = ratings.shown(history[-1].mu, history[-1].sigma)
    assert f"{rating} (4 rated games)" in text
    chart = re.search(r'<img class="rating-chart" src="([^"]+)"', text)
    assert chart is not None
    address = chart.group(1).replace("&amp;", "&")
    assert address.startswith(f"{base}/player/{user}/rating/lifeboat.png")
    assert "img-src 'self'" in page.headers["Content-Security-Policy"] == CSP
    picture = await client.get(address)
    assert picture.status == 200 and picture.content_type == "image/png"
    image = Image.open(io.BytesIO(await picture.read()))
    assert image.size == (720, 300)
    # Nobody's own rating across servers is on a server's page.
    assert len(await w.repo.rating_history(EVERYWHERE, user)) == 4
    # No rating, no picture: a game not played, a player without rated tables, a bad token.
    for path in (f"{base}/player/{user}/rating/renju.png",
                 f"{base}/player/82/rating/lifeboat.png",
                 f"{base}/player/{user}/rating/chess.png",
                 f"{base}/player/0{user}/rating/lifeboat.png",
                 f"{base[:-3]}xyz/player/{user}/rating/lifeboat.png"):
        assert (await client.get(path)).status == 404, path
