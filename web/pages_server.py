"""A server's pages, reached through the link ``/parlor history`` hands out in that server:
its recent finished tables by game (each linking to its replay), a leaderboard per game with
the role and character filter of ``/parlor leaderboard``, and each player's page. Games with
bot seats are left out of the standings unless asked for (``?bots=1``), as in Discord."""

from __future__ import annotations

import itertools
import time
from collections import OrderedDict
from datetime import datetime
from typing import Any

from aiohttp import web

from games import registry
from storage import Repository
from tables import ratings
from tables.pictures.rating_chart import RatingScene, rating_picture
from tables.standings import Played, parse_played, playable, played_name, tally
from web.links import Links
from web.page import BOOK, PARTS, locale_of, not_found, number, page, picture_png
from web.words import game_text, tag, w

RECENT = 200
LEADERS = 25
# A server's pages change as tables finish: kept this long, then built again.
KEEP_SECONDS = 30.0
PAGES_KEPT = 256
_PAGES: OrderedDict[tuple[str, str], tuple[float, web.Response]] = OrderedDict()


def _guild(request: web.Request) -> tuple[int, Links] | None:
    links = request.app[PARTS].links()
    guild_id = number(request.match_info["guild"])
    if links is None or guild_id is None:
        return None
    if not links.valid("guild", guild_id, request.match_info["token"]):
        return None
    return guild_id, links


def _base(request: web.Request) -> str:
    return f"/server/{request.match_info['guild']}/{request.match_info['token']}"


def _kept(request: web.Request, locale: str) -> web.Response | None:
    found = _PAGES.get((str(request.rel_url), locale))
    if found is None or time.monotonic() - found[0] > KEEP_SECONDS:
        return None
    return found[1]


def _keep(request: web.Request, locale: str, response: web.Response) -> web.Response:
    response.headers["Cache-Control"] = f"private, max-age={int(KEEP_SECONDS)}"
    _PAGES[(str(request.rel_url), locale)] = (time.monotonic(), response)
    if len(_PAGES) > PAGES_KEPT:
        _PAGES.popitem(last=False)
    return response


def _copy(response: web.Response) -> web.Response:
    """A kept page sent again (a response object is sent once)."""
    kept = ("Content-Type", "Cache-Control", "Vary")
    return web.Response(body=response.body, status=response.status,
                        headers={k: v for k, v in response.headers.items() if k in kept})


async def _names(repo: Repository, guild_id: int, users: list[int]) -> dict[int, str]:
    """Each player's name as their latest table in the server showed it."""
    names: dict[int, str] = {}
    for user in users:
        rows = await repo.stats_for_user(guild_id, user)
        if not rows:
            continue
        latest = max(rows, key=lambda row: row.finished_at)
        for seat in await repo.seats(latest.match_id):
            if seat.user_id == user:
                names[user] = seat.display_name
    return names


def _when(moment: datetime) -> tuple[str, str]:
    """A moment as its day and its hour (each kept on one line on a narrow screen)."""
    return moment.strftime("%Y-%m-%d"), moment.strftime("%H:%M UTC")


def _games() -> list[str]:
    return registry.names()


async def history(request: web.Request) -> web.Response:
    found = _guild(request)
    if found is None:
        return not_found(request)
    guild_id, links = found
    locale = locale_of(request)
    kept = _kept(request, locale)
    if kept is not None:
        return _copy(kept)
    repo, book = request.app[PARTS].repo, request.app[BOOK]
    wanted = request.query.get("game")
    if wanted is not None and wanted not in _games():
        return not_found(request)
    tables: list[dict[str, Any]] = []
    for record in await repo.recent_matches(guild_id, limit=RECENT):
        if wanted is not None and record.game != wanted:
            continue
        seats = await repo.seats(record.id)
        if not await book.opens(record, seats):
            continue  # still being played, or cancelled before it started: no replay
        winners = [int(x) for x in (record.outcome or {}).get("winners", [])]
        tables.append({
            "id": record.id, "game": record.game, "status": record.status.value,
            "when": _when(record.updated_at),
            "players": [(s.display_name, s.is_bot, s.seat in winners) for s in seats],
            "replay": links.replay_path(record.id),
        })
    response = page(request, "server.html", locale, base=_base(request), tables=tables,
                    games=_games(), wanted=wanted)
    return _keep(request, locale, response)


