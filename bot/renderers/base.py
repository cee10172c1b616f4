"""What every game's renderer provides, with defaults built on the message catalog."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from games.core import Action, Event, Outcome, Prompt
from tables.i18n import t

if TYPE_CHECKING:
    from tables.pictures import BoardPicture
    from tables.service import LiveMatch

EMBED_COLOUR = 0x2B6CB0


@dataclass(frozen=True)
class TeamThread:
    """One team that shares a secret. ``key`` is stable for the whole match (it names the
    stored thread); ``seats`` are the team's seats; ``name`` the thread's title; ``content``
    the text only the team may read (Discord markdown, at most 2,000 characters)."""

    key: str
    seats: tuple[int, ...]
    name: str
    content: str


class Renderer:
    """Text and embeds for one game. Subclasses override what their game needs; nothing here
    decides a rule — every fact comes from a view (public, or the reader's own)."""

    game: str = ""
    colour: int = EMBED_COLOUR
    # Action groups always offered as a select, however few their choices (a draft, say).
    select_groups: frozenset[str] = frozenset()

    # -- names -----------------------------------------------------------------------------
    def seat_name(self, live: LiveMatch, seat: int) -> str:
        if 0 <= seat < len(live.seats):
            return live.seats[seat].display_name
        return f"#{seat + 1}"

    def param_text(self, live: LiveMatch, name: str, value: Any, locale: str | None) -> str:
        """How one event or action parameter reads (seats become names, ids become names)."""
        if name in {"seat", "target", "by", "to", "from_seat", "winner"} and isinstance(value, int):
            return self.seat_name(live, value)
        if isinstance(value, list):
            return ", ".join(self.param_text(live, name, v, locale) for v in value)
        return str(value)

    def params_text(self, live: LiveMatch, params: dict[str, Any], locale: str | None
                    ) -> dict[str, str]:
        return {k: self.param_text(live, k, v, locale) for k, v in params.items()}

    # -- prompts and actions -----------------------------------------------------------------
    def action_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None) -> str:
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

    def step_label(self, live: LiveMatch, view: Any, action: Action, locale: str | None
                   ) -> str:
        """How the first step of ``action`` reads (the card, without its target)."""
        return self.action_label(live, view, action, locale)

    def group_label(self, group: str, locale: str | None) -> str:
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

    def pick_label(self, live: LiveMatch, view: Any, item: str, locale: str | None) -> str:
        """One option of a choice of several items (``Prompt.pick``): an item id, as the
        player reads it."""
        return self.param_text(live, "card", item, locale)

    def pick_placeholder(self, live: LiveMatch, view: Any, prompt: Prompt,
                         locale: str | None) -> str:
        """What a pick's select says before anything is chosen."""
        pick = prompt.pick
        assert pick is not None
        if pick.min == pick.max:
            return t("pick.choose_exactly", locale, count=pick.min)
        return t("pick.choose_between", locale, low=pick.min, high=pick.max)

    def prompt_line(self, live: LiveMatch, view: Any, prompt: Prompt, locale: str | None) -> str:
        params = self.params_text(live, {**prompt.params, "seat": prompt.seat}, locale)
        return t(prompt.kind, locale, **params)

    def event_line(self, live: LiveMatch, event: Event, locale: str | None) -> str:
        return t(event.key, locale, **self.params_text(live, event.params, locale))

    # -- embeds ----------------------------------------------------------------------------
    def reader_event_line(self, live: LiveMatch, event: Event, seat: int,
                          locale: str | None) -> str:
        """An event as ``seat`` reads it in its own panel (a private event told to two seats
        may say "you" to each of them)."""
        return self.event_line(live, event, locale)

    def board_embed(self, live: LiveMatch, view: Any, locale: str | None) -> discord.Embed:
        return discord.Embed(title=t(f"{self.game}.title", locale), colour=self.colour)

    def board_picture(self, live: LiveMatch, view: Any, locale: str | None
                      ) -> BoardPicture | None:
        """A picture of the public board, attached to the board message beside its text (None:
        the game has none). Built on the event loop from the public view, so keep it to
        collecting facts; the drawing happens later, on the drawing thread."""
        return None

    def team_threads(self, live: LiveMatch, locale: str | None) -> list[TeamThread]:
        """The teams whose members share a secret, each read in a private thread that only its
        members join (``bot.team_threads``): a stable key, the team's seats, the thread's name
        and the text only the team may read, built from what all of its seats know. Asked after
        every change of the match; a changed text is edited into the thread."""
        return []

    def panel_embed(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                    ) -> discord.Embed:
        return discord.Embed(title=t("panel.title", locale), colour=self.colour)

    def opening_embed(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                      ) -> discord.Embed:
        return self.panel_embed(live, view, seat, locale)

    def reveal_embed(self, live: LiveMatch, view: Any, outcome: Outcome, locale: str | None
                     ) -> discord.Embed:
        embed = discord.Embed(title=t("reveal.title", locale), colour=self.colour)
        ranked = sorted(outcome.scores.items(), key=lambda kv: -kv[1])
        lines = [
            t("reveal.score_line", locale, name=self.seat_name(live, seat), score=f"{score:g}")
            for seat, score in ranked
        ]
        embed.description = "\n".join(lines)
        return embed

    def next_table_label(self, options: dict[str, Any], seats: int, locale: str | None
                         ) -> str:
        """The reveal's button that opens the next table with ``options`` and the same
        seats."""
        return t("reveal.next_table", locale)

    def rules_embed(self, locale: str | None) -> discord.Embed:
        return discord.Embed(
            title=t(f"{self.game}.rules.title", locale),
            description=t(f"{self.game}.rules.body", locale),
            colour=self.colour,
        )

    def option_lines(self, options: dict[str, Any], locale: str | None) -> list[str]:
        return [
            t(f"{self.game}.option.{name}", locale)
            for name, value in sorted(options.items())
            if value is True
        ]
