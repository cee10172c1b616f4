"""Private threads for teams: a team whose members share a secret plans together in a private
thread of the table's channel that only they (and the bot) can read.

A game's renderer declares its teams (``Renderer.team_threads``): a stable key, the seats on
the team and the text only they may read. The Desk opens a private thread for each team (once,
whatever restarts), adds exactly the people who play its seats — never a bot seat, a spectator
or anyone else —, posts the team's text there, edits it when the text changes, and archives
the thread when the game ends. Without Create Private Threads, or when a member cannot be
added, the team's text goes to each member's private panel instead, and the host is told once.

Stored with the match's messages: ``thread:<key>`` (channel id = the thread, message id = the
team's text, 0 until posted) and ``thread-off:<key>`` (the team reads its text in the panels).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot.renderers import renderer_for
from bot.renderers.base import TeamThread
from bot.renderers.markdown import markdown, plain

if TYPE_CHECKING:
    from bot.ports import Ports
    from tables.service import LiveMatch

log = logging.getLogger(__name__)

OPEN = "thread:"
OFF = "thread-off:"
PRIVATE_THREAD: Literal[12] = 12
# A week: the longest Discord lets a thread wait before archiving itself.
AUTO_ARCHIVE_MINUTES: Literal[10080] = 10080
NO_PINGS = discord.AllowedMentions.none()
CONTENT_LIMIT = 2000
THREAD_NAME_LIMIT = 100


@dataclass
class OpenThread:
    thread_id: int
    message_id: int  # the team's text (0: not posted yet)
    digest: str | None = None  # of the text the message shows (None: not known)


@dataclass
class MatchThreads:
    opened: dict[str, OpenThread]
    off: set[str]


def digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def written(team: TeamThread) -> str:
    """The team's text as its thread shows it (Discord markdown, within a message's limit)."""
    return markdown(team.content, CONTENT_LIMIT)


class TeamThreads:
    def __init__(self, app: Ports) -> None:
        self.app = app
        self._matches: dict[int, MatchThreads] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._dirty: set[int] = set()
        self._running: set[int] = set()

    # -- what the renderer declares ------------------------------------------------------------
    def teams(self, live: LiveMatch, locale: str | None = None) -> list[TeamThread]:
        """The match's teams, their texts in ``locale`` (by default the table's, which the
        team's thread is written in)."""
        if live.state is None:
            return []
        return renderer_for(live.record.game).team_threads(
            live, live.record.locale if locale is None else locale)

    def wanted(self, live: LiveMatch) -> bool:
        """Whether the match has (or may have) team threads to keep."""
        return live.id in self._matches or bool(self.teams(live))

    def panel_teams(self, live: LiveMatch, seat: int, locale: str | None
                    ) -> list[TeamThread]:
        """The teams whose text ``seat`` reads in its private panel, in its reader's
        ``locale``: those it is on whose thread is not known to be open (it could not be, or a
        restarted process has not looked yet)."""
        known = self._matches.get(live.id)
        return [team for team in self.teams(live, locale) if seat in team.seats and (
            known is None or team.key not in known.opened or
            known.opened[team.key].message_id == 0)]

    # -- keeping the threads -------------------------------------------------------------------
    async def _known(self, match_id: int) -> MatchThreads:
        known = self._matches.get(match_id)
        if known is None:
            known = MatchThreads({}, set())
            for message in await self.app.repo.messages(match_id):
                if message.kind.startswith(OPEN):
                    known.opened[message.kind[len(OPEN):]] = OpenThread(
                        message.channel_id, message.message_id)
                elif message.kind.startswith(OFF):
                    known.off.add(message.kind[len(OFF):])
            self._matches[match_id] = known
        return known

    def request(self, live: LiveMatch) -> Coroutine[Any, Any, None] | None:
        """The match changed: the work that brings its threads up to date, or None when a
        run already under way will see the change (moves in a burst cost one run)."""
        self._dirty.add(live.id)
        if live.id in self._running:
            return None
        self._running.add(live.id)
        return self._run(live)

    async def _run(self, live: LiveMatch) -> None:
        try:
            while live.id in self._dirty:
                self._dirty.discard(live.id)
                await self.sync(live)
        finally:
            self._running.discard(live.id)

    async def sync(self, live: LiveMatch) -> None:
        """Open the threads of teams that have none, and bring each thread's text up to date."""
        async with self._locks.setdefault(live.id, asyncio.Lock()):
            await self._sync(live)

    async def _sync(self, live: LiveMatch) -> None:
        teams = self.teams(live)  # read under the lock: the match as it is now
        if not teams:
            return
        known = await self._known(live.id)
        for team in teams:
            if team.key in known.off:
                continue
            thread = known.opened.get(team.key)
            if thread is None or thread.message_id == 0:
                await self._open(live, known, team, thread)
            elif thread.digest != digest(written(team)):
                await self._update(live, team, thread)

    def members(self, live: LiveMatch, team: TeamThread) -> list[int]:
        """The people to add: whoever plays one of the team's seats. A seat of the built-in bot
        needs no one; a player whose seat a bot holds for now stays on the team."""
        users = []
        for seat in team.seats:
            if 0 <= seat < len(live.seats) and live.seats[seat].user_id is not None:
                users.append(live.seats[seat].user_id)
        return list(dict.fromkeys(u for u in users if u is not None))

    async def _open(self, live: LiveMatch, known: MatchThreads, team: TeamThread,
                    thread: OpenThread | None) -> None:
        http = self.app.client.http
        budget = self.app.desk.budget
        channel_id = live.record.channel_id
        if thread is None:
            try:
                await budget.take(live.id)
                data = await http.start_thread_without_message(
                    channel_id, name=plain(team.name, THREAD_NAME_LIMIT),
                    auto_archive_duration=AUTO_ARCHIVE_MINUTES,
                    type=PRIVATE_THREAD, invitable=False)
            except discord.HTTPException as failure:
                await self._fall_back(live, known, team, failure)
                return
            thread = OpenThread(int(data["id"]), 0)
            known.opened[team.key] = thread
            await self.app.repo.save_message(live.id, OPEN + team.key, thread.thread_id, 0)
        for user_id in self.members(live, team):
            try:
                await budget.take(live.id)
                await http.add_user_to_thread(thread.thread_id, user_id)
            except discord.HTTPException as failure:
                # A team that cannot all read the thread does not get one: it would leave the
                # missing member out of the plans.
                await self._drop(thread)
                del known.opened[team.key]
                await self._fall_back(live, known, team, failure)
                return
        try:
            await budget.take(live.id)
            message = await self.app.client.get_partial_messageable(thread.thread_id).send(
                written(team), allowed_mentions=NO_PINGS)
        except discord.HTTPException as failure:
            log.warning("match %s: could not post in team thread %s (%s %s)", live.id,
                        team.key, failure.status, failure.code)
            return  # tried again on the next change; the panel shows the text meanwhile
        thread.message_id = message.id
        thread.digest = digest(written(team))
        await self.app.repo.save_message(live.id, OPEN + team.key, thread.thread_id, message.id)

    async def _drop(self, thread: OpenThread) -> None:
        try:
            await self.app.desk.budget.take()
            await self.app.client.http.delete_channel(thread.thread_id)
        except discord.HTTPException:
            log.warning("could not delete the team thread %s", thread.thread_id)

    async def _update(self, live: LiveMatch, team: TeamThread, thread: OpenThread) -> None:
        try:
            await self.app.desk.budget.take(live.id)
            channel = self.app.client.get_partial_messageable(thread.thread_id)
            await channel.get_partial_message(thread.message_id).edit(
                content=written(team), allowed_mentions=NO_PINGS)
            thread.digest = digest(written(team))
        except discord.HTTPException as failure:
            log.warning("match %s: could not update team thread %s (%s %s)", live.id,
                        team.key, failure.status, failure.code)

    async def _fall_back(self, live: LiveMatch, known: MatchThreads, team: TeamThread,
                         failure: discord.HTTPException) -> None:
        """The team reads its text in each member's panel from now on; the host is told once
        per match."""
        log.warning("match %s: no private thread for team %s (%s %s); its members read it in "
                    "their panels", live.id, team.key, failure.status, failure.code)
        told = bool(known.off)
        known.off.add(team.key)
        await self.app.repo.save_message(live.id, OFF + team.key, live.record.channel_id, 0)
        if told:
            return
        if not await self.app.desk.tell_host(live, "thread.fallback_dm"):
            log.warning("match %s: could not tell the host about the team threads", live.id)

    async def close(self, live: LiveMatch) -> None:
        """The game is over: the teams' last texts, then their threads archived (kept to read,
        out of the channel's list)."""
        async with self._locks.setdefault(live.id, asyncio.Lock()):
            await self._sync(live)
            known = await self._known(live.id)
            for key, thread in known.opened.items():
                try:
                    await self.app.desk.budget.take(live.id)
                    await self.app.client.http.edit_channel(thread.thread_id, archived=True)
                except discord.HTTPException as failure:
                    log.warning("match %s: could not archive team thread %s (%s %s)", live.id,
                                key, failure.status, failure.code)
        self._matches.pop(live.id, None)
        self._locks.pop(live.id, None)
