"""What each seat may see: the public table, plus its own hand, identity and hero offers."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from games.core.construct import whole
from games.core.memo import Memo
from games.sanguosha.distance import attack_range, distances_from
from games.sanguosha.identities import identity_of_card
from games.sanguosha.options import Options
from games.sanguosha.skills.registry import skills_of
from games.sanguosha.state import SanguoshaState
from games.sanguosha.use import judging_name


class SeatRow(BaseModel):
    # Frozen: views built from states that quiet passes made share their rows.
    model_config = ConfigDict(frozen=True)

    seat: int
    hero: str
    kingdom: str
    gender: str
    skills: list[str]
    hp: int
    max_hp: int
    alive: bool
    # Only once face up: the lord's from the start, the others' at death or at the end.
    identity: str | None
    identity_card: str | None
    hand_count: int
    # Hand cards everyone saw arrive face up.
    shown_hand: list[str]
    equips: dict[str, str]
    # Delayed tricks, oldest first, as [card id, the trick it counts as].
    judging: list[list[str]]
    # During hero selection: whether this seat has made its secret choice.
    has_chosen: bool
    kills: list[int]


class Waiting(BaseModel):
    topic: str
    mode: str
    seats: list[int]
    data: dict[str, Any]


class PublicView(BaseModel):
    options: Options
    seats: list[SeatRow]
    lord: int
    current: int
    phase: str
    round: int
    deck_count: int
    discard_count: int
    discard_top: list[str]
    processing: list[str]
    grace: list[str]
    waiting: Waiting | None
    deaths: list[int]
    # From the current player: the distance to each seat (None for itself and the dead) and
    # its attack range, for the board's distance marks.
    distances: list[int | None]
    attack_range: int
    # deeds[a][b] > 0: a has harmed b more than helped (public behaviour).
    deeds: list[list[int]]
    # intent[a][b]: a's choices aimed at b, harm minus help (games/sanguosha/intent.py).
    intent: list[list[int]] = Field(default_factory=list)
    result_side: str | None
    winners: list[int]
    viewer: int | None = None


class Me(BaseModel):
    seat: int
    identity: str
    identity_card: str
    hand: list[str]
    offers: list[str] = Field(default_factory=list)
    chosen: str = ""
    peek: list[str] = Field(default_factory=list)
    # The seat's per-turn counters (Slashes used this play phase…).
    flags: dict[str, int] = Field(default_factory=dict)


class SeatView(PublicView):
    me: Me


# Rows by what they show; the bound is the engines' usual one (games/core/memo.py).
_ROWS: Memo[tuple[Any, ...], SeatRow] = Memo(10_000)

M = TypeVar("M", bound=BaseModel)


def _build(cls: type[M], **fields: Any) -> M:
    """A view model straight from its values, which all come from the validated state (pydantic's
    validation, or even ``model_construct``, would cost most of a move)."""
    return _make(cls, fields)


# ``_build`` from a dict of every field, which the model keeps.
_make = whole


def _row(state: SanguoshaState, seat: int) -> SeatRow:
    """A seat's public row, shared with every view whose seat looks the same (rows are
    frozen): most moves change one or two seats, and the view is built for every move."""
    fields = state.__dict__
    p = fields["players"][seat].__dict__  # read as a dict: see ``build_view``
    hand = p["hand"]
    shown = tuple(c for c in p["shown"] if c in hand) if p["shown"] else ()
    judging = p["judging"]
    key = (
        seat,
        p["hero"],
        p["kingdom"],
        p["gender"],
        p["hp"],
        p["max_hp"],
        p["alive"],
        p["identity_card"] if p["revealed"] else None,
        len(hand),
        shown,
        tuple(p["equips"].items()),
        tuple(judging),
        tuple(p["judging_as"].items()) if judging else (),
        bool(p["chosen"]),
        tuple(p["kills"]),
        # What ``skills_of`` reads besides the hero.
        fields["options"].__dict__["heroes"],
        seat == fields["lord"] and fields["seats"] >= 5,
    )
    row = _ROWS.get(key)
    if row is None:
        row = _ROWS.remember(key, _new_row(state, seat))
    return row


def _new_row(state: SanguoshaState, seat: int) -> SeatRow:
    p = state.players[seat]
    # Built without validation: every value comes from the validated state.
    return _build(
        SeatRow,
        seat=seat,
        hero=p.hero,
        kingdom=p.kingdom,
        gender=p.gender,
        skills=list(skills_of(state, seat)),
        hp=p.hp,
        max_hp=p.max_hp,
        alive=p.alive,
        identity=p.identity if p.revealed else None,
        identity_card=p.identity_card if p.revealed else None,
        hand_count=len(p.hand),
        shown_hand=[c for c in p.shown if c in p.hand],
        equips=dict(p.equips),
        judging=[[c, judging_name(p, c)] for c in p.judging],
        has_chosen=bool(p.chosen or p.hero),
        kills=list(p.kills),
    )


def _rows(state: SanguoshaState) -> tuple[list[SeatRow], list[int | None], int]:
    """Every seat's row, the current player's distances and attack range.

    A state fresh from ``apply`` holds these parts of the state it was copied from
    (``clone``), with that state's players, which no rule changes afterwards: a seat whose
    player equals the one before, field for field, keeps its row (a row shows nothing but its
    player's fields and what a match never changes), and only the seats a move touched are
    looked up again. Distances and range read only the current player and each seat's hero,
    life and equipment: while those stay, they stay too. The parts are kept on the state for
    the next copy."""
    private = state.__pydantic_private__
    fields = state.__dict__
    players = fields["players"]
    current = fields["current"]
    before = None if private is None else private.get("_before")
    if before is None:
        rows = [_row(state, seat) for seat in range(fields["seats"])]
        same_reach = False
    else:
        old_players, (old_rows, old_current, old_distances, old_reach) = before
        assert private is not None
        rows = []
        same_reach = current == old_current
        for seat, p in enumerate(players):
            old_row = old_rows[seat]
            old = old_players[seat]
            # A player no rule changed is still the one before (``state.own_player``).
            if p is old or p.__dict__ == old.__dict__:
                rows.append(old_row)
                continue
            row = _row(state, seat)
            rows.append(row)
            if same_reach and row is not old_row and (
                row.alive != old_row.alive or row.equips != old_row.equips
                or row.hero != old_row.hero
            ):
                same_reach = False
        private["_before"] = None
    if same_reach:
        distances, reach = list(old_distances), old_reach
    else:
        distances = [None] * state.seats if current < 0 else distances_from(state, current)
        reach = attack_range(state, current) if current >= 0 else 1
    if private is not None:
        private["_rows"] = (rows, current, distances, reach)
    return rows, distances, reach


def _table(state: SanguoshaState) -> dict[str, Any]:
    """The view's fields that are the same for every viewer and do not depend on the window."""
    fields = state.__dict__  # read as a dict: see ``build_view``
    result = fields["result"]
    rows, distances, reach = _rows(state)
    discard = fields["discard"]
    return dict(
        options=fields["options"],
        seats=rows,
        lord=fields["lord"],
        current=fields["current"],
        phase=fields["phase"],
        round=fields["round"],
        deck_count=len(fields["deck"]),
        discard_count=len(discard),
        discard_top=discard[-5:],
        processing=list(fields["processing"]),
        grace=list(fields["grace"]),
        deaths=list(fields["deaths"]),
        distances=list(distances),
        attack_range=reach,
        # Rows the rules replace rather than change (``intent.py``): shared, not copied.
        deeds=list(fields["deeds"]),
        intent=list(fields["intent"]),
        result_side=result.side if result else None,
        winners=list(result.winners) if result else [],
    )


def _table_of(state: SanguoshaState) -> dict[str, Any]:
    """``_table``, kept under ``_table`` by a state a quiet pass made (``window_pass``), which
    hands it on to the next such pass: only the window changed, and ``waiting`` is apart."""
    private = state.__pydantic_private__
    if private is None or "_table" not in private:
        return _table(state)
    table: dict[str, Any] | None = private["_table"]
    if table is None:
        table = private["_table"] = _table(state)
    return table


def build_view(state: SanguoshaState, seat: int | None) -> PublicView:
    # The models' fields are read from their ``__dict__``: built for every move, and each
    # attribute of a pydantic model goes through its ``__getattr__`` hook.
    fields = state.__dict__
    stack = fields["windows"].__dict__["stack"]
    waiting = None
    if stack:
        window = stack[-1]
        asking = window.__dict__
        waiting = _make(
            Waiting,
            {
                "topic": asking["topic"],
                "mode": asking["mode"],
                "seats": list(window.asked()),
                "data": dict(asking["data"]),
            },
        )
    public: dict[str, Any] = {**_table_of(state), "waiting": waiting, "viewer": seat}
    if seat is None:
        return _make(PublicView, public)
    p = fields["players"][seat].__dict__
    public["me"] = _make(
        Me,
        {
            "seat": seat,
            "identity": identity_of_card(p["identity_card"]),
            "identity_card": p["identity_card"],
            "hand": list(p["hand"]),
            "offers": list(p["offers"]),
            "chosen": p["chosen"],
            "peek": list(p["peek"]),
            "flags": dict(p["flags"]),
        },
    )
    return _make(SeatView, public)


def secrets(state: SanguoshaState, seat: int) -> set[str]:
    p = state.players[seat]
    hidden = (set(p.hand) - set(p.shown)) | set(p.offers) | set(p.peek)
    if p.chosen:
        hidden.add(p.chosen)
    if not p.revealed:
        hidden.add(p.identity_card)
    return hidden
