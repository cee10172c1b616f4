"""The web pages' faults found by trying them as a new user and as an attacker would: statuses,
headers, addresses and words, each through aiohttp's test client (what a browser does with
the pages is in ``test_browser``)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from tests.web.tables import GUILD, HOST, World, finished_table, world
from web.guard import HEADERS, RateLimit
from web.site import make_app


@pytest.fixture
async def w(tmp_path: Path) -> AsyncIterator[World]:
    made = await world(tmp_path)
    yield made
    await made.repo.close()


@pytest.fixture
async def client(w: World) -> AsyncIterator[TestClient]:  # type: ignore[type-arg]
    async with TestClient(TestServer(make_app(w.parts))) as made:
        yield made


def _guarded(answer: Any) -> None:
    for name, value in HEADERS.items():
        assert answer.headers.get(name) == value, (answer.url, name)
    assert "Server" not in answer.headers, answer.headers.get("Server")


def _tracebacks(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.exc_info]


async def test_malformed_tokens_and_ids_are_not_found_without_a_traceback(
        w: World, client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """Item 1 and 3: a token with non-ASCII characters (``hmac.compare_digest`` on ``str``
    raised) and an id beyond 2^63 (OverflowError in the database driver) were 500s."""
    caplog.set_level(logging.DEBUG)
    live = await finished_table(w.service, "zombie", channel=1, seats=1)
    replay, server = w.links.replay_path(live.id), w.links.server_path(GUILD)
    huge = 2**63
    paths = [
        "/replay/1/%C3%A9", f"/replay/{live.id}/%C3%A9", f"/replay/{live.id}/%C3%A9/step/0.json",
        f"/replay/{live.id}/%C3%A9/board/0.png", f"/server/{GUILD}/%C3%A9",
        f"/server/{GUILD}/%C3%A9/leaderboard/zombie", f"/server/{GUILD}/%C3%A9/player/{HOST}",
        f"/server/{GUILD}/%E2%80%8B{w.links.token('guild', GUILD)}",
        f"/server/{huge}/{w.links.token('guild', huge)}",
        f"/server/{10**19}/{w.links.token('guild', 10**19)}",
        f"/replay/{huge}/{w.links.token('match', huge)}",
        f"{server}/player/{huge}", f"{server}/player/{10**19}",
        # The same page under a second address: an id or a step written with leading zeros.
        f"/replay/0{live.id}/{w.links.token('match', live.id)}",
        f"/server/0{GUILD}/{w.links.token('guild', GUILD)}",
        f"{server}/player/0{HOST}", f"{replay}?step=01", f"{replay}/step/01.json",
        f"{replay}/board/00.png",
    ]
    for path in paths:
        answer = await client.get(path)
        assert answer.status == 404, path
        _guarded(answer)
    assert (await client.get(f"{replay}?step=1")).status == 200
    assert _tracebacks(caplog) == []


async def test_a_server_error_is_the_apps_page_with_every_header_and_one_traceback(
        w: World, client: TestClient, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 2: a 500 carried none of the security headers; and a request that fails the same
    way again and again must not write a traceback each time."""
    caplog.set_level(logging.DEBUG)

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(w.repo, "recent_matches", broken)
    for _ in range(20):
        answer = await client.get(w.links.server_path(GUILD) + "?lang=en")
        assert answer.status == 500
        _guarded(answer)
        assert answer.headers["Content-Type"].startswith("text/html")
        assert "Something went wrong" in await answer.text()
        assert answer.headers["Cache-Control"] == "no-store"
    assert len(_tracebacks(caplog)) == 1


async def test_the_routers_own_answers_are_the_apps(client: TestClient) -> None:
    """Item 12: the router's 404s were plain text, ``/static`` a 403, and every answer named
    aiohttp's and Python's versions in ``Server``."""
    for path in ("/nothing", "/static", "/static/", "/static/nothing.css", "/replay",
                 "/server/1", "/healthz/"):
        answer = await client.get(path)
        assert answer.status == 404, path
        assert "Nothing here" in await answer.text(), path
        _guarded(answer)
    style = await client.get("/static/style.css")
    assert style.status == 200
    _guarded(style)
    posted = await client.post("/healthz")
    assert posted.status == 405
    _guarded(posted)


async def test_the_language_asked_for_in_any_case(w: World, client: TestClient) -> None:
    """Item 12: ``?lang=ZH-cn`` was English."""
    live = await finished_table(w.service, "zombie", channel=2, seats=1)
    for asked in ("ZH-cn", "zh-cn", "zh_CN", "ZH"):
        text = await (await client.get(w.links.replay_path(live.id) + f"?lang={asked}")).text()
        assert '<html lang="zh-CN">' in text, asked


