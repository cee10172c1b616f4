"""What every game's Discord renderer provides: its game's words (``tables.words.Words``, the
text and the cards) made into embeds, and what only Discord has — the labels and grouping of
buttons and selects, what the public board may offer, the team threads."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.renderers.embeds import embed_of
from games.core import Action, Outcome, Prompt
from tables.i18n import t
from tables.text import Text
from tables.words import Words

if TYPE_CHECKING:
    from tables.service import LiveMatch


@dataclass(frozen=True)
class TeamThread:
    """One team that shares a secret. ``key`` is stable for the whole match (it names the
    stored thread); ``seats`` are the team's seats; ``name`` the thread's title (shown as it
    is, at most 100 characters); ``content`` the text only the team may read (at most 2,000
    characters as Discord markdown)."""

    key: str
    seats: tuple[int, ...]
    name: Text
    content: Text


class Renderer(Words):
    """A game's words on Discord. A game's renderer is its words (``tables.games.<game>.words``)
    with this: subclasses override what their game's buttons and selects need; nothing here
    decides a rule — every fact comes from a view (public, or the reader's own)."""

    # Action groups always offered as a select, however few their choices (a draft, say).
    select_groups: frozenset[str] = frozenset()

    # -- prompts and actions -----------------------------------------------------------------
    # Labels (of buttons, select options, placeholders) are text like any other: the
    # components show them as they are (``bot.renderers.markdown.plain``).
    def action_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                     ) -> Text:
        params = action.model_dump(exclude={"kind", "seat"})
        return t(f"{self.game}.action.{action.kind}", locale,
                 **self.params_text(live, params, locale))[:80]

    def already_chosen(self, view: Any, action: Action) -> bool:
        """Whether ``view``'s seat has already made this choice in a question it may answer
        again (``Game.repeats``, read from the seat's own view): drawn as chosen, disabled."""
        return False

    def action_group(self, action: Action) -> str:
        return action.kind

    def action_step(self, action: Action) -> str | None:
        """The first of two steps that choose ``action`` in a panel whose group has more
        moves than one select holds: a key shared by the moves that begin alike (a card,
        before its target). None: the move is chosen in one step."""
        return None

    def action_steps(self, action: Action) -> tuple[str, ...]:
        """Every first step that leads to ``action``: by default its one ``action_step``. A
        move reached from several places (a corner from each hex around it) names them all,
        and each step then shows it among its moves."""
        key = self.action_step(action)
        return () if key is None else (key,)

    def step_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                   ) -> Text:
        """How the first step of ``action`` reads (the card, without its target)."""
        return self.action_label(live, view, action, locale)

    def step_name(self, live: LiveMatch, view: Any, key: str, locale: str | None
                  ) -> Text | None:
        """How the first step ``key`` reads, where the renderer names steps by their key (a
        hex); None: as ``step_label`` reads the move that stands for it."""
        return None

    def group_label(self, group: str, locale: str | None) -> Text:
        return t(f"{self.game}.group.{group}", locale)

    def board_actions(self, live: LiveMatch, view: Any, prompt: Prompt) -> list[int]:
        """Indices of the actions that may be shown as buttons on the public board (their
        labels reveal nothing). Everything else is offered in the player's private panel."""
        return []

    def board_question(self, live: LiveMatch, view: Any, prompt: Prompt, indices: list[int]
                       ) -> Hashable:
        """What the board asks this seat with its actions ``indices`` (from ``board_actions``),
        such that seats asked equal questions can share one set of buttons on the board, each
        answering for itself: by default the prompt's kind and those actions without their
        seat, in order. Public facts only, like the actions themselves."""
        # The repr of the fields rather than a dump (asked for every seat on every render of a
        # board that waits for several people); fields come in their declared order.
        return (prompt.kind, tuple(
            repr({name: value for name, value in vars(prompt.actions[i]).items()
                  if name != "seat"})
            for i in indices))

    def pick_label(self, live: LiveMatch, view: Any, item: str, locale: str | None) -> Text:
        """One option of a choice of several items (``Prompt.pick``): an item id, as the
        player reads it."""
        return self.param_text(live, "card", item, locale)

    def pick_placeholder(self, live: LiveMatch, view: Any, prompt: Prompt,
                         locale: str | None) -> Text:
        """What a pick's select says before anything is chosen."""
        pick = prompt.pick
        assert pick is not None
        if pick.min == pick.max:
            return t("pick.choose_exactly", locale, count=pick.min)
        return t("pick.choose_between", locale, low=pick.min, high=pick.max)

    def next_table_label(self, options: dict[str, Any], seats: int, locale: str | None
                         ) -> Text:
        """The reveal's button that opens the next table with ``options`` and the same
        seats."""
        return t("reveal.next_table", locale)

    def team_threads(self, live: LiveMatch, locale: str | None) -> list[TeamThread]:
        """The teams whose members share a secret, each read in a private thread that only its
        members join (``bot.team_threads``): a stable key, the team's seats, the thread's name
        and the text only the team may read, built from what all of its seats know. Asked after
        every change of the match; a changed text is edited into the thread."""
        return []

    # -- embeds: the words' cards as Discord shows them -----------------------------------
    def board_embed(self, live: LiveMatch, view: Any, locale: str | None) -> discord.Embed:
        return embed_of(self.board_card(live, view, locale))

    def panel_embed(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                    ) -> discord.Embed:
        return embed_of(self.panel_card(live, view, seat, locale))

    def opening_embed(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                      ) -> discord.Embed:
        return embed_of(self.opening_card(live, view, seat, locale))

    def reveal_embed(self, live: LiveMatch, view: Any, outcome: Outcome, locale: str | None
                     ) -> discord.Embed:
        return embed_of(self.reveal_card(live, view, outcome, locale))

    def rules_embed(self, locale: str | None) -> discord.Embed:
        return embed_of(self.rules_card(locale))
