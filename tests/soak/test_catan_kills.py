"""A Catan table killed with SIGKILL at the moments that hold the most in flight: while a trade
offer waits for the others' answers, and in the middle of a 7 (a discard saved, the robber
still to move). After each restart the table goes on from where the log stands — the offer still
open, the 7 still to finish — and the game ends exactly as an uninterrupted run from the same
seed would (``tests.soak.checks.verify_game``: every move the bot's own in its position, the
log whole, the end shown, the reveal posted once, the stats written).

The general soak (``test_sigkill.py``) kills every game at random moments, which for Catan fall
in its set-up; here the kills wait for the moments named above, read from the stored log.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from contextlib import closing
from pathlib import Path

from storage.sqlite import SqliteRepository
from tests.fakediscord import FakeDiscord
from tests.soak.botprocess import BotProcess
from tests.soak.checks import verify_game
from tests.soak.tables import leave_to_bots, make_world, open_bot_table, progress, read_only

# The last logged move at which the bot is killed: a trade offered (its answers not all in),
# and a discard of a 7 (the robber not yet moved). Each is tried on a few occurrences, as the
# bot may have moved again between the read and the kill.
KILL_AFTER = ("offer_trade", "discard")
TRIES = 6
# What may come next: the offer answered (or countered, or taken back by its maker) and the 7
# finished (another discard, or the robber moved).
NEXT = {"offer_trade": {"answer_trade", "counter_trade", "confirm_trade", "withdraw_trade"},
        "discard": {"discard", "move_robber"}}
TABLES = 3
# Slow enough moves that a kill lands while the read move is still the last one.
MOVE_DELAY = "0.15"
# How often the log is read while waiting for a kill's moment: a fifteenth of a move's delay,
# through one connection (``tables.read_only``: polled every 5 ms by two reads that opened
# their own, the wait took a third of a core, 0.34 s of CPU a second; now 0.04 s).
POLL_SECONDS = 0.01


def last_move(database: sqlite3.Connection, match_id: int) -> tuple[int, str, str] | None:
    """The version and kind of the match's last logged move and the match's status, read
    beside the running bot (each statement sees the database as it is then)."""
    found = database.execute(
        "SELECT actions.version, actions.action, matches.status FROM actions "
        "JOIN matches ON matches.id = actions.match_id WHERE actions.match_id = ? "
        "ORDER BY actions.version DESC LIMIT 1", (match_id,)).fetchall()
    if not found:
        return None
    version, action, status = found[0]
    return int(version), str(json.loads(action)["kind"]), str(status)


async def _kill_after(bot: BotProcess, match_id: int, kind: str, timeout: float
                      ) -> int | None:
    """Kill the bot as soon as the match's last move is of ``kind``; that move's version if
    the kill came while it still was the last (read again once the process is gone)."""
    deadline = time.monotonic() + timeout
    with closing(read_only(bot.database)) as database:
        while time.monotonic() < deadline:
            seen = last_move(database, match_id)
            if seen is not None and seen[1] == kind:
                await bot.kill()
                return seen[0] if last_move(database, match_id) == seen else None
            if seen is not None and seen[2] == "finished":
                return None
            await asyncio.sleep(POLL_SECONDS)
    return None


def _end_shown(fake: FakeDiscord, database: sqlite3.Connection, match_id: int) -> bool:
    """The board shows the end and the reveal is posted: its message is in the channel, not
    only claimed in the database (the claim, message id 0, is written before the post)."""
    posted = dict(database.execute("SELECT kind, message_id FROM messages WHERE match_id = ? "
                                   "AND kind IN ('board', 'reveal')", (match_id,)).fetchall())
    board = fake.world.messages.get(int(posted.get("board", 0)))
    revealed = int(posted.get("reveal", 0)) in fake.world.messages
    return revealed and board is not None and not board.custom_ids()


async def _kill_at_the_moments(bot: BotProcess, match_id: int) -> dict[str, int]:
    """Kill the bot after each kind of ``KILL_AFTER`` in turn, restarting it after each kill;
    the versions after which a kill landed, by kind (fewer kinds if the game ended first)."""
    killed: dict[str, int] = {}
    for kind in KILL_AFTER:
        for _ in range(TRIES):
            landed = await _kill_after(bot, match_id, kind, timeout=60)
            if landed is not None:
                killed[kind] = landed
            if len(killed) == len(KILL_AFTER):
                bot.settings["BOT_MOVE_DELAY"] = "0.01"  # the rest at the soak's pace
            if bot.process is None:
                await bot.start()
            if landed is not None:
                break
    return killed


async def test_a_catan_table_killed_mid_trade_and_mid_seven_ends_as_if_never_killed(
    tmp_path: Path, soak_discord: FakeDiscord
) -> None:
    fake = soak_discord
    # A table's seed is the bot's own: about one game in forty has no 7 that makes anyone
    # discard, and then the next table is played. Short tables (SHORT_TABLES: to 8 points):
    # the kills come early, and what follows them only has to reach the end.
    tables = make_world(fake, ["catan"] * TABLES, short=True)
    bot = BotProcess(fake, tmp_path, BOT_MOVE_DELAY=MOVE_DELAY)
    await bot.start()
    try:
        for table in tables:
            await open_bot_table(fake, table, random.Random(3))
            await leave_to_bots(fake, table)
            killed = await _kill_at_the_moments(bot, table.match_id)
            if set(killed) == set(KILL_AFTER):
                break
        assert set(killed) == set(KILL_AFTER), (
            f"no kill landed right after each of {KILL_AFTER} in {TABLES} tables: {killed}, "
            f"{bot.kills} kills")
        # Both waits read at every change the fake sees, through one connection.
        with closing(read_only(bot.database)) as database:
            await fake.wait_for(lambda: progress(database)[table.match_id].status == "finished",
                                timeout=120, what="the game to end")
            await fake.wait_for(lambda: _end_shown(fake, database, table.match_id),
                                timeout=30, what="the board to show the end and the reveal")
    finally:
        await bot.stop()
    assert not bot.severe_lines(), "\n".join(bot.severe_lines())
    async with SqliteRepository(bot.database) as repo:
        result = await verify_game(repo, fake, table)
        log = await repo.actions(table.match_id)
    # What was in flight at each kill was taken up again after the restart.
    after = {version: log[version + 1].action["kind"]
             for version in killed.values()}
    assert after[killed["offer_trade"]] in NEXT["offer_trade"], after
    assert after[killed["discard"]] in NEXT["discard"], after
    assert result.stats_recorded and result.reveals == 1, result
    assert fake.client_errors == [], "avoidable 4xx from the bot"
