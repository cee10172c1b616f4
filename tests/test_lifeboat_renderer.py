"""The Lifeboat renderer's wording, driven by engine states (no Discord).

Each test puts the engine in a moment where a player used to have to guess — a fight, a thirst
window, a choice of long navigation cards, a supply packet passing hands — and reads what the
board and the panels say, in English and Simplified Chinese.
"""

from __future__ import annotations

import json
import logging
import random
import re
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from bot.games.lifeboat.renderer import LABEL_LIMIT, LifeboatRenderer
from bot.renderers import renderer_for
from games.core import Action, Event, Prompt
from games.core.conformance import mixed_chooser
from games.lifeboat import actions as act
from games.lifeboat.cards import PAINTING_POINTS, card_type, navigation_cards, supply_cards
from games.lifeboat.state import LifeboatState
from games.lifeboat.views import NAV_VIEWS
from storage import MatchRecord, MatchStatus, SeatRecord
from tables.service import LiveMatch
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
from tests.shown import as_label, md, t

LOCALES = ("en", "zh-CN")
NAMES = ["alice", "bob", "carol", "dave", "erin", "fay", "gus"]
SIX = ("lauren", "stephen", "captain", "mate", "frenchy", "kid")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
SUPPLY_IDS = set(supply_cards(True))


def _renderer() -> LifeboatRenderer:
    renderer = renderer_for("lifeboat")
    assert isinstance(renderer, LifeboatRenderer)
    return renderer


def live_for(state: LifeboatState) -> LiveMatch:
    now = datetime.now(UTC)
    record = MatchRecord(id=1, game="lifeboat", guild_id=1, channel_id=1, host_id=100,
                         status=MatchStatus.ACTIVE, version=state.step, seed=state.seed,
                         options=state.options.model_dump(mode="json"), created_at=now,
                         updated_at=now)
    seats = [SeatRecord(match_id=1, seat=s, user_id=100 + s, display_name=NAMES[s])
             for s in range(state.seats)]
    return LiveMatch(record=record, seats=seats, state=state)


def asked(state: LifeboatState, character: str) -> Prompt:
    found = prompt(state, character)
    assert found is not None, f"{character} is asked nothing"
    return found


def labels(live: LiveMatch, state: LifeboatState, found: Prompt, locale: str,
           kind: str) -> list[str]:
    view = GAME.view(state, found.seat)
    return [as_label(_renderer().action_label(live, view, a, locale)) for a in found.actions
            if a.kind == kind]


def field_text(embed: discord.Embed) -> str:
    return json.dumps(embed.to_dict(), ensure_ascii=False)


# -- fights ------------------------------------------------------------------------------------


def _fight() -> LifeboatState:
    """Lady Lauren wants Sir Stephen's place; he refuses."""
    state = at_turn(make_state(SIX, supply=[]), "lauren")
    state, _ = step(state, "lauren", act.Swap, target="stephen")
    state, _ = step(state, "stephen", act.Resist)
    return state


@pytest.mark.parametrize("locale", LOCALES)
def test_fighters_are_asked_for_ready_and_onlookers_to_join_each_in_their_own_words(
    locale: str,
) -> None:
    renderer = _renderer()
    state = _fight()
    live = live_for(state)
    public = GAME.view(state, None)
    attacker = md(renderer.prompt_line(live, public, asked(state, "lauren"), locale))
    defender = md(renderer.prompt_line(live, public, asked(state, "stephen"), locale))
    onlooker = md(renderer.prompt_line(live, public, asked(state, "captain"), locale))
    assert t("lifeboat.side.attackers", locale) in attacker
    assert t("lifeboat.side.defenders", locale) in defender
    assert len({attacker, defender, onlooker}) == 3
    # The fighters' only answer is Ready; its label is not one an onlooker is offered.
    fighter_labels = labels(live, state, asked(state, "lauren"), locale, "fight_ready")
    onlooker_labels = [as_label(renderer.action_label(live, GAME.view(state, 2), a, locale))
                       for a in asked(state, "captain").actions]
    assert len(fighter_labels) == 1 and fighter_labels[0] not in onlooker_labels


