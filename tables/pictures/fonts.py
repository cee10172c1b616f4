"""The typeface every picture is set in: Noto Sans CJK (Simplified Chinese face), which has the
Latin letters, digits and Chinese characters a board shows, in every weight (a variable font).

It comes from the ``manimgx-fonts-cjk`` package (SIL Open Font License 1.1), a dependency in
pyproject.toml, so every machine that installs the project draws Chinese the same way.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path

from PIL import ImageFont

FONT_PACKAGE = "manimgx_fonts_cjk"
FONT_FILE = "NotoSansCJK-VF.otf.ttc"
# The collection holds one face per region; the Simplified Chinese one draws zh_CN as readers
# in China expect (the JP face differs in some glyph shapes).
FACE_NAME = "Noto Sans CJK SC"
REGULAR = 400
MEDIUM = 500
BOLD = 700


def font_path() -> Path:
    return Path(str(files(FONT_PACKAGE).joinpath(FONT_FILE)))


@cache
def face_index() -> int:
    """The collection's index of the Simplified Chinese face."""
    path = str(font_path())
    index = 0
    while True:
        try:
            face = ImageFont.truetype(path, 12, index=index)
        except OSError:
            raise LookupError(f"{FACE_NAME} is not in {path}") from None
        if face.getname()[0] == FACE_NAME:
            return index
        index += 1


@cache
def font(size: int, weight: int = REGULAR) -> ImageFont.FreeTypeFont:
    """The face at ``size`` pixels and ``weight`` (100–900). Shared: draw with it on one
    thread at a time (``tables.pictures.picture`` draws every picture on one thread)."""
    face = ImageFont.truetype(str(font_path()), size, index=face_index(),
                              layout_engine=ImageFont.Layout.BASIC)
    face.set_variation_by_axes([weight])
    return face
