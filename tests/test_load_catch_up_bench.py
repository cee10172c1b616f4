"""``bench/load_catch_up.py`` loads a match the way the service does after a restart: the
latest snapshot parsed and the actions since applied, which must give the logged game's state."""

from __future__ import annotations

import random

from bench.load_catch_up import logged_game, measure
from games import registry
from tables.service import SNAPSHOT_EVERY


def test_a_snapshot_and_the_actions_since_give_the_logged_state() -> None:
    game = registry.get("lifeboat")
    log, snapshots = logged_game(game, seed=5, rng=random.Random(1))
    assert set(snapshots) == set(range(0, len(log) + 1, SNAPSHOT_EVERY))
    state = game.parse_state(snapshots[0])
    for version, action in enumerate(log, start=1):
        state = game.apply(state, game.parse_action(action)).state
        if version in snapshots:
            assert state.model_dump_json() == snapshots[version]


def test_the_bench_times_loads_of_a_game() -> None:
    row = measure("lifeboat", games=1)
    assert row.startswith("| Lifeboat |") and row.count("ms") == 3
