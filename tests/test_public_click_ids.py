"""The board's buttons carry nothing of a hand (tables/questions.py, docs/architecture.md
"Components"): in a Sanguosha Nullification window, whoever holds the Nullification, the board
is the same message byte for byte, and an onlooker hashing "this seat can only pass" learns
nothing from its custom ids."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace
from typing import Any, cast

from bot.table import Desk
from games.core import Prompt
from games.sanguosha import GAME
from games.sanguosha.actions import Pass, Respond
from games.sanguosha.state import SanguoshaState
from storage import MatchStatus
from tables.questions import prompt_digest
from tables.service import LiveMatch
from tests.i18n_play import new_live, with_status

SEATS = 6


def desk() -> Desk:
    # Rendering reads only the turn deadlines and a pick's ticked items from the app.
    return Desk(cast(Any, SimpleNamespace(
        timers=SimpleNamespace(deadline=lambda match, seat: None),
        interactions=SimpleNamespace(picks=SimpleNamespace(chosen=lambda key: ())))))


def holds_nullification(prompt: Prompt) -> bool:
    return any(isinstance(a, Respond) and a.name == "wuxie" for a in prompt.actions)


def nullification_window(seed: int) -> tuple[SanguoshaState, list[Prompt]]:
    """The game played by its bots until a Nullification window asks one seat that holds a
    Nullification (not seen arriving) and another that holds none."""
    state = GAME.setup(SEATS, None, seed=seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        asked = [p for p in GAME.pending(state) if p.blocking and p.kind == "nullify"] \
            if GAME.outcome(state) is None else []
        holders = [p for p in asked if holds_nullification(p) and any(
            c.startswith("wuxie-") and c not in state.players[p.seat].shown
            for c in state.players[p.seat].hand)]
        others = [p for p in asked if not holds_nullification(p) and any(
            c not in state.players[p.seat].shown for c in state.players[p.seat].hand)]
        if holders and others:
            return state, asked
        if GAME.outcome(state) is not None:
            seed += 1
            state = GAME.setup(SEATS, None, seed=seed)
            continue
        prompt = next(p for p in GAME.pending(state) if p.blocking)
        action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng)
        state = GAME.apply(state, action).state
    raise AssertionError("no Nullification window asked a holder and a non-holder")


def handed_over(state: SanguoshaState, giver: int, taker: int) -> SanguoshaState:
    """The same table with ``giver``'s unseen Nullification and one of ``taker``'s unseen
    cards swapped: what the table sees is unchanged."""
    twin = GAME.copy_state(state)  # a fresh copy: no prompts cached from before the swap
    give, take = twin.players[giver], twin.players[taker]
    card = next(c for c in give.hand if c.startswith("wuxie-") and c not in give.shown)
    other = next(c for c in take.hand if not c.startswith("wuxie-") and c not in take.shown)
    give.hand[give.hand.index(card)] = other
    take.hand[take.hand.index(other)] = card
    return twin


def live_at(state: SanguoshaState, bots: set[int]) -> LiveMatch:
    live = new_live("sanguosha", SEATS, None, 1)
    live.seats = [s.model_copy(update={"is_bot": s.seat in bots}) for s in live.seats]
    live.state = state
    with_status(live, MatchStatus.ACTIVE, 40)
    return live


def board_bytes(live: LiveMatch) -> str:
    content, embeds, view = desk().board(live, "en")
    assert view is not None
    return json.dumps([content, [e.to_dict() for e in embeds], view.to_components()],
                      sort_keys=True)


def custom_ids(live: LiveMatch) -> list[str]:
    _, _, view = desk().board(live, "en")
    assert view is not None
    return [str(c.custom_id) for c in view.children if getattr(c, "custom_id", None)]


def onlookers_guess(prompt: Prompt) -> str:
    """What an onlooker works out for "this seat can only pass": the digest a whole prompt of
    one pass would carry."""
    only_pass = prompt.model_copy(update={
        "actions": [a for a in prompt.actions if isinstance(a, Pass)], "pick": None})
    return prompt_digest(only_pass)


def scenarios() -> list[tuple[SanguoshaState, SanguoshaState, int, int]]:
    found = []
    for seed in (3, 11):
        state, asked = nullification_window(seed)
        holder = next(p.seat for p in asked if holds_nullification(p))
        other = next(p.seat for p in asked if not holds_nullification(p) and any(
            c not in state.players[p.seat].shown for c in state.players[p.seat].hand))
        twin = handed_over(state, holder, other)
        assert GAME.view(twin, None) == GAME.view(state, None)
        assert holds_nullification(GAME.prompt_for(twin, other))  # type: ignore[arg-type]
        assert not holds_nullification(GAME.prompt_for(twin, holder))  # type: ignore[arg-type]
        found.append((state, twin, holder, other))
    return found


def test_the_board_is_the_same_whoever_holds_the_nullification() -> None:
    """Rule (docs/rules/sanguosha.md, Nullification): neither the seats asked nor anything the
    board shows tells who holds a Nullification. With every seat played by a person (one
    shared question), and with only the holder or only the other seat a person (that seat's
    own buttons), the board of the table and of its twin, the Nullification handed to the
    other seat, are equal byte for byte."""
    for state, twin, holder, other in scenarios():
        everyone: set[int] = set()
        for bots in (everyone, set(range(SEATS)) - {holder}, set(range(SEATS)) - {other}):
            original, swapped = live_at(state, bots), live_at(twin, bots)
            assert board_bytes(original) == board_bytes(swapped)
            ids = custom_ids(original)
            assert any(i.startswith(("pl:q:", "pl:b:")) for i in ids), ids
        # The old check, the digest of the seat's whole prompt, did tell them apart.
        assert prompt_digest(GAME.prompt_for(state, holder)) != \
            prompt_digest(GAME.prompt_for(twin, holder))  # type: ignore[arg-type]


def test_the_onlookers_digest_attack_finds_nothing() -> None:
    """An onlooker hashes [question, clock, [pass]] for each seat asked and looks for it in the
    board's custom ids: no id carries it, for the holder or for the others, whoever plays."""
    for state, _, holder, other in scenarios():
        for bots in (set(), set(range(SEATS)) - {holder}, set(range(SEATS)) - {other}):
            ids = custom_ids(live_at(state, bots))
            for prompt in GAME.pending(state):
                if prompt.kind == "nullify":
                    guess = onlookers_guess(prompt)
                    assert not any(i.endswith(":" + guess) for i in ids), (prompt.seat, ids)
