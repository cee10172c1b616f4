"""Golden playthrough: one seeded four-player Sanguosha game played by the built-in bots.

After every action the file records the prompt answered, the action, its events, the public
view and what each seat sees beyond it (``me``); the test replays the game and diffs it against
the file step by step. After a deliberate rules change, rewrite the file with
``PARLOR_REGEN_GOLDEN=1`` and review the diff.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

from games.sanguosha import GAME, Options

GOLDEN = Path(__file__).with_name("golden_4p_seed0.jsonl")
SEATS = 4
SEED = 0
OPTIONS = Options()


def _dump(model: Any) -> Any:
    return json.loads(model.model_dump_json())


def _views(state: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    public = _dump(GAME.view(state, None))
    seats: dict[str, Any] = {}
    for seat in range(SEATS):
        view = _dump(GAME.view(state, seat))
        me = view.pop("me")
        # A seat's view is the public view plus ``me``: record only the difference.
        assert {**view, "viewer": None} == public, f"seat {seat} sees more than public + me"
        seats[str(seat)] = me
    return public, seats


def record_game() -> list[str]:
    rng = random.Random(SEED)
    state = GAME.setup(SEATS, OPTIONS, seed=SEED)
    header = {"game": "sanguosha", "seats": SEATS, "seed": SEED, "options": _dump(OPTIONS)}
    public, seats = _views(state)
    lines = [json.dumps(header, sort_keys=True)]
    lines.append(json.dumps({"step": 0, "public": public, "seats": seats}, sort_keys=True))
    while GAME.outcome(state) is None:
        prompt = GAME.pending(state)[0]
        action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng)
        transition = GAME.apply(state, action)
        state = transition.state
        public, seats = _views(state)
        record = {
            "step": state.step,
            "prompt": prompt.kind,
            "action": _dump(action),
            "events": [_dump(e) for e in transition.events],
            "public": public,
            "seats": seats,
        }
        lines.append(json.dumps(record, sort_keys=True))
    outcome = GAME.outcome(state)
    assert outcome is not None
    lines.append(json.dumps({"outcome": _dump(outcome)}, sort_keys=True))
    return lines


def test_golden_playthrough_is_unchanged() -> None:
    lines = record_game()
    if os.environ.get("PARLOR_REGEN_GOLDEN") == "1":
        GOLDEN.write_text("\n".join(lines) + "\n")
    assert GOLDEN.exists(), f"{GOLDEN.name} is missing: create it with PARLOR_REGEN_GOLDEN=1"
    golden = GOLDEN.read_text().splitlines()
    for number, (expected, actual) in enumerate(zip(golden, lines, strict=False)):
        if expected != actual:
            want, got = json.loads(expected), json.loads(actual)
            differing = sorted(k for k in set(want) | set(got) if want.get(k) != got.get(k))
            raise AssertionError(f"line {number + 1} differs in {differing}")
    assert len(golden) == len(lines)
