"""The real bot (`python -m bot`) as a child process pointed at a fake Discord, to be killed.

Its slow built-in bots play random legal moves (``tests/with_random_slow_bots.py``): the soak is
about kills and restarts, and the tests that check the bots' moves seat the same players
(``tests/soak/conftest.py``)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
# Settings the child must not inherit from the developer's shell or .env.
_OURS = ("DISCORD_", "DATABASE_", "BOT_", "BOARD_", "DEFAULT_TURN", "COMMAND_SYNC", "LOG_LEVEL",
         "DEV_GUILD", "SHARD_", "WEB_", "PUBLIC_")
# discord.utils.setup_logging's lines: "date time LEVEL    logger message", maybe coloured.
_COLOUR = re.compile(r"\x1b\[[0-9;]*m")
_SEVERE = re.compile(r"^\[?\S+ \S+\]? \[?(ERROR|CRITICAL)\b.*$", re.MULTILINE)


class BotProcess:
    """Starts, kills and restarts one bot process; its output goes to ``run-<n>.log``."""

    def __init__(self, fake: FakeDiscord, workdir: Path, **settings: str) -> None:
        self.fake = fake
        self.workdir = workdir
        self.settings = {
            "DISCORD_TOKEN": fake.token,
            "DATABASE_PATH": str(workdir / "parlor.db"),
            "DISCORD_API_BASE": fake.api_base,
            "DISCORD_GATEWAY_URL": fake.gateway_url,
            "BOT_MOVE_DELAY": "0.03",
            "BOARD_EDIT_DELAY": "0.05",
            "DEFAULT_TURN_SECONDS": "0",
            "LOG_LEVEL": "INFO",
            # No web pages: bots started side by side (tests on several cores) would all ask
            # for the default port.
            "WEB_PORT": "0",
            **settings,
        }
        self.process: asyncio.subprocess.Process | None = None
        self.runs = 0
        self.kills = 0

    @property
    def database(self) -> Path:
        return Path(self.settings["DATABASE_PATH"])

    def _env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(_OURS)}
        env.update(self.settings)
        env["PYTHONUNBUFFERED"] = "1"
        # The launcher is in tests/, which is not installed: the child, started in a directory
        # of its own, finds it through the path.
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
        return env

    async def start(self, *, timeout: float = 20.0) -> None:
        """Start a process and wait until it holds a live gateway session."""
        assert self.process is None, "already running"
        self.runs += 1
        identified = self.fake.gateway.identify_count
        log = (self.workdir / f"run-{self.runs}.log").open("wb")
        try:
            # cwd: a directory without a .env, so only these settings apply.
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.with_random_slow_bots", "bot", cwd=self.workdir,
                env=self._env(),
                stdout=log, stderr=asyncio.subprocess.STDOUT,
            )
        finally:
            log.close()
        process = self.process

        def up() -> bool:
            if process.returncode is not None:
                raise AssertionError(f"the bot exited with {process.returncode}:\n"
                                     f"{self.output(self.runs)[-3000:]}")
            return self.fake.gateway.identify_count > identified and bool(
                self.fake.gateway.live_sessions())

        try:
            await self.fake.wait_for(up, timeout=timeout, what="the bot process to connect")
        except BaseException:
            # Not left behind the failed test, trying to log in to a fake that is gone.
            self.process = None
            if process.returncode is None:
                process.kill()
            await process.wait()
            raise

    async def kill(self) -> None:
        """SIGKILL: no shutdown code runs, whatever was in flight is cut off."""
        process, self.process = self.process, None
        assert process is not None, "not running"
        if process.returncode is None:
            process.send_signal(signal.SIGKILL)
        await process.wait()
        self.kills += 1
        # The fake sees the socket drop; the session must not receive interactions meanwhile.
        await self.fake.wait_for(lambda: not self.fake.gateway.live_sessions(), timeout=10,
                                 what="the killed bot's gateway session to drop")

    async def stop(self) -> None:
        """Ctrl-C for the last run: the bot closes its client and database as it should."""
        process, self.process = self.process, None
        if process is None or process.returncode is not None:
            return
        process.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(process.wait(), 10)
        except TimeoutError:
            process.kill()
            await process.wait()

    def output(self, run: int) -> str:
        path = self.workdir / f"run-{run}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def severe_lines(self) -> list[str]:
        """Every ERROR or CRITICAL line any run logged, with the run number."""
        found: list[str] = []
        for run in range(1, self.runs + 1):
            text = _COLOUR.sub("", self.output(run))
            found.extend(f"run {run}: {hit.group(0)}" for hit in _SEVERE.finditer(text))
        return found
