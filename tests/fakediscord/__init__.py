"""A local fake of Discord's REST v10 API and gateway for end-to-end tests with real discord.py."""

from .clients import FAST_GUILD_READY_TIMEOUT, running
from .interactions import Callback, FakeUsageError, InteractionResult
from .model import FakeChannel, FakeGuild, FakeMessage, FakeRole, FakeUser
from .ratelimits import BucketLimit, RateLimitPolicy
from .records import InvalidPayload, RecordedRequest, Violation
from .redirect import point_discord_py_at
from .server import FakeDiscord

__all__ = [
    "FAST_GUILD_READY_TIMEOUT",
    "BucketLimit",
    "Callback",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeRole",
    "FakeUsageError",
    "FakeUser",
    "InteractionResult",
    "InvalidPayload",
    "RateLimitPolicy",
    "RecordedRequest",
    "Violation",
    "point_discord_py_at",
    "running",
]
