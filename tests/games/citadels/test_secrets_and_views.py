"""What each seat may see: hands and hidden characters stay with their owner, the face-down
characters stay hidden until the game is over, and the seed never shows."""

from __future__ import annotations

import json
import random

from games.citadels import GAME
from games.citadels.cards import character_card
from games.citadels.state import CitadelsState
from games.core.conformance import mixed_chooser, playout
from tests.every_game import bot_moments
from tests.games.citadels.table import card, deal, do, give_city, new_game, pass_turn, set_hand


def _text(state: CitadelsState, seat: int | None) -> str:
    return GAME.view(state, seat).model_dump_json()


def test_public_view_shows_hand_counts_not_cards() -> None:
    state = new_game(4, seed=8)
    set_hand(state, 2, card("palace"), card("temple"))
    public = GAME.view(state, None)
    assert public.players[2].hand_count == 2
    assert card("palace") not in _text(state, None)
    assert card("palace") in _text(state, 2)
    assert card("palace") not in _text(state, 1)


def test_a_seat_sees_its_draft_options_and_nobody_else_does() -> None:
    state = new_game(4, seed=8)
    picker = state.draft_steps[0][0]
    options = list(state.draft_pool)
    mine = GAME.view(state, picker).me
    assert mine is not None and mine.draft_options == options
    other = GAME.view(state, (picker + 1) % 4).me
    assert other is not None and other.draft_options == []
    assert set(options) <= GAME.secrets(state, picker)


def test_a_held_character_is_secret_until_it_is_revealed() -> None:
    state, _ = deal(new_game(4), {0: "thief", 1: "king"})
    assert character_card("king") in GAME.secrets(state, 1)
    assert character_card("thief") not in GAME.secrets(state, 0)  # called and shown
    public = GAME.view(state, None)
    assert public.players[0].characters == ["thief"] and public.players[1].characters == []
    state, _ = pass_turn(state)
    assert character_card("king") not in GAME.secrets(state, 1)
    assert GAME.view(state, None).players[1].characters == ["king"]


def test_a_murdered_holder_stays_hidden_until_the_round_ends() -> None:
    state, _ = deal(new_game(4), {0: "assassin", 1: "king", 3: "warlord"})
    state, _ = do(state, "murder", character="king")
    state, _ = pass_turn(state)
    assert character_card("king") in GAME.secrets(state, 1)
    assert GAME.view(state, None).players[1].characters == []
    assert GAME.view(state, None).murdered == "king"


def test_the_unseen_face_down_character_appears_in_no_view_during_the_game() -> None:
    for seats in (3, 4, 5, 6):
        result = playout(
            GAME, seats, seed=seats, chooser=mixed_chooser(set(range(seats))),
            keep_transitions=True,
        )
        for transition in result.transitions[:-1]:
            state = transition.state
            for hidden in state.face_down:
                for viewer in [None, *range(seats)]:
                    assert hidden not in _text(state, viewer)
                for event in transition.events:
                    assert hidden not in json.dumps(event.params)


def test_everything_is_revealed_at_the_end_and_secrets_are_empty() -> None:
    result = playout(GAME, 4, seed=2, chooser=mixed_chooser(set(range(4))))
    state = result.state
    assert all(GAME.secrets(state, s) == set() for s in range(4))
    final = GAME.view(state, None).final
    assert final is not None
    assert len(final.face_down) == state.round
    assert all(len(cards) >= 1 for cards in final.face_down)
    assert set(final.hands) == set(range(4))


def test_cards_a_seat_is_choosing_from_are_its_own_secret() -> None:
    state = new_game(4)
    state, _ = deal(state, {0: "bishop"})
    state, _ = do(state, "draw_cards")
    assert state.turn is not None
    drawn = set(state.turn.drawn)
    assert drawn <= GAME.secrets(state, 0)
    for viewer in (None, 1, 2, 3):
        assert not any(c in _text(state, viewer) for c in drawn)


def test_built_districts_are_public() -> None:
    state = new_game(4)
    give_city(state, 1, card("harbor"))
    public = GAME.view(state, None)
    assert [(d.id, d.colour, d.cost) for d in public.players[1].city] == [
        (card("harbor"), "green", 4)
    ]


def test_the_seed_never_appears_in_a_view() -> None:
    state = GAME.setup(4, seed=424242)
    for viewer in (None, 0, 1, 2, 3):
        text = _text(state, viewer)
        assert "424242" not in text and '"seed"' not in text


def test_a_copy_equals_its_source_and_neither_a_move_nor_an_owned_container_changes_it() -> None:
    """``apply`` changes a copy that lends its source's containers until a rule owns one
    (games/core/lending.py): the copy equals its source; every move offered, and every
    container the copy owns and changes, leaves the source as it was."""
    state, _ = deal(new_game(4, seed=3), {0: "bishop", 1: "king"})
    state, _ = do(state, "draw_cards")
    copy = state.clone()
    assert copy == state and copy is not state
    assert GAME.parse_state(copy.model_dump_json()) == state
    before = state.model_dump_json()
    actions = [a for p in GAME.pending(state) for a in p.actions]
    assert len(actions) > 1
    for action in actions:
        assert GAME.apply(state, action).state.model_dump_json() != before
        assert state.model_dump_json() == before
    copy.own_list("gold")[0] += 5
    copy.own_list("deck").pop()
    copy.own_hand(1).append("district-temple-1")
    copy.own_city(2).append("district-tavern-1")
    copy.own_picks(0).append("char-thief")
    copy.own_built_round()["district-tavern-1"] = 1
    copy.own_set_down(0).append("char-warlord")
    copy.own_draft_seen(0).append("warlord")
    copy.own_list("face_down_log").append(["char-merchant"])
    for name in ("beautified", "completed", "face_up", "face_down", "revealed", "draft_pool"):
        copy.own_list(name).append("x")  # type: ignore[arg-type]
    turn = copy.own_turn()
    turn.drawn = [*turn.drawn, "district-palace-1"]  # a turn's lists are replaced (``Turn``)
    turn.use("murder")
    assert state.model_dump_json() == before
    assert copy != state


def test_a_view_built_without_validation_equals_its_validated_twin() -> None:
    """Views are built without pydantic's validation (``games.core.construct.assembled``):
    each equals the view validated from its own data, field for field, with the same fields
    set, and holds no list of the state's own (a later change of the state leaves it alone)."""
    from games.citadels.views import CitadelsView

    checked = 0
    every_other = {f"rank_{r}": "random" for r in range(1, 10)}
    for seed, seats, options in ((3, 4, {}), (4, 6, every_other), (5, 3, {}),
                                 (6, 7, {"rank_9": "artist", "rank_3": "wizard"})):
        for state, prompt in bot_moments(GAME, new_game(seats, seed=seed, **options),
                                         random.Random(seed), moves=240, every=6):
            for seat in (None, prompt.seat):
                view = GAME.view(state, seat)
                twin = CitadelsView.model_validate(view.model_dump())
                assert view == twin
                assert view.model_dump_json() == twin.model_dump_json()
                assert view.model_fields_set == twin.model_fields_set
                for name in ("lineup", "removed", "face_up", "completed", "revealed"):
                    assert getattr(view, name) is not getattr(state, {
                        "lineup": "characters"}.get(name, name))
                checked += 1
    assert checked > 120
