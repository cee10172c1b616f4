"""The SIGKILL soak: bot-played games on a bot process that is killed at random moments and
restarted on the same database until every game is over."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.fakediscord import FakeDiscord
from tests.soak.botprocess import BotProcess
from tests.soak.tables import (
    Database,
    Progress,
    SoakTable,
    board_ids,
    leave_to_bots,
    open_bot_table,
    progress,
    read_only,
    timers,
)

FINISHED = "finished"


@dataclass
class SoakRun:
    """What happened, for the assertions and for docs/reliability.md."""

    games: int = 0
    kills: int = 0
    starts: int = 0
    seconds: float = 0.0
    restart_seconds: list[float] = field(default_factory=list)
    # Total actions of the running games at each kill: the kills landed mid-game.
    kill_points: list[int] = field(default_factory=list)
    # Kills each game lived through (by match id), counted while it was being played.
    kills_by_game: dict[int, int] = field(default_factory=dict)
    # Games that made no progress for ``stall_seconds`` of the bot's up-time.
    stalled: dict[int, str] = field(default_factory=dict)
    severe_log_lines: list[str] = field(default_factory=list)

    def summary(self) -> str:
        restarts = sorted(self.restart_seconds) or [0.0]
        per_game = sorted(self.kills_by_game.values()) or [0]
        return (f"{self.games} games, {self.kills} kills, {self.starts} starts, "
                f"{self.seconds:.1f} s; kills lived through per game: min {per_game[0]}, "
                f"median {per_game[len(per_game) // 2]}, max {per_game[-1]}; "
                f"restart to connected: median "
                f"{restarts[len(restarts) // 2]:.2f} s, max {restarts[-1]:.2f} s; "
                f"stalled: {len(self.stalled)}")


async def _watch(database: Database, running: list[SoakTable], up: float,
                 stall_seconds: float, moves: int | None = None
                 ) -> tuple[dict[int, Progress], list[SoakTable]]:
    """Let the bot run for ``up`` seconds, or, with ``moves``, only until some running game
    has made that many moves; a game that has not moved by then gets up to ``stall_seconds``
    in all before it counts as stalled. Returns the progress and the stalled games."""
    before = progress(database)
    waited = await _run_for(database, running, before, up, moves)
    while True:
        seen = progress(database)
        still = [t for t in running if seen[t.match_id] == before.get(t.match_id)
                 and seen[t.match_id].status != FINISHED]
        if not still or waited >= stall_seconds:
            return seen, still
        await asyncio.sleep(0.2)
        waited += 0.2


async def _run_for(database: Database, running: list[SoakTable],
                   before: dict[int, Progress], up: float, moves: int | None) -> float:
    """Sleep ``up`` seconds, or less once some running game has moved ``moves`` times: how
    far a game gets between two kills is bounded by moves, not by how fast the machine is,
    so a short game still lives through its kills. Returns the seconds waited."""
    if moves is None:
        await asyncio.sleep(up)
        return up
    began = time.monotonic()
    while time.monotonic() - began < up:
        await asyncio.sleep(0.02)
        seen = progress(database)
        if any(seen[t.match_id].version - before[t.match_id].version >= moves
               for t in running if t.match_id in before and t.match_id in seen):
            break
    return time.monotonic() - began


async def _ends_shown(fake: FakeDiscord, database: Database, tables: list[SoakTable],
                      timeout: float) -> None:
    """Until every finished game's board has no buttons left (its end is shown), or
    ``timeout``; what is still not shown then is for the checks to report."""
    deadline = time.monotonic() + timeout
    await asyncio.sleep(1.0)
    while time.monotonic() < deadline:
        finished = {match for match, now in progress(database).items()
                    if now.status == FINISHED}
        boards = board_ids(database)
        showing = [fake.world.messages.get(boards.get(t.match_id, 0)) for t in tables
                   if t.match_id in finished]
        if all(board is not None and not board.custom_ids() for board in showing):
            return
        await asyncio.sleep(0.2)


async def run_sigkill_soak(
    fake: FakeDiscord,
    workdir: Path,
    tables: list[SoakTable],
    rng: random.Random,
    *,
    parallel: int,
    up_seconds: tuple[float, float] = (0.3, 1.5),
    stall_seconds: float = 4.0,
    max_kills: int | None = None,
    open_per_cycle: int = 1,
    bot_move_delay: float = 0.03,
    moves_between_kills: tuple[int, int] | None = None,
) -> SoakRun:
    """Keep up to ``parallel`` games running, opening at most ``open_per_cycle`` new ones
    between two kills; between kills the bot runs for a random time in
    ``up_seconds`` (cut short, with ``moves_between_kills``, once some game has made a random
    number of moves in that range); after ``max_kills`` kills the games play on undisturbed.
    A game that stops moving is recorded in ``stalled`` and given up. Returns when every game
    is over or given up."""
    run = SoakRun(games=len(tables))
    began = time.monotonic()
    # Boards are edited at most once per BOARD_EDIT_DELAY each: at soak speed (bots move every
    # 30 ms) this keeps the bot under Discord's global 50 requests per second with room for
    # tables opening meanwhile, as the real default (1.2 s) does at human speed.
    bot = BotProcess(fake, workdir, BOARD_EDIT_DELAY=f"{0.1 * parallel:.2f}",
                     BOT_MOVE_DELAY=f"{bot_move_delay:.3f}")
    await bot.start()
    # Read again and again (every 20 ms while a kill waits for moves) through one connection.
    database = read_only(bot.database)
    waiting = list(tables)
    running: list[SoakTable] = []
    try:
        while waiting or running:
            # New tables open a few per cycle, so that each lives through kills from its
            # start (and ten opened in one burst would push the bot past Discord's global 50
            # requests per second: a board, DMs and notices each). Their hosts leave them to
            # the bots only once all are open: a game is played from the last hand-over on,
            # not while the others are being opened.
            opened = [waiting.pop(0) for _ in
                      range(min(open_per_cycle, parallel - len(running), len(waiting)))]
            for table in opened:
                await open_bot_table(fake, table, rng)
            for table in opened:
                await leave_to_bots(fake, table)
            running += opened
            moves = rng.randint(*moves_between_kills) if moves_between_kills else None
            seen, stalled = await _watch(database, running, rng.uniform(*up_seconds),
                                         stall_seconds, moves)
            for table in stalled:
                now = seen[table.match_id]
                run.stalled[table.match_id] = (
                    f"{now.status} at version {now.version} after {bot.kills} kills; stored "
                    f"timers (seat, version, deadline): {timers(database, table.match_id)}")
                running.remove(table)
            running = [t for t in running if seen[t.match_id].status != FINISHED]
            if not running and not waiting:
                break
            if max_kills is not None and bot.kills >= max_kills:
                continue
            run.kill_points.append(sum(seen[t.match_id].version for t in running))
            for table in running:
                run.kills_by_game[table.match_id] = run.kills_by_game.get(table.match_id, 0) + 1
            await bot.kill()
            await asyncio.sleep(rng.uniform(0.0, 0.2))
            restarted = time.monotonic()
            await bot.start()
            run.restart_seconds.append(time.monotonic() - restarted)
        # A last stretch of up-time so that the end of every game is shown: the last kill may
        # have come right after a last move, and a restart takes seconds on a busy machine.
        await _ends_shown(fake, database, tables, timeout=stall_seconds * 5)
    finally:
        database.close()
        await bot.stop()
        run.kills = bot.kills
        run.starts = bot.runs
        run.seconds = time.monotonic() - began
        run.severe_log_lines = bot.severe_lines()
    return run
