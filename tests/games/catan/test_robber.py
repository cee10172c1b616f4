"""The 7 and the robber: every hand of more than 7 cards gives back half, all at once, each
chosen in secret (one window, one question, a several-card pick on the response clock); then
the robber moves to another hex and robs a random card from a player there, its kind known to
the thief and the victim alone. The friendly robber spares players with 2 points or fewer."""

from __future__ import annotations

import pytest

from games.catan import GAME
from games.catan import actions as a
from games.core.conformance import find_leaks
from tests.games.catan.table import (
    build,
    event,
    founded,
    give,
    hand,
    hex_,
    keys,
    on_turn,
    play,
    prompt_of,
    with_dice,
)


def _seven(state):
    return play(with_dice(state, 7), a.Roll(seat=0))


def _hands_for_a_seven():
    state = founded()
    give(state, 1, brick=4, ore=5)  # 9 cards: gives back 4
    give(state, 2, wool=8)  # 8: gives back 4
    give(state, 3, grain=7)  # 7: keeps them all
    return state


def test_a_seven_asks_every_hand_over_seven_at_once() -> None:
    state, events = _seven(_hands_for_a_seven())
    assert state.stage == "discard"
    assert event(events, "discard_asked").params["counts"] == {"1": 4, "2": 4}
    prompts = {p.seat: p for p in GAME.pending(state)}
    assert set(prompts) == {1, 2}  # the roller waits; seat 3 holds 7
    for seat, prompt in prompts.items():
        assert prompt.clock == "response" and prompt.question == "discard#1"
        assert prompt.pick is not None and prompt.pick.min == prompt.pick.max == 4
        assert set(prompt.pick.options) == {c for k in state.hands[seat].values() for c in k}


def test_discards_are_secret_until_all_have_chosen() -> None:
    state, _ = _seven(_hands_for_a_seven())
    first = prompt_of(state, 1).pick
    assert first is not None
    chosen = first.build(state.hands[1]["ore"][:4])
    public_before = GAME.view(state, None)
    state, events = play(state, chosen)
    assert keys(events) == ["discard_chosen"] and events[0].to == (1,)
    # Nothing shows: the hand is whole, seat 1 is asked the same question, its default is
    # its choice so far (and choosing it again changes nothing).
    assert GAME.view(state, None) == public_before
    again = prompt_of(state, 1)
    assert again.question == "discard#1" and again.default_action() == chosen
    assert GAME.repeats(state, chosen)
    assert GAME.view(state, 1).me.discard == list(chosen.cards)
    assert GAME.view(state, 2).me.discard is None
    # Seat 1 changes its mind; seat 2 chooses last: both are given back together.
    mine = first.build([*state.hands[1]["brick"][:2], *state.hands[1]["ore"][:2]])
    state, _ = play(state, mine)
    second = prompt_of(state, 2).pick
    assert second is not None
    state, events = play(state, second.build(state.hands[2]["wool"][:4]))
    assert event(events, "discarded").params["discards"] == {
        "1": {"brick": 2, "ore": 2}, "2": {"wool": 4}}
    assert hand(state, 1) == {"brick": 2, "ore": 3}
    assert hand(state, 2) == {"wool": 4}
    assert hand(state, 3) == {"grain": 7}
    assert state.stage == "robber" and not state.windows.stack


def test_a_discard_must_be_half_the_hand() -> None:
    state, _ = _seven(_hands_for_a_seven())
    too_few = a.Discard(seat=1, cards=tuple(state.hands[1]["ore"][:3]))
    with pytest.raises(ValueError, match="give back"):
        GAME.apply(state, too_few)


def test_no_hand_over_seven_goes_straight_to_the_robber() -> None:
    state, events = _seven(founded())
    assert state.stage == "robber" and "discard_asked" not in keys(events)


def test_the_robber_moves_and_robs_one_random_card() -> None:
    state = founded()
    build(state, 2, settlements=("17",))  # D, H
    build(state, 0, settlements=("21",))
    give(state, 2, lumber=1, ore=2)
    state, _ = _seven(state)
    prompt = prompt_of(state, 0)
    options = {(act.hex, act.victim) for act in prompt.actions}
    assert all(h != state.robber for h, _ in options)  # it must move
    assert (hex_("H"), 2) in options and (hex_("H"), None) not in options
    assert (hex_("A"), None) in options  # nobody there: no one to rob
    assert all(victim != 0 for _, victim in options)  # never oneself
    before = state
    state, events = play(state, a.MoveRobber(seat=0, hex=hex_("H"), victim=2))
    assert state.robber == hex_("H") and state.stage == "main"
    assert sum(hand(state, 2).values()) == 2 and sum(hand(state, 0).values()) == 1
    stolen = event(events, "stolen")
    assert stolen.to == (0, 2)
    assert stolen.params["resource"] in ("lumber", "ore")
    robbed = event(events, "robbed")
    assert robbed.to is None and robbed.params == {"thief": 0, "victim": 2}
    assert not find_leaks(GAME, before, GAME.apply(before, a.MoveRobber(
        seat=0, hex=hex_("H"), victim=2)))
    # The table never learns the kind: seat 1 sees counts only.
    assert stolen.params["card"] not in GAME.view(state, 1).model_dump_json()
    assert stolen.params["card"] not in GAME.view(state, None).model_dump_json()


def test_a_player_without_cards_cannot_be_robbed() -> None:
    state = founded()
    build(state, 2, settlements=("17",))
    state, _ = _seven(state)
    assert {act.victim for act in prompt_of(state, 0).actions
            if act.hex == hex_("H")} == {None}


def test_the_friendly_robber_spares_players_with_two_points() -> None:
    state = founded(friendly_robber=True)
    build(state, 2, settlements=("17", "29"))  # 2 points: sheltered
    build(state, 3, settlements=("40", "44", "52"))  # 3 points
    give(state, 2, ore=1)
    give(state, 3, ore=1)
    state, _ = _seven(state)
    hexes = {act.hex for act in prompt_of(state, 0).actions}
    assert hex_("H") not in hexes and hex_("D") not in hexes and hex_("M") not in hexes
    assert hex_("Q") in hexes
    assert {act.victim for act in prompt_of(state, 0).actions if act.hex == hex_("Q")} == {3}


def test_a_knight_moves_the_robber_and_play_resumes() -> None:
    from tests.games.catan.table import give_development

    state = founded()
    give_development(state, 0, "knight")
    on_turn(state, 0, "roll")
    state, events = play(state, a.PlayKnight(seat=0))
    assert state.stage == "robber" and "knight" in keys(events)
    state, _ = play(state, prompt_of(state, 0).actions[0])
    assert state.stage == "roll"  # a knight before the roll: the roll comes next


def test_the_friendly_robber_goes_to_the_desert_when_every_hex_is_sheltered() -> None:
    from games.catan.board import CORNER_COUNT, CORNER_HEXES, corner_label

    state = founded(friendly_robber=True)
    # Eight settlements, two per seat (2 points each, all sheltered), touching every hex.
    uncovered, chosen = set(range(19)), []
    while uncovered:
        best = max(range(CORNER_COUNT), key=lambda c: len(uncovered & set(CORNER_HEXES[c])))
        chosen.append(best)
        uncovered -= set(CORNER_HEXES[best])
    assert len(chosen) <= 8
    for i, c in enumerate(chosen):
        build(state, i % 4, settlements=(corner_label(c),))
    state.robber = hex_("A")
    on_turn(state, 0, "robber")
    assert {act.hex for act in prompt_of(state, 0).actions} == {hex_("J")}
