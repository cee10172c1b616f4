"""Lifeboat on Discord: its words (``tables.games.lifeboat.words``) with the buttons and
selects for every move, which of them the public board may offer, and their labels.
"""

from __future__ import annotations

from typing import Any

from bot.renderers import register_renderer
from bot.renderers.base import Renderer
from games.core import Action, Prompt
from games.lifeboat.cards import card_type
from games.lifeboat.views import NAV_VIEWS
from tables.games.lifeboat.words import LifeboatWords
from tables.i18n import t
from tables.service import LiveMatch
from tables.text import Text, words

# Actions whose labels reveal nothing: they may be offered as buttons on the public board.
PUBLIC_KINDS = {
    "do_nothing", "row", "swap", "rob", "give_in", "resist", "allow_cannibalism",
    "object_cannibalism", "join_fight", "stay_out", "fight_ready", "done", "call_sharks",
    "spare_swimmers", "use_compass",
}
MAIN_KINDS = PUBLIC_KINDS - {"swap", "rob"} | {"fire_flare", "open_parasol"}
# Discord cuts a button label at 80 characters; ours are cut earlier, with an ellipsis.
LABEL_LIMIT = 80


class LifeboatRenderer(LifeboatWords, Renderer):
    # -- actions -----------------------------------------------------------------------------
    def action_group(self, action: Action) -> str:
        return "main" if action.kind in MAIN_KINDS else action.kind

    def action_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                     ) -> Text:
        data = action.model_dump()
        kind = action.kind
        me = getattr(view, "me", None)
        if kind == "keep_rowed":
            # Cards are named by their number in the panel's list first, so that two
            # choices cut at the label limit still read differently.
            kept = data["cards"]
            if not kept:
                return t("lifeboat.action.keep_none", locale)[:LABEL_LIMIT]
            drawn = [c.id for c in me.drawn] if me is not None else []
            return self.cut(t(
                "lifeboat.action.keep_rowed", locale,
                numbers=self.sep(locale).join(self.number_of(c, drawn) for c in kept),
                cards=words(" | ").join(self.nav_card(NAV_VIEWS[c], locale) for c in kept)))
        if kind == "choose_navigation":
            candidates = [c.id for c in me.candidates] if me is not None else []
            return self.cut(t("lifeboat.action.choose_navigation", locale,
                              number=self.number_of(data["card"], candidates),
                              card=self.nav_card(NAV_VIEWS[data["card"]], locale)))
        if kind == "rob" and data["card"] == "hand":
            return t("lifeboat.action.rob_hand", locale,
                     target=self.character(data["target"], locale))[:100]
        if kind == "play_face_up" and card_type(data["card"]) == "preserver" and (
                me is None or data["target"] != me.character):
            return t("lifeboat.action.preserver_to", locale,
                     target=self.character(data["target"], locale))[:100]
        params = {k: v for k, v in data.items() if k not in {"kind", "seat"}}
        text = {k: (self.character(v, locale) if k in {"target", "body"} else
                    self.param_text(live, k, v, locale)) for k, v in params.items()}
        return self.cut(t(f"lifeboat.action.{kind}", locale, **text))

    @staticmethod
    def cut(label: Text) -> Text:
        """A label within Discord's limit, its cut marked with an ellipsis."""
        return label.cut(LABEL_LIMIT)

    @staticmethod
    def number_of(card: str, listed: list[str]) -> Text:
        """A navigation card's number in the panel's list ("?" where there is no list)."""
        return words(str(listed.index(card) + 1) if card in listed else "?")

    def board_actions(self, live: LiveMatch, view: Any, prompt: Prompt) -> list[int]:
        return [i for i, a in enumerate(prompt.actions) if a.kind in PUBLIC_KINDS]


register_renderer(LifeboatRenderer())
