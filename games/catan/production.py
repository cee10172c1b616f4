"""Production: every hex showing the rolled number yields its resource to each settlement (1
card) and city (2) at its corners, except the hex the robber stands on.

The bank is short when it holds fewer cards of a resource than are owed: then no one gets that
resource this roll — unless a single player is owed it, who takes what the bank has left (the
published exception; docs/rules/catan.md). Other resources are paid as usual.
"""

from __future__ import annotations

from games.catan.board import HEX_CORNERS
from games.catan.cards import RESOURCES
from games.catan.context import Context
from games.catan.layout import facts


def produce(ctx: Context, total: int) -> None:
    state = ctx.state
    island = facts(state.island)
    owed: dict[str, dict[int, int]] = {}
    blocked = False
    for h in island.hexes_of_number.get(total, ()):
        if h == state.robber:
            blocked = True
            continue
        kind = island.resource[h]
        assert kind is not None
        for c in HEX_CORNERS[h]:
            owner = state.corner_owner[c]
            if owner >= 0:
                per_seat = owed.setdefault(kind, {})
                per_seat[owner] = per_seat.get(owner, 0) + (2 if state.corner_city[c] else 1)
    gains: dict[int, dict[str, int]] = {}
    shortages: list[str] = []
    for kind in RESOURCES:
        per_seat = owed.get(kind, {})
        if not per_seat:
            continue
        stock = len(state.bank[kind])
        if sum(per_seat.values()) > stock:
            shortages.append(kind)
            if len(per_seat) > 1 or stock == 0:
                continue
            # One player alone is owed it: the bank's last cards go to that player.
            per_seat = dict.fromkeys(per_seat, stock)
        for seat, n in sorted(per_seat.items()):
            ctx.from_bank(seat, kind, n)
            gains.setdefault(seat, {})[kind] = n
    state.production = gains
    state.shortages = shortages
    ctx.public("produced", number=total, gains={str(s): g for s, g in sorted(gains.items())},
               shortages=shortages, robbed_hex=state.robber if blocked else None)
