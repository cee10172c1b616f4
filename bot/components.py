"""Buttons and selects that survive restarts.

Every component is a ``DynamicItem`` whose ``custom_id`` carries all it needs (match, version,
seat, choice), so a click on a message posted before a restart still reaches the right handler.
The handlers only parse; ``bot.interactions`` authorizes and calls the service.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import re
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from bot.picking import page_options, pages
from bot.renderers.markdown import plain
from games.core import Prompt
from storage import StorageUnavailable
from tables.i18n import t
from tables.lobby_options import (
    OptionChoice,
    choice_key,
    choice_parts,
    encode_choice,
    lobby_options,
    set_key,
    word_title,
)
from tables.questions import click_check, prompt_digest, public_check

if TYPE_CHECKING:
    from bot.ports import ClickHandler
    from bot.renderers.base import Renderer
    from tables.service import LiveMatch

log = logging.getLogger(__name__)

MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
# A group with more moves than this is offered in two steps where its renderer names them.
STEPS_BEYOND = MAX_SELECT_OPTIONS
PREFIX = "pl"


Callback = Callable[[Any, discord.Interaction[Any]], Coroutine[Any, Any, None]]


def answered(callback: Callback) -> Callback:
    """A component's callback that never leaves a click unanswered: should it fail, the click
    is told privately that nothing was changed (discord.py would only log it, and the user
    would see "This interaction failed")."""
    @functools.wraps(callback)
    async def guarded(self: Any, interaction: discord.Interaction[Any]) -> None:
        with interaction.client.parlor.clicks.handling():
            await _answered(callback, self, interaction)
    return guarded


async def _answered(callback: Callback, self: Any, interaction: discord.Interaction[Any]) -> None:
    from bot.replies import refuse

    try:
        await callback(self, interaction)
    except StorageUnavailable:
        # The repository logged the spell's first failure; this click is told what happened
        # and what to do.
        with contextlib.suppress(discord.HTTPException):
            await refuse(interaction, "storage.unavailable")
    except Exception:
        log.exception("component %s failed", getattr(self, "custom_id", type(self).__name__))
        with contextlib.suppress(discord.HTTPException):
            await refuse(interaction, "command.failed")


def _handler(interaction: discord.Interaction[Any]) -> ClickHandler:
    handler: ClickHandler = interaction.client.parlor.interactions
    return handler


# Scopes of an action component's number: "a"/"s" index the seat's whole prompt (private
# panels); "b"/"t" index only the actions shown on the public board, so that a board button's
# custom id says nothing about how many private moves the player has. "q"/"r" are the board's
# questions put to several seats at once: the id names no seat (whoever clicks answers for the
# seat they play) and numbers the places among the questions' board actions, in board order.
PANEL, BOARD = "a", "b"
SELECT_SCOPE = {PANEL: "s", BOARD: "t"}
# A select on the board whose values are a first step (a stone's column) rather than moves.
BOARD_STEP = "bs"


# An action component of a prompt with a named question carries a check (tables/questions.py):
# the click stays valid across other seats' moves while the clicker's question is unchanged.
# A panel's is the digest of the seat's whole prompt; a board's is worked out from public
# facts only (``public_check``), the same for every seat asked the question.
CHECK = r"(?::(?P<check>[0-9a-f]{8}))?"


def _suffix(check: str) -> str:
    return f":{check}" if check else ""


def _places(interaction: discord.Interaction[Any]) -> list[int]:
    """The numbers a select sent, or none if any is not plain digits."""
    data: dict[str, Any] = dict(interaction.data or {})
    places: list[int] = []
    for value in list(data.get("values") or []):
        # str.isdigit() also says yes to "²", which int() refuses: plain digits only.
        if not (str(value).isascii() and str(value).isdigit()):
            return []
        places.append(int(value))
    return places


class ActButton(
    ui.DynamicItem[ui.Button[Any]],
    template=rf"{PREFIX}:(?P<scope>[ab]):(?P<match>\d+):(?P<version>\d+):(?P<seat>\d+)"
             rf":(?P<index>\d+)" + CHECK,
):
    def __init__(self, match: int, version: int, seat: int, index: int, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary,
                 scope: str = PANEL, check: str = "") -> None:
        self.match, self.version, self.seat, self.index = match, version, seat, index
        self.scope, self.check = scope, check
        super().__init__(ui.Button(
            label=label[:80] or "…", style=style,
            custom_id=f"{PREFIX}:{scope}:{match}:{version}:{seat}:{index}{_suffix(check)}",
        ))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str]) -> ActButton:
        return cls(int(match["match"]), int(match["version"]), int(match["seat"]),
                   int(match["index"]), getattr(item, "label", None) or "…",
                   scope=match["scope"], check=match["check"] or "")

    @answered
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction).act(interaction, self.match, self.version, self.seat,
                                        [self.index], on_board=self.scope == BOARD,
                                        check=self.check)


class ActSelect(
    ui.DynamicItem[ui.Select[Any]],
    template=rf"{PREFIX}:(?P<scope>[st]|{BOARD_STEP}):(?P<match>\d+):(?P<version>\d+)"
             rf":(?P<seat>\d+):(?P<part>\d+)" + CHECK,
):
    """A choice of moves in a select, on a panel (scope "s") or on the board ("t"); or, of
    scope ``BOARD_STEP``, the first of two steps on the public board (a stone's column, before
    its row): its values are board places, each that of one move beginning with the step, and
    its check the board's public one. A step is answered with the board showing that step's
    moves, an edit that rides on the interaction's answer, so a move made in two clicks on the
    board costs no request of the bot's token."""

    def __init__(self, match: int, version: int, seat: int, part: int,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, scope: str = "s", check: str = "") -> None:
        self.match, self.version, self.seat = match, version, seat
        self.scope, self.check = scope, check
        super().__init__(ui.Select(
            custom_id=f"{PREFIX}:{scope}:{match}:{version}:{seat}:{part}{_suffix(check)}",
            options=options or [discord.SelectOption(label="…", value="0")],
            placeholder=(placeholder or "")[:150] or None,
        ))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str]) -> ActSelect:
        return cls(int(match["match"]), int(match["version"]), int(match["seat"]),
                   int(match["part"]), scope=match["scope"], check=match["check"] or "")

    @answered
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.scope == BOARD_STEP:
            await _handler(interaction).board_step(interaction, self.match, self.version,
                                                   self.seat, _places(interaction),
                                                   check=self.check)
            return
        await _handler(interaction).act(interaction, self.match, self.version, self.seat,
                                        _places(interaction),
                                        on_board=self.scope == SELECT_SCOPE[BOARD],
                                        check=self.check)


