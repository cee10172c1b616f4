"""Storage benchmark: how fast ``append_action`` goes, on a real SQLite file or, with
``--postgres DSN``, on a PostgreSQL server (in a schema of its own, dropped afterwards).

Three phases over ``--matches`` active matches, each append carrying a state JSON of about
``--state-bytes`` bytes (the size of a mid-game Lifeboat snapshot):

* one at a time: ``--serial`` appends, each awaited before the next, round-robin over the
  matches. Nothing else is in flight, so the latency is what one append costs the caller (the
  time a match's lock is held for it), queueing left out.
* saturation: every match appends back-to-back in its own coroutine (all of them at once,
  contending for the one connection) until ``--appends`` appends are done. Gives the ceiling
  in appends/s; latency here is mostly time spent queueing behind the other matches.
* paced: appends are issued at ``--rate`` per second in total, round-robin over the matches,
  for ``--seconds`` seconds, the way a busy bot sees them. Latency is taken from the moment each
  append was due, so a stall that delays later appends counts against them too.

``--timers N`` (0 to 2) sends the match's turn timers with every append, the way the turn
scheduler does (``append_action(timers=...)``): the seat to act next gets a fresh deadline (its
row is replaced, the previous seat's row deleted) and, with 2, a seat in a long simultaneous
phase is sent again with its unchanged deadline (left untouched). ``--separate-timers`` writes
the change the old way instead: the append, then ``clear_timers`` for the seat that acted and
``set_timer`` for the next one, each its own statement. ``--compare-timers`` runs only the
one-at-a-time phase, in blocks alternating the four ways (no timers, 1, 2, 1 written
separately) on one database, so that a busy machine's drift does not land on one of them.
``--in-commit-checkpoints`` turns
SQLite's background checkpointer off (checkpoints then run inside whichever commit crosses
1,000 pages, as before it existed).

The target (the service benchmark's) is >= 1,000 appends/s with p99 <= 20 ms at 1,000
concurrent matches; ``--check`` exits 1 when the paced phase misses it or saturation cannot
reach the rate.

    .venv/bin/python -m bench.storage_bench            # defaults: 1,000 matches, 20,000 + 10 s
    .venv/bin/python -m bench.storage_bench --check --seconds 5
    .venv/bin/python -m bench.storage_bench --timers 2   # each append with its two timers
    .venv/bin/python -m bench.storage_bench --compare-timers
    scripts/test-postgres.sh --durable .venv/bin/python -m bench.storage_bench \
        --postgres-from-env                            # a throwaway server, default durability

Run it as a module from the repository root: as a script (``python bench/storage_bench.py``) this
file's directory comes first on ``sys.path`` and the file would shadow the ``storage`` package.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from storage.checkpoints import DEFAULT_INTERVAL
from storage.records import SeatRecord, TimerRecord
from storage.repository import Repository
from storage.sqlite import SqliteRepository

TARGET_RATE = 1_000.0
TARGET_P99_MS = 20.0
# Timers' deadlines are fixed instants (never due), so no run depends on the wall clock.
_EPOCH = datetime(2030, 1, 1, tzinfo=UTC)
_LONG_PHASE_SEAT = 5


def make_state(step: int, size: int) -> str:
    """A JSON document shaped like a game state (seats, hands of card ids, a log) of ~size."""
    hands = {
        str(seat): [f"card-{(seat * 31 + i * 7 + step) % 97:02d}" for i in range(8)]
        for seat in range(6)
    }
    state: dict[str, object] = {
        "seed": 12345,
        "step": step,
        "seats": 6,
        "hands": hands,
        "log": [],
    }
    log: list[str] = []
    state["log"] = log
    while len(json.dumps(state, separators=(",", ":"))) < size:
        log.append(f"seat {len(log) % 6} did thing {len(log)} at step {step}")
    return json.dumps(state, separators=(",", ":"))


@dataclass
class Result:
    appends: int
    seconds: float
    latencies_ms: list[float]
    # CPU time of the whole process (every thread: the loop, SQLite's, the checkpointer's).
    cpu_seconds: float = 0.0

    @property
    def rate(self) -> float:
        return self.appends / self.seconds if self.seconds else 0.0

    def percentile(self, q: float) -> float:
        data = sorted(self.latencies_ms)
        if not data:
            return 0.0
        return data[min(len(data) - 1, int(q * len(data)))]

    def line(self, name: str) -> str:
        return (
            f"{name:<11} {self.appends:>7} appends in {self.seconds:6.2f} s = "
            f"{self.rate:8.0f}/s   p50 {self.percentile(0.50):6.2f} ms   "
            f"p99 {self.percentile(0.99):6.2f} ms   max {max(self.latencies_ms):7.2f} ms   "
            f"mean {statistics.fmean(self.latencies_ms):6.2f} ms   "
            f"CPU {self.cpu_us:5.0f} µs/append"
        )

    @property
    def cpu_us(self) -> float:
        return self.cpu_seconds / self.appends * 1e6 if self.appends else 0.0


async def _prepare(repo: Repository, matches: int, state_json: str) -> list[int]:
    ids = []
    for n in range(matches):
        match = await repo.create_match(
            game="bench", guild_id=1, channel_id=10_000 + n, host_id=1, seed=n, options={}
        )
        seats = [
            SeatRecord(match_id=match.id, seat=s, user_id=100 + s, display_name=f"p{s}")
            for s in range(6)
        ]
        await repo.start_match(match.id, seats, state_json)
        ids.append(match.id)
    return ids


@dataclass(frozen=True)
class TimerLoad:
    count: int = 0  # timer rows sent with each append: 0, 1 or 2
    separate: bool = False  # write them with their own statements after the append

    def timers(self, match_id: int, version: int) -> list[TimerRecord]:
        """The match's timers once the action at ``version`` is applied."""
        timers = [
            TimerRecord(
                match_id=match_id,
                seat=(version + 1) % _LONG_PHASE_SEAT,
                version=version + 1,
                deadline=_EPOCH + timedelta(seconds=version + 1),
            )
        ]
        if self.count == 2:
            timers.append(
                TimerRecord(
                    match_id=match_id, seat=_LONG_PHASE_SEAT, version=0, deadline=_EPOCH
                )
            )
        return timers[: self.count]


