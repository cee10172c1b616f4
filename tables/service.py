"""MatchService: the only code that loads, applies and saves a match.

Every change to a match — lobby joins, the start, each action from a click, a bot or a timer —
goes through here under the match's lock: check who is asking and whether they are looking at the
current version, let the engine decide legality, append to the log in one transaction, and only
then, outside the lock, tell the listeners (board, timers, bots) what changed.
"""

from __future__ import annotations

import asyncio
import logging
import secrets as _secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from functools import cached_property
from typing import Any, Protocol

from games import registry
from games.core import Action, Event, Game, IllegalAction, Outcome, Prompt, Transition
from games.core.construct import copied, json_text
from games.core.options import dated
from storage import (
    MatchRecord,
    MatchStatus,
    Repository,
    SeatRecord,
    StaleVersion,
    StatRecord,
    StorageUnavailable,
    Timers,
)
from storage.records import OPEN_STATUSES
from tables import metrics, ratings
from tables.failures import log_failure
from tables.lobby_options import most_seats_with_a_change, seat_range
from tables.log_checks import LogChecks
from tables.questions import click_check, click_counts
from tables.recent import RecentEvents
from tables.recent_lines import RecentLines
from tables.replaying import replay_log, replay_onto

log = logging.getLogger(__name__)


# The message kind that marks a finished table whose next table was opened (its message id is
# the next match's id): one next table per finished one.
NEXT_TABLE = "next"
# A match's state is written with every this-many-th action and with the last one; a load
# parses the latest snapshot and applies the few actions logged since. The state's JSON was a
# tenth of a move's CPU and most of the pages each append wrote (docs/benchmarks.md,
# "Service"); applying at most seven actions again costs a load 1-2 ms (Renju's up to 7 ms:
# bench/load_catch_up.py).
SNAPSHOT_EVERY = 8


class Refusal(Exception):
    """A request the service turned down; ``key`` names the message the user is shown."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    @classmethod
    def from_engine(cls, refused: IllegalAction) -> Refusal:
        """The engine's reason, by its message key when the catalog has one (translated),
        else in the engine's own words."""
        return cls("engine.refused", reason=str(refused), engine_key=refused.key,
                   engine_params=refused.params)


