"""The shortcuts a Citadels move takes, each against the plain computation over seeded games:
prompts built from shared actions without validation, the view's revealed roles read from
one map of holders, and the bot's readings of its view kept for the whole decision."""

from __future__ import annotations

import math
import random
from functools import cache

from games.citadels import GAME
from games.citadels.bot import Seat, _appeal, _likely_roles, _odds_in_play
from games.citadels.cards import CHARACTERS, character_of_card
from games.citadels.state import CitadelsState, holder_of
from games.citadels.views import (
    CitadelsView,
    PlayerView,
    _district,
    _district_views,
    _revealed_roles,
)
from games.core import Action, Prompt
from tests.every_game import bot_moments
from tests.games.citadels.table import new_game

EVERY_OTHER = {f"rank_{r}": "random" for r in range(1, 10)}
TABLES: tuple[tuple[int, int, dict[str, object]], ...] = (
    (3, 4, {}),
    (4, 6, EVERY_OTHER),
    (5, 3, {"three_player_two_characters": True}),
    (6, 7, {"rank_9": "artist", "rank_3": "wizard", "rank_8": "diplomat"}),
    (7, 2, {}),
    (8, 5, {"rank_1": "witch", "rank_4": "emperor", "rank_5": "abbot", "bot_level": "easy"}),
)


@cache
def _moments() -> tuple[tuple[CitadelsState, Prompt], ...]:
    """The seeded games' moments, played once for every test here (none changes a state)."""
    return tuple(
        moment
        for seed, seats, options in TABLES
        for moment in bot_moments(GAME, new_game(seats, seed=seed, **options),
                                  random.Random(seed), moves=400, every=3)
    )


def _validated(action: Action) -> Action:
    """The action as its constructor builds it, from the fields the prompt gave."""
    given = {name: getattr(action, name) for name in action.model_fields_set}
    return type(action)(**given)


def test_prompts_equal_the_ones_built_with_validation() -> None:
    kinds: set[str] = set()
    for state, _ in _moments():
        for prompt in GAME.pending(state):
            actions = [_validated(act) for act in prompt.actions]
            assert actions == prompt.actions
            for act, twin in zip(prompt.actions, actions, strict=True):
                assert act.model_dump_json() == twin.model_dump_json()
                assert act.model_fields_set == twin.model_fields_set
                assert "kind" not in act.model_fields_set
            twin_prompt = Prompt(seat=prompt.seat, kind=prompt.kind, actions=actions,
                                 default=prompt.default, params=dict(prompt.params))
            assert prompt == twin_prompt
            assert prompt.model_dump_json() == twin_prompt.model_dump_json()
            kinds.add(prompt.kind)
    assert len(kinds) >= 6, kinds


def _plain_revealed_roles(state: CitadelsState) -> dict[int, tuple[str, ...]]:
    roles: dict[int, tuple[str, ...]] = {}
    for name in state.characters:
        if name in state.revealed:
            holder = holder_of(state, name)
            if holder is not None:
                roles[holder] = (*roles.get(holder, ()), name)
    return roles


def test_revealed_roles_equal_a_search_of_every_seat_per_role() -> None:
    shown = 0
    for state, _ in _moments():
        roles = _revealed_roles(state)
        assert roles == _plain_revealed_roles(state)
        assert list(roles) == list(_plain_revealed_roles(state))
        shown += bool(roles)
    assert shown > 30


def test_district_views_equal_each_cards_view_with_its_beautified_mark() -> None:
    beautified = 0
    for state, _ in _moments():
        for cards in (*state.hands, *state.cities):
            assert _district_views(state, cards) == [
                _district(card, card in state.beautified) for card in cards]
        beautified += bool(state.beautified)
    assert beautified > 5


# -- the bot's readings, each against the expression it stands for -----------------------------


def _plain_odds(view: CitadelsView, name: str) -> float:
    assert view.me is not None
    own_down = {character_of_card(card).name for card in view.me.set_down}
    if name in own_down:
        return 0.0
    seen = set(view.me.draft_seen)
    if name in seen:
        return 0.9
    unseen = [n for n in view.lineup if n not in seen and n not in view.face_up]
    hidden = view.face_down_count - len(own_down)
    if not unseen:
        return 0.0
    return max(0.0, 1.0 - hidden / len(unseen))


def _plain_hitters(view: CitadelsView) -> tuple[float | None, float | None]:
    assert view.me is not None
    killer, robber = view.lineup[0], view.lineup[1] if len(view.lineup) > 1 else ""
    order = view.draft_order
    last = bool(order) and len(order) == len(view.players) and order[-1] == view.me.seat
    offered = {character_of_card(card).name for card in view.me.draft_options}

    def odds(name: str) -> float:
        return 0.0 if last and name in offered else _plain_odds(view, name)

    return (odds(killer) if killer == "assassin" else None,
            odds(robber) if robber == "thief" else None)


def _plain_likely_roles(seat: Seat, view: CitadelsView, player: PlayerView) -> dict[str, float]:
    assert view.me is not None
    order = view.draft_order
    if player.characters:
        return dict.fromkeys(player.characters, 1.0)
    if view.me.seat not in order or player.seat not in order:
        return {}
    mine = {character_of_card(card).name for card in view.me.characters}
    own_down = {character_of_card(card).name for card in view.me.set_down}
    seen = set(view.me.draft_seen)
    out = set(view.face_up) | set(view.removed) | mine | own_down | set(view.revealed)
    if order.index(player.seat) > order.index(view.me.seat):
        pool = [n for n in seen if n not in out]
    else:
        pool = [n for n in view.lineup if n not in seen and n not in out]
    if not pool:
        return {}
    rivals = [p for p in view.players if p.seat != player.seat]
    appeal = {name: math.exp(1.5 * _appeal(seat, player, rivals, name)) for name in pool}
    total = sum(appeal.values())
    return {name: weight / total for name, weight in appeal.items()}


def _plain_score(view: CitadelsView, player: PlayerView) -> float:
    points = float(sum(d.points + (1 if d.beautified else 0) for d in player.city))
    if len({d.colour for d in player.city}) == 5:
        points += 3.0
    if player.completed:
        points += 4.0 if view.completed[:1] == [player.seat] else 2.0
    elif len(player.city) >= view.target:
        points += 2.0 if view.completed else 4.0
    return points


def test_the_bots_kept_readings_equal_the_plain_computations() -> None:
    checked = 0
    for state, prompt in _moments():
        view = GAME.view(state, prompt.seat)
        seat = Seat(view)
        # Asked twice: the second answer is the kept one.
        for _ in range(2):
            others = [p for p in view.players if p.seat != prompt.seat]
            assert seat.others() == others
            assert seat.leader() == max(
                others, key=lambda p: (len(p.city), sum(d.points for d in p.city)))
            assert seat.richest == max(p.gold for p in others)
            assert seat.hand_useful == sum(1 for d in seat.hand if seat.useful(d))
            for player in view.players:
                assert seat.score_of(player) == _plain_score(view, player)
                assert _likely_roles(seat, player) == _plain_likely_roles(seat, view, player)
            for name in CHARACTERS:
                colour = CHARACTERS[name].income
                bonus = 1 if "school_of_magic" in seat.city_names else 0
                income = 0 if colour is None else bonus + sum(
                    1 for d in view.players[prompt.seat].city if d.colour == colour)
                assert seat.income_of(name) == income
                assert _odds_in_play(seat, name) == _plain_odds(view, name)
            assert seat.draft_hitters == _plain_hitters(view)
        checked += 1
    assert checked > 300
