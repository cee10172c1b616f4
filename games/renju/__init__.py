"""Renju (连珠): five in a row on a 15×15 board, black's overlines, double fours and double
threes forbidden, with the designated openings, the swap and the two fifth moves."""

from games.registry import register
from games.renju.game import RenjuGame
from games.renju.options import Options

GAME = register(RenjuGame())

__all__ = ["GAME", "Options", "RenjuGame"]
