"""Turn timers and seat bots, one persistent schedule.

Every seat the game waits for gets an entry: a human's turn timer (warning at half time, the
prompt's default action at the deadline) or a bot's move (after a short, human-paced delay).
Entries are kept in the database, so after a restart they re-arm and games continue without
loading every match up front. An expired entry acts through ``MatchService`` like a click, so a
timeout is an ordinary logged action.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Coroutine
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.service import LiveMatch, MatchChange, Refusal
from games.core import Prompt
from storage import MatchNotFound, MatchStatus, TimerRecord

if TYPE_CHECKING:
    from bot.app import Parlor

log = logging.getLogger(__name__)


@dataclass
class Entry:
    match_id: int
    seat: int
    version: int
    deadline: float  # epoch seconds
    warn_at: float | None  # epoch seconds, None when no warning is due
    prompt_kind: str
    bot: bool


class Scheduler:
    def __init__(self, app: Parlor) -> None:
        self.app = app
        self._entries: dict[tuple[int, int], Entry] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._running: set[asyncio.Task[None]] = set()
        # Changes to one match arrive concurrently; its schedule is rebuilt one at a time.
        self._arming: dict[int, asyncio.Lock] = {}

    def deadline(self, match_id: int, seat: int) -> float | None:
        entry = self._entries.get((match_id, seat))
        return None if entry is None or entry.bot else entry.deadline

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        """Re-arm every stored timer of this process's guilds, then run."""
        owned: dict[int, bool] = {}
        for record in await self.app.repo.timers():
            if self.app.settings.shard_ids is not None:
                if record.match_id not in owned:
                    match = await self.app.repo.get_match(record.match_id)
                    owned[record.match_id] = self.app.owns_guild(match.guild_id)
                if not owned[record.match_id]:
                    continue  # another process's shard plays this table
            deadline = record.deadline.timestamp()
            self._entries[(record.match_id, record.seat)] = Entry(
                record.match_id, record.seat, record.version, deadline, None, "", bot=False)
        if self._entries:
            log.info("re-armed %d timers", len(self._entries))
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        """Stop firing and wait for moves in flight, so none is cut off mid-save."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        running = list(self._running)
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)

    # -- arming ------------------------------------------------------------------------------
    # Two halves around every save (see MatchService in bot/service.py): ``arm`` runs before
    # the save and adds or refreshes what the changed match will wait for; ``on_change`` runs
    # after it and drops what the match no longer waits for. A process killed anywhere in
    # between leaves a superset of the timers it needs: a surplus timer finds nothing to do.

    async def _clear(self, match_id: int) -> None:
        for key in [k for k in self._entries if k[0] == match_id]:
            self._entries.pop(key, None)
        await self.app.repo.clear_timers(match_id)

    def _lock_for(self, match_id: int) -> asyncio.Lock:
        return self._arming.setdefault(match_id, asyncio.Lock())

    async def _wanted(self, live: LiveMatch) -> tuple[dict[int, Prompt], float]:
        """The seats that get a schedule entry (bots always, people when timers are on)."""
        config = await self.app.config_for(live.record.guild_id)
        seconds = config.effective(live.record.game).turn_seconds
        if seconds is None:
            seconds = self.app.settings.default_turn_seconds
        wanted = {p.seat: p for p in live.pending()
                  if p.blocking and (live.seats[p.seat].is_bot or seconds > 0)}
        return wanted, float(seconds)

    async def arm(self, live: LiveMatch) -> None:
        if live.record.status != MatchStatus.ACTIVE:
            return  # what a closed or paused match no longer needs goes after the save
        wanted, seconds = await self._wanted(live)
        await self._add(live, wanted, seconds)

    async def _add(self, live: LiveMatch, wanted: dict[int, Prompt], seconds: float) -> None:
        """Add or refresh the entries of the ``wanted`` seats."""
        async with self._lock_for(live.id):
            now = time.time()
            for seat, prompt in wanted.items():
                is_bot = live.seats[seat].is_bot
                current = self._entries.get((live.id, seat))
                if current is not None and current.prompt_kind == prompt.kind \
                        and current.bot == is_bot:
                    continue  # the same decision is still open: its clock keeps running
                if is_bot:
                    entry = Entry(live.id, seat, live.version,
                                  now + self.app.settings.bot_move_delay, None, prompt.kind,
                                  bot=True)
                else:
                    entry = Entry(live.id, seat, live.version, now + seconds,
                                  now + seconds / 2, prompt.kind, bot=False)
                self._entries[(live.id, seat)] = entry
                await self.app.repo.set_timer(TimerRecord(
                    match_id=live.id, seat=seat, version=live.version,
                    deadline=datetime.fromtimestamp(entry.deadline, UTC)))
        self._wake.set()

    async def on_change(self, change: MatchChange) -> None:
        """After a save: reconcile the schedule with the match as it is now, under the match's
        lock, so a later change caught halfway (its timers stored, its seats not yet) is never
        mistaken for the match."""
        if change.kind == "lobby":
            return
        async with self.app.service.match_lock(change.live.id):
            live = await self.app.service.get(change.live.id)
            active = live.record.status == MatchStatus.ACTIVE
            if active:
                wanted, seconds = await self._wanted(live)
                await self._add(live, wanted, seconds)
            lock = self._lock_for(live.id)
            async with lock:
                if not active:
                    await self._clear(live.id)
                else:
                    for key in [k for k in self._entries
                                if k[0] == live.id and k[1] not in wanted]:
                        self._entries.pop(key, None)
                        await self.app.repo.clear_timers(live.id, key[1])
            if live.record.status != MatchStatus.ACTIVE and not lock.locked():
                self._arming.pop(live.id, None)

    # -- firing ------------------------------------------------------------------------------
    async def _run(self) -> None:
        while True:
            now = time.time()
            next_at = now + 3600.0
            for key, entry in list(self._entries.items()):
                if entry.deadline <= now:
                    del self._entries[key]
                    self._spawn(self._expire(entry))
                    continue
                if entry.warn_at is not None and entry.warn_at <= now:
                    entry.warn_at = None
                    self._spawn(self._warn(entry))
                next_at = min(next_at, entry.deadline,
                              entry.warn_at if entry.warn_at is not None else next_at)
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                timeout = max(0.01, next_at - time.time())
                await asyncio.wait_for(self._wake.wait(), timeout=timeout)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _expire(self, entry: Entry) -> None:
        try:
            live = await self.app.service.settled(entry.match_id)
        except MatchNotFound:
            await self.app.repo.clear_timers(entry.match_id)
            return
        prompt = live.game.prompt_for(live.state, entry.seat) if live.state is not None else None
        if live.record.status != MatchStatus.ACTIVE or prompt is None or not prompt.blocking:
            await self.app.repo.clear_timers(entry.match_id, entry.seat)
            return
        seat = live.seats[entry.seat]
        if seat.is_bot:
            rng = random.Random(f"{live.id}:{live.version}:{entry.seat}")
            action = live.game.choose(live.game.view(live.state, entry.seat), prompt, rng)
            source = "bot"
        else:
            action = prompt.default_action()  # type: ignore[assignment]
            source = "timer"
        if action is None:
            return
        try:
            live, _ = await self.app.service.act(entry.match_id, version=live.version,
                                                 seat=entry.seat, action=action, user_id=None,
                                                 source=source)
            if source == "timer":
                await self._afk_ladder(live, entry.seat)
        except Refusal as refusal:
            # The match moved on meanwhile; the change that moved it re-armed the schedule.
            log.debug("scheduled move for match %s refused: %s", entry.match_id, refusal.key)
            if refusal.key == "act.stale":
                live = await self.app.service.get(entry.match_id)
                await self.arm(live)
        except Exception:
            log.exception("scheduled move for match %s failed", entry.match_id)

    async def _afk_ladder(self, live: LiveMatch, seat: int) -> None:
        """After too many turns in a row played by the timer, a bot takes the seat (托管);
        the player can take it back from "My hand"."""
        config = await self.app.config_for(live.record.guild_id)
        limit = config.effective(live.record.game).afk_turns
        if limit > 0 and live.missed.get(seat, 0) >= limit and not live.seats[seat].is_bot \
                and live.record.status == MatchStatus.ACTIVE:
            with contextlib.suppress(Refusal):  # the seat may have changed hands meanwhile
                await self.app.service.hand_to_bot(live.id, seat, reason="afk")

    async def _warn(self, entry: Entry) -> None:
        """Half time: a nudge by DM, or a mention at the table when DMs are closed."""
        try:
            live = await self.app.service.get(entry.match_id)
        except MatchNotFound:
            return
        seat = live.seats[entry.seat]
        if seat.user_id is None or live.record.status != MatchStatus.ACTIVE:
            return
        await self.app.repo.mark_timer_warned(entry.match_id, entry.seat)
        remaining = max(0, int(entry.deadline - time.time()))
        text = t("timer.warning", seat.locale, game=t(f"{live.record.game}.title", seat.locale),
                 seconds=remaining, channel=f"<#{live.record.channel_id}>")
        try:
            dm = await self.app.client.create_dm(discord.Object(id=seat.user_id))
            await dm.send(text)
        except discord.HTTPException:
            try:
                channel = self.app.client.get_partial_messageable(live.record.channel_id)
                await channel.send(
                    t("timer.warning_public", live.record.locale, mention=f"<@{seat.user_id}>",
                      seconds=remaining),
                    allowed_mentions=discord.AllowedMentions(users=True))
            except discord.HTTPException:
                log.warning("match %s: could not warn seat %s", live.id, entry.seat)
