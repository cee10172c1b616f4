"""The web pages' secret (``web.links.load_secret``) on every backend: made on the first start,
the same after a restart, so the links handed out keep working."""

from __future__ import annotations

from tests.storage.backends import Backend
from web.links import SECRET_KEY, SECRET_ROW, load_secret


async def test_the_secret_is_made_once_and_kept(backend: Backend) -> None:
    first = backend.make()
    await first.open()
    made = await load_secret(first)
    assert len(made) == 32
    assert (await first.guild_settings(SECRET_ROW)).data[SECRET_KEY] == made.hex()
    await first.close()
    again = backend.make()
    await again.open()
    try:
        assert await load_secret(again) == made
    finally:
        await again.close()
