"""The complete state of a Zombie in My Pocket game and the small queries every module uses."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, PrivateAttr

from games.core import StateBase
from games.core.construct import assembled, every_field
from games.core.windows import Window, Windows
from games.zombie.layout import Layout
from games.zombie.options import Options
from games.zombie.placed import Opening, PlacedTile
from games.zombie.tiles import Area

Stage = Literal[
    "auto",  # the engine works through ``plan`` by itself
    "lead",  # the leader chooses the round: cower, move, explore or a room action
    "turn",  # the leader turns the drawn tile
    "victim",  # the leader names who loses 1 (the window, a broken wall)
    "item",  # the leader takes the item drawn or lets it go
    "other_item",  # the leader picks an item the team has not found yet
    "fight",  # every living player commits to fight or flee (a together window)
    "arms",  # holders of the chainsaw or of the candle's fuel decide (an in-order window)
    "remainder",  # the leader settles the damage that does not divide evenly
    "rescue",  # the Concoction's holder may save a dying player (an in-order window)
    "bequest",  # the dead leave their items and the totem to a living player
    "flee",  # the leader leads the fleeing team to an explored neighbour
    "totem",  # the leader names who carries the totem
    "over",
]

Result = Literal["won", "lost"]
Totem = Literal["hidden", "held", "buried"]


class Player(BaseModel):
    health: int
    items: list[str] = Field(default_factory=list)
    alive: bool = True
    # Players who die at the same moment share a number; the highest died last.
    death: int | None = None


class Fight(BaseModel):
    zombies: int
    fighters: list[int] = Field(default_factory=list)
    fled: list[int] = Field(default_factory=list)
    revved: bool = False
    burned: bool = False
    damage: int = 0


class ZombieState(StateBase):
    options: Options = Field(default_factory=Options)
    extra_zombies: int
    players: list[Player]
    leader: int
    round: int = 1
    hour: int = 9
    deck: list[str]
    discard: list[str] = Field(default_factory=list)
    reshuffles: int = 0
    tiles: list[PlacedTile]
    openings: list[Opening] = Field(default_factory=list)
    at: str
    house_stack: list[str]
    yard_stack: list[str]
    totem: Totem = "hidden"
    totem_holder: int | None = None
    # The holder's open offer of the totem: it changes hands only when the receiver accepts.
    totem_offer: int | None = None
    totem_offer_from: int | None = None
    # Who refused the totem this round: its holder does not offer it to them again until the
    # next round (an offer refused is a question answered).
    totem_refused: list[int] = Field(default_factory=list)
    searched: list[str] = Field(default_factory=list)
    found: list[str] = Field(default_factory=list)
    chainsaw_fuel: int = 0
    deaths: int = 0
    stage: Stage = "auto"
    plan: list[str] = Field(default_factory=list)
    windows: Windows = Field(default_factory=Windows)
    ask: int = 0  # counts the questions put, so a question asked again gets a new id
    # What the current round is in the middle of.
    drawn_tile: str | None = None
    drawn_from: str | None = None  # the direction from ``at`` the drawn tile goes
    breach: bool = False  # the drawn tile goes behind a broken wall
    victim_for: Literal["window", "wall"] | None = None
    offered_item: str | None = None
    fight: Fight | None = None
    round_action: str | None = None  # the leader's choice for this round (its action kind)
    held_on: bool = True  # nobody met zombies, or a fighter is still standing
    result: Result | None = None

    # The placed tiles indexed (``layout``): shared by the copies whose tiles still match.
    _layout: Layout | None = PrivateAttr(default=None)


def living(state: ZombieState) -> list[int]:
    return [seat for seat, p in enumerate(state.players) if p.alive]


def clockwise_from(state: ZombieState, start: int) -> list[int]:
    """Living seats, starting at ``start`` (if alive) and going clockwise."""
    players = state.players
    seats = state.seats
    return [seat for k in range(seats) if players[seat := (start + k) % seats].alive]


def acting_leader(state: ZombieState) -> int:
    """The leader, or the next living player clockwise if the leader has fallen this round."""
    # ``clockwise_from(state, state.leader)[0]`` without the list: asked several times a move.
    players = state.players
    seats = state.seats
    leader = state.leader
    for k in range(seats):
        seat = (leader + k) % seats
        if players[seat].alive:
            return seat
    return leader


def layout(state: ZombieState) -> Layout:
    """The index of the state's placed tiles (read from pydantic's private store directly, as
    ``Game.pending`` reads its cache: this runs several times a move)."""
    private = state.__pydantic_private__
    found = None if private is None else private.get("_layout")
    if found is None or not found.fits(state.tiles, state.openings):
        found = Layout(state.tiles, state.openings)
        if private is None:
            state._layout = found
        else:
            private["_layout"] = found
    return found


def tile_at(state: ZombieState, area: Area, x: int, y: int) -> PlacedTile | None:
    return layout(state).cells.get((area, x, y))


def placed(state: ZombieState, tile_id: str) -> PlacedTile | None:
    return layout(state).ids.get(tile_id)


def here(state: ZombieState) -> PlacedTile:
    tile = placed(state, state.at)
    assert tile is not None
    return tile


def holder_of(state: ZombieState, item: str) -> int | None:
    for seat, player in enumerate(state.players):
        if player.alive and item in player.items:
            return seat
    return None


def new_question(state: ZombieState, stage: Stage) -> None:
    state.stage = stage
    state.ask += 1


_set = object.__setattr__
_new = object.__new__


# The fields each copy replaces, so counted as set (as ``model_copy(update=...)`` counts them).
_ITEMS = frozenset(("items",))
_WINDOW_PARTS = frozenset(("answers", "data"))
_STACK = frozenset(("stack",))
_FIGHT_PARTS = frozenset(("fighters", "fled"))
_STATE_PARTS = frozenset(("players", "deck", "discard", "tiles", "openings", "house_stack",
                          "yard_stack", "searched", "found", "plan", "windows", "fight",
                          "totem_refused"))


def _marked(model: BaseModel, parts: frozenset[str]) -> set[str]:
    """The copy's set fields: the model's and ``parts``. A model with every field set (a
    player, a fight, the windows, as the rules make them) shares its class's one set of them
    (``every_field``), as ``assembled`` gives: one set fewer to make, keep and free for each
    model copied on every move. Pydantic only ever adds a name to it, one it already holds."""
    fields_set = model.__pydantic_fields_set__
    every = every_field(type(model))
    if fields_set is every:
        return every
    merged = fields_set | parts
    return every if len(merged) == len(every) else merged


def _player_copy(player: Player) -> Player:
    fields = player.__dict__.copy()
    fields["items"] = fields["items"].copy()
    return assembled(Player, fields, _marked(player, _ITEMS))


def _window_copy(window: Window) -> Window:
    fields = window.__dict__.copy()
    fields["answers"] = fields["answers"].copy()
    fields["data"] = fields["data"].copy()
    return assembled(Window, fields, _marked(window, _WINDOW_PARTS))


def _windows_copy(windows: Windows) -> Windows:
    fields = windows.__dict__.copy()
    fields["stack"] = [_window_copy(w) for w in fields["stack"]]
    return assembled(Windows, fields, _marked(windows, _STACK))


def _fight_copy(fight: Fight) -> Fight:
    fields = fight.__dict__.copy()
    fields["fighters"] = fields["fighters"].copy()
    fields["fled"] = fields["fled"].copy()
    return assembled(Fight, fields, _marked(fight, _FIGHT_PARTS))


def clone(state: ZombieState) -> ZombieState:
    """A copy sharing nothing the rules change: every list and sub-model the rules mutate is
    copied, the never-changed placed tiles and openings are shared, and so is the index of
    the tiles (``layout``), which checks that it still fits before it answers. It is
    ``model_copy(update=...)`` of those parts without its bookkeeping (``copied``), with the
    pending prompts forgotten."""
    fields = state.__dict__.copy()
    fields["players"] = [_player_copy(p) for p in fields["players"]]
    for name in ("deck", "discard", "tiles", "openings", "house_stack", "yard_stack",
                 "searched", "found", "plan", "totem_refused"):
        fields[name] = fields[name].copy()
    fields["windows"] = _windows_copy(fields["windows"])
    fight = fields["fight"]
    if fight is not None:
        fields["fight"] = _fight_copy(fight)
    copy = _new(ZombieState)
    _set(copy, "__dict__", fields)
    _set(copy, "__pydantic_fields_set__", _marked(state, _STATE_PARTS))
    _set(copy, "__pydantic_extra__", None)
    # Pydantic never keeps an unset private attribute in the store (``copied`` would drop it).
    private = state.__pydantic_private__
    _set(copy, "__pydantic_private__", None if private is None else private.copy())
    copy.forget_pending()
    return copy
