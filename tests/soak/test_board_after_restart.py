"""After a restart the board shows the current state: the real bot process is killed (SIGKILL)
right after a move from a private panel is saved and before that move's board edit goes out
(the edit waits a board-edit delay to fold moves together). The restarted process must bring
the board up to date by itself — no later move comes along to do it: a table of people only,
and no turn timer."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

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


@pytest.mark.parametrize("game", ["lifeboat", "citadels"])
async def test_a_kill_between_a_move_and_its_board_edit_is_shown_after_the_restart(
    tmp_path: Path, soak_discord: FakeDiscord, game: str
) -> None:
    fake = soak_discord
    people = [fake.create_user(name) for name in ("alice", "bob", "carol", "dave")]
    channel = fake.text_channel(fake.create_guild("Game night", members=people))
    by_id = {user.id: user for user in people}
    bot = BotProcess(fake, tmp_path, BOARD_EDIT_DELAY=BOARD_EDIT_DELAY,
                     BOARD_EDIT_DELAY_BOTS=BOARD_EDIT_DELAY)
    await bot.start()
    try:
        await fake.wait_for(lambda: any(c.name == game for c in fake.world.commands.values()),
                            timeout=20, what="the bot's slash commands")
        started = await fake.run_slash(people[0], channel, f"{game} start", {}, timeout=10)
        lobby = await started.wait_original(timeout=10)
        join = next(c for c in lobby.custom_ids() if c.endswith(":join"))
        match_id = int(join.split(":")[2])
        for user in people[1:]:
            await _click(fake, user, lobby, join)
        await _click(fake, people[0], lobby, f"pl:l:{match_id}:start")
        hand = f"pl:h:{match_id}"
        board = await fake.wait_for_message(channel, lambda m: hand in m.custom_ids(),
                                            timeout=10)
        await fake.wait_for(lambda: MENTION.search(board.content), timeout=10,
                            what="the board to name whom it waits for")

        # Someone the board waits for moves from their panel; the kill follows the answer.
        before = _shown(board)
        mover = by_id[int(MENTION.search(board.content).group(1))]  # type: ignore[union-attr]
        panel = await _click(fake, mover, board, hand)
        action = next((c for c in panel.custom_ids() if c.startswith(f"pl:a:{match_id}:")),
                      None)
        if action is not None:
            await _click(fake, mover, panel, action)
        else:
            select = next(c for c in panel.custom_ids() if c.startswith(f"pl:s:{match_id}:"))
            options = (panel.find_component(select) or {}).get("options", [])
            await _click(fake, mover, panel, select, [options[0]["value"]])
        await bot.kill()
        saved = progress(bot.database)[match_id].version
        assert _shown(fake.message(board.id)) == before, \
            "the kill came after the board edit: this run did not test the window"

        await bot.start()
        live = await _live(bot.database, match_id)
        assert live.version == saved, "nobody moves after the restart: a table of people only"
        content, embeds, ids = _expected_board(live)
        waited = {live.seats[p.seat].user_id for p in live.pending() if p.blocking}

        def current() -> bool:
            shown = fake.message(board.id)
            return (shown.content, _comparable(list(shown.embeds)),
                    sorted(shown.custom_ids())) == (content, _comparable(embeds), ids)

        await fake.wait_for(current, timeout=15,
                            what=f"the board to show the match at version {saved}")
        shown = fake.message(board.id)
        assert {int(m) for m in MENTION.findall(shown.content)} == waited, \
            "the board names exactly the seats the game waits for"
        # Its buttons are for the current version, as are the panels'.
        somebody = by_id[next(iter(waited))]  # type: ignore[index]
        panel = await _click(fake, somebody, shown, hand)
        versions = {int(c.split(":")[3]) for c in [*shown.custom_ids(), *panel.custom_ids()]
                    if re.match(r"pl:[abstqr]:", c)}
        assert versions <= {saved}
        assert _comparable(list(shown.embeds)) == _comparable(embeds), \
            "the board's public figures are the match's"
    finally:
        await bot.stop()
    assert bot.severe_lines() == []
    await asyncio.sleep(0)
