"""One request budget for everything the bot sends with its token: a burst of requests that no
table's code paid for (a path that never asked the budget, discord.py's own calls) still waits
for it, and settings that ask for more than Discord's global 50 a second get the safe rate. The
fake Discord enforces the global limit: a request past it is answered 429."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.edit_budget import SAFE_PER_SECOND
from tests.e2e.parlor import parlor
from tests.fakediscord import FakeDiscord

BURST = 150
CHANNELS = 6  # spread over channels so that no per-channel bucket is the limit


def busiest_second(times: list[float]) -> int:
    times = sorted(times)
    return max((sum(1 for u in times[i:] if u < start + 1.0) for i, start in enumerate(times)),
               default=0)


async def test_a_burst_no_table_paid_for_stays_under_the_global_limit(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    names = tuple(f"c{i}" for i in range(CHANNELS))
    guild = fake.create_guild("G", members=[alice], channels=names)
    channels = [fake.text_channel(guild, name) for name in names]
    # The harness asks for 960 a second (its squeeze of time): more than Discord allows.
    async with parlor(tmp_path, fake, board_edits_per_second=960.0) as client:
        assert client.parlor.desk.budget.rate <= 40
        mark = fake.mark()
        taken = client.parlor.desk.budget.taken

        async def send(number: int) -> None:
            channel = client.get_partial_messageable(channels[number % CHANNELS].id)
            await channel.send(f"message {number}")

        await asyncio.gather(*(send(n) for n in range(BURST)))
        taken = client.parlor.desk.budget.taken - taken
    requests = fake.requests_since(mark, include_interaction_routes=False)
    limited = [r for r in requests if r.status == 429]
    busiest = busiest_second([r.time for r in requests])
    print(f"\none budget: {len(requests)} bot-token requests, at most {busiest} in one second, "
          f"{len(limited)} answered 429")
    assert limited == [], "a request went past Discord's global limit"
    assert busiest <= SAFE_PER_SECOND + 2
    assert taken >= BURST, "each request took a token"
    assert sum(1 for m in fake.world.messages.values() if m.content.startswith("message ")) \
        == BURST
    assert fake.client_errors == []
