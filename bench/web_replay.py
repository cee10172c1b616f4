"""Server time of the replay pages of long tables, late steps asked first.

Three closed tables, each stored through the real service on SQLite: a 5,000-action Lifeboat
log (cards given back and forth, as in ``bench/replay_lag.py``, then cancelled), and the
longest of a few all-bot games of Sanguosha (8 seats) and of the haunt (6 seats), whose states
are the heaviest to copy and to show. As in a running bot, the replay pages' book hears the
table close and replays it in the background, keeping its checkpoints in the repository; the
bench says how long that took. Then, per table:

- *cold*: ``--cold`` times, a web app with nothing of the table in memory (the first time a new
  app, its first request; then the same app made to forget the table, as a process does that
  has read others since) is asked for a late step first (a page in the last tenth of the log),
  then the JSON of another late step;
- *warm*: the same app is then asked for pages and step JSON at random steps, 50 steps in a
  row and a few board pictures;
- *not kept*: the checkpoints deleted, a new app asked for the last step, which waits for the
  whole log to be replayed (a table read before its replay is done, or closed before the
  checkpoints existed).

Server time is from the request reaching the app's first middleware to its response being
ready (the client runs on the same loop; its own work is not counted). The games' words and
the page's template are loaded first, and the collector and the GIL's switch interval set, as
in a running bot. Run from the repository root:

    .venv/bin/python bench/web_replay.py [--actions 5000] [--pages 200] [--cold 20]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp_jinja2
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bench.replay_lag import HOST, build_long_log
from bot.collector import Collector
from bot.switching import SwitchInterval
from games.core import Action
from storage.sqlite import SqliteRepository
from tables.service import LiveMatch, MatchService
from tables.words import words_for
from web.guard import RateLimit, guard
from web.links import Links, load_secret
from web.page import BOOK, STEPS
from web.site import Parts, make_app

# The bot games: (game, seats, the engine bot's seeds tried; the longest game is kept).
BOT_TABLES = (("sanguosha", 8, range(1, 6)), ("haunt", 6, range(1, 6)))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


SPENT: list[float] = []  # server time of each answer
CPU: list[float] = []  # the process's CPU time while it was made (other helpers share the cores)


@web.middleware
async def clock(request: web.Request, handler: web.RequestHandler) -> web.StreamResponse:
    started, cpu = time.perf_counter(), time.process_time()
    try:
        return await handler(request)
    finally:
        SPENT.append(time.perf_counter() - started)
        CPU.append(time.process_time() - cpu)


async def timed(client: TestClient, path: str) -> float:
    answer = await client.get(path)
    await answer.read()
    assert answer.status == 200, (path, answer.status)
    return SPENT[-1]


async def bot_table(service: MatchService, game: str, seats: int, tries: range,
                    channel: int) -> LiveMatch:
    """A started table of ``game`` played to its end by the engine's bot: the longest of the
    games its seeds in ``tries`` give from the table's first state."""
    live = await service.create_lobby(game=game, guild_id=1, channel_id=channel,
                                      host_id=HOST, host_name="host", host_locale=None,
                                      options={})
    for _ in range(seats - 1):
        await service.add_bot(live.id, HOST, "Bot")
    live = await service.start(live.id, HOST)
    engine = live.game
    longest: list[Action] = []
    for seed in tries:
        rng = random.Random(seed)
        state, actions = live.state, []
        while engine.outcome(state) is None:
            prompt = rng.choice([p for p in engine.pending(state) if p.blocking])
            action = engine.choose(engine.view(state, prompt.seat), prompt, rng)
            state = engine.apply(state, action).state
            actions.append(action)
        if len(actions) > len(longest):
            longest = actions
    for action in longest:
        live, _ = await service.act(live.id, version=live.version, seat=action.seat,
                                    action=action, user_id=None, source="bot")
    return live


@dataclass
class Figures:
    title: str
    steps: int
    kept_after: float = 0.0  # seconds from the close to the checkpoints being kept
    rows: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)

    def add(self, name: str, value: float) -> None:
        self.rows.setdefault(name, []).append(value)
        self.cpu.setdefault(name, []).append(CPU[-1])

    def lines(self) -> list[str]:
        out = [f"{self.title}: {self.steps} actions; replayed and kept "
               f"{self.kept_after * 1000:.0f} ms after it closed"]
        for name, values in self.rows.items():
            out.append(f"  {name:<40} n={len(values):<4} "
                       f"p50 {statistics.median(values) * 1000:7.1f} ms   "
                       f"p95 {percentile(values, 0.95) * 1000:7.1f} ms   "
                       f"max {max(values) * 1000:7.1f} ms   "
                       f"(CPU max {max(self.cpu[name]) * 1000:6.1f} ms)")
        # The headline: every page and step JSON of a kept table (a picture's first request
        # starts the drawing workers, a cost of the process, not of the table).
        every = [v for name, values in self.rows.items()
                 if not name.startswith("not kept") and "picture" not in name for v in values]
        out.append(f"  {'every page and step JSON, kept table':<40} n={len(every):<4} "
                   f"p50 {statistics.median(every) * 1000:7.1f} ms   "
                   f"p95 {percentile(every, 0.95) * 1000:7.1f} ms   "
                   f"max {max(every) * 1000:7.1f} ms")
        return out


