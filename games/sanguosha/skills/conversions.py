"""Skills that let a card count as another ("any red card as a Slash"), gathered for the
play phase and for answers. Each converting skill registers itself here."""

from __future__ import annotations

from collections.abc import Callable

from games.sanguosha.skills.registry import has_skill
from games.sanguosha.state import SanguoshaState

# (skill, name it makes, which of the seat's cards qualify, usable in the play phase,
#  usable as an answer)
Qualifying = Callable[[SanguoshaState, int], list[str]]
Converter = tuple[str, str, Qualifying, bool, bool]

CONVERTERS: list[Converter] = []


def converter(
    skill: str, name: str, *, play: bool = True, respond: bool = True
) -> Callable[[Qualifying], Qualifying]:
    def register(fn: Qualifying) -> Qualifying:
        CONVERTERS.append((skill, name, fn, play, respond))
        return fn

    return register


def play_conversions(state: SanguoshaState, seat: int) -> list[tuple[tuple[str, ...], str, str]]:
    out: list[tuple[tuple[str, ...], str, str]] = []
    for skill, name, cards, play, _ in CONVERTERS:
        if play and has_skill(state, seat, skill):
            out.extend(((c,), name, skill) for c in cards(state, seat))
    return out


def answer_conversions(
    state: SanguoshaState, seat: int, want: str
) -> list[tuple[tuple[str, ...], str]]:
    out: list[tuple[tuple[str, ...], str]] = []
    for skill, name, cards, _, respond in CONVERTERS:
        if respond and name == want and has_skill(state, seat, skill):
            out.extend(((c,), skill) for c in cards(state, seat))
    return out
