"""Finished tables replayed from their logs, kept for the pages that step through them.

What a page needs of a table is every action, every event with the step that made it, and the
state every ``CHECKPOINT_EVERY`` steps: the state at any step is the nearest checkpoint before
it with at most ``CHECKPOINT_EVERY - 1`` actions applied, and the last few asked for are
remembered. A closed table's log never changes, so this is worked out once and kept in the
repository (``Repository.save_replay_checkpoints``): each kept checkpoint holds its state and
the events of the actions since the one before. The book replays a table as soon as the service
says it closed (``ReplayBook.on_change``), or in the background after the pages start for a table
closed where none was kept (``ReplayBook.keep_missing``), or else when its page is first asked
for; a table
whose checkpoints are kept is read back instead (its events, and each checkpoint's state and
stretch of the log the first time a step needs them), so any step of a 5,000-action table,
the first one asked for included, costs a few reads and a few engine moves
(``bench/web_replay.py``).

A replay that is not kept yet runs in the background (``tables.replaying.replay_log``, which
hands the event loop back every millisecond), from the first action on: a page of an early step
answers as soon as the replay has passed it rather than when the whole log is done.
"""

from __future__ import annotations

import asyncio
import bisect
import json
import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter

from games import registry
from games.core import Action, Event, Game, Transition
from storage import (
    ActionRecord,
    MatchNotFound,
    MatchRecord,
    MatchStatus,
    ReplayCheckpoint,
    Repository,
    SeatRecord,
)
from tables.failures import log_failure
from tables.replaying import replay_log
from tables.service import LiveMatch, MatchChange

log = logging.getLogger("parlor.web")

CHECKPOINT_EVERY = 32
# States remembered per table besides the checkpoints (a reader steps back and forth).
STATES_KEPT = 64
# Tables kept replayed at once (a Sanguosha table is a few MB of events and checkpoints).
TABLES_KEPT = 16
# Closed tables whose replay was never kept (closed in a process without web pages, or before
# replays were kept) are replayed in the background after the pages start: this long after,
# so as not to compete with the bot's own start, at most this many per start, newest first.
BACKFILL_DELAY = 30.0
BACKFILL_LIMIT = 500
OVER = (MatchStatus.FINISHED, MatchStatus.CANCELLED)
CLOSING = ("finished", "cancelled")  # the service's changes after which a table is over
# A kept checkpoint's events: (the step that made it, the event), in order.
EVENTS: TypeAdapter[list[tuple[int, Event]]] = TypeAdapter(list[tuple[int, Event]])


Made = tuple[int, Event | dict[str, Any]]  # the step that made it, the event or its JSON


@dataclass
class Chunk:
    """The events of the actions after one checkpoint up to the next, public and by seat. A
    kept chunk is JSON until a page first needs it (a 5,000-action table has some 10,000
    events, and a page shows the last few)."""

    raw: str | None = None
    public: list[Made] = field(default_factory=list)
    private: dict[int, list[Made]] = field(default_factory=dict)

    def add(self, step: int, event: Event | dict[str, Any]) -> None:
        to = event.to if isinstance(event, Event) else event.get("to")
        if to is None:
            self.public.append((step, event))
        else:
            for seat in to:
                self.private.setdefault(seat, []).append((step, event))

    def read(self) -> Chunk:
        if self.raw is not None:
            raw, self.raw = self.raw, None
            for step, event in json.loads(raw):
                self.add(step, event)
        return self