async def _append(
    repo: Repository, match_id: int, version: int, state_json: str, load: TimerLoad
) -> int:
    timers = load.timers(match_id, version) if load.count else None
    new_version = await repo.append_action(
        match_id,
        expected_version=version,
        seat=version % 6,
        user_id=100 + version % 6,
        source="player",
        action={"kind": "row", "seat": version % 6, "target": 3},
        state_json=state_json,
        timers=None if load.separate else timers,
    )
    if load.separate and timers is not None:
        # Only what changed, as the scheduler did: the acting seat's timer goes, the next
        # seat's is armed; an unchanged timer was not written again.
        await repo.clear_timers(match_id, version % _LONG_PHASE_SEAT)
        await repo.set_timer(timers[0])
    return new_version


async def one_at_a_time(
    repo: Repository,
    ids: list[int],
    versions: dict[int, int],
    total: int,
    states: list[str],
    load: TimerLoad,
) -> Result:
    latencies: list[float] = []
    started, cpu = time.perf_counter(), time.process_time()
    for n in range(total):
        match_id = ids[n % len(ids)]
        version = versions[match_id]
        began = time.perf_counter()
        versions[match_id] = await _append(
            repo, match_id, version, states[version % len(states)], load
        )
        latencies.append((time.perf_counter() - began) * 1000)
    return Result(len(latencies), time.perf_counter() - started, latencies,
                  time.process_time() - cpu)


