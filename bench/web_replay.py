"""Server time of the replay page of a 5,000-action table.

One Lifeboat table gets a log of ``--actions`` actions (cards given back and forth, as in
``bench/replay_lag.py``), stored through the real service on SQLite, then closed. The web app
runs in this process on a local port; the bench asks for the replay page at random steps and
times each answer's server time: from the request reaching the app's first middleware to its
response being ready (the client runs on the same loop; its own work is not counted). The
game's renderer and the page's template are loaded first, and the collector and the GIL's
switch interval set, as in a running bot. The link opens the table at its first step, which
answers while the log is still being replayed in the background; the last step waits for the
whole replay; later steps start from the nearest checkpoint. Run from the repository root:

    .venv/bin/python bench/web_replay.py [--actions 5000] [--pages 200]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp_jinja2
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bench.replay_lag import HOST, build_long_log
from bot.collector import Collector
from bot.narrator import RendererNarrator
from bot.renderers import renderer_for
from bot.switching import SwitchInterval
from storage.sqlite import SqliteRepository
from tables.service import MatchService
from web.guard import RateLimit, guard
from web.links import Links, load_secret
from web.site import Parts, make_app


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


SPENT: list[float] = []


@web.middleware
async def clock(request: web.Request, handler: web.RequestHandler) -> web.StreamResponse:
    started = time.perf_counter()
    try:
        return await handler(request)
    finally:
        SPENT.append(time.perf_counter() - started)


async def timed(client: TestClient, path: str) -> float:  # type: ignore[type-arg]
    answer = await client.get(path)
    await answer.read()
    assert answer.status == 200, (path, answer.status)
    return SPENT[-1]


async def main(actions: int, pages: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        repo = SqliteRepository(Path(folder) / "bench.db")
        await repo.open()
        service = MatchService(repo)
        live = await build_long_log(service, actions)
        await service.cancel(live.id, HOST)
        links = Links(await load_secret(repo))
        app = make_app(Parts(repo, RendererNarrator(), lambda: links, lambda: True))
        # Timed first; no rate limit (one address asks hundreds of pages at once).
        app.middlewares[:] = [clock, guard(RateLimit(rate=1e9, burst=1e9))]
        # What a running bot has done before its first page: imported the game's renderer
        # (its boards use it) and compiled the page's template; and it runs the collector and
        # the GIL's switch interval its own way (bot/app.py).
        renderer_for("lifeboat")
        aiohttp_jinja2.get_env(app).get_template("replay.html")
        collector, switching = Collector(), SwitchInterval()
        collector.start()
        switching.start()
        rng = random.Random(5)
        path = links.replay_path(live.id)
        async with TestClient(TestServer(app)) as client:
            first = await timed(client, path)
            whole = await timed(client, f"{path}?step={live.version}")
            page = [await timed(client, f"{path}?step={rng.randrange(live.version + 1)}"
                                        f"&seat={rng.randrange(6)}") for _ in range(pages)]
            step = [await timed(client, f"{path}/step/{rng.randrange(live.version + 1)}.json")
                    for _ in range(pages)]
            near = rng.randrange(live.version - 50)
            walk = [await timed(client, f"{path}/step/{near + i}.json") for i in range(50)]
            picture = [await timed(client, f"{path}/board/{rng.randrange(live.version)}.png")
                       for _ in range(20)]
        collector.stop()
        switching.stop()
        await repo.close()

    def line(name: str, values: list[float]) -> str:
        return (f"{name:<34} median {statistics.median(values) * 1000:7.1f} ms   "
                f"p95 {percentile(values, 0.95) * 1000:7.1f} ms   "
                f"max {max(values) * 1000:7.1f} ms")

    print(f"table of {live.version} actions, Lifeboat, 6 seats")
    print(f"{'first page, as the link opens it':<34} {first * 1000:7.1f} ms")
    print(f"{'then the last step (whole replay)':<34} {whole * 1000:7.1f} ms")
    print(line(f"page at a random step ({pages})", page))
    print(line(f"step JSON at a random step ({pages})", step))
    print(line("step JSON, 50 steps in a row", walk))
    print(line("board picture at a random step (20)", picture))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=5000)
    parser.add_argument("--pages", type=int, default=200)
    options = parser.parse_args()
    asyncio.run(main(options.actions, options.pages))
