"""Many clicks at the same moment: one action applies, every other click is told the game moved
on, and every click is answered inside Discord's 3 seconds."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.renderers import renderer_for
from storage import MatchStatus
from tables.lobby_options import most_seats_with_a_change, seat_range
from tables.service import LiveMatch
from tests.e2e.parlor import (
    Table,
    advance_until,
    assert_log_replays,
    parlor,
    start_table,
    waiting_on_board,
)
from tests.fakediscord import Callback, FakeDiscord, FakeUser, InteractionResult
from tests.shown import t

CLICKS = 100


def _board_choice(live: LiveMatch, seat: int, kind: str) -> tuple[int, str]:
    """The action's prompt index and its board button (numbered among the board's actions)."""
    prompt = live.game.prompt_for(live.state, seat)
    assert prompt is not None
    index = next(i for i, a in enumerate(prompt.actions) if a.kind == kind)
    shown = renderer_for(live.record.game).board_actions(
        live, live.game.view(live.state, None), prompt)
    return index, f"pl:b:{live.id}:{live.version}:{seat}:{shown.index(index)}"


async def _callbacks(fake: FakeDiscord, results: list[InteractionResult]) -> list[Callback]:
    callbacks = [await r.wait_callback(timeout=10.0) for r in results]
    late = [c for c in callbacks if c.elapsed > fake.ack_deadline]
    assert not late, f"{len(late)} clicks answered after {fake.ack_deadline} s"
    assert all(c.accepted for c in callbacks)
    return callbacks


async def _table_waiting_on_a_board_button(
    tmp_path: Path, fake: FakeDiscord, client: object, users: list[FakeUser], channel: object
) -> tuple[Table, LiveMatch, int]:
    table = await start_table(fake, client, channel, users)  # type: ignore[arg-type]
    humans = dict(enumerate(users))
    live = await advance_until(table, humans,
                               lambda lv: waiting_on_board(lv, "take_action") is not None)
    seat = waiting_on_board(live, "take_action")
    assert seat is not None
    return table, live, seat


async def test_a_hundred_simultaneous_clicks_on_one_button_apply_exactly_one_action(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """The owner's button clicked 100 times at once: version + 1, one log entry, 99 told
    "the game moved on", all 100 answered in time."""
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol", "dave")]
    channel = fake.text_channel(fake.create_guild("G", members=users))
    async with parlor(tmp_path, fake) as client:
        table, live, seat = await _table_waiting_on_a_board_button(tmp_path, fake, client,
                                                                   users, channel)
        version = live.version
        index, button = _board_choice(live, seat, "do_nothing")
        chosen = live.game.prompt_for(live.state, seat).actions[index]  # type: ignore[union-attr]
        board = await table.board_showing(button)
        owner = users[seat]

        results = await asyncio.gather(*(fake.click(owner, board, button, wait=False)
                                         for _ in range(CLICKS)))
        callbacks = await _callbacks(fake, list(results))

        after = await table.live()
        assert after.version == version + 1, "exactly one click applied"
        log = await client.parlor.repo.actions(live.id)
        assert len(log) == version + 1
        assert (log[-1].seat, log[-1].user_id, log[-1].source) == (seat, owner.id, "player")
        assert log[-1].action == chosen.model_dump(mode="json")
        applied = [c for c in callbacks if not c.ephemeral]
        refused = [r for r, c in zip(results, callbacks, strict=True) if c.ephemeral]
        assert len(applied) == 1 and applied[0].type == 7, "the winner sees the new board"
        assert len(refused) == CLICKS - 1
        for result in refused:
            answer = await result.wait_original()
            assert answer.content.startswith(t("act.stale")) and answer.embeds, \
                "a stale click is shown the current board"
        await assert_log_replays(client.parlor.repo, live.id)


async def test_a_hundred_simultaneous_clicks_on_every_choice_of_a_panel_apply_exactly_one(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Every button of the owner's private panel, clicked together again and again (100
    clicks): one action applies; the others get the current panel with "the game moved on"."""
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol", "dave")]
    channel = fake.text_channel(fake.create_guild("G", members=users))
    async with parlor(tmp_path, fake) as client:
        table, live, seat = await _table_waiting_on_a_board_button(tmp_path, fake, client,
                                                                   users, channel)
        version = live.version
        owner = users[seat]
        panel = await table.open_panel(owner)
        buttons = [c for c in panel.custom_ids()
                   if c.startswith(f"pl:a:{live.id}:{version}:{seat}:")]
        assert len(buttons) >= 2, "the panel offers a choice"
        clicks = [buttons[i % len(buttons)] for i in range(CLICKS)]

        results = await asyncio.gather(*(fake.click(owner, panel, button, wait=False)
                                         for button in clicks))
        callbacks = await _callbacks(fake, list(results))

        assert (await table.live()).version == version + 1
        log = await client.parlor.repo.actions(live.id)
        assert len(log) == version + 1 and log[-1].user_id == owner.id
        assert all(c.type == 7 for c in callbacks), "panel clicks update the panel"
        stale = [c for c in callbacks
                 if str((c.data or {}).get("content", "")).startswith(t("act.stale"))]
        assert len(stale) == CLICKS - 1
        await assert_log_replays(client.parlor.repo, live.id)


async def test_a_hundred_people_joining_one_lobby_at_once_fill_it_and_no_more(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: a Lifeboat table seats at most what its options allow (six without the
    expansion's seventh seat); the rest are told it is full, and that other options seat
    more."""
    fake = fake_discord
    host = fake.create_user("host")
    crowd = [fake.create_user(f"guest{i}") for i in range(CLICKS)]
    channel = fake.text_channel(fake.create_guild("G", members=[host, *crowd]))
    async with parlor(tmp_path, fake) as client:
        table = Table(fake, client, channel)
        lobby = await table.open(host)
        joins = await asyncio.gather(*(fake.click(user, lobby, f"pl:l:{table.match_id}:join",
                                                  wait=False) for user in crowd))
        callbacks = await _callbacks(fake, list(joins))
        live = await table.live()
        most = seat_range("lifeboat", live.record.options)[1]
        more = most_seats_with_a_change("lifeboat", live.record.options)
        assert (most, more) == (6, 7)
        assert len(live.seats) == most
        assert len({s.user_id for s in live.seats}) == most, "nobody seated twice"
        assert live.record.status == MatchStatus.LOBBY
        seated = [c for c in callbacks if not c.ephemeral]
        full = [c for c in callbacks if c.ephemeral]
        assert len(seated) == most - 1
        assert {(c.data or {}).get("content") for c in full} == {
            t("lobby.full_with_options", max=most, more=more)}
        seats = await client.parlor.repo.seats(live.id)
        assert [s.seat for s in seats] == list(range(most))
