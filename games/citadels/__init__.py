"""Citadels (富饶之城): the secret character draft and district building, base game and the
expansion characters. Importing the package registers the game."""

from games.citadels.game import Citadels
from games.registry import register

GAME = Citadels()
register(GAME)

__all__ = ["GAME", "Citadels"]
