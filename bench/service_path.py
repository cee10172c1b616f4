"""The service's own path per move, offline: CPU per ``MatchService.act``, the bot's choice left
out, for comparing two trees side by side.

Opens ``--matches`` matches of the game through the service's lobby calls in a SQLite file, as
``bench/service.py`` does (the Scheduler wired in as the bot wires it), then plays them in turn
for ``--rounds`` rounds: each move the bot's choice from the acting seat's view (timed apart and
taken out), then ``service.act``, awaited alone, so each append is a trip of its own to SQLite's
thread. It prints the process's CPU per move without the choice (the engine's ``apply`` and new
prompts, the service, the planner, asyncio, the append and SQLite's thread), SQLite's thread
apart, and a digest of every action played: two trees that play the same moves print the same
digest. The machine's noise is larger than most changes to this path, so run both trees at the
same time on one CPU, from each tree's root, and compare each pair:

    taskset -c 0 .venv/bin/python -m bench.service_path --game lifeboat
    taskset -c 0 .venv/bin/python -m bench.service_path --game zombie --matches 300 --rounds 6

It runs on the bot's event loop (``bot/event_loop.py``); ``PARLOR_EVENT_LOOP=asyncio`` runs it
on asyncio's own.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse
import gc
import hashlib
import random
import tempfile
import threading
import time

from bench import service
from bot import collector, event_loop, switching
from games import registry


async def play(game: str, matches: int, rounds: int) -> str:
    service.GAME = game
    with tempfile.TemporaryDirectory(prefix="parlor-path-") as tmp:
        bench = service.ServiceBench(Path(tmp) / "service.db", matches, 1, with_timers=True)
        await bench.setup()
        # The bot's collector settings, without its timer: young collections at CPython's pace
        # (put back at the end, as ``Collector.stop`` does: a test runs this in its process).
        gc.collect()
        gc.freeze()
        saved = gc.get_threshold()
        gc.set_threshold(*collector.THRESHOLDS)
        try:
            rngs = [random.Random(f"path:{i}") for i in range(matches)]
            digest = hashlib.sha256()
            loop_thread = threading.get_native_id()
            choosing = 0.0
            moves = 0
            threads = service.thread_cpu_seconds()
            started = time.process_time()
            for _ in range(rounds):
                for slot in range(matches):
                    live = await bench.service.get(bench.match_ids[slot])
                    if live.outcome() is not None:
                        bench.match_ids[slot] = await bench.open_match(slot)
                        live = await bench.service.get(bench.match_ids[slot])
                    chosen = time.thread_time()
                    prompt, action = bench.choose(live, rngs[slot])
                    choosing += time.thread_time() - chosen
                    await bench.service.act(live.id, version=live.version, seat=prompt.seat,
                                            action=action, user_id=None, source="bot")
                    moves += 1
                    digest.update(action.model_dump_json().encode())
            spent = time.process_time() - started
            after = service.thread_cpu_seconds()
            others = sum(cpu - threads.get(tid, 0.0) for tid, cpu in after.items()
                         if tid != loop_thread)
            await bench.repo.close()
        finally:
            gc.set_threshold(*saved)
            gc.unfreeze()
    return (f"{game}: {moves} moves of {matches} matches; CPU per move without the choice "
            f"{(spent - choosing) / moves * 1e6:.0f} µs (of it SQLite's thread "
            f"{others / moves * 1e6:.0f}); the choice {choosing / moves * 1e6:.0f} µs; "
            f"digest {digest.hexdigest()[:16]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="lifeboat", choices=registry.names())
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=8, help="moves per match")
    args = parser.parse_args(argv)
    # As the bot sets it while it runs, and back afterwards: a test runs this in its process.
    interval = switching.SwitchInterval()
    interval.start()
    try:
        print(event_loop.run(play(args.game, args.matches, args.rounds)))
    finally:
        interval.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
