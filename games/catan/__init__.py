"""Catan (卡坦岛): the base game for 3–4 players, with trading at the table.

The package is not registered yet: ``GAME`` is the game object, and hosting it is registering
it (``games.registry``) once its table (words, picture, cog) exists.
"""

from games.catan.game import Catan

GAME = Catan()

__all__ = ["GAME", "Catan"]
