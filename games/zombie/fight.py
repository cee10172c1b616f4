"""Fight or flee: the secret commitments, the reveal, the items, the damage and the dying.

Every living player commits in a together window. While it is open every one of them keeps the
same question, so nobody can tell who has already chosen (and anyone may change their mind);
the last commitment reveals all of them at once.
"""

from __future__ import annotations

import random

from games.core import Event
from games.zombie.board import walkable_neighbours
from games.zombie.cards import ITEMS, SODA_HEALS
from games.zombie.events import note
from games.zombie.health import dying, heal, standing, wound
from games.zombie.state import (
    Fight,
    ZombieState,
    acting_leader,
    clockwise_from,
    holder_of,
    living,
    new_question,
)

FIGHT = "fight"
ARMS = "arms"
RESCUE = "rescue"
BEQUEST = "bequest"


def commitment_id(serial: int, seat: int, choice: str) -> str:
    return f"commit-{serial}-{seat}-{choice}"


def start_fight(state: ZombieState, zombies: int, events: list[Event]) -> None:
    # Every field given (see ``setup``): the fight's copies share one set of them.
    state.fight = Fight(zombies=zombies, fighters=[], fled=[], revved=False, burned=False,
                        damage=0)
    seats = tuple(living(state))
    window = state.own_windows().open(FIGHT, "together", seats)
    events.append(note("horde", zombies=zombies, window=window.serial, seats=list(seats)))
    new_question(state, "fight")


def commit(state: ZombieState, seat: int, choice: str, events: list[Event]) -> None:
    window = state.own_windows().commit(seat, choice)
    events.append(note("committed", audience=(seat,), commitment=commitment_id(window.serial, seat,
                                                                          choice)))
    answers = window.answers
    # ``window.exhausted`` without building the tuple of seats still to answer.
    if not all(s in answers for s in window.seats):
        return
    state.own_windows().close()
    fight = state.own_fight()
    fight.fighters = [s for s in window.seats if window.answers[s] == "fight"]
    fight.fled = [s for s in window.seats if window.answers[s] == "flee"]
    events.append(note("revealed", fighters=fight.fighters, fled=fight.fled))
    state.stage = "auto"
    if not fight.fighters:
        state.held_on = False
        for s in fight.fled:
            wound(state, s, 1, events, "fled")
        state.own_list("plan")[:0] = ["casualties", "flee_move"]
        return
    for s in fight.fled:
        heal(state, s, 1, events, "fled")
    state.own_list("plan").insert(0, "arms")


def arms_choices(state: ZombieState, seat: int) -> list[str]:
    """What ``seat`` may add to the fight besides its weapons ("pass" always first)."""
    fight = state.fight
    assert fight is not None
    player = state.players[seat]
    choices = ["pass"]
    if (
        "chainsaw" in player.items
        and seat in fight.fighters
        and state.chainsaw_fuel > 0
        and not fight.revved
    ):
        choices.append("rev")
    if holder_of(state, "candle") is not None:
        for fuel in ("oil", "gasoline"):
            if fuel in player.items:
                choices.append(f"burn_{fuel}")
    return choices


