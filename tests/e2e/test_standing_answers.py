"""A secret answer that may be changed (Zombie in My Pocket's fight or flee), through the fake
Discord: the panel shows the answer given as chosen and disabled, a click sending it again (an
old panel, a forged click) is refused privately and logs nothing, and a change is logged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.zombie.state import ZombieState
from tables.service import LiveMatch
from tests.e2e.parlor import advance_until, parlor, private_reply, start_table
from tests.fakediscord import FakeDiscord
from tests.shown import t


def button(panel: Any, label: str) -> tuple[str, dict[str, Any]]:
    for custom_id in panel.custom_ids():
        component = panel.find_component(custom_id) or {}
        if component.get("label") == label:
            return custom_id, component
    raise AssertionError(f"no button {label!r} in {panel.custom_ids()}")


async def test_a_fight_answer_sent_again_changes_nothing_and_a_change_is_logged(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: a seat may change its fight-or-flee answer until everyone has answered; the
    answer it already gave is not a move (refused, not logged), the other answer is one."""
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob")]
    channel = fake.text_channel(fake.create_guild("G", members=users))
    async with parlor(tmp_path, fake) as client:
        table = await start_table(fake, client, channel, users, game="zombie", bots=1,
                                  seed=99)
        humans = {0: users[0], 1: users[1]}

        def fight_for_both(live: LiveMatch) -> bool:
            state = live.state
            return isinstance(state, ZombieState) and state.stage == "fight" and \
                state.players[0].alive and state.players[1].alive

        live = await advance_until(table, humans, fight_for_both, seed=5)
        repo = client.parlor.repo
        panel = await table.open_panel(users[0])
        fight, flee = t("zombie.action.commit_fight"), t("zombie.action.commit_flee")
        answered = await fake.click(users[0], panel, button(panel, fight)[0])
        assert answered.callback.accepted

        async def alices() -> list[Any]:  # a bot's moves may be logged meanwhile
            return [e for e in await repo.actions(live.id) if e.seat == 0]

        logged = len(await alices())

        chosen_id, chosen = button(panel, t("zombie.action.chosen", None, choice=fight))
        assert chosen.get("disabled") is True, "the answer given is shown, not offered"
        assert "change your answer" in panel.text()
        again = await fake.raw_component(users[0], panel, chosen_id)
        assert await private_reply(again) == t("act.already_chosen")
        assert len(await alices()) == logged, "a repeat is not a move"

        changed = await fake.click(users[0], panel, button(panel, flee)[0])
        assert changed.callback.accepted
        entries = await alices()
        assert len(entries) == logged + 1
        assert entries[-1].action == {"kind": "commit", "seat": 0, "choice": "flee"}
        button(panel, t("zombie.action.chosen", None, choice=flee))
    assert fake.client_errors == []