class StepSelect(
    ui.DynamicItem[ui.Select[Any]],
    template=rf"{PREFIX}:st:(?P<match>\d+):(?P<seat>\d+):(?P<part>\d+)"
             r":(?P<digest>[0-9a-f]{8})",
):
    """The first of two steps in a panel: which card (say) to play, before its target. Each
    value is the index of one move that begins with that step; ``digest`` is the prompt's, so
    a step chosen from an old question is refused as stale."""

    def __init__(self, match: int, seat: int, part: int, digest: str,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        self.match, self.seat, self.digest = match, seat, digest
        super().__init__(ui.Select(
            custom_id=f"{PREFIX}:st:{match}:{seat}:{part}:{digest}",
            options=options or [discord.SelectOption(label="…", value="0")],
            placeholder=(placeholder or "")[:150] or None,
        ))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str]) -> StepSelect:
        return cls(int(match["match"]), int(match["seat"]), int(match["part"]),
                   match["digest"])

    @answered
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction).show_step(interaction, self.match, self.seat, self.digest,
                                              _places(interaction))


class AskedButton(
    ui.DynamicItem[ui.Button[Any]],
    template=rf"{PREFIX}:q:(?P<match>\d+):(?P<version>\d+):(?P<place>\d+)" + CHECK,
):
    """An answer to a question the board puts to several seats at once."""

    def __init__(self, match: int, version: int, place: int, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary,
                 check: str = "") -> None:
        self.match, self.version, self.place, self.check = match, version, place, check
        super().__init__(ui.Button(
            label=label[:80] or "…", style=style,
            custom_id=f"{PREFIX}:q:{match}:{version}:{place}{_suffix(check)}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str]) -> AskedButton:
        return cls(int(match["match"]), int(match["version"]), int(match["place"]),
                   getattr(item, "label", None) or "…", check=match["check"] or "")

    @answered
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction).answer(interaction, self.match, self.version, [self.place],
                                           check=self.check)


class AskedSelect(
    ui.DynamicItem[ui.Select[Any]],
    template=rf"{PREFIX}:r:(?P<match>\d+):(?P<version>\d+):(?P<part>\d+)" + CHECK,
):
    """The select twin of ``AskedButton``; its values are places."""

    def __init__(self, match: int, version: int, part: int,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, check: str = "") -> None:
        self.match, self.version, self.check = match, version, check
        super().__init__(ui.Select(
            custom_id=f"{PREFIX}:r:{match}:{version}:{part}{_suffix(check)}",
            options=options or [discord.SelectOption(label="…", value="0")],
            placeholder=(placeholder or "")[:150] or None,
        ))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str]) -> AskedSelect:
        return cls(int(match["match"]), int(match["version"]), int(match["part"]),
                   check=match["check"] or "")

    @answered
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction).answer(interaction, self.match, self.version,
                                           _places(interaction), check=self.check)


