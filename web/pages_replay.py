"""The replay of a finished table: ``/replay/{match}/{token}`` (the page), ``…/step/{n}.json``
(one step, for the page's script) and ``…/board/{n}.png`` (the board's picture at a step)."""

from __future__ import annotations

from aiohttp import web

from tables.words import words_for
from web.page import BOOK, PARTS, STEPS, locale_of, not_found, number, page, picture_png
from web.replays import Replay
from web.words import tag

# A finished table's steps never change: readers' browsers may keep them.
KEEP_STEP = "private, max-age=86400, immutable"
KEEP_PAGE = "private, max-age=300"
async def _replay(request: web.Request) -> Replay | None:
    """The replay the address names, if its token is right and the table is over."""
    links = request.app[PARTS].links()
    match_id = number(request.match_info["match"], low=1)
    if links is None or match_id is None:
        return None
    if not links.valid("match", match_id, request.match_info["token"]):
        return None
    return await request.app[BOOK].get(match_id)


def _base(request: web.Request) -> str:
    return f"/replay/{request.match_info['match']}/{request.match_info['token']}"


def _picture_url(request: web.Request, step: int, locale: str) -> str:
    return f"{_base(request)}/board/{step}.png?lang={tag(locale)}"


def _step_of(request: web.Request, replay: Replay, text: str | None) -> int | None:
    if text is None:
        return 0
    return number(text, high=replay.steps)


async def replay_page(request: web.Request) -> web.Response:
    replay = await _replay(request)
    if replay is None:
        return not_found(request)
    locale = locale_of(request)
    step = _step_of(request, replay, request.query.get("step"))
    if step is None:
        return not_found(request)
    await replay.reach(step)
    seat = number(request.query.get("seat", "0"), high=len(replay.seats) - 1) or 0
    data = request.app[STEPS].step(replay, step, locale, _picture_url(request, step, locale))
    response = page(request, "replay.html", locale, data=data, seat=seat, base=_base(request),
                    game=replay.record.game)
    response.headers["Cache-Control"] = KEEP_PAGE
    return response


async def step_json(request: web.Request) -> web.Response:
    replay = await _replay(request)
    step = None if replay is None else _step_of(request, replay, request.match_info["step"])
    if replay is None or step is None:
        return not_found(request)
    await replay.reach(step)
    locale = locale_of(request)
    data = request.app[STEPS].step(replay, step, locale, _picture_url(request, step, locale))
    response = web.json_response(data)
    response.headers["Cache-Control"] = KEEP_STEP
    response.headers["Vary"] = "Accept-Language"
    return response


async def board_png(request: web.Request) -> web.Response:
    replay = await _replay(request)
    step = None if replay is None else _step_of(request, replay, request.match_info["step"])
    if replay is None or step is None:
        return not_found(request)
    await replay.reach(step)
    locale = locale_of(request)
    live = replay.live_at(step)
    picture = words_for(replay.record.game).board_picture(
        live, replay.game.view(live.state, None), locale)
    if picture is None:
        return not_found(request)
    png = await picture_png(request.app, picture)
    return web.Response(body=png, content_type="image/png",
                        headers={"Cache-Control": KEEP_STEP, "ETag": f'"{picture.key}"',
                                 "Vary": "Accept-Language"})


def add_routes(app: web.Application) -> None:
    app.router.add_get("/replay/{match}/{token}", replay_page)
    app.router.add_get("/replay/{match}/{token}/step/{step}.json", step_json)
    app.router.add_get("/replay/{match}/{token}/board/{step}.png", board_png)
