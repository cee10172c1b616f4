"""The log is the truth: a stored Lifeboat game replays from its seed to its snapshot.

A whole game is played with the conformance playout, every action goes through
``append_action`` with the state it produced, and after a restart the stored log alone,
parsed back with ``game.parse_action`` and applied from the stored seed and options, rebuilds
exactly the stored snapshot (and the stored outcome).
"""

from __future__ import annotations

from typing import Any

import pytest

from games import registry
from games.core import Action, Outcome, Transition
from games.core.conformance import mixed_chooser, playout, random_action
from storage.records import MatchStatus, SeatRecord
from tests.storage.backends import Backend

GAME = "lifeboat"


@pytest.mark.parametrize(
    ("seats", "seed", "bots"),
    [(4, 11, set()), (5, 29, {1, 3}), (6, 404, {0, 1, 2, 3, 4, 5})],
)
async def test_a_stored_lifeboat_game_replays_to_its_snapshot(
    backend: Backend, seats: int, seed: int, bots: set[int]
) -> None:
    game = registry.get(GAME)
    options = game.Options()
    steps: list[tuple[Action, str]] = []

    def record(before: Any, action: Action, transition: Transition) -> None:
        steps.append((action, transition.state.model_dump_json()))

    chooser = mixed_chooser(bots) if bots else random_action
    result = playout(game, seats, seed=seed, options=options, chooser=chooser, on_step=record)
    outcome = game.outcome(result.state)
    assert outcome is not None and steps

    async with backend.make() as repo:
        match = await repo.create_match(
            game=GAME,
            guild_id=1,
            channel_id=2,
            host_id=3,
            seed=seed,
            options=options.model_dump(mode="json"),
        )
        seat_records = [
            SeatRecord(
                match_id=match.id,
                seat=s,
                user_id=None if s in bots else 100 + s,
                display_name=f"seat {s}",
                is_bot=s in bots,
            )
            for s in range(seats)
        ]
        first = game.setup(seats, options, seed=seed)
        await repo.start_match(match.id, seat_records, first.model_dump_json())
        for version, (action, state_json) in enumerate(steps):
            last = version == len(steps) - 1
            new_version = await repo.append_action(
                match.id,
                expected_version=version,
                seat=action.seat,
                user_id=None if action.seat in bots else 100 + action.seat,
                source="bot" if action.seat in bots else "player",
                action=action.model_dump(mode="json"),
                state_json=state_json,
                finished=last,
                outcome=outcome.model_dump(mode="json") if last else None,
            )
            assert new_version == version + 1

    async with backend.make() as repo:  # rebuild from the stored data alone
        stored = await repo.get_match(match.id)
        log = await repo.actions(match.id)
        snapshot = await repo.snapshot(match.id)
    assert stored.status is MatchStatus.FINISHED
    assert snapshot is not None and snapshot[0] == stored.version == len(log) == len(steps)

    state = game.setup(seats, game.Options.model_validate(stored.options), seed=stored.seed)
    for version, entry in enumerate(log):
        assert entry.version == version
        action = game.parse_action(entry.action)
        assert action == steps[version][0]
        state = game.apply(state, action).state
    assert state == game.parse_state(snapshot[1])
    assert state.model_dump_json() == snapshot[1]
    assert state.step == stored.version
    assert game.outcome(state) == outcome
    assert stored.outcome is not None
    assert Outcome.model_validate(stored.outcome) == outcome
