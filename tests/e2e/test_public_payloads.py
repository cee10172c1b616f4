"""A whole table of every registered game, played through the real client by two people and
bots (a short variant where the game has one: ``SHORT_TABLES``), then read for two things.

No secret in any public message: every private event of the game (one with an audience,
``Event.to``) is rendered as the table would show it, and none of those lines may be in
anything the whole channel could see — boards, notices, the reveal, public answers.

Names are text, not markup: one player is named ``HOSTILE`` (a masked link, bold, a spoiler,
a code fence, a mention and @everyone). Every message, embed, DM, panel and thread the bot
sent, read the way Discord displays markdown (``tests.discord_display``), shows that name
literally wherever it wrote it, and nothing in it is live; where Discord shows text as it is
(footers, labels, thread names) it is not escaped; the board's picture draws it as it is; and
the table's web replay shows it as escaped text.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.app import gateway_connected
from bot.renderers import renderer_for
from bot.renderers.markdown import markdown
from games import registry
from tables.text import name
from tests.discord_display import read_literally
from tests.e2e.parlor import Table, parlor, public_payloads
from tests.every_game import hosted_games, seats_for, short_table
from tests.fakediscord import FakeDiscord
from web.site import Parts, make_app

# Not about how the bots play: slow ones play quick moves (tests.every_game.SLOW_BOTS).
pytestmark = pytest.mark.usefixtures("quick_bots")

HOSTILE = "[a](https://example.com) **b** ||c|| ``` <@1> @everyone"
ESCAPED = markdown(name(HOSTILE))
BASE = "https://parlor.example.org"


def _as_in_json(text: str) -> str:
    """``text`` as it appears inside a JSON payload (quotes, newlines and backslashes
    escaped)."""
    return json.dumps(text, ensure_ascii=False)[1:-1]


def _all_payloads(fake: FakeDiscord) -> list[str]:
    return [json.dumps(r.json, ensure_ascii=False) for r in fake.requests
            if r.method in {"POST", "PATCH"} and isinstance(r.json, dict)]


@pytest.mark.parametrize("game", hosted_games())
async def test_a_whole_table_keeps_its_secrets_and_shows_names_as_text(
    tmp_path: Path, fake_discord: FakeDiscord, game: str
) -> None:
    fake = fake_discord
    alice, bob = fake.create_user(HOSTILE), fake.create_user("bob")
    channel = fake.text_channel(fake.create_guild("G", members=[alice, bob]))
    seats = seats_for(game, 4)
    async with parlor(tmp_path, fake, public_url=BASE) as client:
        client.parlor.service.new_seed = lambda: 20261123
        table = Table(fake, client, channel)
        await table.open(alice, game, options=short_table(game))
        await table.lobby_click(bob, "join")
        for _ in range(seats - 2):
            await table.lobby_click(alice, "addbot")
        assert (await table.lobby_click(alice, "start")).callback.accepted
        final = await table.play_to_the_end({0: alice, 1: bob}, seed=5)

        engine = registry.get(game)
        renderer = renderer_for(game)
        locale = final.record.locale
        state = engine.setup(len(final.seats), final.record.options, seed=final.record.seed)
        public: set[str] = set()
        private: set[str] = set()
        for entry in await client.parlor.repo.actions(final.id):
            transition = engine.apply(state, engine.parse_action(entry.action))
            for event in transition.events:
                line = markdown(renderer.event_line(final, event, locale))
                (public if event.to is None else private).add(line)
            state = transition.state
        picture = renderer.board_picture(final, engine.view(final.state, None), locale)
        pages = await _web_pages(client, final.id, len(final.seats))
    _no_secret_in_public(fake, game, engine, public, private)
    _names_are_text(fake, picture, pages)
    assert fake.client_errors == []


def _no_secret_in_public(fake: FakeDiscord, game: str, engine: Any, public: set[str],
                         private: set[str]) -> None:
    shown_publicly = public_payloads(fake)
    if not getattr(engine, "hidden_information", True):
        # A game that hides nothing (Renju) has nothing to leak: every event is public.
        assert not private, f"{game} hides nothing, yet played private events"
        everything_public = _joined(shown_publicly)
        assert any(_as_in_json(line) in everything_public for line in public), \
            f"{game}: no public event line found on the board either"
        return
    secret_lines = {_as_in_json(line) for line in private - public if line.strip()}
    assert secret_lines, f"{game}: no private event was played; the check would bite on nothing"
    # Each line is looked for in all the payloads at once, joined by a character no JSON text
    # holds (a line found there is in one payload): a whole table's thousands of payloads
    # times its hundreds of lines, one by one, took seconds.
    everything_public = _joined(shown_publicly)
    leaks = sorted(line for line in secret_lines if line in everything_public)
    assert not leaks, f"{game}: private lines in public messages: {leaks[:5]}"
    # The same lines did reach their readers privately (panels, DMs): the check compares what
    # the table really sends, not text it never renders.
    everything_private = _joined(set(_all_payloads(fake)) - set(shown_publicly))
    assert any(line in everything_private for line in secret_lines), \
        f"{game}: no private line found in any private payload"
    assert any(_as_in_json(line) in everything_public for line in public), \
        f"{game}: no public event line found on the board either"


def _joined(payloads: Iterable[str]) -> str:
    """JSON payloads in one text, apart: a NUL, which JSON writes escaped, never raw."""
    return "\0".join(payloads)


async def _web_pages(client: Any, match_id: int, seats: int) -> list[str]:
    """The finished table's replay page for every seat, and its first and last steps as the
    page's script reads them."""
    parts = Parts(client.parlor.repo, lambda: client.parlor.links,
                  lambda: gateway_connected(client))
    path = client.parlor.links.replay_path(match_id)
    found = []
    async with TestClient(TestServer(make_app(parts))) as web:
        for seat in range(seats):
            page = await web.get(path, params={"seat": str(seat)})
            assert page.status == 200
            found.append(await page.text())
        for step in (0, 1):
            answer = await web.get(f"{path}/step/{step}.json")
            assert answer.status == 200
            found.append(await answer.text())
    return found


