"""The built-in bot: legal, deterministic, sensible from its own view, better than chance."""

from __future__ import annotations

import random
import statistics

from games.core import Action
from games.core.conformance import mixed_chooser, playout
from games.lifeboat import actions as act
from games.lifeboat.options import Options
from games.lifeboat.state import LifeboatState
from tests.games.lifeboat.builders import (
    GAME,
    at_navigation,
    at_turn,
    everyone_done,
    make_state,
    play_card,
    prompt,
    run,
    step,
)

SIX = ("lauren", "stephen", "captain", "mate", "frenchy", "kid")


def _bot(state: LifeboatState, character: str) -> Action:
    seat = state.seat_of[character]
    found = prompt(state, character)
    assert found is not None
    action = GAME.choose(GAME.view(state, seat), found, random.Random(0))
    assert action in found.actions
    return action


def test_bots_finish_every_variant_with_legal_moves_only() -> None:
    for seats, options in ((4, Options()), (5, Options(quick=True, sharks=True)),
                           (7, Options(cannibalism=True, one_card_rowing=True))):
        result = playout(GAME, seats, seed=seats, options=options,
                         chooser=mixed_chooser(set(range(seats))))
        assert GAME.outcome(result.state) is not None


def test_the_bot_is_deterministic_given_its_rng() -> None:
    first = playout(GAME, 5, seed=8, chooser=mixed_chooser(set(range(5))))
    again = playout(GAME, 5, seed=8, chooser=mixed_chooser(set(range(5))))
    assert first.actions == again.actions


def test_the_bot_drinks_when_thirsty_and_waters_its_loved_one() -> None:
    # nav-12: the Mate overboard; the Captain and the Mate thirsty.
    state = make_state(SIX, supply=[], hands={"captain": ["water-01", "cash-01"],
                                              "kid": ["water-02"]},
                       loves=["kid", "kid", "kid", "kid", "kid", "mate"])
    play_card(state, "nav-12")
    state, _ = everyone_done(state, ("overboard",))
    assert _bot(state, "captain") == act.GiveWater(seat=2, card="water-01", target="captain")
    assert _bot(state, "kid") == act.GiveWater(seat=5, card="water-02", target="mate")


def test_a_ghost_calls_the_sharks_on_its_hated_one() -> None:
    state = make_state(SIX, supply=[], options=Options(sharks=True), lost=["kid"],
                       hates=["kid", "kid", "kid", "kid", "kid", "captain"],
                       loves=["kid", "kid", "kid", "kid", "kid", "lauren"])
    play_card(state, "nav-02")  # the Captain overboard
    assert _bot(state, "kid") == act.CallSharks(seat=5)
    spare = make_state(SIX, supply=[], options=Options(sharks=True), lost=["kid"],
                       hates=["kid", "kid", "kid", "kid", "kid", "lauren"],
                       loves=["kid", "kid", "kid", "kid", "kid", "captain"])
    play_card(spare, "nav-02")
    assert _bot(spare, "kid") == act.SpareSwimmers(seat=5)


def test_the_bot_picks_what_it_values_from_the_supply() -> None:
    state = make_state(SIX, supply=["water-01", "cash-01", "oar-01", "painting-02",
                                    "blackjack-01", "chum-01"])
    run(state)  # Lady Lauren looks at six cards; she has no water yet
    assert _bot(state, "lauren") == act.PickSupply(seat=0, card="water-01")
    stephen = make_state(SIX, supply=["water-01", "cash-01", "oar-01", "painting-02",
                                      "blackjack-01", "chum-01"],
                         hands={"stephen": ["water-03", "water-04"]},
                         boat=["stephen", "lauren", "captain", "mate", "frenchy", "kid"])
    run(stephen)  # Sir Stephen, well watered, takes the painting (worth 6 to him)
    assert _bot(stephen, "stephen") == act.PickSupply(seat=1, card="painting-02")


def test_the_bot_heals_its_loved_one_before_they_pass_out() -> None:
    state = at_turn(
        make_state(SIX, supply=[], hands={"lauren": ["medkit-01"]}, wounds={"kid": 2},
                   loves=["kid", "kid", "kid", "kid", "kid", "kid"]),
        "lauren",
    )
    assert _bot(state, "lauren") == act.UseMedkit(seat=0, card="medkit-01", target="kid")


def test_the_bot_robs_valuables_from_a_body() -> None:
    state = at_turn(make_state(SIX, supply=[], wounds={"stephen": 6},
                               hands={"stephen": ["water-01"]},
                               face_up={"stephen": ["painting-02"]}), "captain")
    action = _bot(state, "captain")
    assert action == act.Rob(seat=2, target="stephen", card="painting-02")


def test_the_bot_joins_a_fight_it_can_win_against_its_hated_one() -> None:
    state = at_turn(make_state(SIX, supply=[],
                               hates=["kid", "kid", "kid", "stephen", "kid", "kid"],
                               loves=["kid", "kid", "kid", "mate", "kid", "kid"]), "lauren")
    state, _ = step(state, "lauren", act.Swap, target="stephen")
    state, _ = step(state, "stephen", act.Resist)  # 4 against 5: the Mate (8) hates Stephen
    assert _bot(state, "mate") == act.JoinFight(seat=3, side="attackers")
    # The Captain has no stake either way and stays out.
    assert _bot(state, "captain") == act.StayOut(seat=2)


def test_the_bot_shows_its_weapons_when_fighting() -> None:
    state = at_turn(make_state(SIX, supply=[], hands={"stephen": ["knife-01"]}), "mate")
    state, _ = step(state, "mate", act.Swap, target="stephen")
    state, _ = step(state, "stephen", act.Resist)
    assert _bot(state, "stephen") == act.PlayFaceUp(seat=1, card="knife-01", target="stephen")


def test_the_navigator_bot_spares_itself_and_drowns_its_hated_one() -> None:
    # nav-02 throws the Captain overboard; nav-07 the Kid, who navigates and hates the Captain.
    state = make_state(SIX, supply=[], wounds={"captain": 7},
                       hates=["kid", "kid", "kid", "kid", "kid", "captain"],
                       loves=["kid", "kid", "kid", "kid", "kid", "lauren"])
    at_navigation(state, ["nav-07", "nav-02"])
    assert _bot(state, "kid") == act.ChooseNavigation(seat=5, card="nav-02")


def test_bots_score_clearly_more_than_random_players() -> None:
    bots: list[float] = []
    randoms: list[float] = []
    for table in range(16):
        seats = 4 + table % 3
        chosen = {(table + k) % seats for k in range(seats // 2)}
        result = playout(GAME, seats, seed=100 + table, chooser=mixed_chooser(chosen))
        outcome = GAME.outcome(result.state)
        assert outcome is not None
        for seat, score in outcome.scores.items():
            (bots if seat in chosen else randoms).append(score)
    assert statistics.fmean(bots) > statistics.fmean(randoms) + 4
