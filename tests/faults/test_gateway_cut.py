"""The gateway cut mid-game, under the real client: a Lifeboat table of two people and two bots
with turn clocks running. The fake Discord drops the socket (discord.py resumes the session),
then later ends the session as well (its RESUME is refused with an invalid session, and it
identifies anew). Bots and boards go on through REST meanwhile.

After each: the people's clicks work (every interaction answered within 3 s, none answered
twice: the fake checks both), every move a person made is in the log once (the log's people's
entries are exactly the clicks that made moves), the log replays with versions 0..n-1, and the
board shows the table as it is."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from tests.e2e.parlor import Table, parlor, start_table, wait_board_current
from tests.fakediscord import FakeDiscord, FakeUser
from tests.faults.checks import logs_replay, waits_for

TURN_SECONDS = 20


async def _people_move(table: Table, people: dict[int, FakeUser], moves: int,
                       rng: random.Random, made: list[tuple[int, int]]) -> None:
    """The people make ``moves`` moves through their panels (the bots in between); each
    made move is noted as (version, user)."""
    repo = table.app.repo
    while moves > 0:
        live = await table.live()
        if live.outcome() is not None:
            return
        waiting = [s for s in people if waits_for(live, {s})]
        if not waiting:
            await asyncio.sleep(0.01)  # the bots are moving
            continue
        seat = rng.choice(waiting)
        version = live.version
        if await table.play_human_move(people[seat], seat, rng):
            (entry,) = await repo.actions_between(live.id, version, version + 1)
            if entry.source == "player" and entry.user_id == people[seat].id:
                made.append((version, people[seat].id))
                moves -= 1


async def test_gateway_cut_resumed_then_invalidated_mid_game(
    tmp_path: Path, fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    guild = fake.create_guild("G", members=[alice, bob])
    rng = random.Random(38)
    async with parlor(tmp_path, fake, default_turn_seconds=TURN_SECONDS,
                      bot_move_delay=0.05) as client:
        people = {0: alice, 1: bob}
        table = await start_table(fake, client, fake.text_channel(guild), [alice, bob], bots=2)
        made: list[tuple[int, int]] = []
        await _people_move(table, people, 3, rng, made)
        session = fake.sessions[0]
        identified = fake.gateway.identify_count

        await fake.disconnect()  # the socket cut: discord.py resumes
        await fake.wait_for(lambda: session.resumes == 1 and session.live, timeout=20,
                            what="a RESUME")
        assert fake.gateway.identify_count == identified
        await _people_move(table, people, 3, rng, made)

        await fake.invalidate_sessions()  # the session gone too: a new IDENTIFY
        await fake.wait_for(lambda: fake.gateway.identify_count == identified + 1
                            and fake.gateway.live_sessions(), timeout=30,
                            what="a new IDENTIFY after the invalid session")
        await _people_move(table, people, 3, rng, made)

        assert table.match_id is not None and len(made) == 9, "the game ended too soon"
        log = await client.parlor.repo.actions(table.match_id)
        by_people = [(e.version, e.user_id) for e in log if e.source == "player"]
        assert by_people == made, "every move a person made, once, and nothing else"
        await logs_replay(client.parlor.repo, [table.match_id])
        await wait_board_current(fake, client, table.match_id)
