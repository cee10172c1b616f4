"""The bot's map: the backward search from its targets gives the same distances as a forward
search from every room (stairs and one-way passages included, for explorers and monsters)."""

from __future__ import annotations

import random

from games.haunt import GAME
from games.haunt.bot_map import ViewMap
from games.haunt.state import HauntState


def _maps(games: int) -> list[HauntState]:
    """States of seeded bot games, one every few moves, maps of every size."""
    found: list[HauntState] = []
    for seed in range(games):
        state = GAME.setup(4 + seed % 3, seed=seed)
        rng = random.Random(seed)
        moves = 0
        while GAME.outcome(state) is None and moves < 400:
            prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
            action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng)
            state = GAME.apply(state, action).state
            moves += 1
            if moves % 7 == 0:
                found.append(state)
    return found


def test_distances_to_targets_match_the_forward_distances() -> None:
    rng = random.Random(5)
    checked = one_way = 0
    for state in _maps(6):
        ids = [r.id for r in state.rooms]
        explorer, monster_map = ViewMap(state.rooms), ViewMap(state.rooms, monster=True)
        one_way += sum(explorer.exits(i) != monster_map.exits(i) for i in ids)
        for monster in (False, True):
            chart = ViewMap(state.rooms, monster=monster)
            targets = set(rng.sample(ids, min(len(ids), rng.randint(1, 3))))
            backward = chart.distances_to(targets)
            for room in ids:
                forward = chart.distances(room)
                nearest = min((forward[t] for t in targets if t in forward), default=None)
                assert backward.get(room) == nearest, (room, targets, monster)
                checked += 1
            wanted = rng.sample(ids, min(len(ids), 3))
            early = chart.distances_to(targets, wanted)
            assert {w: early.get(w) for w in wanted} == {w: backward.get(w) for w in wanted}
    assert checked > 1000
    assert one_way > 0  # some maps hold a one-way passage, where the two searches differ