class PickSelect(
    ui.DynamicItem[ui.Select[Any]],
    template=rf"{PREFIX}:k:(?P<match>\d+):(?P<version>\d+):(?P<seat>\d+):(?P<page>\d+)"
             + CHECK,
):
    """A choice of several items (``Prompt.pick``): its values index the pick's options on
    this page. A pick that fits one select is made by this one click; a longer one is kept
    page by page until confirmed (``PickButton``)."""

    def __init__(self, match: int, version: int, seat: int, page: int,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, low: int = 1, high: int = 1,
                 check: str = "") -> None:
        self.match, self.version, self.seat, self.page, self.check = \
            match, version, seat, page, check
        options = options or [discord.SelectOption(label="…", value="0")]
        super().__init__(ui.Select(
            custom_id=f"{PREFIX}:k:{match}:{version}:{seat}:{page}{_suffix(check)}",
            options=options, placeholder=(placeholder or "")[:150] or None,
            min_values=max(0, min(low, len(options))),
            max_values=max(1, min(high, len(options))),
        ))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str]) -> PickSelect:
        return cls(int(match["match"]), int(match["version"]), int(match["seat"]),
                   int(match["page"]), check=match["check"] or "")

    @answered
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction).pick(interaction, self.match, self.version, self.seat,
                                         self.page, _places(interaction), check=self.check)


PICK_OPS = ("go", "ok", "clear")


class PickButton(
    ui.DynamicItem[ui.Button[Any]],
    template=rf"{PREFIX}:kb:(?P<match>\d+):(?P<version>\d+):(?P<seat>\d+)"
             rf":(?P<op>go|ok|clear):(?P<page>\d+)" + CHECK,
):
    """A long pick's page turn ("go" to ``page``), confirmation ("ok") or reset ("clear")."""

    def __init__(self, match: int, version: int, seat: int, op: str, page: int,
                 label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 check: str = "", disabled: bool = False) -> None:
        self.match, self.version, self.seat, self.op, self.page, self.check = \
            match, version, seat, op, page, check
        super().__init__(ui.Button(
            label=label[:80] or "…", style=style, disabled=disabled,
            custom_id=f"{PREFIX}:kb:{match}:{version}:{seat}:{op}:{page}{_suffix(check)}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str]) -> PickButton:
        return cls(int(match["match"]), int(match["version"]), int(match["seat"]),
                   match["op"], int(match["page"]), check=match["check"] or "")

    @answered
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction).pick_step(interaction, self.match, self.version,
                                              self.seat, self.op, self.page, check=self.check)


class HandButton(ui.DynamicItem[ui.Button[Any]], template=rf"{PREFIX}:h:(?P<match>\d+)"):
    """The persistent "My hand" button: answers with the clicker's private panel."""

    def __init__(self, match: int, label: str = "My hand") -> None:
        self.match = match
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                   emoji="🂠", custom_id=f"{PREFIX}:h:{match}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str]) -> HandButton:
        return cls(int(match["match"]))

    @answered
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction).show_panel(interaction, self.match)


class PanelPageButton(
    ui.DynamicItem[ui.Button[Any]],
    template=rf"{PREFIX}:p:(?P<match>\d+):(?P<page>\d+)",
):
    def __init__(self, match: int, page: int, label: str) -> None:
        self.match, self.page = match, page
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                   custom_id=f"{PREFIX}:p:{match}:{page}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str]) -> PanelPageButton:
        return cls(int(match["match"]), int(match["page"]), "…")

    @answered
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        # Edits only a panel; a page button on a public message answers with a new, private
        # panel page (editing the board would show the clicker's secrets to everyone).
        await _handler(interaction).show_panel(interaction, self.match, page=self.page)


class NextTableButton(
    ui.DynamicItem[ui.Button[Any]],
    template=rf"{PREFIX}:n:(?P<match>\d+)",
):
    """On a finished table's reveal: open the next table with the same seats (a rematch, or
    the next table of a series)."""

    def __init__(self, match: int, label: str = "…") -> None:
        self.match = match
        super().__init__(ui.Button(label=label[:80] or "…", style=discord.ButtonStyle.success,
                                   custom_id=f"{PREFIX}:n:{match}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str]) -> NextTableButton:
        return cls(int(match["match"]))

    @answered
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction).next_table(interaction, self.match)


SEAT_OPS = ("back", "leave", "leaveyes")


class SeatButton(
    ui.DynamicItem[ui.Button[Any]],
    template=rf"{PREFIX}:seat:(?P<match>\d+):(?P<op>back|leave|leaveyes)",
):
    """Take one's seat back from the bot, or hand it to the bot and leave (confirmed)."""

    def __init__(self, match: int, op: str, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        self.match, self.op = match, op
        super().__init__(ui.Button(label=label, style=style,
                                   custom_id=f"{PREFIX}:seat:{match}:{op}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str]) -> SeatButton:
        return cls(int(match["match"]), match["op"])

    @answered
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction).seat(interaction, self.match, self.op)


LOBBY_OPS = ("join", "leave", "addbot", "rmbot", "start", "cancel")


class LobbyButton(
    ui.DynamicItem[ui.Button[Any]],
    template=rf"{PREFIX}:l:(?P<match>\d+):(?P<op>[a-z]+)",
):
    def __init__(self, match: int, op: str, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        self.match, self.op = match, op
        super().__init__(ui.Button(label=label, style=style,
                                   custom_id=f"{PREFIX}:l:{match}:{op}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str]) -> LobbyButton:
        return cls(int(match["match"]), match["op"])

    @answered
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction).lobby(interaction, self.match, self.op)


# The lobby's option selects: "t" the toggles (a multi-select of the bool options, the chosen
# ones on), "c<part>" a part of the choices (each value names its field: ``field=<json>``),
# "s<n>" the n-th set (a multi-select of a list field's words, the chosen ones on).
TOGGLES, CHOICES, SETS = "t", "c", "s"


class LobbyOptionSelect(
    ui.DynamicItem[ui.Select[Any]],
    template=rf"{PREFIX}:l:(?P<match>\d+):(?P<kind>[tcs])(?P<part>\d+)",
):
    def __init__(self, match: int, kind: str, part: int,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        self.match, self.kind, self.part = match, kind, part
        toggles = kind in (TOGGLES, SETS) and options is not None
        super().__init__(ui.Select(
            custom_id=f"{PREFIX}:l:{match}:{kind}{part}",
            options=options or [discord.SelectOption(label="…", value="0")],
            placeholder=(placeholder or "")[:150] or None,
            min_values=0 if toggles else 1,
            max_values=len(options or []) if toggles else 1,
        ))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str]) -> LobbyOptionSelect:
        return cls(int(match["match"]), match["kind"], int(match["part"]))

    @answered
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(value) for value in list(data.get("values") or [])]
        await _handler(interaction).lobby_options(interaction, self.match, self.kind, values,
                                                  self.part)


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    ActButton, ActSelect, StepSelect, AskedButton, AskedSelect, PickSelect,
    PickButton, HandButton,
    PanelPageButton, LobbyButton, LobbyOptionSelect, SeatButton, NextTableButton,
)


# -- layouts ----------------------------------------------------------------------------------
@dataclass
class _Block:
    """One action row's worth of choices: a row of buttons or one select."""

    group: str
    choices: list[tuple[int, str]]
    as_select: bool
    # The choices are first steps (each index one move that begins with it): a StepSelect.
    steps: bool = False
    keys: tuple[str, ...] = ()  # the steps' keys, in the order of ``choices``


def _as_select(renderer: Renderer, group: str, choices: int) -> bool:
    return choices > MAX_BUTTONS_PER_ROW or group in renderer.select_groups


def rows_needed(renderer: Renderer, prompt: Prompt, indices: list[int]) -> int:
    """How many action rows the actions ``indices`` of ``prompt`` take (as ``_blocks`` lays
    them out), without rendering their labels."""
    sizes: dict[str, int] = {}
    for index in indices:
        group = renderer.action_group(prompt.actions[index])
        sizes[group] = sizes.get(group, 0) + 1
    return sum(group_rows(renderer, group, n) for group, n in sizes.items())


def group_rows(renderer: Renderer, group: str, choices: int) -> int:
    """The action rows one group of ``choices`` actions takes: a row of buttons, or as many
    selects as its options need."""
    return -(-choices // MAX_SELECT_OPTIONS) if _as_select(renderer, group, choices) else 1


def fit_groups(renderer: Renderer, groups: dict[str, list[int]], rows: int) -> list[int]:
    """The action indices of ``groups`` that fit in ``rows`` action rows, in order: the
    largest groups are left out first (their seat answers them in the panel)."""
    kept = dict(groups)
    while sum(group_rows(renderer, group, len(indices)) for group, indices in kept.items()) \
            > rows:
        del kept[max(kept, key=lambda g: len(kept[g]))]
    return sorted(index for indices in kept.values() for index in indices)


def first_steps(renderer: Renderer, prompt: Prompt, members: list[int]) -> dict[str, int] | None:
    """The first steps of a group's moves ``members`` (indices of ``prompt``), each with the
    index of the move that stands for it (what its option's value names), in the order they
    first appear; None when its moves are not chosen in two steps. A move may begin with
    several steps (``Renderer.action_steps``: a corner reached from each of its hexes): each
    step stands on a move of its own, the first of its moves that stands for no other step
    (a step with none left is not offered; its moves are found under their other steps)."""
    keys: dict[str, None] = {}
    of: list[tuple[int, tuple[str, ...]]] = []
    for index in members:
        found = renderer.action_steps(prompt.actions[index])
        if not found:
            return None
        of.append((index, found))
        keys.update(dict.fromkeys(found))
    if all(len(found) == 1 for _, found in of):  # one step a move: the first move of each
        reps: dict[str, int] = {}
        for index, (key,) in of:
            reps.setdefault(key, index)
        return reps
    taken: set[int] = set()
    chosen: dict[str, int] = {}
    for key in keys:
        free = next((i for i, found in of if key in found and i not in taken), None)
        if free is not None:
            chosen[key] = free
            taken.add(free)
    return chosen


def step_key(renderer: Renderer, prompt: Prompt, shown: list[int], step: int) -> str | None:
    """The first step that move ``step`` stands for among the moves ``shown`` (as
    ``first_steps`` numbers them in its group); None if it stands for none."""
    if not 0 <= step < len(prompt.actions):
        return None
    group = renderer.action_group(prompt.actions[step])
    pick = prompt.pick
    members = [i for i in shown if renderer.action_group(prompt.actions[i]) == group
               and (pick is None or not pick.accepts(prompt.actions[i]))]
    reps = first_steps(renderer, prompt, members) or {}
    found = next((key for key, index in reps.items() if index == step), None)
    if found is not None:
        return found
    keys = renderer.action_steps(prompt.actions[step])
    return keys[0] if keys else None


def _first_steps(renderer: Renderer, live: LiveMatch, view: Any, prompt: Prompt,
                 indices: list[int], locale: str | None) -> list[tuple[int, str, str]] | None:
    """A group too large for one select, as its first steps (the move standing for each, the
    step's label and its key); None when its moves are not chosen in two steps."""
    reps = first_steps(renderer, prompt, indices)
    if reps is None:
        return None
    return [(index, plain(renderer.step_name(live, view, key, locale)
                          or renderer.step_label(live, view, prompt.actions[index], locale)), key)
            for key, index in reps.items()]


def _blocks(renderer: Renderer, live: LiveMatch, view: Any, prompt: Prompt,
            indices: list[int], locale: str | None, *, stepping: bool = False,
            chosen: str | None = None) -> list[_Block]:
    """The rows of ``indices``, group by group. With ``stepping``, a group too large for one
    select whose moves the renderer names in two steps is offered as its first steps; the
    step ``chosen`` (the board's) then follows with its own moves."""
    grouped: dict[str, list[int]] = {}
    for index in indices:
        grouped.setdefault(renderer.action_group(prompt.actions[index]), []).append(index)
    blocks: list[_Block] = []
    for group, members in grouped.items():
        steps = _first_steps(renderer, live, view, prompt, members, locale) \
            if stepping and len(members) > STEPS_BEYOND else None
        if steps is not None:
            for start in range(0, len(steps), MAX_SELECT_OPTIONS):
                part = steps[start:start + MAX_SELECT_OPTIONS]
                blocks.append(_Block(group, [(index, label) for index, label, _ in part], True,
                                     steps=True, keys=tuple(key for _, _, key in part)))
            members = [i for i in members if chosen is not None
                       and chosen in renderer.action_steps(prompt.actions[i])]
            if not members:
                continue
        choices = [(index, plain(renderer.action_label(live, view, prompt.actions[index], locale)))
                   for index in members]
        if not _as_select(renderer, group, len(choices)):
            blocks.append(_Block(group, choices, as_select=False))
            continue
        for start in range(0, len(choices), MAX_SELECT_OPTIONS):
            blocks.append(_Block(group, choices[start:start + MAX_SELECT_OPTIONS], True))
    return blocks


def action_view(
    renderer: Renderer,
    live: LiveMatch,
    view: Any,
    prompt: Prompt,
    locale: str | None,
    *,
    indices: list[int] | None = None,
    page: int = 0,
    leading: list[ui.Item[Any]] | None = None,
    board: bool = False,
    picked: tuple[str, ...] = (),
    step: int | None = None,
    pick_page: int = 0,
) -> ui.View:
    """The components for one seat's prompt: buttons for small groups, selects for large ones,
    in pages when they do not fit in Discord's five rows. On the public ``board`` they are
    numbered by their place among ``indices`` instead of in the whole prompt. In a panel, a
    prompt's pick (several items as one move) comes first, as a select on every page
    (``picked`` is what was ticked so far on a paged one, ``pick_page`` the page of its list
    shown: its own pages turn apart from the panel's ``page``); a group with more
    moves than one select holds is offered in two steps when the renderer names them
    (``action_step``): first a select of steps, then, with ``step`` (the index of a move
    that begins with it), that step's moves and a way back. The board offers such a group
    the same way, its steps numbered by board place (an ``ActSelect`` of scope
    ``BOARD_STEP``), and keeps the steps in view beside the chosen step's moves."""
    view_ui = ui.View(timeout=None)
    shown = list(range(len(prompt.actions))) if indices is None else indices
    chosen_step = None if step is None else step_key(renderer, prompt, shown, step)
    if chosen_step is not None and not board:
        shown = [i for i in shown if chosen_step in renderer.action_steps(prompt.actions[i])]
        back = PanelPageButton(live.id, 0, plain(t("panel.previous", locale)))
        leading = [*(leading or []), back]
    number = {index: place for place, index in enumerate(shown)} if board else \
        {index: index for index in shown}
    scope = BOARD if board else PANEL
    check = public_check(prompt, [prompt.actions[i] for i in shown], 0) if board else \
        click_check(prompt)
    leading = leading or []
    for item in leading:
        item.row = 0
        view_ui.add_item(item)
    free_rows = MAX_ROWS - (1 if leading else 0)
    first_row = 1 if leading else 0
    if prompt.pick is not None and not board:
        used = _pick_rows(renderer, live, view, prompt, locale, view_ui, first_row, pick_page,
                          picked, check)
        first_row += used
        free_rows -= used
        # The listed samples of the pick are what the select makes: not shown twice.
        shown = [i for i in shown if not prompt.pick.accepts(prompt.actions[i])]
    # The board keeps its first steps in view beside the chosen step's moves (another step
    # is one click away); a panel at a step shows that step's moves and a way back.
    blocks = _blocks(renderer, live, view, prompt, shown, locale,
                     stepping=board or chosen_step is None,
                     chosen=chosen_step if board else None)
    paged = len(blocks) > free_rows
    per_page = free_rows - 1 if paged else free_rows
    pages = max(1, -(-len(blocks) // per_page))
    page = min(max(page, 0), pages - 1)
    for offset, block in enumerate(blocks[page * per_page:(page + 1) * per_page]):
        row = first_row + offset
        if block.steps and board:
            options = [discord.SelectOption(label=label[:100], value=str(number[index]),
                                            default=key == chosen_step)
                       for (index, label), key in zip(block.choices, block.keys, strict=True)]
            board_step = ActSelect(live.id, live.version, prompt.seat, row, options,
                                   plain(renderer.group_label(block.group, locale)),
                                   scope=BOARD_STEP, check=check)
            board_step.item.row = row
            view_ui.add_item(board_step)
        elif block.steps:
            options = [discord.SelectOption(label=label[:100], value=str(index))
                       for index, label in block.choices]
            chooser = StepSelect(live.id, prompt.seat, row, prompt_digest(prompt), options,
                                 plain(renderer.group_label(block.group, locale)))
            chooser.item.row = row
            view_ui.add_item(chooser)
        elif block.as_select:
            options = [discord.SelectOption(label=label[:100], value=str(number[index]))
                       for index, label in block.choices]
            select = ActSelect(live.id, live.version, prompt.seat, row, options,
                               plain(renderer.group_label(block.group, locale)),
                               scope=SELECT_SCOPE[scope], check=check)
            select.item.row = row
            view_ui.add_item(select)
        else:
            for index, label in block.choices:
                button = ActButton(live.id, live.version, prompt.seat, number[index], label,
                                   scope=scope, check=check)
                button.item.row = row
                # A standing answer is shown, not offered again: clicking it would change
                # nothing (the service refuses it if an old panel sends it anyway).
                button.item.disabled = renderer.already_chosen(view, prompt.actions[index])
                view_ui.add_item(button)
    if paged:
        nav_row = MAX_ROWS - 1
        if page > 0:
            back = PanelPageButton(live.id, page - 1, plain(t("panel.previous", locale)))
            back.item.row = nav_row
            view_ui.add_item(back)
        if page < pages - 1:
            more = PanelPageButton(live.id, page + 1, plain(t("panel.more", locale)))
            more.item.row = nav_row
            view_ui.add_item(more)
    return view_ui


def _pick_rows(renderer: Renderer, live: LiveMatch, view: Any, prompt: Prompt,
               locale: str | None, view_ui: ui.View, row: int, page: int,
               picked: tuple[str, ...], check: str) -> int:
    """Adds a prompt's pick at ``row``: one select when the options fit in one, else this
    page's select and a row to turn pages, clear and confirm. Returns the rows used."""
    pick = prompt.pick
    assert pick is not None
    count = pages(pick)
    page = min(max(page, 0), count - 1)
    placeholder = plain(renderer.pick_placeholder(live, view, prompt, locale))
    items = page_options(pick, page)
    options = [
        discord.SelectOption(label=plain(renderer.pick_label(live, view, item, locale))[:100],
                             value=str(offset), default=count > 1 and item in picked)
        for offset, item in enumerate(items)]
    if count == 1:
        select = PickSelect(live.id, live.version, prompt.seat, 0, options, placeholder,
                            low=pick.min, high=pick.max, check=check)
        select.item.row = row
        view_ui.add_item(select)
        return 1
    select = PickSelect(live.id, live.version, prompt.seat, page, options, placeholder,
                        low=0, high=len(items), check=check)
    select.item.row = row
    view_ui.add_item(select)
    ready = pick.min <= len(picked) <= pick.max
    buttons = [
        PickButton(live.id, live.version, prompt.seat, "go", max(page - 1, 0),
                   plain(t("panel.previous", locale)), check=check, disabled=page == 0),
        PickButton(live.id, live.version, prompt.seat, "go", min(page + 1, count - 1),
                   plain(t("panel.more", locale)), check=check, disabled=page >= count - 1),
        PickButton(live.id, live.version, prompt.seat, "clear", page,
                   plain(t("pick.clear", locale)), check=check, disabled=not picked),
        PickButton(live.id, live.version, prompt.seat, "ok", page,
                   plain(t("pick.confirm", locale, count=len(picked))),
                   discord.ButtonStyle.success, check=check, disabled=not ready),
    ]
    for button in buttons:
        button.item.row = row + 1
        view_ui.add_item(button)
    return 2


def question_view(
    renderer: Renderer,
    live: LiveMatch,
    view: Any,
    questions: list[tuple[Prompt, list[int], int]],
    locale: str | None,
    *,
    leading: list[ui.Item[Any]] | None = None,
) -> ui.View:
    """The board's components for questions put to several seats at once: each question once
    (``prompt`` is one of the seats asked it, ``indices`` its actions shown on the board, from
    board place ``first``), its choices numbered by their place among all the questions'
    choices. Their check is the question's public one, which every seat asked it shares. The
    caller has checked that they fit (``rows_needed``); nothing here pages."""
    view_ui = ui.View(timeout=None)
    for item in leading or []:
        item.row = 0
        view_ui.add_item(item)
    row = 1 if leading else 0
    for prompt, indices, first in questions:
        check = public_check(prompt, [prompt.actions[i] for i in indices], first)
        number = {index: first + offset for offset, index in enumerate(indices)}
        for block in _blocks(renderer, live, view, prompt, indices, locale):
            if block.as_select:
                options = [discord.SelectOption(label=label[:100], value=str(number[index]))
                           for index, label in block.choices]
                select = AskedSelect(live.id, live.version, row, options,
                                     plain(renderer.group_label(block.group, locale)), check=check)
                select.item.row = row
                view_ui.add_item(select)
            else:
                for index, label in block.choices:
                    button = AskedButton(live.id, live.version, number[index], label,
                                         check=check)
                    button.item.row = row
                    view_ui.add_item(button)
            row += 1
    return view_ui


LOBBY_BUTTON_ROWS = -(-len(LOBBY_OPS) // MAX_BUTTONS_PER_ROW)
# The option selects the lobby has room for under its buttons.
LOBBY_OPTION_SELECTS = MAX_ROWS - LOBBY_BUTTON_ROWS


def lobby_option_selects(live: LiveMatch, locale: str | None) -> list[LobbyOptionSelect]:
    """The selects that change the table's options, derived from the game's ``Options`` (see
    ``tables.lobby_options``): the toggles first, then the choices, as many as fit under the
    lobby's buttons."""
    game = live.record.game
    offered = lobby_options(game, LOBBY_OPTION_SELECTS)
    current = live.record.options
    selects: list[LobbyOptionSelect] = []
    if offered.toggles:
        toggles = [discord.SelectOption(label=plain(t(f"{game}.option.{name}", locale))[:100],
                                        value=name, default=bool(current.get(name)))
                   for name in offered.toggles]
        selects.append(LobbyOptionSelect(live.id, TOGGLES, 0, toggles,
                                         plain(t("lobby.options.toggles", locale))))
    for part, fields in enumerate(choice_parts(offered)):
        choices = [
            discord.SelectOption(
                label=(("✓ " if current.get(c.field) == value else "")
                       + choice_label(game, c, value, locale))[:100],
                value=encode_choice(c.field, value))
            for c in fields for value in c.values
        ]
        selects.append(LobbyOptionSelect(live.id, CHOICES, part, choices,
                                         plain(t("lobby.options.choices", locale))))
    for number, chosen in enumerate(offered.sets):
        ticked = set(current.get(chosen.field) or ())
        words = [discord.SelectOption(label=word_title(game, chosen.field, word, locale)[:100],
                                      value=word, default=word in ticked)
                 for word in chosen.words]
        selects.append(LobbyOptionSelect(live.id, SETS, number, words,
                                         plain(t(set_key(game, chosen.field), locale))))
    room = LOBBY_OPTION_SELECTS
    if len(selects) > room:
        log.warning("%s: %d option selects, the lobby shows %d", game, len(selects), room)
    return selects[:room]


def choice_label(game: str, choice: OptionChoice, value: Any, locale: str | None) -> str:
    """A choice's value in words (``place``: a number counted from 1, for fields counting
    seats from 0)."""
    number = value if isinstance(value, int) and not isinstance(value, bool) else 0
    return plain(t(choice_key(game, choice, value), locale, value=value, place=number + 1))


def lobby_view(live: LiveMatch, locale: str | None) -> ui.View:
    """The lobby's buttons, and the selects that change its options."""
    view = ui.View(timeout=None)
    styles = {
        "join": discord.ButtonStyle.success,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }
    for place, op in enumerate(LOBBY_OPS):
        button = LobbyButton(live.id, op, plain(t(f"lobby.button.{op}", locale)),
                             styles.get(op, discord.ButtonStyle.secondary))
        button.item.row = place // MAX_BUTTONS_PER_ROW
        view.add_item(button)
    for row, select in enumerate(lobby_option_selects(live, locale), start=LOBBY_BUTTON_ROWS):
        select.item.row = row
        view.add_item(select)
    return view
