"""The bot killed with SIGKILL at random moments of bot-played games and restarted each time:
every game finishes with the result of an uninterrupted run from the same seed and choices —
nothing lost, nothing doubled — and its end is shown (board, reveal, stats).

Run for every registered game. Default: a table of every game (a short variant where the game
has one: ``SHORT_TABLES``; what is checked does not depend on the game's length) played
together with the others on one bot process through 2 kills, a kill once some table has made
1–5 moves (one process for all: each start costs a second of CPU and more, and the check is per
table, not per process).
``PARLOR_SOAK=1``, for each game: 50 games, 10 at a time, one new game opened between two kills,
the bot killed every 0.1–0.6 s of its up-time, every game through at least 2 kills
(``PARLOR_SOAK_GAMES``, ``PARLOR_SOAK_PARALLEL``, ``PARLOR_SOAK_SEED`` override;
``PARLOR_SOAK_REPORT=<file>`` writes the figures as JSON).
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import asdict
from pathlib import Path

import pytest

from storage.sqlite import SqliteRepository
from tests.every_game import bot_pace, hosted_games
from tests.fakediscord import FakeDiscord
from tests.soak.checks import GameResult, verify_game
from tests.soak.sigkill import SoakRun, run_sigkill_soak
from tests.soak.tables import make_world

SOAK = os.environ.get("PARLOR_SOAK") == "1"
SEED = int(os.environ.get("PARLOR_SOAK_SEED", "5"))

async def _soak(fake: FakeDiscord, workdir: Path, games: list[str], parallel: int,
                kills_per_game: int, *, max_kills: int | None = None,
                up_seconds: tuple[float, float] = (0.3, 1.5), open_per_cycle: int = 1,
                bot_move_delay: float = 0.03,
                moves_between_kills: tuple[int, int] | None = None, short: bool = False
                ) -> tuple[SoakRun, list[GameResult]]:
    rng = random.Random(SEED)
    tables = make_world(fake, games, short=short)
    run = await run_sigkill_soak(fake, workdir, tables, rng, parallel=parallel,
                                 max_kills=max_kills, up_seconds=up_seconds,
                                 open_per_cycle=open_per_cycle,
                                 bot_move_delay=bot_move_delay,
                                 moves_between_kills=moves_between_kills)
    print(f"\nSIGKILL soak, {', '.join(sorted(set(games)))}: {run.summary()}")
    assert not run.stalled, f"games stopped moving after a restart: {run.stalled}"
    lived = [(table.game, run.kills_by_game.get(table.match_id, 0)) for table in tables]
    assert min(kills for _, kills in lived) >= kills_per_game, \
        f"kills lived through, table by table: {lived}"
    assert not run.severe_log_lines, "\n".join(run.severe_log_lines)
    results = []
    async with SqliteRepository(workdir / "parlor.db") as repo:
        for table in tables:
            try:
                results.append(await verify_game(repo, fake, table))
            except AssertionError as failed:
                raise AssertionError(f"{table.game}: {failed}") from failed
    unrecorded = [r.match_id for r in results if not r.stats_recorded]
    assert not unrecorded, f"stats lost for matches {unrecorded}"
    doubled = [r.match_id for r in results if r.reveals > 1]
    assert not doubled, f"reveals posted more than once for matches {doubled}"
    assert fake.client_errors == [], "avoidable 4xx from the bot"
    report = os.environ.get("PARLOR_SOAK_REPORT")
    if report:
        Path(report).write_text(json.dumps({
            "game": ", ".join(sorted(set(games))),
            "run": asdict(run),
            "actions": sum(r.actions for r in results),
            "requests": len(fake.requests),
            "games": [asdict(r) for r in results],
        }, indent=1))
    return run, results


async def test_games_killed_at_random_moments_finish_as_if_never_interrupted(
    tmp_path: Path, soak_discord: FakeDiscord
) -> None:
    # Every table is open (and left to the bots) before the first kill, and a kill comes once
    # some table has made 1-5 moves (or after 0.8 s): a short game still lives through every
    # kill however fast the machine plays it.
    games = hosted_games()
    _, results = await _soak(soak_discord, tmp_path, games, parallel=len(games),
                             kills_per_game=2, max_kills=2, up_seconds=(0.2, 0.8),
                             open_per_cycle=len(games), moves_between_kills=(1, 5),
                             short=True)
    print(f"actions per game: {[(g, r.actions) for g, r in zip(games, results, strict=True)]}")


@pytest.mark.soak
@pytest.mark.skipif(not SOAK, reason="long soak: set PARLOR_SOAK=1")
@pytest.mark.parametrize("game", hosted_games())
async def test_fifty_games_killed_at_random_moments(
    tmp_path: Path, soak_discord: FakeDiscord, game: str
) -> None:
    games = int(os.environ.get("PARLOR_SOAK_GAMES", "50"))
    parallel = int(os.environ.get("PARLOR_SOAK_PARALLEL", "10"))
    # Bots move every 60 ms here: since their moves stopped being refused as stale and retried,
    # a game at 30 ms could end between two kills.
    _, results = await _soak(soak_discord, tmp_path, [game] * games, parallel=parallel,
                             kills_per_game=2, up_seconds=(0.1, 0.6),
                             bot_move_delay=0.06 * bot_pace(game))
    assert len(results) == games
