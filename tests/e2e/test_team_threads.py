"""Private team threads at a real table: a test renderer over Lifeboat declares one team (seats
0 and 2, and the bot at seat 3), seat 1 plays the traitor; the Desk opens a private thread,
adds exactly the team's people, posts and updates the team's secret, archives the thread at the
end, finds it again after a restart, and falls back to the members' panels (telling the host
once) when it may not open one or cannot add a member — through the fake Discord."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot import renderers
from bot.games.lifeboat.renderer import LifeboatRenderer
from bot.renderers import renderer_for
from bot.renderers.base import TeamThread
from bot.team_threads import OFF, OPEN
from storage import MatchStatus
from tables.service import LiveMatch
from tables.text import words
from tests.e2e.parlor import Table, parlor, public_payloads
from tests.every_game import short_table
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser
from tests.fakediscord.model import PRIVATE_THREAD
from tests.shown import t

TEAM = (0, 2, 3)
SECRET = "the crew's secret: the flare gun is under bench"


class TeamRenderer(LifeboatRenderer):
    """Lifeboat with a crew: seats 0, 2 and 3 share a secret that changes every round."""

    def team_threads(self, live: LiveMatch, locale: str | None) -> list[TeamThread]:
        round_ = live.state.round if live.state is not None else 0
        return [TeamThread("crew", TEAM, words("The crew"), words(f"{SECRET} {round_}"))]


@pytest.fixture
def team_renderer(monkeypatch: pytest.MonkeyPatch) -> TeamRenderer:
    renderer_for("lifeboat")  # the built-in renderers are registered first
    renderer = TeamRenderer()
    monkeypatch.setitem(renderers._RENDERERS, "lifeboat", renderer)
    return renderer


class Crew:
    def __init__(self, fake: FakeDiscord) -> None:
        self.alice, self.bob, self.carol = (fake.create_user(n) for n in ("alice", "bob", "carol"))
        self.dave = fake.create_user("dave")  # watches the table: a spectator
        self.eve = fake.create_user("eve")  # a member of the server who never comes near
        self.guild = fake.create_guild("Game night", members=[
            self.alice, self.bob, self.carol, self.dave, self.eve])
        self.channel: FakeChannel = fake.text_channel(self.guild)

    @property
    def humans(self) -> dict[int, FakeUser]:
        return {0: self.alice, 1: self.bob, 2: self.carol}


async def start(fake: FakeDiscord, client: Any, crew: Crew) -> Table:
    table = Table(fake, client, crew.channel)
    client.parlor.service.new_seed = lambda: 20261123
    # Lifeboat's quick game (SHORT_TABLES): the thread follows its rounds to the end all the same.
    await table.open(crew.alice, options=short_table("lifeboat"))
    await table.lobby_click(crew.bob, "join")
    await table.lobby_click(crew.carol, "join")
    await table.lobby_click(crew.alice, "addbot")
    await table.lobby_click(crew.alice, "start")
    return table


async def play(table: Table, humans: dict[int, FakeUser], moves: int, seed: int = 3, *,
               clicks: bool = True) -> None:
    """Up to ``moves`` moves of the people, clicked (or, ``clicks=False``, made through the
    match service: for what follows the moves, not their answers)."""
    rng = random.Random(seed)
    move = table.play_human_move if clicks else table.play_move_through_the_service
    for _ in range(moves):
        live = await table.live()
        if live.outcome() is not None:
            return
        waiting = [p.seat for p in live.pending() if p.blocking and p.seat in humans]
        if waiting:
            seat = rng.choice(waiting)
            await move(humans[seat], seat, rng)
        else:
            await asyncio.sleep(0.01)


def secret_in(texts: list[str]) -> bool:
    return any(SECRET in text for text in texts)


def outside_threads(fake: FakeDiscord) -> list[str]:
    """What the bot sent that the channel could see, less what it posted in private threads."""
    private = {json.dumps(r.json, ensure_ascii=False) for r in fake.requests
               if r.path.startswith("/channels/") and fake.world.channels.get(
                   int(r.path.split("/")[2])) is not None and
               fake.world.channels[int(r.path.split("/")[2])].type == PRIVATE_THREAD}
    return [text for text in public_payloads(fake) if text not in private]


async def test_the_team_reads_its_secret_in_a_private_thread_of_exactly_its_members(
    tmp_path: Path, fake_discord: FakeDiscord, team_renderer: TeamRenderer
) -> None:
    fake = fake_discord
    crew = Crew(fake)
    async with parlor(tmp_path, fake) as client:
        table = await start(fake, client, crew)
        threads = await fake.wait_for(
            lambda: [c for c in fake.threads_of(crew.channel)
                     if any(SECRET in m.content for m in fake.messages_in(c))],
            what="the crew's thread with its secret")
        assert len(threads) == 1
        thread = threads[0]
        assert thread.type == PRIVATE_THREAD and not thread.invitable
        bot_id = fake.bot_user.id
        assert sorted(thread.member_ids) == sorted([bot_id, crew.alice.id, crew.carol.id])
        for outsider in (crew.bob, crew.dave, crew.eve):  # the traitor, a spectator, a stranger
            assert outsider.id not in thread.member_ids
        # The team reads it in the thread, so its panels do not repeat it.
        panel = await table.open_panel(crew.alice)
        assert SECRET not in panel.text()
        first = fake.messages_in(thread)[0]
        await play(table, crew.humans, 400)
        live = await table.live()
        assert live.record.status == MatchStatus.FINISHED
        await fake.wait_for(lambda: thread.archived, what="the thread archived at the end")
        # The secret followed the game (a new round edits the same message) and went nowhere else.
        assert first.edit_count >= 1 and first.content == f"{SECRET} {live.state.round}"
        assert fake.messages_in(thread) == [first]
        kinds = {m.kind: m for m in await client.parlor.repo.messages(live.id)}
        assert kinds[OPEN + "crew"].channel_id == thread.id
    assert not secret_in(outside_threads(fake))
    for user in (crew.bob, crew.dave, crew.eve):
        assert not secret_in([m.text() for m in fake.dm_messages(user)])
    assert len(fake.threads_of(crew.channel)) == 1


async def test_a_restarted_process_finds_the_thread_instead_of_opening_another(
    tmp_path: Path, fake_discord: FakeDiscord, team_renderer: TeamRenderer
) -> None:
    fake = fake_discord
    crew = Crew(fake)
    async with parlor(tmp_path, fake) as client:
        table = await start(fake, client, crew)
        await fake.wait_for(lambda: fake.threads_of(crew.channel) and fake.messages_in(
            fake.threads_of(crew.channel)[0]), what="the crew's thread")
        match_id = table.match_id
    async with parlor(tmp_path, fake) as client:
        table = Table(fake, client, crew.channel)
        table.match_id = match_id
        await play(table, crew.humans, 400, clicks=False)
        await fake.wait_for(lambda: fake.threads_of(crew.channel)[0].archived,
                            what="the thread archived at the end")
    threads = fake.threads_of(crew.channel)
    assert len(threads) == 1
    assert len(fake.messages_in(threads[0])) == 1


async def test_without_create_private_threads_the_team_reads_its_secret_in_its_panels(
    tmp_path: Path, fake_discord: FakeDiscord, team_renderer: TeamRenderer
) -> None:
    fake = fake_discord
    crew = Crew(fake)
    fake.deny_private_threads(crew.channel)
    async with parlor(tmp_path, fake) as client:
        table = await start(fake, client, crew)
        await fake.wait_for(lambda: len(fake.dm_messages(crew.alice)) >= 2,
                            what="the opening and the host's notice")
        await play(table, crew.humans, 10)
        for member in (crew.alice, crew.carol):
            assert SECRET in (await table.open_panel(member)).text()
        assert SECRET not in (await table.open_panel(crew.bob)).text()
        live = await table.live()
        kinds = {m.kind for m in await client.parlor.repo.messages(live.id)}
        assert OFF + "crew" in kinds and OPEN + "crew" not in kinds
    assert fake.threads_of(crew.channel) == []
    notice = t("thread.fallback_dm").split("{")[0]
    assert len([m for m in fake.dm_messages(crew.alice) if notice in m.content]) == 1
    assert [r for r in fake.requests if r.error_code == 50013 and "threads" in r.route]
    assert not secret_in(outside_threads(fake))


async def test_a_member_who_cannot_be_added_sends_the_team_to_its_panels(
    tmp_path: Path, fake_discord: FakeDiscord, team_renderer: TeamRenderer
) -> None:
    fake = fake_discord
    crew = Crew(fake)
    fake.refuse_thread_member(crew.carol)
    async with parlor(tmp_path, fake) as client:
        table = await start(fake, client, crew)
        await fake.wait_for(lambda: len(fake.dm_messages(crew.alice)) >= 2,
                            what="the opening and the host's notice")
        await play(table, crew.humans, 10)
        assert SECRET in (await table.open_panel(crew.carol)).text()
        assert SECRET not in (await table.open_panel(crew.bob)).text()
    # The half-made thread is gone, and no one outside the team was ever in it.
    for thread in fake.world.channels.values():
        if thread.is_thread:
            assert thread.deleted
            assert crew.bob.id not in thread.member_ids and crew.dave.id not in thread.member_ids
            assert fake.messages_in(thread) == []
    notice = t("thread.fallback_dm").split("{")[0]
    assert len([m for m in fake.dm_messages(crew.alice) if notice in m.content]) == 1
