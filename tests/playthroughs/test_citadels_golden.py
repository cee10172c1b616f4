"""Golden playthrough: one seeded four-player Citadels game played by the built-in bots.

After every action the file records the action, its events, the public view and what each
seat sees beyond it (``me``); the test replays the game and diffs it against the file, step by
step. After a deliberate rules change, rewrite the file with ``PARLOR_REGEN_GOLDEN=1`` and
review the diff.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

from games.citadels import GAME
from games.citadels.options import Options

GOLDEN = Path(__file__).with_name("citadels_4p_seed7.jsonl")
SEATS = 4
SEED = 7
OPTIONS = Options()


def _dump(model: Any) -> Any:
    return json.loads(model.model_dump_json())


def _views(state: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    public = _dump(GAME.view(state, None))
    assert public.pop("me") is None
    seats: dict[str, Any] = {}
    for seat in range(SEATS):
        view = _dump(GAME.view(state, seat))
        me = view.pop("me")
        # A seat's view is the public view plus ``me``: record only the difference.
        assert {**view, "seat": None} == public, f"seat {seat} sees more than public + me"
        seats[str(seat)] = me
    return public, seats


def record_game() -> list[str]:
    rng = random.Random(SEED)
    state = GAME.setup(SEATS, OPTIONS, seed=SEED)
    header = {"game": "citadels", "seats": SEATS, "seed": SEED, "options": _dump(OPTIONS)}
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
            raise AssertionError(
                f"golden line {number} (step {want.get('step')}) differs in {differing}; "
                "rerun with PARLOR_REGEN_GOLDEN=1 if the change is intended"
            )
    assert len(golden) == len(lines), f"golden has {len(golden)} lines, the game {len(lines)}"


def test_golden_playthrough_never_shows_a_seat_another_seats_secret() -> None:
    rng = random.Random(SEED)
    state = GAME.setup(SEATS, OPTIONS, seed=SEED)
    while GAME.outcome(state) is None:
        prompt = GAME.pending(state)[0]
        state = GAME.apply(state, GAME.choose(GAME.view(state, prompt.seat), prompt, rng)).state
        public = GAME.view(state, None).model_dump_json()
        for owner in range(SEATS):
            assert not any(s in public for s in GAME.secrets(state, owner))
