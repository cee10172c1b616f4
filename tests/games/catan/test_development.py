"""Development cards: bought blind for ore, wool and grain; at most one played a turn, never
one bought this turn, at any time of one's turn (a knight before the roll); each card's
effect; victory point cards hidden until the end and counted toward the win."""

from __future__ import annotations

from games.catan import GAME
from games.catan import actions as a
from games.catan.cards import DEVELOPMENT_KINDS, kind_of
from tests.games.catan.table import (
    build,
    edge,
    event,
    founded,
    give,
    give_development,
    hand,
    keys,
    on_turn,
    play,
    prompt_of,
)


def _kinds(state, seat: int) -> set[str]:
    return {act.kind for act in prompt_of(state, seat).actions}


def test_the_deck_holds_25_cards_in_the_published_mix() -> None:
    state = founded()
    assert len(state.dev_deck) == 25
    counts: dict[str, int] = {}
    for card in state.dev_deck:
        counts[kind_of(card)] = counts.get(kind_of(card), 0) + 1
    assert counts == DEVELOPMENT_KINDS == {"knight": 14, "victory": 5, "road_building": 2,
                                           "year_of_plenty": 2, "monopoly": 2}


def test_buying_is_secret_and_the_card_waits_a_turn() -> None:
    state = on_turn(founded(), 0, "main")
    give(state, 0, ore=1, wool=1, grain=1)
    top = state.dev_deck[-1]
    state, events = play(state, a.BuyDevelopment(seat=0))
    assert hand(state, 0) == {} and state.dev_hands[0] == [top]
    drawn = event(events, "development_drawn")
    assert drawn.to == (0,) and drawn.params["card"] == top
    bought = event(events, "development_bought")
    assert bought.to is None and top not in str(bought.params)
    assert top not in GAME.view(state, None).model_dump_json()
    assert GAME.view(state, None).players[0].development == 1
    assert GAME.view(state, 0).me.development[0].new
    # Not playable the turn it was bought, playable on the next.
    kind = kind_of(top)
    play_kinds = {"knight": "play_knight", "road_building": "play_road_building",
                  "year_of_plenty": "play_year_of_plenty", "monopoly": "play_monopoly"}
    if kind in play_kinds:
        assert play_kinds[kind] not in _kinds(state, 0)
    state, _ = play(state, a.EndTurn(seat=0))
    assert state.dev_new == []


def test_one_development_card_a_turn() -> None:
    state = on_turn(founded(), 0, "roll")
    give_development(state, 0, "knight")
    give_development(state, 0, "monopoly")
    assert {"play_knight", "play_monopoly"} <= _kinds(state, 0)  # before the roll
    state, _ = play(state, a.PlayKnight(seat=0))
    state, _ = play(state, prompt_of(state, 0).actions[0])  # the robber
    assert state.stage == "roll" and state.played_this_turn
    assert "play_monopoly" not in _kinds(state, 0)
    state, _ = play(state, a.Roll(seat=0))
    while state.stage != "main":  # a 7: nobody holds cards, the robber moves
        state, _ = play(state, prompt_of(state, 0).actions[0])
    assert "play_monopoly" not in _kinds(state, 0)
    state, _ = play(state, a.EndTurn(seat=0))
    assert not state.played_this_turn


def test_road_building_places_two_free_roads() -> None:
    state = on_turn(founded(), 0, "main")
    build(state, 0, settlements=("18",))
    give_development(state, 0, "road_building")
    state, events = play(state, a.PlayRoadBuilding(seat=0))
    assert event(events, "road_building").params["roads"] == 2
    assert state.stage == "free_roads" and state.free_roads == 2
    state, _ = play(state, a.PlaceFreeRoad(seat=0, edge=edge("18-24")))
    assert state.stage == "free_roads"
    state, _ = play(state, a.PlaceFreeRoad(seat=0, edge=edge("24-30")))
    assert state.stage == "main"
    assert state.road_owner[edge("18-24")] == state.road_owner[edge("24-30")] == 0
    assert hand(state, 0) == {}  # free


