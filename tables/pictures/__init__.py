"""Board pictures drawn with Pillow: the Lifeboat boat, the Citadels cities.

A renderer returns a ``BoardPicture`` from ``Renderer.board_picture`` (None: the game has no
picture); the Desk attaches it to the board message (``docs/architecture.md``, Desk).
"""

from tables.pictures.picture import FILENAME, BoardPicture, draw

__all__ = ["FILENAME", "BoardPicture", "draw"]