async def test_the_operators_endpoints_alone_are_not_limited(w: World) -> None:
    """Item 12: the exemption was a prefix, so ``/healthzfoo`` was never limited."""
    from web import guard

    app = make_app(w.parts)
    app.middlewares.clear()
    app.middlewares.append(guard.guard(RateLimit(rate=0.001, burst=2)))
    async with TestClient(TestServer(app)) as client:
        codes = [(await client.get("/healthzfoo")).status for _ in range(3)]
        assert codes == [404, 404, 429]
        assert (await client.get("/healthz")).status == 200
        assert (await client.get("/metrics")).status == 200


async def test_the_server_page_lists_only_tables_that_open(w: World, client: TestClient) -> None:
    """Item 4: a lobby cancelled before it started was listed, and its Replay link was a
    404."""
    lobby = await w.service.create_lobby(game="lifeboat", guild_id=GUILD, channel_id=3,
                                         host_id=HOST, host_name="Host", host_locale=None,
                                         options={})
    await w.service.cancel(lobby.id, HOST)
    played = await finished_table(w.service, "zombie", channel=4, seats=1)
    text = await (await client.get(w.links.server_path(GUILD) + "?lang=en")).text()
    assert w.links.replay_path(played.id) in text
    assert w.links.replay_path(lobby.id) not in text
    for path in (w.links.replay_path(played.id), w.links.replay_path(lobby.id)):
        assert (await client.get(path)).status == (200 if path.endswith(
            w.links.token("match", played.id)) else 404)


async def test_the_haunts_explorers_are_named_by_the_game(w: World, client: TestClient) -> None:
    """Item 5: explorers showed as raw keys (``haunt.character.tobias-quell``) on player pages,
    and the haunt's leaderboard offered no characters."""
    from games.haunt.catalog import catalog

    await finished_table(w.service, "haunt", channel=5, seats=3)
    base = w.links.server_path(GUILD)
    page = await (await client.get(f"{base}/player/{HOST}?bots=1&lang=en")).text()
    assert "haunt.character." not in page
    stats = await w.repo.stats_for_user(GUILD, HOST)
    explorer = catalog().explorer(stats[0].character or "")
    assert explorer.name.en in page
    chinese = await (await client.get(f"{base}/player/{HOST}?bots=1&lang=zh-CN")).text()
    assert explorer.name.zh_CN in chinese
    board = await (await client.get(f"{base}/leaderboard/haunt?lang=en")).text()
    for each in catalog().explorers:
        assert f'value="character:{each.id}"' in board and each.name.en in board
    chosen = await client.get(f"{base}/leaderboard/haunt?bots=1&playing=character:{explorer.id}")
    assert chosen.status == 200 and explorer.name.en in await chosen.text()


async def test_english_counts_take_their_plural_forms(w: World, client: TestClient) -> None:
    """Item 9: "1 games, 1 wins" and "1 games with bots are left out"."""
    await finished_table(w.service, "lifeboat", channel=6, seats=4)
    base = w.links.server_path(GUILD)
    hidden = await (await client.get(f"{base}/player/{HOST}?lang=en")).text()
    assert "1 game with bots is left out" in hidden
    shown = await (await client.get(f"{base}/player/{HOST}?bots=1&lang=en")).text()
    assert "1 game, 1 win," in shown or "1 game, 0 wins," in shown
    await finished_table(w.service, "lifeboat", channel=7, seats=4, seed=5)
    # The pages are kept 30 s: another address is built again.
    two = await (await client.get(f"{base}/player/{HOST}?bots=1&lang=en&again=1")).text()
    assert "2 games" in two
    chinese = await (await client.get(f"{base}/player/{HOST}?lang=zh-CN")).text()
    assert "{" not in chinese.split("<main>")[1]


async def test_no_games_between_people_is_said_only_without_bots(w: World,
                                                                 client: TestClient) -> None:
    """Item 12: "No finished games between people yet" showed with "count games with bots"
    ticked."""
    base = w.links.server_path(GUILD)
    board = f"{base}/leaderboard/renju?playing=role:black&lang=en"
    without = await (await client.get(board)).text()
    assert "No finished games between people yet." in without
    with_bots = await (await client.get(board + "&bots=1")).text()
    assert "between people" not in with_bots and "No finished games yet." in with_bots
