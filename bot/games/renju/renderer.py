"""Renju on Discord: its words (``tables.games.renju.words``) with every decision on the board:
the opening steps as buttons and selects, a stone (or a fifth-move offer) chosen in two steps
(the column, then the point in it; a ``bot.components.ActSelect`` of scope ``BOARD_STEP``),
and passing. The panel offers the same, and ``/renju move H8`` types a stone.

The public view is every seat's view, so nothing the board offers is a secret.
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
from tables.text import Text, words


class RenjuRenderer(RenjuWords, Renderer):
    select_groups = frozenset({"direct", "indirect"})

    # -- prompts and actions ---------------------------------------------------------------
    def action_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                     ) -> Text:
        if isinstance(action, ChooseOpening):
            return self.opening_name(action.opening, locale)[:80]
        if isinstance(action, Swap):
            return t("renju.action.swap_take" if action.take else "renju.action.swap_keep",
                     locale)
        if isinstance(action, Keep):
            return t("renju.action.keep", locale, point=words(action.point))
        if isinstance(action, Offer):
            return t("renju.action.offer", locale, point=words(action.point))
        if isinstance(action, Place):
            return t("renju.action.place", locale, point=words(action.point))
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
                   ) -> Text:
        if isinstance(action, Place | Offer):
            return t("renju.step.column", locale, column=words(action.point[0]))
        return super().step_label(live, view, action, locale)

    def board_actions(self, live: LiveMatch, view: Any, prompt: Prompt) -> list[int]:
        """Every decision: nothing in Renju is hidden. A move clicked on the board is
        answered with the board itself, so the next player sees it at no cost to the bot's
        token (a move made in the panel needs a board edit). Points come first, as a reader
        looks them up: column A to O, each from row 1 up."""
        def place(index: int) -> tuple[int, str, int]:
            action = prompt.actions[index]
            if isinstance(action, Place | Offer):
                return 0, action.point[0], int(action.point[1:])
            return 1, "", index

        return sorted(range(len(prompt.actions)), key=place)


register_renderer(RenjuRenderer())
