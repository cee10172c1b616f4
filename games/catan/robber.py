"""The 7 and the robber.

A 7 rolled: every player holding more than 7 resource cards gives half of them (rounded down)
back to the bank, all at once, each choosing in secret (a ``together`` window: every seat asked
keeps the same question until the last has chosen, and may change its choice until then; the
choices are shown together). Then the roller moves the robber to another hex and robs one
random card from a player with a settlement or city on it. A knight moves the robber the same
way, without the discards.

The friendly robber (an option): the robber may not go next to a player with 2 points or fewer,
nor rob one; when no hex is left it goes to the desert.
"""

from __future__ import annotations

from games.catan.board import HEX_CORNERS, HEX_COUNT
from games.catan.cards import HAND_LIMIT, RESOURCES, kind_of
from games.catan.context import Context, move_card
from games.catan.state import CatanState, hand_size, public_points
from games.core.construct import copied

DISCARD = "discard"
FRIENDLY_POINTS = 2


def seven(ctx: Context) -> None:
    state = ctx.state
    owing = {seat: hand_size(state, seat) // 2 for seat in range(state.seats)
             if hand_size(state, seat) > HAND_LIMIT}
    state.resume = "main"
    if not owing:
        state.stage = "robber"
        return
    state.windows = copied(state.windows, {"stack": []})  # a copy's own, not shared
    state.windows.open(DISCARD, "together", sorted(owing),
                       counts={str(seat): n for seat, n in owing.items()})
    state.stage = "discard"
    ctx.public("discard_asked", counts={str(seat): n for seat, n in sorted(owing.items())})


def discard_counts(state: CatanState) -> dict[int, int]:
    """Who must give how many cards back, while the discards are being chosen."""
    window = state.windows.top
    if state.stage != "discard" or window is None:
        return {}
    return {int(seat): n for seat, n in window.data["counts"].items()}


def chosen_discard(state: CatanState, seat: int) -> tuple[str, ...] | None:
    """The cards ``seat`` has chosen to give back so far (its secret), if any."""
    window = state.windows.top
    if state.stage != "discard" or window is None or seat not in window.answers:
        return None
    return tuple(window.answers[seat].split(","))


def commit_discard(ctx: Context, seat: int, cards: tuple[str, ...]) -> None:
    state = ctx.state
    window = state.windows.commit(seat, ",".join(cards))
    ctx.private(seat, "discard_chosen", seat=seat, cards=list(cards))
    if any(s not in window.answers for s in window.seats):
        return
    state.windows.close()
    given: dict[str, dict[str, int]] = {}
    for s in window.seats:
        chosen = window.answers[s].split(",")
        per_kind: dict[str, int] = {}
        for card in chosen:
            kind = kind_of(card)
            move_card(state.own_hand(s), state.own("bank"), card)
            per_kind[kind] = per_kind.get(kind, 0) + 1
        given[str(s)] = {k: per_kind[k] for k in RESOURCES if k in per_kind}
    ctx.public("discarded", discards=given)
    state.stage = "robber"


# -- the robber --------------------------------------------------------------------------------


def _sheltered(state: CatanState, seat: int) -> bool:
    return state.options.friendly_robber and public_points(state, seat) <= FRIENDLY_POINTS


def robber_hexes(state: CatanState) -> list[int]:
    """Where the robber may go: any other hex (the desert too); with the friendly robber, none
    next to a player with 2 points or fewer (the desert when no hex is left)."""
    hexes = [h for h in range(HEX_COUNT) if h != state.robber]
    if state.options.friendly_robber:
        hexes = [h for h in hexes if not any(
            state.corner_owner[c] >= 0 and _sheltered(state, state.corner_owner[c])
            for c in HEX_CORNERS[h])]
        if not hexes:
            hexes = [state.island.desert]
    return hexes


def victims(state: CatanState, seat: int, hex_: int) -> list[int]:
    """Players ``seat`` may rob at ``hex_``: a building there and a card in hand."""
    found = {state.corner_owner[c] for c in HEX_CORNERS[hex_]} - {-1, seat}
    return sorted(v for v in found
                  if hand_size(state, v) > 0 and not _sheltered(state, v))


def start_robber(ctx: Context, resume: str) -> None:
    state = ctx.state
    state.resume = resume  # type: ignore[assignment]
    state.stage = "robber"


def move_robber(ctx: Context, seat: int, hex_: int, victim: int | None) -> None:
    state = ctx.state
    state.robber = hex_
    ctx.public("robber", seat=seat, hex=hex_)
    if victim is not None:
        hand = sorted(card for kind in RESOURCES for card in state.hands[victim][kind])
        card = ctx.rng.choice(hand)
        kind = kind_of(card)
        move_card(state.own_hand(victim), state.own_hand(seat), card)
        ctx.private((seat, victim), "stolen", thief=seat, victim=victim, resource=kind,
                    card=card)
        ctx.public("robbed", thief=seat, victim=victim)
    state.stage = state.resume
