"""The map's pieces as the state holds them: a tile laid in the house or the yard, and an
opening between two tiles. Only ever appended to the state, never changed (``layout`` relies
on it)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from games.zombie.tiles import TILES, Area


class PlacedTile(BaseModel):
    tile: str
    x: int
    y: int
    turns: int = 0

    @property
    def area(self) -> Area:
        return TILES[self.tile].area


class Opening(BaseModel):
    """A way between two tiles whatever their sides say: a broken wall, the window."""

    kind: Literal["wall", "window"]
    a: str
    b: str
