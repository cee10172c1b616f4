"""How soon a response window shows in the open panels of the players it asks.

The real client against the fake Discord (tests/fakediscord), playing the Signal test game
(tests/games/signal_game.py): three people each keep their private panel open; the leader
plays a card, which opens a window asking the two others. Measured per window: from the
leader's click to each asked player's panel showing the window (the fake Discord applying
the panel's edit), and the bot's own figure, from the saved change to the edit's answer
(``bot/panels.py``). Run from the repository root:

    .venv/bin/python bench/panel_latency.py [--windows 100]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import renderers
from tests.e2e.parlor import Table, make_client, make_settings
from tests.e2e.signal_table import MODULE, SignalRenderer
from tests.fakediscord import FakeDiscord, FakeMessage, running
from tests.fakediscord.redirect import point_discord_py_at
from tests.games.signal_game import registered


def asked(panel: FakeMessage) -> bool:
    return any(c.split(":")[1] in "as" for c in panel.custom_ids())


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def one_window(fake: FakeDiscord, table: Table, users: list[Any]) -> list[float]:
    """A new table (one window per table keeps every measure alike): the leader plays, the
    two others' open panels are timed until they show the window."""
    panels = {seat: await table.open_panel(users[seat]) for seat in range(3)}
    chosen = next(c for c in panels[0].custom_ids() if c.split(":")[1] in "as")
    clicked = time.perf_counter()
    if chosen.startswith("pl:s:"):
        await fake.select(users[0], panels[0], chosen, ["0"], wait=False)
    else:
        await fake.click(users[0], panels[0], chosen, wait=False)
    shown = []
    for seat in (1, 2):
        panel = panels[seat]
        await fake.wait_for(lambda: asked(panel), timeout=10)  # noqa: B023 (awaited here)
        shown.append(time.perf_counter() - clicked)
    return shown


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--windows", type=int, default=100)
    args = parser.parse_args()
    import bot.app

    renderers.renderer_for("lifeboat")
    with registered(), tempfile.TemporaryDirectory() as folder:
        renderers.register_renderer(SignalRenderer())
        bot.app.COGS = (*bot.app.COGS, MODULE)
        async with FakeDiscord() as fake:
            with point_discord_py_at(fake):
                client = make_client(make_settings(Path(folder), fake))
                async with running(client, fake):
                    users = [fake.create_user(n) for n in ("alice", "bob", "carol")]
                    guild = fake.create_guild("G", members=users)
                    shown: list[float] = []
                    for _ in range(args.windows):
                        table = Table(fake, client, fake.text_channel(guild))
                        await table.open(users[0], game="signal")
                        for user in users[1:]:
                            await table.lobby_click(user, "join")
                        await table.lobby_click(users[0], "start")
                        shown += await one_window(fake, table, users)
                        await table.live()
                        await fake.run_slash(users[0], table.channel, "signal end", {})
                    bot_side = list(client.parlor.panels.delays)
    print(f"{args.windows} windows, {len(shown)} open panels asked: click to panel shown "
          f"p50 {percentile(shown, 0.5) * 1000:.1f} ms, p99 {percentile(shown, 0.99) * 1000:.1f}"
          f" ms, max {max(shown) * 1000:.1f} ms, mean {statistics.fmean(shown) * 1000:.1f} ms; "
          f"saved change to edit answered (bot side) p50 "
          f"{percentile(bot_side, 0.5) * 1000:.1f} ms, p99 "
          f"{percentile(bot_side, 0.99) * 1000:.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
