"""The table's messages: the lobby, the public board, opening secrets by DM, the reveal.

One board message per match, edited as the game moves (edits in a burst are coalesced into
one), replaced by a fresh one before Discord stops allowing edits to old messages. Edits come
slower while the table waits only for bots, and every message the Desk sends with the bot's
token waits for the process's edit budget (``bot.edit_budget``), tables a person waits for
first.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import Counter
from collections.abc import Coroutine
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, NamedTuple

import aiohttp
import discord

from bot.board_pictures import BoardPictures
from bot.components import (
    MAX_ROWS,
    HandButton,
    NextTableButton,
    SeatButton,
    action_view,
    question_view,
    rows_needed,
)
from bot.edit_budget import EditBudget
from bot.renderers import renderer_for
from bot.renderers.embeds import FIELD_NAME_LIMIT, FIELD_VALUE_LIMIT, embed_of
from bot.renderers.markdown import markdown, markdown_tail, mentioned, plain
from bot.team_threads import TeamThreads
from games.core import Prompt
from storage import MatchNotFound, MatchStatus, StorageUnavailable
from tables.cards import Card
from tables.failures import log_when_failed
from tables.i18n import t
from tables.lobby_options import seat_range
from tables.questions import prompt_digest, public_check
from tables.service import LiveMatch, MatchChange
from tables.text import Text, channel, lines, link, mention, moment, name, words

if TYPE_CHECKING:
    from bot.ports import Ports

log = logging.getLogger(__name__)

# Discord caps edits of messages older than an hour; a board is re-posted before that.
BOARD_MAX_AGE = 50 * 60
# A reveal recorded with this message id was being posted when its process stopped.
REVEAL_INTENT = 0
# How far back in a channel a restarted process looks for a reveal posted before it died.
REVEAL_SEARCH_DEPTH = 50
# Reveals missing from tables that finished this recently are posted after a restart.
MISSING_REVEAL_WINDOW = timedelta(days=1)
UNKNOWN_CHANNEL = 10003
# Errors only a person can fix: the table waits (paused) instead of retrying forever.
PAUSE_REASONS = {50001: "no_access", 50013: "no_permission", UNKNOWN_CHANNEL: "channel_gone"}
# A board Discord would not take (rate limits beyond discord.py's retries, an outage) is tried
# again after a growing pause, capped here, so the table always ends up showing its state.
RETRY_MAX_DELAY = 60.0
# Tries again of an opening DM or the closed-DM note that Discord could not take at the moment
# (after discord.py's own five), 0.5, 1, 2 and 4 s apart.
OPENING_TRIES = 4
# How long a board edit waits for the answer to a click on the board, which shows the board at
# no cost to the edit budget, before it goes out itself (Discord gives an answer 3 s).
CLICK_ANSWER_WAIT = 3.0
NO_PINGS = discord.AllowedMentions.none()
# A board's message not recorded because the database did not answer is tried again this often.
SAVE_AGAIN_AFTER = 2.0
# Discord's limits: a message's text, and the board's (a little under, for a safe margin).
CONTENT_LIMIT = 2000
BOARD_CONTENT_LIMIT = 1900


@dataclass
class BoardRef:
    channel_id: int
    message_id: int
    posted_at: float
    # The Desk's count of the match's changes that the message shows (-1: not known).
    rendered: int = -1
    # What the message shows, as last written (None: not known).
    payload: str | None = None
    # The first step of a move it shows, chosen on it by the one person asked (see
    # ``Desk.board``): (the match's version then, the move's index in that prompt). An edit at
    # the same version keeps showing it, so a late picture does not take the choice back.
    step: tuple[int, int] | None = None


@dataclass
class BoardQuestion:
    """One public question the board puts to one or more of the seats it waits for."""

    prompt: Prompt  # the first seat's: its labels and layout stand for every seat's
    asked: dict[int, list[int]] = field(default_factory=dict)  # seat -> its board indices
    first_place: int = 0  # the place of its first choice among all the board's choices

    @property
    def size(self) -> int:
        return len(self.asked[self.prompt.seat])


def _settle(future: asyncio.Future[bool], value: bool) -> None:
    if not future.done():
        future.set_result(value)


class Letter(NamedTuple):
    """A seat's opening secrets, ready to send by DM."""

    seat: int
    user_id: int
    content: Text
    embed: discord.Embed


def _pause(attempt: int) -> float:
    """The pause before trying again a post Discord could not take (a reveal, an opening DM,
    the closed-DM note): 0.5 s, doubling, at most ``RETRY_MAX_DELAY``."""
    return min(RETRY_MAX_DELAY, 0.5 * 2 ** attempt)


def _recent_value(shown: list[Text]) -> str:
    """A field of recent events: its newest lines that fit."""
    return markdown_tail(lines(shown), FIELD_VALUE_LIMIT)


def board_payload(content: str, embeds: list[discord.Embed], view: discord.ui.View | None
                  ) -> str:
    """A board write's text, embeds and components, to tell whether an edit would change
    anything the message shows."""
    return json.dumps([content, [embed.to_dict() for embed in embeds],
                       None if view is None else view.to_components()],
                      sort_keys=True, default=str)


