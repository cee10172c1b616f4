"""Response windows through the service and the schedule, without Discord: the response clock,
clicks that stay valid while their own question stands, exactly-once answers to a first-come
window, bots answering at once. Played on the Signal test game (tests/games/signal_game.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.guild_config import GuildConfig
from storage.sqlite import SqliteRepository
from tables.questions import click_check
from tables.service import LiveMatch, MatchService, Refusal
from tests.games.signal_game import SPY, Object, Pass, Play, registered
from tests.test_schedule import App

HOST = 500
PEOPLE = (HOST, HOST + 1, HOST + 2)


class WindowApp(App):
    def __init__(self, repo: SqliteRepository, *, response_seconds: float = 15,
                 turn_seconds: int = 0, bot_move_delay: float = 0.0) -> None:
        super().__init__(repo, bot_move_delay=bot_move_delay, turn_seconds=turn_seconds)
        # Below the bounds /parlor config allows: tests cannot wait five seconds.
        self.config = GuildConfig.model_construct(**{
            **GuildConfig().model_dump(), "response_seconds": response_seconds})

    async def config_for(self, guild_id: int) -> GuildConfig:
        return self.config


@pytest.fixture(autouse=True)
def signal() -> Iterator[None]:
    with registered():
        yield


@pytest.fixture
async def repo(tmp_path: Path) -> AsyncIterator[SqliteRepository]:
    repository = SqliteRepository(tmp_path / "parlor.db")
    await repository.open()
    yield repository
    await repository.close()


async def signal_table(service: MatchService, *, people: int = 3, bots: int = 0,
                       options: dict[str, object] | None = None) -> LiveMatch:
    live = await service.create_lobby(game="signal", guild_id=1, channel_id=77,
                                      host_id=PEOPLE[0], host_name="p0", host_locale=None,
                                      options=options or {})
    for n in range(1, people):
        await service.join(live.id, PEOPLE[n], f"p{n}", None)
    for _ in range(bots):
        await service.add_bot(live.id, PEOPLE[0], "Bot")
    return await service.start(live.id, PEOPLE[0])


async def play_first_card(service: MatchService, live: LiveMatch) -> LiveMatch:
    prompt = live.game.prompt_for(live.state, 0)
    assert prompt is not None and isinstance(prompt.actions[0], Play)
    live, _ = await service.act(live.id, version=live.version, seat=0, index=0,
                                user_id=PEOPLE[0])
    return live


async def test_a_window_asks_on_the_response_clock_without_a_half_time_reminder(
        repo: SqliteRepository) -> None:
    app = WindowApp(repo, response_seconds=30, turn_seconds=600)
    live = await signal_table(app.service)
    assert app.timers.deadline(live.id, 0) == pytest.approx(time.time() + 600, abs=5)
    live = await play_first_card(app.service, live)
    for seat in (1, 2):
        entry = app.timers._by_match[live.id][seat]
        assert entry.clock == "response"
        assert entry.deadline == pytest.approx(time.time() + 30, abs=5)
        assert entry.warn_at is None


async def test_the_response_clock_runs_even_where_the_turn_timer_is_off(
        repo: SqliteRepository) -> None:
    app = WindowApp(repo, response_seconds=30, turn_seconds=0)
    live = await signal_table(app.service)
    assert app.timers.deadline(live.id, 0) is None
    live = await play_first_card(app.service, live)
    assert app.timers.deadline(live.id, 1) is not None


async def test_a_seat_keeps_its_deadline_while_others_pass_its_first_come_window(
        repo: SqliteRepository) -> None:
    app = WindowApp(repo, response_seconds=30)
    live = await signal_table(app.service)
    live = await play_first_card(app.service, live)
    before = app.timers.deadline(live.id, 2)
    await asyncio.sleep(0.02)
    live, _ = await app.service.act(live.id, version=live.version, seat=1,
                                    action=Pass(seat=1), user_id=PEOPLE[1])
    assert app.timers.deadline(live.id, 2) == before


async def test_a_response_timeout_plays_the_default_and_is_no_missed_turn(
        repo: SqliteRepository) -> None:
    app = WindowApp(repo, response_seconds=0.05)
    live = await signal_table(app.service)
    live = await play_first_card(app.service, live)
    await app.timers.start()
    try:
        for _ in range(200):
            await asyncio.sleep(0.01)
            log = await repo.actions(live.id)
            if len(log) >= 3:
                break
    finally:
        await app.timers.stop()
    log = await repo.actions(live.id)
    timed_out = [entry for entry in log if entry.source == "response"]
    assert {entry.seat for entry in timed_out} >= {1, 2}
    assert all(entry.action["kind"] == "pass" for entry in timed_out[:2])
    live = await app.service.get(live.id)
    assert live.missed.get(1, 0) == 0 and live.missed.get(2, 0) == 0


async def test_a_table_of_bots_resolves_its_windows_at_once(repo: SqliteRepository) -> None:
    # Bots move after ten seconds on their turns, but a window does not wait for them.
    app = WindowApp(repo, response_seconds=30, bot_move_delay=10.0)
    live = await signal_table(app.service, people=1, bots=2)
    live = await play_first_card(app.service, live)
    await app.timers.start()
    try:
        started = time.monotonic()
        while time.monotonic() - started < 2:
            live = await app.service.get(live.id)
            top = live.state.windows.top
            if top is not None and top.topic == "signal" and set(top.answers) == {1, 2}:
                break
            await asyncio.sleep(0.01)
    finally:
        await app.timers.stop()
    # The bots' objection window closed and they committed their signals: only the person
    # is waited for, and nobody waited on a bot's ten-second pace.
    assert time.monotonic() - started < 2
    assert [p.seat for p in live.pending() if p.blocking] == [0]


async def test_a_click_from_before_another_seats_pass_still_answers_its_own_question(
        repo: SqliteRepository) -> None:
    app = WindowApp(repo)
    live = await signal_table(app.service)
    live = await play_first_card(app.service, live)
    drawn_at = live.version
    prompt = live.game.prompt_for(live.state, 2)
    assert prompt is not None
    check = click_check(prompt)
    live, _ = await app.service.act(live.id, version=live.version, seat=1, action=Pass(seat=1),
                                    user_id=PEOPLE[1])
    assert live.version == drawn_at + 1
    index = prompt.actions.index(Object(seat=2))
    live, _ = await app.service.act(live.id, version=drawn_at, seat=2, index=index,
                                    check=check, user_id=PEOPLE[2])
    assert live.state.windows.top is not None and live.state.windows.top.topic == "counter"


async def test_a_forged_or_missing_check_on_an_old_click_is_stale(
        repo: SqliteRepository) -> None:
    app = WindowApp(repo)
    live = await signal_table(app.service)
    live = await play_first_card(app.service, live)
    drawn_at = live.version
    live, _ = await app.service.act(live.id, version=live.version, seat=1, action=Pass(seat=1),
                                    user_id=PEOPLE[1])
    for check in ("", "00000000", "zz"):
        with pytest.raises(Refusal) as refused:
            await app.service.act(live.id, version=drawn_at, seat=2, index=0, check=check,
                                  user_id=PEOPLE[2])
        assert refused.value.key == "act.stale"
    assert (await app.service.get(live.id)).version == drawn_at + 1


async def test_a_click_from_a_version_not_yet_reached_is_stale_even_with_the_right_check(
        repo: SqliteRepository) -> None:
    # No message was ever drawn at a future version: such an id is forged, and the question's
    # real digest must not make it count.
    app = WindowApp(repo)
    live = await signal_table(app.service)
    live = await play_first_card(app.service, live)
    now = live.version
    prompt = live.game.prompt_for(live.state, 2)
    assert prompt is not None
    for ahead in (now + 1, now + 10**6):
        with pytest.raises(Refusal) as refused:
            await app.service.act(live.id, version=ahead, seat=2, index=0,
                                  check=click_check(prompt), user_id=PEOPLE[2])
        assert refused.value.key == "act.stale"
    assert (await app.service.get(live.id)).version == now


async def test_a_click_on_a_window_that_closed_is_refused_and_changes_nothing(
        repo: SqliteRepository) -> None:
    app = WindowApp(repo)
    live = await signal_table(app.service)
    live = await play_first_card(app.service, live)
    drawn_at = live.version
    checks = {seat: click_check(live.game.prompt_for(live.state, seat))  # type: ignore[arg-type]
              for seat in (1, 2)}
    live, _ = await app.service.act(live.id, version=live.version, seat=1,
                                    action=Object(seat=1), user_id=PEOPLE[1])
    with pytest.raises(Refusal):
        await app.service.act(live.id, version=drawn_at, seat=2, index=1, check=checks[2],
                              user_id=PEOPLE[2])
    assert (await app.service.get(live.id)).version == drawn_at + 1


async def test_two_answers_at_once_to_a_first_come_window_apply_exactly_one(
        repo: SqliteRepository) -> None:
    app = WindowApp(repo)
    live = await signal_table(app.service)
    live = await play_first_card(app.service, live)
    version = live.version
    prompts = {seat: live.game.prompt_for(live.state, seat) for seat in (1, 2)}

    async def object_as(seat: int) -> str:
        prompt = prompts[seat]
        assert prompt is not None
        try:
            await app.service.act(live.id, version=version, seat=seat,
                                  index=prompt.actions.index(Object(seat=seat)),
                                  check=click_check(prompt), user_id=PEOPLE[seat])
        except Refusal as refusal:
            return refusal.key
        return "applied"

    results = await asyncio.gather(object_as(1), object_as(2))
    assert sorted(results) == ["act.stale", "applied"]
    log = await repo.actions(live.id)
    assert [entry.action["kind"] for entry in log].count("object") == 1


async def test_a_seat_not_asked_cannot_answer_a_window(repo: SqliteRepository) -> None:
    app = WindowApp(repo)
    live = await signal_table(app.service)
    live = await play_first_card(app.service, live)
    with pytest.raises(Refusal) as refused:
        await app.service.act(live.id, version=live.version, seat=0, action=Object(seat=0),
                              user_id=PEOPLE[0])
    assert refused.value.key in {"act.not_your_turn", "engine.refused"}
    # The spy's objection opens a counter window that asks only the heroes.
    live, _ = await app.service.act(live.id, version=live.version, seat=SPY,
                                    action=Object(seat=SPY), user_id=PEOPLE[SPY])
    assert {p.seat for p in live.pending()} == {0}


async def test_a_window_click_after_the_seat_went_to_a_bot_is_refused(
        repo: SqliteRepository) -> None:
    app = WindowApp(repo)
    live = await signal_table(app.service)
    live = await play_first_card(app.service, live)
    prompt = live.game.prompt_for(live.state, 2)
    assert prompt is not None
    drawn_at = live.version
    live = await app.service.hand_to_bot(live.id, 2, reason="afk")
    with pytest.raises(Refusal) as refused:
        await app.service.act(live.id, version=drawn_at, seat=2, index=1,
                              check=click_check(prompt), user_id=PEOPLE[2])
    assert refused.value.key == "act.bot_holds_your_seat"
    assert len(await repo.actions(live.id)) == drawn_at
