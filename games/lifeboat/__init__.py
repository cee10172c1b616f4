"""Lifeboat (救生艇): survive the voyage, save the one you love, sink the one you hate."""

from games.lifeboat.game import LifeboatGame
from games.lifeboat.options import Options
from games.registry import register

GAME = register(LifeboatGame())

__all__ = ["GAME", "LifeboatGame", "Options"]
