"""Event-loop lag of the other tables while a 5,000-action log is replayed.

One Lifeboat match gets a log of ``--actions`` actions (mostly cards given back and forth, the
longest legal log a table can build), stored through the real service on SQLite. Meanwhile
``--tables`` all-bot tables keep playing through the service (``--moves`` moves a second in
all), and a probe asks the loop for a 1 ms sleep over and over: how late it wakes is the lag
any click or move of another table would see. The long log is then replayed the three ways
the bot replays one — the background log check after a load, ``/parlor log`` and ``/parlor
replay`` (both through ``bot.history.all_events``) — with the replay in slices as the bot does
it, and, with ``--whole``, in one go for comparison. Run from the repository root:

    .venv/bin/python bench/replay_lag.py [--actions 5000] [--tables 50] [--moves 200] [--whole]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tables.replaying
from bot.collector import Collector
from bot.history import all_events
from bot.switching import SwitchInterval
from games import registry
from games.core import Action, Game, Prompt
from storage.sqlite import SqliteRepository
from tables.service import LiveMatch, MatchService

HOST = 1
SEED = 20261123


async def table(service: MatchService, channel: int, seats: int = 6) -> LiveMatch:
    """A started all-bot Lifeboat table."""
    live = await service.create_lobby(game="lifeboat", guild_id=1, channel_id=channel,
                                      host_id=HOST, host_name="host", host_locale=None,
                                      options={})
    for _ in range(seats - 1):
        await service.add_bot(live.id, HOST, "Bot")
    live = await service.start(live.id, HOST)
    return await service.hand_to_bot(live.id, 0, reason="left")


def long_move(game: Game[Any, Any], state: Any, rng: random.Random) -> Action:
    """A move that keeps the game going: a card given from hand to hand while any seat can,
    else whatever a bot would play."""
    prompts = game.pending(state)
    gifts = [a for p in prompts if not p.blocking for a in p.actions if a.kind == "give_card"]
    if gifts:
        return rng.choice(gifts)
    prompt = rng.choice([p for p in prompts if p.blocking] or prompts)
    return game.choose(game.view(state, prompt.seat), prompt, rng)


def long_game(wanted: int, seats: int) -> tuple[int, list[Action]]:
    """A seed and the first ``wanted`` actions of a Lifeboat game that lasts that long
    (searched on the engine alone: most games end sooner)."""
    game = registry.get("lifeboat")
    for seed in range(SEED, SEED + 10_000):
        rng = random.Random(seed)
        state = game.setup(seats, None, seed=seed)
        actions: list[Action] = []
        while game.outcome(state) is None and len(actions) < wanted:
            action = long_move(game, state, rng)
            state = game.apply(state, action).state
            actions.append(action)
        if len(actions) >= wanted:
            return seed, actions
    raise RuntimeError(f"no Lifeboat game of {wanted} actions found")


async def build_long_log(service: MatchService, wanted: int, seats: int = 6) -> LiveMatch:
    seed, actions = long_game(wanted, seats)
    service.new_seed = lambda: seed
    live = await table(service, 10_000, seats)
    for action in actions:
        live, _ = await service.act(live.id, version=live.version, seat=action.seat,
                                    action=action, user_id=None, source="bot")
    return live


async def keep_playing(service: MatchService, tables: list[LiveMatch], per_second: float,
                       stop: asyncio.Event) -> int:
    """Bot moves on the other tables at ``per_second`` in all, as the scheduler would."""
    rng = random.Random(7)
    moves = 0

    def decide(live: LiveMatch, prompt: Prompt) -> tuple[Action, str] | None:
        if not prompt.blocking:
            return None
        return live.game.choose(live.game.view(live.state, prompt.seat), prompt, rng), "bot"

    interval = 1.0 / per_second
    next_at = time.perf_counter()
    while not stop.is_set():
        live = rng.choice(tables)
        if live.outcome() is not None:
            tables.remove(live)
            tables.append(await table(service, 20_000 + rng.randrange(10**6)))
            continue
        seats = [p.seat for p in live.pending() if p.blocking]
        if seats:
            await service.play_for_seat(live.id, rng.choice(seats), decide)
            moves += 1
        next_at += interval
        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
    return moves


async def probe(stop: asyncio.Event, lags: list[float]) -> None:
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(0.001)
        lags.append(time.perf_counter() - asked - 0.001)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(service: MatchService, long: LiveMatch, others: list[LiveMatch],
                  per_second: float, what: str) -> None:
    stop = asyncio.Event()
    lags: list[float] = []
    prober = asyncio.create_task(probe(stop, lags))
    player = asyncio.create_task(keep_playing(service, others, per_second, stop))
    await asyncio.sleep(0.5)  # the other tables settle into their pace
    baseline = len(lags)
    started = time.perf_counter()
    service.forget(long.id)
    await service.get(long.id)  # from the snapshot; the log check runs in the background
    await service.log_checks.drain()
    checked = time.perf_counter() - started
    actions = [entry.action for entry in await service.repo.actions(long.id)]
    events_started = time.perf_counter()
    await all_events(await service.get(long.id), actions)
    told = time.perf_counter() - events_started
    stop.set()
    moves = await player
    await prober
    during = lags[baseline:]
    print(f"{what}: log check {checked * 1000:.0f} ms, all_events {told * 1000:.0f} ms; "
          f"loop lag over {len(during)} probes: p50 {percentile(during, 0.5) * 1000:.2f} ms, "
          f"p99 {percentile(during, 0.99) * 1000:.2f} ms, max {max(during) * 1000:.1f} ms, "
          f"mean {statistics.fmean(during) * 1000:.2f} ms; other tables' moves {moves}")


async def baseline(service: MatchService, others: list[LiveMatch], per_second: float,
                   seconds: float) -> None:
    """The same probe and the same other tables, with no replay: the machine's own lag."""
    stop = asyncio.Event()
    lags: list[float] = []
    prober = asyncio.create_task(probe(stop, lags))
    player = asyncio.create_task(keep_playing(service, others, per_second, stop))
    await asyncio.sleep(0.5)
    baseline_from = len(lags)
    await asyncio.sleep(seconds)
    stop.set()
    moves = await player
    await prober
    during = lags[baseline_from:]
    print(f"no replay ({seconds:.0f} s): loop lag over {len(during)} probes: p50 "
          f"{percentile(during, 0.5) * 1000:.2f} ms, p99 {percentile(during, 0.99) * 1000:.2f}"
          f" ms, max {max(during) * 1000:.1f} ms; other tables' moves {moves}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=5_000)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=float, default=200.0)
    parser.add_argument("--whole", action="store_true",
                        help="also replay in one go (no slices), for comparison")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        repo = SqliteRepository(Path(folder) / "bench.db")
        await repo.open()
        service = MatchService(repo)
        built = time.perf_counter()
        long = await build_long_log(service, args.actions)
        print(f"a {long.version}-action Lifeboat log built in "
              f"{time.perf_counter() - built:.1f} s")
        others = [await table(service, 100 + n) for n in range(args.tables)]
        # The collector and the GIL's switch interval as the bot sets them (bot/app.py).
        collector, switching = Collector(), SwitchInterval()
        collector.start()
        switching.start()
        await baseline(service, others, args.moves, 3.0)
        await measure(service, long, others, args.moves, "in slices")
        if args.whole:
            tables.replaying.SLICE_SECONDS = float("inf")
            await measure(service, long, others, args.moves, "in one go")
        collector.stop()
        switching.stop()
        await service.close()
        await repo.close()


if __name__ == "__main__":
    asyncio.run(main())
