"""Serving the pages from the bot's process: bound before the bot logs in to Discord, so a
port already in use stops the start with one clear line."""

from __future__ import annotations

import errno
import logging

from aiohttp import web

from web.port_in_use import PortInUse
from web.replays import BACKFILL_DELAY
from web.site import Parts, make_app

__all__ = ["PortInUse", "WebServer"]

log = logging.getLogger("parlor.web")


class WebServer:
    def __init__(self, parts: Parts, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.app = make_app(parts, keep_missing_after=BACKFILL_DELAY)
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        runner = web.AppRunner(self.app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except OSError as problem:
            await runner.cleanup()
            if problem.errno in (errno.EADDRINUSE, errno.EACCES):
                raise PortInUse(
                    f"WEB_PORT {self.port} on {self.host} cannot be used ({problem.strerror}): "
                    "set WEB_PORT to a free port, or WEB_PORT=0 to serve no web pages."
                ) from None
            raise PortInUse(f"the web pages cannot be served at {self.host}:{self.port} "
                            f"({problem.strerror or problem}); check WEB_HOST and WEB_PORT."
                            ) from None
        self._runner = runner
        log.info("web pages at http://%s:%d/", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