def test_year_of_plenty_takes_two_from_the_bank() -> None:
    state = on_turn(founded(), 0, "main")
    give_development(state, 0, "year_of_plenty")
    takes = {act.take for act in prompt_of(state, 0).actions if act.kind == "play_year_of_plenty"}
    assert ("ore", "ore") in takes and ("brick", "wool") in takes and len(takes) == 15
    state, events = play(state, a.PlayYearOfPlenty(seat=0, take=("ore", "ore")))
    assert hand(state, 0) == {"ore": 2}
    assert event(events, "year_of_plenty").params["gains"] == {"ore": 2}


def test_monopoly_takes_every_card_of_a_kind() -> None:
    state = on_turn(founded(), 0, "main")
    give_development(state, 0, "monopoly")
    give(state, 1, wool=3, ore=1)
    give(state, 2, wool=1)
    give(state, 3, brick=2)
    state, events = play(state, a.PlayMonopoly(seat=0, resource="wool"))
    assert hand(state, 0) == {"wool": 4}
    assert hand(state, 1) == {"ore": 1} and hand(state, 2) == {} and hand(state, 3) == {"brick": 2}
    assert event(events, "monopoly").params["taken"] == {"1": 3, "2": 1}


def test_victory_points_stay_hidden_and_count_toward_the_win() -> None:
    state = on_turn(founded(), 1, "roll")
    build(state, 1, settlements=("1", "3", "18", "29", "44"), cities=("21", "47"))  # 9
    card = give_development(state, 1, "victory")
    on_turn(state, 0, "main")
    public = GAME.view(state, None)
    assert public.players[1].points == 9 and public.players[1].development == 1
    assert card not in public.model_dump_json()
    assert GAME.view(state, 1).me.hidden_points == 1 and GAME.view(state, 1).me.points == 10
    # Ten points on another's turn do not win; seat 1 wins as its turn begins.
    assert GAME.outcome(state) is None
    state, events = play(state, a.EndTurn(seat=0))
    won = event(events, "won")
    assert won.params == {"seat": 1, "points": 10, "hidden": 1, "public": 9}
    assert GAME.outcome(state).winners == [1]
    assert GAME.view(state, None).final.development[1] == [card]


def test_a_victory_card_bought_this_turn_wins_at_once() -> None:
    state = on_turn(founded(), 0, "main")
    build(state, 0, settlements=("1", "3", "18", "29", "44"), cities=("21", "47"))  # 9
    give(state, 0, ore=1, wool=1, grain=1)
    card = next(c for c in state.dev_deck if c.startswith("victory"))
    state.dev_deck.remove(card)
    state.dev_deck.append(card)  # on top
    state, events = play(state, a.BuyDevelopment(seat=0))
    assert "won" in keys(events) and GAME.outcome(state).winners == [0]


def test_year_of_plenty_takes_what_a_poor_bank_has() -> None:
    state = on_turn(founded(), 0, "main")
    give_development(state, 0, "year_of_plenty")
    for kind in ("brick", "lumber", "wool", "grain"):
        state.bank[kind] = ()
    state.bank["ore"] = state.bank["ore"][:1]
    state.forget_pending()
    takes = {act.take for act in prompt_of(state, 0).actions if act.kind == "play_year_of_plenty"}
    assert takes == {("ore",)}
    state.bank["ore"] = ()
    state.forget_pending()
    assert "play_year_of_plenty" not in _kinds(state, 0)


def test_road_building_places_one_road_when_one_piece_is_left() -> None:
    state = on_turn(founded(), 0, "main")
    build(state, 0, settlements=("18",))
    # 14 roads elsewhere (pieces only, out of the way) leave one.
    spare = [e for e in range(72) if state.road_owner[e] < 0][-14:]
    for e in spare:
        state.road_owner[e] = 0
    build(state, 0)
    give_development(state, 0, "road_building")
    state, _ = play(state, a.PlayRoadBuilding(seat=0))
    assert state.free_roads == 1
    state, _ = play(state, a.PlaceFreeRoad(seat=0, edge=edge("18-24")))
    assert state.stage == "main"
