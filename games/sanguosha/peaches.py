"""Whether a Peach may be used at all: the older edition's one-on-one rule."""

from __future__ import annotations

from games.sanguosha.state import SanguoshaState


def peach_barred(state: SanguoshaState) -> bool:
    """With ``no_peach_one_on_one``, neither of the last two living players may use a Peach
    (nor a card used as one), to heal or to save."""
    return state.options.no_peach_one_on_one and len(state.living()) == 2
