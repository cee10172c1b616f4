"""What a seat is asked, as a short digest: click validity and panels that follow the game.

A click carries a check of the question it was drawn for. When the match has moved on since
(another seat answered the same window, a bot passed), the click still counts as long as the
check, worked out again from the clicker's question now, is unchanged: a game that names its
questions (``Prompt.question``) promises the same question offers the same moves, and the
check covers the moves too, so a click can never pick from a list that changed under it.
Prompts without a named question keep the strict rule: any move by anyone makes older clicks
stale.

There are two checks, because a component is either seen by its seat alone or by everyone:

- a private panel's components carry ``prompt_digest``: the whole prompt, every move of the
  seat's hand included (only that seat's client receives it);
- a public component (the board's buttons and selects) carries ``public_check``: the question
  id, its clock and the board's own actions for it, numbered from where they start on the
  board. The board only ever shows moves every seat asked the question has (a pass), so the
  check is the same whoever holds what, and anyone can work it out without learning anything.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from games.core import Action, Prompt

DIGEST_LENGTH = 8


def _digest(parts: list[Any]) -> str:
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode(), digest_size=DIGEST_LENGTH // 2).hexdigest()


def _moves(actions: Sequence[Action]) -> list[Any]:
    return [action.model_dump(mode="json", exclude={"seat"}) for action in actions]


def prompt_digest(prompt: Prompt) -> str:
    """A short fingerprint of the question and all its moves. It depends on the seat's hand:
    private panels only, never a public component."""
    pick = None if prompt.pick is None else prompt.pick.model_dump(
        mode="json", exclude={"template"})
    return _digest([prompt.question_id, prompt.clock, _moves(prompt.actions), pick])


def click_check(prompt: Prompt) -> str:
    """The check a private panel's component of ``prompt`` carries: empty for prompts without
    a named question (their clicks are valid at the drawn version only)."""
    return prompt_digest(prompt) if prompt.question else ""


def public_check(prompt: Prompt, shown: Sequence[Action], first_place: int) -> str:
    """The check a public component of ``prompt`` carries: the question, its clock, the
    actions ``shown`` on the board for it and the board place they start at. Public facts
    only (the board shows them, or shows who is asked what), so seats asked one question
    get the same check whatever their hands hold. Empty for prompts without a named
    question."""
    if not prompt.question:
        return ""
    return _digest(["board", prompt.question_id, prompt.clock, _moves(shown), first_place])


def click_counts(drawn: int, now: int, check_now: str, check: str) -> bool:
    """Whether a click drawn at version ``drawn`` with ``check`` may still act at version
    ``now``, where ``check_now`` is the check its component would carry if drawn now (worked
    out again from the seat's question: "" when it has none): drawn at the current version,
    or earlier for the very question the seat is asked now, with the same moves in the same
    places. A version the match has not reached was never drawn: such an id is forged and
    counts for nothing."""
    return drawn == now or (drawn < now and bool(check) and check_now == check)
