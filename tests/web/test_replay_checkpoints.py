"""Replays of closed tables kept as checkpoints in the repository: a late step of a long table
is answered from them, a few engine moves from a kept state instead of the whole log, and what
a page shows is the same whether the table was replayed here or read back."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from games import registry
from storage import ReplayCheckpoint, Repository
from tables.service import LiveMatch, MatchService
from tests.storage.conftest import backend, clock, db_path, postgres_schema, repo  # noqa: F401
from tests.web.tables import HOST, finished_table, world
from web.page import BOOK
from web.replays import CHECKPOINT_EVERY, Replay, ReplayBook
from web.site import make_app


async def _replayed(book: ReplayBook, match_id: int) -> Replay:
    replay = await book.get(match_id)
    assert replay is not None
    await replay.reach(replay.steps)
    await asyncio.gather(*book._building)  # the checkpoints are saved once the replay is done
    return replay


def _count_applies(monkeypatch: pytest.MonkeyPatch, game: str) -> list[int]:
    engine = registry.get(game)
    applied = [0]
    apply = engine.apply

    def counted(state: Any, action: Any) -> Any:
        applied[0] += 1
        return apply(state, action)

    monkeypatch.setattr(engine, "apply", counted)
    return applied


# The seed of a six-seat Lifeboat table the bots play for about 250 actions (the service's
# own seeds are random, and some of its tables end within 100).
LONG_SEED = 5


async def _long_lifeboat(service: MatchService) -> LiveMatch:
    live = await finished_table(service, "lifeboat", channel=1, seats=6, seed=3)
    assert live.version > 4 * CHECKPOINT_EVERY, live.version  # long enough to mean something
    return live


async def test_a_late_step_is_answered_from_kept_checkpoints(
    repo: Repository, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    """Checked by counting the engine's moves, not by the clock: the table's first replay
    keeps its checkpoints; a process that never replayed it shows its last step but one (and
    then a step before it) from the nearest kept state."""
    live = await _long_lifeboat(MatchService(repo, new_seed=lambda: LONG_SEED))
    first = ReplayBook(repo)
    await _replayed(first, live.id)
    await first.close()
    applied = _count_applies(monkeypatch, "lifeboat")
    fresh = ReplayBook(repo)
    replay = await fresh.get(live.id)
    assert replay is not None and replay.kept and not fresh._building  # nothing to replay
    late = live.version - 1
    await replay.reach(late)
    replay.state_at(late)
    assert applied[0] == late % CHECKPOINT_EVERY < CHECKPOINT_EVERY
    earlier = late - 2 * CHECKPOINT_EVERY - 5
    await replay.reach(earlier)
    replay.state_at(earlier)
    assert applied[0] == late % CHECKPOINT_EVERY + earlier % CHECKPOINT_EVERY
    # Only the states these steps start from were read, and two stretches of the log.
    assert len(replay.checkpoints) == 2
    assert len(replay.stored) <= 2 * (CHECKPOINT_EVERY + 1) < live.version
    await fresh.close()


async def test_a_table_is_replayed_and_kept_as_it_closes(repo: Repository) -> None:  # noqa: F811
    service = MatchService(repo)
    book = ReplayBook(repo)
    service.subscribe(book.on_change)
    live = await finished_table(service, "lifeboat", channel=1, seats=4, seed=2)
    for _ in range(200):
        if not book._building:
            break
        await asyncio.gather(*book._building)
    kept = await repo.replay_events(live.id)
    assert kept[0][0] == 0 and kept[-1][0] == live.version
    assert [step for step, _ in kept[1:-1]] == list(
        range(CHECKPOINT_EVERY, live.version, CHECKPOINT_EVERY))
    # A table cancelled in its lobby has nothing to replay, and nothing is kept.
    lobby = await service.create_lobby(game="lifeboat", guild_id=1, channel_id=9, host_id=HOST,
                                       host_name="host", host_locale=None, options={})
    await service.cancel(lobby.id, HOST)
    await asyncio.gather(*book._building)
    assert await repo.replay_events(lobby.id) == []
    await book.close()


@pytest.mark.parametrize("game", registry.names())
async def test_a_kept_replay_shows_what_the_replay_showed(tmp_path: Path, game: str) -> None:
    """Every step's page data (board, log lines, each seat's panel and private lines, the
    reveal) is the same read back from the checkpoints, by a process that never replayed the
    table, as replayed from the log: events and states survive their JSON."""
    w = await world(tmp_path)
    try:
        seats = registry.get(game).spec.min_players
        live = await finished_table(w.service, game, channel=2, seats=seats)
        path = w.links.replay_path(live.id)
        steps = sorted({0, 1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, live.version // 2,
                        live.version - 1, live.version} & set(range(live.version + 1)))
        shown: list[dict[str, Any]] = []
        for kept in (False, True):
            app = make_app(w.parts)
            if kept:  # read back, nothing replayed
                replay = await app[BOOK].get(live.id)
                assert replay is not None and replay.kept and not app[BOOK]._building
            async with TestClient(TestServer(app)) as client:
                for step in steps:
                    for lang in ("en", "zh-CN"):
                        answer = await client.get(f"{path}/step/{step}.json?lang={lang}")
                        assert answer.status == 200
                        shown.append(await answer.json())
                await asyncio.gather(*app[BOOK]._building)  # kept, for the second app
        half = len(shown) // 2
        for replayed, read in zip(shown[:half], shown[half:], strict=True):
            assert read == replayed, (game, replayed["step"])
    finally:
        await w.repo.close()


async def test_log_lines_are_the_last_events_across_checkpoints(
    repo: Repository  # noqa: F811
) -> None:
    """The last lines of the table's and of each seat's log up to a step, taken chunk by
    chunk back from the step's checkpoint, are the last events the log's actions made (checked
    against the engine applying the whole log), read back or replayed."""
    live = await _long_lifeboat(MatchService(repo, new_seed=lambda: LONG_SEED))
    engine = registry.get("lifeboat")
    state = engine.setup(len(live.seats), live.record.options, seed=live.record.seed)
    made: list[tuple[int, Any]] = []
    for entry in await repo.actions(live.id):
        transition = engine.apply(state, engine.parse_action(entry.action))
        made += [(entry.version + 1, event) for event in transition.events]
        state = transition.state
    first = ReplayBook(repo)
    built = await _replayed(first, live.id)
    read = await ReplayBook(repo).get(live.id)
    assert read is not None and read.kept
    for step in (0, 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1, 3 * CHECKPOINT_EVERY - 1,
                 live.version - 1, live.version):
        public = [(at, e) for at, e in made if at <= step and e.to is None]
        for replay in (built, read):
            assert replay.public_until(step, 40) == public[-40:], step
            assert replay.public_until(step, 3) == public[-3:], step
            for seat in range(len(live.seats)):
                mine = [(at, e) for at, e in made if at <= step and e.to and seat in e.to]
                assert replay.private_until(seat, step, 12) == mine[-12:], (step, seat)
    await first.close()


async def test_tables_closed_without_a_kept_replay_are_kept_in_the_background(
    repo: Repository, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    """Tables that closed where no replay was kept (no web pages in that process, or before
    replays were kept) are replayed once the pages start, so their first reader, too, gets a
    late step a few engine moves from a kept state."""
    service = MatchService(repo)  # no book listens: nothing is kept as they close
    lives = [await finished_table(service, "lifeboat", channel=channel, seats=4, seed=channel)
             for channel in (1, 2)]
    assert all([await repo.replay_events(live.id) == [] for live in lives])
    book = ReplayBook(repo)
    assert await book.keep_missing() == 2
    await book.close()
    for live in lives:
        assert [step for step, _ in await repo.replay_events(live.id)][-1] == live.version
    assert await repo.closed_without_replay(10) == []
    applied = _count_applies(monkeypatch, "lifeboat")
    fresh = ReplayBook(repo)
    replay = await fresh.get(lives[0].id)
    assert replay is not None and replay.kept
    late = lives[0].version - 1
    await replay.reach(late)
    replay.state_at(late)
    assert applied[0] == late % CHECKPOINT_EVERY
    await fresh.close()


async def test_a_replay_kept_by_another_engine_is_replayed_and_kept_again(
    repo: Repository,  # noqa: F811
) -> None:
    """Kept states this engine would not have made (an older engine's shape) are not read: the
    table is replayed from its log, every step shown, and its checkpoints kept anew."""
    live = await _long_lifeboat(MatchService(repo, new_seed=lambda: LONG_SEED))
    first = ReplayBook(repo)
    await _replayed(first, live.id)
    await first.close()
    kept = await repo.replay_events(live.id)
    await repo.save_replay_checkpoints(live.id, [
        ReplayCheckpoint(match_id=live.id, step=step, state='{"an older": "shape"}',
                         events=events) for step, events in kept])
    fresh = ReplayBook(repo)
    replay = await _replayed(fresh, live.id)
    assert replay.steps == live.version
    assert replay.state_at(live.version).model_dump_json() == live.state.model_dump_json()
    assert await repo.replay_state(live.id, 0) != '{"an older": "shape"}'
    again = ReplayBook(repo)
    reread = await again.get(live.id)
    assert reread is not None and reread.kept  # read back from the checkpoints kept anew
    await reread.reach(live.version - 1)
    reread.state_at(live.version - 1)
    await fresh.close()
    await again.close()
