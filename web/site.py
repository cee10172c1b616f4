"""The web application: its routes and templates, put together from the pages."""

from __future__ import annotations

from pathlib import Path

import aiohttp_jinja2
import jinja2
from aiohttp import web

from tables.pictures.drawing import Drawer
from web import health, pages_replay, pages_server
from web.guard import RateLimit, guard, secure
from web.page import BOOK, DRAWER, PARTS, STEPS, Parts, not_found, server_error
from web.replays import ReplayBook
from web.steps import Steps

__all__ = ["Parts", "make_app"]

HERE = Path(__file__).parent
STATIC = HERE / "static"
# The files served under /static/: those shipped beside the pages, by name (no folder is
# listed, no other path reached).
STATIC_FILES = frozenset(path.name for path in STATIC.iterdir() if path.is_file())


async def static_file(request: web.Request) -> web.StreamResponse:
    name = request.match_info["name"]
    if name not in STATIC_FILES:
        return not_found(request)
    return web.FileResponse(STATIC / name)


def make_app(parts: Parts, *, keep_missing_after: float | None = None) -> web.Application:
    """The pages' application. ``keep_missing_after``: seconds after the start at which closed
    tables with no kept replay are replayed in the background (None: never; the bot's own
    server, ``web.server.WebServer``, sets it)."""
    app = web.Application(middlewares=[guard(RateLimit(), missing=not_found,
                                              failed=server_error)])
    app.on_response_prepare.append(secure)
    app[PARTS] = parts
    app[BOOK] = ReplayBook(parts.repo)
    app[STEPS] = Steps()
    app[DRAWER] = Drawer()
    aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(HERE / "templates"),
                         autoescape=True, undefined=jinja2.StrictUndefined)
    app.router.add_get("/healthz", health.healthz)
    app.router.add_get("/metrics", health.metrics)
    app.router.add_get("/static/{name}", static_file)
    pages_replay.add_routes(app)
    pages_server.add_routes(app)

    async def keep_missing_replays(app: web.Application) -> None:
        if keep_missing_after is not None:
            app[BOOK].start_keeping_missing(keep_missing_after)

    async def stop_replays(app: web.Application) -> None:
        await app[BOOK].close()

    app.on_startup.append(keep_missing_replays)
    app.on_cleanup.append(stop_replays)
    return app