def _chunk_of(step: int) -> int:
    """Chunk k holds the events of steps (k - 1) * CHECKPOINT_EVERY + 1 to k * CHECKPOINT_EVERY;
    chunk 0, of the game as set up, none."""
    return -(-step // CHECKPOINT_EVERY)


@dataclass
class Replay:
    record: MatchRecord
    seats: list[SeatRecord]
    repo: Repository
    # The log's actions as stored and (seat, source) of each, by index: all of them once
    # replayed here; of a kept replay, the stretches its steps needed.
    stored: dict[int, dict[str, Any]] = field(default_factory=dict)
    sources: dict[int, tuple[int, str]] = field(default_factory=dict)
    actions: dict[int, Action] = field(default_factory=dict)  # parsed, by index
    # The state after k * CHECKPOINT_EVERY actions, by k (a kept replay's, once read).
    checkpoints: dict[int, Any] = field(default_factory=dict)
    chunks: list[Chunk] = field(default_factory=lambda: [Chunk()])  # the events, by chunk
    built: int = 0  # the steps whose events are known
    kept: bool = False  # the checkpoints are in the repository
    failed: BaseException | None = None
    _states: OrderedDict[int, Any] = field(default_factory=OrderedDict)
    _moved: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def game(self) -> Game[Any, Any]:
        return registry.get(self.record.game)

    @property
    def steps(self) -> int:
        return self.record.version  # the number of actions in the log

    def _take_log(self, log: list[ActionRecord]) -> None:
        for entry in log:
            self.stored[entry.version] = entry.action
            self.sources[entry.version] = (entry.seat, entry.source)

    def restore(self, kept: list[tuple[int, str]]) -> bool:
        """Take the events of the kept checkpoints, if they are all there: every step can be
        shown, the state and the actions it starts from read from the repository when a step
        first needs them."""
        steps = [*range(0, self.steps, CHECKPOINT_EVERY), self.steps]
        if [step for step, _ in kept] != steps:
            return False  # not (all) kept: replayed instead
        self.chunks = [Chunk(raw=events) for _, events in kept]
        self.built = self.steps
        self.kept = True
        self._tell()
        return True

    async def build(self) -> None:
        """Read the log and replay it, telling whoever waits at each checkpoint; then keep
        the checkpoints in the repository."""
        game = self.game
        match_id = self.record.id
        try:
            first = game.setup(len(self.seats), self.record.options, seed=self.record.seed)
            self.checkpoints[0] = first
            self._tell()  # the first step can be shown before the log is read
            self._take_log(await self.repo.actions(match_id))
        except Exception as failure:
            self.failed = failure
            self._tell()
            raise

        since: list[tuple[int, Event]] = []  # the events since the last checkpoint
        kept = [ReplayCheckpoint(match_id=match_id, step=0, state=first.model_dump_json(),
                                 events="[]")]

        def keep(transition: Transition) -> None:
            step = self.built + 1
            if _chunk_of(step) == len(self.chunks):
                self.chunks.append(Chunk())
            chunk = self.chunks[-1]
            for event in transition.events:
                chunk.add(step, event)
                since.append((step, event))
            checkpoint = step % CHECKPOINT_EVERY == 0
            if checkpoint:
                self.checkpoints[step // CHECKPOINT_EVERY] = transition.state
            if checkpoint or step == self.steps:  # the last step holds the last events
                kept.append(ReplayCheckpoint(
                    match_id=match_id, step=step, state=transition.state.model_dump_json(),
                    events=EVENTS.dump_json(since).decode()))
                since.clear()
            self.built = step
            if checkpoint:
                self._tell()

        try:
            await replay_log(game, len(self.seats), self.record.options, self.record.seed,
                             list(self.stored.values()), keep)
        except Exception as failure:
            self.failed = failure
            raise
        finally:
            if self.failed is None and self.built < self.steps:
                self.failed = RuntimeError(f"the log holds {self.built} of the "
                                           f"{self.steps} actions the table counts")
            self._tell()
        if self.failed is not None:
            return  # a log shorter than the table's count: nothing whole to keep
        try:
            await self.repo.save_replay_checkpoints(match_id, kept)
            self.kept = True
        except Exception as error:  # the replay in memory serves; the next process tries again
            log_failure(log, error, "the replay checkpoints of match %s were not kept", match_id)

    def _tell(self) -> None:
        moved, self._moved = self._moved, asyncio.Event()
        moved.set()

    async def reach(self, step: int) -> None:
        """Wait until ``step`` can be shown: the replay has passed it, and the checkpoint it
        starts from is at hand."""
        while self.built < step or not (self.kept or self.checkpoints):
            if self.failed is not None:
                raise RuntimeError(f"the replay of match {self.record.id} failed"
                                   ) from self.failed
            await self._moved.wait()
        if not self.kept or step in self._states:
            return
        index = step // CHECKPOINT_EVERY
        base = index * CHECKPOINT_EVERY
        # The actions from the checkpoint to the step, and the one that made the step.
        first = max(0, min(base, step - 1))
        if any(i not in self.stored for i in range(first, step)):
            self._take_log(await self.repo.actions_between(
                self.record.id, first, min(self.steps, base + CHECKPOINT_EVERY)))
        if index not in self.checkpoints:
            state = await self.repo.replay_state(self.record.id, base)
            if state is None:
                raise RuntimeError(f"match {self.record.id} has no replay checkpoint at step "
                                   f"{base}")
            self.checkpoints.setdefault(index, self.game.parse_state(state))

    def state_at(self, step: int) -> Any:
        """The state after ``step`` actions (0: the game as set up); ``reach`` it first."""
        if not 0 <= step <= self.built:
            raise IndexError(step)
        kept = self._states.get(step)
        if kept is not None:
            self._states.move_to_end(step)
            return kept
        base = step // CHECKPOINT_EVERY
        state = self.checkpoints[base]
        game = self.game
        for index in range(base * CHECKPOINT_EVERY, step):
            state = game.apply(state, self.action(index)).state
        self._states[step] = state
        if len(self._states) > STATES_KEPT:
            self._states.popitem(last=False)
        return state

    def action(self, index: int) -> Action:
        """The log's action ``index``, parsed when first needed (the replay parses its own)."""
        parsed = self.actions.get(index)
        if parsed is None:
            parsed = self.actions[index] = self.game.parse_action(self.stored[index])
        return parsed

    def live_at(self, step: int) -> LiveMatch:
        """The table as the renderers know it, at ``step``."""
        record = self.record.model_copy(update={"version": step})
        return LiveMatch(record=record, seats=self.seats, state=self.state_at(step))

    def public_until(self, step: int, last: int) -> list[tuple[int, Event]]:
        """The last ``last`` public events made by the first ``step`` actions."""
        return self._last(step, last, lambda chunk: chunk.public)

    def private_until(self, seat: int, step: int, last: int) -> list[tuple[int, Event]]:
        return self._last(step, last, lambda chunk: chunk.private.get(seat, []))

    def _last(self, step: int, last: int, pick: Callable[[Chunk], list[Made]]
              ) -> list[tuple[int, Event]]:
        """The last ``last`` events ``pick`` takes from the chunks, made by the first
        ``step`` actions: read from the step's chunk back, as far as they go."""
        found: list[Made] = []
        index = min(_chunk_of(step), len(self.chunks) - 1)
        while index >= 0 and len(found) < last:
            made = pick(self.chunks[index].read())
            if index == _chunk_of(step):  # the chunk of the step: up to the step
                made = made[:bisect.bisect_right(made, step, key=lambda item: item[0])]
            found[:0] = made[max(0, len(made) - (last - len(found))):]
            index -= 1
        return [(at, event if isinstance(event, Event) else Event.model_validate(event))
                for at, event in found]


class ReplayBook:
    """The replayed tables, the most recently read kept; a table asked for by several readers
    at once is read once and replayed once."""

    def __init__(self, repo: Repository, *, keep: int = TABLES_KEPT) -> None:
        self.repo = repo
        self._keep = keep
        self._tables: OrderedDict[int, Replay] = OrderedDict()
        self._loading: dict[int, asyncio.Future[Replay | None]] = {}
        self._building: set[asyncio.Task[None]] = set()

    async def on_change(self, change: MatchChange) -> None:
        """A service listener: a table that closes is replayed at once in the background and
        its checkpoints kept, so that its first reader finds them."""
        if change.kind in CLOSING:
            self._start(self._prepare(change.live.id))

    def start_keeping_missing(self, delay: float = BACKFILL_DELAY) -> None:
        """In the background, after ``delay`` seconds: ``keep_missing``."""
        async def later() -> None:
            await asyncio.sleep(delay)
            await self.keep_missing()

        self._start(later())

    async def keep_missing(self, limit: int = BACKFILL_LIMIT) -> int:
        """Replay and keep, one after another, the closed tables that have no kept replay, so
        that their first reader finds checkpoints too. Returns how many were kept."""
        kept = 0
        for match_id in await self.repo.closed_without_replay(limit):
            try:
                replay = await self.get(match_id)
                if replay is None:
                    continue
                await replay.reach(replay.steps)
                while not replay.kept and replay.failed is None and self._building_other():
                    await asyncio.sleep(0.05)  # the checkpoints are saved after the replay
            except Exception:
                log.warning("the replay of match %s could not be kept", match_id, exc_info=True)
                continue
            kept += replay.kept
        return kept

    def _building_other(self) -> bool:
        """Anything built besides the background task asking (``start_keeping_missing``)."""
        current = asyncio.current_task()
        return any(task is not current for task in self._building)

    async def _prepare(self, match_id: int) -> None:
        try:
            await self.get(match_id)
        except Exception as error:
            log_failure(log, error, "the replay of match %s could not be started", match_id)

    async def get(self, match_id: int) -> Replay | None:
        """The replay of a finished (or cancelled) table, read back or being built; None for
        any other id."""
        kept = self._tables.get(match_id)
        if kept is not None:
            self._tables.move_to_end(match_id)
            return kept
        loading = self._loading.get(match_id)
        if loading is not None:
            return await asyncio.shield(loading)
        future: asyncio.Future[Replay | None] = asyncio.get_running_loop().create_future()
        self._loading[match_id] = future
        try:
            found = await self._load(match_id)
            future.set_result(found)
        except BaseException as failure:
            future.set_exception(failure)
            future.exception()  # retrieved: a reader that waited gets it, nobody else must
            raise
        finally:
            del self._loading[match_id]
        if found is not None:
            if not found.kept:
                self._start(found.build())
            self._tables[match_id] = found
            while len(self._tables) > self._keep:
                self._tables.popitem(last=False)
        return found

    def _start(self, work: Any) -> None:
        task: asyncio.Task[None] = asyncio.create_task(work)
        self._building.add(task)
        task.add_done_callback(self._built)

    def _built(self, task: asyncio.Task[None]) -> None:
        self._building.discard(task)
        if not task.cancelled() and task.exception() is not None:
            # A log the engine no longer replays: forget it, so a later reader tries again
            # (and the failure is logged by the handler that waited).
            for match_id, replay in list(self._tables.items()):
                if replay.failed is task.exception():
                    del self._tables[match_id]

    async def close(self) -> None:
        for task in list(self._building):
            task.cancel()
        await asyncio.gather(*self._building, return_exceptions=True)

    async def opens(self, record: MatchRecord, seats: list[SeatRecord]) -> bool:
        """Whether the table has a replay: it is over and was played (a table cancelled in
        its lobby was not)."""
        if record.status not in OVER or not seats:
            return False
        return record.status == MatchStatus.FINISHED or \
            await self.repo.snapshot(record.id) is not None

    async def _load(self, match_id: int) -> Replay | None:
        try:
            record = await self.repo.get_match(match_id)
        except MatchNotFound:
            return None
        seats = await self.repo.seats(match_id)
        if not await self.opens(record, seats):
            return None
        replay = Replay(record, seats, self.repo)
        kept = await self.repo.replay_events(match_id)
        if kept and await self._readable(replay):
            replay.restore(kept)
        return replay

    async def _readable(self, replay: Replay) -> bool:
        """Whether this engine reads the kept checkpoints as it would have made them: the kept
        first state is the game set up again from the table's seed and options. A replay kept
        by an older engine (its states shaped otherwise) is replayed from the log instead, and
        kept again."""
        record = replay.record
        first = await self.repo.replay_state(record.id, 0)
        game = replay.game
        setup = game.setup(len(replay.seats), record.options, seed=record.seed)
        if first == setup.model_dump_json():
            return True
        log.info("the kept replay of match %s was made by another engine: replayed again",
                 record.id)
        return False