COMPARED_LOADS = {
    "no timers": TimerLoad(0),
    "1 timer": TimerLoad(1),
    "2 timers": TimerLoad(2),
    "1 separately": TimerLoad(1, separate=True),
}


async def compare_timer_loads(
    repo: Repository, ids: list[int], versions: dict[int, int], total: int, states: list[str]
) -> dict[str, Result]:
    """``total`` one-at-a-time appends per load, in 20 rounds of a block of each."""
    results = {name: Result(0, 0.0, []) for name in COMPARED_LOADS}
    block = max(1, total // 20)
    for _ in range(20):
        for name, load in COMPARED_LOADS.items():
            part = await one_at_a_time(repo, ids, versions, block, states, load)
            result = results[name]
            result.appends += part.appends
            result.seconds += part.seconds
            result.latencies_ms += part.latencies_ms
    return results


async def saturation(
    repo: Repository,
    ids: list[int],
    versions: dict[int, int],
    total: int,
    states: list[str],
    load: TimerLoad,
) -> Result:
    remaining = total
    latencies: list[float] = []

    async def worker(match_id: int) -> None:
        nonlocal remaining
        while remaining > 0:
            remaining -= 1
            version = versions[match_id]
            began = time.perf_counter()
            versions[match_id] = await _append(
                repo, match_id, version, states[version % len(states)], load
            )
            latencies.append((time.perf_counter() - began) * 1000)

    started, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(worker(m) for m in ids))
    return Result(len(latencies), time.perf_counter() - started, latencies,
                  time.process_time() - cpu)


async def paced(
    repo: Repository,
    ids: list[int],
    versions: dict[int, int],
    rate: float,
    seconds: float,
    states: list[str],
    load: TimerLoad,
) -> Result:
    latencies: list[float] = []
    busy: set[int] = set()
    tasks: set[asyncio.Task[None]] = set()
    skipped = 0

    async def one(match_id: int, due: float) -> None:
        version = versions[match_id]
        state = states[version % len(states)]
        versions[match_id] = await _append(repo, match_id, version, state, load)
        latencies.append((time.perf_counter() - due) * 1000)
        busy.discard(match_id)

    total = int(rate * seconds)
    started, cpu = time.perf_counter(), time.process_time()
    cursor = 0
    for n in range(total):
        due = started + n / rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        match_id = ids[cursor % len(ids)]
        cursor += 1
        if match_id in busy:
            # The match's previous append is still running: a real table would wait for it.
            skipped += 1
            continue
        busy.add(match_id)
        task = asyncio.create_task(one(match_id, due))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    while tasks:
        await asyncio.gather(*list(tasks))
    if skipped:
        print(f"paced: {skipped} appends skipped because their match was still busy")
    return Result(len(latencies), time.perf_counter() - started, latencies,
                  time.process_time() - cpu)


async def _measure(
    repo: Repository, args: argparse.Namespace, states: list[str]
) -> tuple[Result, Result] | None:
    """(saturation, paced), or None for ``--compare-timers``."""
    load = TimerLoad(args.timers, args.separate_timers)
    if load.count and not args.compare_timers:
        how = "separate statements" if load.separate else "append_action(timers=...)"
        print(f"{load.count} timer(s) per append, by {how}")
    await repo.open()
    try:
        ids = await _prepare(repo, args.matches, states[0])
        versions = dict.fromkeys(ids, 0)
        if args.compare_timers:
            compared = await compare_timer_loads(repo, ids, versions, args.serial, states)
            for name, result in compared.items():
                print(result.line(name))
            return None  # the target is about the other phases
        if args.serial:
            serial = await one_at_a_time(repo, ids, versions, args.serial, states, load)
            print(serial.line("one by one"))
        sat = await saturation(repo, ids, versions, args.appends, states, load)
        print(sat.line("saturation"))
        pac = await paced(repo, ids, versions, args.rate, args.seconds, states, load)
        print(pac.line("paced"))
    finally:
        await repo.close()
    return sat, pac


