"""A PostgreSQL server of a test's own, to stop and start: the shared server that
``scripts/test-postgres.sh`` starts serves other tests meanwhile and must never stop.

It is made the way the script makes its throwaway cluster (the distribution's ``initdb`` and
``pg_ctl``, a unix socket in a temporary directory, no durability), as the packages' user when
the tests run as root. ``stop()`` is PostgreSQL's fast shutdown: open sessions are told the
administrator ended them, as in a real restart; new connections find no socket.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest


def _bindir() -> Path | None:
    """The newest server of the distribution's packages, else one on the PATH."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"),
                   key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)
    for candidate in reversed(found):
        if all((candidate / name).exists() for name in ("initdb", "pg_ctl", "postgres")):
            return candidate
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb and shutil.which("pg_ctl") else None


class PostgresServer:
    def __init__(self) -> None:
        bindir = _bindir()
        if bindir is None:
            pytest.skip("no PostgreSQL server binaries (initdb, pg_ctl)")
        self.bindir = bindir
        # /tmp: the socket's path must stay under 108 bytes.
        self.root = Path(tempfile.mkdtemp(prefix="parlor-pgf-", dir="/tmp"))
        self.data = self.root / "data"
        self._as: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            owner = "postgres"
            if subprocess.run(["id", owner], capture_output=True).returncode != 0:
                owner = "nobody"
            shutil.chown(self.root, owner)
            self._as = ["runuser", "-u", owner, "--"]
        self.running = False

    @property
    def dsn(self) -> str:
        return f"postgresql://parlor@/postgres?host={self.root}&port=5432"

    def _run(self, *command: str) -> None:
        done = subprocess.run([*self._as, *command], capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")

    def create(self) -> None:
        self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", "parlor",
                  "--auth=trust", "--encoding=UTF8", "--no-locale", "--no-sync")
        settings = ("listen_addresses = ''", f"unix_socket_directories = '{self.root}'",
                    "max_connections = 40", "fsync = off", "synchronous_commit = off",
                    "full_page_writes = off")
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write("\n".join(settings) + "\n")

    def start(self) -> None:
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l",
                  str(self.root / "server.log"), "-w", "-t", "30", "start")
        self.running = True

    def stop(self) -> None:
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w",
                  "stop")
        self.running = False

    async def start_async(self) -> None:
        await asyncio.to_thread(self.start)

    async def stop_async(self) -> None:
        await asyncio.to_thread(self.stop)

    def remove(self) -> None:
        if self.running:
            subprocess.run([*self._as, str(self.bindir / "pg_ctl"), "-D", str(self.data),
                            "-m", "immediate", "-w", "stop"], capture_output=True)
            self.running = False
        shutil.rmtree(self.root, ignore_errors=True)
