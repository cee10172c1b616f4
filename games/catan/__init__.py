"""Catan (卡坦岛): the base game for 3–4 players, with trading at the table."""

from games.catan.game import Catan
from games.registry import register

GAME = register(Catan())

__all__ = ["GAME", "Catan"]
