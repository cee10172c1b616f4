"""Golden playthrough: one seeded 4-player Lifeboat game of bots, written out step by step.

Each step records the action, the events with their audience, the public view, and for every
seat what its view adds to the public one (``viewer`` and ``me``; the rest of a seat's view is
the public view, which the test checks). One JSON object per line, so a change in the rules
shows up in review as a readable diff. Set ``PARLOR_REGEN_GOLDEN=1`` to rewrite the file after
an intended change, then review the diff like any other change.
"""

from __future__ import annotations

import difflib
import json
import os
import random
from pathlib import Path
from typing import Any

from games import registry

GOLDEN = Path(__file__).with_name("lifeboat_4p_seed5.jsonl")
SEATS = 4
SEED = 5


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def _views(game: Any, state: Any) -> list[str]:
    public = game.view(state, None).model_dump(mode="json")
    lines = [_line({"public": public})]
    for seat in range(SEATS):
        view = game.view(state, seat).model_dump(mode="json")
        me = view.pop("me")
        view["viewer"] = None
        if view != public:
            raise AssertionError(f"seat {seat}'s view differs from the public view beyond 'me'")
        lines.append(_line({"seat": seat, "me": me}))
    return lines


def playthrough() -> str:
    """The whole game as text (deterministic: seeded setup, seeded bot choices)."""
    game = registry.get("lifeboat")
    rng = random.Random(SEED)
    state = game.setup(SEATS, None, seed=SEED)
    lines = [_line({"game": "lifeboat", "seats": SEATS, "seed": SEED, "step": 0})]
    lines += _views(game, state)
    while game.outcome(state) is None:
        prompts = [p for p in game.pending(state) if p.blocking]
        prompt = rng.choice(prompts)
        action = game.choose(game.view(state, prompt.seat), prompt, rng)
        transition = game.apply(state, action)
        state = transition.state
        lines.append(_line({
            "step": state.step,
            "prompt": prompt.kind,
            "action": action.model_dump(mode="json"),
            "events": [
                {"key": e.key, "to": list(e.to) if e.to is not None else "all",
                 "params": e.params}
                for e in transition.events
            ],
        }))
        lines += _views(game, state)
    outcome = game.outcome(state)
    assert outcome is not None
    lines.append(_line({"outcome": outcome.model_dump(mode="json")}))
    return "\n".join(lines) + "\n"


def test_lifeboat_golden_playthrough() -> None:
    text = playthrough()
    if os.environ.get("PARLOR_REGEN_GOLDEN") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    stored = GOLDEN.read_text(encoding="utf-8")
    if text != stored:
        diff = difflib.unified_diff(
            stored.splitlines(), text.splitlines(), "stored", "now", n=0, lineterm=""
        )
        shown = "\n".join(line[:300] for line in list(diff)[:40])
        raise AssertionError(
            f"the playthrough changed (PARLOR_REGEN_GOLDEN=1 rewrites it):\n{shown}"
        )
