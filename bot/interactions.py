"""What a click does: authorize, call the service, answer inside Discord's 3-second window.

A click is answered with one response whenever possible (an edit of the message it came from),
which is also the cheapest path: interaction responses do not count against the global REST
limit. Slow work (a contended lock, a match that must be read from storage first) defers first
and edits afterwards.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar

import discord
from discord import ui

from bot.components import (
    DYNAMIC_ITEMS,
    LOBBY_OPTION_SELECTS,
    SETS,
    TOGGLES,
    HandButton,
    action_view,
    lobby_view,
)
from bot.panels import Editor, Tables
from bot.picking import PickChoices, page_options, pages
from bot.renderers.markdown import markdown, plain
from bot.replies import is_ephemeral, refuse, send_private, update_message, user_locale
from games.core import Action, Prompt
from storage import MatchNotFound, MatchStatus, StorageUnavailable
from tables.failures import read_when_done
from tables.i18n import t
from tables.lobby_options import decode_choice, lobby_options
from tables.questions import click_check, click_counts, prompt_digest
from tables.service import LiveMatch, Refusal

if TYPE_CHECKING:
    from bot.panels import PanelFollower

log = logging.getLogger(__name__)
T = TypeVar("T")
P = ParamSpec("P")
Handler = TypeVar("Handler", bound="InteractionHandler")


def a_move(method: Callable[Concatenate[Handler, discord.Interaction[Any], P],
                            Coroutine[Any, Any, None]]
           ) -> Callable[Concatenate[Handler, discord.Interaction[Any], P],
                         Coroutine[Any, Any, None]]:
    """A click that makes a move: when the database does not answer, it is told its move was
    not made (the repository logged the spell's first failure)."""
    @functools.wraps(method)
    async def guarded(self: Handler, interaction: discord.Interaction[Any], *args: P.args,
                      **kwargs: P.kwargs) -> None:
        try:
            await method(self, interaction, *args, **kwargs)
        except StorageUnavailable:
            await refuse(interaction, "storage.unavailable_move")
    return guarded


class Host(Tables, Protocol):
    """The bot as a click sees it: the desk it redraws, and the panels it opens."""

    @property
    def panels(self) -> PanelFollower: ...

# Answer directly if the work finishes within this budget; otherwise defer, then edit.
RESPONSE_BUDGET = 2.0
# Tables that are over: their panels show the end and offer nothing.
CLOSED = (MatchStatus.FINISHED, MatchStatus.CANCELLED)
# What the service says to a move on such a table.
CLOSED_REFUSALS = frozenset({"match.not_running"})


def _custom_ids(components: Iterable[Any]) -> Iterator[str]:
    for component in components:
        custom_id = getattr(component, "custom_id", None)
        if custom_id:
            yield str(custom_id)
        yield from _custom_ids(getattr(component, "children", ()))


def _readable(custom_id: str) -> tuple[type[ui.DynamicItem[Any]], re.Match[str]] | None:
    """The bot's component that reads ``custom_id``, and what it read; None if none does."""
    for item in DYNAMIC_ITEMS:
        found = item.__discord_ui_compiled_template__.fullmatch(custom_id)
        if found is not None:
            return item, found
    return None


def reaches_a_component(interaction: discord.Interaction[Any]) -> bool:
    """Whether discord.py hands this component interaction to one of the bot's components:
    its id must match one of their patterns and be on the message it came from. Anything else
    discord.py drops without a word: an id of an older format or a truncated one, and an id
    of a message edited since its player's client drew it."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if _readable(custom_id) is None:
        return False
    message = interaction.message
    return message is not None and custom_id in _custom_ids(message.components)


class InteractionHandler:
    def __init__(self, app: Host) -> None:
        self.app = app
        self.picks = PickChoices()

    async def answer_unreadable(self, interaction: discord.Interaction[Any]) -> None:
        """Every interaction gets an answer: a click no component of the bot can read (and
        any form the bot never sent) is told so privately, instead of Discord's "This
        interaction failed"."""
        if interaction.type == discord.InteractionType.component:
            if reaches_a_component(interaction) or await self.answer_raced(interaction):
                return
        elif interaction.type != discord.InteractionType.modal_submit:
            return  # commands and autocompletion have their own handlers
        if interaction.response.is_done():
            return
        log.info("unreadable interaction %r", dict(interaction.data or {}).get("custom_id"))
        try:
            await refuse(interaction, "interaction.unreadable")
        except discord.HTTPException as failure:
            log.warning("could not answer an unreadable interaction (%s %s)", failure.status,
                        failure.code)

    async def answer_raced(self, interaction: discord.Interaction[Any]) -> bool:
        """A click on a component the message no longer has: its panel or board was edited
        as the game moved while the player's client still showed the older one. The id is
        the bot's, so it is handed to its component like any click; the handlers check every
        click anyway (a stale one is answered "the game has moved on", with the current panel
        in place of an old panel, or the current board privately). False when no component
        of the bot reads the id."""
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        found = _readable(custom_id)
        if found is None or interaction.message is None:
            return False
        factory, match = found
        drawn: ui.Item[Any] = ui.Button(custom_id=custom_id) \
            if data.get("component_type") == discord.ComponentType.button.value \
            else ui.Select(custom_id=custom_id)
        item = await factory.from_custom_id(interaction, drawn, match)
        await item.callback(interaction)
        return True

    async def _within_budget(self, interaction: discord.Interaction[Any],
                             work: Awaitable[T]) -> T:
        task = asyncio.ensure_future(work)
        # The move's outcome is read below; but when the defer fails (the interaction expired
        # on a slow machine) nothing reads it here, and asyncio would log it as never retrieved.
        read_when_done(task)
        done, _ = await asyncio.wait({task}, timeout=RESPONSE_BUDGET)
        if not done and not interaction.response.is_done():
            await interaction.response.defer()  # a component defer: no visible "thinking"
        return await task

    async def _load(self, interaction: discord.Interaction[Any], match_id: int
                    ) -> LiveMatch | None:
        if not 0 < match_id < 2**63:  # beyond any stored id (SQLite integers are 64-bit)
            await refuse(interaction, "act.unknown_match")
            return None
        if not self.app.service.is_cached(match_id) and not interaction.response.is_done():
            # Loading may mean replaying a log, or queueing behind a storm of loads after a
            # restart: acknowledge first (a component defer shows nothing), answer by editing.
            await interaction.response.defer()
        try:
            return await self.app.service.get(match_id)
        except MatchNotFound:
            await refuse(interaction, "act.unknown_match")
            return None

    # -- game actions ----------------------------------------------------------------------
    @a_move
    async def act(self, interaction: discord.Interaction[Any], match_id: int, version: int,
                  seat: int, indices: list[int], *, on_board: bool = False,
                  check: str = "") -> None:
        from_panel = is_ephemeral(interaction.message)
        if len(indices) != 1:
            await refuse(interaction, "act.malformed")
            return
        live = await self._load(interaction, match_id)
        if live is None:
            return
        origin = None if interaction.message is None else interaction.message.id
        try:
            place = indices[0]
            desk = self.app.desk
            live, _ = await self._within_budget(interaction, self.app.service.act(
                match_id, version=version, seat=seat,
                index=None if on_board else place,
                pick=(lambda lv, prompt: desk.board_action(lv, prompt, place))
                if on_board else None, check=check,
                check_now=desk.board_check if on_board else None,
                user_id=interaction.user.id, source="player",
                origin_message_id=None if from_panel else origin,
            ))
        except Refusal as refusal:
            if refusal.key in CLOSED_REFUSALS and from_panel:
                # A panel left open on a table that is over: it shows the end instead.
                await self.show_panel(interaction, match_id, edit=True)
                return
            if refusal.key == "act.stale" and from_panel:
                await self.show_panel(interaction, match_id, edit=True,
                                      notice=markdown(t("act.stale", user_locale(interaction))))
                return
            if refusal.key == "act.stale":
                await self.show_current_board(interaction, match_id)
                return
            await refuse(interaction, refusal.key, **refusal.params)
            return
        if from_panel:
            await self.show_panel(interaction, match_id, edit=True)
        elif live is not None:
            await self.app.desk.answer_with_board(interaction, live)

    @a_move
    async def answer(self, interaction: discord.Interaction[Any], match_id: int, version: int,
                     places: list[int], *, check: str = "") -> None:
        """A choice on the board's question put to several seats at once: the clicker answers
        for the seat they play, if that seat is asked this question. The answer is the fresh
        board, which no longer lists them among those it waits for."""
        if len(places) != 1:
            await refuse(interaction, "act.malformed")
            return
        live = await self._load(interaction, match_id)
        if live is None:
            return
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            await refuse(interaction, "act.not_a_player")
            return
        place = places[0]
        desk = self.app.desk
        asked = None if live.state is None or live.record.status != MatchStatus.ACTIVE \
            else live.game.prompt_for(live.state, seat)
        if live.state is not None and live.record.status == MatchStatus.ACTIVE and \
                click_counts(version, live.version,
                             "" if asked is None else desk.question_check(live, asked), check):
            # Said here rather than as the service's "malformed": the board the clicker saw
            # is current, it just asks someone else (the service checks again under the lock).
            if asked is None or not asked.blocking:
                await refuse(interaction, "act.not_your_turn")
                return
            if desk.question_action(live, asked, place) is None:
                # Their own choice may be on this board too (a fight's onlookers join or
                # stay out beside the fighters' Ready): then it is there, not in "My hand".
                await refuse(interaction, "act.not_asked_board"
                             if self._choices_on_board(live, seat) else "act.not_asked")
                return
        origin = None if interaction.message is None else interaction.message.id
        try:
            acted, _ = await self._within_budget(interaction, self.app.service.act(
                match_id, version=version, seat=seat,
                pick=lambda lv, prompt: desk.question_action(lv, prompt, place), check=check,
                check_now=desk.question_check,
                user_id=interaction.user.id, source="player", origin_message_id=origin,
            ))
        except Refusal as refusal:
            if refusal.key == "act.stale":
                await self.show_current_board(interaction, match_id)
                return
            await refuse(interaction, refusal.key, **refusal.params)
            return
        await desk.answer_with_board(interaction, acted)

    def _choices_on_board(self, live: LiveMatch, seat: int) -> bool:
        """Whether the board shows ``seat`` some of its choices now."""
        prompt = None if live.state is None else live.game.prompt_for(live.state, seat)
        return prompt is not None and prompt.blocking and \
            bool(self.app.desk.board_action_indices(live, prompt))

    async def show_current_board(self, interaction: discord.Interaction[Any], match_id: int
                                 ) -> None:
        """A click on a board that no longer shows the game: the clicker is told so, privately,
        with the board as it is now (in their language) and, for a player, "My hand"."""
        live = await self.app.service.get(match_id)
        locale = user_locale(interaction)
        notice = markdown(t("act.stale", locale))
        if live.state is None:
            await send_private(interaction, content=notice)
            return
        content, embeds, _ = self.app.desk.board(live, locale, components=False)
        fields: dict[str, Any] = {
            "content": f"{notice}\n{content}".strip()[:2000], "embeds": embeds,
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        if live.record.status == MatchStatus.ACTIVE and \
                live.seat_held_by(interaction.user.id) is not None:
            view = discord.ui.View(timeout=None)
            view.add_item(HandButton(live.id, plain(t("board.my_hand", locale))))
            fields["view"] = view
        await send_private(interaction, **fields)

    # -- choices of several items -----------------------------------------------------------
    @a_move
    async def pick(self, interaction: discord.Interaction[Any], match_id: int, version: int,
                   seat: int, page: int, places: list[int], *, check: str = "") -> None:
        """A pick's select: the whole choice when it fits in one select (one move), else the
        items ticked on this page, kept until the player confirms."""
        live = await self._load(interaction, match_id)
        if live is None:
            return
        prompt = None if live.state is None else live.game.prompt_for(live.state, seat)
        pick = None if prompt is None else prompt.pick
        if pick is None or prompt is None or live.seat_held_by(interaction.user.id) != seat \
                or not click_counts(version, live.version, click_check(prompt), check):
            await self.act(interaction, match_id, version, seat, [], check=check)
            return
        items = page_options(pick, page)
        if len(set(places)) != len(places) or any(not 0 <= p < len(items) for p in places):
            await refuse(interaction, "act.malformed")
            return
        ticked = [items[p] for p in places]
        if pages(pick) == 1:
            await self._make_pick(interaction, match_id, version, seat, ticked, check)
            return
        key = (match_id, seat, prompt_digest(prompt))
        self.picks.set_page(key, pick, page, ticked)
        self.picks.turn(key, page)
        await self.show_panel(interaction, match_id, edit=True)

    @a_move
    async def pick_step(self, interaction: discord.Interaction[Any], match_id: int,
                        version: int, seat: int, op: str, page: int, *, check: str = "") -> None:
        """A long pick's page turn, reset or confirmation."""
        live = await self._load(interaction, match_id)
        if live is None:
            return
        prompt = None if live.state is None else live.game.prompt_for(live.state, seat)
        if prompt is None or prompt.pick is None or \
                live.seat_held_by(interaction.user.id) != seat or \
                not click_counts(version, live.version, click_check(prompt), check):
            await self.act(interaction, match_id, version, seat, [], check=check)
            return
        key = (match_id, seat, prompt_digest(prompt))
        if op == "ok":
            await self._make_pick(interaction, match_id, version, seat,
                                  list(self.picks.chosen(key)), check)
            return
        if op == "clear":
            self.picks.clear(key)
        self.picks.turn(key, page)
        await self.show_panel(interaction, match_id, edit=True)

    async def _make_pick(self, interaction: discord.Interaction[Any], match_id: int,
                         version: int, seat: int, chosen: list[str], check: str) -> None:
        def build(live: LiveMatch, prompt: Prompt) -> Action | None:
            if prompt.pick is None:
                return None
            try:
                return prompt.pick.build(chosen)
            except ValueError:
                return None

        try:
            await self._within_budget(interaction, self.app.service.act(
                match_id, version=version, seat=seat, build=build, check=check,
                user_id=interaction.user.id, source="player"))
        except Refusal as refusal:
            if refusal.key == "act.malformed":
                await refuse(interaction, "pick.bad_count")
                return
            if refusal.key == "act.stale" or refusal.key in CLOSED_REFUSALS:
                await self.show_panel(interaction, match_id, edit=True,
                                      notice=markdown(t(refusal.key, user_locale(interaction))))
                return
            await refuse(interaction, refusal.key, **refusal.params)
            return
        await self.show_panel(interaction, match_id, edit=True)

    # -- the private panel -------------------------------------------------------------------
    async def show_step(self, interaction: discord.Interaction[Any], match_id: int, seat: int,
                        digest: str, places: list[int]) -> None:
        """A first step chosen in a panel (a card, before its target): the panel shows that
        step's moves. A step of a question that has changed since is refused as stale."""
        live = await self._load(interaction, match_id)
        if live is None:
            return
        if live.seat_held_by(interaction.user.id) != seat:
            await refuse(interaction, "act.not_your_seat")
            return
        prompt = None if live.state is None or live.record.status != MatchStatus.ACTIVE \
            else live.game.prompt_for(live.state, seat)
        if prompt is None or prompt_digest(prompt) != digest or len(places) != 1 \
                or not 0 <= places[0] < len(prompt.actions):
            await self.show_panel(interaction, match_id,
                                  notice=markdown(t("act.stale", user_locale(interaction))))
            return
        await self.show_panel(interaction, match_id, step=places[0])

    @a_move
    async def board_step(self, interaction: discord.Interaction[Any], match_id: int,
                         version: int, seat: int, places: list[int], *,
                         check: str = "") -> None:
        """A first step chosen on the public board (a stone's column, before its row): the
        click is answered with the board showing that step's moves, which costs no request
        of the bot's token. Only the player of the seat asked may choose it (anyone else is
        told privately and the board stays as it is); a step chosen on a board the game has
        left behind gets the current board, privately."""
        if len(places) != 1:
            await refuse(interaction, "act.malformed")
            return
        live = await self._load(interaction, match_id)
        if live is None:
            return
        if live.state is None or live.record.status != MatchStatus.ACTIVE:
            await refuse(interaction, "match.not_running")
            return
        if live.seat_of(interaction.user.id) is None:
            await refuse(interaction, "act.bot_holds_your_seat"
                         if live.seat_held_by(interaction.user.id) == seat
                         else "act.not_a_player")
            return
        if live.seat_of(interaction.user.id) != seat:
            await refuse(interaction, "act.not_your_seat")
            return
        desk = self.app.desk
        prompt = live.game.prompt_for(live.state, seat)
        drawn_now = prompt is not None and click_counts(
            version, live.version, desk.board_check(live, prompt), check)
        index = None if prompt is None or not drawn_now \
            else desk.board_action(live, prompt, places[0])
        if prompt is None or index is None or desk.board_slot(live, prompt) is None:
            await self.show_current_board(interaction, match_id)
            return
        await desk.answer_with_board(interaction, live, step=index)

    async def show_panel(self, interaction: discord.Interaction[Any], match_id: int, *,
                         page: int = 0, edit: bool | None = None, notice: str | None = None,
                         step: int | None = None) -> None:
        live = await self._load(interaction, match_id)
        if live is None:
            return
        locale = user_locale(interaction)
        if live.record.status == MatchStatus.PAUSED:
            await refuse(interaction, "match.paused", command=f"/{live.record.game} resume")
            return
        seat = live.seat_held_by(interaction.user.id)
        if live.state is not None and live.record.status in CLOSED and seat is not None:
            # The move that ended the game, or a click on a panel of a table that is over: the
            # panel shows the end and offers nothing more.
            await self.show_closed_panel(interaction, live, seat, edit=edit, notice=notice)
            return
        if live.state is None or live.record.status != MatchStatus.ACTIVE:
            await refuse(interaction, "match.not_running")
            return
        if seat is None:
            await refuse(interaction, "panel.not_a_player")
            return
        content, embeds, view = self.app.desk.panel(live, seat, locale, page=page, step=step)
        if notice:
            content = f"{notice}\n{content}".strip()
        if edit is None:
            edit = is_ephemeral(interaction.message)
        editor: Editor | None = None
        if edit:
            await update_message(interaction, content=content, embeds=embeds, view=view)
            if is_ephemeral(interaction.message):  # the panel it came from, now redrawn
                editor = interaction.edit_original_response
        elif interaction.response.is_done():
            # After a defer the original response is the message clicked (the public board):
            # the panel is the follow-up, edited through its own handle.
            sent = await interaction.followup.send(ephemeral=True, wait=True, content=content,
                                                   embeds=embeds, view=view)
            editor = sent.edit
        else:
            await interaction.response.send_message(ephemeral=True, content=content,
                                                    embeds=embeds, view=view)
            editor = interaction.edit_original_response
        if editor is not None:
            self.app.panels.opened(interaction, editor, live, seat, page)

    async def show_closed_panel(self, interaction: discord.Interaction[Any], live: LiveMatch,
                                seat: int, *, edit: bool | None = None,
                                notice: str | None = None) -> None:
        """The panel of a table that is over: the seat's last view and where the result is,
        without a single component (a panel of a finished table offers no move)."""
        content, embeds = self.app.desk.closed_panel(live, seat, user_locale(interaction))
        if notice:
            content = f"{notice}\n{content}".strip()
        if edit is None:
            edit = is_ephemeral(interaction.message)
        if edit:
            await update_message(interaction, content=content, embeds=embeds, view=None)
        else:
            await send_private(interaction, content=content, embeds=embeds)

    # -- seats changing hands ------------------------------------------------------------------
    async def seat(self, interaction: discord.Interaction[Any], match_id: int, op: str) -> None:
        live = await self._load(interaction, match_id)
        if live is None:
            return
        locale = user_locale(interaction)
        user_id = interaction.user.id
        seat = live.seat_held_by(user_id)
        if seat is None:
            await refuse(interaction, "act.not_a_player")
            return
        if live.state is not None and live.record.status in CLOSED and \
                is_ephemeral(interaction.message):
            await self.show_closed_panel(interaction, live, seat, edit=True)
            return
        if op == "leave":
            if live.record.status != MatchStatus.ACTIVE:
                await refuse(interaction, "match.not_running")
                return
            content, view = self.app.desk.leave_confirmation(live, locale)
            self.app.panels.set_aside(live.id, seat)
            await update_message(interaction, content=content, embeds=[], view=view)
            return
        try:
            if op == "back":
                await self._within_budget(interaction, self.app.service.take_back(
                    match_id, user_id))
            else:
                await self._within_budget(interaction, self.app.service.hand_to_bot(
                    match_id, seat, reason="left"))
        except Refusal as refusal:
            await refuse(interaction, refusal.key, **refusal.params)
            return
        await self.show_panel(interaction, match_id, edit=True)

    # -- the lobby ---------------------------------------------------------------------------
    async def lobby(self, interaction: discord.Interaction[Any], match_id: int, op: str) -> None:
        live = await self._load(interaction, match_id)
        if live is None:
            return
        service = self.app.service
        user = interaction.user
        locale = user_locale(interaction)
        try:
            if op == "join":
                work: Awaitable[LiveMatch] = service.join(
                    match_id, user.id, user.display_name, locale)
            elif op == "leave":
                work = service.leave(match_id, user.id)
            elif op == "addbot":
                config = await self.app.config_for(live.record.guild_id)
                if not config.effective(live.record.game).bots_allowed:
                    raise Refusal("lobby.bots_disabled")
                # The bot's name shows on the public board: the table's language.
                work = service.add_bot(match_id, user.id,
                                       plain(t("lobby.bot_name", live.record.locale)))
            elif op == "rmbot":
                work = service.remove_bot(match_id, user.id)
            elif op == "start":
                work = service.start(match_id, user.id)
            elif op == "cancel":
                work = service.cancel(match_id, user.id, moderator=self.app.is_moderator(
                    interaction))
            else:
                raise Refusal("act.malformed")
            live = await self._within_budget(interaction, work)
        except Refusal as refusal:
            await refuse(interaction, refusal.key, **refusal.params)
            return
        await self._show_lobby(interaction, live)

    async def lobby_options(self, interaction: discord.Interaction[Any], match_id: int,
                            kind: str, values: list[str], part: int = 0) -> None:
        """The host changes the table's options with the lobby's selects: the toggles select
        sends the switches that are on, a choices select one ``field=value``, a set's select
        the words ticked (none: the field's default)."""
        live = await self._load(interaction, match_id)
        if live is None:
            return
        offered = lobby_options(live.record.game, LOBBY_OPTION_SELECTS)
        changes: dict[str, Any] = {}
        if kind == TOGGLES:
            if not set(values) <= set(offered.toggles):
                await refuse(interaction, "act.malformed")
                return
            changes = {name: name in values for name in offered.toggles}
        elif kind == SETS:
            chosen_set = offered.sets[part] if part < len(offered.sets) else None
            if chosen_set is None or not set(values) <= set(chosen_set.words):
                await refuse(interaction, "act.malformed")
                return
            ticked = [word for word in chosen_set.words if word in values]
            changes = {chosen_set.field: ticked or chosen_set.default}
        else:
            allowed = {c.field: c.values for c in offered.choices}
            for text in values:
                chosen = decode_choice(text)
                if chosen is None or chosen[1] not in allowed.get(chosen[0], ()):
                    await refuse(interaction, "act.malformed")
                    return
                changes[chosen[0]] = chosen[1]
            if len(changes) != 1:
                await refuse(interaction, "act.malformed")
                return
        try:
            live = await self._within_budget(interaction, self.app.service.set_lobby_options(
                match_id, interaction.user.id, changes))
        except Refusal as refusal:
            await refuse(interaction, refusal.key, **refusal.params)
            return
        await self._show_lobby(interaction, live)

    async def next_table(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """A player of a finished table opens the next one from its reveal: a new lobby
        message in the channel, the same seats already taken."""
        live = await self._load(interaction, match_id)
        if live is None:
            return
        config = await self.app.config_for(live.record.guild_id)
        if not config.effective(live.record.game).enabled:
            await refuse(interaction, "command.game_disabled")
            return
        try:
            opened = await self._within_budget(
                interaction, self.app.service.open_next_table(match_id, interaction.user.id))
        except Refusal as refusal:
            await refuse(interaction, refusal.key, **refusal.params)
            return
        locale = self.app.desk.table_locale(opened)
        embed = self.app.desk.lobby_embed(opened, locale)
        view = lobby_view(opened, locale)
        if interaction.response.is_done():
            sent = await interaction.followup.send(embed=embed, view=view, wait=True)
            message_id: int | None = sent.id
        else:
            response = await interaction.response.send_message(embed=embed, view=view)
            message_id = response.message_id
        if message_id is not None:
            await self.app.repo.save_message(opened.id, "lobby", opened.record.channel_id,
                                             message_id)

    async def _show_lobby(self, interaction: discord.Interaction[Any], live: LiveMatch) -> None:
        """Answer a lobby click with the lobby as it is now (without components once the table
        started or closed)."""
        table_locale = await self.app.table_locale(interaction.guild)
        embed = self.app.desk.lobby_embed(live, table_locale)
        if live.record.status == MatchStatus.LOBBY:
            await update_message(interaction, embed=embed, view=lobby_view(live, table_locale))
        else:
            await update_message(interaction, embed=embed, view=None)


__all__ = ["InteractionHandler", "action_view", "refuse"]
