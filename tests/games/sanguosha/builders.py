"""Hand-built Sanguosha tables for scenario tests.

``table`` gives a game waiting for the lord (seat 0) in the play phase of the first turn, with
every hand emptied into the deck; tests then hand out the cards, heroes and identities the
rule needs and drive the engine through its public verbs only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core import Action, Event, Prompt
from games.sanguosha import GAME, Options
from games.sanguosha.actions import Choose, Discard, Pass, Respond, Use
from games.sanguosha.cards import name_of, slot_of
from games.sanguosha.heroes import HEROES
from games.sanguosha.state import SanguoshaState

IDENTITY_CARD = {
    "lord": "identity-lord",
    "loyalist": "identity-loyalist-{n}",
    "rebel": "identity-rebel-{n}",
    "renegade": "identity-renegade-{n}",
}


def table(
    seats: int = 4,
    *,
    identities: list[str] | None = None,
    heroes: dict[int, str] | None = None,
    options: Options | None = None,
    hp: int | None = None,
) -> SanguoshaState:
    opts = options or Options(heroes=heroes is not None)
    for seed in range(500):
        state = GAME.setup(seats, opts, seed=seed)
        if state.lord == 0:
            break
    else:  # pragma: no cover - the identities are shuffled, one seed of 500 puts the lord at 0
        raise AssertionError("no seed puts the lord at seat 0")
    while state.phase != "play":
        prompt = GAME.pending(state)[0]
        state = GAME.apply(state, prompt.actions[0]).state
    state = state.model_copy(deep=True)
    for player in state.players:
        state.deck.extend(player.hand)
        player.hand, player.shown = [], []
    if identities is not None:
        counts: dict[str, int] = {}
        for seat, identity in enumerate(identities):
            counts[identity] = counts.get(identity, 0) + 1
            card = IDENTITY_CARD[identity].format(n=counts[identity])
            state.players[seat].identity_card = card
            state.players[seat].revealed = identity == "lord"
    if heroes is not None:
        # Seats without a named hero play none, so no stray skill joins the scenario.
        for player in state.players:
            player.hero, player.gender, player.kingdom = "", "", ""
            player.hp = player.max_hp = 4
    for seat, hero_id in (heroes or {}).items():
        set_hero(state, seat, hero_id)
    if hp is not None:
        for player in state.players:
            player.hp = player.max_hp = hp
    state.forget_pending()
    return state


def set_hero(state: SanguoshaState, seat: int, hero_id: str) -> None:
    player = state.players[seat]
    hero = HEROES[hero_id]
    player.hero, player.kingdom, player.gender = hero_id, hero.kingdom, hero.gender
    player.hp = player.max_hp = hero.hp
    state.forget_pending()


def _pull(state: SanguoshaState, card_id: str) -> None:
    """Takes ``card_id`` out of wherever it is (deck, discard pile, any seat)."""
    for pile in (state.deck, state.discard, state.processing, state.grace):
        if card_id in pile:
            pile.remove(card_id)
            return
    for player in state.players:
        if card_id in player.hand:
            player.hand.remove(card_id)
            return
        if card_id in player.judging:
            player.judging.remove(card_id)
            return
        for slot, held in list(player.equips.items()):
            if held == card_id:
                del player.equips[slot]
                return
    raise AssertionError(f"{card_id} is nowhere")


def give(state: SanguoshaState, seat: int, *card_ids: str) -> None:
    for card_id in card_ids:
        _pull(state, card_id)
        state.players[seat].hand.append(card_id)
    state.forget_pending()


def wield(state: SanguoshaState, seat: int, *card_ids: str) -> None:
    for card_id in card_ids:
        _pull(state, card_id)
        slot = slot_of(card_id)
        assert slot is not None
        state.players[seat].equips[slot] = card_id
    state.forget_pending()


def lay(state: SanguoshaState, seat: int, *card_ids: str) -> None:
    """Puts delayed tricks into ``seat``'s judgement area, oldest first."""
    for card_id in card_ids:
        _pull(state, card_id)
        state.players[seat].judging.append(card_id)
    state.forget_pending()


def stack(state: SanguoshaState, *card_ids: str) -> None:
    """Puts ``card_ids`` on top of the deck: the first is drawn (or judged) first."""
    for card_id in card_ids:
        _pull(state, card_id)
    for card_id in reversed(card_ids):
        state.deck.append(card_id)
    state.forget_pending()


class Run:
    """Drives one game: acts, answers, and keeps every event."""

    def __init__(self, state: SanguoshaState) -> None:
        self.state = state
        self.events: list[Event] = []

    def act(self, action: Action) -> Run:
        transition = GAME.apply(self.state, action)
        self.state = transition.state
        self.events.extend(transition.events)
        return self

    def prompt(self, seat: int | None = None) -> Prompt:
        prompts = GAME.pending(self.state)
        if seat is None:
            assert len(prompts) >= 1
            return prompts[0]
        found = [p for p in prompts if p.seat == seat]
        assert found, f"seat {seat} is not asked; asked: {[p.seat for p in prompts]}"
        return found[0]

    def kinds(self) -> set[str]:
        return {p.kind for p in GAME.pending(self.state)}

    def use(self, seat: int, card: str, *targets: int, name: str = "", via: str = "") -> Run:
        cards = tuple(card.split("+")) if card else ()
        return self.act(
            Use(seat=seat, cards=cards, name=name or name_of(cards[0]), targets=targets, via=via)
        )

    def respond(self, seat: int, *cards: str, name: str = "", via: str = "") -> Run:
        return self.act(Respond(seat=seat, cards=cards, name=name or name_of(cards[0]), via=via))

    def choose(self, seat: int, option: str) -> Run:
        return self.act(Choose(seat=seat, option=option))

    def discard(self, seat: int, *cards: str) -> Run:
        return self.act(Discard(seat=seat, cards=cards))

    def pass_(self, seat: int) -> Run:
        return self.act(Pass(seat=seat))

    def pass_windows(self, kinds: Iterable[str] = ("nullify",)) -> Run:
        """Everyone passes the open windows of these kinds until something else is asked."""
        wanted = set(kinds)
        while True:
            prompts = GAME.pending(self.state)
            if not prompts or prompts[0].kind not in wanted:
                return self
            self.act(Pass(seat=prompts[0].seat))

    def until(self, kind: str, *, passing: Iterable[str] = ("nullify",)) -> Run:
        self.pass_windows(passing)
        assert kind in self.kinds(), f"wanted {kind}, asked {self.kinds()}"
        return self

    def said(self) -> list[str]:
        return [e.key.removeprefix("sanguosha.") for e in self.events]

    def events_of(self, key: str) -> list[dict[str, Any]]:
        return [e.params for e in self.events if e.key == f"sanguosha.{key}"]

    @property
    def players(self) -> Any:
        return self.state.players
