"""Finished tables replayed from their logs, kept for the pages that step through them.

A table is replayed once (``tables.replaying.replay_log``, which hands the event loop back every
millisecond) when its page is first asked for: in the background, from the first action on, so
the page of an early step answers as soon as the replay has passed it rather than when the
whole log is done. What is kept is every action, every event with the step that made it, and
the state every ``CHECKPOINT_EVERY`` steps. The state at any step is the nearest checkpoint
before it with at most ``CHECKPOINT_EVERY - 1`` actions applied, and the last few asked for
are remembered, so stepping through a 5,000-action table costs a few engine moves a click, not
the whole log (``bench/web_replay.py``).
"""

from __future__ import annotations

import asyncio
import bisect
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from games import registry
from games.core import Action, Event, Game, Transition
from storage import MatchNotFound, MatchRecord, MatchStatus, Repository, SeatRecord
from tables.replaying import replay_log
from tables.service import LiveMatch

CHECKPOINT_EVERY = 32
# States remembered per table besides the checkpoints (a reader steps back and forth).
STATES_KEPT = 64
# Tables kept replayed at once (a Sanguosha table is a few MB of events and checkpoints).
TABLES_KEPT = 16
OVER = (MatchStatus.FINISHED, MatchStatus.CANCELLED)


@dataclass
class Replay:
    record: MatchRecord
    seats: list[SeatRecord]
    stored: list[dict[str, Any]] = field(default_factory=list)  # the log's actions, as stored
    sources: list[tuple[int, str]] = field(default_factory=list)  # (seat, source) of each
    actions: dict[int, Action] = field(default_factory=dict)  # parsed, by index
    checkpoints: list[Any] = field(default_factory=list)  # after k * CHECKPOINT_EVERY actions
    public: list[tuple[int, Event]] = field(default_factory=list)  # (step made, event)
    private: dict[int, list[tuple[int, Event]]] = field(default_factory=dict)  # by seat
    built: int = 0  # the steps replayed so far
    failed: BaseException | None = None
    _states: OrderedDict[int, Any] = field(default_factory=OrderedDict)
    _moved: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def game(self) -> Game[Any, Any]:
        return registry.get(self.record.game)

    @property
    def steps(self) -> int:
        return self.record.version  # the number of actions in the log

    async def build(self, repo: Repository) -> None:
        """Read the log and replay it, telling whoever waits at each checkpoint."""
        game = self.game
        try:
            self.checkpoints = [game.setup(len(self.seats), self.record.options,
                                           seed=self.record.seed)]
            self._tell()  # the first step can be shown before the log is read
            log = await repo.actions(self.record.id)
            self.stored = [entry.action for entry in log]
            self.sources = [(entry.seat, entry.source) for entry in log]
        except Exception as failure:
            self.failed = failure
            self._tell()
            raise

        def keep(transition: Transition) -> None:
            step = self.built + 1
            for event in transition.events:
                if event.to is None:
                    self.public.append((step, event))
                else:
                    for seat in event.to:
                        self.private.setdefault(seat, []).append((step, event))
            if step % CHECKPOINT_EVERY == 0:
                self.checkpoints.append(transition.state)
            self.built = step
            if step % CHECKPOINT_EVERY == 0:
                self._tell()

        try:
            await replay_log(game, len(self.seats), self.record.options, self.record.seed,
                             self.stored, keep)
        except Exception as failure:
            self.failed = failure
            raise
        finally:
            if self.failed is None and self.built < self.steps:
                self.failed = RuntimeError(f"the log holds {self.built} of the "
                                           f"{self.steps} actions the table counts")
            self._tell()

    def _tell(self) -> None:
        moved, self._moved = self._moved, asyncio.Event()
        moved.set()

    async def reach(self, step: int) -> None:
        """Wait until the replay has passed ``step``."""
        while self.built < step or not self.checkpoints:
            if self.failed is not None:
                raise RuntimeError(f"the replay of match {self.record.id} failed"
                                   ) from self.failed
            await self._moved.wait()

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
        end = bisect.bisect_right(self.public, step, key=lambda item: item[0])
        return self.public[max(0, end - last):end]

    def private_until(self, seat: int, step: int, last: int) -> list[tuple[int, Event]]:
        mine = self.private.get(seat, [])
        end = bisect.bisect_right(mine, step, key=lambda item: item[0])
        return mine[max(0, end - last):end]


class ReplayBook:
    """The replayed tables, the most recently read kept; a table asked for by several readers
    at once is read once and replayed once."""

    def __init__(self, repo: Repository, *, keep: int = TABLES_KEPT) -> None:
        self.repo = repo
        self._keep = keep
        self._tables: OrderedDict[int, Replay] = OrderedDict()
        self._loading: dict[int, asyncio.Future[Replay | None]] = {}
        self._building: set[asyncio.Task[None]] = set()

    async def get(self, match_id: int) -> Replay | None:
        """The replay of a finished (or cancelled) table, being built; None for any other
        id."""
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
            task = asyncio.create_task(found.build(self.repo))
            self._building.add(task)
            task.add_done_callback(self._built)
            self._tables[match_id] = found
            while len(self._tables) > self._keep:
                self._tables.popitem(last=False)
        return found

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

    async def _load(self, match_id: int) -> Replay | None:
        try:
            record = await self.repo.get_match(match_id)
        except MatchNotFound:
            return None
        if record.status not in OVER:
            return None
        seats = await self.repo.seats(match_id)
        if not seats or await self.repo.snapshot(match_id) is None:
            return None  # cancelled in the lobby: nothing was played
        return Replay(record, seats)