class Site:
    def __init__(self, repo: SqliteRepository, links: Links) -> None:
        self.repo = repo
        self.links = links

    def app(self) -> web.Application:
        app = make_app(Parts(self.repo, lambda: self.links, lambda: True))
        # Timed first; no rate limit (one address asks hundreds of pages at once).
        app.middlewares[:] = [clock, guard(RateLimit(rate=1e9, burst=1e9))]
        aiohttp_jinja2.get_env(app).get_template("replay.html")
        return app

    async def with_new_app(
        self, work: Callable[[TestClient], Awaitable[None]]
    ) -> None:
        async with TestClient(TestServer(self.app())) as client:
            await work(client)


async def measure(site: Site, live: LiveMatch, figures: Figures, pages: int, cold: int,
                  rng: random.Random) -> None:
    steps = live.version
    path = site.links.replay_path(live.id)
    late_from = steps - steps // 10

    async def ask(client: TestClient) -> None:
        for _ in range(cold):
            # Nothing of the table in memory: the first request of a new process, then as in
            # a process that had forgotten it.
            client.app[BOOK]._tables.pop(live.id, None)
            client.app[STEPS]._kept.clear()
            figures.add("cold: late page, first request", await timed(
                client, f"{path}?step={rng.randrange(late_from, steps + 1)}"
                        f"&seat={rng.randrange(len(live.seats))}"))
            figures.add("cold: then another late step's JSON", await timed(
                client, f"{path}/step/{rng.randrange(late_from, steps + 1)}.json"))
        figures.add("warm: the link (step 0)", await timed(client, path))
        figures.add("warm: the last step", await timed(client, f"{path}?step={steps}"))
        for _ in range(pages):
            figures.add("warm: page at a random step", await timed(
                client, f"{path}?step={rng.randrange(steps + 1)}"
                        f"&seat={rng.randrange(len(live.seats))}"))
        for _ in range(pages):
            figures.add("warm: step JSON at a random step", await timed(
                client, f"{path}/step/{rng.randrange(steps + 1)}.json"))
        near = rng.randrange(max(1, steps - 50))
        for i in range(min(50, steps - near)):
            figures.add("warm: step JSON, 50 steps in a row", await timed(
                client, f"{path}/step/{near + i}.json"))
        for _ in range(10):
            figures.add("warm: board picture at a random step", await timed(
                client, f"{path}/board/{rng.randrange(steps + 1)}.png"))

    await site.with_new_app(ask)

    await site.repo.connection.execute(
        "DELETE FROM replay_checkpoints WHERE match_id = ?", (live.id,))
    await site.repo.connection.commit()

    async def not_kept(client: TestClient) -> None:
        figures.add("not kept: the last step, first request",
                    await timed(client, f"{path}?step={steps}"))
        await asyncio.gather(*client.app[BOOK]._building)  # kept again, for the next run

    await site.with_new_app(not_kept)


async def closed_and_kept(site: Site, service: MatchService,
                          play: Callable[[], Awaitable[LiveMatch]]) -> tuple[LiveMatch, float]:
    """The table ``play`` plays and closes, with the pages' book listening as in the bot's
    process; and the seconds from its close until its checkpoints are kept."""
    book = site.app()[BOOK]
    service.subscribe(book.on_change)
    live = await play()
    closed = time.perf_counter()
    while book._building:
        await asyncio.gather(*book._building)
    spent = time.perf_counter() - closed
    assert await site.repo.replay_events(live.id), "the checkpoints were not kept"
    await book.close()
    service._listeners.remove(book.on_change)
    return live, spent


async def main(actions: int, pages: int, cold: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        repo = SqliteRepository(Path(folder) / "bench.db")
        await repo.open()
        service = MatchService(repo)
        site = Site(repo, Links(await load_secret(repo)))
        for game in ("lifeboat", "sanguosha", "haunt"):
            words_for(game)  # imported, as a running bot has done before its first page
        collector, switching = Collector(), SwitchInterval()
        collector.start()
        switching.start()
        rng = random.Random(5)
        everything = []

        async def lifeboat() -> LiveMatch:
            live = await build_long_log(service, actions)
            return await service.cancel(live.id, HOST)

        live, kept_after = await closed_and_kept(site, service, lifeboat)
        everything.append((live, Figures("Lifeboat, 6 seats (cancelled)", live.version,
                                         kept_after)))
        for channel, (game, seats, tries) in enumerate(BOT_TABLES, start=20_000):
            live, kept_after = await closed_and_kept(
                site, service, partial(bot_table, service, game, seats, tries, channel))
            everything.append((live, Figures(f"{game}, {seats} seats (finished)",
                                             live.version, kept_after)))
        for live, figures in everything:
            await measure(site, live, figures, pages, cold, rng)
            print("\n".join(figures.lines()), flush=True)
        collector.stop()
        switching.stop()
        await repo.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=5000)
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--cold", type=int, default=20, help="new apps asked a late step first")
    options = parser.parse_args()
    asyncio.run(main(options.actions, options.pages, options.cold))
