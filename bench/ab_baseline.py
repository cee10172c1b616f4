"""The baseline's side of ``bench/ab.py``: a process that answers for the bot of another revision.

Started as ``python bench/ab_baseline.py TREE``, where TREE is a checkout of the baseline
revision (a git worktree): its ``games`` package is imported, not the working tree's. Each line
on stdin is one decision, a JSON object::

    {"game": "sanguosha", "view": {...}, "view_type": "games.sanguosha.views:SeatView",
     "prompt": {...}, "rng": [seed, step, seat]}

and each line written back is ``{"index": i}`` (the bot chose the prompt's ``i``-th listed
action) or ``{"action": {...}}`` (a choice of a pick the prompt does not list), or
``{"error": "..."}``. The process ends at the end of its input.

The view and prompt were made by the working tree, whose views may have grown since the
baseline (a new field, a new option): they are read leniently, dropping what the baseline's
models do not know at any depth, and failing loudly where the baseline needs a field the new
view lacks. This module imports nothing of the project at import time, so that ``bench/ab.py``
shares ``decision_rng`` with it.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def decision_rng(seed: int, step: int, seat: int) -> random.Random:
    """The generator handed to whichever bot decides for ``seat`` at ``step`` of the game of
    ``seed``: the same in both processes and for both bots (a string seed is hashed the same
    way by every Python)."""
    return random.Random(f"parlor-ab:{seed}:{step}:{seat}")


class BaselineMismatch(ValueError):
    """The new tree's data lacks something the baseline's models require."""


def _drop(data: Any, loc: tuple[Any, ...]) -> bool:
    """Remove the field at ``loc`` (a pydantic error location) from ``data``; a location part
    that is not in the data (a union member's tag) is stepped over. Whether it was found."""
    node = data
    for part in loc[:-1]:
        listed = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if listed or (isinstance(node, dict) and part in node):
            node = node[part]
        elif isinstance(node, dict) and str(part) in node:
            node = node[str(part)]
    last = loc[-1] if loc else None
    if isinstance(node, dict) and last in node:
        del node[last]
        return True
    return False


# Field locations (without list positions) found unknown before, by what was read: dropped
# before the first try, so that a view with the same grown field is validated once, not twice.
_UNKNOWN: dict[str, list[tuple[Any, ...]]] = {}


def lenient(validate: Callable[[Any], T], data: Any, what: str) -> T:
    """``validate(data)``, dropping every field the model forbids as unknown (recursively: a
    nested model's extra field is dropped where it is), while any other failure (a required
    field missing, a value the baseline does not allow) fails loudly. Models that ignore
    unknown fields (pydantic's default) drop them by themselves. ``data`` is changed."""
    from pydantic import ValidationError

    known = _UNKNOWN.get(what)
    if known:
        for loc in known:
            _drop(data, loc)
    while True:
        try:
            return validate(data)
        except ValidationError as error:
            # Other failures in the same round may only follow from an extra field (a union
            # tries each member): they are judged once the extras are gone.
            extras = [e["loc"] for e in error.errors() if e["type"] == "extra_forbidden"]
            dropped = [loc for loc in extras if _drop(data, loc)]
            if not dropped:
                raise BaselineMismatch(
                    f"the baseline cannot read the new tree's {what}: {error}") from None
            fixed = [loc for loc in dropped if not any(isinstance(p, int) for p in loc)]
            if fixed:
                _UNKNOWN.setdefault(what, []).extend(fixed)


class Baseline:
    """The baseline revision's game and bot, reading the new tree's decisions."""

    def __init__(self, tree: Path) -> None:
        sys.path.insert(0, str(tree))
        import games
        from games import registry

        where = Path(games.__file__).resolve()
        if tree.resolve() not in where.parents:
            raise RuntimeError(f"imported {where}, not the baseline's games under {tree}")
        self._registry = registry
        from games.core.model import Pick, Prompt

        self._pick = Pick
        self._prompt = Prompt
        self._view_types: dict[str, type[Any]] = {}

    def view_type(self, name: str) -> type[Any]:
        found = self._view_types.get(name)
        if found is None:
            module, _, qualname = name.partition(":")
            try:
                found = getattr(importlib.import_module(module), qualname)
            except (ImportError, AttributeError) as error:
                raise BaselineMismatch(f"the baseline has no view model {name}") from error
            self._view_types[name] = found
        return found

    def action(self, game: Any, data: dict[str, Any]) -> Any:
        return lenient(game.parse_action, data, f"{game.spec.name} action {data.get('kind')!r}")

    def prompt(self, game: Any, data: dict[str, Any]) -> Any:
        data["actions"] = [self.action(game, a) for a in data["actions"]]
        pick = data.get("pick")
        if pick is not None:
            pick["template"] = self.action(game, pick["template"])
            data["pick"] = lenient(self._pick.model_validate, pick, f"{game.spec.name} pick")
        return lenient(self._prompt.model_validate, data, f"{game.spec.name} prompt")

    def read_view(self, message: dict[str, Any]) -> Any:
        view_type = self.view_type(message["view_type"])
        return lenient(view_type.model_validate, message["view"], f"view {message['view_type']}")

    def decide(self, message: dict[str, Any]) -> dict[str, Any]:
        game = self._registry.get(message["game"])
        view = self.read_view(message)
        prompt = self.prompt(game, message["prompt"])
        seed, step, seat = message["rng"]
        chosen = game.choose(view, prompt, decision_rng(seed, step, seat))
        for index, action in enumerate(prompt.actions):
            if action is chosen:
                return {"index": index}
        for index, action in enumerate(prompt.actions):
            if action == chosen:
                return {"index": index}
        return {"action": chosen.model_dump(mode="json")}


def serve(tree: Path) -> None:
    # pydantic's JSON parser reads the same values as ``json`` in about half the time.
    from pydantic_core import from_json

    baseline = Baseline(tree)
    out = sys.stdout
    out.write(json.dumps({"ready": str(tree)}) + "\n")
    out.flush()
    for line in sys.stdin:
        try:
            answer = baseline.decide(from_json(line))
        except Exception as error:  # reported to the harness, which stops loudly
            answer = {"error": f"{type(error).__name__}: {error}",
                      "trace": traceback.format_exc()}
        out.write(json.dumps(answer) + "\n")
        out.flush()


if __name__ == "__main__":
    serve(Path(sys.argv[1]))
