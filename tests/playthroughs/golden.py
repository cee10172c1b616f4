"""Golden playthroughs: one seeded game of built-in bots per registered game, written out step
by step and compared with the file kept beside the tests.

Each line is one JSON object: the header, then after every action the prompt it answered, the
action, its events with their audience, the public view and what each seat's view adds to it.
A seat's view must agree with the public view on every field the public view fills; only the
fields the public view leaves empty (``me``, the viewer) or does not have may differ, and they
are what the line records for the seat. A rules change shows up in review as a readable diff;
after an intended one, ``PARLOR_REGEN_GOLDEN=1`` rewrites the file.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games import registry
from games.core.conformance import bot_action

FOLDER = Path(__file__).with_name("golden")


@dataclass(frozen=True)
class Golden:
    game: str
    seats: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.game}_{self.seats}p_seed{self.seed}.jsonl"


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _dump(model: Any) -> Any:
    return model.model_dump(mode="json")


def seat_additions(public: dict[str, Any], view: dict[str, Any], seat: int) -> dict[str, Any]:
    """What ``seat``'s view adds to the public one; raises if it contradicts it."""
    for key, value in public.items():
        if value is not None and view.get(key) != value:
            raise AssertionError(f"seat {seat}'s view differs from the public view in {key!r}")
    return {key: value for key, value in view.items()
            if key not in public or (public[key] is None and value is not None)}


def _views(game: Any, state: Any, seats: int) -> list[str]:
    public = _dump(game.view(state, None))
    lines = [_line({"public": public})]
    for seat in range(seats):
        own = seat_additions(public, _dump(game.view(state, seat)), seat)
        lines.append(_line({"seat": seat, "adds": own}))
    return lines


def playthrough(golden: Golden) -> str:
    """The whole game as text: a seeded set-up, seeded bot choices, a deterministic engine."""
    game = registry.get(golden.game)
    options = game.Options.model_validate(golden.options)
    rng = random.Random(golden.seed)
    state = game.setup(golden.seats, options, seed=golden.seed)
    lines = [_line({"game": golden.game, "seats": golden.seats, "seed": golden.seed,
                    "options": _dump(options)})]
    lines += _views(game, state, golden.seats)
    while game.outcome(state) is None:
        action = bot_action(game, state, rng)
        transition = game.apply(state, action)
        state = transition.state
        lines.append(_line({
            "action": _dump(action),
            "events": [{"key": e.key, "to": "all" if e.to is None else list(e.to),
                        "params": e.params} for e in transition.events],
        }))
        lines += _views(game, state, golden.seats)
    outcome = game.outcome(state)
    assert outcome is not None
    lines.append(_line({"outcome": _dump(outcome)}))
    return "\n".join(lines) + "\n"


def first_difference(stored: str, now: str) -> str | None:
    """Where ``now`` first departs from ``stored``: the line and the keys that differ."""
    old, new = stored.splitlines(), now.splitlines()
    for number, (want, got) in enumerate(zip(old, new, strict=False), start=1):
        if want != got:
            before, after = json.loads(want), json.loads(got)
            keys = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
            return f"line {number} differs in {keys}"
    if len(old) != len(new):
        return f"the file has {len(old)} lines, the game {len(new)}"
    return None
