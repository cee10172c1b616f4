"""SQLite's WAL checkpoints, run in the background on a connection of their own
(``storage.checkpoints``) instead of inside whichever commit crosses SQLite's threshold."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from storage import checkpoints
from storage.checkpoints import SAFETY_NET_PAGES, WalCheckpointer
from storage.sqlite import SqliteRepository
from tests.storage.helpers import FakeClock, started_match

# A state of ~12 KB: each append writes several pages to the log, as a mid-game state does.
_STATE = '{"log":[' + ",".join(f'"entry {n:05d} of a long game log"' for n in range(400)) + "]}"
# Enough appends (~13 MB of states) that a round held up by a slow disk for a tenth of a second
# still leaves the log a small fraction of it; under the safety net's 40 MB all the same.
_APPENDS = 1_000


def _wal_bytes(path: Path) -> int:
    wal = Path(f"{path}-wal")
    return wal.stat().st_size if wal.exists() else 0


async def _play(repo: SqliteRepository, appends: int, *, pass_every: int = 0) -> int:
    """``appends`` actions on one match; the largest size the log file reached meanwhile.
    ``pass_every``: after that many appends, wait (a few seconds at most) for the background
    checkpointer's next pass — on a machine busy with other tests its thread may otherwise not
    run at all while the appends go on, which says nothing of what a pass does."""
    match = await started_match(repo)
    largest = 0
    for version in range(appends):
        if pass_every and version and version % pass_every == 0 and repo.checkpointer:
            passes = repo.checkpointer.checkpoints
            for _ in range(500):
                if repo.checkpointer.checkpoints > passes:
                    break
                await asyncio.sleep(0.005)
        await repo.append_action(
            match.id,
            expected_version=version,
            seat=version % 4,
            user_id=None,
            source="bot",
            action={"n": version},
            state_json=_STATE,
        )
        largest = max(largest, _wal_bytes(Path(str(repo.path))))
    return largest


async def test_the_repository_checkpoints_in_the_background_with_a_safety_net(
    db_path: Path, clock: FakeClock
) -> None:
    async with SqliteRepository(db_path, clock=clock) as repo:
        assert repo.checkpointer is not None and repo.checkpointer.running
        (row,) = await repo.connection.execute_fetchall("PRAGMA wal_autocheckpoint")
        assert row[0] == SAFETY_NET_PAGES
    assert repo.checkpointer is None

    async with SqliteRepository(db_path, clock=clock, checkpoint_interval=None) as repo:
        assert repo.checkpointer is None  # off: SQLite checkpoints inside commits, by default
        (row,) = await repo.connection.execute_fetchall("PRAGMA wal_autocheckpoint")
        assert row[0] == 1000
    async with SqliteRepository(":memory:") as repo:
        assert repo.checkpointer is None  # no log to checkpoint
    with pytest.raises(ValueError, match="positive"):
        SqliteRepository(db_path, checkpoint_interval=0)


@pytest.mark.parametrize("interval", [0.005, 3600.0], ids=["checkpointing", "never-again"])
async def test_the_log_stays_small_under_many_appends(
    db_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, interval: float
) -> None:
    """Under steady appends the log file stays a small fraction of what was written: once it
    is ``RESTART_FRAMES`` long, a round copies it back and lets the next write start it over.
    The control case, whose checkpointer sleeps through it, shows the log growing with every
    append (up to the safety net of SQLite's own checkpoint, which these appends stay under)."""
    # 1,000 frames by default (~4 MB), which only a longer test would dwarf.
    monkeypatch.setattr(checkpoints, "RESTART_FRAMES", 100)
    # What is measured is the log's size, not the thread's priority: at nice 19 on a machine
    # busy with other work the checkpointer hardly runs while the appends go on.
    monkeypatch.setattr(checkpoints, "NICE", 0)
    async with SqliteRepository(db_path, clock=clock, checkpoint_interval=interval) as repo:
        largest = await _play(repo, _APPENDS, pass_every=100 if interval < 1 else 0)
        checkpointer = repo.checkpointer
        assert checkpointer is not None
        passes = checkpointer.checkpoints
    written = _APPENDS * len(_STATE)  # at the least: each append logs its state
    if interval < 1:
        assert passes > 3
        assert largest < written / 4
    else:
        assert passes == 0
        assert largest > written


async def test_close_while_a_checkpoint_runs_is_clean(
    db_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """close() cancels the round in progress; the checkpoint finishes on its own thread before
    its connection closes, nothing is left running and the database is whole."""
    problems: list[dict[str, Any]] = []
    asyncio.get_running_loop().set_exception_handler(lambda _, context: problems.append(context))
    original = WalCheckpointer._checkpoint
    started = asyncio.Event()
    finished: list[bool] = []

    async def watched(self: WalCheckpointer, conn: Any) -> tuple[int, int, int]:
        started.set()
        result = await original(self, conn)
        finished.append(True)
        return result

    async with SqliteRepository(db_path, clock=clock, checkpoint_interval=None):
        pass  # the file and its schema
    raced = 0
    for _ in range(5):
        # A plain connection holds the log open with plenty in it, so the checkpointer's first
        # round has megabytes to copy.
        with closing(sqlite3.connect(db_path, isolation_level=None)) as holder:
            holder.execute("PRAGMA wal_autocheckpoint = 0")
            holder.execute("CREATE TABLE IF NOT EXISTS filler (blob BLOB)")
            for _ in range(200):
                holder.execute("INSERT INTO filler VALUES (randomblob(16000))")

            started.clear()
            finished.clear()
            monkeypatch.setattr(WalCheckpointer, "_checkpoint", watched)
            repo = SqliteRepository(db_path, clock=clock, checkpoint_interval=0.001)
            await repo.open()
            checkpointer = repo.checkpointer
            assert checkpointer is not None
            await started.wait()
            await repo.close()  # the round's checkpoint is on its thread right now
            monkeypatch.undo()
            raced += not finished
            assert not checkpointer.running
            others = asyncio.all_tasks() - {asyncio.current_task()}
            assert not others, others

    assert raced > 0  # at least one close() really landed on a checkpoint in progress
    assert problems == []
    with closing(sqlite3.connect(db_path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("SELECT count(*) FROM filler").fetchone() == (1000,)


async def test_a_failed_round_is_logged_and_the_next_one_runs(
    db_path: Path,
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    original = WalCheckpointer._checkpoint
    failures = [sqlite3.OperationalError("disk I/O error")]

    async def flaky(self: WalCheckpointer, conn: Any) -> tuple[int, int, int]:
        if failures:
            raise failures.pop()
        return await original(self, conn)

    monkeypatch.setattr(WalCheckpointer, "_checkpoint", flaky)
    async with SqliteRepository(db_path, clock=clock, checkpoint_interval=0.001) as repo:
        await _play(repo, 3)
        checkpointer = repo.checkpointer
        assert checkpointer is not None
        for _ in range(500):
            if checkpointer.checkpoints:
                break
            await asyncio.sleep(0.002)
        assert checkpointer.checkpoints > 0 and checkpointer.running
    assert "disk I/O error" in caplog.text


async def _thread_of(conn: Any) -> int:
    """The native id of the aiosqlite connection's worker thread."""
    import threading

    found: list[int] = []
    await checkpoints.on_its_thread(conn, lambda: found.append(threading.get_native_id()))
    return found[0]


@pytest.mark.skipif(not hasattr(__import__("os"), "setpriority"), reason="no thread priorities")
async def test_the_checkpointer_thread_yields_the_cpu_to_the_event_loop(db_path: Path) -> None:
    """Its passes copy pages for tens of milliseconds without the GIL; at the loop's priority
    the kernel split the CPU with the loop meanwhile, a stall of every move in flight."""
    import os
    import threading

    db_path.parent.mkdir(parents=True, exist_ok=True)
    checkpointer = WalCheckpointer(db_path)
    await checkpointer.start()
    try:
        assert checkpointer._conn is not None
        thread = await _thread_of(checkpointer._conn)
        assert os.getpriority(os.PRIO_PROCESS, thread) == checkpoints.NICE
        assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) < checkpoints.NICE
    finally:
        await checkpointer.stop()


@pytest.mark.skipif(not hasattr(__import__("os"), "setpriority"), reason="no thread priorities")
async def test_the_held_pass_keeps_the_loop_priority(db_path: Path) -> None:
    """Every append waits for the pass that holds the repository's writes: at nice 19 it ran
    only when the loop had nothing else to do, which under load was 10-40 ms of held appends."""
    import os
    import threading

    db_path.parent.mkdir(parents=True, exist_ok=True)

    @contextlib.asynccontextmanager
    async def hold() -> Any:
        yield

    checkpointer = WalCheckpointer(db_path, hold_writes=hold)
    await checkpointer.start()
    try:
        assert checkpointer._conn is not None and checkpointer._held_conn is not None
        quiet = await _thread_of(checkpointer._conn)
        held = await _thread_of(checkpointer._held_conn)
        assert os.getpriority(os.PRIO_PROCESS, quiet) == checkpoints.NICE
        assert os.getpriority(os.PRIO_PROCESS, held) == os.getpriority(
            os.PRIO_PROCESS, threading.get_native_id())
    finally:
        await checkpointer.stop()


async def _scripted_round(db_path: Path, frames: Callable[[int], int]
                          ) -> tuple[list[int], list[int], int, WalCheckpointer]:
    """One round of a checkpointer whose passes find the log ``frames(n)`` frames long at
    their ``n``-th pass: the frames each catch-up pass found, each held pass found, the times
    the writes were held, and the checkpointer."""
    passes: list[int] = []
    held: list[int] = []
    hold_count = 0

    class Scripted(WalCheckpointer):
        async def _changed(self, conn: Any) -> bool:
            return True

        async def _checkpoint(self, conn: Any) -> tuple[int, int, int]:
            found = frames(len(passes) + len(held))
            (held if conn is self._held_conn else passes).append(found)
            return 0, found, found

    @contextlib.asynccontextmanager
    async def hold() -> AsyncIterator[None]:
        nonlocal hold_count
        hold_count += 1
        yield

    db_path.parent.mkdir(parents=True, exist_ok=True)
    checkpointer = Scripted(db_path, interval=3600, hold_writes=hold)
    await checkpointer.start()
    try:
        assert checkpointer._conn is not None
        await checkpointer._round(checkpointer._conn)
    finally:
        await checkpointer.stop()
    return passes, held, hold_count, checkpointer


async def test_passes_catch_up_before_the_held_one(db_path: Path) -> None:
    """Writes arriving during each pass: the round passes again (up to ``CATCH_UP_PASSES``)
    before holding the writes, so the held pass copies only the last few frames."""
    # The log as each pass finds it: 2,000 frames, then 300, 80 and 20 more.
    passes, held, hold_count, checkpointer = await _scripted_round(
        db_path, [2_000, 2_300, 2_380, 2_400, 2_405].__getitem__)
    # 300 and 80 new frames are more than FEW_FRAMES, 20 is not: then the held pass.
    assert checkpoints.CATCH_UP_PASSES > 3  # so it is FEW_FRAMES that stopped the passes
    assert passes == [2_000, 2_300, 2_380, 2_400]
    assert held == [2_405] and hold_count == 1
    assert len(checkpointer.holds) == 1


async def test_no_held_pass_while_writes_outrun_the_passes(db_path: Path) -> None:
    """Every catch-up pass still finding many new frames (a burst faster than the passes
    copy): the round ends without holding the writes, which would have waited for the copy
    of all that came in during the last pass; the next round tries again."""
    # 2,000 frames, then 500 more during each pass.
    passes, held, hold_count, checkpointer = await _scripted_round(
        db_path, lambda n: 2_000 + 500 * n)
    assert len(passes) == 1 + checkpoints.CATCH_UP_PASSES
    assert not held and hold_count == 0 and not checkpointer.holds
