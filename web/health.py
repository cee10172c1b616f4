"""For the people who run the bot: ``/healthz`` (ready means the database answers and takes
writes, and the gateway is connected) and ``/metrics`` (Prometheus' text format,
``tables.metrics``)."""

from __future__ import annotations

import asyncio
import json
import logging

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from web.links import SECRET_ROW
from web.page import PARTS

log = logging.getLogger(__name__)
DATABASE_TIMEOUT = 2.0


async def healthz(request: web.Request) -> web.Response:
    parts = request.app[PARTS]
    try:
        await asyncio.wait_for(parts.repo.guild_settings(SECRET_ROW), DATABASE_TIMEOUT)
        # A read answers on a full disk too: since a call failed for want of the database,
        # it is down until a write lands again (storage.outage).
        database = not parts.repo.outage.down
    except Exception:  # not reachable, closed, timed out: not ready, whatever the reason
        log.debug("the database did not answer /healthz", exc_info=True)
        database = False
    gateway = parts.gateway_connected()
    ready = database and gateway
    body = {"ready": ready, "database": database, "gateway": gateway}
    return web.Response(status=200 if ready else 503, text=json.dumps(body),
                        content_type="application/json", headers={"Cache-Control": "no-store"})


async def metrics(request: web.Request) -> web.Response:
    response = web.Response(body=generate_latest(), headers={"Cache-Control": "no-store"})
    response.headers["Content-Type"] = CONTENT_TYPE_LATEST
    return response
