"""Attacks after the haunt, damage, stealing, ranged shots, monsters, death."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.haunt import GAME
from games.haunt.actions import Attack, Steal, TakeDamage
from games.haunt.options import Options
from games.haunt.state import DamageOwed, HauntState
from tests.games.haunt.builders import act, haunted, keys, new_game, place, set_value, with_seed


def _duel() -> tuple[HauntState, int, int]:
    """Burial Bargain at 4: the hero whose turn it is stands with the traitor."""
    state = haunted("burial-bargain", 4, revealer=0)
    hero, traitor = state.current, state.traitor
    assert traitor is not None and hero != traitor
    state.seat(traitor).room = state.seat(hero).room
    state.forget_pending()
    return state, hero, traitor


def _rolls(events):  # type: ignore[no-untyped-def]
    return [e.params["total"] for e in events if e.key == "haunt.attack_roll"]


def test_no_attacks_before_the_haunt() -> None:
    state = new_game(3, options=Options(today="03-01"))
    prompt = GAME.prompt_for(state, 0)
    assert prompt is not None and not any(isinstance(a, Attack) for a in prompt.actions)


def test_might_against_might_the_loser_takes_the_difference() -> None:
    state, hero, traitor = _duel()
    attack = Attack(seat=hero, target=f"seat:{traitor}", trait="might")

    def hero_wins_by_one(trial: HauntState) -> bool:
        mine, theirs = _rolls(GAME.apply(trial, attack).events)
        return mine - theirs == 1

    state = with_seed(state, hero_wins_by_one)
    state, _events = act(state, attack)
    assert state.damage == [DamageOwed(seat=traitor, kind="physical", amount=1)]
    prompt = GAME.pending(state)[0]
    assert prompt.seat == traitor and prompt.clock == "response"
    assert {a.trait for a in prompt.actions if isinstance(a, TakeDamage)} == {"might", "speed"}


def test_a_tie_hurts_nobody() -> None:
    state, hero, traitor = _duel()
    attack = Attack(seat=hero, target=f"seat:{traitor}", trait="might")
    state = with_seed(state, lambda t: len(set(_rolls(GAME.apply(t, attack).events))) == 1)
    state, events = act(state, attack)
    assert state.damage == [] and "haunt.attack_tie" in keys(events)


def test_an_attacker_who_loses_takes_the_damage() -> None:
    state, hero, traitor = _duel()
    attack = Attack(seat=hero, target=f"seat:{traitor}", trait="might")

    def hero_loses(trial: HauntState) -> bool:
        mine, theirs = _rolls(GAME.apply(trial, attack).events)
        return mine < theirs

    state = with_seed(state, hero_loses)
    state, _ = act(state, attack)
    assert state.damage[0].seat == hero


def test_the_loser_spreads_the_damage_step_by_step() -> None:
    state, _hero, traitor = _duel()
    state.damage.append(DamageOwed(seat=traitor, kind="mental", amount=2))
    state.forget_pending()
    sanity, knowledge = (state.seat(traitor).marks[t] for t in ("sanity", "knowledge"))
    state, _ = act(state, TakeDamage(seat=traitor, trait="sanity"))
    state, _ = act(state, TakeDamage(seat=traitor, trait="knowledge"))
    assert state.seat(traitor).marks["sanity"] == sanity - 1
    assert state.seat(traitor).marks["knowledge"] == knowledge - 1
    assert state.damage == []


def test_a_hit_of_two_or_more_may_steal_an_item_instead_of_damage() -> None:
    state, hero, traitor = _duel()
    state.seat(traitor).cards.append("crowbar")
    set_value(state, hero, "might", 7)
    attack = Attack(seat=hero, target=f"seat:{traitor}", trait="might")

    def big_hit(trial: HauntState) -> bool:
        mine, theirs = _rolls(GAME.apply(trial, attack).events)
        return mine - theirs >= 2

    state = with_seed(state, big_hit)
    state, _ = act(state, attack)
    prompt = GAME.pending(state)[0]
    assert prompt.kind == "steal" and prompt.seat == hero
    state, _events = act(state, Steal(seat=hero, card="crowbar"))
    assert "crowbar" in state.seat(hero).cards and state.damage == []


def test_mental_attacks_need_a_card_that_allows_them() -> None:
    state, hero, _traitor = _duel()
    prompt = GAME.prompt_for(state, hero)
    assert prompt is not None
    assert {a.trait for a in prompt.actions if isinstance(a, Attack)} == {"might"}
    state.seat(hero).cards.append("hollow-bell")
    state.forget_pending()
    prompt = GAME.prompt_for(state, hero)
    assert prompt is not None
    assert {a.trait for a in prompt.actions if isinstance(a, Attack)} == {"might", "sanity"}


def test_a_ranged_attack_reaches_along_a_straight_line_and_a_miss_costs_nothing() -> None:
    state, hero, traitor = _duel()
    place(state, "four-way-passage", "ground", 0, 2)
    state.seat(hero).room = "entrance-hall"
    state.seat(traitor).room = "four-way-passage"
    state.seat(hero).cards.append("flintlock")
    state.forget_pending()
    shot = Attack(seat=hero, target=f"seat:{traitor}", trait="speed", ranged=True)
    prompt = GAME.prompt_for(state, hero)
    assert prompt is not None and shot in prompt.actions

    def miss(trial: HauntState) -> bool:
        mine, theirs = _rolls(GAME.apply(trial, shot).events)
        return mine < theirs

    state = with_seed(state, miss)
    state, _ = act(state, shot)
    assert state.damage == []


def test_a_monster_hit_is_stunned_not_killed() -> None:
    state = haunted("gardeners-debt", 4, revealer=0)
    hero = state.current
    piece = state.monsters[0]
    state.seat(hero).room = piece.room
    set_value(state, hero, "might", 7)
    state.forget_pending()
    attack = Attack(seat=hero, target=piece.id, trait="might")

    def hits(trial: HauntState) -> bool:
        mine, theirs = _rolls(GAME.apply(trial, attack).events)
        return mine > theirs

    count = len(state.monsters)
    state = with_seed(state, hits)
    state, events = act(state, attack)
    assert state.monster(piece.id).stunned and "haunt.monster_stunned" in keys(events)
    assert len(state.monsters) == count


def test_a_monster_cannot_be_attacked_with_a_trait_it_lacks() -> None:
    state = haunted("moth-queen", 4, revealer=0)
    hero = state.current
    state.seat(hero).room = state.monsters[0].room
    state.forget_pending()
    prompt = GAME.prompt_for(state, hero)
    assert prompt is not None
    assert not [
        a for a in prompt.actions if isinstance(a, Attack) and not a.target.startswith("seat:")
    ]


def test_nobody_dies_before_the_haunt() -> None:
    state = new_game(3, options=Options(today="03-01"))
    set_value(state, 0, "might", 1)
    set_value(state, 0, "speed", 0)
    state.damage.append(DamageOwed(seat=0, kind="physical", amount=3))
    state.forget_pending()
    prompt = GAME.pending(state)[0]
    assert [a.trait for a in prompt.actions if isinstance(a, TakeDamage)] == ["might"]
    state, _ = act(state, TakeDamage(seat=0, trait="might"))
    # Both physical traits rest one step above the skull; the rest of the damage is lost.
    assert state.seat(0).marks == {**state.seat(0).marks, "might": 0, "speed": 0}
    assert state.seat(0).alive and state.damage == []
    assert GAME.pending(state)[0].kind == "turn"


def test_after_the_haunt_a_step_onto_the_skull_is_offered_only_when_unavoidable() -> None:
    """Seed: "若无可避免地人物的某项能力下降到骷髅skull图案,则该人物即已死亡" — damage kills only
    when no other trait of its kind can take the step."""
    state, hero, _traitor = _duel()
    set_value(state, hero, "might", 0)
    set_value(state, hero, "speed", 1)
    state.damage.append(DamageOwed(seat=hero, kind="physical", amount=2))
    state.forget_pending()
    prompt = GAME.pending(state)[0]
    assert [a.trait for a in prompt.actions if isinstance(a, TakeDamage)] == ["speed"]
    with pytest.raises(IllegalAction):
        GAME.apply(state, TakeDamage(seat=hero, trait="might"))
    state, _ = act(state, TakeDamage(seat=hero, trait="speed"))
    # Now both traits stand one step above the skull: the second step kills whichever it takes.
    prompt = GAME.pending(state)[0]
    assert sorted(a.trait for a in prompt.actions if isinstance(a, TakeDamage)) == [
        "might",
        "speed",
    ]
    state, events = act(state, TakeDamage(seat=hero, trait="speed"))
    assert not state.seat(hero).alive and "haunt.died" in keys(events)


def test_after_the_haunt_a_trait_at_the_skull_kills_and_leaves_a_pile() -> None:
    state, hero, _traitor = _duel()
    set_value(state, hero, "might", 0)
    set_value(state, hero, "speed", 0)
    state.seat(hero).cards += ["crowbar", "stray-cat"]
    state.damage.append(DamageOwed(seat=hero, kind="physical", amount=1))
    state.forget_pending()
    state, events = act(state, TakeDamage(seat=hero, trait="might"))
    assert not state.seat(hero).alive and "haunt.died" in keys(events)
    assert sorted(state.piles[state.seat(hero).room]) == ["crowbar", "stray-cat"]


def test_a_companion_left_by_the_dead_follows_the_first_to_arrive() -> None:
    state, hero, _traitor = _duel()
    state.piles["upper-landing"] = ["stray-cat"]
    from games.haunt.actions import Move

    state.seat(hero).room = "entrance-hall"
    state.forget_pending()
    state, _ = act(state, Move(seat=hero, to="upper-landing"))
    assert "stray-cat" in state.seat(hero).cards and "upper-landing" not in state.piles
