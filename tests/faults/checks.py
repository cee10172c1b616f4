"""What every fault test asks of the bot while the fault lasts and after it: people clicking
get an answer that says what happened, /healthz and /metrics tell the operator, the tables go
on by themselves afterwards, and the log has lost and doubled nothing."""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from bot.app import ParlorClient, gateway_connected
from storage import MatchStatus, Repository
from tests.e2e.parlor import Table, assert_log_replays
from tests.fakediscord import FakeMessage, FakeUser
from tests.shown import t
from web.site import Parts, make_app

STORAGE_WORDS = {t("storage.unavailable"), t("storage.unavailable_move")}


@asynccontextmanager
async def web_pages(client: ParlorClient) -> AsyncIterator[TestClient[Any, Any]]:
    """The bot's /healthz and /metrics, served as ``bot.app.run`` serves them."""
    parts = Parts(client.parlor.repo, lambda: client.parlor.links,
                  lambda: gateway_connected(client))
    async with TestClient(TestServer(make_app(parts))) as web:
        yield web


async def health(web: TestClient[Any, Any]) -> int:
    return (await web.get("/healthz")).status


async def storage_errors(web: TestClient[Any, Any]) -> float:
    """``parlor_storage_errors_total`` as /metrics shows it."""
    text = await (await web.get("/metrics")).text()
    for line in text.splitlines():
        if line.startswith("parlor_storage_errors_total "):
            return float(line.split(" ")[1])
    raise AssertionError("/metrics shows no parlor_storage_errors_total")


async def answer_text(result: Any, timeout: float = 5.0) -> str:
    """Everything a click was answered with, once it has words (an answer after a defer comes
    as a follow-up or an edit)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        texts = [str(m.content) for m in result.messages if m.content and not m.loading]
        if texts or loop.time() > deadline:
            return " ".join(texts)
        await asyncio.sleep(0.05)


@dataclass
class Clicks:
    """The move clicks people made while a fault lasted: what each was answered."""

    refused: list[tuple[int, int, int, int]] = field(default_factory=list)  # match, ver, seat, user
    answers: list[str] = field(default_factory=list)

    async def try_a_move(self, table: Table, user: FakeUser, seat: int) -> str:
        """The player opens their panel and clicks its first move; the words of the answer."""
        fake = table.fake
        board = await table.board()
        opened = await fake.click(user, board, f"pl:h:{table.match_id}")
        await opened.wait_callback()
        panel: FakeMessage | None = opened.original_message
        words = await answer_text(opened)
        self.answers.append(words)
        if panel is None or words in STORAGE_WORDS:
            return words
        moves = [c for c in panel.custom_ids() if c.startswith(f"pl:a:{table.match_id}:")]
        if not moves:
            return words
        _, _, match, version, clicked_seat, *_ = moves[0].split(":")
        result = await fake.click(user, panel, moves[0])
        await result.wait_callback()
        words = await answer_text(result)
        self.answers.append(words)
        if words == t("storage.unavailable_move"):
            self.refused.append((int(match), int(version), int(clicked_seat), user.id))
        return words

    async def assert_none_was_logged(self, repo: Repository) -> None:
        """A move the bot said was not made is not in the log."""
        for match, version, seat, user in self.refused:
            log = await repo.actions_between(match, version, version + 1)
            assert not any(e.user_id == user and e.seat == seat for e in log), \
                f"match {match} version {version}: a click answered 'not made' was logged"


async def people_click_while(web: TestClient[Any, Any],
                             tables: list[tuple[Table, dict[int, FakeUser]]], clicks: Clicks,
                             seconds: float, rng: random.Random) -> list[int]:
    """For ``seconds``, every half second or so a person at one of the tables tries a move and
    /healthz is asked; what /healthz answered, in order."""
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds
    statuses = []
    while loop.time() < until:
        statuses.append(await health(web))
        table, people = rng.choice(tables)
        seat, user = rng.choice(sorted(people.items()))
        await clicks.try_a_move(table, user, seat)
        await asyncio.sleep(0.5)
    return statuses


async def clicks_work_again(tables: list[tuple[Table, dict[int, FakeUser]]]) -> None:
    """Everyone at the tables still in play opens their panel and tries a move: none is
    refused for want of storage (a table of bots may have ended by itself meanwhile)."""
    clicks = Clicks()
    for table, people in tables:
        if table.client is not None and (await table.live()).record.status != MatchStatus.ACTIVE:
            continue  # its bots finished it meanwhile: its board has no panel button left
        for seat, user in sorted(people.items()):
            await clicks.try_a_move(table, user, seat)
    assert clicks.answers, "every table ended before the clicks were tried"
    assert not STORAGE_WORDS & set(clicks.answers), clicks.answers


def waits_for(live: Any, seats: set[int]) -> bool:
    """Whether the match waits for one of ``seats`` (a blocking question put to it)."""
    return any(p.blocking and p.seat in seats for p in live.pending())


async def moved_on(repo: Repository, versions: dict[int, int]) -> bool:
    """Every match of ``versions`` (match id: version) is past that version."""
    for match_id, version in versions.items():
        if (await repo.get_match(match_id)).version <= version:
            return False
    return True


async def wait_until(predicate: Callable[[], Any], timeout: float, what: str,
                     every: float = 0.1) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await predicate():
        assert loop.time() < deadline, f"timed out after {timeout:.0f} s waiting for {what}"
        await asyncio.sleep(every)


async def assert_timers_played_once(repo: Repository, match_id: int,
                                    turn_seconds: float) -> int:
    """A seat's clock that ran out plays its default once: two defaults of one seat in a row
    never come closer than the clock between them. The number of defaults played."""
    log = await repo.actions(match_id)
    timed = [e for e in log if e.source == "timer"]
    for earlier, later in itertools.pairwise(timed):
        if earlier.seat == later.seat and later.version == earlier.version + 1:
            gap = (later.created_at - earlier.created_at).total_seconds()
            assert gap >= turn_seconds * 0.8, (
                f"match {match_id}: seat {later.seat}'s default played again {gap:.1f} s "
                f"after the one before (version {earlier.version}), within its {turn_seconds} s")
    return len(timed)


def one_traceback_each(faults: int, logged: list[logging.LogRecord],
                       tracebacks: list[logging.LogRecord]) -> None:
    """Each fault's first failure logged once with its traceback, and no other traceback or
    error."""
    assert [r.name for r in tracebacks] == ["storage.outage"] * faults, \
        "tracebacks: " + "; ".join(f"{r.name}: {r.getMessage()}" for r in tracebacks)
    assert [r.name for r in logged] == ["storage.outage"] * faults, \
        "errors: " + "; ".join(f"{r.name}: {r.getMessage()}" for r in logged)


async def logs_replay(repo: Repository, match_ids: list[int]) -> None:
    for match_id in match_ids:
        await assert_log_replays(repo, match_id)
