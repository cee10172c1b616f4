"""A request cut off by the bot's death (the soak kills it in the middle of uploading a board
and its picture) is the world's doing: neither the bot's mistake nor a bug of the fake."""

from __future__ import annotations

import asyncio

from tests.fakediscord import FakeDiscord
from tests.soak.conftest import BOT_SHAPED_TOKEN


async def test_a_board_upload_cut_off_by_a_kill_is_nobodys_mistake(
    soak_discord: FakeDiscord,
) -> None:
    fake = soak_discord
    channel = fake.text_channel(fake.create_guild("Soak"))
    reader, writer = await asyncio.open_connection("127.0.0.1", fake.port)
    boundary = "cut"
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n"
            "Content-Type: application/json\r\n\r\n{\"content\": \"half a boa")
    writer.write(
        (f"POST /api/v10/channels/{channel.id}/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n"
         f"Authorization: Bot {BOT_SHAPED_TOKEN}\r\n"
         f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
         f"Content-Length: 100000\r\n\r\n{head}").encode())
    await writer.drain()
    await fake.wait_for(lambda: fake.requests, what="the request to arrive")
    writer.transport.abort()  # as SIGKILL leaves it: no FIN after a clean body, a reset
    await fake.wait_for(lambda: fake.requests[-1].cause == "world", timeout=5,
                        what="the cut-off request to be put down to the world")
    del reader
    assert fake.client_errors == []
    assert fake.problems() == []
