"""Point the unmodified discord.py client at a fake: two class attributes, restored afterwards."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

import discord.gateway
import discord.http
import yarl


class HasEndpoints(Protocol):
    @property
    def api_base(self) -> str: ...

    @property
    def gateway_url(self) -> str: ...


@contextmanager
def point_discord_py_at(fake: HasEndpoints) -> Iterator[None]:
    """While active, every discord.py REST call (webhooks and interaction callbacks included) goes
    to `fake.api_base` and a plain `Client` connects its gateway to `fake.gateway_url`."""
    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway
