"""The state of a Sanguosha game: seats, card zones, the resolution stack and its windows."""

from __future__ import annotations

import sys
from typing import Any

from pydantic import BaseModel, Field, model_validator

from games.core import StateBase
from games.core.construct import assembled, every_field, set_fields_set, set_private
from games.core.windows import Windows
from games.sanguosha.identities import Identity, identity_of_card
from games.sanguosha.options import Options


class Player(BaseModel):
    seat: int
    identity_card: str
    # The hero in play, public once every hero is revealed; ``chosen`` holds a secret pick.
    hero: str = ""
    chosen: str = ""
    offers: list[str] = Field(default_factory=list)
    kingdom: str = ""
    gender: str = ""
    hp: int = 0
    max_hp: int = 0
    alive: bool = True
    # Whether the identity is face up (the lord's from the start, others' at death).
    revealed: bool = False
    hand: list[str] = Field(default_factory=list)
    # Hand cards the whole table saw arrive (taken face up): no secret while they stay.
    shown: list[str] = Field(default_factory=list)
    # slot -> card id.
    equips: dict[str, str] = Field(default_factory=dict)
    # Delayed tricks waiting for judgement, oldest first.
    judging: list[str] = Field(default_factory=list)
    # Card ids lying in ``judging`` as another trick than their face (Guose's ♦ Indulgence).
    judging_as: dict[str, str] = Field(default_factory=dict)
    # Cards only this player is looking at (Guanxing's view of the deck's top).
    peek: list[str] = Field(default_factory=list)
    # Counters that last one turn (Slashes used, skills used) or until cleared (skip_play).
    flags: dict[str, int] = Field(default_factory=dict)
    # Seats this player killed, in order.
    kills: list[int] = Field(default_factory=list)

    @property
    def identity(self) -> Identity:
        return identity_of_card(self.identity_card)

    def cards_count(self) -> int:
        return len(self.hand) + len(self.equips) + len(self.judging)


class Frame(BaseModel):
    """One step of resolution waiting on the stack: a turn, a card's use, a dying player…

    ``op`` names the handler (see ``flow.py``); ``step`` is how far it got; ``d`` its data
    (JSON values only, so the state round-trips exactly). When a frame finishes, its result is
    written to its parent's ``d[ret]``.
    """

    op: str
    step: int = 0
    ret: str = ""
    d: dict[str, Any] = Field(default_factory=dict)


class Result(BaseModel):
    side: str  # "lord" (with the loyalists), "rebel", "renegade" or "draw"
    winners: list[int]


class SanguoshaState(StateBase):
    options: Options = Field(default_factory=Options)
    players: list[Player] = Field(default_factory=list)
    lord: int = 0
    # The draw pile, top card last.
    deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    # Cards being used or played, face up, until they settle.
    processing: list[str] = Field(default_factory=list)
    # Amazing Grace's revealed cards still to be taken.
    grace: list[str] = Field(default_factory=list)
    frames: list[Frame] = Field(default_factory=list)
    windows: Windows = Field(default_factory=Windows)
    current: int = -1
    phase: str = "heroes"
    round: int = 0
    deaths: list[int] = Field(default_factory=list)
    killers: dict[int, int] = Field(default_factory=dict)
    # Public behaviour: deeds[a][b] > 0 when a harmed b more than it helped (first-death
    # protection's "attacked").
    deeds: list[list[int]] = Field(default_factory=list)
    # Public choices aimed at others, harm minus help (``intent.py``): what the bots read.
    intent: list[list[int]] = Field(default_factory=list)
    # Three-survivor countdown: the round at which only three were left (-1: not yet).
    three_left_round: int = -1
    reshuffles: int = 0
    result: Result | None = None

    @model_validator(mode="after")
    def _share_repeated_parts(self) -> SanguoshaState:
        if len(self.intent) != self.seats:
            # A state saved before the record existed starts it empty.
            self.__dict__["intent"] = [[0] * self.seats for _ in range(self.seats)]
        share_repeated_parts(self)
        return self

    def forget_pending(self) -> None:
        """Drops the prompts and the view's rows kept on this state (it is about to change
        in place); the rows of the state a fresh copy came from stay (``clone``)."""
        private = self.__pydantic_private__
        if private is None:
            self._pending = None
        else:
            private["_pending"] = None
            private.pop("_rows", None)
            private.pop("_table", None)

    def living(self) -> list[int]:
        # A player's seat is its place in the list.
        return [seat for seat, p in enumerate(self.players) if p.alive]

    def living_from(self, seat: int, include: bool = True) -> list[int]:
        """Living seats in turn order starting at ``seat`` (itself first when included)."""
        players = self.players
        count = self.seats
        if not 0 <= seat < count:
            seat %= count
        start = seat if include else seat + 1
        return [s for s in (*range(start, count), *range(seat)) if players[s].alive]

    def next_living(self, seat: int) -> int:
        for i in range(1, self.seats + 1):
            candidate = (seat + i) % self.seats
            if self.players[candidate].alive:
                return candidate
        return seat

    def frame_data(self) -> dict[str, Any]:
        return self.frames[-1].d


_CONTAINERS = (list, dict)


# -- memory of a parsed state ------------------------------------------------------------------
# A state parsed from its snapshot (every match after a restart) would otherwise hold its own
# copy of every card id and key, and each of its models its own set of the fields given: more
# than half of its memory. Interned strings are shared by every match; a model given every field
# shares one set of them with the others of its class (pydantic only ever adds to that set a
# name it already holds).
_intern = sys.intern


def _share_fields_set(model: BaseModel) -> None:
    every = every_field(type(model))
    if model.__pydantic_fields_set__ == every:
        set_fields_set(model, every)


def _interned(value: Any) -> Any:
    """``value`` with its strings interned, through lists and dicts one level deep."""
    if type(value) is str:
        return _intern(value)
    if type(value) is list:
        return [_intern(v) if type(v) is str else v for v in value]
    if type(value) is dict:
        return {
            _intern(k) if type(k) is str else k: _intern(v) if type(v) is str else v
            for k, v in value.items()
        }
    return value


def share_repeated_parts(state: SanguoshaState) -> None:
    for model in (state, state.options, state.windows, *state.windows.stack, *state.frames):
        _share_fields_set(model)
    if state.result is not None:
        _share_fields_set(state.result)
    fields = state.__dict__
    for name in ("deck", "discard", "processing", "grace"):
        fields[name] = _interned(fields[name])
    for player in state.players:
        _share_fields_set(player)
        d = player.__dict__
        for name, value in d.items():
            d[name] = _interned(value)
    for frame in state.frames:
        frame.__dict__["d"] = {_intern(k): _interned(v) for k, v in frame.d.items()}
    for window in state.windows.stack:
        window.__dict__["data"] = {_intern(k): _interned(v) for k, v in window.data.items()}


def _thaw(data: dict[str, Any]) -> dict[str, Any]:
    """A copy of a frame's or window's data: its lists and dicts copied, one level deep (the
    only depth the rules use), leaves shared (they are immutable)."""
    return {k: v.copy() if type(v) in _CONTAINERS else v for k, v in data.items()}



def shallow(model: Any) -> Any:
    """A field-for-field copy of a pydantic model without pydantic's copy machinery."""
    return assembled(type(model), dict(model.__dict__), model.__pydantic_fields_set__)


def _copy_player(player: Player) -> Player:
    d = player.__dict__
    # ``offers``, ``shown``, ``peek``, ``kills`` and ``judging_as`` are shared: the rules only
    # ever replace them, never change them in place.
    fields = d.copy()
    fields["hand"] = d["hand"].copy()
    fields["judging"] = d["judging"].copy()
    fields["equips"] = d["equips"].copy()
    fields["flags"] = d["flags"].copy()
    return assembled(Player, fields, player.__pydantic_fields_set__)


def _copy_frame(frame: Frame) -> Frame:
    d = frame.__dict__
    fields = d.copy()
    fields["d"] = _thaw(d["d"])
    return assembled(Frame, fields, frame.__pydantic_fields_set__)


def own_player(state: SanguoshaState, seat: int) -> Player:
    """``seat``'s player, for a rule to change: a copy of its own in place of one this state
    still shares with the state it was copied from (``clone``). A move changes one or two
    players, so a copy shares the others. Every change to a player goes through here, and a
    rule that reads a player, lets another rule change it, then reads it again takes it from
    here first: the object it holds stays the one the state holds."""
    private = state.__pydantic_private__
    players = state.players
    if private is not None:
        shared: set[int] | None = private.get("_shared_players")
        if shared and seat in shared:
            shared.discard(seat)
            players[seat] = _copy_player(players[seat])
    return players[seat]


def own_seats(state: SanguoshaState) -> list[int]:
    """The seats whose players this state holds as its own: those a rule changed since the
    copy (``own_player``), or every seat of a state that is no copy."""
    private = state.__pydantic_private__
    shared = None if private is None else private.get("_shared_players")
    if not shared:
        return list(range(len(state.players)))
    return [seat for seat in range(len(state.players)) if seat not in shared]


def own_players(state: SanguoshaState) -> list[Player]:
    """Every player, for changes to any of them (a twin redeals every hand)."""
    for seat in range(len(state.players)):
        own_player(state, seat)
    return state.players


def own_top(state: SanguoshaState) -> Frame:
    """The top frame, for a rule to change: a copy of its own in place of one this state
    still shares with the state it was copied from (``clone``). Frames are only ever
    changed at the top (a step, an answer, a child's result), so the shared ones are always
    the bottom of the stack."""
    return own_top_of(state.frames, state.__pydantic_private__)


def own_top_of(frames: list[Frame], private: dict[str, Any] | None) -> Frame:
    """``own_top`` given the state's frames and private store, for a caller that holds them
    already (``flow.run`` steps a frame many times a move)."""
    top = len(frames) - 1
    if private is not None and top < private.get("_shared_frames", 0):
        frames[top] = _copy_frame(frames[top])
        private["_shared_frames"] = top
    return frames[top]


def clone(state: SanguoshaState) -> SanguoshaState:
    """A copy that shares nothing the rules change in place but the players and the frames,
    each until a rule changes it (``own_player``, ``own_top``): much faster than a generic
    deep copy."""
    copied: SanguoshaState = shallow(state)
    # The state's fields as a dict: each attribute of a pydantic model costs a ``__getattr__``
    # hook, and this runs on every move.
    fields = copied.__dict__
    players, frames, windows = fields["players"], fields["frames"], fields["windows"]
    stack = windows.__dict__["stack"]
    before = state.__pydantic_private__
    rows = None if before is None else before.get("_rows")
    set_private(copied, {
        "_pending": None,
        # The view's rows (and reach) of ``state`` with its players, for the copy's view to
        # keep those of the seats a move leaves alone (``views._rows``).
        "_before": None if rows is None else (players, rows),
        # Frames are shared until a rule changes one (``own_top``): a move changes only the
        # top frame or two, and the frames below stay as they were.
        "_shared_frames": len(frames),
        # Likewise the players, by seat (``own_player``).
        "_shared_players": set(range(len(players))),
    })
    fields["players"] = list(players)
    fields["deck"] = fields["deck"].copy()
    fields["discard"] = fields["discard"].copy()
    fields["processing"] = fields["processing"].copy()
    fields["grace"] = fields["grace"].copy()
    fields["deaths"] = fields["deaths"].copy()
    fields["killers"] = fields["killers"].copy()
    # Their rows are replaced, never changed, by the rules (``intent.py``): shared.
    fields["deeds"] = list(fields["deeds"])
    fields["intent"] = list(fields["intent"])
    fields["frames"] = list(frames)
    windows = shallow(windows)
    copies = []
    for window in stack:
        new_window = shallow(window)
        new_window.__dict__["data"] = _thaw(window.data)
        new_window.__dict__["answers"] = dict(window.answers)
        copies.append(new_window)
    windows.__dict__["stack"] = copies
    fields["windows"] = windows
    return copied
