"""Board pictures drawn with Pillow: the Lifeboat boat, the Citadels cities.

A game's words return a ``BoardPicture`` from ``Words.board_picture`` (``tables.words``; None:
the game has no picture); the Desk attaches it to the board message and the replay page shows
it (``docs/architecture.md``, Desk).
"""

from tables.pictures.picture import FILENAME, BoardPicture, draw

__all__ = ["FILENAME", "BoardPicture", "draw"]
