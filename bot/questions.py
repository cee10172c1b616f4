"""What a seat is asked, as a short digest: click validity and panels that follow the game.

A click carries the digest of the prompt it was drawn from. When the match has moved on since
(another seat answered the same window, a bot passed), the click still counts as long as the
clicker's own question is unchanged: a game that names its questions (``Prompt.question``)
promises the same question offers the same moves, and the digest checks the moves too, so a
click can never pick from a list that changed under it. Prompts without a named question keep
the strict rule: any move by anyone makes older clicks stale.
"""

from __future__ import annotations

import hashlib
import json

from games.core import Prompt

DIGEST_LENGTH = 8


def prompt_digest(prompt: Prompt) -> str:
    """A short fingerprint of the question and its moves, the same for every seat asked it."""
    moves = [action.model_dump(mode="json", exclude={"seat"}) for action in prompt.actions]
    pick = None if prompt.pick is None else prompt.pick.model_dump(
        mode="json", exclude={"template"})
    text = json.dumps([prompt.question_id, prompt.clock, moves, pick], sort_keys=True,
                      separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode(), digest_size=DIGEST_LENGTH // 2).hexdigest()


def click_check(prompt: Prompt) -> str:
    """The check a component of ``prompt`` carries: empty for prompts without a named question
    (their clicks are valid at the drawn version only)."""
    return prompt_digest(prompt) if prompt.question else ""


def still_asked(prompt: Prompt | None, check: str) -> bool:
    """Whether a click drawn with ``check`` answers ``prompt``, the seat's question now."""
    return bool(check) and prompt is not None and bool(prompt.question) and \
        prompt_digest(prompt) == check


def click_counts(drawn: int, now: int, prompt: Prompt | None, check: str) -> bool:
    """Whether a click drawn at version ``drawn`` may still act at version ``now``: drawn at
    the current version, or earlier for the very question the seat is asked now. A version the
    match has not reached was never drawn: such an id is forged and counts for nothing."""
    return drawn == now or (drawn < now and still_asked(prompt, check))
