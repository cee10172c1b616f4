"""Views: what the table sees, what each seat adds, and everything at the end."""

from __future__ import annotations

import json
import random

from games.lifeboat import actions as act
from games.lifeboat.views import PublicView, SeatView
from tests.games.lifeboat.builders import GAME, at_navigation, at_turn, make_state, run, step


def test_the_public_view_shows_the_table_and_counts_for_hidden_cards() -> None:
    state = make_state(
        supply=["water-01", "cash-01", "oar-01", "knife-01", "water-02"],
        hands={"captain": ["jewels-01", "water-05"]},
        face_up={"kid": ["hook-01"]},
        wounds={"stephen": 2},
        birds=1,
    )
    run(state)
    view = GAME.view(state, None)
    assert isinstance(view, PublicView) and not isinstance(view, SeatView)
    captain = next(c for c in view.boat if c.id == "captain")
    assert (captain.seat, captain.size, captain.survival, captain.hand_count) == (2, 7, 5, 2)
    assert captain.status == "awake" and captain.place == 2
    stephen = next(c for c in view.boat if c.id == "stephen")
    assert stephen.wounds == 2
    assert next(c for c in view.boat if c.id == "kid").face_up == ["hook-01"]
    assert view.birds == 1 and view.birds_to_land == 4
    assert view.supply_count == 1 and view.packet_count == 4
    assert view.supply_picker == "lauren" and view.waiting_for == [0]
    text = view.model_dump_json()
    for secret in ("jewels-01", "water-05", "water-01", "love-", "hate-"):
        assert secret not in text


def test_a_seat_view_adds_its_own_secrets_only() -> None:
    state = make_state(supply=["water-01", "cash-01", "oar-01", "knife-01"],
                       hands={"lauren": ["jewels-01"], "captain": ["water-05"]})
    run(state)
    mine = GAME.view(state, 0)
    assert isinstance(mine, SeatView)
    assert mine.me.character == "lauren" and mine.me.hand == ["jewels-01"]
    assert mine.me.love == "stephen" and mine.me.love_card == "love-stephen"
    assert mine.me.hate == "kid" and mine.me.hate_card == "hate-kid"
    assert mine.me.packet == ["water-01", "cash-01", "oar-01", "knife-01"]
    other = GAME.view(state, 2)
    assert isinstance(other, SeatView)
    assert other.me.packet == [] and "water-01" not in other.model_dump_json()
    assert "jewels-01" not in other.model_dump_json()


def test_rowing_and_navigation_cards_show_only_to_the_rower_and_the_navigator() -> None:
    state = at_turn(make_state(supply=[]), "stephen")
    state, _ = step(state, "stephen", act.Row)
    rower = GAME.view(state, 1)
    assert isinstance(rower, SeatView)
    assert [c.id for c in rower.me.drawn] == ["nav-01", "nav-02"]
    assert rower.me.drawn[0].overboard == ["captain"]
    assert "nav-01" not in GAME.view(state, 0).model_dump_json()

    nav = make_state(supply=[])
    at_navigation(nav, ["nav-16", "nav-21"])
    navigator = GAME.view(nav, 3)
    assert isinstance(navigator, SeatView)
    card = navigator.me.candidates[0]
    assert (card.id, card.birds, card.thirsty, card.thirsty_except, card.row) == (
        "nav-16", -1, "everyone", ["kid"], True,
    )
    assert GAME.view(nav, None).candidate_count == 2


def test_the_revealed_card_is_public_with_all_its_facts() -> None:
    state = make_state(supply=[], hands={"lauren": ["water-01"]})
    at_navigation(state, ["nav-21"])  # everyone overboard: the window is open
    revealed = GAME.view(state, None).revealed
    assert revealed is not None and revealed.id == "nav-21"
    assert revealed.overboard == "everyone" and revealed.fight and not revealed.row
    window = GAME.view(state, None).window
    assert window is not None and window.kind == "overboard"
    assert window.waiting == ["lauren", "stephen", "captain", "kid"]


def test_after_the_game_everything_is_revealed_and_nothing_is_secret() -> None:
    state = make_state(supply=[], stage="over", hands={"kid": ["cash-01"]},
                       loves=["kid", "kid", "kid", "kid"])
    view = GAME.view(state, None)
    assert view.results is not None
    kid = next(r for r in view.results.seats if r.character == "kid")
    assert kid.hand == ["cash-01"] and kid.love == "kid" and kid.total == 9 + 1 + 9
    assert view.results.winners == [3]
    assert all(GAME.secrets(state, s) == set() for s in range(4))


def test_secrets_are_the_seats_love_hate_hand_and_what_it_alone_looks_at() -> None:
    state = make_state(supply=["water-01", "cash-01", "oar-01", "knife-01"],
                       hands={"lauren": ["jewels-01"]})
    run(state)
    assert GAME.secrets(state, 0) == {
        "love-stephen", "hate-kid", "jewels-01", "water-01", "cash-01", "oar-01", "knife-01",
    }
    assert GAME.secrets(state, 1) == {"love-captain", "hate-lauren"}


def test_views_built_without_validation_equal_validated_ones() -> None:
    rng = random.Random(4)
    state = GAME.setup(6, None, seed=4)
    steps = 0
    while GAME.outcome(state) is None and steps < 300:
        for seat in (None, 0, 3):
            view = GAME.view(state, seat)
            model = PublicView if seat is None else SeatView
            assert model.model_validate(json.loads(view.model_dump_json())) == view
        prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
        state = GAME.apply(state, rng.choice(prompt.actions)).state
        steps += 1
