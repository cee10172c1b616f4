"""After a restart the board shows the current state: the real bot process is killed (SIGKILL)
right after a move from a private panel is saved and before that move's board edit goes out
(the edit waits a board-edit delay to fold moves together). The restarted process must bring
the board up to date by itself — no later move comes along to do it: a table of people only,
and no turn timer."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.table import Desk
from storage.sqlite import SqliteRepository
from tables.service import LiveMatch, MatchService
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.soak.botprocess import BotProcess
from tests.soak.tables import progress

MENTION = re.compile(r"<@(\d+)>")
# Long enough that the kill always lands before the move's board edit (a quarter of it: 1 s).
BOARD_EDIT_DELAY = "4.0"


async def _live(database: Path, match_id: int) -> LiveMatch:
    """The match as stored, read beside the bot process (WAL lets a reader in)."""
    repo = SqliteRepository(database)
    await repo.open()
    try:
        live: LiveMatch = await MatchService(repo).get(match_id)
        return live
    finally:
        await repo.close()


def _expected_board(live: LiveMatch) -> tuple[str, list[dict[str, Any]], list[str]]:
    """What the board must show for ``live``: the Desk's own drawing (no turn timer, so no
    deadline to show)."""
    app = SimpleNamespace(timers=SimpleNamespace(deadline=lambda match, seat: None))
    content, embeds, view = Desk(app).board(live, live.record.locale)  # type: ignore[arg-type]
    ids = [] if view is None else [
        str(getattr(getattr(item, "item", item), "custom_id", "")) for item in view.children]
    return content, [dict(e.to_dict()) for e in embeds], sorted(ids)


def _shown(board: FakeMessage) -> tuple[str, list[dict[str, Any]], list[str]]:
    return board.content, list(board.embeds), sorted(board.custom_ids())


def _comparable(embeds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    keep = ("title", "description", "fields", "footer")
    return [{k: e.get(k) for k in keep if e.get(k)} for e in embeds]


async def _click(fake: FakeDiscord, user: FakeUser, message: FakeMessage, custom_id: str,
                 values: list[str] | None = None) -> FakeMessage:
    if values is None:
        result = await fake.click(user, message, custom_id, timeout=10)
    else:
        result = await fake.select(user, message, custom_id, values, timeout=10)
    callback = await result.wait_callback(timeout=10)
    assert callback.accepted, f"{custom_id}: {callback}"
    answered: FakeMessage = await result.wait_original(timeout=10)
    return answered


@dataclass
class _Table:
    game: str
    board: FakeMessage
    match_id: int
    shown_before: tuple[str, list[dict[str, Any]], list[str]] = ("", [], [])


async def _open(fake: FakeDiscord, game: str, people: list[FakeUser]) -> _Table:
    """A table of ``game`` for ``people`` in a channel of its own, started; once its board
    names whom it waits for."""
    channel = fake.text_channel(fake.create_guild(f"{game} night", members=people))
    started = await fake.run_slash(people[0], channel, f"{game} start", {}, timeout=10)
    lobby = await started.wait_original(timeout=10)
    join = next(c for c in lobby.custom_ids() if c.endswith(":join"))
    match_id = int(join.split(":")[2])
    for user in people[1:]:
        await _click(fake, user, lobby, join)
    await _click(fake, people[0], lobby, f"pl:l:{match_id}:start")
    hand = f"pl:h:{match_id}"
    board = await fake.wait_for_message(channel, lambda m: hand in m.custom_ids(), timeout=10)
    await fake.wait_for(lambda: MENTION.search(board.content), timeout=10,
                        what="the board to name whom it waits for")
    return _Table(game, board, match_id)


async def _panel_of_a_mover(fake: FakeDiscord, table: _Table, by_id: dict[int, FakeUser]
                            ) -> Callable[[], Awaitable[FakeMessage]]:
    """Someone the board waits for opens their panel; returns their move from it, to make."""
    board, match_id = table.board, table.match_id
    table.shown_before = _shown(board)
    mover = by_id[int(MENTION.search(board.content).group(1))]  # type: ignore[union-attr]
    panel = await _click(fake, mover, board, f"pl:h:{match_id}")
    action = next((c for c in panel.custom_ids() if c.startswith(f"pl:a:{match_id}:")), None)
    if action is not None:
        return lambda: _click(fake, mover, panel, action)
    select = next(c for c in panel.custom_ids() if c.startswith(f"pl:s:{match_id}:"))
    options = (panel.find_component(select) or {}).get("options", [])
    return lambda: _click(fake, mover, panel, select, [options[0]["value"]])


async def _shows_the_saved_match(fake: FakeDiscord, bot: BotProcess, table: _Table,
                                 by_id: dict[int, FakeUser], saved: int) -> None:
    """After the restart the board comes up to date by itself, and its buttons and the
    panels' are for the current version."""
    board, match_id, hand = table.board, table.match_id, f"pl:h:{table.match_id}"
    live = await _live(bot.database, match_id)
    assert live.version == saved, "nobody moves after the restart: a table of people only"
    content, embeds, ids = _expected_board(live)
    waited = {live.seats[p.seat].user_id for p in live.pending() if p.blocking}

    def current() -> bool:
        shown = fake.message(board.id)
        return (shown.content, _comparable(list(shown.embeds)),
                sorted(shown.custom_ids())) == (content, _comparable(embeds), ids)

    await fake.wait_for(current, timeout=15,
                        what=f"the {table.game} board to show the match at version {saved}")
    shown = fake.message(board.id)
    assert {int(m) for m in MENTION.findall(shown.content)} == waited, \
        "the board names exactly the seats the game waits for"
    somebody = by_id[next(iter(waited))]  # type: ignore[index]
    panel = await _click(fake, somebody, shown, hand)
    versions = {int(c.split(":")[3]) for c in [*shown.custom_ids(), *panel.custom_ids()]
                if re.match(r"pl:[abstqr]:", c)}
    assert versions <= {saved}
    assert _comparable(list(shown.embeds)) == _comparable(embeds), \
        "the board's public figures are the match's"


