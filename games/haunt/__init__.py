"""Haunt (Marrowgate House): explore a house that turns on you; one of you turns with it.

The game object is not registered here: the Discord table comes later. Import ``GAME``."""

from games.haunt.game import HauntGame
from games.haunt.options import Options

GAME = HauntGame()

__all__ = ["GAME", "HauntGame", "Options"]