def _settle_none(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class Desk:
    def __init__(self, app: Ports) -> None:
        self.app = app
        self._budget: EditBudget | None = None
        self._boards: dict[int, BoardRef] = {}
        self._edits: dict[int, asyncio.Task[None]] = {}
        self._last_edit: dict[int, float] = {}
        self._failures: dict[int, int] = {}
        self._board_locks: dict[int, asyncio.Lock] = {}
        # Changes seen per match: a board shows the count it was rendered at (seat changes and
        # pauses change the board without changing the match's version).
        self._changes: dict[int, int] = {}
        self._wakes: dict[int, asyncio.Future[bool]] = {}
        # Per match, when a change landed while its board's edit was pending (``_paced``).
        self._moved: dict[int, float] = {}
        # Per match, a click on its board whose answer (the fresh board) is yet to go out.
        self._answers: dict[int, asyncio.Future[None]] = {}
        self._background: set[asyncio.Task[None]] = set()
        self._stopped = False
        # Why the board's next write is wanted (the changes it folds in), and the bot-token
        # board writes made per match and reason, for the request counts of the benchmark.
        self._wanted: dict[int, set[str]] = {}
        self.writes: Counter[tuple[int, str]] = Counter()
        # Edits left out per match, as the message showed what they would write already.
        self.unchanged: Counter[int] = Counter()
        self.pictures = BoardPictures(app)
        self.threads = TeamThreads(app)

    def _board_lock(self, match_id: int) -> asyncio.Lock:
        return self._board_locks.setdefault(match_id, asyncio.Lock())

    @property
    def budget(self) -> EditBudget:
        """The process's budget of bot-token requests (made on first use: rendering alone
        needs no settings)."""
        if self._budget is None:
            self._budget = EditBudget(self.app.settings.board_edits_per_second)
        return self._budget

    def stop(self) -> None:
        """Drop pending board edits (the next process renders the current state anyway, and
        posts any reveal this one did not). Work asked for afterwards (a click saved while the
        client closes) is dropped too: the repository it would write to is closing."""
        self._stopped = True
        for task in [*self._edits.values(), *self._background]:
            task.cancel()
        self._edits.clear()
        if self._budget is not None:
            self._budget.close()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = self._task(work)
        if task is not None:
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    def _task(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None] | None:
        """``work`` as a task, or nothing once the Desk is stopped. Nobody awaits it: a failure
        (the storage not answering while a reveal is saved) is logged when it ends."""
        if self._stopped:
            work.close()
            return None
        task = asyncio.create_task(work)
        log_when_failed(task, log, "board work failed (%s)", getattr(work, "__qualname__", work))
        return task

    def _edit_task(self, match_id: int, work: Coroutine[Any, Any, None]) -> None:
        task = self._task(work)
        if task is not None:
            self._edits[match_id] = task

    def _stamp(self, match_id: int) -> int:
        return self._changes.get(match_id, 0)

    def _want(self, match_id: int, reason: str) -> None:
        self._wanted.setdefault(match_id, set()).add(reason)

    def _wrote(self, match_id: int, what: str, reasons: set[str]) -> None:
        """A bot-token board write went out, showing the changes ``reasons`` name."""
        self.writes[(match_id, f"{what}: {' + '.join(sorted(reasons)) or 'no change'}")] += 1

    @staticmethod
    def change_reason(change: MatchChange) -> str:
        """What a change is, in the words of the benchmark's breakdown of board writes."""
        if change.kind != "acted":
            return change.kind
        if change.source != "player":
            return f"{change.source} move"
        return "click on a message" if change.origin_message_id is not None \
            else "move in a panel"

    @staticmethod
    def waits_for_a_person(live: LiveMatch) -> bool:
        return any(p.blocking and not live.seats[p.seat].is_bot for p in live.pending())

    def _urgent(self, live: LiveMatch) -> bool:
        """Whether the board's next edit goes before those of tables waiting only for bots."""
        return live.record.status != MatchStatus.ACTIVE or self.waits_for_a_person(live)

    # -- rendering -------------------------------------------------------------------------
    def table_locale(self, live: LiveMatch) -> str | None:
        return live.record.locale

    def lobby_embed(self, live: LiveMatch, locale: str | None) -> discord.Embed:
        renderer = renderer_for(live.record.game)
        status = live.record.status
        # The seats these options allow, as the engine says (Lifeboat seats a 7th player only
        # with the Cannibalism expansion).
        fewest, most = seat_range(live.record.game, live.record.options)
        card = Card(title=t(f"{live.record.game}.title", locale), colour=renderer.colour)
        if status == MatchStatus.LOBBY:
            card.description = t("lobby.description", locale, min=fewest, max=most)
            if len(live.seats) > most:
                card.description += "\n" + t("lobby.over_seat_limit", locale, max=most)
        else:
            card.description = t(f"lobby.status.{status.value}", locale)
        players = [
            t("lobby.seat_bot" if s.is_bot else "lobby.seat_player", locale,
              name=name(s.display_name),
              mention=mention(s.user_id, s.display_name) if s.user_id is not None
              else name(s.display_name))
            for s in live.seats
        ]
        card.add_field(name=t("lobby.players", locale, count=len(players), max=most),
                       value=lines(players) or "—", inline=False)
        variants = renderer.option_lines(live.record.options, locale)
        card.add_field(name=t("lobby.variants", locale),
                       value=lines(variants) or t("lobby.standard_game", locale),
                       inline=False)
        card.set_footer(text=t("lobby.footer", locale, host=name(live.seats[0].display_name)
                               if live.seats else "?"))
        return embed_of(card)

    def board(self, live: LiveMatch, locale: str | None, *, step: int | None = None,
              components: bool = True
              ) -> tuple[str, list[discord.Embed], discord.ui.View | None]:
        """The board's message. ``step``: the index of a move in the prompt of the one person
        asked, whose first step (``Renderer.action_step``) that person chose on the board: its
        moves are shown beside the steps. ``components=False``: its text only (no view), for
        an answer that shows the board without its buttons."""
        renderer = renderer_for(live.record.game)
        game = live.game
        state = live.state
        public = game.view(state, None)
        embed = renderer.board_embed(live, public, locale)
        recent = live.recent.public()
        if recent:
            log = live.lines.written(recent, None, locale, renderer.line_context(live),
                                     lambda e: renderer.event_line(live, e, locale),
                                     _recent_value)
            embed.add_field(name=markdown(t("board.log", locale)), value=log, inline=False)
        if live.record.status == MatchStatus.FINISHED:
            return markdown(t("board.finished", locale)), [embed], None
        if live.record.status == MatchStatus.CANCELLED:
            return markdown(t("board.cancelled", locale)), [embed], None
        blocking = [p for p in game.pending(state) if p.blocking]
        waiting = []
        for prompt in blocking:
            seat = live.seats[prompt.seat]
            who = name(seat.display_name) if seat.is_bot or seat.user_id is None else \
                mention(seat.user_id, seat.display_name)
            line = t("board.waiting_line", locale, who=who,
                     what=renderer.prompt_line(live, public, prompt, locale))
            deadline = self.app.timers.deadline(live.id, prompt.seat)
            if deadline is not None:
                line += " " + t("board.deadline", locale, when=moment(int(deadline)))
            waiting.append(line)
        content = markdown(lines(waiting), BOARD_CONTENT_LIMIT)
        if not components:
            return content, [embed], None
        hand = HandButton(live.id, plain(t("board.my_hand", locale)))
        view: discord.ui.View
        asked = [p for p in blocking if not live.seats[p.seat].is_bot]
        questions = self.board_questions(live, public, asked) if len(asked) > 1 else []
        if len(asked) == 1:
            # One person asked: their buttons name their seat (the board names them anyway).
            indices = renderer.board_actions(live, public, asked[0])
            view = action_view(renderer, live, public, asked[0], locale, indices=indices,
                               leading=[hand], board=True, step=step)
        elif questions:
            view = question_view(renderer, live, public,
                                 [(q.prompt, q.asked[q.prompt.seat], q.first_place)
                                  for q in questions], locale, leading=[hand])
        else:
            view = discord.ui.View(timeout=None)
            view.add_item(hand)
        return content, [embed], view

    def board_action_indices(self, live: LiveMatch, prompt: Prompt) -> list[int]:
        """The prompt indices of the actions shown on the public board, in board order."""
        public = live.game.view(live.state, None)
        return renderer_for(live.record.game).board_actions(live, public, prompt)

    def board_action(self, live: LiveMatch, prompt: Prompt, place: int) -> int | None:
        """The prompt index of the ``place``-th action shown on the board (None if none)."""
        shown = self.board_action_indices(live, prompt)
        return shown[place] if 0 <= place < len(shown) else None

    def board_check(self, live: LiveMatch, prompt: Prompt) -> str:
        """The check a board button of ``prompt``'s seat alone would carry now (its actions
        numbered from 0): public facts only, as drawn by ``board``."""
        shown = self.board_action_indices(live, prompt)
        return public_check(prompt, [prompt.actions[i] for i in shown], 0)

    def board_questions(self, live: LiveMatch, public: Any, asked: list[Prompt]
                        ) -> list[BoardQuestion]:
        """The public questions among the prompts of the people the board waits for: seats
        whose board choices are the same question (``Renderer.board_question``) share one set
        of components, as many questions as fit under the "My hand" row, in seat order. Only
        public facts decide this, so the board's components give nothing private away."""
        renderer = renderer_for(live.record.game)
        found: dict[Any, BoardQuestion] = {}
        for prompt in sorted(asked, key=lambda p: p.seat):
            indices = renderer.board_actions(live, public, prompt)
            if not indices:
                continue
            # Seats share components only when they share the check those carry (a named
            # question's id and clock are part of it): an older click then counts for each.
            named = (prompt.question_id, prompt.clock) if prompt.question else None
            key = (named, renderer.board_question(live, public, prompt, indices))
            question = found.setdefault(key, BoardQuestion(prompt))
            question.asked[prompt.seat] = indices
        rows = MAX_ROWS - 1
        place = 0
        shown: list[BoardQuestion] = []
        for question in found.values():
            needed = rows_needed(renderer, question.prompt, question.asked[question.prompt.seat])
            if needed > rows:
                continue  # its seats answer in their panels
            rows -= needed
            question.first_place = place
            place += question.size
            shown.append(question)
        return shown

    def board_slot(self, live: LiveMatch, prompt: Prompt) -> tuple[int, list[int]] | None:
        """Where the board shows ``prompt``'s seat its choices now, as a question it may
        answer whoever clicks for it: the first place of the seat's question among the
        questions put to several people, and the seat's indices there; or, when the seat is
        the only person asked, its board actions from place 0. None when the board shows it
        no choice."""
        if live.state is None or not prompt.blocking:
            return None
        asked = [p for p in live.pending() if p.blocking and not live.seats[p.seat].is_bot]
        public = live.game.view(live.state, None)
        if len(asked) == 1:
            if asked[0].seat != prompt.seat:
                return None
            shown = renderer_for(live.record.game).board_actions(live, public, prompt)
            return (0, shown) if shown else None
        for question in self.board_questions(live, public, asked):
            indices = question.asked.get(prompt.seat)
            if indices is not None:
                return question.first_place, indices
        return None

    def question_check(self, live: LiveMatch, prompt: Prompt) -> str:
        """The check the board's components of the question ``prompt``'s seat is asked would
        carry now ("" when the board shows it none): what a click on one is compared with."""
        slot = self.board_slot(live, prompt)
        if slot is None:
            return ""
        first, indices = slot
        return public_check(prompt, [prompt.actions[i] for i in indices], first)

    def question_action(self, live: LiveMatch, prompt: Prompt, place: int) -> int | None:
        """The index in ``prompt`` (its seat's) of the board's ``place``-th choice, among the
        questions it puts to several people at once or the buttons of the one person it
        asks; None unless the place is one of that seat's question."""
        slot = self.board_slot(live, prompt)
        if slot is None:
            return None
        first, indices = slot
        return indices[place - first] if 0 <= place - first < len(indices) else None

    def panel(self, live: LiveMatch, seat: int, locale: str | None, *, page: int = 0,
              step: int | None = None) -> tuple[str, list[discord.Embed], discord.ui.View]:
        renderer = renderer_for(live.record.game)
        game = live.game
        own = game.view(live.state, seat)
        embed = renderer.panel_embed(live, own, seat, locale)
        self._recent_field(live, seat, embed, locale)
        for team in self.threads.panel_teams(live, seat, locale):  # no private thread
            embed.add_field(name=markdown(t("panel.team", locale, name=team.name),
                                          FIELD_NAME_LIMIT),
                            value=markdown(team.content, FIELD_VALUE_LIMIT) or "—",
                            inline=False)
        refresh = HandButton(live.id, plain(t("panel.refresh", locale)))
        if live.seats[seat].is_bot:  # a bot holds the seat for this player
            view = discord.ui.View(timeout=None)
            view.add_item(SeatButton(live.id, "back", plain(t("panel.take_back", locale)),
                                     discord.ButtonStyle.success))
            return markdown(t("panel.bot_holds_seat", locale)), [embed], view
        leave = SeatButton(live.id, "leave", plain(t("panel.leave", locale)))
        prompt = game.prompt_for(live.state, seat)
        if prompt is None:
            view = discord.ui.View(timeout=None)
            view.add_item(refresh)
            view.add_item(leave)
            return markdown(t("panel.nothing_to_do", locale)), [embed], view
        content = markdown(renderer.prompt_line(live, own, prompt, locale) if prompt.blocking
                           else t("panel.free_moves", locale), CONTENT_LIMIT)
        picks, key = self.app.interactions.picks, (live.id, seat, prompt_digest(prompt))
        picked = () if prompt.pick is None else picks.chosen(key)
        view = action_view(renderer, live, own, prompt, locale, page=page,
                           leading=[refresh, leave], picked=picked, step=step,
                           pick_page=0 if prompt.pick is None else picks.page(key))
        return content, [embed], view

    def closed_panel(self, live: LiveMatch, seat: int, locale: str | None
                     ) -> tuple[str, list[discord.Embed]]:
        """The panel of a table that is over: the seat's last private view, and where the
        result is (the reveal, posted in the table's channel). It offers no component."""
        renderer = renderer_for(live.record.game)
        embed = renderer.panel_embed(live, live.game.view(live.state, seat), seat, locale)
        self._recent_field(live, seat, embed, locale)
        key = "panel.game_over" if live.record.status == MatchStatus.FINISHED \
            else "panel.table_cancelled"
        return markdown(t(key, locale, channel=channel(live.record.channel_id))), [embed]

    @staticmethod
    def _recent_field(live: LiveMatch, seat: int, embed: discord.Embed, locale: str | None
                      ) -> None:
        """The seat's own recent events, newest last, as it reads them."""
        mine = live.recent.for_seat(seat)
        if mine:
            renderer = renderer_for(live.record.game)
            shown = live.lines.written(
                mine, seat, locale, renderer.line_context(live),
                lambda e: renderer.reader_event_line(live, e, seat, locale), _recent_value)
            embed.add_field(name=markdown(t("panel.recent", locale)), value=shown, inline=False)

    def leave_confirmation(self, live: LiveMatch, locale: str | None
                           ) -> tuple[str, discord.ui.View]:
        view = discord.ui.View(timeout=None)
        view.add_item(SeatButton(live.id, "leaveyes", plain(t("panel.leave_confirm", locale)),
                                 discord.ButtonStyle.danger))
        view.add_item(HandButton(live.id, plain(t("panel.leave_cancel", locale))))
        return markdown(t("panel.leave_question", locale)), view

    # -- reacting to changes -----------------------------------------------------------------
    async def on_change(self, change: MatchChange) -> None:
        live = change.live
        self._changes[live.id] = self._stamp(live.id) + 1
        self._want(live.id, self.change_reason(change))
        ref = self._boards.get(live.id)
        if change.kind in ("acted", "finished") and change.source == "player" and \
                ref is not None and change.origin_message_id == ref.message_id:
            self._expect_answer(live.id)  # a move clicked on the board
        if change.kind == "started":
            await self.post_board(live)
            await self.send_openings(live)
            self._sync_threads(live)
        elif change.kind == "acted":
            self.schedule_edit(live)
            self._sync_threads(live)
        elif change.kind == "seat":
            self.schedule_edit(live)
            await self.post_notices(live, change)
            self._sync_threads(live)
        elif change.kind == "finished":
            # In the background: the move's click (or bot) need not wait for a token. Never
            # dropped: a stop before it is done leaves a reveal the next process posts.
            self._spawn(self._finish(live))
        elif change.kind == "cancelled" and live.state is not None:
            self._hurry(live.id)
            await self._edit_board(live.id)
            if self.threads.wanted(live):
                self._spawn(self.threads.close(live))
        elif change.kind == "resumed":
            self._failures.pop(live.id, None)
            await self.post_board(live)

    async def _finish(self, live: LiveMatch) -> None:
        self._hurry(live.id)
        try:
            await self._edit_board(live.id)
        except Exception as problem:  # Discord out of reach a moment: the reveal goes on
            self._retry_after_error(live.id, problem)
        await self.post_reveal(live)
        if self.threads.wanted(live):
            await self.threads.close(live)

    def _sync_threads(self, live: LiveMatch) -> None:
        """Team threads follow the game in the background (``bot.team_threads``)."""
        if self.threads.teams(live):
            work = self.threads.request(live)
            if work is not None:
                self._spawn(work)

    def _expect_answer(self, match_id: int) -> None:
        """A move clicked on the board was saved: its answer will show the board, so the
        board's own edit waits for it (``_await_answer``) rather than racing it."""
        older = self._answers.get(match_id)
        if older is not None:
            _settle_none(older)
        self._answers[match_id] = asyncio.get_running_loop().create_future()

    def _answered(self, match_id: int) -> None:
        answer = self._answers.pop(match_id, None)
        if answer is not None:
            _settle_none(answer)

    async def _await_answer(self, match_id: int) -> None:
        """Until the answer of a click on the board is out (or ``CLICK_ANSWER_WAIT``): an edit
        it makes unnecessary then costs nothing."""
        answer = self._answers.get(match_id)
        if answer is None:
            return
        # asyncio.timeout rather than wait_for, which on Python 3.11 swallows a cancellation
        # that comes as the answer arrives (the Desk stopping): the board work went on after
        # the repository closed.
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(CLICK_ANSWER_WAIT):
                await asyncio.shield(answer)
        if self._answers.get(match_id) is answer:
            del self._answers[match_id]  # never answered (the click's handler failed)

    async def answer_with_board(self, interaction: discord.Interaction[Any], live: LiveMatch,
                                *, step: int | None = None) -> None:
        """Answer a board click with the fresh board (at the first ``step`` of a move chosen
        in two, see ``board``): the edit rides on the interaction response instead of costing
        a separate REST call."""
        try:
            await self._answer_with_board(interaction, live, step)
        finally:
            self._answered(live.id)

    async def _answer_with_board(self, interaction: discord.Interaction[Any], live: LiveMatch,
                                 step: int | None = None) -> None:
        from bot.replies import update_message

        ref = await self._board_ref(live.id)
        if ref is None or interaction.message is None or interaction.message.id != ref.message_id:
            if not interaction.response.is_done():  # (a slow click was deferred already)
                await interaction.response.defer()
            self.schedule_edit(live)
            return
        locale = self.table_locale(live)
        content, embeds, view = self.board(live, locale, step=step)
        stamp = self._stamp(live.id)
        reasons = self._wanted.pop(live.id, set())
        picture = await self.pictures.picture(live, locale)
        files = await self.pictures.files(live.id, picture, embeds, fresh=False,
                                          wait=self.app.settings.board_edit_delay)
        extra = {} if files is None else {"attachments": files}
        try:
            await update_message(interaction, content=content, embeds=embeds, view=view,
                                 allowed_mentions=NO_PINGS, **extra)
        except discord.HTTPException:
            # Not shown: the board's own edit shows these changes.
            self._wanted.setdefault(live.id, set()).update(reasons)
            if not files:
                raise
            # Refused with its picture: the board's own edit tries again (and finds out whether
            # files were the cause).
            if not interaction.response.is_done():
                await interaction.response.defer()
            self.schedule_edit(live)
            return
        ref.rendered = stamp  # shown by the click's answer, with no token
        ref.payload = board_payload(content, embeds, view)
        ref.step = None if step is None else (live.version, step)
        self.pictures.shown(live.id, picture, files)

    async def _board_ref(self, match_id: int) -> BoardRef | None:
        ref = self._boards.get(match_id)
        if ref is None:
            messages = await self.app.repo.messages(match_id)
            self.pictures.loaded(match_id, {message.kind for message in messages})
            for message in messages:
                if message.kind == "board":
                    ref = BoardRef(message.channel_id, message.message_id,
                                   message.created_at.timestamp())
                    self._boards[match_id] = ref
        return ref

    async def post_board(self, live: LiveMatch) -> None:
        async with self._board_lock(live.id):
            await self._post_board(live)

    async def _post_board(self, live: LiveMatch, *, paid: bool = False) -> None:
        """Post a fresh board (``paid``: the caller holds a token of the budget for it)."""
        if not paid:
            await self.budget.take(live.id)
        stamp = self._stamp(live.id)  # ``live`` moves on while the request is in flight
        reasons = self._wanted.pop(live.id, set())
        locale = self.table_locale(live)
        content, embeds, view = self.board(live, locale)
        picture = await self.pictures.picture(live, locale)
        files = await self.pictures.files(live.id, picture, embeds, fresh=True)
        channel = self.app.client.get_partial_messageable(live.record.channel_id)
        extra: dict[str, Any] = {} if view is None else {"view": view}
        if files:
            extra["files"] = files
        try:
            message = await channel.send(content=content, embeds=embeds,
                                         allowed_mentions=NO_PINGS, **extra)
        except discord.HTTPException as failure:
            if self.pictures.refused(failure, files, live.record.channel_id):
                # Perhaps no Attach Files here: the board is tried again without its picture.
                self.pictures.suspend(live.id)
                await self._post_board(live)
                await self.pictures.after_retry(live)
                return
            await self._board_refused(live.id, failure)
            return
        self._wrote(live.id, "post", reasons)
        self.pictures.forget(live.id)
        self.pictures.shown(live.id, picture, files)
        self._failures.pop(live.id, None)
        old = self._boards.get(live.id)
        self._boards[live.id] = BoardRef(live.record.channel_id, message.id, time.time(), stamp,
                                         board_payload(content, embeds, view))
        await self._save_board(live.id, live.record.channel_id, message.id)
        if old is not None:
            # The old board keeps its picture but loses its buttons.
            await self.budget.take(live.id)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old.message_id).edit(view=None)
                self._wrote(live.id, "edit", {"the old board's buttons removed"})

    async def _save_board(self, match_id: int, channel_id: int, message_id: int) -> None:
        """Record the board's message (a restarted process edits it). While the database does
        not answer, it is tried again in the background until it lands, unless a newer board
        took its place: the table goes on meanwhile (its openings, its edits)."""
        try:
            await self.app.repo.save_message(match_id, "board", channel_id, message_id)
        except StorageUnavailable:
            self._spawn(self._save_board_later(match_id, channel_id, message_id))

    async def _save_board_later(self, match_id: int, channel_id: int, message_id: int) -> None:
        while True:
            await asyncio.sleep(SAVE_AGAIN_AFTER)
            ref = self._boards.get(match_id)
            if ref is None or ref.message_id != message_id:
                return
            try:
                await self.app.repo.save_message(match_id, "board", channel_id, message_id)
                return
            except StorageUnavailable:
                continue

    def schedule_edit(self, live: LiveMatch) -> None:
        task = self._edits.get(live.id)
        if task is not None and not task.done():
            # The pending edit will render the latest state; if a person now waits, sooner.
            if self.waits_for_a_person(live):
                self._hurry(live.id)
            elif live.id not in self._moved:
                # The move a first edit waits for while only bots are (``_paced``).
                self._moved[live.id] = time.monotonic()
                wake = self._wakes.get(live.id)
                if wake is not None:
                    _settle(wake, True)
            return
        self._edit_task(live.id, self._edit_later(live.id))

    def picture_ready(self, match_id: int) -> None:
        """A picture the board went out without is drawn: the board is edited again to carry
        it, like after a move."""
        self._changes[match_id] = self._stamp(match_id) + 1
        self._want(match_id, "picture drawn late")
        self._spawn(self._edit_for_picture(match_id))

    async def _edit_for_picture(self, match_id: int) -> None:
        with contextlib.suppress(MatchNotFound):
            self.schedule_edit(await self.app.service.get(match_id))

    def _hurry(self, match_id: int) -> None:
        """The match's pending edit is wanted sooner: a person waits, or the game ended."""
        wake = self._wakes.get(match_id)
        if wake is not None:
            _settle(wake, True)
        self.budget.hurry(match_id)

    async def _edit_later(self, match_id: int) -> None:
        # One edit per interval at most: Discord allows about five message edits per five
        # seconds in a channel, and every move in between is folded into the next edit. A move
        # that lands while an edit is in flight gets the next round of this loop.
        try:
            while True:
                await self._paced(match_id)
                await self._edit_board(match_id)
                if self._failures.get(match_id):
                    return  # a retry with back-off took over
                live = await self.app.service.get(match_id)
                ref = self._boards.get(match_id)
                if ref is None or ref.rendered >= self._stamp(match_id) or \
                        live.record.status != MatchStatus.ACTIVE:
                    return
        except MatchNotFound:
            return
        except Exception as problem:  # the board would stay behind the match
            # No route to Discord, a database hiccup: nothing else would redraw this board
            # before the next move, and a person may be waiting for it to name them.
            self._retry_after_error(match_id, problem)

    def _retry_after_error(self, match_id: int, problem: Exception) -> None:
        tries = self._failures.get(match_id, 0) + 1
        self._failures[match_id] = tries
        delay = min(RETRY_MAX_DELAY, max(self.app.settings.board_edit_delay, 0.25) * 2 ** tries)
        log.warning("match %s: the board could not be brought up to date (%s); trying again "
                    "in %.1f s", match_id, problem.__class__.__name__, delay,
                    exc_info=log.isEnabledFor(logging.DEBUG))
        self._edit_task(match_id, self._edit_later_after(match_id, delay))

    async def _edit_later_after(self, match_id: int, delay: float) -> None:
        await asyncio.sleep(delay)
        self._failures.pop(match_id, None)
        await self._edit_later(match_id)

    async def _paced(self, match_id: int) -> None:
        """Until the board may be edited again: ``board_edit_delay`` after the last edit while
        a person is waited for, ``board_edit_delay_bots`` while only bots are (their moves fold
        into fewer edits). A first edit after a quiet spell waits a little too, so that moves
        in a burst share it: a quarter of the edit delay while a person is waited for; while
        only bots are, until the next move lands (and that quarter more), at most
        ``board_edit_delay_bots`` — the move that asked a bot (a person's, whose click's answer
        showed it to them) and the bot's answer then share one edit. A table that starts
        waiting for a person meanwhile cuts the wait short (``_hurry``)."""
        settings = self.app.settings
        loop = asyncio.get_running_loop()
        started = time.monotonic()
        # A change that landed before this wait (while the last edit was under way) is the one
        # this edit is for, not the next move it waits for.
        self._moved.pop(match_id, None)
        try:
            while True:
                live = await self.app.service.get(match_id)
                quarter = settings.board_edit_delay / 4
                if self._urgent(live):
                    interval = settings.board_edit_delay
                    soonest = started + quarter
                else:
                    interval = max(settings.board_edit_delay, settings.board_edit_delay_bots)
                    moved = self._moved.get(match_id)
                    soonest = started + interval if moved is None else moved + quarter
                due = max(self._last_edit.get(match_id, float("-inf")) + interval, soonest)
                delay = due - time.monotonic()
                if delay <= 0:
                    return
                wake: asyncio.Future[bool] = loop.create_future()
                self._wakes[match_id] = wake
                timer = loop.call_later(delay, _settle, wake, False)
                try:
                    hurried = await wake
                finally:
                    timer.cancel()
                    if self._wakes.get(match_id) is wake:
                        del self._wakes[match_id]
                if not hurried:
                    return
        finally:
            self._moved.pop(match_id, None)

    async def _edit_board(self, match_id: int) -> None:
        # Board writes of one match are serialized: an edit slowed down by a rate limit must
        # not land after a later one (the final board above all).
        async with self._board_lock(match_id):
            await self._edit_board_now(match_id)

    async def _edit_board_now(self, match_id: int) -> None:
        live = await self.app.service.get(match_id)
        if live.state is None or live.record.status == MatchStatus.PAUSED:
            return
        ref = await self._board_ref(match_id)
        if ref is None:
            await self._post_board(live)
            return
        await self._await_answer(match_id)
        if ref.rendered == self._stamp(match_id):
            return
        # Waiting for the token under the board's lock: whatever else wants to write this
        # board meanwhile finds it current afterwards, so the wait folds every change in.
        await self.budget.take(match_id, urgent=self._urgent(live))
        live = await self.app.service.get(match_id)
        stamp = self._stamp(match_id)
        if live.state is None or live.record.status == MatchStatus.PAUSED or \
                ref.rendered == stamp:
            return  # paused, or a click's answer showed it meanwhile
        last_edit = self._last_edit.get(match_id)
        self._last_edit[match_id] = time.monotonic()
        if time.time() - ref.posted_at > BOARD_MAX_AGE:
            await self._post_board(live, paid=True)
            return
        reasons = self._wanted.pop(match_id, set())
        locale = self.table_locale(live)
        step = ref.step[1] if ref.step is not None and ref.step[0] == live.version else None
        content, embeds, view = self.board(live, locale, step=step)
        picture = await self.pictures.picture(live, locale)
        # The text board does not wait for its picture longer than the edit delay: a picture
        # drawn later follows with the next edit (``picture_ready``).
        files = await self.pictures.files(match_id, picture, embeds, fresh=False,
                                          wait=self.app.settings.board_edit_delay)
        if ref.rendered >= stamp:
            # A click's answer showed the board (as new as this or newer) while the picture
            # was awaited: this edit would only take the message back.
            self._unpace(match_id, last_edit)
            return
        payload = board_payload(content, embeds, view)
        if files is None and payload == ref.payload:
            # Nothing the message shows would change (a change of nothing public).
            ref.rendered = stamp
            self.unchanged[match_id] += 1
            self._unpace(match_id, last_edit)
            return
        extra: dict[str, Any] = {} if files is None else {"attachments": files}
        channel = self.app.client.get_partial_messageable(ref.channel_id)
        try:
            await channel.get_partial_message(ref.message_id).edit(
                content=content, embeds=embeds, view=view, allowed_mentions=NO_PINGS, **extra)
            ref.rendered = stamp
            ref.payload = payload
            ref.step = None if step is None else (live.version, step)
            self._wrote(match_id, "edit", reasons)
            self.pictures.shown(match_id, picture, files)
            self._failures.pop(match_id, None)
        except discord.NotFound as failure:
            if failure.code == UNKNOWN_CHANNEL:
                await self._board_refused(match_id, failure)
                return
            log.warning("match %s: the board message is gone; posting a new one", match_id)
            await self._post_board(live)
        except discord.HTTPException as failure:
            if self.pictures.refused(failure, files, ref.channel_id):
                # Perhaps no Attach Files here: the board is tried again without its picture.
                self.pictures.suspend(match_id)
                await self._edit_board_now(match_id)
                await self.pictures.after_retry(live)
                return
            await self._board_refused(match_id, failure)

    def _unpace(self, match_id: int, last_edit: float | None) -> None:
        """No edit went out after all: the next one is paced from the last that did."""
        if last_edit is None:
            self._last_edit.pop(match_id, None)
        else:
            self._last_edit[match_id] = last_edit

    async def _board_refused(self, match_id: int, failure: discord.HTTPException) -> None:
        """A table Discord will not show is paused (and its host told) when the cause needs a
        person — lost permissions, a deleted channel; anything else is tried again later."""
        reason = PAUSE_REASONS.get(failure.code)
        if reason is None:
            self._retry_later(match_id, failure)
            return
        log.warning("match %s: pausing, Discord said %s %s", match_id, failure.status,
                    failure.code)
        live = await self.app.service.pause(match_id, reason)
        if live is None:
            return
        if not await self.tell_host(live, f"match.paused_dm.{reason}",
                                    command=words(f"/{live.record.game} resume")):
            log.warning("match %s: could not tell the host about the pause", match_id)

    async def send_dm(self, user_id: int, content: Text,
                      embed: discord.Embed | None = None) -> None:
        """A direct message, its two bot-token requests within the process's edit budget.
        Raises ``discord.HTTPException`` (a closed DM is ``discord.Forbidden``)."""
        await self.budget.take()
        dm = await self.app.client.create_dm(discord.Object(id=user_id))
        await self.budget.take()
        written = markdown(content, CONTENT_LIMIT)
        if embed is None:
            await dm.send(written)
        else:
            await dm.send(content=written, embed=embed)

    async def tell_host(self, live: LiveMatch, key: str, **params: Any) -> bool:
        """Tell the table's host by DM, in their language, with the game and channel filled
        in. False when Discord refused (a closed DM is not retried)."""
        host = next((s for s in live.seats if s.user_id == live.record.host_id), None)
        locale = host.locale if host else None
        text = t(key, locale, game=t(f"{live.record.game}.title", locale),
                 channel=channel(live.record.channel_id), **params)
        try:
            await self.send_dm(live.record.host_id, text)
        except discord.HTTPException:
            return False
        return True

    def _retry_later(self, match_id: int, failure: discord.HTTPException) -> None:
        tries = self._failures.get(match_id, 0) + 1
        self._failures[match_id] = tries
        delay = min(RETRY_MAX_DELAY, max(self.app.settings.board_edit_delay, 0.25) * 2 ** tries)
        log.warning("match %s: Discord refused the board (%s %s); trying again in %.1f s",
                    match_id, failure.status, failure.code, delay)
        self._edit_task(match_id, self._edit_after(match_id, delay))

    async def _edit_after(self, match_id: int, delay: float) -> None:
        await asyncio.sleep(delay)
        await self._edit_board(match_id)
    async def post_notices(self, live: LiveMatch, change: MatchChange) -> None:
        """Tell the table when a seat changes hands (a bot steps in, a player comes back)."""
        locale = self.table_locale(live)
        renderer = renderer_for(live.record.game)
        notices = [renderer.event_line(live, event, locale) for event in change.events]
        if not notices:
            return
        text = lines(notices)
        # Only the people the notice names by a mention of ours are pinged (the player a bot
        # stands in for), never one a name spells out.
        pinged = [discord.Object(id=user_id) for user_id in mentioned(text)]
        where = self.app.client.get_partial_messageable(live.record.channel_id)
        await self.budget.take()
        try:
            await where.send(markdown(text, CONTENT_LIMIT),
                             allowed_mentions=discord.AllowedMentions(
                                 everyone=False, roles=False, users=pinged))
        except discord.HTTPException as failure:
            log.warning("match %s: could not post a seat notice (%s)", live.id, failure.status)

    async def send_openings(self, live: LiveMatch) -> None:
        """Each player's opening secrets by DM. A closed DM falls back to a public,
        secret-free note telling the player to use "My hand"; a DM Discord could not take at
        the moment (rate limits past discord.py's own retries, a 5xx, a dropped connection) is
        tried again in the background with the same secrets, and falls back to the note only
        if it never goes through."""
        renderer = renderer_for(live.record.game)
        letters: list[Letter] = []
        for seat in live.seats:
            if seat.is_bot or seat.user_id is None:
                continue
            view = live.game.view(live.state, seat.seat)
            letters.append(Letter(seat.seat, seat.user_id,
                                  t("dm.opening", seat.locale,
                                    game=t(f"{live.record.game}.title", seat.locale)),
                                  renderer.opening_embed(live, view, seat.seat, seat.locale)))
        closed, unsent = await self._send_letters(live, letters)
        if unsent:
            self._spawn(self._send_openings_again(live, unsent, closed))
        elif closed:
            await self._post_closed_dm_note(live, closed)

    async def _send_letters(self, live: LiveMatch,
                            letters: list[Letter]
                            ) -> tuple[list[int], list[Letter]]:
        """The users whose DMs are closed, and the letters Discord could not take now."""
        closed: list[int] = []
        unsent: list[Letter] = []
        for letter in letters:
            try:
                await self.send_dm(letter.user_id, letter.content, letter.embed)
            except discord.Forbidden:
                closed.append(letter.user_id)
            except (discord.HTTPException, aiohttp.ClientConnectionError) as failure:
                log.warning("match %s: opening DM to seat %s failed (%s)", live.id, letter.seat,
                            _failure_name(failure))
                unsent.append(letter)
        return closed, unsent

    async def _send_openings_again(self, live: LiveMatch,
                                   unsent: list[Letter],
                                   closed: list[int]) -> None:
        for attempt in range(OPENING_TRIES):
            await asyncio.sleep(_pause(attempt))
            refused, unsent = await self._send_letters(live, unsent)
            closed += refused
            if not unsent:
                break
        closed += [letter.user_id for letter in unsent]
        if closed:
            await self._post_closed_dm_note(live, closed)

    async def _post_closed_dm_note(self, live: LiveMatch, closed: list[int]) -> None:
        """The note naming the players whose secrets could not reach them by DM; a post
        Discord cannot take now is tried again a few times (nothing of the game is lost
        without it: each player's "My hand" shows the same secrets)."""
        where = self.app.client.get_partial_messageable(live.record.channel_id)
        names = {seat.user_id: seat.display_name for seat in live.seats}
        mentions = words(" ").join(mention(uid, names.get(uid, "")) for uid in closed)
        content = markdown(t("dm.closed", self.table_locale(live), mentions=mentions),
                           CONTENT_LIMIT)
        pinged = discord.AllowedMentions(everyone=False, roles=False,
                                         users=[discord.Object(id=uid) for uid in closed])
        for attempt in range(OPENING_TRIES + 1):
            await self.budget.take()
            try:
                await where.send(content, allowed_mentions=pinged)
                return
            except discord.Forbidden as failure:
                log.warning("match %s: could not post the closed-DM note (%s)", live.id,
                            _failure_name(failure))
                return
            except (discord.HTTPException, aiohttp.ClientConnectionError) as failure:
                log.warning("match %s: could not post the closed-DM note (%s)", live.id,
                            _failure_name(failure))
                if attempt == OPENING_TRIES:
                    return
                await asyncio.sleep(_pause(attempt))

    # -- after a start ----------------------------------------------------------------------
    def bring_boards_up_to_date_later(self) -> None:
        """``bring_boards_up_to_date`` in the background (stopped with the Desk)."""
        self._spawn(self.bring_boards_up_to_date())

    async def bring_boards_up_to_date(self) -> None:
        """After a start, every live table's board comes to show the match as it is now. A
        process stopped after saving a move but before that move's board edit (which waits a
        board-edit delay to fold moves together) left its board behind: naming a player the
        game no longer waits for, old figures, old buttons. Each board is edited once, through
        the budget like any other edit, tables a person waits for first; a board this process
        drew since it started is current already and left alone."""
        people: list[LiveMatch] = []
        bots: list[LiveMatch] = []
        after = 0
        while page := await self.app.repo.matches_in_play(after):
            after = page[-1].id
            for record in page:
                if not self.app.owns_guild(record.guild_id):
                    continue  # another process's shard shows this table
                try:
                    live = await self.app.service.get(record.id)
                except MatchNotFound:
                    continue
                if live.state is not None and live.record.status == MatchStatus.ACTIVE:
                    (people if self.waits_for_a_person(live) else bots).append(live)
        if people or bots:
            log.info("bringing %d boards up to date, %d of them waited on by people",
                     len(people) + len(bots), len(people))
        for live in people + bots:
            self.schedule_edit(live)

    async def post_missing_reveals(self) -> None:
        """After a restart: the stats, the final board and the reveal of tables that finished
        while no process could post them (a stop between the last move and the reveal)."""
        since = datetime.now(UTC) - MISSING_REVEAL_WINDOW
        for record in await self.app.repo.finished_without_message("reveal", since):
            if not self.app.owns_guild(record.guild_id):
                continue
            live = await self.app.service.get(record.id)
            # Stats are written before the reveal is posted, so a match without its reveal may
            # lack its stats too.
            await self.app.service.ensure_stats(live)
            await self._edit_board(live.id)
            await self.post_reveal(live)

    def reveal_marker(self, live: LiveMatch) -> str:
        """The table's number in the reveal's footer: how a restarted process recognizes a
        reveal that was posted just before the previous one died."""
        return plain(t("reveal.footer", self.table_locale(live), match=live.id))

    async def _already_revealed(self, live: LiveMatch) -> discord.Message | None:
        """The reveal a dead process may have posted after recording its intent, found among
        the channel's latest messages."""
        marker = self.reveal_marker(live)
        channel = self.app.client.get_partial_messageable(live.record.channel_id)
        me = self.app.client.user
        await self.budget.take()
        try:
            async for message in channel.history(limit=REVEAL_SEARCH_DEPTH):
                if me is not None and message.author.id == me.id and any(
                        marker in (embed.footer.text or "") for embed in message.embeds):
                    return message
        except discord.HTTPException as failure:
            log.warning("match %s: could not read the channel's history (%s %s)", live.id,
                        failure.status, failure.code)
        return None

    def next_table_view(self, live: LiveMatch, locale: str | None) -> discord.ui.View | None:
        """The reveal's button that opens the next table with the same seats, named by the
        renderer (a rematch, the league's next table); none when a series ends here."""
        assert live.state is not None
        options = live.game.next_options(live.state, dict(live.record.options))
        if options is None:
            return None
        view = discord.ui.View(timeout=None)
        view.add_item(NextTableButton(live.id, plain(renderer_for(
            live.record.game).next_table_label(options, len(live.seats), locale))))
        return view

    async def post_reveal(self, live: LiveMatch) -> None:
        outcome = live.outcome()
        if outcome is None:
            return
        intents = [m for m in await self.app.repo.messages(live.id) if m.kind == "reveal"]
        if intents and intents[0].message_id != REVEAL_INTENT:
            return  # posted and recorded already
        if intents:
            found = await self._already_revealed(live)
            if found is not None:
                await self.app.repo.save_message(live.id, "reveal", live.record.channel_id,
                                                 found.id)
                return
        renderer = renderer_for(live.record.game)
        locale = self.table_locale(live)
        embed = renderer.reveal_embed(live, live.game.view(live.state, None), outcome, locale)
        footer = embed.footer.text
        marker = self.reveal_marker(live)
        embed.set_footer(text=f"{footer} · {marker}" if footer else marker)
        links = getattr(self.app, "links", None)
        replay_url = None if links is None else links.replay_url(live.id)
        if replay_url is not None:
            embed.add_field(name=markdown(t("reveal.web", locale)),
                            value=markdown(link(replay_url)), inline=False)
        channel = self.app.client.get_partial_messageable(live.record.channel_id)
        # The intent is recorded first: after a kill between the post and its id, the restarted
        # process looks for the posted reveal instead of posting a second one.
        await self.app.repo.save_message(live.id, "reveal", live.record.channel_id,
                                         REVEAL_INTENT)
        view = self.next_table_view(live, locale)
        for attempt in range(6):
            await self.budget.take()
            try:
                message = await channel.send(embed=embed, allowed_mentions=NO_PINGS,
                                             view=view or discord.utils.MISSING)
            except (discord.HTTPException, aiohttp.ClientConnectionError) as failure:
                log.warning("match %s: could not post the reveal (%s)", live.id,
                            _failure_name(failure))
                await asyncio.sleep(_pause(attempt))
                continue
            await self.app.repo.save_message(live.id, "reveal", live.record.channel_id,
                                             message.id)
            return


def _failure_name(failure: Exception) -> str:
    """How a failed request is named in the log: Discord's status and code, or the kind of
    connection error."""
    if isinstance(failure, discord.HTTPException):
        return f"{failure.status} {failure.code}"
    return failure.__class__.__name__
