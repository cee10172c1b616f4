"""Which seat has which skill right now."""

from __future__ import annotations

from functools import cache

from games.sanguosha.heroes import HEROES
from games.sanguosha.state import SanguoshaState


@cache
def _skills(hero_id: str, lord: bool) -> tuple[str, ...]:
    hero = HEROES[hero_id]
    return hero.skills + hero.lord_skills if lord else hero.skills


# Both read the state's fields from its ``__dict__``: the rules, prompts and views ask them
# several times a move, and each attribute read of a pydantic model goes through its
# ``__getattr__`` hook, several times the cost of a plain object's.
def skills_of(state: SanguoshaState, seat: int) -> tuple[str, ...]:
    fields = state.__dict__
    hero = fields["players"][seat].__dict__["hero"]
    if not hero or not fields["options"].__dict__["heroes"]:
        return ()
    return _skills(hero, seat == fields["lord"] and fields["seats"] >= 5)


def has_skill(state: SanguoshaState, seat: int, skill: str) -> bool:
    fields = state.__dict__
    player = fields["players"][seat].__dict__
    hero = player["hero"]
    if not player["alive"] or not hero:
        return False
    if skill not in _skills(hero, seat == fields["lord"] and fields["seats"] >= 5):
        return False
    heroes: bool = fields["options"].__dict__["heroes"]
    return heroes
