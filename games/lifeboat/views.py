"""What a seat (or the table) may know, as pydantic models for the renderer and the bot.

The public view holds only what lies open on the table: counts stand for hidden cards. A
seat's view adds ``me`` (its love and hate, hand, and the cards only it is looking at). Once
the game is over, ``results`` reveals every seat's cards and score breakdown.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from games.core.construct import assembled
from games.core.memo import Memo
from games.lifeboat.birds import BIRDS_TO_LAND
from games.lifeboat.cards import CHARACTERS, EVERYONE, NAVIGATION, love_card
from games.lifeboat.cards import hate_card as hate_card_id
from games.lifeboat.fight import side_strength
from games.lifeboat.options import Options
from games.lifeboat.scoring import breakdown
from games.lifeboat.state import LifeboatState, Status, awake_characters, status_of

Phase = Literal["supply", "action", "navigation", "over"]

_PHASES: dict[str, Phase] = {
    "round_start": "supply",
    "supply": "supply",
    "action_start": "action",
    "turn_next": "action",
    "turn": "action",
    "rowing": "action",
    "demand": "action",
    "vote": "action",
    "fight": "action",
    "over": "over",
}


class NavCardView(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    birds: int
    overboard: list[str] | Literal["everyone"]
    thirsty: list[str] | Literal["everyone"]
    thirsty_except: list[str]
    row: bool
    fight: bool


def _nav_view(card_id: str) -> NavCardView:
    card = NAVIGATION[card_id]
    return NavCardView(
        id=card.id,
        birds=card.birds,
        overboard=EVERYONE if card.overboard == EVERYONE else list(card.overboard),
        thirsty=EVERYONE if card.thirsty == EVERYONE else list(card.thirsty),
        thirsty_except=list(card.thirsty_except),
        row=card.row,
        fight=card.fight,
    )


NAV_VIEWS: dict[str, NavCardView] = {card_id: _nav_view(card_id) for card_id in NAVIGATION}


class CharacterView(BaseModel):
    """Shared between views when nothing changed: frozen, never modify its lists."""

    model_config = ConfigDict(frozen=True)

    id: str
    seat: int
    size: int  # effective size (one more in the shark variant)
    survival: int
    wounds: int
    status: Status
    place: int | None  # 0 = bow; None once lost
    face_up: list[str]
    parasol_open: bool
    hand_count: int
    row_marker: bool
    fight_marker: bool


class DemandView(BaseModel):
    kind: Literal["swap", "rob", "cannibalism"]
    attacker: str
    target: str  # for cannibalism: the body
    card: str | None  # rob: a face-up card id or "hand"; cannibalism: the card used


class FightView(BaseModel):
    attackers: list[str]
    defenders: list[str]
    ready: list[str]
    attack: int  # current strength of each side (sizes + face-up weapons)
    defence: int


class VoteView(BaseModel):
    waiting: list[str]
    objectors: list[str]
    allowers: list[str]


class WindowView(BaseModel):
    kind: Literal["overboard", "thirst"]
    waiting: list[str]
    ghosts: list[str]
    swimmers: list[str]
    chum_thrown: bool
    ghost_callers: list[str]
    thirst: dict[str, int]


class SeatResult(BaseModel):
    seat: int
    character: str
    love: str
    hate: str
    hand: list[str]
    face_up: list[str]
    survival: float
    valuables: float
    loved: float
    hated: float
    total: float


class Results(BaseModel):
    seats: list[SeatResult]
    winners: list[int]


class PublicView(BaseModel):
    game: Literal["lifeboat"] = "lifeboat"
    viewer: int | None
    options: Options
    round: int
    phase: Phase
    stage: str
    boat: list[CharacterView]
    lost: list[CharacterView]
    birds: int
    birds_to_land: int
    supply_count: int
    navigation_count: int
    rowed_count: int
    discard: list[str]
    revealed: NavCardView | None
    turn_order: list[str]
    actor: str | None
    supply_picker: str | None
    packet_count: int
    drawn_count: int
    navigator: str | None
    candidate_count: int
    compass_used: bool
    demand: DemandView | None
    fight: FightView | None
    vote: VoteView | None
    window: WindowView | None
    waiting_for: list[int]  # seats the game waits for (blocking prompts)
    # "doer>receiver" -> help minus harm the whole table saw (games/lifeboat/regard.py)
    regard: dict[str, int] = {}
    results: Results | None


class MeView(BaseModel):
    seat: int
    character: str
    love: str
    hate: str
    love_card: str
    hate_card: str
    hand: list[str]
    packet: list[str]
    drawn: list[NavCardView]
    candidates: list[NavCardView]


class SeatView(PublicView):
    me: MeView


_CHARACTER_VIEWS: Memo[tuple[object, ...], CharacterView] = Memo(10_000)  # see prompts.py


def _characters(state: LifeboatState, characters: list[str]) -> list[CharacterView]:
    """Each character's public facts; identical facts share one (frozen) view object.

    Called for the boat and the lost on every view, so the state's dicts are read once into
    locals and a row is only built when its facts were never seen.
    """
    fields = state.__dict__
    boat = fields["boat"]
    seat_of = fields["seat_of"]
    sizes = fields["sizes"]
    wounds = fields["wounds"]
    face_ups = fields["face_up"]
    hands = fields["hand"]
    parasol = fields["parasol_open_by"]
    rowers = fields["row_markers"]
    fighters = fields["fight_markers"]
    # The boat's own rows are at their index in it (no search for each).
    aboard = characters is boat
    rows: list[CharacterView] = []
    for index, character in enumerate(characters):
        face_up = face_ups[character]
        key = (
            character,
            seat_of[character],
            sizes[character],
            wounds[character],
            index if aboard else boat.index(character) if character in boat else None,
            tuple(face_up),
            parasol == character,
            len(hands[character]),
            character in rowers,
            character in fighters,
        )
        view = _CHARACTER_VIEWS.get(key)
        if view is None:
            view = _character_view(state, key, face_up)
        rows.append(view)
    return rows


def _character_view(
    state: LifeboatState, key: tuple[Any, ...], face_up: list[str]
) -> CharacterView:
    character = key[0]
    view = assembled(
        CharacterView,
        {
            "id": character,
            "seat": key[1],
            "size": key[2],
            "survival": CHARACTERS[character].survival,
            "wounds": key[3],
            "status": status_of(state, character),
            "place": key[4],
            "face_up": face_up.copy(),
            "parasol_open": key[6],
            "hand_count": key[7],
            "row_marker": key[8],
            "fight_marker": key[9],
        },
    )
    return _CHARACTER_VIEWS.remember(key, view)


def waiting_characters(state: LifeboatState) -> list[str]:
    """The characters (or ghosts) the game waits for, in boat order where it has one."""
    stage = state.stage
    if stage == "supply" and state.picker:
        return [state.picker]
    if stage in ("turn", "rowing") and state.actor:
        return [state.actor]
    if stage == "demand" and state.demand:
        return [state.demand.target]
    if stage == "vote" and state.vote:
        return state.vote.waiting.copy()
    if stage == "fight" and state.fight:
        ready = state.fight.ready
        return [c for c in awake_characters(state) if c not in ready]
    if stage == "navigate" and state.navigator:
        return [state.navigator]
    if stage in ("overboard", "thirst") and state.window:
        return state.window.waiting + state.window.ghosts
    return []


def public_fields(state: LifeboatState, viewer: int | None) -> dict[str, Any]:
    # The state's fields read from its dict: some thirty reads on every view.
    fields = state.__dict__
    fight = fields["fight"]
    window = fields["window"]
    demand = fields["demand"]
    vote = fields["vote"]
    stage = fields["stage"]
    lost = fields["lost"]
    revealed = fields["revealed"]
    return {
        "game": "lifeboat",
        "viewer": viewer,
        "options": fields["options"],
        "round": fields["round"],
        "phase": _PHASES.get(stage, "navigation"),
        "stage": stage,
        "boat": _characters(state, fields["boat"]),
        "lost": _characters(state, lost) if lost else [],
        "birds": fields["birds"],
        "birds_to_land": BIRDS_TO_LAND,
        "supply_count": len(fields["supply"]),
        "navigation_count": len(fields["navigation"]),
        "rowed_count": len(fields["rowed"]),
        "discard": fields["discard"].copy(),
        "revealed": NAV_VIEWS[revealed] if revealed else None,
        "turn_order": fields["turn_order"].copy(),
        "actor": fields["actor"],
        "supply_picker": fields["picker"],
        "packet_count": len(fields["packet"]),
        "drawn_count": len(fields["drawn"]),
        "navigator": fields["navigator"],
        "candidate_count": len(fields["candidates"]),
        "compass_used": fields["compass_used"],
        "demand": assembled(
            DemandView,
            {"kind": demand.kind, "attacker": demand.actor, "target": demand.target,
             "card": demand.card},
        )
        if demand
        else None,
        "fight": assembled(
            FightView,
            {
                "attackers": fight.attackers.copy(),
                "defenders": fight.defenders.copy(),
                "ready": fight.ready.copy(),
                "attack": side_strength(state, fight.attackers),
                "defence": side_strength(state, fight.defenders),
            },
        )
        if fight
        else None,
        "vote": assembled(
            VoteView,
            {
                "waiting": vote.waiting.copy(),
                "objectors": vote.objectors.copy(),
                "allowers": vote.allowers.copy(),
            },
        )
        if vote
        else None,
        "window": assembled(
            WindowView,
            {
                "kind": window.kind,
                "waiting": window.waiting.copy(),
                "ghosts": window.ghosts.copy(),
                "swimmers": window.swimmers.copy(),
                "chum_thrown": window.chum_thrown,
                "ghost_callers": window.ghost_callers.copy(),
                "thirst": dict(window.thirst),
            },
        )
        if window
        else None,
        "waiting_for": sorted({fields["seat_of"][c] for c in waiting_characters(state)}),
        "regard": fields["regard"].copy(),
        "results": _results(state) if stage == "over" else None,
    }


def _results(state: LifeboatState) -> Results:
    rows = []
    for seat in range(state.seats):
        character = state.character_of[seat]
        parts = breakdown(state, seat)
        rows.append(
            SeatResult(
                seat=seat,
                character=character,
                love=state.loves[seat],
                hate=state.hates[seat],
                hand=state.hand[character].copy(),
                face_up=state.face_up[character].copy(),
                total=sum(parts.values()),
                **parts,
            )
        )
    best = max(row.total for row in rows)
    return Results(seats=rows, winners=[row.seat for row in rows if row.total == best])


def build_view(state: LifeboatState, seat: int | None) -> PublicView:
    fields = public_fields(state, seat)
    if seat is None:
        return assembled(PublicView, fields)
    facts = state.__dict__
    character = facts["character_of"][seat]
    stage = facts["stage"]
    looking = stage != "over"
    love = facts["loves"][seat]
    hate = facts["hates"][seat]
    me = assembled(
        MeView,
        {
            "seat": seat,
            "character": character,
            "love": love,
            "hate": hate,
            "love_card": love_card(love),
            "hate_card": hate_card_id(hate),
            "hand": facts["hand"][character].copy(),
            "packet": facts["packet"].copy()
            if looking and facts["picker"] == character
            else [],
            "drawn": [NAV_VIEWS[c] for c in facts["drawn"]]
            if looking and facts["actor"] == character and stage == "rowing"
            else [],
            "candidates": [NAV_VIEWS[c] for c in facts["candidates"]]
            if looking and facts["navigator"] == character
            else [],
        },
    )
    fields["me"] = me
    return assembled(SeatView, fields)
