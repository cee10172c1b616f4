"""Starting when Discord cannot be reached: the real bot process (`python -m bot`) with a
well-formed token says in one line what is wrong, tries the network again with growing pauses
and connects once Discord is there (one process for both: each start costs an interpreter and
the project's imports, a second or two of CPU), ends at once on a rejected token, and prints a
traceback only with LOG_LEVEL=DEBUG."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path

from tests.fakediscord import FakeDiscord
from tests.soak.botprocess import _OURS
from tests.soak.conftest import BOT_SHAPED_TOKEN

RETRY_LINE = re.compile(r"cannot reach Discord at \S+: .+; trying again in (\d+) s")


def _free_port() -> int:
    """A port nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _env(workdir: Path, api_base: str, gateway: str, token: str, level: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(_OURS)}
    env.update({
        "DISCORD_TOKEN": token,
        "DATABASE_PATH": str(workdir / "parlor.db"),
        "DISCORD_API_BASE": api_base,
        "DISCORD_GATEWAY_URL": gateway,
        "DEFAULT_TURN_SECONDS": "0",
        "LOG_LEVEL": level,
        "WEB_PORT": "0",  # no web pages: other bots may be starting beside this one
        "PYTHONUNBUFFERED": "1",
    })
    return env


class Started:
    def __init__(self, process: asyncio.subprocess.Process, log: Path) -> None:
        self.process = process
        self.log = log

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    async def wait_output(self, pattern: re.Pattern[str], count: int, timeout: float) -> str:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while len(pattern.findall(self.output())) < count:
            assert loop.time() < deadline, f"never saw {count}× {pattern.pattern}:\n" \
                f"{self.output()[-3000:]}"
            assert self.process.returncode is None, f"the bot exited:\n{self.output()[-3000:]}"
            await asyncio.sleep(0.1)
        return self.output()


def _ctrl_c_as_in_a_terminal() -> None:
    """SIGINT handled as a terminal's Ctrl-C: a shell starting the tests in the background
    has it ignored, and a child would inherit that (Python then never raises
    KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextlib.asynccontextmanager
async def bot_process(workdir: Path, api_base: str, *, gateway: str = "ws://127.0.0.1:9/",
                      token: str = BOT_SHAPED_TOKEN, level: str = "INFO"
                      ) -> AsyncIterator[Started]:
    log = workdir / f"bot-{level}.log"
    with log.open("wb") as sink:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=workdir,
            env=_env(workdir, api_base, gateway, token, level),
            stdout=sink, stderr=asyncio.subprocess.STDOUT, preexec_fn=_ctrl_c_as_in_a_terminal)
    try:
        yield Started(process, log)
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(process.wait(), 10)
            except TimeoutError:
                process.kill()
                await process.wait()


async def test_with_log_level_debug_the_traceback_is_there(tmp_path: Path) -> None:
    closed = f"http://127.0.0.1:{_free_port()}/api/v10"
    async with bot_process(tmp_path, closed, level="DEBUG") as bot:
        output = await bot.wait_output(RETRY_LINE, 1, timeout=20)
        output = await bot.wait_output(re.compile("Traceback"), 1, timeout=5)
    assert "ClientConnectorError" in output
    assert bot.process.returncode == 0, "Ctrl-C while waiting is a clean stop"


async def test_a_rejected_token_ends_the_start_in_one_line(
    tmp_path: Path, soak_discord: FakeDiscord
) -> None:
    fake = soak_discord
    other = BOT_SHAPED_TOKEN[:-4] + "nope"  # well-formed, but not the bot's
    async with bot_process(tmp_path, fake.api_base, gateway=fake.gateway_url,
                           token=other) as bot:
        code = await asyncio.wait_for(bot.process.wait(), 20)
    output = bot.output()
    assert code == 2
    assert "Discord refused the token (401)" in output
    assert "Traceback" not in output and not RETRY_LINE.search(output), output[-3000:]
    assert [r.status for r in fake.requests] == [401], "one try, not retried"


async def _forward(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    writer.close()


async def test_no_route_is_one_line_tried_again_with_growing_pauses_until_it_connects(
    tmp_path: Path, soak_discord: FakeDiscord
) -> None:
    """Nothing listens where Discord should be: each try is one line, the pauses grow; then
    the network comes back, the next try logs in and the gateway session goes live."""
    fake = soak_discord
    port = _free_port()
    closed = f"http://127.0.0.1:{port}/api/v10"

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", fake.port)
        await asyncio.gather(_forward(reader, upstream_writer),
                             _forward(upstream_reader, writer))

    async with bot_process(tmp_path, closed, gateway=fake.gateway_url) as bot:
        output = await bot.wait_output(RETRY_LINE, 3, timeout=20)
        server = await asyncio.start_server(pipe, "127.0.0.1", port)  # the route is back
        try:
            await fake.wait_for(lambda: bool(fake.gateway.live_sessions()), timeout=20,
                                what="the bot to connect once Discord could be reached")
        finally:
            server.close()
    pauses = [int(p) for p in RETRY_LINE.findall(output)]
    assert pauses[:3] == [1, 2, 4], "the pause grows"
    assert closed in output
    assert "Traceback" not in bot.output(), bot.output()[-3000:]
