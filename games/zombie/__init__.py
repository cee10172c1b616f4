"""Zombie in My Pocket (口袋殭屍): a cooperative escape from a cursed house, one to eight players.

The game object is built here but not registered: the Discord table registers it.
"""

from games.zombie.game import ZombieGame
from games.zombie.options import Options

GAME = ZombieGame()

__all__ = ["GAME", "Options", "ZombieGame"]
