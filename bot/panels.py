"""Private panels that follow the game.

A panel is an ephemeral message: only the interaction that made it can change it, through its
token, for 15 minutes. A response window of a few seconds cannot wait for a player to press
"My hand" again, so every panel the bot shows is remembered with the interaction that showed
it; when that seat's question changes (a window asks them, the window closes, the game ends),
the panel is drawn again and edited in place (moves allowed at any time are no question:
``shown_question``). Those are interaction webhook requests: they do not count against
Discord's global limit and take nothing from the edit budget.

A panel is followed until its token is about to expire, until the player opens another one (the
newest wins), or until Discord says it is gone (the player dismissed it).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.ports import Ports
from storage import MatchStatus
from tables.failures import log_failure
from tables.questions import prompt_digest
from tables.service import LiveMatch, MatchChange

if TYPE_CHECKING:
    from bot.table import Desk

log = logging.getLogger(__name__)


class Tables(Ports, Protocol):
    """The bot as the panels see it: the ports, and the desk that draws a seat's panel."""

    @property
    def desk(self) -> Desk: ...

# Discord keeps an interaction token for 15 minutes; stop a little before.
TOKEN_LIFETIME = 14.5 * 60
# The latest delays from a change to its panel edit, for the benchmark and /parlor checks.
KEPT_DELAYS = 1_000

Key = tuple[int, int]  # match, seat


def shown_question(live: LiveMatch, seat: int) -> tuple[Any, ...]:
    """What a panel must change with: the seat's question, who holds the seat, the status.
    Moves a seat may make at any time (a non-blocking prompt, as Lifeboat's gifts) are no
    question: they come and go with nearly every move of the table, and following them cost
    an edit of every open panel per move. A click on one that has gone is answered with the
    fresh panel."""
    status = live.record.status
    if live.state is None or status != MatchStatus.ACTIVE:
        return (status,)
    if live.seats[seat].is_bot:
        # The panel of a seat a bot holds offers only "take it back", whatever the bot is
        # asked: its thousand questions a game redraw nothing.
        return status, True
    prompt = live.game.prompt_for(live.state, seat)
    digest = None if prompt is None or not prompt.blocking else prompt_digest(prompt)
    return status, False, digest


# Edits the panel message in place: the interaction's original response, or the follow-up
# message the panel was sent as (both through the interaction's token).
Editor = Callable[..., Awaitable[Any]]


@dataclass(eq=False)
class OpenPanel:
    editor: Editor
    user_id: int
    locale: str
    page: int
    shown: tuple[Any, ...]
    expires: float
    refreshing: asyncio.Task[None] | None = None
    # When the change it has yet to show happened.
    behind_since: float | None = None


@dataclass
class PanelFollower:
    app: Tables
    _open: dict[Key, OpenPanel] = field(default_factory=dict)
    _by_match: dict[int, set[int]] = field(default_factory=dict)
    delays: deque[float] = field(default_factory=lambda: deque(maxlen=KEPT_DELAYS))
    # Panels redrawn per match (for the request counts of the tests and benchmarks).
    redraws: Counter[int] = field(default_factory=Counter)

    def opened(self, interaction: discord.Interaction[Any], editor: Editor, live: LiveMatch,
               seat: int, page: int) -> None:
        """``interaction`` has just shown ``seat`` its panel, which ``editor`` changes: follow
        it from now on."""
        key = (live.id, seat)
        previous = self._open.get(key)
        if previous is not None and previous.refreshing is not None:
            previous.refreshing.cancel()
        self._open[key] = OpenPanel(editor, interaction.user.id, str(interaction.locale), page,
                                    shown_question(live, seat), time.monotonic() + TOKEN_LIFETIME)
        self._by_match.setdefault(live.id, set()).add(seat)

    def set_aside(self, match_id: int, seat: int) -> None:
        """The seat's panel message now shows something else (the leave confirmation): stop
        following it until a panel is shown again, so no redraw replaces the question asked
        there."""
        panel = self._open.get((match_id, seat))
        if panel is not None and panel.refreshing is not None:
            panel.refreshing.cancel()
        self._forget((match_id, seat))

    def stop(self) -> None:
        """Stop following (the client is closing): refreshes under way are cancelled."""
        for panel in self._open.values():
            if panel.refreshing is not None:
                panel.refreshing.cancel()
        self._open.clear()
        self._by_match.clear()

    def following(self, match_id: int) -> list[int]:
        return sorted(self._by_match.get(match_id, ()))

    def _forget(self, key: Key) -> None:
        self._open.pop(key, None)
        seats = self._by_match.get(key[0])
        if seats is not None:
            seats.discard(key[1])
            if not seats:
                del self._by_match[key[0]]

    async def on_change(self, change: MatchChange) -> None:
        """A listener of the service: starts a refresh for each followed panel of the match
        whose question changed. Never waits for Discord itself."""
        live = change.live
        now = time.monotonic()
        # A move clicked in its player's own panel is answered with that panel redrawn
        # (bot/interactions.py): no second edit for it.
        clicked_in_panel = None if change.source != "player" or change.action is None or \
            change.origin_message_id is not None else change.action.seat
        for seat in list(self._by_match.get(live.id, ())):
            key = (live.id, seat)
            panel = self._open[key]
            if now >= panel.expires:
                self._forget(key)
                continue
            if seat == clicked_in_panel:
                continue
            if panel.refreshing is not None and not panel.refreshing.done():
                if panel.behind_since is None:
                    panel.behind_since = now
                continue  # the running refresh draws the latest state when it is done
            if shown_question(live, seat) != panel.shown:
                panel.behind_since = now
                panel.refreshing = asyncio.create_task(self._refresh(key, panel))

    async def _refresh(self, key: Key, panel: OpenPanel) -> None:
        match_id, seat = key
        while panel.behind_since is not None and self._open.get(key) is panel:
            since = panel.behind_since
            panel.behind_since = None
            try:
                live = await self.app.service.get(match_id)
                shown = shown_question(live, seat)
                if shown == panel.shown or live.record.status == MatchStatus.PAUSED:
                    continue  # a paused table says so when the player next clicks
                content, embeds, view = self._draw(live, seat, panel)
                await panel.editor(content=content, embeds=embeds, view=view)
            except discord.HTTPException as failure:
                # Dismissed, or the token is gone: nothing more to follow.
                log.debug("panel of match %s seat %s no longer editable (%s)", match_id, seat,
                          failure.status)
                self._forget(key)
                return
            except Exception as error:
                if self.app.client.is_closed():
                    return  # shutting down: the session is gone, nothing to follow
                log_failure(log, error, "could not refresh the panel of match %s seat %s",
                            match_id, seat)
                self._forget(key)
                return
            panel.shown = shown
            self.redraws[match_id] += 1
            self.delays.append(time.monotonic() - since)
            if shown[0] != MatchStatus.ACTIVE:
                self._forget(key)  # a table that is over: its last panel offers nothing more

    def _draw(self, live: LiveMatch, seat: int, panel: OpenPanel
              ) -> tuple[str, list[discord.Embed], discord.ui.View | None]:
        desk = self.app.desk
        if live.state is not None and live.record.status != MatchStatus.ACTIVE:
            content, embeds = desk.closed_panel(live, seat, panel.locale)
            return content, embeds, None
        if live.seat_held_by(panel.user_id) != seat:
            content, embeds = desk.closed_panel(live, seat, panel.locale)
            return content, embeds, None
        content, embeds, view = desk.panel(live, seat, panel.locale, page=panel.page)
        return content, embeds, view
