"""The picture on a board message: which picture each table's board shows, the file to upload
when it changed, and tables whose channel refuses files (the text board goes on alone and the
host is told once).

A picture rides on the board's own request (a send or an edit), so it costs no token of the
edit budget beyond the board's; the embed points at it with ``attachment://``. A board whose
picture did not change is edited without files, and Discord keeps the attachment it has.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING

import discord

from bot.renderers import renderer_for
from tables.pictures.drawing import Drawer
from tables.pictures.picture import BoardPicture

if TYPE_CHECKING:
    from bot.ports import Ports
    from tables.service import LiveMatch

log = logging.getLogger(__name__)

MISSING_PERMISSIONS = 50013
# Stored in the match's messages (message id 0): its channel refused the picture, so a
# restarted process neither tries again nor tells the host a second time.
PICTURES_OFF = "pictures_off"
# How long a new board message waits for its picture (the first picture of a process waits for
# its drawing worker to start) before it goes out as text, its picture following by an edit.
NEW_BOARD_WAIT = 10.0
# A board edit waits at least this long for its picture, whatever its edit delay: a picture
# takes tens of milliseconds, and one missed by an edit costs an edit of its own.
LEAST_WAIT = 0.25


class BoardPictures:
    def __init__(self, app: Ports) -> None:
        self.app = app
        # The key of the picture each table's current board message shows (absent: none, or
        # not known after a restart: the next board write uploads it).
        self._shown: dict[int, str] = {}
        self._off: set[int] = set()
        # Tables whose board is being tried again without its picture after a refusal, and
        # those of them whose board then went through (so files were the cause).
        self._trial: set[int] = set()
        self._passed: set[int] = set()
        self.drawer = Drawer()
        self.drawer.on_ready = self._drawn_late

    def _drawn_late(self, match_id: int) -> None:
        """A picture a board went out without is drawn: the board's next edit carries it."""
        self.app.desk.picture_ready(match_id)

    def may_attach(self, channel_id: int) -> bool | None:
        """Whether the bot may attach files in the channel, as its gateway cache knows the
        channel's permissions (None: the cache does not know the channel)."""
        channel = self.app.client.get_channel(channel_id)
        if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            return None
        me = channel.guild.me
        return None if me is None else channel.permissions_for(me).attach_files

    async def picture(self, live: LiveMatch, locale: str | None) -> BoardPicture | None:
        """The picture the board should carry; None without one (a game without pictures, a
        table whose channel refuses files — its host is told the first time)."""
        if live.id in self._off or live.state is None:
            return None
        renderer = renderer_for(live.record.game)
        picture = renderer.board_picture(live, live.game.view(live.state, None), locale)
        if picture is not None and self.may_attach(live.record.channel_id) is False:
            await self.turn_off(live)
            return None
        return picture

    async def files(self, match_id: int, picture: BoardPicture | None,
                    embeds: list[discord.Embed], *, fresh: bool, wait: float | None = None
                    ) -> list[discord.File] | None:
        """Point the board's embed at ``picture``; the files to send with the board: the drawn
        picture when the message does not show it yet (``fresh``: a new message), ``[]`` to
        drop a picture the board should no longer show, None to keep what it has. A picture
        not drawn within ``wait`` seconds (None: however long it takes) is left out: the board
        keeps the picture it shows, and the drawer calls for another edit when the new one is
        ready (``Desk.picture_ready``). A new message waits up to ``NEW_BOARD_WAIT``."""
        if picture is None:
            return [] if not fresh and match_id in self._shown else None
        if not fresh and self._shown.get(match_id) == picture.key:
            self._point(embeds, picture)
            return None
        if wait is None and fresh:
            wait = NEW_BOARD_WAIT
        elif wait is not None:
            wait = max(wait, LEAST_WAIT)
        try:
            png = await self.drawer.png(match_id, picture, wait)
        except Exception:  # a painter's bug or a dead worker: the text board goes on
            log.exception("match %s: the board's picture could not be drawn", match_id)
            png = None
        if png is None:
            if not fresh and match_id in self._shown:
                self._point(embeds, picture)  # the picture shown so far stays until then
            return None
        self._point(embeds, picture)
        return [discord.File(io.BytesIO(png), filename=picture.filename)]

    @staticmethod
    def _point(embeds: list[discord.Embed], picture: BoardPicture) -> None:
        if embeds:
            embeds[0].set_image(url=f"attachment://{picture.filename}")

    def shown(self, match_id: int, picture: BoardPicture | None,
              files: list[discord.File] | None) -> None:
        """The board write carrying ``files`` went through."""
        if match_id in self._trial:
            self._passed.add(match_id)
        if files is None:
            return
        if picture is None or not files:
            self._shown.pop(match_id, None)
        else:
            self._shown[match_id] = picture.key
            self.drawer.shown(match_id)

    def forget(self, match_id: int) -> None:
        """The board is a new message (or unknown): its picture is uploaded with its next write."""
        self._shown.pop(match_id, None)

    def loaded(self, match_id: int, kinds: set[str]) -> None:
        """What a restarted process learns from the match's stored messages."""
        if PICTURES_OFF in kinds:
            self._off.add(match_id)

    def refused(self, failure: discord.HTTPException, files: list[discord.File] | None,
                channel_id: int) -> bool:
        """Whether Discord may have refused the board for its picture: a board with a file
        refused for missing permissions where the cache does not know the channel's. Where it
        knows the bot may attach files, the refusal is about something else (the table is
        paused like any other)."""
        return bool(files) and failure.code == MISSING_PERMISSIONS and \
            self.may_attach(channel_id) is None

    def suspend(self, match_id: int) -> None:
        """Discord refused a board that carried a picture (50013): the board is tried again
        without it (``after_retry`` says what the refusal was about)."""
        self._off.add(match_id)
        self._trial.add(match_id)
        self._passed.discard(match_id)

    async def after_retry(self, live: LiveMatch) -> None:
        """The board without its picture went through: the channel refuses files only, and the
        table goes on as text. It did not: the bot lost more than Attach Files (the table is
        paused, or tried again later), and pictures come back with the board."""
        self._trial.discard(live.id)
        if live.id in self._passed:
            self._passed.discard(live.id)
            await self.turn_off(live)
        else:
            self._off.discard(live.id)

    async def turn_off(self, live: LiveMatch) -> None:
        """The channel does not take files: this table's boards go on as text, and its host is
        told once (by DM; a closed DM is not retried)."""
        self._off.add(live.id)
        self._shown.pop(live.id, None)
        self.drawer.forget(live.id)
        log.warning("match %s: the channel refuses files; the board goes on without its "
                    "picture", live.id)
        stored = {message.kind for message in await self.app.repo.messages(live.id)}
        if PICTURES_OFF in stored:
            return  # told before a restart
        await self.app.repo.save_message(live.id, PICTURES_OFF, live.record.channel_id, 0)
        if not await self.app.desk.tell_host(live, "picture.no_attach_dm"):
            log.warning("match %s: could not tell the host that pictures are off", live.id)
