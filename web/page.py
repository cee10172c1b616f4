"""What every page shares: the parts the pages read, the application's keys for them, the
reader's language, and how a page (or the one "not found" page) is rendered. The routes are
put together in ``web.site``, above the pages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp_jinja2
from aiohttp import web

from storage import Repository
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


def not_found(request: web.Request) -> web.Response:
    """The one answer for a page that does not exist, whatever the reason (an unknown id, a
    wrong token, a table still being played): nothing tells them apart."""
    response = page(request, "missing.html", locale_of(request), status=404)
    response.headers["Cache-Control"] = "no-store"
    return response
