"""What every answer carries: security headers (a Content-Security-Policy that allows only
Parlor's own scripts, styles and pictures — no inline script, nothing from elsewhere, so the
pages work without the internet), no referrer (the address holds the page's token), and a
per-address rate limit."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from aiohttp import web
from aiohttp.typedefs import Middleware

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
# The operator's endpoints are scraped, not browsed: never limited.
UNLIMITED = ("/healthz", "/metrics")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


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


def guard(limit: RateLimit) -> Middleware:
    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if not request.path.startswith(UNLIMITED) and not limit.allow(request.remote or "?"):
            response: web.StreamResponse = web.Response(
                status=429, text="Too many requests; try again in a second.",
                headers={"Retry-After": "1"})
        else:
            try:
                response = await handler(request)
            except web.HTTPException as refused:  # aiohttp's own 404s and 405s
                refused.headers.update(HEADERS)
                raise
        response.headers.update(HEADERS)
        return response

    return middleware
