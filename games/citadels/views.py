"""What a seat (or the public table) may see of a Citadels game.

The public view holds no secret by construction: hands are counts, hidden characters are
absent, face-down characters are a count. A seat's view adds ``me``: its hand, the character
cards it holds, its draft options and the face-down cards it put down itself.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from games.citadels.cards import CHARACTERS, character_card, character_of_card, district_of
from games.citadels.scoring import breakdown
from games.citadels.state import CitadelsState
from games.core.construct import assembled


class DistrictView(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    colour: str
    cost: int
    points: int
    beautified: bool = False


class PlayerView(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    gold: int
    hand_count: int
    city: list[DistrictView]
    completed: bool
    crown: bool
    characters: list[str]  # roles this seat has revealed this round


class TurnView(BaseModel):
    character: str
    rank: int
    holder: int
    actor: int
    stage: str
    gather_only: bool
    gathered: bool
    builds_left: int
    used: list[str]


class DraftView(BaseModel):
    seat: int  # who picks (or puts down) now
    move: str
    options: int  # how many cards that seat holds
    picked: list[int]  # character cards taken so far, by seat


class FinalView(BaseModel):
    characters: dict[int, list[str]]  # last round's character cards, by seat
    face_down: list[list[str]]  # every round's face-down cards
    hands: dict[int, list[str]]
    scores: dict[int, dict[str, float]]


class MeView(BaseModel):
    seat: int
    hand: list[DistrictView]
    characters: list[str]  # character cards held this round
    draft_options: list[str]
    set_down: list[str]  # character cards this seat put face down this round
    draft_seen: list[str]  # roles this seat was offered in this round's draft
    drawn: list[DistrictView]  # cards to choose from after drawing
    set_aside: list[DistrictView]  # cards the Magician is discarding
    peek: list[DistrictView]  # the hand the Wizard is looking at


class CitadelsView(BaseModel):
    seat: int | None
    phase: Literal["draft", "turns", "crown", "over"]
    round: int
    target: int
    crown: int
    deck_count: int
    lineup: list[str]  # the characters in this game, rank order
    removed: list[str]
    face_up: list[str]
    face_down_count: int
    players: list[PlayerView]
    completed: list[int]
    revealed: list[str]
    called: str | None  # the character being called now
    murdered: str | None
    robbed: str | None
    bewitched: str | None
    tax_pot: int
    acting: int | None  # the seat whose decision the game waits for
    draft: DraftView | None
    turn: TurnView | None
    graveyard_card: str | None
    final: FinalView | None
    # Seats in the order they were first offered characters this round (public: the table
    # watches the cards go round), for reading who may hold what.
    draft_order: list[int] = []
    bot_level: Literal["easy", "normal"] = "normal"  # how the table's bots play
    me: MeView | None = None


# Views are rebuilt for every decision a bot takes: the districts' (frozen) views are made
# once and shared, by whether the card carries the Artist's gold, then by card id.
_DISTRICT_VIEWS: tuple[dict[str, DistrictView], dict[str, DistrictView]] = ({}, {})


def _district(card: str, beautified: bool) -> DistrictView:
    return _DISTRICT_VIEWS[beautified].get(card) or _new_district_view(card, beautified)


def _new_district_view(card: str, beautified: bool) -> DistrictView:
    d = district_of(card)
    view = _DISTRICT_VIEWS[beautified][card] = DistrictView(
        id=card, name=d.name, colour=d.colour, cost=d.cost, points=d.points,
        beautified=beautified,
    )
    return view


_CARD_OF_ROLE: dict[str, str] = {name: character_card(name) for name in CHARACTERS}


def _district_views(state: CitadelsState, cards: list[str]) -> list[DistrictView]:
    """The views of ``cards``; while no district is beautified, each card's plain view."""
    if state.beautified:
        return [_district(card, card in state.beautified) for card in cards]
    plain = _DISTRICT_VIEWS[False]
    return [plain.get(card) or _new_district_view(card, False) for card in cards]


@lru_cache(maxsize=4096)
def _player_view(
    seat: int,
    gold: int,
    hand_count: int,
    city: tuple[str, ...],
    beautified: tuple[bool, ...],
    completed: bool,
    crown: bool,
    characters: tuple[str, ...],
) -> PlayerView:
    """A seat's public part; cities change seldom, so most of these are found in the cache.
    Built without validation (``assembled``): every value is of its field's type."""
    return assembled(PlayerView, {
        "seat": seat,
        "gold": gold,
        "hand_count": hand_count,
        "city": [_district(card, b) for card, b in zip(city, beautified, strict=True)],
        "completed": completed,
        "crown": crown,
        "characters": list(characters),
    })


def _revealed_roles(state: CitadelsState) -> dict[int, tuple[str, ...]]:
    """The roles each seat has revealed this round, in rank order."""
    revealed = state.revealed
    if not revealed:
        return {}
    # Who holds each card, read once (rather than a search of every seat's picks per role).
    holders: dict[str, int] = {}
    for seat, picks in enumerate(state.picks):
        for card in picks:
            holders.setdefault(card, seat)
    roles: dict[int, tuple[str, ...]] = {}
    for name in state.characters:
        if name in revealed:
            holder = holders.get(_CARD_OF_ROLE[name])
            if holder is not None:
                roles[holder] = (*roles.get(holder, ()), name)
    return roles


