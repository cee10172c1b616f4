"""Unguessable links: a page of a finished table or of a server is reached only with a token,
an HMAC of its id under a secret the process generates on its first start and keeps in the
database (so every process sharing the database, and every restart, signs alike). Without the
right token a page does not exist (404): ids cannot be enumerated."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from storage import GuildSettingsRecord, Repository

# The secret is kept beside the servers' settings, in the row of guild id 0: no Discord guild
# has that id, and the row travels with the rest of the settings when a database is moved.
SECRET_ROW = 0
SECRET_KEY = "web_secret"


async def load_secret(repo: Repository) -> bytes:
    """The database's web secret, made and saved on first use. Two processes starting at once
    on a new database may both write one; each reads back what was kept, so they agree."""
    record = await repo.guild_settings(SECRET_ROW)
    kept = record.data.get(SECRET_KEY)
    if not isinstance(kept, str) or len(kept) < 64:
        data = {**record.data, SECRET_KEY: secrets.token_hex(32)}
        await repo.save_guild_settings(GuildSettingsRecord(guild_id=SECRET_ROW, data=data))
        kept = (await repo.guild_settings(SECRET_ROW)).data[SECRET_KEY]
    return bytes.fromhex(kept)


class Links:
    """Tokens for ids, and the public addresses of the pages (when ``base`` is known)."""

    def __init__(self, secret: bytes, base: str | None = None) -> None:
        self._secret = secret
        self.base = base

    def token(self, kind: str, ident: int) -> str:
        digest = hmac.new(self._secret, f"{kind}:{ident}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:18]).decode()  # 144 bits, 24 characters

    def valid(self, kind: str, ident: int, token: str) -> bool:
        """Whether ``token`` is ``ident``'s. Compared as bytes, in constant time: the address
        may hold any character (``compare_digest`` refuses ``str`` beyond ASCII)."""
        return hmac.compare_digest(self.token(kind, ident).encode(),
                                   token.encode("utf-8", "surrogateescape"))

    def replay_path(self, match_id: int) -> str:
        return f"/replay/{match_id}/{self.token('match', match_id)}"

    def server_path(self, guild_id: int) -> str:
        return f"/server/{guild_id}/{self.token('guild', guild_id)}"

    def replay_url(self, match_id: int) -> str | None:
        return None if self.base is None else self.base + self.replay_path(match_id)

    def server_url(self, guild_id: int) -> str | None:
        return None if self.base is None else self.base + self.server_path(guild_id)
