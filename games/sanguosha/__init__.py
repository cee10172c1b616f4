"""Sanguosha (三国杀), identity mode: lord, loyalists, rebels and renegade.

The game object is built here but not yet registered with ``games.registry``.
"""

from games.sanguosha.game import SanguoshaGame
from games.sanguosha.options import Options

GAME = SanguoshaGame()

__all__ = ["GAME", "Options", "SanguoshaGame"]