def test_the_board_says_whose_fight_buttons_are_whose() -> None:
    renderer = _renderer()
    state = _fight()
    state, _ = step(state, "captain", act.JoinFight, side="defenders")  # ready, in the fight
    live = live_for(state)
    board = renderer.board_embed(live, GAME.view(state, None), "en")
    fight = next(f.value for f in board.fields if f.name == t("lifeboat.board.fight", "en"))
    assert fight is not None
    ready_line = next(line for line in fight.splitlines()
                      if line.startswith(f"“{t('lifeboat.action.fight_ready', 'en')}”"))
    join_line = next(line for line in fight.splitlines()
                     if f"“{t('lifeboat.action.stay_out', 'en')}”" in line)
    assert "Lady Lauren (alice)" in ready_line and "Sir Stephen (bob)" in ready_line
    assert "the Captain" not in ready_line  # he joined and is ready
    for onlooker in ("the First Mate (dave)", "Frenchy (erin)", "the Kid (fay)"):
        assert onlooker in join_line and onlooker not in ready_line
    zh = renderer.board_embed(live, GAME.view(state, None), "zh-CN")
    assert "准备战斗" in field_text(zh) and "置身事外" in field_text(zh)


# -- thirst ------------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_water_drunk_now_and_water_handed_over_read_differently(locale: str) -> None:
    state = make_state(SIX, hands={"lauren": ["water-01"]}, supply=[])
    play_card(state, "nav-12")  # the First Mate overboard; the Captain and the Mate thirsty
    state, _ = everyone_done(state, ("overboard",))
    assert state.stage == "thirst" and state.window is not None
    target = "captain"
    assert state.window.thirst.get(target)
    found = asked(state, "lauren")
    live = live_for(state)
    view = GAME.view(state, found.seat)
    renderer = _renderer()
    drink = [as_label(renderer.action_label(live, view, a, locale)) for a in found.actions
             if a.kind == "give_water" and getattr(a, "target", None) == target]
    gift = [as_label(renderer.action_label(live, view, a, locale)) for a in found.actions
            if a.kind == "give_card" and getattr(a, "target", None) == target]
    assert drink and gift and drink[0] != gift[0]
    words = {"en": ("now", "to keep"), "zh-CN": ("现在喝", "保管")}[locale]
    assert words[0] in drink[0] and words[1] in gift[0]
    assert renderer.group_label("give_water", locale) != \
        renderer.group_label("give_card", locale)


# -- navigation --------------------------------------------------------------------------------


def _longest_cards(count: int) -> list[str]:
    """The navigation cards whose descriptions run longest (their labels would be cut)."""
    renderer = _renderer()
    cards = sorted(navigation_cards(False),
                   key=lambda c: -len(renderer.nav_card(NAV_VIEWS[c], "en")))
    return cards[:count]


@pytest.mark.parametrize("locale", LOCALES)
def test_navigation_choices_stay_distinguishable_when_their_labels_are_cut(locale: str) -> None:
    state = make_state(supply=[])
    rowed = _longest_cards(3)
    at_navigation(state, rowed)
    found = asked(state, "kid")  # the stern-most awake character navigates
    live = live_for(state)
    choices = labels(live, state, found, locale, "choose_navigation")
    assert len(choices) == 3 and len(set(choices)) == 3
    assert all(len(label) <= LABEL_LIMIT for label in choices)
    # Numbered as in the panel's list of candidates, which shows every card in full.
    view = GAME.view(state, found.seat)
    panel = field_text(_renderer().panel_embed(live, view, found.seat, locale))
    for number, label in enumerate(choices, start=1):
        assert f"{number}" in label.split("：")[0].split(":")[0]
        assert f"{number}. " in panel


@pytest.mark.parametrize("locale", LOCALES)
def test_rowed_subsets_are_numbered_so_no_two_read_the_same(locale: str) -> None:
    longest = _longest_cards(3)
    state = make_state(supply=[], navigation=[*longest, *(c for c in navigation_cards(False)
                                                          if c not in longest)],
                       face_up={"lauren": ["oar-01"]})  # an Oar draws a third card
    state = at_turn(state, "lauren")
    state, _ = step(state, "lauren", act.Row)
    found = asked(state, "lauren")
    live = live_for(state)
    choices = labels(live, state, found, locale, "keep_rowed")
    assert len(choices) == 2 ** len(state.drawn)
    assert len(set(choices)) == len(choices)
    assert all(len(label) <= LABEL_LIMIT for label in choices)