async def _measure_postgres(
    dsn: str, args: argparse.Namespace, states: list[str]
) -> tuple[Result, Result] | None:
    import asyncpg

    from storage.postgres import PostgresRepository

    schema = f"bench_{uuid.uuid4().hex[:12]}"
    print(
        f"PostgreSQL schema {schema}; {args.matches} matches; state JSON {len(states[0])} "
        f"bytes; asyncpg pool of {args.pool_size}"
    )
    repo = PostgresRepository(dsn, schema=schema, min_size=args.pool_size, max_size=args.pool_size)
    try:
        return await _measure(repo, args, states)
    finally:
        conn = await asyncpg.connect(dsn)
        try:
            await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        finally:
            await conn.close()


async def run(args: argparse.Namespace) -> bool:
    states = [make_state(step, args.state_bytes) for step in range(16)]
    dsn = os.environ.get("PARLOR_TEST_POSTGRES_DSN") if args.postgres_from_env else args.postgres
    if args.postgres_from_env and not dsn:
        print("--postgres-from-env: PARLOR_TEST_POSTGRES_DSN is not set", file=sys.stderr)
        return False
    if dsn:
        measured = await _measure_postgres(dsn, args, states)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(args.path) if args.path else Path(tmp) / "bench.db"
            where = "inside commits" if args.in_commit_checkpoints else "in the background"
            print(
                f"database {path}; {args.matches} matches; state JSON {len(states[0])} bytes; "
                f"SQLite via aiosqlite, WAL, synchronous=NORMAL, checkpoints {where}"
            )
            interval = None if args.in_commit_checkpoints else DEFAULT_INTERVAL
            repo = SqliteRepository(path, checkpoint_interval=interval)
            measured = await _measure(repo, args, states)
    if measured is None:
        return True
    sat, pac = measured
    ok = (
        sat.rate >= TARGET_RATE
        and pac.rate >= 0.95 * args.rate
        and pac.percentile(0.99) <= TARGET_P99_MS
    )
    verdict = "meets" if ok else "MISSES"
    print(
        f"{verdict} the target: >= {TARGET_RATE:.0f} appends/s, p99 <= {TARGET_P99_MS:.0f} ms "
        f"at {args.matches} matches"
    )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=1_000)
    parser.add_argument("--serial", type=int, default=2_000, help="one-at-a-time phase size")
    parser.add_argument("--appends", type=int, default=20_000, help="saturation phase size")
    parser.add_argument("--rate", type=float, default=TARGET_RATE, help="paced appends/s")
    parser.add_argument("--seconds", type=float, default=10.0, help="paced phase length")
    parser.add_argument("--state-bytes", type=int, default=3_000)
    parser.add_argument("--path", help="database file (default: a temporary directory)")
    parser.add_argument("--postgres", metavar="DSN", help="measure PostgreSQL at this URL")
    parser.add_argument(
        "--postgres-from-env",
        action="store_true",
        help="measure PostgreSQL at $PARLOR_TEST_POSTGRES_DSN (see scripts/test-postgres.sh)",
    )
    parser.add_argument("--pool-size", type=int, default=10, help="PostgreSQL pool connections")
    parser.add_argument(
        "--timers", type=int, choices=(0, 1, 2), default=0, help="timer rows sent per append"
    )
    parser.add_argument(
        "--separate-timers",
        action="store_true",
        help="write the timers with their own statements after the append (the old way)",
    )
    parser.add_argument(
        "--in-commit-checkpoints",
        action="store_true",
        help="SQLite: no background checkpointer; checkpoints run inside commits",
    )
    parser.add_argument(
        "--compare-timers",
        action="store_true",
        help="only the one-at-a-time phase, alternating no timers, 1, 2 and 1 separately",
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when the target is missed")
    args = parser.parse_args(argv)
    ok = asyncio.run(run(args))
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
