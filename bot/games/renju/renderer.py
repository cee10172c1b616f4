"""Renju on Discord: its words (``tables.games.renju.words``) with the opening steps as buttons
and selects on the board and stones chosen in two steps in the panel (the column, then the
row) or typed with ``/renju move H8``.

The public view is every seat's view, so the board may offer every decision; stones stay in
the panel only because 225 points do not fit under one message.
"""

from __future__ import annotations

from typing import Any

from bot.renderers import register_renderer
from bot.renderers.base import Renderer
from games.core import Action, Prompt
from games.renju.actions import ChooseOpening, Keep, Offer, Pass, Place, Swap
from games.renju.openings import is_direct
from tables.games.renju.words import RenjuWords
from tables.i18n import t
from tables.service import LiveMatch

# Decisions the board offers to everyone's eyes: few choices, each one public.
BOARD_KINDS = {"choose_opening", "swap", "keep"}


class RenjuRenderer(RenjuWords, Renderer):
    select_groups = frozenset({"direct", "indirect"})

    # -- prompts and actions ---------------------------------------------------------------
    def action_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                     ) -> str:
        if isinstance(action, ChooseOpening):
            return self.opening_name(action.opening, locale)[:80]
        if isinstance(action, Swap):
            return t("renju.action.swap_take" if action.take else "renju.action.swap_keep",
                     locale)
        if isinstance(action, Keep):
            return t("renju.action.keep", locale, point=action.point)
        if isinstance(action, Offer):
            return t("renju.action.offer", locale, point=action.point)
        if isinstance(action, Place):
            return t("renju.action.place", locale, point=action.point)
        if isinstance(action, Pass):
            return t("renju.action.pass", locale)
        return super().action_label(live, view, action, locale)

    def action_group(self, action: Action) -> str:
        if isinstance(action, ChooseOpening):
            return "direct" if is_direct(action.opening) else "indirect"
        if isinstance(action, Place | Offer):
            return "stone"
        return action.kind

    def action_step(self, action: Action) -> str | None:
        """A stone is chosen by its column, then its row."""
        if isinstance(action, Place | Offer):
            return action.point[0]
        return None

    def step_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                   ) -> str:
        if isinstance(action, Place | Offer):
            return t("renju.step.column", locale, column=action.point[0])
        return super().step_label(live, view, action, locale)

    def board_actions(self, live: LiveMatch, view: Any, prompt: Prompt) -> list[int]:
        return [i for i, action in enumerate(prompt.actions) if action.kind in BOARD_KINDS]


register_renderer(RenjuRenderer())
