"""Every web page through aiohttp's test client: replays of finished tables, a server's
history, leaderboards and player pages, /healthz and /metrics; wrong tokens and running tables
are 404; names holding HTML and script come out escaped; every answer carries the CSP."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from games import registry
from tests.web.tables import EVIL_NAME, GUILD, HOST, World, finished_table, world
from web.guard import CSP, RateLimit
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


async def test_replay_steps_through_a_finished_table(w: World, client: TestClient) -> None:
    live = await finished_table(w.service, "lifeboat", channel=1, seats=4)
    path = w.links.replay_path(live.id)
    page = await client.get(path)
    assert page.status == 200
    text = await page.text()
    assert page.headers["Content-Security-Policy"] == CSP
    assert "<script>" not in text.replace('<script src="/static/replay.js"></script>', "")
    assert "&lt;script&gt;alert(" in text  # the host's name, escaped
    last = await client.get(f"{path}/step/{live.version}.json")
    data = await last.json()
    assert data["steps"] == live.version and data["reveal"] is not None
    assert len(data["seats"]) == 4 and data["seats"][0]["name"] == EVIL_NAME
    first = await (await client.get(f"{path}/step/0.json")).json()
    assert first["actor"] is None and first["reveal"] is None
    # Each seat's own view differs from the others' (their hands are their own).
    panels = {json.dumps(seat["panel"]) for seat in first["seats"]}
    assert len(panels) == 4
    picture = await client.get(first["picture"])
    assert picture.status == 200 and (await picture.read()).startswith(b"\x89PNG")
    assert (await client.get(f"{path}/step/{live.version + 1}.json")).status == 404


@pytest.mark.parametrize("game", registry.names())
async def test_every_game_replays(w: World, client: TestClient, game: str) -> None:
    seats = registry.get(game).spec.min_players
    live = await finished_table(w.service, game, channel=2, seats=seats)
    path = w.links.replay_path(live.id)
    for step in (0, live.version // 2, live.version):
        for lang in ("en", "zh-CN"):
            answer = await client.get(f"{path}?step={step}&seat={seats - 1}&lang={lang}")
            assert answer.status == 200, (game, step, lang)
    data = await (await client.get(f"{path}/step/{live.version // 2}.json")).json()
    if data["picture"] is not None:  # a game without a board picture shows its text alone
        picture = await client.get(data["picture"])
        assert (await picture.read()).startswith(b"\x89PNG"), game


async def test_wrong_tokens_and_running_tables_are_not_found(w: World,
                                                              client: TestClient) -> None:
    live = await finished_table(w.service, "lifeboat", channel=3, seats=4)
    good = w.links.token("match", live.id)
    other = await w.service.create_lobby(game="lifeboat", guild_id=GUILD, channel_id=4,
                                         host_id=HOST, host_name="x", host_locale=None,
                                         options={})
    # One character of the token changed (not the last: its low bits are padding, and the
    # token ended in "A" one time in four).
    wrong = good[:5] + ("B" if good[5] == "A" else "A") + good[6:]
    refused = [
        f"/replay/{live.id}/{wrong}",
        f"/replay/{live.id}/{w.links.token('guild', live.id)}",  # a token of another kind
        f"/replay/{live.id + 1000}/{w.links.token('match', live.id + 1000)}",  # no such table
        f"/replay/{other.id}/{w.links.token('match', other.id)}",  # not over
        f"/replay/{live.id}/{good}?step=99999",
        f"/replay/{live.id}/{good}/step/-1.json",
        f"/replay/{live.id}/{good[::-1]}/board/0.png",
        f"/server/{GUILD}/{w.links.token('match', GUILD)}",
        f"/server/{GUILD + 1}/{w.links.token('guild', GUILD)}",
        f"{w.links.server_path(GUILD)}/leaderboard/chess",
        f"{w.links.server_path(GUILD)}/player/12345",
        "/replay/1/x", "/server/x/y", "/",
    ]
    for path in refused:
        answer = await client.get(path)
        assert answer.status == 404, path
        assert answer.headers["Content-Security-Policy"] == CSP


async def test_server_pages(w: World, client: TestClient) -> None:
    live = await finished_table(w.service, "sanguosha", channel=5, seats=5)
    base = w.links.server_path(GUILD)
    history = await client.get(base, headers={"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5"})
    text = await history.text()
    assert history.status == 200 and '<html lang="zh-CN">' in text
    assert w.links.replay_path(live.id) in text
    assert "&lt;script&gt;" in text and "<script>alert" not in text
    # The leaderboard ranks by rating, which a table of one person and bots does not move;
    # by role, games with bots are left out of the standings unless asked for.
    board = await (await client.get(f"{base}/leaderboard/sanguosha")).text()
    assert f"/player/{HOST}" not in board
    (row,) = await w.repo.stats_for_user(GUILD, HOST)
    by_role = f"{base}/leaderboard/sanguosha?playing=role:{row.role}"
    assert f"/player/{HOST}" not in await (await client.get(by_role)).text()
    with_bots = await (await client.get(by_role + "&bots=1")).text()
    assert f"/player/{HOST}" in with_bots and "&lt;script&gt;" in with_bots
    role = await client.get(f"{base}/leaderboard/sanguosha?bots=1&playing=role:lord")
    assert role.status == 200
    assert (await client.get(f"{base}/leaderboard/sanguosha?playing=nobody")).status == 404
    player = await client.get(f"{base}/player/{HOST}?bots=1&lang=en")
    text = await player.text()
    assert player.status == 200 and "&lt;script&gt;" in text and '<html lang="en">' in text


async def test_health_and_metrics(w: World, client: TestClient) -> None:
    await finished_table(w.service, "lifeboat", channel=6, seats=4)
    ready = await client.get("/healthz")
    assert ready.status == 200 and (await ready.json())["ready"] is True
    w.connected[0] = False
    down = await client.get("/healthz")
    assert down.status == 503 and (await down.json())["gateway"] is False
    w.connected[0] = True
    await w.repo.close()
    closed = await client.get("/healthz")
    assert closed.status == 503 and (await closed.json())["database"] is False
    metrics = await (await client.get("/metrics")).text()
    assert 'parlor_actions_total{game="lifeboat"}' in metrics
    assert 'parlor_act_seconds_bucket{game="lifeboat"' in metrics
    for name in ("parlor_rest_requests_total", "parlor_rest_rate_limited_total",
                 "parlor_timer_lag_seconds", "parlor_pictures_waiting",
                 "parlor_request_budget_wait_seconds"):
        assert name in metrics


def test_rate_limit_per_address() -> None:
    now = [0.0]
    limit = RateLimit(rate=2, burst=3, clock=lambda: now[0])
    assert [limit.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limit.allow("b")  # another address has its own bucket
    now[0] += 0.5
    assert limit.allow("a") and not limit.allow("a")


async def test_too_many_requests_get_429(w: World) -> None:
    from web import guard

    app = make_app(w.parts)
    app.middlewares.clear()
    app.middlewares.append(guard.guard(RateLimit(rate=0.001, burst=2)))
    async with TestClient(TestServer(app)) as client:
        codes = [(await client.get("/nothing")).status for _ in range(3)]
        assert codes == [404, 404, 429]
        assert (await client.get("/healthz")).status == 200  # scrapers are not limited


async def test_the_secret_is_made_once_and_kept(tmp_path: Path) -> None:
    from storage.sqlite import SqliteRepository
    from web.links import Links, load_secret

    repo = SqliteRepository(tmp_path / "secret.db")
    await repo.open()
    first = await load_secret(repo)
    await repo.close()
    await repo.open()  # a restart
    again = await load_secret(repo)
    await repo.close()
    assert first == again and len(first) == 32
    ours, other = Links(first), Links(bytes(32))
    assert ours.valid("match", 7, ours.token("match", 7))
    assert not ours.valid("match", 7, other.token("match", 7))
    assert not ours.valid("match", 8, ours.token("match", 7))


@pytest.mark.parametrize("asked, header, chosen", [
    (None, None, "en"),
    (None, "zh-CN,zh;q=0.9,en;q=0.8", "zh_CN"),
    (None, "zh-TW;q=0.4, de, en;q=0.5", "en"),
    (None, "fr, zh;q=0.3", "zh_CN"),
    ("en", "zh-CN", "en"),
    ("zh-CN", "en", "zh_CN"),
    ("xx", "zh", "zh_CN"),
    (None, "en;q=0, zh;q=0", "en"),
])
def test_language_choice(asked: str | None, header: str | None, chosen: str) -> None:
    from web.words import choose_locale

    assert choose_locale(asked, header) == chosen


def test_every_page_text_is_in_both_languages() -> None:
    import re

    from web.words import LOCALES_DIR, texts

    english, chinese = texts("en"), texts("zh_CN")
    assert english.keys() == chinese.keys()
    used = set()
    for template in (LOCALES_DIR.parent / "templates").glob("*.html"):
        used |= set(re.findall(r"\bw\('([a-z_.]+)'", template.read_text()))
    for module in LOCALES_DIR.parent.glob("*.py"):
        used |= set(re.findall(r'\bw\(f?"([a-z_.]+)', module.read_text()))
    used |= {f"replay.source.{s}" for s in ("player", "bot", "timer", "moderator")}
    used.discard("replay.source.")
    assert used <= english.keys(), used - english.keys()
    assert english.keys() <= used, english.keys() - used
    for key in english:
        assert re.findall(r"{\w+}", english[key]) == re.findall(r"{\w+}", chinese[key]), key


async def test_server_pages_are_kept_a_while(w: World, client: TestClient) -> None:
    await finished_table(w.service, "zombie", channel=7, seats=1)
    base = w.links.server_path(GUILD)
    first = await client.get(base + "?lang=en")
    await finished_table(w.service, "zombie", channel=8, seats=1, seed=2)
    again = await client.get(base + "?lang=en")
    assert await first.text() == await again.text()  # the second table shows within 30 s
    assert again.headers["Content-Type"].startswith("text/html")
    assert again.headers["Content-Security-Policy"] == CSP
    assert "max-age=30" in again.headers["Cache-Control"]


async def test_what_the_address_carries_comes_back_escaped(w: World, client: TestClient) -> None:
    live = await finished_table(w.service, "zombie", channel=9, seats=1)
    evil = '"><script>alert(1)</script>'
    answer = await client.get(w.links.replay_path(live.id), params={"x": evil, "lang": evil})
    text = await answer.text()
    assert answer.status == 200  # an unknown language is English
    assert evil not in text and "<script>alert(1)" not in text
    assert "%3Cscript%3Ealert(1)%3C/script%3E" in text  # kept in the language switch's link


def test_structured_text_becomes_runs_and_nothing_is_parsed() -> None:
    """Our styles become the pages' styles; a name keeps every character it holds, markup
    and all, marked as a name; a plain string is text as it is."""
    from tables.text import fill, name, template
    from web.text import runs

    hostile = "**b** ||c|| <b>x</b> [a](https://example.com) <@1>"
    line = fill(template("**{who}** plays `{what}`, *{how}*"),
                {"who": name(hostile), "what": "<i>y</i>", "how": 2})
    assert runs(line) == [[hostile, "b", "name"], [" plays ", "", "words"],
                          ["<i>y</i>", "code", "text"], [", ", "", "words"],
                          ["2", "i", "number"]]
    assert runs("**x** <i>y</i>") == [["**x** <i>y</i>", "", "text"]]