# -- supply ------------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_the_board_points_to_my_hand_for_the_supply_and_the_panel_does_not(locale: str) -> None:
    state = make_state(supply=["water-01", "cash-01", "knife-01", "jewels-01"])
    run(state)
    found = asked(state, "lauren")
    live = live_for(state)
    renderer = _renderer()
    where = t("lifeboat.in_my_hand", locale).strip()
    on_board = md(renderer.prompt_line(live, GAME.view(state, None), found, locale))
    in_panel = md(renderer.prompt_line(live, GAME.view(state, found.seat), found, locale))
    assert where in on_board
    assert where not in in_panel and t("board.my_hand", locale) not in in_panel


@pytest.mark.parametrize("locale", LOCALES)
def test_each_reader_of_a_passed_packet_reads_a_line_written_for_them(locale: str) -> None:
    """The passer reads what it passed; the receiver reads who passed what to it."""
    state = make_state(supply=["water-01", "cash-01", "knife-01", "jewels-01"])
    run(state)
    state, events = step(state, "lauren", act.PickSupply, card="knife-01")
    live = live_for(state)
    renderer = _renderer()
    passer, receiver = state.seat_of["lauren"], state.seat_of["stephen"]
    passer_lines = [md(renderer.event_line(live, e, locale)) for e in events
                    if e.visible_to(passer) and e.to is not None]
    receiver_lines = [md(renderer.event_line(live, e, locale)) for e in events
                      if e.visible_to(receiver) and e.to is not None]
    you_passed = t("lifeboat.event.supply_handed", locale).split("{")[0]
    assert any(line.startswith(you_passed) for line in passer_lines)
    assert not any(line.startswith(you_passed) for line in receiver_lines)
    assert any("Lady Lauren" in line or "劳伦" in line for line in receiver_lines)
    assert not set(passer_lines) & set(receiver_lines)


# -- the board ---------------------------------------------------------------------------------


def test_the_birds_line_says_the_count_in_words() -> None:
    state = make_state(birds=2)
    run(state)
    live = live_for(state)
    board = _renderer().board_embed(live, GAME.view(state, None), "en")
    assert board.description is not None
    assert "Birds: 2 of 4" in board.description and "·" * 2 not in board.description
    assert "supply deck: " in board.description
    zh = _renderer().board_embed(live, GAME.view(state, None), "zh-CN")
    assert zh.description is not None and "2/4" in zh.description


@pytest.mark.parametrize("locale", LOCALES)
def test_navigation_with_nothing_rowed_says_the_sea_decides(locale: str) -> None:
    state = make_state(supply=[])
    events = at_navigation(state, [])
    started = next(e for e in events if e.key == "lifeboat.event.navigation_started")
    line = md(_renderer().event_line(live_for(state), started, locale))
    assert "0" not in line
    assert line == t("lifeboat.event.navigation_started_none", locale,
                     character=_renderer().who(live_for(state), "kid", locale))


def meaning(action: Action) -> str:
    """What a choice does: its fields, with supply cards that play alike (two Waters) as one."""
    fields = action.model_dump(exclude={"seat"})
    for name, value in fields.items():
        if isinstance(value, str) and value in SUPPLY_IDS:
            fields[name] = f"{card_type(value)}{PAINTING_POINTS.get(value, '')}"
    return json.dumps(fields, sort_keys=True)


