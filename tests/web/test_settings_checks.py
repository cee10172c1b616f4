"""Settings that cannot work stop the start with one clear line: no shard to run, shard ids
outside SHARD_COUNT, a PUBLIC_URL that is no absolute http(s) URL, a web port in use."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError
from tests.web.tables import world
from web.server import PortInUse, WebServer

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "A" * 24 + "." + "B" * 6 + "." + "C" * 27


def settings(**values: object) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


@pytest.mark.parametrize("values, said", [
    ({"shard_ids": []}, "SHARD_IDS is an empty list"),
    ({"shard_ids": [0, 1]}, "SHARD_IDS is set without SHARD_COUNT"),
    ({"shard_count": 4, "shard_ids": [3, 4, 7]}, "SHARD_IDS [4, 7] are outside SHARD_COUNT=4"),
    ({"public_url": "parlor.example.org"}, "PUBLIC_URL 'parlor.example.org' is not an absolute"),
    ({"public_url": "ftp://parlor.example.org"}, "is not an absolute http(s) URL"),
    ({"public_url": "https://"}, "is not an absolute http(s) URL"),
])
def test_refused(values: dict[str, object], said: str) -> None:
    with pytest.raises(SettingsError, match=None) as refused:
        settings(**values).check()
    assert said in str(refused.value)
    assert "\n" not in str(refused.value)


def test_accepted() -> None:
    good = settings(shard_count=4, shard_ids=[0, 3], public_url="https://parlor.example.org/")
    good.check()
    assert good.public_base() == "https://parlor.example.org"
    assert settings().public_base() is None and settings().web_port == 8080


async def test_port_in_use(tmp_path: Path) -> None:
    made = await world(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(PortInUse, match=f"WEB_PORT {port} on 127.0.0.1 cannot be used"):
            await WebServer(made.parts, "127.0.0.1", port).start()
    await made.repo.close()


def _start(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items()
                   if not k.startswith(("SHARD_", "WEB_", "PUBLIC_", "DATABASE_"))}
    environment.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN=TOKEN,
                       DATABASE_PATH=str(tmp_path / "p.db"),
                       DISCORD_API_BASE="http://127.0.0.1:9/api/v10", **env)
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=environment,
                          capture_output=True, text=True, timeout=60)


def test_the_bot_says_it_in_one_line(tmp_path: Path) -> None:
    refused = _start(tmp_path, SHARD_IDS="[]")
    assert refused.returncode == 2
    assert refused.stderr.strip().startswith("parlor: SHARD_IDS is an empty list")
    assert len(refused.stderr.strip().splitlines()) == 1
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = _start(tmp_path, WEB_PORT=str(port))
    assert busy.returncode == 2
    assert f"parlor: WEB_PORT {port} on 127.0.0.1 cannot be used" in busy.stderr
    assert len([line for line in busy.stderr.splitlines() if "parlor:" in line]) == 1
