"""Haunt (Marrowgate House): explore a house that turns on you; one of you turns with it."""

from games.haunt.game import HauntGame
from games.haunt.options import Options
from games.registry import register

GAME = register(HauntGame())

__all__ = ["GAME", "HauntGame", "Options"]
