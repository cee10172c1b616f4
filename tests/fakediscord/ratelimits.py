"""Per-route buckets and the global limit, announced with X-RateLimit-* headers as Discord does.

discord.py reads the headers and waits on its own when a bucket runs dry, so a well-behaved bot
never sees a 429 from here; one that does means requests were fired past the announced limits.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field


@dataclass(frozen=True)
class BucketLimit:
    limit: int
    window: float


@dataclass
class RateLimitPolicy:
    """Limits per route template ("POST /channels/{channel_id}/messages")."""

    default: BucketLimit = BucketLimit(limit=50, window=1.0)
    routes: dict[str, BucketLimit] = field(default_factory=dict)
    global_per_second: int | None = 50
    enforce: bool = True

    @classmethod
    def discord_like(cls) -> RateLimitPolicy:
        """Buckets close to what Discord announces for the routes a game bot uses."""
        return cls(
            routes={
                "POST /channels/{channel_id}/messages": BucketLimit(5, 5.0),
                "PATCH /channels/{channel_id}/messages/{message_id}": BucketLimit(5, 5.0),
                "DELETE /channels/{channel_id}/messages/{message_id}": BucketLimit(5, 1.0),
                "POST /users/@me/channels": BucketLimit(5, 1.0),
                "PUT /applications/{application_id}/commands": BucketLimit(2, 60.0),
            }
        )

    @classmethod
    def unlimited(cls) -> RateLimitPolicy:
        return cls(default=BucketLimit(10_000, 1.0), global_per_second=None, enforce=False)


@dataclass
class _Bucket:
    limit: BucketLimit
    used: int = 0
    resets_at: float = 0.0


@dataclass(frozen=True)
class RateDecision:
    headers: dict[str, str]
    exceeded: bool
    retry_after: float = 0.0
    is_global: bool = False


class RateLimiter:
    def __init__(self, policy: RateLimitPolicy) -> None:
        self.policy = policy
        self._buckets: dict[tuple[str, str], _Bucket] = {}
        self._global_window_start = 0.0
        self._global_used = 0

    def check(self, route_key: str, major: str, *, counts_globally: bool) -> RateDecision:
        now = time.monotonic()
        if counts_globally and self.policy.global_per_second is not None:
            if now - self._global_window_start >= 1.0:
                self._global_window_start, self._global_used = now, 0
            self._global_used += 1
            if self.policy.enforce and self._global_used > self.policy.global_per_second:
                retry = max(0.001, 1.0 - (now - self._global_window_start))
                return RateDecision(headers={}, exceeded=True, retry_after=retry, is_global=True)

        limit = self.policy.routes.get(route_key, self.policy.default)
        bucket = self._buckets.setdefault((route_key, major), _Bucket(limit=limit))
        if now >= bucket.resets_at:
            bucket.used, bucket.resets_at = 0, now + limit.window
        bucket.used += 1
        reset_after = max(0.001, bucket.resets_at - now)
        headers = {
            "X-RateLimit-Limit": str(limit.limit),
            "X-RateLimit-Remaining": str(max(0, limit.limit - bucket.used)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(route_key.encode()).hexdigest()[:16],
        }
        exceeded = self.policy.enforce and bucket.used > limit.limit
        return RateDecision(headers=headers, exceeded=exceeded, retry_after=reset_after)
