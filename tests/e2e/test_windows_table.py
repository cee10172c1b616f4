"""Response windows at a real table: the real discord.py client against the fake Discord,
playing the Signal test game (tests/games/signal_game.py) by clicks.

Rules checked: an open private panel follows the game (a window that asks its player shows in
it without a click); a click drawn before another seat answered the same first-come window
still answers the clicker's own question; a closed window's buttons are refused privately and
change nothing; a choice of several cards is one move, from one select or from a paged picker
kept until confirmed; no panel text reaches a public message.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.e2e.parlor import Table, parlor, public_payloads
from tests.e2e.signal_table import signal_at_the_table
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser


@pytest.fixture(autouse=True)
def signal(monkeypatch: pytest.MonkeyPatch) -> object:
    with signal_at_the_table(monkeypatch):
        yield


def action_ids(panel: FakeMessage, kinds: str = "as") -> list[str]:
    return [c for c in panel.custom_ids() if c.split(":")[1] in kinds]


async def play_a_card(fake: FakeDiscord, user: FakeUser, panel: FakeMessage) -> None:
    """The first card offered, from its button or its select."""
    chosen = action_ids(panel)[0]
    if chosen.startswith("pl:s:"):
        await fake.select(user, panel, chosen, ["0"])
    else:
        await fake.click(user, panel, chosen)


def button_labelled(panel: FakeMessage, prefix: str, label: str) -> str:
    for custom_id in panel.custom_ids():
        component = panel.find_component(custom_id) or {}
        if custom_id.startswith(prefix) and component.get("label") == label:
            return custom_id
    raise AssertionError(f"no {label!r} among {panel.custom_ids()}")


async def open_signal_table(fake: FakeDiscord, client: object, users: list[FakeUser],
                            options: dict[str, object] | None = None) -> Table:
    channel = fake.text_channel(fake.create_guild("G", members=users))
    table = Table(fake, client, channel)  # type: ignore[arg-type]
    await table.open(users[0], game="signal", options=options or {})
    for user in users[1:]:
        await table.lobby_click(user, "join")
    started = await table.lobby_click(users[0], "start")
    assert started.callback is not None and started.callback.accepted
    return table


async def test_an_open_panel_shows_the_window_that_asks_its_player(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol")]
    async with parlor(tmp_path, fake) as client:
        table = await open_signal_table(fake, client, users)
        panels = {seat: await table.open_panel(users[seat]) for seat in range(3)}
        assert not action_ids(panels[1]) and not action_ids(panels[2])
        version = (await table.live()).version
        clicked = time.monotonic()
        await play_a_card(fake, users[0], panels[0])
        # Nobody clicks again: the window reaches bob's and carol's open panels.
        for seat in (1, 2):
            await fake.wait_for(lambda s=seat: action_ids(panels[s]),
                                what=f"seat {seat}'s panel to show the window")
            assert "object to the card?" in panels[seat].text()
        delay = time.monotonic() - clicked
        assert delay < 2.0, f"the window took {delay:.2f} s to reach the open panels"
        follower = client.parlor.panels
        assert follower.delays and max(follower.delays) < 2.0
        assert (await table.live()).version == version + 1
    texts = public_payloads(fake)
    plan = (await table.live()).state.plan
    assert all(plan not in text for text in texts)
    assert all("Your hand" not in text for text in texts)


async def test_a_click_from_before_another_answer_still_answers_its_own_question(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol")]
    async with parlor(tmp_path, fake) as client:
        table = await open_signal_table(fake, client, users)
        panels = {seat: await table.open_panel(users[seat]) for seat in range(3)}
        await play_a_card(fake, users[0], panels[0])
        for seat in (1, 2):
            await fake.wait_for(lambda s=seat: action_ids(panels[s]), what="the window")
        live = await table.live()
        version = live.version
        # Carol's buttons as drawn now, before bob answers.
        carol_object = button_labelled(panels[2], "pl:a:", "object")
        carol_pass = button_labelled(panels[2], "pl:a:", "pass")
        await fake.click(users[1], panels[1], button_labelled(panels[1], "pl:a:", "pass"))
        await fake.wait_for(lambda: live.version == version + 1, what="bob's pass")
        # The match moved on, but carol's question is the same: her old button still counts.
        result = await fake.click(users[2], panels[2], carol_object)
        assert result.callback is not None and result.callback.accepted
        after = await table.live()
        assert after.version == version + 2
        top = after.state.windows.top
        assert top is not None and top.topic == "counter"
        log = await client.parlor.repo.actions(after.id)
        assert [(e.seat, e.action["kind"], e.source) for e in log[-2:]] == \
            [(1, "pass", "player"), (2, "object", "player")]
        # Her window is closed and she is asked nothing: her panel stops offering it.
        await fake.wait_for(lambda: carol_pass not in panels[2].custom_ids(),
                            what="carol's panel to drop the closed window")
        assert not action_ids(panels[2])


async def test_a_choice_of_several_cards_is_one_move_from_one_select(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol")]
    async with parlor(tmp_path, fake) as client:
        table = await open_signal_table(fake, client, users)
        panels = {seat: await table.open_panel(users[seat]) for seat in range(3)}
        await play_round_to_the_discard(fake, table, users, panels)
        live = await table.live()
        version = live.version
        picks = action_ids(panels[0], "k")
        assert len(picks) == 1, panels[0].custom_ids()
        component = panels[0].find_component(picks[0]) or {}
        assert (component.get("min_values"), component.get("max_values")) == (1, 2)
        hand = list(live.state.hands[0])
        await fake.select(users[0], panels[0], picks[0], ["0", "2"])
        after = await table.live()
        assert after.version == version + 1
        entry = (await client.parlor.repo.actions(after.id))[-1]
        assert entry.action == {"kind": "discard", "seat": 0, "cards": [hand[0], hand[2]]}


async def test_a_long_choice_is_kept_page_by_page_until_confirmed(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol")]
    async with parlor(tmp_path, fake) as client:
        table = await open_signal_table(fake, client, users, {"hand_size": 30})
        panels = {seat: await table.open_panel(users[seat]) for seat in range(3)}
        await play_round_to_the_discard(fake, table, users, panels)
        live = await table.live()
        version = live.version
        hand = list(live.state.hands[0])
        assert len(hand) == 29
        first_page = action_ids(panels[0], "k")[0]
        await fake.select(users[0], panels[0], first_page, ["3"])
        assert (await table.live()).version == version, "ticking is not a move"
        more = button_labelled(panels[0], "pl:kb:", "More ▶") if any(
            (panels[0].find_component(c) or {}).get("label") == "More ▶"
            for c in panels[0].custom_ids()) else next(
            c for c in panels[0].custom_ids() if ":go:1" in c)
        await fake.click(users[0], panels[0], more)
        second_page = action_ids(panels[0], "k")[0]
        assert second_page.split(":")[5] == "1"
        await fake.select(users[0], panels[0], second_page, ["1"])
        confirm = next(c for c in panels[0].custom_ids() if ":ok:" in c)
        assert "2" in (panels[0].find_component(confirm) or {}).get("label", "")
        await fake.click(users[0], panels[0], confirm)
        after = await table.live()
        assert after.version == version + 1
        entry = (await client.parlor.repo.actions(after.id))[-1]
        assert entry.action["cards"] == [hand[3], hand[26]]


async def play_round_to_the_discard(fake: FakeDiscord, table: Table, users: list[FakeUser],
                                    panels: dict[int, FakeMessage]) -> None:
    """Alice plays, nobody objects, everyone signals red: alice is asked to discard."""
    await play_a_card(fake, users[0], panels[0])
    for seat in (1, 2):
        await fake.wait_for(lambda s=seat: action_ids(panels[s]), what="the window")
        await fake.click(users[seat], panels[seat],
                         button_labelled(panels[seat], "pl:a:", "pass"))
    for seat in (0, 1, 2):
        await fake.wait_for(
            lambda s=seat: any((panels[s].find_component(c) or {}).get("label") == "signal red"
                               for c in panels[s].custom_ids()), what="the signal window")
        await fake.click(users[seat], panels[seat],
                         button_labelled(panels[seat], "pl:a:", "signal red"))
    await fake.wait_for(lambda: action_ids(panels[0], "k"), what="the discard pick")