# -- whole games -------------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "seed"), [(4, 3), (6, 8)])
def test_every_choice_of_a_whole_game_reads_differently_within_its_prompt(
    seats: int, seed: int, caplog: pytest.LogCaptureFixture
) -> None:
    """At every step, in both languages: no two actions of one prompt share a label, no
    label is longer than a button allows, no text is left with a key or a placeholder."""
    caplog.set_level(logging.WARNING, logger="tables.i18n")
    renderer = _renderer()
    rng = random.Random(seed)
    choose = mixed_chooser(set(range(0, seats, 2)))
    state = GAME.setup(seats, None, seed=seed)
    events: list[Event] = []
    for _ in range(3000):
        if GAME.outcome(state) is not None:
            break
        live = live_for(state)
        for locale in LOCALES:
            for line in (md(renderer.event_line(live, e, locale)) for e in events):
                assert not PLACEHOLDER.search(line) and "lifeboat." not in line, line
            for found in GAME.pending(state):
                view: Any = GAME.view(state, found.seat)
                line = md(renderer.prompt_line(live, view, found, locale))
                assert not PLACEHOLDER.search(line) and "lifeboat." not in line, line
                texts = {as_label(renderer.action_label(live, view, a, locale)): a
                         for a in found.actions}
                assert all(0 < len(text) <= LABEL_LIMIT for text in texts)
                assert len(texts) == len({meaning(a) for a in found.actions}), (
                    found.kind, list(texts))
        transition = GAME.apply(state, choose(GAME, state, rng))
        events, state = transition.events, transition.state
    assert GAME.outcome(state) is not None
    missing = [r.getMessage() for r in caplog.records if "missing message key" in r.getMessage()]
    assert not missing, missing


@pytest.mark.parametrize("locale", LOCALES)
def test_ready_lists_the_fighters_and_those_staying_out_are_named_apart(locale: str) -> None:
    """Rule: "Ready" counts the fighters who are ready; a seat that stayed out of the fight is
    listed as staying out, not as ready."""
    renderer = _renderer()
    state, _ = step(_fight(), "captain", act.StayOut)
    live = live_for(state)
    board = renderer.board_embed(live, GAME.view(state, None), locale)
    fight = next(f.value or "" for f in board.fields
                 if f.name == t("lifeboat.board.fight", locale))
    captain = md(renderer.character("captain", locale))
    ready_word = t("lifeboat.board.fight_sides", locale, attackers="", attack=0, defenders="",
                   defence=0, ready="").splitlines()[-1]
    ready = next(line for line in fight.splitlines() if line.startswith(ready_word))
    assert captain not in ready
    assert t("lifeboat.board.fight_stayed_out", locale, names=captain) in fight.splitlines()


@pytest.mark.parametrize("locale", LOCALES)
def test_a_gift_and_a_robbery_read_from_each_end_in_their_own_words(locale: str) -> None:
    """Rule: a private event told to both ends of a card's passing is read by each as their
    own: the giver reads "You gave…", the receiver "… gave you …"; the robber "You took…",
    the robbed "… took … from you" (as the supply's passes are)."""
    renderer = _renderer()
    state = make_state(SIX, supply=[])
    live = live_for(state)
    water = next(c for c in SUPPLY_IDS if card_type(c) == "water")
    frenchy, mate = state.seat_of["frenchy"], state.seat_of["mate"]
    params = {"character": "frenchy", "target": "mate", "card": water}
    card = renderer.card(water, locale)
    gift = Event(key="lifeboat.event.card_received", params=params, to=(mate, frenchy))
    robbery = Event(key="lifeboat.event.robbed_card", params=params, to=(mate, frenchy))
    who = {c: renderer.who(live, c, locale) for c in ("frenchy", "mate")}
    assert md(renderer.reader_event_line(live, gift, frenchy, locale)) == t(
        "lifeboat.event.card_received_by_you", locale, card=card, target=who["mate"])
    assert md(renderer.reader_event_line(live, gift, mate, locale)) == t(
        "lifeboat.event.card_received_to_you", locale, card=card, character=who["frenchy"])
    assert md(renderer.reader_event_line(live, robbery, frenchy, locale)) == t(
        "lifeboat.event.robbed_card_by_you", locale, card=card, target=who["mate"])
    assert md(renderer.reader_event_line(live, robbery, mate, locale)) == t(
        "lifeboat.event.robbed_card_to_you", locale, card=card, character=who["frenchy"])
    lines = {md(renderer.reader_event_line(live, e, s, locale))
             for e in (gift, robbery) for s in (frenchy, mate)}
    assert len(lines) == 4, "four readings, each its own"