def open_arms(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    asked = [
        seat
        for seat in clockwise_from(state, acting_leader(state))
        if len(arms_choices(state, seat)) > 1
    ]
    if not asked:
        state.own_list("plan").insert(0, "strike")
        return
    state.own_windows().open(ARMS, "in_order", asked)
    new_question(state, "arms")


def arm(state: ZombieState, seat: int, choice: str, events: list[Event]) -> None:
    window = state.own_windows().pass_(seat)
    if choice == "rev":
        state.own_fight().revved = True
        state.chainsaw_fuel -= 1
        events.append(note("revved", seat=seat, fuel=state.chainsaw_fuel))
    elif choice.startswith("burn_"):
        fuel = choice.removeprefix("burn_")
        state.own_player(seat).items.remove(fuel)
        state.own_fight().burned = True
        events.append(note("burned", seat=seat, fuel=fuel))
    fight = state.fight
    assert fight is not None
    if fight.burned or window.exhausted:
        state.own_windows().close()
        state.stage = "auto"
        state.own_list("plan").insert(0, "strike")


def attack(state: ZombieState) -> int:
    fight = state.fight
    assert fight is not None
    total = 0
    for seat in fight.fighters:
        player = state.players[seat]
        if not player.alive:
            continue
        total += 1
        total += sum(ITEMS[item].attack for item in player.items if ITEMS[item].kind == "weapon")
    for seat in fight.fled:
        if state.players[seat].alive and "golf_club" in state.players[seat].items:
            total += ITEMS["golf_club"].attack
    if fight.revved:
        total += ITEMS["chainsaw"].attack
    return total


def strike(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    fight = state.fight
    assert fight is not None
    if fight.burned:
        events.append(note("won_fight", zombies=fight.zombies, burned=True))
        state.own_list("plan").insert(0, "fight_over")
        return
    power = attack(state)
    fight = state.own_fight()
    fight.damage = max(0, fight.zombies - power)
    events.append(note("struck", zombies=fight.zombies, attack=power, damage=fight.damage))
    fighters = [s for s in fight.fighters if state.players[s].alive]
    if fight.damage == 0 or not fighters:
        state.own_list("plan").insert(0, "fight_over")
        return
    share, remainder = divmod(fight.damage, len(fighters))
    if remainder == 0:
        for seat in fighters:
            wound(state, seat, share, events, "fought")
        state.own_list("plan")[:0] = ["casualties", "fight_over"]
        return
    new_question(state, "remainder")


def remainder_of(state: ZombieState) -> tuple[list[int], int, int]:
    """The fighters, each one's even share, and how many take one more."""
    fight = state.fight
    assert fight is not None
    fighters = [s for s in fight.fighters if state.players[s].alive]
    share, remainder = divmod(fight.damage, len(fighters))
    return fighters, share, remainder


def settle(state: ZombieState, chosen: tuple[str, ...], events: list[Event]) -> None:
    fighters, share, _ = remainder_of(state)
    extra = {int(s) for s in chosen}
    events.append(note("settled", extra=sorted(extra)))
    for seat in fighters:
        wound(state, seat, share + (1 if seat in extra else 0), events, "fought")
    state.stage = "auto"
    state.own_list("plan")[:0] = ["casualties", "fight_over"]


def fight_over(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    fight = state.fight
    assert fight is not None
    survivors = [s for s in fight.fighters if state.players[s].alive]
    # A round whose team already fled stays lost for the search or burial it was for, whatever
    # happens at the tile it fled to.
    state.held_on = state.held_on and (fight.burned or bool(survivors))
    events.append(note("fight_over", held=state.held_on))
    state.fight = None


def flee_move(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    state.fight = None
    options = walkable_neighbours(state, state.at)
    if not options:
        events.append(note("cornered", at=state.at))
        return
    if len(options) == 1:
        run_to(state, options[0], events)
        return
    new_question(state, "flee")


def run_to(state: ZombieState, to: str, events: list[Event]) -> None:
    """The fleeing team's move; like every move it is followed by an event (the seed: "在移動後
    總是要解事件卡")."""
    state.at = to
    events.append(note("fled_to", to=to))
    state.stage = "auto"
    state.own_list("plan").insert(0, "event")


# -- the dying -----------------------------------------------------------------------------
def casualties(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    falling = dying(state)
    if not falling:
        return
    state.own_list("plan").insert(0, "deaths")
    holders = [s for s in clockwise_from(state, acting_leader(state))
               if "soda" in state.players[s].items]
    if holders:
        state.own_windows().open(RESCUE, "in_order", holders)
        new_question(state, "rescue")


def rescue(state: ZombieState, seat: int, target: int | None, events: list[Event]) -> None:
    window = state.own_windows().pass_(seat)
    if target is not None:
        drink(state, seat, target, events)
    if window.exhausted or not dying(state):
        state.own_windows().close()
        state.stage = "auto"


def drink(state: ZombieState, seat: int, target: int, events: list[Event]) -> None:
    state.own_player(seat).items.remove("soda")
    events.append(note("drank", seat=seat, target=target))
    heal(state, target, SODA_HEALS, events, "soda")


def deaths(state: ZombieState, rng: random.Random, events: list[Event]) -> None:
    falling = dying(state)
    if not falling:
        return
    state.deaths += 1
    for seat in falling:
        player = state.own_player(seat)
        player.alive = False
        player.health = 0
        player.death = state.deaths
        events.append(note("died", seat=seat))
    leaving = [s for s in falling if state.players[s].items or state.totem_holder == s]
    if not standing(state):
        for seat in leaving:
            state.own_player(seat).items.clear()
        return
    if leaving:
        state.own_windows().open(BEQUEST, "in_order", leaving)
        new_question(state, "bequest")


def bequeath(state: ZombieState, seat: int, to: int, events: list[Event]) -> None:
    window = state.own_windows().pass_(seat)
    dead = state.own_player(seat)
    items = list(dead.items)
    state.own_player(to).items.extend(items)
    dead.items.clear()
    totem = state.totem_holder == seat
    if totem:
        state.totem_holder = to
    events.append(note("bequeathed", seat=seat, to=to, items=items, totem=totem))
    if window.exhausted:
        state.own_windows().close()
        state.stage = "auto"
