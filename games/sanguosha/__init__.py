"""Sanguosha (三国杀), identity mode: lord, loyalists, rebels and renegade. Importing the
package registers the game."""

from games.registry import register
from games.sanguosha.game import SanguoshaGame
from games.sanguosha.options import Options

GAME = SanguoshaGame()
register(GAME)

__all__ = ["GAME", "Options", "SanguoshaGame"]