async def leaderboard(request: web.Request) -> web.Response:
    found = _guild(request)
    game = request.match_info["game"]
    if found is None or game not in _games():
        return not_found(request)
    guild_id, _ = found
    locale = locale_of(request)
    kept = _kept(request, locale)
    if kept is not None:
        return _copy(kept)
    repo = request.app[PARTS].repo
    bots = request.query.get("bots") == "1"
    what: Played | None = None
    playing = request.query.get("playing")
    if playing:
        what = parse_played(game, playing)
        if what is None:
            return not_found(request)
    choices = [(f"{k}:{v}", played_name(game, (k, v), locale)) for k, v in playable(game)]
    common: dict[str, Any] = {
        "base": _base(request), "game": game, "choices": choices, "bots": bots,
        "rated": ratings.is_rated(game), "min_games": ratings.MIN_GAMES,
        "bot_rating": ratings.bot_rating(game)}
    if what is None and ratings.is_rated(game):
        # Ranked by rating: a rating counts the people at each table, bots or not.
        standings = await repo.rating_leaderboard(guild_id, game, min_games=ratings.MIN_GAMES,
                                                  limit=LEADERS)
        names = await _names(repo, guild_id, [s.user_id for s in standings])
        rated = [{"rank": i + 1, "user": s.user_id, "name": names.get(s.user_id,
                                                                       f"#{s.user_id}"),
                  "rating": ratings.shown(s.mu, s.sigma), "games": s.games, "wins": s.wins,
                  "rate": f"{s.wins / s.games:.0%}"}
                 for i, s in enumerate(standings)]
        response = page(request, "leaderboard.html", locale, leaders=[], standings=rated,
                        playing="", playing_name="", **common)
        return _keep(request, locale, response)
    kind, value = what if what is not None else (None, None)
    rows = await repo.leaderboard(guild_id, game, include_bot_games=bots, limit=LEADERS,
                                  role=value if kind == "role" else None,
                                  character=value if kind == "character" else None)
    names = await _names(repo, guild_id, [user for user, *_ in rows])
    leaders = [{"rank": i + 1, "user": user, "name": names.get(user, f"#{user}"),
                "games": games, "wins": wins, "rate": f"{wins / games:.0%}" if games else "–",
                "average": f"{average:.1f}"}
               for i, (user, games, wins, average) in enumerate(rows)]
    response = page(request, "leaderboard.html", locale, leaders=leaders, standings=None,
                    playing=f"{kind}:{value}" if what is not None else "",
                    playing_name=played_name(game, what, locale) if what is not None else "",
                    **common)
    return _keep(request, locale, response)


async def player(request: web.Request) -> web.Response:
    found = _guild(request)
    user = number(request.match_info["user"])
    if found is None or user is None:
        return not_found(request)
    guild_id, links = found
    locale = locale_of(request)
    kept = _kept(request, locale)
    if kept is not None:
        return _copy(kept)
    repo = request.app[PARTS].repo
    bots = request.query.get("bots") == "1"
    rows = [row for row in await repo.stats_for_user(guild_id, user)
            if bots or not row.with_bots]
    all_rows = rows if bots else await repo.stats_for_user(guild_id, user)
    if not all_rows:
        return not_found(request)  # nobody of that id played here
    name = (await _names(repo, guild_id, [user])).get(user, f"#{user}")
    overall, by_game, by_played = tally(rows)
    games = []
    for game, part in sorted(by_game.items()):
        played = [
            {"name": played_name(game, what, locale), "games": r.games, "wins": r.wins,
             "rate": f"{r.wins / r.games:.0%}", "average": f"{r.average:.1f}"}
            for (g, what), r in sorted(by_played.items(),
                                       key=lambda item: (item[0][1][0] != "role", item))
            if g == game
        ]
        games.append({"game": game, "games": part.games, "wins": part.wins,
                      "average": f"{part.average:.1f}", "played": played})
    rated = []
    for game, history in itertools.groupby(await repo.rating_history(guild_id, user),
                                           key=lambda r: r.game):
        series = list(history)
        rated.append({"game": game, "rating": ratings.shown(series[-1].mu, series[-1].sigma),
                      "games": len(series),
                      "chart": f"{_base(request)}/player/{user}/rating/{game}.png"
                               f"?lang={tag(locale)}"})
    recent = [{"game": row.game, "won": row.won, "score": f"{row.score:g}",
               "when": _when(row.finished_at),
               "replay": links.replay_path(row.match_id)}
              for row in sorted(rows, key=lambda row: row.finished_at, reverse=True)[:30]]
    response = page(request, "player.html", locale, base=_base(request), name=name,
                    overall=overall, games=games, recent=recent, bots=bots, rated=rated,
                    hidden=len(all_rows) - len(rows), user=user,
                    title=w("player.title", locale, name=name))
    return _keep(request, locale, response)


async def rating_chart(request: web.Request) -> web.Response:
    """A player's rating in one game over time, drawn (``tables.pictures.rating_chart``)."""
    found = _guild(request)
    user = number(request.match_info["user"])
    game = request.match_info["game"]
    if found is None or user is None or game not in _games():
        return not_found(request)
    guild_id, _ = found
    history = await request.app[PARTS].repo.rating_history(guild_id, user, game)
    if not history:
        return not_found(request)
    locale = locale_of(request)
    bots = ratings.bot_rating(game)
    scene = RatingScene(
        title=w("rating.chart", locale, game=game_text(f"{game}.title", locale)),
        ratings=tuple(ratings.shown(r.mu, r.sigma) for r in history), bots=bots,
        bots_label=w("rating.chart_bots", locale, rating=bots),
        first_label=w("rating.chart_table", locale, number=1),
        last_label=w("rating.chart_table", locale, number=len(history)))
    png = await picture_png(request.app, rating_picture(scene))
    return web.Response(body=png, content_type="image/png",
                        headers={"Cache-Control": f"private, max-age={int(KEEP_SECONDS)}",
                                 "Vary": "Accept-Language"})


def add_routes(app: web.Application) -> None:
    app.router.add_get("/server/{guild}/{token}", history)
    app.router.add_get("/server/{guild}/{token}/leaderboard/{game}", leaderboard)
    app.router.add_get("/server/{guild}/{token}/player/{user}", player)
    app.router.add_get("/server/{guild}/{token}/player/{user}/rating/{game}.png",
                       rating_chart)