async def test_a_kill_between_a_move_and_its_board_edit_is_shown_after_the_restart(
    tmp_path: Path, soak_discord: FakeDiscord
) -> None:
    """A Lifeboat and a Citadels table on one bot process (one kill serves both): each has a
    move from a panel saved and its board edit still waiting when the process is killed."""
    fake = soak_discord
    people = [fake.create_user(name) for name in ("alice", "bob", "carol", "dave")]
    by_id = {user.id: user for user in people}
    bot = BotProcess(fake, tmp_path, BOARD_EDIT_DELAY=BOARD_EDIT_DELAY,
                     BOARD_EDIT_DELAY_BOTS=BOARD_EDIT_DELAY)
    await bot.start()
    try:
        await fake.wait_for(lambda: {"lifeboat", "citadels"} <= {
            c.name for c in fake.world.commands.values()}, timeout=20,
            what="the bot's slash commands")
        tables = [await _open(fake, game, people) for game in ("lifeboat", "citadels")]
        # Both panels are open before either move, so the kill follows the answers at once.
        moves = [await _panel_of_a_mover(fake, table, by_id) for table in tables]
        for move in moves:
            await move()
        await bot.kill()
        saved = progress(bot.database)
        for table in tables:
            assert _shown(fake.message(table.board.id)) == table.shown_before, \
                f"{table.game}: the kill came after the board edit: this run did not test " \
                "the window"

        await bot.start()
        for table in tables:
            await _shows_the_saved_match(fake, bot, table, by_id,
                                         saved[table.match_id].version)
    finally:
        await bot.stop()
    assert bot.severe_lines() == []
    await asyncio.sleep(0)
