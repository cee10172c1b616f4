"""Tactical positions: each has one clearly right decision, and the bot must take it.

Every position is built from the facts that matter (who sits where, who loves and hates whom,
who holds what, what the table saw each character do), asked of the bot from its own seat's
view with five seeds, and checked against the right move; the one-line reason says why it is
right. Seat order is ``SIX``: Lauren, Stephen, the Captain, the Mate, Frenchy, the Kid (bow to
stern, so the Kid navigates while awake). Unless a position says otherwise a seat loves its
own character and hates nobody in the boat (Dr. Harter is not aboard).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from games.core import Action
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
NOBODY = "harter"  # not aboard in a six-seat base game: a hate card that costs nothing


def hearts(**pairs: tuple[str, str]) -> dict[str, Any]:
    """``loves`` and ``hates`` by seat: ``captain=("kid", "stephen")`` — the Captain loves
    the Kid and hates Sir Stephen; other seats love themselves and hate nobody aboard."""
    loves = [pairs.get(c, (c, NOBODY))[0] for c in SIX]
    hates = [pairs.get(c, (c, NOBODY))[1] for c in SIX]
    return {"loves": loves, "hates": hates}


Check = Callable[[Action], bool]


def _state(**kw: Any) -> LifeboatState:
    """``make_state`` for ``SIX`` with an empty supply deck and ``hearts()`` unless given."""
    settings: dict[str, Any] = {"supply": [], **hearts(), **kw}
    return make_state(SIX, **settings)


@dataclass(frozen=True)
class Position:
    name: str
    reason: str
    build: Callable[[], tuple[LifeboatState, str]]
    right: Action | Check


def _thirst(card: str, character: str, **kw: Any) -> tuple[LifeboatState, str]:
    state = _state(**kw)
    play_card(state, card)
    state, _ = everyone_done(state, ("overboard",))
    assert state.stage == "thirst"
    return state, character


def _overboard(card: str, character: str, **kw: Any) -> tuple[LifeboatState, str]:
    state = _state(**kw)
    play_card(state, card)
    assert state.stage == "overboard"
    return state, character


def _navigate(candidates: list[str], **kw: Any) -> tuple[LifeboatState, str]:
    state = _state(**kw)
    at_navigation(state, candidates)
    assert state.stage == "navigate" and state.navigator is not None
    return state, state.navigator


def _turn(character: str, regard: dict[str, int] | None = None,
          **kw: Any) -> tuple[LifeboatState, str]:
    state = at_turn(_state(**kw), character)
    state.regard = dict(regard or {})
    return state, character


def _demand(attacker: str, target: str, kind: str, card: str | None = None,
            regard: dict[str, int] | None = None, **kw: Any) -> tuple[LifeboatState, str]:
    state, _ = _turn(attacker, regard, **kw)
    if kind == "swap":
        state, _ = step(state, attacker, act.Swap, target=target)
    else:
        state, _ = step(state, attacker, act.Rob, target=target, card=card)
    assert state.stage == "demand"
    return state, target


def _fight(attacker: str, target: str, bystander: str, **kw: Any) -> tuple[LifeboatState, str]:
    state, _ = _demand(attacker, target, "swap", **kw)
    state, _ = step(state, target, act.Resist)
    assert state.stage == "fight"
    return state, bystander


def _rowing(rower: str, drawn: list[str], **kw: Any) -> tuple[LifeboatState, str]:
    rest = [c for c in (f"nav-{n:02d}" for n in range(1, 25)) if c not in drawn]
    state, _ = _turn(rower, navigation=[*drawn, *rest], **kw)
    state, _ = step(state, rower, act.Row)
    assert state.stage == "rowing"
    return state, rower


def _supply(packet: list[str], **kw: Any) -> tuple[LifeboatState, str]:
    state = _state(supply=packet, **kw)
    run(state)
    assert state.picker is not None
    return state, state.picker


def _is(kind: str, **fields: str) -> Check:
    def check(action: Action) -> bool:
        return action.kind == kind and all(getattr(action, k) == v for k, v in fields.items())

    return check


def _is_not(kind: str, **fields: str) -> Check:
    matches = _is(kind, **fields)
    return lambda action: not matches(action)


WATERED_TWICE = {"mate>lauren": 4, "mate>kid": -1}  # the Mate gave Lauren Water twice

POSITIONS: list[Position] = [
    # -- thirst -----------------------------------------------------------------------------
    Position(
        "thirst/loved-kid-before-own-scratch",
        "the unhurt Captain's thirst is a scratch; the Kid he loves dies of hers",
        lambda: _thirst("nav-04", "captain", wounds={"kid": 2}, **hearts(captain=("kid", NOBODY)),
                        hands={"captain": ["water-01"]}),
        act.GiveWater(seat=2, card="water-01", target="kid"),
    ),
    Position(
        "thirst/keep-the-only-water",
        "thirsty himself, the Mate keeps his only Water for his own thirst, not the Captain's",
        lambda: _thirst("nav-12", "mate", wounds={"mate": 6}, hands={"mate": ["water-01"]}),
        act.GiveWater(seat=3, card="water-01", target="mate"),
    ),
    Position(
        "thirst/never-the-hated",
        "the Kid's Water would only keep the Captain she hates alive",
        lambda: _thirst("nav-02", "kid", wounds={"captain": 5},
                        hands={"kid": ["water-01"]}, **hearts(kid=("kid", "captain"))),
        act.Done(seat=5),
    ),
    Position(
        "thirst/unconscious-loved",
        "one more wound kills the unconscious Captain that Lauren loves; she is not thirsty",
        lambda: _thirst("nav-02", "lauren", wounds={"captain": 6},
                        hands={"lauren": ["water-01"]}, **hearts(lauren=("captain", NOBODY))),
        act.GiveWater(seat=0, card="water-01", target="captain"),
    ),
    Position(
        "thirst/a-misanthrope-drinks-too",
        "the Kid hates herself, so her survival scores nothing, but alive she keeps acting "
        "and her death scores nothing either",
        lambda: _thirst("nav-13", "kid", wounds={"kid": 2}, hands={"kid": ["water-01"]},
                        **hearts(kid=("lauren", "kid"))),
        act.GiveWater(seat=5, card="water-01", target="kid"),
    ),
    # -- overboard --------------------------------------------------------------------------
    Position(
        "overboard/no-preserver-for-frenchy",
        "the fall never wounds Frenchy: a Life Preserver on him is wasted",
        lambda: _overboard("nav-05", "lauren", hands={"lauren": ["preserver-01"]},
                           **hearts(lauren=("frenchy", NOBODY))),
        act.Done(seat=0),
    ),
    Position(
        "overboard/preserver-saves-the-loved",
        "the fall would knock out Sir Stephen, whom the Kid loves; the Preserver stops it",
        lambda: _overboard("nav-10", "kid", wounds={"stephen": 4},
                           hands={"kid": ["preserver-01"]}, **hearts(kid=("stephen", NOBODY))),
        act.PlayFaceUp(seat=5, card="preserver-01", target="stephen"),
    ),
    Position(
        "overboard/chum-on-the-hated",
        "only the hated Sir Stephen swims: Chum brings the sharks for free",
        lambda: _overboard("nav-10", "captain", wounds={"stephen": 3},
                           hands={"captain": ["chum-01"]},
                           **hearts(captain=("captain", "stephen"))),
        act.ThrowChum(seat=2, card="chum-01"),
    ),
    Position(
        "overboard/no-chum-on-the-loved",
        "the sharks would bite Sir Stephen, whom the Captain loves",
        lambda: _overboard("nav-10", "captain", hands={"captain": ["chum-01"]},
                           **hearts(captain=("stephen", NOBODY))),
        act.Done(seat=2),
    ),
    Position(
        "overboard/ghost-calls-sharks-on-the-hated",
        "the drowned Kid's ghost hates the Captain in the water and loves someone dry",
        lambda: _overboard("nav-02", "kid", lost=["kid"], options=Options(sharks=True),
                           **hearts(kid=("lauren", "captain"))),
        act.CallSharks(seat=5),
    ),
    Position(
        "overboard/ghost-spares-the-loved",
        "the swimmer is the Captain the ghost loves",
        lambda: _overboard("nav-02", "kid", lost=["kid"], options=Options(sharks=True),
                           **hearts(kid=("captain", "lauren"))),
        act.SpareSwimmers(seat=5),
    ),
    # -- navigation -------------------------------------------------------------------------
    Position(
        "navigate/never-the-loved-overboard",
        "nav-19 throws the Mate the Kid loves overboard with his Knife; nav-15 only makes "
        "him thirsty",
        lambda: _navigate(["nav-19", "nav-15"], face_up={"mate": ["knife-01"]},
                          **hearts(kid=("mate", NOBODY))),
        act.ChooseNavigation(seat=5, card="nav-15"),
    ),
    Position(
        "navigate/the-hated-overboard",
        "nav-02 throws the Captain the Kid hates overboard to his death; nav-07 throws the Kid",
        lambda: _navigate(["nav-07", "nav-02"], wounds={"captain": 7},
                          **hearts(kid=("lauren", "captain"))),
        act.ChooseNavigation(seat=5, card="nav-02"),
    ),
    Position(
        "navigate/spare-yourself",
        "nav-17 throws the navigating Kid overboard; nav-23 harms nobody",
        lambda: _navigate(["nav-17", "nav-23"], wounds={"kid": 2}),
        act.ChooseNavigation(seat=5, card="nav-23"),
    ),
    Position(
        "navigate/land-when-ahead",
        "the third bird is out and the Kid and her loved one are alive: the fourth ends it",
        lambda: _navigate(["nav-19", "nav-13"], birds=3, wounds={"kid": 1},
                          **hearts(kid=("lauren", NOBODY))),
        act.ChooseNavigation(seat=5, card="nav-13"),
    ),
    Position(
        "navigate/the-fourth-bird-before-the-fall",
        "nav-20's bird is the fourth: the game ends before the Kid falls in or thirsts",
        lambda: _navigate(["nav-19", "nav-20"], birds=3, wounds={"kid": 2}),
        act.ChooseNavigation(seat=5, card="nav-20"),
    ),
    # -- rowing -----------------------------------------------------------------------------
    Position(
        "rowing/no-second-card-for-the-navigator",
        "kept beside nav-13 (the hated Kid thirsty), nav-23 only lets the Kid dodge it",
        lambda: _rowing("lauren", ["nav-13", "nav-23"], birds=1,
                        **hearts(lauren=("lauren", "kid"))),
        act.KeepRowed(seat=0, cards=("nav-13",)),
    ),
    Position(
        "rowing/drop-your-own-fall",
        "nav-09 throws the rowing Sir Stephen overboard and is on his own row icon",
        lambda: _rowing("stephen", ["nav-09", "nav-23"], birds=1, wounds={"stephen": 3}),
        act.KeepRowed(seat=1, cards=("nav-23",)),
    ),
    # -- the action of a turn ---------------------------------------------------------------
    Position(
        "turn/heal-the-loved",
        "the Kid Lauren loves is one wound from passing out; Lauren is unhurt",
        lambda: _turn("lauren", hands={"lauren": ["medkit-01"]}, wounds={"kid": 2},
                      **hearts(lauren=("kid", NOBODY))),
        act.UseMedkit(seat=0, card="medkit-01", target="kid"),
    ),
    Position(
        "turn/heal-the-loved-not-the-hated",
        "the Medical Kit heals the Kid the Captain loves, not Sir Stephen he hates",
        lambda: _turn("captain", hands={"captain": ["medkit-01"]},
                      wounds={"kid": 1, "stephen": 4}, **hearts(captain=("kid", "stephen"))),
        act.UseMedkit(seat=2, card="medkit-01", target="kid"),
    ),
    Position(
        "turn/rob-the-body",
        "a body cannot fight back: its painting is free",
        lambda: _turn("captain", wounds={"stephen": 6}, face_up={"stephen": ["painting-02"]}),
        act.Rob(seat=2, target="stephen", card="painting-02"),
    ),
    Position(
        "turn/rob-the-weak-when-nobody-cares",
        "the Captain (7) easily outfights Lauren (4), and no one has ever stood by her",
        lambda: _turn("captain", face_up={"lauren": ["painting-02"]}),
        act.Rob(seat=2, target="lauren", card="painting-02"),
    ),
    Position(
        "turn/no-robbery-under-her-friends-eyes",
        "the Mate (8) has watered Lauren twice: he would join her and the Captain would lose",
        lambda: _turn("captain", regard=WATERED_TWICE, face_up={"lauren": ["painting-02"]}),
        _is_not("rob", target="lauren"),
    ),
    Position(
        "turn/row-when-land-is-near",
        "a third bird is out, everyone is parched and the Captain is ahead: row for the fourth",
        lambda: _turn("captain", birds=3, wounds={"lauren": 3, "stephen": 4, "mate": 6},
                      **hearts(captain=("kid", NOBODY))),
        act.Row(seat=2),
    ),
    # -- being asked ------------------------------------------------------------------------
    Position(
        "demand/give-in-to-the-loved",
        "Sir Stephen would win, but the fight would wound Lauren, whom he loves",
        lambda: _demand("lauren", "stephen", "swap", **hearts(stephen=("lauren", NOBODY))),
        act.GiveIn(seat=1),
    ),
    Position(
        "demand/resist-the-hated",
        "the Mate (8) outfights Lauren (4), whom he hates",
        lambda: _demand("lauren", "mate", "swap", **hearts(mate=("mate", "lauren"))),
        act.Resist(seat=3),
    ),
    Position(
        "demand/give-in-when-beaten",
        "the Kid (3) cannot hold her Cash against the Mate (8)",
        lambda: _demand("mate", "kid", "rob", "cash-01", face_up={"kid": ["cash-01"]}),
        act.GiveIn(seat=5),
    ),
    Position(
        "demand/resist-with-a-friend",
        "the Mate (8), who has watered Lauren twice, will side with her against the Captain",
        lambda: _demand("captain", "lauren", "rob", "cash-01", regard=WATERED_TWICE,
                        face_up={"lauren": ["cash-01"]}),
        act.Resist(seat=0),
    ),
    # -- fights -----------------------------------------------------------------------------
    Position(
        "fight/side-with-the-loved",
        "the Mate (8) beats Sir Stephen (5) unless the Captain (7), who loves him, joins",
        lambda: _fight("mate", "stephen", "captain", **hearts(captain=("stephen", NOBODY))),
        act.JoinFight(seat=2, side="defenders"),
    ),
    Position(
        "fight/against-the-hated",
        "Lauren (4) loses to Sir Stephen (5) unless the Mate (8), who hates Stephen, joins her",
        lambda: _fight("lauren", "stephen", "mate", **hearts(mate=("mate", "stephen"))),
        act.JoinFight(seat=3, side="attackers"),
    ),
    Position(
        "fight/a-tie-goes-to-the-defenders",
        "the Kid (3) brings the loved Sir Stephen (5) level with the Mate (8): ties defend",
        lambda: _fight("mate", "stephen", "kid", **hearts(kid=("stephen", NOBODY))),
        act.JoinFight(seat=5, side="defenders"),
    ),
    Position(
        "fight/stay-out-without-a-stake",
        "the Captain neither loves nor hates Lauren or Sir Stephen: joining only makes thirst",
        lambda: _fight("lauren", "stephen", "captain"),
        act.StayOut(seat=2),
    ),
    Position(
        "fight/stay-out-of-a-won-fight",
        "the Mate (8) already beats Lauren (4): the Captain who loves him gains nothing",
        lambda: _fight("mate", "lauren", "captain", **hearts(captain=("mate", NOBODY))),
        act.StayOut(seat=2),
    ),
    # -- supply -----------------------------------------------------------------------------
    Position(
        "supply/water-first",
        "Lady Lauren has no Water yet",
        lambda: _supply(["water-01", "cash-01", "oar-01", "painting-02", "blackjack-01",
                         "chum-01"]),
        act.PickSupply(seat=0, card="water-01"),
    ),
    Position(
        "supply/stephen-takes-the-painting",
        "Sir Stephen, well watered, takes the painting he scores double",
        lambda: _supply(["water-01", "cash-01", "oar-01", "painting-02", "blackjack-01",
                         "chum-01"], hands={"stephen": ["water-03", "water-04"]},
                        boat=["stephen", "lauren", "captain", "mate", "frenchy", "kid"]),
        act.PickSupply(seat=1, card="painting-02"),
    ),
    Position(
        "supply/lauren-starts-a-jewel-set",
        "jewels pay by the set (1, 4, 8; double for Lady Lauren): her first is a chance at 16, "
        "worth more than a painting's sure 3",
        lambda: _supply(["jewels-01", "painting-02", "cash-01", "oar-01", "blackjack-01",
                         "chum-01"], hands={"lauren": ["water-03", "water-04"]}),
        act.PickSupply(seat=0, card="jewels-01"),
    ),
]


def ask(position: Position, seed: int, level: str = "normal") -> Action:
    state, character = position.build()
    if level != "normal":
        state.options = state.options.model_copy(update={"bot_level": level})
        state._pending = None
    seat = state.seat_of[character]
    found = prompt(state, character)
    assert found is not None, position.name
    action = GAME.choose(GAME.view(state, seat), found, random.Random(seed))
    assert action in found.actions
    return action


def is_right(position: Position, action: Action) -> bool:
    right = position.right
    return right(action) if callable(right) else action == right


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.name)
def test_the_bot_takes_the_right_decision(position: Position) -> None:
    for seed in range(5):
        action = ask(position, seed)
        assert is_right(position, action), f"{position.name}: {position.reason}; got {action}"


def test_the_suite_has_at_least_25_positions_with_reasons() -> None:
    assert len(POSITIONS) >= 25
    assert len({p.name for p in POSITIONS}) == len(POSITIONS)
    assert all(p.reason for p in POSITIONS)


# Moves no player, however new, would make: the easy bot avoids them as well.
ABSURD_ELSEWHERE = (
    "thirst/never-the-hated",
    "thirst/unconscious-loved",
    "overboard/no-chum-on-the-loved",
    "overboard/ghost-spares-the-loved",
    "navigate/never-the-loved-overboard",
    "navigate/spare-yourself",
    "fight/side-with-the-loved",
    "supply/water-first",
)


@pytest.mark.parametrize("name", ABSURD_ELSEWHERE)
def test_the_easy_bot_never_plays_an_absurd_move(name: str) -> None:
    position = next(p for p in POSITIONS if p.name == name)
    for seed in range(5):
        assert is_right(position, ask(position, seed, "easy")), position.reason


def test_the_easy_bot_reads_nothing_from_the_table() -> None:
    """Rule (levels): only the normal bot guesses love from what others did; the easy bot
    robs Lauren under the eyes of the Mate who watered her twice."""
    position = next(p for p in POSITIONS if p.name == "turn/no-robbery-under-her-friends-eyes")
    robbed = {ask(position, seed, "easy").kind for seed in range(12)}
    assert "rob" in robbed


def test_the_table_remembers_who_helped_and_harmed_whom() -> None:
    """Public acts move the regard record of the public view: Water given is help."""
    state, _ = POSITIONS[0].build()  # the Captain waters the Kid
    state = GAME.apply(state, act.GiveWater(seat=2, card="water-01", target="kid")).state
    assert state.regard == {"captain>kid": 2}
    assert GAME.view(state, None).regard == {"captain>kid": 2}
