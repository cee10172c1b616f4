"""What every answer carries: security headers (a Content-Security-Policy that allows only
Parlor's own scripts, styles and pictures — no inline script, nothing from elsewhere, so the
pages work without the internet), no referrer (the address holds the page's token), no
``Server`` header naming versions, and a per-address rate limit. Whatever a request makes go
wrong is answered by the app's own pages (not found, or failed) and logged without letting any
request write a traceback again and again."""

from __future__ import annotations

import asyncio
import logging
import time
import traceback
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from aiohttp import web
from aiohttp.typedefs import Middleware

log = logging.getLogger("parlor.web")

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
# Requests a second one address may make, and how many at once: stepping through a replay
# with the keyboard asks for a step and its picture a few times a second.
RATE = 20.0
BURST = 120.0
ADDRESSES_KEPT = 10_000
# The operator's endpoints are scraped, not browsed: never limited (these paths exactly).
UNLIMITED = frozenset({"/healthz", "/metrics"})
# A failure's traceback is logged once in this many seconds per place it was raised; the
# requests failing the same way meanwhile are counted, and the count logged with the next.
TRACEBACK_EVERY = 600.0
FAILURES_KEPT = 1_000

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Page = Callable[[web.Request], web.StreamResponse]


class RateLimit:
    """A token bucket per client address (the peer's; behind a proxy, the proxy's — see
    docs/deployment.md)."""

    def __init__(self, rate: float = RATE, burst: float = BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, address: str) -> bool:
        now = self._clock()
        tokens, stamp = self._buckets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        allowed = tokens >= 1
        self._buckets[address] = (tokens - 1 if allowed else tokens, now)
        if len(self._buckets) > ADDRESSES_KEPT:
            self._buckets.popitem(last=False)  # the address heard from longest ago
        return allowed


class Failures:
    """Unexpected failures in the log: a traceback the first time a place fails, then one at
    most every ``every`` seconds with the number of failures in between."""

    def __init__(self, every: float = TRACEBACK_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.every = every
        self._clock = clock
        self._places: OrderedDict[tuple[str, str, int], tuple[float, int]] = OrderedDict()

    def log(self, request: web.Request, failure: BaseException) -> None:
        frames = traceback.extract_tb(failure.__traceback__)
        where = frames[-1] if frames else None
        place = (type(failure).__name__, where.filename if where else "",
                 (where.lineno or 0) if where else 0)
        now = self._clock()
        logged, since = self._places.pop(place, (None, 0))
        # The route's pattern, not the address: an address holds a page's token.
        route = request.match_info.route.resource
        name = route.canonical if route is not None else "?"
        if logged is None or now - logged >= self.every:
            more = f" ({since} more since the last traceback)" if since else ""
            log.error("%s %s failed%s", request.method, name, more, exc_info=failure)
            self._places[place] = (now, 0)
        else:
            self._places[place] = (logged, since + 1)
        if len(self._places) > FAILURES_KEPT:
            self._places.popitem(last=False)


def guard(limit: RateLimit, *, missing: Page | None = None, failed: Page | None = None,
          failures: Failures | None = None) -> Middleware:
    """The rate limit, and the app's pages for what went wrong: ``missing`` for the router's
    own 404s, ``failed`` for any unexpected exception (else aiohttp's 500). The headers are
    put on every answer by ``secure`` (responses made by aiohttp itself included)."""
    failures = failures or Failures()

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path not in UNLIMITED and not limit.allow(request.remote or "?"):
            return web.Response(status=429, text="Too many requests; try again in a second.",
                                headers={"Retry-After": "1"})
        try:
            return await handler(request)
        except web.HTTPNotFound:
            if missing is None:
                raise
            return missing(request)
        except (web.HTTPException, asyncio.CancelledError):
            raise
        except Exception as failure:
            failures.log(request, failure)
            if failed is None:
                raise web.HTTPInternalServerError() from None
            return failed(request)

    return middleware


async def secure(request: web.BaseRequest, response: web.StreamResponse) -> None:
    """Every answer's headers, whoever made it (a handler, the router, aiohttp's own error
    answers): called as its headers are sent (``on_response_prepare``)."""
    response.headers.update(HEADERS)
    response.headers.popall("Server", None)
