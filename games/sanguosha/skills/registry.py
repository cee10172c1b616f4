"""Which seat has which skill right now."""

from __future__ import annotations

from games.sanguosha.heroes import HEROES
from games.sanguosha.state import SanguoshaState


def skills_of(state: SanguoshaState, seat: int) -> tuple[str, ...]:
    player = state.players[seat]
    if not player.hero or not state.options.heroes:
        return ()
    hero = HEROES[player.hero]
    if seat == state.lord and state.seats >= 5:
        return hero.skills + hero.lord_skills
    return hero.skills


def has_skill(state: SanguoshaState, seat: int, skill: str) -> bool:
    player = state.players[seat]
    return player.alive and skill in skills_of(state, seat)
