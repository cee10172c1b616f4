"""Zombie in My Pocket (口袋殭屍): a cooperative escape from a cursed house, one to eight
players."""

from games.registry import register
from games.zombie.game import ZombieGame
from games.zombie.options import Options

GAME = register(ZombieGame())

__all__ = ["GAME", "Options", "ZombieGame"]
