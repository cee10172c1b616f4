"""Zombie in My Pocket's twins (``Game.twin``): the same house with its secrets changed.

Everything lies open but the order of the deck and of the two tile stacks, and, while the
team decides to fight or flee, each player's answer so far — even whether they answered: a
twin may change an answer, take it back or give one, as long as someone is still to answer
(else the fight would have begun). A kept seat keeps its own answer.
"""

from __future__ import annotations

import random

from games.zombie.state import ZombieState

ANSWERS = (None, "flee", "fight")


def make_twin(state: ZombieState, rng: random.Random, keep: frozenset[int]) -> None:
    if state.result is not None:
        return
    for pile in ("deck", "house_stack", "yard_stack"):
        rng.shuffle(state.own_list(pile))
    window = state.windows.top
    if state.stage != "fight" or window is None or window.mode != "together":
        return
    answers = {seat: answer for seat, answer in window.answers.items() if seat in keep}
    for seat in window.seats:
        if seat not in keep:
            answer = rng.choice(ANSWERS)
            if answer is not None:
                answers[seat] = answer
    if set(answers) >= set(window.seats):
        # Someone must still be deciding: a seat not kept takes its answer back.
        undecided = rng.choice([seat for seat in window.seats if seat not in keep])
        del answers[undecided]
    window = state.own_windows().top
    assert window is not None
    window.answers = answers
