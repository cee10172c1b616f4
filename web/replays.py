"""Finished tables replayed from their logs, kept for the pages that step through them.

A table is replayed once (``bot.replaying.replay_log``, which hands the event loop back every
millisecond) when its page is first asked for; what is kept is every action, every event with
the step that made it, and the state every ``CHECKPOINT_EVERY`` steps. The state at any step
is the nearest checkpoint before it with at most ``CHECKPOINT_EVERY - 1`` actions applied, and
the last few asked for are remembered, so stepping through a 5,000-action table costs a few
engine moves a click, not the whole log (``bench/web_replay.py``).
"""

from __future__ import annotations

import asyncio
import bisect
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from bot.replaying import replay_log
from bot.service import LiveMatch
from games import registry
from games.core import Action, Event, Game, Transition
from storage import MatchNotFound, MatchRecord, MatchStatus, Repository, SeatRecord

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
    actions: list[Action]
    sources: list[tuple[int, str]]  # (seat, source) of each action
    checkpoints: list[Any]  # the state after k * CHECKPOINT_EVERY actions
    public: list[tuple[int, Event]]  # (step that made it, event), in order
    private: dict[int, list[tuple[int, Event]]]  # by seat
    _states: OrderedDict[int, Any] = field(default_factory=OrderedDict)

    @property
    def game(self) -> Game[Any, Any]:
        return registry.get(self.record.game)

    @property
    def steps(self) -> int:
        return len(self.actions)

    def state_at(self, step: int) -> Any:
        """The state after ``step`` actions (0: the game as set up)."""
        if not 0 <= step <= self.steps:
            raise IndexError(step)
        kept = self._states.get(step)
        if kept is not None:
            self._states.move_to_end(step)
            return kept
        base = step // CHECKPOINT_EVERY
        state = self.checkpoints[base]
        game = self.game
        for index in range(base * CHECKPOINT_EVERY, step):
            state = game.apply(state, self.actions[index]).state
        self._states[step] = state
        if len(self._states) > STATES_KEPT:
            self._states.popitem(last=False)
        return state

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


async def replay(record: MatchRecord, seats: list[SeatRecord],
                 stored: list[dict[str, Any]], sources: list[tuple[int, str]]) -> Replay:
    game = registry.get(record.game)
    checkpoints = [game.setup(len(seats), record.options, seed=record.seed)]
    public: list[tuple[int, Event]] = []
    private: dict[int, list[tuple[int, Event]]] = {}
    step = 0

    def keep(transition: Transition) -> None:
        nonlocal step
        step += 1
        for event in transition.events:
            if event.to is None:
                public.append((step, event))
            else:
                for seat in event.to:
                    private.setdefault(seat, []).append((step, event))
        if step % CHECKPOINT_EVERY == 0:
            checkpoints.append(transition.state)

    actions = [game.parse_action(action) for action in stored]
    await replay_log(game, len(seats), record.options, record.seed, stored, keep)
    return Replay(record, seats, actions, sources, checkpoints, public, private)


class ReplayBook:
    """The replayed tables, the most recently read kept; a table asked for by several readers
    at once is replayed once."""

    def __init__(self, repo: Repository, *, keep: int = TABLES_KEPT) -> None:
        self.repo = repo
        self._keep = keep
        self._tables: OrderedDict[int, Replay] = OrderedDict()
        self._loading: dict[int, asyncio.Future[Replay | None]] = {}

    async def get(self, match_id: int) -> Replay | None:
        """The replay of a finished (or cancelled) table; None for any other id."""
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
            self._tables[match_id] = found
            while len(self._tables) > self._keep:
                self._tables.popitem(last=False)
        return found

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
        log = await self.repo.actions(match_id)
        return await replay(record, seats, [entry.action for entry in log],
                            [(entry.seat, entry.source) for entry in log])
