"""What every page shares: the parts the pages read, the application's keys for them, the
reader's language, and how a page (or the one "not found" page) is rendered. The routes are
put together in ``web.site``, above the pages."""

from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp_jinja2
from aiohttp import web

from storage import Repository
from tables.pictures.drawing import Drawer
from tables.pictures.picture import BoardPicture
from web.links import Links
from web.replays import ReplayBook
from web.steps import Steps
from web.words import LANGUAGE_NAMES, choose_locale, game_text, tag, w


@dataclass
class Parts:
    """What the pages read: the repository, the links (None until the secret is loaded at
    start-up) and whether the bot is connected to Discord. The games' words are found by name
    (``tables.words.words_for``)."""

    repo: Repository
    links: Callable[[], Links | None]
    gateway_connected: Callable[[], bool]


PARTS = web.AppKey("parts", Parts)
BOOK = web.AppKey("book", ReplayBook)
STEPS = web.AppKey("steps", Steps)
# The pictures (a replay's boards, a player's ratings) are drawn by the board pictures' worker
# processes (shared with the Discord side), off the event loop's core. Each request is its own
# "table" to the drawer, so a reader stepping on never replaces another reader's picture.
DRAWER = web.AppKey("drawer", Drawer)
_TICKETS = itertools.count(-1, -1)  # negative: never a match id
PICTURES_KEPT = 256
_PICTURES: OrderedDict[str, bytes] = OrderedDict()


async def picture_png(app: web.Application, picture: BoardPicture) -> bytes:
    """The picture's PNG, drawn by a worker, the latest few kept by their key."""
    png = _PICTURES.get(picture.key)
    if png is not None:
        _PICTURES.move_to_end(picture.key)
        return png
    drawer = app[DRAWER]
    ticket = next(_TICKETS)
    png = await drawer.png(ticket, picture, None)
    drawer.forget(ticket)
    assert png is not None  # no time limit was given
    _PICTURES[picture.key] = png
    if len(_PICTURES) > PICTURES_KEPT:
        _PICTURES.popitem(last=False)
    return png


# The largest id a table, a server or a user can have (a signed 64-bit integer).
LARGEST_ID = 2**63 - 1


def number(text: str, *, low: int = 0, high: int = LARGEST_ID) -> int | None:
    """A number as an address writes it: ASCII digits, no leading zero (one page, one
    address), within ``low``…``high``; None for anything else."""
    if not text.isascii() or not text.isdigit() or len(text) > len(str(high)):
        return None
    if len(text) > 1 and text[0] == "0":
        return None
    value = int(text)
    return value if low <= value <= high else None


def locale_of(request: web.Request) -> str:
    return choose_locale(request.query.get("lang"), request.headers.get("Accept-Language"))


def page(request: web.Request, template: str, locale: str, status: int = 200,
         **context: Any) -> web.Response:
    """A page in ``locale``, with the language switch keeping the rest of the address."""
    switch = []
    for code, name in LANGUAGE_NAMES.items():
        query = {**request.query, "lang": tag(code)}
        switch.append((name, str(request.rel_url.with_query(query)), code == locale,
                       tag(code)))
    response = aiohttp_jinja2.render_template(
        template, request, {
            "locale": locale, "lang": tag(locale), "switch": switch,
            "w": lambda key, **params: w(key, locale, **params),
            "g": lambda key, **params: game_text(key, locale, **params),
            **context,
        }, status=status)
    response.headers["Vary"] = "Accept-Language"
    return response


def server_error(request: web.Request) -> web.Response:
    """The answer when something went wrong on our side (already logged by ``web.guard``)."""
    try:
        response = page(request, "failed.html", locale_of(request), status=500)
    except Exception:  # the page itself failed: plain words, still with every header
        response = web.Response(status=500, text="Something went wrong; try again later.")
    response.headers["Cache-Control"] = "no-store"
    return response


def not_found(request: web.Request) -> web.Response:
    """The one answer for a page that does not exist, whatever the reason (an unknown id, a
    wrong token, a table still being played): nothing tells them apart."""
    response = page(request, "missing.html", locale_of(request), status=404)
    response.headers["Cache-Control"] = "no-store"
    return response