@dataclass
class LiveMatch:
    record: MatchRecord
    seats: list[SeatRecord]
    state: Any | None = None
    recent: RecentEvents = field(default_factory=RecentEvents)
    # Turns in a row each seat let the timer play (reset by a move of its own).
    missed: dict[int, int] = field(default_factory=dict)
    # The lines of the recent events the board and panels showed, kept to be shown again.
    lines: RecentLines = field(default_factory=RecentLines)

    @cached_property
    def game(self) -> Game[Any, Any]:
        # Kept with the match (its game never changes): asked several times a move.
        return registry.get(self.record.game)

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def version(self) -> int:
        return self.record.version

    def seat_of(self, user_id: int) -> int | None:
        """The seat this user plays right now (not one a bot holds for them)."""
        for seat in self.seats:
            if seat.user_id == user_id and not seat.is_bot:
                return seat.seat
        return None

    def seat_held_by(self, user_id: int) -> int | None:
        """The user's seat, whether they play it or a bot holds it for them."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def pending(self) -> list[Prompt]:
        return [] if self.state is None else self.game.pending(self.state)

    def outcome(self) -> Outcome | None:
        return None if self.state is None else self.game.outcome(self.state)


@dataclass
class MatchChange:
    """What listeners hear after a change was saved."""

    kind: str  # "lobby", "started", "acted", "finished", "cancelled", "seat"
    live: LiveMatch
    events: list[Event] = field(default_factory=list)
    action: Action | None = None
    source: str = "player"
    origin_message_id: int | None = None  # the message the click came from, if any


Listener = Callable[[MatchChange], Awaitable[None]]
# A move nobody clicked (a bot's, a timer's default), decided under the match's lock at its
# current version: the action and its source ("bot", "timer"), or None when there is nothing
# to do any more.
Decide = Callable[["LiveMatch", Prompt], "tuple[Action, str] | None"]


class Planner(Protocol):
    """What the match will wait for once a change is saved (turn timers, bot moves).

    ``plan`` runs under the match's lock before each save; its rows are written in the same
    transaction as the change (None: the rows stored already stay), so a process killed at any
    point leaves a match whose stored schedule is exactly the one its stored state needs.
    ``saved`` runs under the lock right after the save landed (never when it failed)."""

    async def plan(self, current: LiveMatch, upcoming: LiveMatch) -> Timers | None: ...

    def saved(self, live: LiveMatch) -> None: ...


class _Changing:
    """``MatchService._changing``: a class rather than a generator-based context manager,
    which costs several µs more on every move."""

    __slots__ = ("_lock", "_service")

    def __init__(self, service: MatchService, lock: asyncio.Lock) -> None:
        self._service = service
        self._lock = lock

    async def __aenter__(self) -> None:
        service = self._service
        service._enter_change()
        try:
            await self._lock.acquire()
        except BaseException:
            service._leave_change()
            raise
        if service._closing:
            self._lock.release()
            service._leave_change()
            raise Refusal("bot.restarting")

    async def __aexit__(self, *exc_info: object) -> None:
        self._lock.release()
        self._service._leave_change()


class MatchService:
    def __init__(self, repo: Repository, *, max_cached: int = 5000,
                 new_seed: Callable[[], int] = lambda: _secrets.randbits(62),
                 today: Callable[[], date] = lambda: datetime.now(UTC).date()) -> None:
        self.repo = repo
        self.new_seed = new_seed
        self.today = today
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: OrderedDict[int, LiveMatch] = OrderedDict()
        self._max_cached = max_cached
        self._listeners: list[Listener] = []
        self._planner: Planner | None = None
        # Loads in flight, shared by everyone asking for the same match meanwhile: two copies
        # of one match in memory could drift apart.
        self._loading: dict[int, asyncio.Future[LiveMatch]] = {}
        self.log_checks = LogChecks(self.check_log)
        self._busy = 0  # operations that may still write
        self._idle = asyncio.Event()
        self._idle.set()
        self._closing = False
        # Rates finished tables in the background (tables/ratings.py).
        self.ratings = ratings.Rater(repo)

    # -- plumbing --------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def set_planner(self, planner: Planner) -> None:
        self._planner = planner

    async def _plan(self, live: LiveMatch, **changes: Any) -> Timers | None:
        """The schedule of the match as it will be once ``changes`` are saved (None: no planner,
        the stored schedule is left alone)."""
        if self._planner is None:
            return None
        upcoming = LiveMatch(
            record=live.record.model_copy(update=changes.pop("record", {})),
            seats=changes.pop("seats", live.seats),
            state=changes.pop("state", live.state),
            recent=live.recent,  # not the planner's business; shared rather than made anew
        )
        return await self._planner.plan(live, upcoming)

    def _planned(self, live: LiveMatch) -> None:
        if self._planner is not None:
            self._planner.saved(live)

    def _lock(self, match_id: int) -> asyncio.Lock:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    def _changing(self, match_id: int) -> _Changing:
        """The match's lock, for a change that may write; refused once the service closes."""
        return _Changing(self, self._lock(match_id))

    def _enter_change(self) -> None:
        if self._closing:
            raise Refusal("bot.restarting")
        self._busy += 1
        self._idle.clear()

    def _leave_change(self) -> None:
        self._busy -= 1
        if self._busy == 0:
            self._idle.set()

    async def close(self) -> None:
        """Take no more changes and wait for those under way and for the loads in flight, so
        none is cut off by the repository closing under it."""
        self._closing = True
        await self.log_checks.stop()
        await self._idle.wait()
        # Loads only read, but a read cut off by the repository closing fails whoever waits.
        await asyncio.gather(*self._loading.values(), return_exceptions=True)
        await self.ratings.close()

    def _remember(self, live: LiveMatch) -> None:
        self._cache[live.id] = live
        self._cache.move_to_end(live.id)
        while len(self._cache) > self._max_cached:
            evicted, _ = self._cache.popitem(last=False)
            lock = self._locks.get(evicted)
            if lock is not None and not lock.locked():
                del self._locks[evicted]

    def forget(self, match_id: int) -> None:
        self._cache.pop(match_id, None)

    def open_count(self) -> int:
        """Open (lobby, active, paused) matches held in memory (for /metrics)."""
        return sum(1 for live in self._cache.values() if live.record.status in OPEN_STATUSES)

    def is_cached(self, match_id: int) -> bool:
        """Whether ``get`` answers from memory (else it reads the database first)."""
        return match_id in self._cache

    async def _notify(self, change: MatchChange) -> None:
        for listener in self._listeners:
            try:
                await listener(change)
            except Exception as error:  # a broken listener must not undo a saved action
                log_failure(log, error, "listener failed for match %s (%s)", change.live.id,
                            change.kind)

    async def get(self, match_id: int) -> LiveMatch:
        cached = self._cache.get(match_id)
        if cached is not None:
            self._cache.move_to_end(match_id)
            return cached
        loading = self._loading.get(match_id)
        if loading is None:
            loading = self._loading[match_id] = asyncio.ensure_future(self._load(match_id))
            loading.add_done_callback(lambda _: self._loading.pop(match_id, None))
        return await asyncio.shield(loading)

    async def _load(self, match_id: int) -> LiveMatch:
        record = await self.repo.get_match(match_id)
        seats = await self.repo.seats(match_id)
        live = LiveMatch(record=record, seats=seats)
        if record.status not in (MatchStatus.LOBBY, MatchStatus.CANCELLED):
            snapshot = await self.repo.snapshot(match_id)
            if snapshot is not None and snapshot[0] <= record.version:
                # Parsing the snapshot and applying the few actions since takes a fraction of
                # what replaying the whole log does (a restart may load a thousand matches at
                # once); the log, which is the truth, is checked against it in the background.
                try:
                    live.state = await self._catch_up(live, *snapshot)
                except Exception:
                    # A snapshot the log does not follow from (a bug, a hand-edited row): the
                    # log is the truth, replayed whole.
                    log.exception("match %s: the log does not apply to its snapshot at "
                                  "version %s; replaying it from the start", match_id,
                                  snapshot[0])
                    live.state = await self.replay(live)  # its events replace the tail's
                else:
                    self.log_checks.add(match_id)
            else:
                live.state = await self.replay(live)
        self._remember(live)
        return live

    async def _catch_up(self, live: LiveMatch, version: int, state_json: str) -> Any:
        """The state of a snapshot taken at ``version``, with the actions logged since
        applied, their events put back into ``live.recent``."""
        state = live.game.parse_state(state_json)
        if version == live.record.version:
            return state
        entries = await self.repo.actions_between(live.id, version, live.record.version)
        return await replay_onto(live.game, state, (entry.action for entry in entries),
                                 lambda transition: live.recent.extend(transition.events))

    async def replay(self, live: LiveMatch) -> Any:
        """The state from the log replayed from the seed (the log is the truth), with the
        latest events put back into ``live.recent``."""
        recent = RecentEvents()
        entries = await self.repo.actions(live.id)
        state = await replay_log(live.game, len(live.seats), live.record.options,
                                 live.record.seed, (entry.action for entry in entries),
                                 lambda transition: recent.extend(transition.events))
        live.recent = recent
        return state

    async def check_log(self, match_id: int) -> None:
        """Replay a loaded match's log and compare it with the state in memory (loaded from
        the snapshot). Under the lock, so the log and the state are at the same version. A
        disagreement is reported and the replayed state wins: the log is the truth."""
        async with self._lock(match_id):
            live = self._cache.get(match_id)
            if live is None or live.state is None:
                return  # evicted meanwhile: the next load checks again
            replayed = await self.replay(live)
            if replayed != live.state:
                log.error("match %s: the snapshot differs from the replayed log; playing on "
                          "from the log", match_id)
                live.state = replayed

    async def open_in_channel(self, channel_id: int) -> LiveMatch | None:
        record = await self.repo.open_match_in_channel(channel_id)
        return None if record is None else await self.get(record.id)

    @staticmethod
    def game_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
        """The options validated by the game (raises ``ValueError`` with the reason)."""
        return registry.get(game).Options.model_validate(options).model_dump(mode="json")

    # -- lobby -----------------------------------------------------------------------------
    def table_options(self, game: str, options: dict[str, Any]) -> dict[str, Any]:
        """The options of a table opening now: validated, with the fields the table fills with
        its date (``games.core.options.TABLE_DATE``) set to today's."""
        model = registry.get(game).Options
        return self.game_options(game, dated(model, options, self.today()))

    async def create_lobby(
        self,
        *,
        game: str,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        host_locale: str | None,
        options: dict[str, Any],
        locale: str | None = None,
    ) -> LiveMatch:
        options = self.table_options(game, options)
        try:
            record = await self.repo.create_match(
                game=game,
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                seed=self.new_seed(),
                options=options,
                locale=locale,
            )
        except ValueError:
            # Named by the open table's own command (it may be another game's).
            busy = await self.repo.open_match_in_channel(channel_id)
            raise Refusal("lobby.channel_busy",
                          command=f"/{busy.game if busy else game} end") from None
        host = SeatRecord(
            match_id=record.id, seat=0, user_id=host_id, display_name=host_name,
            locale=host_locale,
        )
        await self.repo.set_seats(record.id, [host])
        live = LiveMatch(record=record, seats=[host])
        self._remember(live)
        await self._notify(MatchChange("lobby", live))
        return live

    async def open_next_table(self, match_id: int, by_user: int) -> LiveMatch:
        """The next table after a finished one (a rematch, or the next table of a series such
        as Sanguosha's league): a lobby in the same channel with the same seats in the same
        order, people and bots, its options from the game's ``next_options``. Opened once per
        finished table, by one of its players."""
        async with self._changing(match_id):
            done = await self.get(match_id)
            if done.record.status != MatchStatus.FINISHED or done.state is None:
                raise Refusal("next.not_finished")
            if done.seat_held_by(by_user) is None:
                raise Refusal("next.not_a_player")
            if any(m.kind == NEXT_TABLE for m in await self.repo.messages(match_id)):
                raise Refusal("next.already_opened")
            options = done.game.next_options(done.state, dict(done.record.options))
            if options is None:
                raise Refusal("next.series_over")
            game = done.record.game
            host = done.record.host_id if done.seat_held_by(done.record.host_id) is not None \
                else by_user
            try:
                record = await self.repo.create_match(
                    game=game, guild_id=done.record.guild_id,
                    channel_id=done.record.channel_id, host_id=host, seed=self.new_seed(),
                    options=self.table_options(game, options), locale=done.record.locale)
            except ValueError:
                busy = await self.repo.open_match_in_channel(done.record.channel_id)
                raise Refusal("lobby.channel_busy",
                              command=f"/{busy.game if busy else game} end") from None
            # Marked at once, under the finished table's lock: a second click opens nothing.
            await self.repo.save_message(match_id, NEXT_TABLE, done.record.channel_id, record.id)
            seats = [SeatRecord(match_id=record.id, seat=s.seat, user_id=s.user_id,
                                display_name=s.display_name, is_bot=s.user_id is None,
                                locale=s.locale) for s in done.seats]
            await self.repo.set_seats(record.id, seats)
            live = LiveMatch(record=record, seats=seats)
            self._remember(live)
        await self._notify(MatchChange("lobby", live))
        return live

    async def _lobby_change(
        self, match_id: int, change: Callable[[LiveMatch], list[SeatRecord] | None]
    ) -> LiveMatch:
        async with self._changing(match_id):
            live = await self.get(match_id)
            if live.record.status != MatchStatus.LOBBY:
                raise Refusal("lobby.not_open")
            seats = change(live)
            if seats is not None:
                seats = [s.model_copy(update={"seat": i}) for i, s in enumerate(seats)]
                await self.repo.set_seats(match_id, seats)
                live.seats = seats
        await self._notify(MatchChange("lobby", live))
        return live

    async def join(self, match_id: int, user_id: int, name: str, locale: str | None) -> LiveMatch:
        def change(live: LiveMatch) -> list[SeatRecord]:
            if live.seat_of(user_id) is not None:
                raise Refusal("lobby.already_joined")
            self._require_free_seat(live)
            joined = SeatRecord(
                match_id=match_id, seat=len(live.seats), user_id=user_id, display_name=name,
                locale=locale,
            )
            return [*live.seats, joined]

        return await self._lobby_change(match_id, change)

    @staticmethod
    def _require_free_seat(live: LiveMatch) -> None:
        """A seat more than the table's options allow is refused, saying whether other options
        would seat more (Lifeboat's seventh seat comes with the Cannibalism expansion)."""
        game = live.record.game
        most = seat_range(game, live.record.options)[1]
        if len(live.seats) < most:
            return
        more = most_seats_with_a_change(game, live.record.options)
        if more > most:
            raise Refusal("lobby.full_with_options", max=most, more=more)
        raise Refusal("lobby.full", max=most)

    async def leave(self, match_id: int, user_id: int) -> LiveMatch:
        def change(live: LiveMatch) -> list[SeatRecord]:
            if live.seat_of(user_id) is None:
                raise Refusal("lobby.not_joined")
            if user_id == live.record.host_id:
                raise Refusal("lobby.host_cannot_leave")
            return [s for s in live.seats if s.user_id != user_id or s.is_bot]

        return await self._lobby_change(match_id, change)

    async def add_bot(self, match_id: int, by_user: int, name: str) -> LiveMatch:
        def change(live: LiveMatch) -> list[SeatRecord]:
            self._require_host(live, by_user)
            self._require_free_seat(live)
            number = sum(1 for s in live.seats if s.is_bot) + 1
            bot = SeatRecord(
                match_id=match_id, seat=len(live.seats), user_id=None,
                display_name=f"{name} {number}", is_bot=True,
            )
            return [*live.seats, bot]

        return await self._lobby_change(match_id, change)

    async def remove_bot(self, match_id: int, by_user: int) -> LiveMatch:
        def change(live: LiveMatch) -> list[SeatRecord]:
            self._require_host(live, by_user)
            bots = [s for s in live.seats if s.is_bot]
            if not bots:
                raise Refusal("lobby.no_bot")
            last = bots[-1]
            return [s for s in live.seats if s is not last]

        return await self._lobby_change(match_id, change)

    async def set_lobby_options(self, match_id: int, by_user: int,
                                changes: dict[str, Any]) -> LiveMatch:
        """The host changes some of the table's options before the start (validated by the
        game, as at creation)."""
        async with self._changing(match_id):
            live = await self.get(match_id)
            if live.record.status != MatchStatus.LOBBY:
                raise Refusal("lobby.not_open")
            if by_user != live.record.host_id:
                raise Refusal("lobby.options_host_only")
            try:
                options = self.game_options(live.record.game,
                                            {**live.record.options, **changes})
            except ValueError:
                raise Refusal("act.malformed") from None
            most = seat_range(live.record.game, options)[1]
            if len(live.seats) > most:
                raise Refusal("lobby.options_seat_limit", max=most, count=len(live.seats))
            if options != live.record.options:
                live.record = await self.repo.update_lobby(match_id, options=options)
        await self._notify(MatchChange("lobby", live))
        return live

    @staticmethod
    def _require_host(live: LiveMatch, user_id: int, *, moderator: bool = False) -> None:
        if user_id != live.record.host_id and not moderator:
            raise Refusal("lobby.host_only")

    async def start(self, match_id: int, by_user: int) -> LiveMatch:
        async with self._changing(match_id):
            live = await self.get(match_id)
            if live.record.status != MatchStatus.LOBBY:
                raise Refusal("lobby.not_open")
            self._require_host(live, by_user)
            spec = live.game.spec
            if len(live.seats) < spec.min_players:
                raise Refusal("lobby.too_few", min=spec.min_players, count=len(live.seats))
            try:
                state = live.game.setup(len(live.seats), live.record.options, seed=live.record.seed)
            except IllegalAction as refused:
                raise Refusal.from_engine(refused) from None
            timers = await self._plan(live, state=state, record={"status": MatchStatus.ACTIVE,
                                                                 "version": 0})
            await self.repo.start_match(match_id, live.seats, state.model_dump_json(),
                                        timers=timers)
            live.record = await self.repo.get_match(match_id)
            live.state = state
            self._planned(live)
        await self._notify(MatchChange("started", live))
        return live

    async def cancel(self, match_id: int, by_user: int, *, moderator: bool = False) -> LiveMatch:
        async with self._changing(match_id):
            live = await self.get(match_id)
            if live.record.status not in OPEN_STATUSES:
                raise Refusal("match.not_running")
            self._require_host(live, by_user, moderator=moderator)
            timers = await self._plan(live, record={"status": MatchStatus.CANCELLED})
            live.record = await self.repo.set_status(match_id, MatchStatus.CANCELLED,
                                                     timers=timers)
            self._planned(live)
        await self._notify(MatchChange("cancelled", live))
        return live

    async def pause(self, match_id: int, reason: str) -> LiveMatch | None:
        """Stop the clock when Discord will not let the table be shown (permissions lost, the
        channel deleted). Returns None when the match was not running."""
        async with self._changing(match_id):
            live = await self.get(match_id)
            if live.record.status != MatchStatus.ACTIVE:
                return None
            timers = await self._plan(live, record={"status": MatchStatus.PAUSED})
            live.record = await self.repo.set_status(match_id, MatchStatus.PAUSED,
                                                     timers=timers)
            self._planned(live)
            event = Event(key=f"match.paused.{reason}", params={})
            live.recent.append(event)
        await self._notify(MatchChange("paused", live, [event]))
        return live

    async def resume(self, match_id: int, by_user: int, *, moderator: bool = False
                     ) -> LiveMatch:
        async with self._changing(match_id):
            live = await self.get(match_id)
            if live.record.status != MatchStatus.PAUSED:
                raise Refusal("match.not_paused")
            self._require_host(live, by_user, moderator=moderator)
            timers = await self._plan(live, record={"status": MatchStatus.ACTIVE})
            live.record = await self.repo.set_status(match_id, MatchStatus.ACTIVE,
                                                     timers=timers)
            self._planned(live)
        await self._notify(MatchChange("resumed", live))
        return live

    # -- the game --------------------------------------------------------------------------
    async def act(
        self,
        match_id: int,
        *,
        version: int,
        seat: int,
        index: int | None = None,
        action: Action | None = None,
        user_id: int | None,
        source: str = "player",
        origin_message_id: int | None = None,
        pick: Callable[[LiveMatch, Prompt], int | None] | None = None,
        build: Callable[[LiveMatch, Prompt], Action | None] | None = None,
        check: str = "",
        check_now: Callable[[LiveMatch, Prompt], str] | None = None,
    ) -> tuple[LiveMatch, Transition]:
        """Apply one action. ``index`` picks from the seat's current prompt (clicks), ``action``
        is a whole action (bots, timers), ``build`` makes it from the current prompt (a choice
        of several items). A click drawn at an older ``version`` still counts when ``check``
        equals ``check_now``, the check its component would carry if drawn now from the
        seat's question (a private panel's by default; the board's, worked out from public
        facts, for a board's component): the seat's own question is unchanged
        (``tables/questions.py``). Raises ``Refusal`` and changes nothing otherwise."""
        asked = time.perf_counter()
        async with self._changing(match_id):
            live = await self._playable(match_id, seat)
            if source == "player":
                owner = live.seats[seat]
                if live.seat_of(user_id or 0) is None:
                    if live.seat_held_by(user_id or 0) == seat:
                        raise Refusal("act.bot_holds_your_seat")
                    raise Refusal("act.not_a_player")
                if owner.is_bot or owner.user_id != user_id:
                    raise Refusal("act.not_your_seat")
            prompt = live.game.prompt_for(live.state, seat)
            now = ""
            if version != live.record.version and prompt is not None:
                # Only a click drawn at an older version needs its check worked out again
                # (digesting every move of the prompt, hundreds on a Renju board).
                derive = check_now or (lambda _live, current: click_check(current))
                now = derive(live, prompt)
            if not click_counts(version, live.record.version, now, check):
                raise Refusal("act.stale")
            if prompt is None:
                raise Refusal("act.not_your_turn")
            if action is None and index is None and pick is not None:
                index = pick(live, prompt)  # under the lock: at the version just checked
            if action is None and build is not None:
                action = build(live, prompt)
                if action is None:
                    raise Refusal("act.malformed")
            if action is None:
                if index is None or not 0 <= index < len(prompt.actions):
                    raise Refusal("act.malformed")
                action = prompt.actions[index]
            if source == "player" and live.game.repeats(live.state, action):
                raise Refusal("act.already_chosen")
            transition, outcome = await self._apply(live, seat, action, user_id, source)
        metrics.acted(live.record.game, time.perf_counter() - asked)
        kind = "finished" if outcome is not None else "acted"
        await self._notify(
            MatchChange(kind, live, transition.events, action, source, origin_message_id)
        )
        return live, transition

    async def play_for_seat(self, match_id: int, seat: int, decide: Decide
                            ) -> tuple[LiveMatch, Transition] | None:
        """A move nobody clicked: ``decide`` chooses it under the lock, at whatever version
        the match is at by then, so a bot or a timer is never refused as stale and retried.
        None when ``decide`` found nothing to do. Raises ``Refusal`` and changes nothing when
        the match cannot take a move."""
        asked = time.perf_counter()
        async with self._changing(match_id):
            live = await self._playable(match_id, seat)
            prompt = live.game.prompt_for(live.state, seat)
            decided = None if prompt is None else decide(live, prompt)
            if decided is None:
                return None
            action, source = decided
            transition, outcome = await self._apply(live, seat, action, None, source)
        metrics.acted(live.record.game, time.perf_counter() - asked)
        kind = "finished" if outcome is not None else "acted"
        await self._notify(MatchChange(kind, live, transition.events, action, source))
        return live, transition

    async def _playable(self, match_id: int, seat: int) -> LiveMatch:
        live = await self.get(match_id)
        if live.record.status == MatchStatus.PAUSED:
            raise Refusal("match.paused", command=f"/{live.record.game} resume")
        if live.record.status != MatchStatus.ACTIVE or live.state is None:
            raise Refusal("match.not_running")
        if not 0 <= seat < len(live.seats):
            raise Refusal("act.malformed")
        return live

    async def _apply(self, live: LiveMatch, seat: int, action: Action, user_id: int | None,
                     source: str) -> tuple[Transition, Outcome | None]:
        """Under the lock: let the engine apply ``action``, then log it, the snapshot (now and
        then: ``SNAPSHOT_EVERY``) and the schedule in one transaction, then update the match in
        memory."""
        game = live.game
        version = live.record.version
        try:
            transition = game.apply(live.state, action)
        except IllegalAction as refused:
            raise Refusal.from_engine(refused) from None
        outcome = game.outcome(transition.state)
        outcome_json = None if outcome is None else outcome.model_dump(mode="json")
        with_state = outcome is not None or (version + 1) % SNAPSHOT_EVERY == 0
        # The record as it will be once saved: planned against, then kept. Copied without
        # pydantic's walk over the fields (``copied``: the same model), as on every move.
        record = copied(live.record, {
            "version": version + 1,
            "status": MatchStatus.FINISHED if outcome else live.record.status,
            "outcome": outcome_json})
        timers = None if self._planner is None else await self._planner.plan(
            live, LiveMatch(record, live.seats, transition.state, live.recent, live.missed,
                            live.lines))
        try:
            await self.repo.append_action(
                live.id,
                expected_version=version,
                seat=seat,
                user_id=user_id,
                source=source,
                # The model's own JSON: the text ``to_json(action.model_dump(mode="json"))``
                # writes, in one call rather than a walk and an encoding.
                action=json_text(action),
                state_json=transition.state.model_dump_json() if with_state else None,
                finished=outcome is not None,
                outcome=outcome_json,
                timers=timers,
            )
        except StaleVersion:
            # Another process moved this match on: drop our copy, the next read reloads.
            self.forget(live.id)
            raise Refusal("act.stale") from None
        except StorageUnavailable:
            # The database did not answer. A write cut off as it committed may have landed:
            # the copy in memory is dropped, and the next read takes the log's word for it.
            self.forget(live.id)
            raise
        live.state = transition.state
        live.recent.extend(transition.events)
        if source == "timer":
            live.missed[seat] = live.missed.get(seat, 0) + 1
        elif source == "player":
            live.missed[seat] = 0
        live.record = record
        self._planned(live)
        if outcome is not None:
            try:
                await self._record_stats(live, outcome)
            except StorageUnavailable as error:
                # The move is saved: its answer must not say otherwise. (A restart writes the
                # stats of a finished match whose reveal is missing too: ``ensure_stats``.)
                log.warning("match %s: stats not recorded (%s)", live.id, error)
        return transition, outcome

    # -- seats changing hands ----------------------------------------------------------------
    async def hand_to_bot(self, match_id: int, seat: int, *, reason: str,
                          keep_owner: bool = True) -> LiveMatch:
        """A bot plays ``seat`` from now on (托管). With ``keep_owner`` the player may take the
        seat back from "My hand"; a kicked player may not."""
        async with self._changing(match_id):
            live = await self.get(match_id)
            if live.record.status != MatchStatus.ACTIVE:
                raise Refusal("match.not_running")
            if not 0 <= seat < len(live.seats):
                raise Refusal("act.malformed")
            current = live.seats[seat]
            if current.user_id is None or (current.is_bot and keep_owner):
                raise Refusal("seat.already_bot")
            changed = current.model_copy(update={
                "is_bot": True, "user_id": current.user_id if keep_owner else None})
            timers = await self._plan(live, seats=[changed if s.seat == seat else s
                                                   for s in live.seats])
            await self.repo.replace_seat(changed, timers=timers)
            live.seats[seat] = changed
            self._planned(live)
            live.missed.pop(seat, None)
            event = Event(key=f"seat.to_bot.{reason}",
                          params={"seat": seat, "mention": f"<@{current.user_id}>"})
            live.recent.append(event)
        await self._notify(MatchChange("seat", live, [event]))
        return live

    async def take_back(self, match_id: int, user_id: int) -> LiveMatch:
        async with self._changing(match_id):
            live = await self.get(match_id)
            if live.record.status != MatchStatus.ACTIVE:
                raise Refusal("match.not_running")
            seat = live.seat_held_by(user_id)
            if seat is None:
                raise Refusal("act.not_a_player")
            current = live.seats[seat]
            if not current.is_bot:
                raise Refusal("seat.already_yours")
            changed = current.model_copy(update={"is_bot": False})
            timers = await self._plan(live, seats=[changed if s.seat == seat else s
                                                   for s in live.seats])
            await self.repo.replace_seat(changed, timers=timers)
            live.seats[seat] = changed
            self._planned(live)
            live.missed.pop(seat, None)
            event = Event(key="seat.taken_back", params={"seat": seat})
            live.recent.append(event)
        await self._notify(MatchChange("seat", live, [event]))
        return live

    async def ensure_stats(self, live: LiveMatch) -> None:
        """Record a finished match's stats (again): a process killed between the last move and
        its stats leaves them unwritten; writing them twice changes nothing."""
        outcome = live.outcome()
        if outcome is not None:
            await self._record_stats(live, outcome)

    async def _record_stats(self, live: LiveMatch, outcome: Outcome) -> None:
        with_bots = any(s.is_bot for s in live.seats)
        game = live.game
        finished_at = datetime.now(UTC)
        places = game.places(live.state, outcome)
        rows = [
            StatRecord(
                match_id=live.id,
                guild_id=live.record.guild_id,
                game=live.record.game,
                user_id=s.user_id,
                seat=s.seat,
                is_bot=s.is_bot,
                score=outcome.scores.get(s.seat, 0.0),
                won=s.seat in outcome.winners,
                role=game.role_of(live.state, s.seat),
                character=game.character_of(live.state, s.seat),
                with_bots=with_bots,
                finished_at=finished_at,
                place=places.get(s.seat),
            )
            for s in live.seats
        ]
        await self.repo.record_stats(rows)
        self.ratings.ask()
