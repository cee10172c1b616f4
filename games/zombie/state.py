"""The complete state of a Zombie in My Pocket game and the small queries every module uses."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, PrivateAttr

from games.core.construct import copied
from games.core.lending import LendingState
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


class ZombieState(LendingState):
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

    # -- the containers a rule changes, owned first (games/core/lending.py) --------------------
    def own_list(self, name: Pile) -> list[str]:
        """The list field ``name``, to be changed."""
        owned: list[str] = self.own(name)
        return owned

    def own_player(self, seat: int) -> Player:
        """The player at ``seat`` (and its items), to be changed."""
        owned: Player = self.own_entry("players", seat, _player_copy)
        return owned

    def own_fight(self) -> Fight:
        """The fight in progress, to be changed."""
        assert self.fight is not None
        owned: Fight = self.own("fight", _fight_copy)
        return owned

    def own_windows(self) -> Windows:
        """The open windows, to be opened, answered or closed."""
        owned: Windows = self.own("windows", _windows_copy)
        return owned

    def own_tiles(self) -> list[PlacedTile]:
        """The placed tiles, to place one more (a placed tile is never changed)."""
        owned: list[PlacedTile] = self.own("tiles")
        return owned

    def own_openings(self) -> list[Opening]:
        """The openings, to add one (an opening is never changed)."""
        owned: list[Opening] = self.own("openings")
        return owned

    def own_refused(self) -> list[int]:
        """The seats that refused the totem this round, to add one."""
        owned: list[int] = self.own("totem_refused")
        return owned


# The lists of card and tile ids rules change during play.
Pile = Literal["deck", "discard", "house_stack", "yard_stack", "searched", "found", "plan"]


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


# Copies of the parts a rule owns (``ZombieState.own_player``, ``own_windows``, ``own_fight``):
# each part's lists copied one level deep, the rest shared (``copied``).
def _player_copy(player: Player) -> Player:
    return copied(player, {"items": player.items.copy()})


def _window_copy(window: Window) -> Window:
    return copied(window, {"answers": window.answers.copy(), "data": window.data.copy()})


def _windows_copy(windows: Windows) -> Windows:
    return copied(windows, {"stack": [_window_copy(w) for w in windows.stack]})


def _fight_copy(fight: Fight) -> Fight:
    return copied(fight, {"fighters": fight.fighters.copy(), "fled": fight.fled.copy()})


def clone(state: ZombieState) -> ZombieState:
    """A copy for ``apply`` to change: it holds this state's lists, players, windows and fight,
    lent until a rule owns one to change it (``own_list``, ``own_player``, ``own_windows``,
    ``own_fight``; games/core/lending.py). The placed tiles and openings are never changed,
    only added to, and the index of the tiles (``layout``) goes with the copy, as it checks
    that it still fits before it answers."""
    return state.lending_copy()
