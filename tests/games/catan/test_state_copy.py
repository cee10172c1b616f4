"""The state's copy (``CatanState.clone``, run on every move) shares every list and dict the
rules change until a rule owns it (``LendingState.own``, ``CatanState.own_hand``): applying a
move to the copy, or dealing a twin from it, never changes the state it came from."""

from __future__ import annotations

import random

from games import registry
from games.catan.state import CatanState

GAME = registry.get("catan")


def _played(games: int, moves: int) -> list[tuple[CatanState, str]]:
    """The states of seeded games and the kind of each one's last action, each move the bot's
    but one in four a random legal action (the rules the bot seldom reaches change cards and
    pieces too); every state checked unchanged (its whole JSON, taken before) by the move
    applied to it and by the twins dealt from it."""
    played = []
    for seed in range(games):
        state = GAME.setup(3 + seed % 2, {}, seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if GAME.outcome(state) is not None:
                break
            prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
            if rng.random() < 0.25 and prompt.actions:
                action = rng.choice(prompt.actions)
            else:
                action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng)
            before = state.model_dump_json()
            new = GAME.apply(state, action).state
            assert state.model_dump_json() == before, f"{action!r} changed the state it came from"
            twinned = new.model_dump_json()
            GAME.twin(new, rng, frozenset({prompt.seat}))
            GAME.twin(new, rng)
            assert new.model_dump_json() == twinned, "a twin changed the state it was dealt from"
            state = new
            played.append((state, action.kind))
    return played


def test_no_move_changes_the_state_it_was_applied_to() -> None:
    played = _played(games=6, moves=400)
    kinds = {kind.removeprefix("catan.action.") for _, kind in played}
    # The rules that change each shared container were reached: pieces, cards both ways,
    # development cards bought and played, a 7's discards, the robber's theft.
    for reached in ("place_settlement", "place_road", "build_road", "roll", "bank_trade",
                    "buy_development", "discard", "move_robber", "confirm_trade"):
        assert reached in kinds, f"no {reached} in the games played"
    assert any(kind.startswith("play_") for kind in kinds)


def test_a_container_is_copied_once_before_it_changes() -> None:
    state = _played(games=1, moves=40)[-1][0]
    copied = state.clone()
    assert copied == state
    assert copied.bank is state.bank and copied.hands is state.hands
    bank = copied.own("bank")
    assert bank is not state.bank and bank == state.bank
    assert copied.own("bank") is bank
    hand = copied.own_hand(1)
    assert copied.hands is not state.hands and hand is not state.hands[1]
    assert copied.hands[0] is state.hands[0]  # the other hands still shared
    assert copied.own_hand(1) is hand
    hand["ore"] = ("x",)
    bank["ore"] = ()
    assert state.hands[1]["ore"] != ("x",) and state.bank["ore"] != ()


def test_a_state_read_back_owns_its_containers() -> None:
    state = _played(games=1, moves=40)[-1][0]
    read = CatanState.model_validate_json(state.model_dump_json())
    assert read.own("bank") is read.bank and read.own_hand(0) is read.hands[0]