def acting_seat(state: CitadelsState) -> int | None:
    if state.phase == "over":
        return None
    if state.phase == "draft":
        return state.draft_steps[0][0] if state.draft_steps else None
    if state.phase == "crown":
        return state.crown_giver
    turn = state.turn
    if turn is None:
        return None
    if turn.stage == "graveyard":
        return turn.graveyard_seat
    if turn.stage == "tribute":
        return turn.tribute_seat
    return turn.actor


def view(state: CitadelsState, seat: int | None) -> CitadelsView:
    over = state.phase == "over"
    roles = _revealed_roles(state)
    beautified = state.beautified
    players = [
        _player_view(
            s,
            state.gold[s],
            len(state.hands[s]),
            tuple(city),
            tuple(card in beautified for card in city) if beautified else (False,) * len(city),
            s in state.completed,
            state.crown == s,
            roles.get(s, ()),
        )
        for s, city in enumerate(state.cities)
    ]
    turn = state.turn
    turn_view = None
    if turn is not None:
        turn_view = assembled(TurnView, {
            "character": turn.character,
            "rank": CHARACTERS[turn.character].rank,
            "holder": turn.holder,
            "actor": turn.actor,
            "stage": turn.stage,
            "gather_only": turn.gather_only,
            "gathered": turn.gathered,
            "builds_left": turn.builds_left,
            "used": list(turn.used),
        })
    draft = None
    if state.phase == "draft" and state.draft_steps:
        drafter, move = state.draft_steps[0]
        draft = assembled(DraftView, {
            "seat": drafter,
            "move": move,
            "options": len(state.draft_pool),
            "picked": [len(p) for p in state.picks],
        })
    called = None
    if state.phase == "turns" and 0 <= state.calling < len(state.characters):
        called = state.characters[state.calling]
    final = None
    if over:
        final = FinalView(
            characters={s: list(state.picks[s]) for s in range(state.seats)},
            face_down=[list(r) for r in state.face_down_log],
            hands={s: list(state.hands[s]) for s in range(state.seats)},
            scores={s: breakdown(state, s) for s in range(state.seats)},
        )
    face_down_count = len(state.face_down) + sum(len(c) for c in state.set_down.values())
    # Built without validation (``assembled``): every value is of its field's type, each list
    # a fresh one, and a view is built for a seat on every move (tests compare it with its
    # validated twin).
    return assembled(CitadelsView, {
        "seat": seat,
        "phase": state.phase,
        "round": state.round,
        "target": state.target,
        "crown": state.crown,
        "deck_count": len(state.deck),
        "lineup": list(state.characters),
        "removed": list(state.removed),
        "face_up": list(state.face_up),
        "face_down_count": face_down_count,
        "players": players,
        "completed": list(state.completed),
        "revealed": list(state.revealed),
        "called": called,
        "murdered": state.murdered,
        "robbed": state.robbed,
        "bewitched": state.bewitched,
        "tax_pot": state.tax_pot,
        "acting": acting_seat(state),
        "draft": draft,
        "turn": turn_view,
        "graveyard_card": turn.graveyard_card if turn is not None else None,
        "final": final,
        "draft_order": list(state.draft_seen),
        "bot_level": state.options.bot_level,
        "me": _me(state, seat) if seat is not None else None,
    })


def _me(state: CitadelsState, seat: int) -> MeView:
    turn = state.turn
    mine = turn is not None and turn.actor == seat
    drafting = state.phase == "draft" and state.draft_steps[:1] != [] and (
        state.draft_steps[0][0] == seat
    )
    peek: list[DistrictView] = []
    if mine and turn is not None and turn.stage == "peek" and turn.peek_target is not None:
        peek = _district_views(state, state.hands[turn.peek_target])
    return assembled(MeView, {
        "seat": seat,
        "hand": _district_views(state, state.hands[seat]),
        "characters": list(state.picks[seat]) if state.picks else [],
        "draft_options": list(state.draft_pool) if drafting else [],
        "set_down": list(state.set_down.get(seat, [])),
        "draft_seen": list(state.draft_seen.get(seat, [])),
        "drawn": _district_views(state, turn.drawn) if mine and turn else [],
        "set_aside": _district_views(state, turn.set_aside) if mine and turn else [],
        "peek": peek,
    })


def secrets(state: CitadelsState, seat: int) -> set[str]:
    """The hidden ids ``seat`` knows right now; nothing once the game is over."""
    if state.phase == "over":
        return set()
    hidden = set(state.hands[seat])
    turn = state.turn
    if turn is not None and turn.stage == "peek" and turn.actor == seat \
            and turn.peek_target is not None:
        hidden.update(state.hands[turn.peek_target])  # the Wizard is looking at this hand
    if state.picks:
        hidden.update(
            card for card in state.picks[seat] if character_of_card(card).name not in state.revealed
        )
    hidden.update(state.set_down.get(seat, []))
    if state.phase == "draft" and state.draft_steps and state.draft_steps[0][0] == seat:
        hidden.update(state.draft_pool)
    if turn is not None and turn.actor == seat:
        hidden.update(turn.drawn)
        hidden.update(turn.set_aside)
    return hidden
