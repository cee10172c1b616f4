"""The gateway websocket: HELLO, IDENTIFY/READY, RESUME, heartbeats, dispatch with sequence numbers.

Each connection has an outbound queue drained by one writer task, so the rest of the fake can
dispatch events from plain (non-async) code and events keep their order. With
`compress=zlib-stream` every frame is deflated through one zlib stream per connection and ends
with a sync flush, which is how Discord sends it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import zlib
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from aiohttp import WSMsgType, web

from .model import JsonDict
from .snowflakes import shard_of

if TYPE_CHECKING:
    from .server import FakeDiscord

_log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, RECONNECT, REQUEST_MEMBERS = 0, 1, 2, 3, 6, 7, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11

CLOSE_AUTHENTICATION_FAILED = 4004
CLOSE_INVALID_SHARD = 4010
CLOSE_DISALLOWED_INTENTS = 4014
# A client that closes with one of these means to end the session: it cannot be resumed.
SESSION_ENDING_CLOSES = (1000, 1001)
BACKLOG = 2000

INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)


@dataclass
class GatewaySession:
    """One identified session: survives its connection so that it can be resumed."""

    session_id: str
    shard_id: int
    shard_count: int
    intents: int
    sequence: int = 0
    backlog: deque[JsonDict] = field(default_factory=lambda: deque(maxlen=BACKLOG))
    connection: GatewayConnection | None = None
    ended: bool = False
    resumes: int = 0
    identified_at: float = 0.0

    @property
    def live(self) -> bool:
        return self.connection is not None and not self.ended

    def wants(self, intent: int) -> bool:
        return bool(self.intents & intent)

    def dispatch(self, event: str, data: JsonDict) -> None:
        self.sequence += 1
        frame = {"op": DISPATCH, "t": event, "s": self.sequence, "d": data}
        self.backlog.append(frame)
        if self.connection is not None:
            self.connection.enqueue(frame)


class GatewayConnection:
    def __init__(self, ws: web.WebSocketResponse, *, compress: bool) -> None:
        self.ws = ws
        self._deflate = zlib.compressobj() if compress else None
        self.compressed = compress
        self._queue: asyncio.Queue[JsonDict | None] = asyncio.Queue()
        self.session: GatewaySession | None = None
        self.writer: asyncio.Task[None] | None = None
        self.received: list[JsonDict] = []
        # Set when the fake itself dropped the connection: the session stays resumable then.
        self.closed_by_server = False

    def enqueue(self, frame: JsonDict) -> None:
        self._queue.put_nowait(frame)

    def stop(self) -> None:
        self._queue.put_nowait(None)

    async def write_forever(self) -> None:
        while True:
            frame = await self._queue.get()
            if frame is None or self.ws.closed:
                return
            data = json.dumps(frame, separators=(",", ":"))
            try:
                if self._deflate is not None:
                    packed = self._deflate.compress(data.encode()) + self._deflate.flush(
                        zlib.Z_SYNC_FLUSH
                    )
                    await self.ws.send_bytes(packed)
                else:
                    await self.ws.send_str(data)
            except (ConnectionResetError, RuntimeError):
                return


class Gateway:
    """Owns sessions and serves `/gateway`."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.sessions: list[GatewaySession] = []
        self.connections: list[GatewayConnection] = []
        self.identify_count = 0
        self.heartbeat_interval_ms = 41_250

    def live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions if s.live]

    def sessions_for_guild(self, guild_id: int | None) -> list[GatewaySession]:
        chosen = []
        for session in self.live_sessions():
            shard = 0 if guild_id is None else shard_of(guild_id, session.shard_count)
            if shard == session.shard_id:
                chosen.append(session)
        return chosen

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        compress = request.query.get("compress") == "zlib-stream"
        connection = GatewayConnection(ws, compress=compress)
        self.connections.append(connection)
        connection.writer = asyncio.create_task(connection.write_forever())
        connection.enqueue(
            {
                "op": HELLO,
                "d": {"heartbeat_interval": self.heartbeat_interval_ms},
                "s": None,
                "t": None,
            }
        )
        try:
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(message.data)
                connection.received.append(frame)
                await self._on_frame(connection, frame)
        finally:
            await self._drop(connection, ws.close_code)
        return ws

    async def _drop(self, connection: GatewayConnection, close_code: int | None) -> None:
        connection.stop()
        if connection.writer is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await connection.writer
        session = connection.session
        if session is not None and session.connection is connection:
            session.connection = None
            if close_code in SESSION_ENDING_CLOSES and not connection.closed_by_server:
                session.ended = True
        with contextlib.suppress(ValueError):
            self.connections.remove(connection)
        self.fake._changed()

    async def _on_frame(self, connection: GatewayConnection, frame: JsonDict) -> None:
        op = frame.get("op")
        raw = frame.get("d")
        data: JsonDict = raw if isinstance(raw, dict) else {}
        if op == HEARTBEAT:
            connection.enqueue({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            await self._identify(connection, data)
        elif op == RESUME:
            await self._resume(connection, data)
        elif op == REQUEST_MEMBERS:
            self._send_member_chunk(connection, data)
        elif op == PRESENCE:
            pass
        else:
            _log.debug("fake gateway ignores op %s", op)

    async def _identify(self, connection: GatewayConnection, data: JsonDict) -> None:
        if data.get("token") != self.fake.token:
            await connection.ws.close(
                code=CLOSE_AUTHENTICATION_FAILED, message=b"Authentication failed."
            )
            return
        shard_id, shard_count = data.get("shard") or [0, 1]
        if not 0 <= shard_id < shard_count:
            await connection.ws.close(code=CLOSE_INVALID_SHARD, message=b"Invalid shard.")
            return
        intents = int(data.get("intents", 0))
        if intents & PRIVILEGED_INTENTS & ~self.fake.privileged_intents_allowed:
            await connection.ws.close(
                code=CLOSE_DISALLOWED_INTENTS, message=b"Disallowed intent(s)."
            )
            return
        self.identify_count += 1
        session = GatewaySession(
            session_id=secrets.token_hex(16),
            shard_id=shard_id,
            shard_count=shard_count,
            intents=intents,
            identified_at=asyncio.get_running_loop().time(),
        )
        session.connection = connection
        connection.session = session
        self.sessions.append(session)
        guilds = self.fake._guilds_of_shard(shard_id, shard_count)
        ready: JsonDict = {
            "v": 10,
            "user": self.fake._bot_payload(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.fake.gateway_url,
            "application": {"id": str(self.fake.application_id), "flags": (1 << 19) | (1 << 23)},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
            "_trace": ["fake-discord"],
        }
        if data.get("shard"):
            ready["shard"] = [shard_id, shard_count]
        session.dispatch("READY", ready)
        for guild in guilds:
            session.dispatch("GUILD_CREATE", self.fake._guild_create(guild, session))
        self.fake._changed()

    async def _resume(self, connection: GatewayConnection, data: JsonDict) -> None:
        session = next((s for s in self.sessions if s.session_id == data.get("session_id")), None)
        last_seen = data.get("seq") or 0
        if (
            session is None
            or session.ended
            or data.get("token") != self.fake.token
            or (session.backlog and session.backlog[0]["s"] > last_seen + 1)
        ):
            connection.enqueue({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        if session.connection is not None and session.connection is not connection:
            session.connection.stop()
        session.connection = connection
        connection.session = session
        session.resumes += 1
        for frame in session.backlog:
            if frame["s"] > last_seen:
                connection.enqueue(frame)
        session.dispatch("RESUMED", {"_trace": ["fake-discord"]})
        self.fake._changed()

    def _send_member_chunk(self, connection: GatewayConnection, data: JsonDict) -> None:
        session = connection.session
        if session is None:
            return
        guild_id = int(data["guild_id"])
        chunk: JsonDict = {
            "guild_id": str(guild_id),
            "members": self.fake._member_payloads(guild_id, data.get("user_ids")),
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def broadcast(
        self, event: str, data: JsonDict, *, guild_id: int | None, intent: int | None = None
    ) -> int:
        sessions = self.sessions_for_guild(guild_id)
        delivered = 0
        for session in sessions:
            if intent is None or session.wants(intent):
                session.dispatch(event, data)
                delivered += 1
        return delivered

    async def disconnect(self, *, code: int = 4000, session: GatewaySession | None = None) -> None:
        """Close live connections the way a Discord outage does: the client should resume."""
        for connection in list(self.connections):
            if session is None or connection.session is session:
                connection.closed_by_server = True
                await connection.ws.close(code=code, message=b"fake-discord disconnect")

    async def invalidate(self) -> None:
        """End every session and drop its connection, as after a long outage: the client's
        RESUME is refused (op 9, not resumable) and it must IDENTIFY anew."""
        for session in self.sessions:
            session.ended = True
        await self.disconnect()

    def send_reconnect(self) -> None:
        """Op 7: Discord asks every client to reconnect and resume."""
        for session in self.live_sessions():
            if session.connection is not None:
                session.connection.enqueue({"op": RECONNECT, "d": None, "s": None, "t": None})

    async def close_all(self) -> None:
        for connection in list(self.connections):
            connection.closed_by_server = True
            await connection.ws.close(code=1001, message=b"fake-discord stopping")
