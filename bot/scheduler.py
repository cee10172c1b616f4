"""Turn timers and seat bots, one persistent schedule.

Every seat the game waits for gets an entry: a human's turn timer (warning at half time, the
prompt's default action at the deadline) or a bot's move (after a short, human-paced delay).

The schedule is the service's ``Planner``: before each save it says which entries the match
will have, and those rows are written in the same transaction as the change (one statement
for a move), so the stored schedule always matches the stored state, whatever point a process
is killed at. After a restart the rows re-arm without loading any match. A change after which
the match waits for exactly the entries already stored writes none (a third of Zombie in My
Pocket's moves: a seat's move that leaves the others' clocks running).

Entries live in an index by (match, seat); a heap ordered by time holds a wake-up per seat,
at the time of its entry's next event (the warning, then the deadline). A change that replaces
a seat's entry with a later one pushes nothing: the seat's wake-up, when it surfaces, finds the
entry now there and goes back into the heap at that entry's time. Only an entry due before the
seat's wake-up pushes a new one (the old one is skipped when it surfaces). So the heap holds
about one item per seat whatever the pace of changes (a heap of every replaced entry grew by
thousands a second, and rebuilding it without them held the event loop for tens of
milliseconds), a change costs O(log n) at most and a wake O(1), whatever the number of
tables. Only a few expiries run at once, oldest first: after a stop,
a thousand timers fall due together, and clicks must still get the event loop between them.
An expiry waiting for a bot's search in a worker process (bot/choosing.py) holds no slot
meanwhile: searching bots never hold up another table's timers.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import math
import random
import time
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.choosing import Choosers
from bot.renderers.markdown import markdown
from games import registry
from games.core import Action, Clock, Prompt
from storage import MatchNotFound, MatchStatus, StorageUnavailable, TimerSet
from storage.rows import timer_json, timer_set
from tables import metrics
from tables.failures import log_failure
from tables.i18n import t
from tables.service import LiveMatch, Refusal
from tables.text import channel, mention

if TYPE_CHECKING:
    from bot.ports import Ports

log = logging.getLogger(__name__)

# Expiries and warnings running at once. Each loads a match (from its snapshot when it is not
# in memory) and saves a move: a handful keeps the database busy while the loop stays free.
MAX_RUNNING = 8
# A scheduled move that failed (the engine refused it, the database was busy) is tried again
# after this long, unless a change to its match replaced it first.
RETRY_AFTER = 5.0
DUE, WARN = 0, 1
# What ``Scheduler._wakes`` gives for a seat with no wake-up: (when, order), no order matching.
_NO_WAKE = (0.0, -1)
# The heap is rebuilt without its skipped wake-ups once it holds this many times the seats it
# wakes (plus a floor, so a small schedule is never rebuilt): amortised O(1) per change. Only
# entries due before their seat's wake-up leave one behind (a response window after a turn).
COMPACT_FACTOR = 3
COMPACT_MINIMUM = 1_000
# Bots choose their moves off the event loop (bot/choosing.py: worker threads, or worker
# processes for a game whose bot searches), so a search does not hold every other table's
# clicks. A move chosen there is played only if its match did not move meanwhile; after this
# many such misses it is chosen under the match's lock.
THINK_TRIES = 3


@dataclass(slots=True, eq=False)
class Entry:
    match_id: int
    seat: int
    version: int  # the match version the entry was made at
    deadline: float  # epoch seconds
    warn_at: float | None  # epoch seconds, None when no warning is due
    # The question it times ("" for an entry re-armed from the database, not yet matched to a
    # prompt): a seat asked the same question across other seats' moves keeps its deadline.
    question: str
    bot: bool
    clock: Clock = "turn"
    fired: bool = False  # its deadline came: taken off the heap, its move under way
    # In the index (``Scheduler._by_match``): it is the entry its seat waits on. Kept on the
    # entry, so that an expiry or a warning under way tells whether a change replaced its
    # entry without looking the seat up.
    armed: bool = False
    moved: bool = False  # its move was chosen, the change being saved is that move
    row: str = ""  # ``row_text()``'s last answer
    row_warned: bool = False  # the ``warned`` it was made with

    @property
    def key(self) -> tuple[int, int]:
        return self.match_id, self.seat

    def row_text(self) -> str:
        """The entry's timer as the repository writes it (``storage.rows.timer_json``). A
        change writes the rows of every seat still waited for, most of them unchanged: the
        text is made once per entry (and again once its warning went out)."""
        warned = self.warn_at is None and not self.bot
        if not self.row or self.row_warned != warned:
            self.row = timer_json(self.seat, self.version, self.deadline, warned)
            self.row_warned = warned
        return self.row


def _next_event(entry: Entry) -> tuple[float, int] | None:
    """When ``entry`` next acts and how (DUE or WARN); None once its deadline has fired. An
    entry's deadline and warning time are set once; the warning's is cleared once sent."""
    if entry.fired:
        return None
    if entry.warn_at is not None:
        return entry.warn_at, WARN
    return entry.deadline, DUE


class Scheduler:
    def __init__(self, app: Ports) -> None:
        self.app = app
        # The entries by match and seat (one index: every move looks its match's entries up).
        self._by_match: dict[int, dict[int, Entry]] = {}
        self._armed = 0  # entries in ``_by_match``
        # Wake-ups (when, order, (match, seat)); a seat's current one is in ``_wakes``, the
        # others are skipped when they surface.
        self._heap: list[tuple[float, int, tuple[int, int]]] = []
        self._wakes: dict[tuple[int, int], tuple[float, int]] = {}  # seat: (when, order)
        self._order = itertools.count()
        # Entries ``plan`` chose for a save in progress, adopted by ``saved`` once it landed.
        self._planned: dict[int, dict[int, Entry]] = {}
        # Matches whose stored rows may differ from their entries here: a save planned and not
        # (yet) known to have landed (a failed write may have landed all the same), an entry
        # retried or forgotten without a write. Their next change writes its rows, whatever.
        self._unsettled: set[int] = set()
        self._wake = asyncio.Event()
        # When the run loop's alarm goes off (epoch seconds) while it sleeps on one; -inf while
        # it runs, waits for a free slot or has not started. A save wakes the loop only for an
        # entry due before then: the loop's turn costs more than the save's own bookkeeping,
        # and at a thousand moves a second nearly every new entry is due after the alarm.
        self._alarm_at = -math.inf
        self._task: asyncio.Task[None] | None = None
        self._running: set[asyncio.Task[None]] = set()
        self._max_running = MAX_RUNNING
        # Expiries waiting for a bot's search in a worker process: they hold no slot of
        # ``MAX_RUNNING`` meanwhile (a slot bounds loads and saves), so a table of searching
        # bots never delays another table's timers by its searches.
        self._searching = 0
        self._choosers = Choosers()

    def deadline(self, match_id: int, seat: int) -> float | None:
        entry = self._entry_at((match_id, seat))
        return None if entry is None or entry.bot else entry.deadline

    def pending(self) -> int:
        """Entries armed (for tests and the benchmarks)."""
        return self._armed

    def due(self) -> int:
        """Entries whose time has come: being handled, or waiting for a free slot."""
        now = time.time()
        waiting = sum(1 for seats in self._by_match.values() for entry in seats.values()
                      if (event := _next_event(entry)) is not None and event[0] <= now)
        return len(self._running) + waiting

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
            self._put(Entry(record.match_id, record.seat, record.version,
                            record.deadline.timestamp(), None, "", bot=False))
        if self._armed:
            log.info("re-armed %d timers", self._armed)
        for name in registry.names():
            self._choosers.prepare(registry.get(name))
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        """Stop firing and wait for moves in flight, so none is cut off mid-save."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        running = list(self._running)
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        self._choosers.close()

    # -- the index and the heap ----------------------------------------------------------------
    def _put(self, entry: Entry) -> None:
        seats = self._by_match.get(entry.match_id)
        if seats is None:
            seats = self._by_match[entry.match_id] = {}
        replaced = seats.get(entry.seat)
        if replaced is None:
            self._armed += 1
        else:
            replaced.armed = False
        seats[entry.seat] = entry
        entry.armed = True
        event = _next_event(entry)
        if event is not None:
            self._wake_at(entry.key, event[0])

    def _wake_at(self, key: tuple[int, int], when: float) -> None:
        """Makes sure the seat ``key`` is woken by ``when``."""
        wake = self._wakes.get(key)
        if wake is not None and wake[0] <= when:
            return  # woken earlier already: it looks again then
        order = next(self._order)
        self._wakes[key] = (when, order)
        heapq.heappush(self._heap, (when, order, key))
        if len(self._heap) > COMPACT_FACTOR * len(self._wakes) + COMPACT_MINIMUM:
            self._compact()

    def _compact(self) -> None:
        """Drop the wake-ups that a seat's earlier one replaced. They would surface at their
        own time (a human's turn: minutes); in numbers they cost memory, and objects for every
        full collection to walk."""
        wakes = self._wakes
        self._heap = [item for item in self._heap if wakes.get(item[2], _NO_WAKE)[1] == item[1]]
        heapq.heapify(self._heap)

    def _entry_at(self, key: tuple[int, int]) -> Entry | None:
        """The entry the seat ``key`` (match, seat) waits on, if any."""
        seats = self._by_match.get(key[0])
        return None if seats is None else seats.get(key[1])

    def _drop(self, entry: Entry) -> None:
        """Forget ``entry`` (its seat's wake-up finds nothing when it surfaces)."""
        seats = self._by_match.get(entry.match_id)
        if seats is not None and seats.get(entry.seat) is entry:
            del seats[entry.seat]
            entry.armed = False
            self._armed -= 1
            if not seats:
                del self._by_match[entry.match_id]

    @staticmethod
    def _current(entry: Entry) -> bool:
        return entry.armed

    # -- planning (the service's Planner) -------------------------------------------------------
    async def plan(self, current: LiveMatch, upcoming: LiveMatch) -> TimerSet | None:
        """The entries ``upcoming`` waits for: a seat still asked the same question keeps its
        entry and its clock; a new question gets a fresh deadline. Their rows, or None when
        they are the rows stored already."""
        existing = self._by_match.get(upcoming.id, {})
        if upcoming.record.status != MatchStatus.ACTIVE:
            self._planned[upcoming.id] = {}
            return self._rows(upcoming.id, {}, existing)
        # The server's clocks, looked up for the first person asked: a move that only bots
        # wait for needs none.
        turn_seconds = response_seconds = -1.0
        now = time.time()
        chosen: dict[int, Entry] = {}
        seats = upcoming.seats
        for prompt in upcoming.pending():
            if not prompt.blocking:
                continue  # moves a seat may make at any time: nothing is waited for
            is_bot = seats[prompt.seat].is_bot
            response = prompt.clock == "response"
            seconds = 0.0
            if not is_bot:
                if turn_seconds < 0:
                    turn_seconds, response_seconds = await self._clocks(upcoming)
                # A response window always runs its clock: a table must not wait forever for
                # a "Dodge?" because the server turned the turn timer off.
                seconds = response_seconds if response else turn_seconds
                if seconds <= 0:
                    continue
            question = prompt.question_id
            entry = existing.get(prompt.seat)
            if entry is not None and entry.question == "":
                self._adopt(entry, current)
            if is_bot and prompt.question and entry is not None and entry.moved \
                    and entry.question == question:
                # A bot answers a named question once: a game may keep asking a seat that
                # has answered (to hide who has), and a bot must not answer it forever.
                chosen[prompt.seat] = entry
                continue
            if entry is not None and entry.fired and entry.question == question \
                    and entry.bot == is_bot and not entry.moved:
                # Its time is up, but another change got in before its move: still due.
                entry = Entry(upcoming.id, prompt.seat, entry.version, entry.deadline, None,
                              question, bot=is_bot, clock=prompt.clock)
            elif entry is None or entry.fired or entry.question != question \
                    or entry.bot != is_bot:
                if is_bot:
                    # In a window, bots answer at once: a table of bots never waits on a
                    # clock for "Dodge?", and a person's window closes as soon as theirs is in.
                    delay = 0.0 if response else self.app.settings.bot_move_delay
                    entry = Entry(upcoming.id, prompt.seat, upcoming.version, now + delay, None,
                                  question, bot=True, clock=prompt.clock)
                else:
                    # No half-time reminder for a window of a few seconds: the open panel
                    # shows it (bot/panels.py).
                    warn_at = None if response else now + seconds / 2
                    entry = Entry(upcoming.id, prompt.seat, upcoming.version, now + seconds,
                                  warn_at, question, bot=False, clock=prompt.clock)
            chosen[prompt.seat] = entry
        self._planned[upcoming.id] = chosen
        return self._rows(upcoming.id, chosen, existing)

    async def _clocks(self, live: LiveMatch) -> tuple[float, float]:
        """The match's server's turn and response seconds."""
        config = await self.app.config_for(live.record.guild_id)
        turn_seconds = config.turn_seconds_for(live.record.game)
        if turn_seconds is None:
            turn_seconds = self.app.settings.default_turn_seconds
        return turn_seconds, config.response_seconds

    def _rows(self, match_id: int, chosen: dict[int, Entry], existing: dict[int, Entry]
              ) -> TimerSet | None:
        """The rows to write with the change: None when the match will wait for exactly the
        entries whose rows are stored (the same objects: an entry is never changed in what its
        row says, only replaced; a warning is stored by ``_warn`` itself)."""
        if match_id not in self._unsettled and len(chosen) == len(existing) \
                and all(existing.get(seat) is entry for seat, entry in chosen.items()):
            return None
        self._unsettled.add(match_id)
        # The set as text (the entries answer for it: one match, a seat each, UTC deadlines).
        return timer_set(match_id, [entry.row_text() for entry in chosen.values()])

    @staticmethod
    def _adopt(entry: Entry, current: LiveMatch) -> None:
        """An entry re-armed from the database was made for the match as stored, which is
        ``current``: it belongs to the question that seat is asked there."""
        prompt = None if current.state is None else \
            current.game.prompt_for(current.state, entry.seat)
        if prompt is not None and prompt.blocking:
            entry.question = prompt.question_id
            entry.clock = prompt.clock
            entry.bot = current.seats[entry.seat].is_bot

    def saved(self, live: LiveMatch) -> None:
        chosen = self._planned.pop(live.id, {})
        self._unsettled.discard(live.id)  # what ``plan`` chose is what is stored now
        for entry in list(self._by_match.get(live.id, {}).values()):
            if chosen.get(entry.seat) is not entry:
                self._drop(entry)
        wake = False
        for entry in chosen.values():
            if not self._current(entry):
                self._put(entry)
                wake = wake or entry.deadline < self._alarm_at or (
                    entry.warn_at is not None and entry.warn_at < self._alarm_at)
        if wake:
            self._wake.set()

    # -- firing ------------------------------------------------------------------------------
    async def _run(self) -> None:
        while True:
            now = time.time()
            while self._heap and self._busy() < self._max_running:
                when, order, key = self._heap[0]
                if when > now:
                    break
                heapq.heappop(self._heap)
                if self._wakes.get(key, _NO_WAKE)[1] != order:
                    continue  # an earlier wake-up of the seat replaced it
                del self._wakes[key]
                entry = self._entry_at(key)
                event = None if entry is None else _next_event(entry)
                if entry is None or event is None:
                    continue  # the seat waits for nothing now, or its move is under way
                at, kind = event
                if at > now:
                    self._wake_at(key, at)  # its entry was replaced by a later one
                    continue
                metrics.TIMER_LAG.observe(now - at)
                if kind == DUE:
                    entry.fired = True
                    self._spawn(self._expire(entry))
                else:
                    entry.warn_at = None
                    self._wake_at(key, entry.deadline)
                    self._spawn(self._warn(entry))
            self._wake.clear()
            if self._busy() >= self._max_running:
                await self._wake.wait()  # a finished task wakes the loop
                continue
            now = time.time()
            alarm_at = self._heap[0][0] if self._heap else now + 3600.0
            # A plain timer on the event rather than ``asyncio.wait_for``, whose inner task
            # can outlive a cancellation that lands as the timer fires (Python 3.11).
            alarm = asyncio.get_running_loop().call_later(max(0.0, alarm_at - now),
                                                          self._wake.set)
            self._alarm_at = alarm_at
            try:
                await self._wake.wait()
            finally:
                self._alarm_at = -math.inf
                alarm.cancel()

    def _busy(self) -> int:
        return len(self._running) - self._searching

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._running.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._running.discard(task)
        self._wake.set()
        # Each piece of work handles the failures it expects; one it did not is logged here,
        # once, rather than by asyncio as never retrieved.
        if not task.cancelled() and (error := task.exception()) is not None:
            log_failure(log, error, "scheduled work failed")

    async def _expire(self, entry: Entry) -> None:
        thought: tuple[int, Action] | None = None
        thinking = stale = False

        def decide(live: LiveMatch, prompt: Prompt) -> tuple[Action, str] | None:
            nonlocal stale
            # Under the match's lock: a change since this entry was due replaced it, and the
            # replacement has its own time.
            if not self._current(entry) or not prompt.blocking:
                return None
            if live.seats[entry.seat].is_bot:
                if thought is not None and thought[0] == live.version:
                    decided: tuple[Action, str] | None = (thought[1], "bot")
                elif thinking:
                    stale = True  # the match moved while the bot thought: think again
                    return None
                else:
                    decided = (self._choose(live, entry.seat, prompt), "bot")
            else:
                # A window's timeout is logged like any move but is no missed turn: only the
                # turn clock counts towards a bot taking the seat.
                default = prompt.default_action()
                source = "response" if prompt.clock == "response" else "timer"
                decided = None if default is None else (default, source)
            entry.moved = decided is not None
            return decided

        try:
            for attempt in range(THINK_TRIES + 1):
                # The last try chooses under the lock, on the loop: a match that keeps moving
                # while its bot thinks must still get the bot's move.
                thinking = attempt < THINK_TRIES
                thought = await self._think(entry) if thinking else None
                stale = False
                played = await self.app.service.play_for_seat(entry.match_id, entry.seat,
                                                              decide)
                if not stale:
                    break
        except MatchNotFound:
            await self._forget_stale(entry)
            return
        except Refusal as refusal:
            log.debug("scheduled move for match %s refused: %s", entry.match_id, refusal.key)
            self._retry(entry)
            return
        except Exception as error:
            log_failure(log, error, "scheduled move for match %s failed", entry.match_id)
            self._retry(entry)
            return
        if played is None:
            await self._forget_stale(entry)
            return
        live, _ = played
        if live.missed.get(entry.seat, 0) and not live.seats[entry.seat].is_bot:
            try:
                await self._afk_ladder(live, entry.seat)
            except StorageUnavailable as error:  # the next missed turn climbs the ladder
                log.warning("match %s: seat %s not handed to a bot (%s)", live.id, entry.seat,
                            error)

    async def _think(self, entry: Entry) -> tuple[int, Action] | None:
        """The bot's move for the match as it stands now, chosen off the loop (with the version
        it was chosen at), so that a bot that searches holds no other table's clicks; None
        when the seat is not a bot's or is asked nothing, or a newer question replaced it."""
        live = await self.app.service.get(entry.match_id)
        if live.state is None or not live.seats[entry.seat].is_bot:
            return None
        prompt = live.game.prompt_for(live.state, entry.seat)
        if prompt is None or not prompt.blocking:
            return None
        version = live.version
        view = live.game.view(live.state, entry.seat)
        searching = self._choosers.in_process(live.game)
        if searching:
            self._searching += 1
            self._wake.set()  # its slot is free for another entry while it waits
        try:
            action = await self._choosers.choose(live.game, view, prompt,
                                                 self._rng(live, entry.seat), entry.key)
        finally:
            if searching:
                self._searching -= 1
        return None if action is None else (version, action)

    def _choose(self, live: LiveMatch, seat: int, prompt: Prompt) -> Action:
        return live.game.choose(live.game.view(live.state, seat), prompt,
                                self._rng(live, seat))

    @staticmethod
    def _rng(live: LiveMatch, seat: int) -> random.Random:
        # Seeded by match, version and seat: asked again, a bot makes the same move.
        return random.Random(f"{live.id}:{live.version}:{seat}")

    def _retry(self, entry: Entry) -> None:
        """A move that could not be saved is tried again later, unless its match changed
        meanwhile (the change planned what the match waits for now)."""
        if self._current(entry):
            self._put(Entry(entry.match_id, entry.seat, entry.version,
                            time.time() + RETRY_AFTER, None, entry.question, bot=entry.bot,
                            clock=entry.clock))
            self._unsettled.add(entry.match_id)  # its row still has the deadline that passed

    async def _forget_stale(self, entry: Entry) -> None:
        """An entry that fired with nothing to do (a match gone, a question no longer asked):
        only ever a leftover, since every change stores its match's exact schedule."""
        if self._current(entry):
            self._drop(entry)
            try:
                with contextlib.suppress(Exception):
                    await self.app.repo.clear_timers(entry.match_id, entry.seat)
            finally:
                # Whether or not the row went, and whatever a change wrote meanwhile, the
                # match's next change writes its rows again.
                self._unsettled.add(entry.match_id)

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
        """Half time: a nudge by DM, or a mention at the table when DMs are closed. None
        while the database does not answer: the deadline still comes."""
        if not self._current(entry) or entry.bot:
            return
        try:
            live = await self.app.service.get(entry.match_id)
            seat = live.seats[entry.seat]
            if seat.user_id is None or live.record.status != MatchStatus.ACTIVE:
                return
            await self.app.repo.mark_timer_warned(entry.match_id, entry.seat)
        except MatchNotFound:
            return
        except StorageUnavailable as error:
            log.warning("match %s: seat %s not warned (%s)", entry.match_id, entry.seat, error)
            return
        remaining = max(0, int(entry.deadline - time.time()))
        text = t("timer.warning", seat.locale, game=t(f"{live.record.game}.title", seat.locale),
                 seconds=remaining, channel=channel(live.record.channel_id))
        budget = self.app.desk.budget
        try:
            await self.app.desk.send_dm(seat.user_id, text)
        except discord.HTTPException:
            try:
                await budget.take()
                where = self.app.client.get_partial_messageable(live.record.channel_id)
                await where.send(
                    markdown(t("timer.warning_public", live.record.locale,
                               mention=mention(seat.user_id, seat.display_name),
                               seconds=remaining)),
                    allowed_mentions=discord.AllowedMentions(
                        everyone=False, roles=False, users=[discord.Object(id=seat.user_id)]))
            except discord.HTTPException:
                log.warning("match %s: could not warn seat %s", live.id, entry.seat)