# Where Discord renders markdown in what the bot sends, and where it shows text as it is.
def _sent_texts(body: dict[str, Any]) -> tuple[list[str], list[str]]:
    marked: list[str] = []
    plain: list[str] = []
    if isinstance(body.get("content"), str):
        marked.append(body["content"])
    for embed in body.get("embeds") or []:
        marked += [embed.get("title") or "", embed.get("description") or ""]
        for field in embed.get("fields") or []:
            marked += [field.get("name") or "", field.get("value") or ""]
        plain += [(embed.get("footer") or {}).get("text") or "",
                  (embed.get("author") or {}).get("name") or ""]
    for row in body.get("components") or []:
        for part in row.get("components") or []:
            plain += [part.get("label") or "", part.get("placeholder") or ""]
            for option in part.get("options") or []:
                plain += [option.get("label") or "", option.get("description") or ""]
    if isinstance(body.get("name"), str):  # a thread
        plain.append(body["name"])
    return marked, plain


def _names_are_text(fake: FakeDiscord, picture: Any, pages: list[str]) -> None:
    problems: list[str] = []
    shown = 0
    # A table sends the same text many times (a board's content at every edit): each distinct
    # text is read once.
    read: dict[str, list[str]] = {}
    for request in fake.requests:
        body = request.json
        if request.method not in {"POST", "PATCH"} or not isinstance(body, dict):
            continue
        if "/callback" in request.route:
            body = body.get("data") or {}
        marked, plain = _sent_texts(body)
        for text in marked:
            if text not in read:
                read[text] = read_literally(text, HOSTILE, ESCAPED)
            problems += [f"{request.route}: {problem}" for problem in read[text]]
            shown += text.count(ESCAPED)
        for text in plain:
            problems += [f"{request.route}: {problem}" for problem in _as_it_is(text)]
    assert not problems, problems[:5]
    # Boards, the log, panels and the reveal name the players: the name was written, and read.
    assert shown >= 3, f"the name was shown {shown} times"
    drawn = [text for text in _strings(picture.scene) if "example" in text]
    assert drawn and all(HOSTILE in text for text in drawn), drawn
    for page in pages[:-2]:
        assert HOSTILE not in page, "the name is written into a page unescaped"
    assert all(html.escape(HOSTILE, quote=False) in page for page in pages[:-2]), \
        "a seat's replay page does not show the name as text"
    runs = [run for page in pages[-2:] for run in _runs(json.loads(page))]
    assert [HOSTILE, "", "name"] in runs or any(r[0] == HOSTILE for r in runs), \
        "the replay's steps do not carry the name as a run of text"


def _as_it_is(text: str) -> list[str]:
    """What is wrong with a text Discord shows as it is (a label, a footer, a thread's name):
    the name must be in it as it is, whole or cut at the end ("…"), never escaped."""
    at = text.find(HOSTILE[:4])
    if at == -1:
        return [f"the name escaped where nothing is rendered: {text!r}"] \
            if ESCAPED[:5] in text else []
    shown = text[at:]
    if shown.startswith(HOSTILE) or HOSTILE.startswith(shown.removesuffix("…")):
        return []
    return [f"a plain text shows the name otherwise: {text!r}"]


def _strings(value: Any) -> list[str]:
    """Every string a picture's scene holds (what it draws as text)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list | tuple):
        return [s for item in value for s in _strings(item)]
    if hasattr(value, "__dataclass_fields__"):
        return [s for key in value.__dataclass_fields__ for s in _strings(getattr(value, key))]
    return []


def _runs(value: Any) -> list[list[Any]]:
    """Every run of text in a step's data (``[text, styles, kind]``)."""
    if isinstance(value, list) and len(value) == 3 and all(isinstance(v, str) for v in value):
        return [value]
    if isinstance(value, dict):
        return [r for item in value.values() for r in _runs(item)]
    if isinstance(value, list):
        return [r for item in value for r in _runs(item)]
    return []


def test_the_check_would_see_a_private_line_in_a_public_payload() -> None:
    line = 'alice drew "Parasol"\nand kept it'
    payload = json.dumps({"content": f"board: {line}"}, ensure_ascii=False)
    assert _as_in_json(line) in payload
    assert line not in payload  # compared raw, the escaped newline and quotes would hide it
