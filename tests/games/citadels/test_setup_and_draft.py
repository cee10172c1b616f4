"""Setup, player counts and the secret character draft (docs/rules/citadels.md, "Setup" and
"The draft")."""

from __future__ import annotations

from typing import Any

import pytest

from games.citadels import GAME
from games.citadels.actions import DraftDiscard, DraftPick
from games.citadels.cards import BASE_DECK, CHARACTERS, CROWN_RANK, character_of_card
from games.citadels.options import Options
from games.core import IllegalAction
from tests.games.citadels.table import do, find, keys, new_game, offered, prompt


def test_setup_deals_four_cards_and_two_gold_and_a_crown() -> None:
    state = new_game(5, seed=3)
    assert all(len(h) == 4 for h in state.hands)
    assert state.gold == [2] * 5
    assert 0 <= state.crown < 5
    assert len(state.deck) + 20 == 65


def test_the_district_deck_has_65_cards_with_unique_stable_ids() -> None:
    assert len(BASE_DECK) == 65 == len(set(BASE_DECK))
    assert "district-temple-2" in BASE_DECK and "district-town-hall-1" in BASE_DECK
    with_second_keep = new_game(4, second_keep=True)
    total = len(with_second_keep.deck) + sum(len(h) for h in with_second_keep.hands)
    assert total == 66


def test_player_count_outside_two_to_seven_is_refused() -> None:
    for seats in (1, 8):
        with pytest.raises(IllegalAction):
            GAME.setup(seats)


@pytest.mark.parametrize(
    ("seats", "face_up", "pool"),
    [(3, 2, 4), (4, 2, 5), (5, 1, 6), (6, 0, 7), (7, 0, 8)],
)
def test_face_up_and_face_down_discards_follow_the_seed_table(
    seats: int, face_up: int, pool: int
) -> None:
    """One card face down always; face up 2/2/1/0/0 for 3..7 players; the draft pool is one
    card more than the players (seven players: the last seat also gets the face-down card)."""
    for seed in range(10):
        state = new_game(seats, seed=seed)
        assert len(state.face_up) == face_up
        if seats < 7:
            assert len(state.face_down) == 1
            assert len(state.draft_pool) == pool
        else:
            assert len(state.draft_pool) == 7
            assert state.draft_steps[-1][1] == "pick_with_face_down"


def test_the_king_is_never_discarded_face_up() -> None:
    for seats in (3, 4, 5):
        for seed in range(150):
            state = new_game(seats, seed=seed)
            assert CROWN_RANK not in [CHARACTERS[n].rank for n in state.face_up]


def test_the_king_may_be_the_face_down_card() -> None:
    found = any(
        new_game(4, seed=seed).face_down == ["char-king"] for seed in range(200)
    )
    assert found


def test_the_emperor_takes_the_kings_place_in_the_face_up_rule() -> None:
    for seed in range(80):
        state = new_game(4, seed=seed, rank_4="emperor")
        assert "emperor" not in state.face_up


def test_crowned_seat_picks_first_and_cards_pass_to_the_left() -> None:
    state = new_game(5, seed=4)
    crown = state.crown
    order = [seat for seat, _ in state.draft_steps]
    assert order == [(crown + i) % 5 for i in range(5)]
    pool_before = list(state.draft_pool)
    first = prompt(state)
    assert first.seat == crown and first.kind == "citadels.prompt.draft_pick"
    state = GAME.apply(state, first.actions[0]).state
    assert prompt(state).seat == (crown + 1) % 5
    assert len(state.draft_pool) == len(pool_before) - 1


def test_each_pick_is_private_with_a_public_twin() -> None:
    state = new_game(4, seed=1)
    action = prompt(state).actions[0]
    events = GAME.apply(state, action).events
    picked = [e for e in events if e.key.endswith("character_chosen")]
    assert picked and picked[0].to == (action.seat,)
    twin = [e for e in events if e.key.endswith("character_picked")]
    assert twin and twin[0].to is None and "card" not in twin[0].params


def test_last_seat_puts_the_leftover_face_down_and_calling_starts() -> None:
    state = new_game(4, seed=2)
    for _ in range(4):
        state = GAME.apply(state, prompt(state).actions[0]).state
    last = (state.crown + 3) % 4
    assert state.phase == "turns"
    assert len(state.set_down[last]) == 1
    assert all(len(p) == 1 for p in state.picks)


def test_seven_players_last_seat_chooses_between_passed_and_face_down_card() -> None:
    state = new_game(7, seed=5)
    face_down = state.face_down[0]
    for _ in range(6):
        state = GAME.apply(state, prompt(state).actions[0]).state
    last = prompt(state)
    assert last.params["face_down_offered"] is True
    cards = [a.card for a in last.actions if isinstance(a, DraftPick)]
    assert len(cards) == 2 and face_down in cards
    state, _ = do(state, "draft_pick", card=cards[0])
    assert state.set_down[last.seat] == [cards[1]]


def test_two_players_alternate_picks_and_face_down_discards() -> None:
    """Seed: A picks 1 of 7 (one card hidden first), B picks and discards, A picks and discards,
    B picks from the last two and puts the other face down. Each ends with two characters."""
    state = new_game(2, seed=6)
    a, b = state.crown, 1 - state.crown
    assert len(state.face_down) == 1 and len(state.draft_pool) == 7
    expected = [
        (a, "draft_pick"), (b, "draft_pick"), (b, "draft_discard"),
        (a, "draft_pick"), (a, "draft_discard"), (b, "draft_pick"),
    ]
    for seat, kind in expected:
        p = prompt(state)
        assert (p.seat, p.kind) == (seat, "citadels.prompt." + kind)
        state = GAME.apply(state, p.actions[0]).state
    assert [len(p) for p in state.picks] == [2, 2]
    assert len(state.set_down[a]) == 1 and len(state.set_down[b]) == 2
    assert len(state.face_down_log[-1]) == 4
    assert state.phase == "turns"


def test_two_players_with_a_ninth_character_hide_two_cards_first() -> None:
    state = new_game(2, seed=6, rank_9="queen")
    assert len(state.face_down) == 2 and len(state.draft_pool) == 7


def test_three_players_play_without_the_assassin_and_to_ten_districts() -> None:
    state = new_game(3)
    assert "assassin" not in state.characters and state.removed == ["assassin"]
    assert state.target == 10
    witch = new_game(3, rank_1="witch")
    assert "witch" not in witch.characters and witch.removed == ["witch"]


@pytest.mark.parametrize(
    ("seats", "options", "target"),
    [
        (2, {}, 10),
        (2, {"two_player_target": 12}, 12),
        (3, {}, 10),
        (4, {}, 8),
        (7, {}, 8),
        (4, {"short_game": True}, 7),
        (2, {"short_game": True}, 7),
    ],
)
def test_districts_that_end_the_game_by_player_count_and_option(
    seats: int, options: dict[str, Any], target: int
) -> None:
    assert new_game(seats, **options).target == target


def test_a_ninth_character_adds_one_face_up_card() -> None:
    state = new_game(4, seed=9, rank_9="artist")
    assert len(state.face_up) == 3 and len(state.draft_pool) == 5
    seven = new_game(7, seed=9, rank_9="queen")
    assert len(seven.draft_pool) == 8 and seven.draft_steps[-1][1] == "pick"


def test_random_rank_choice_is_settled_by_the_seed() -> None:
    options = Options(rank_1="random", rank_4="random", rank_9="random")
    lineups = {tuple(GAME.setup(4, options, seed=s).characters) for s in range(30)}
    assert len(lineups) > 1
    assert GAME.setup(4, options, seed=7).characters == GAME.setup(4, options, seed=7).characters
    for lineup in lineups:
        assert len(lineup) == 9


def test_draft_pick_of_a_card_not_offered_is_refused() -> None:
    state = new_game(4, seed=1)
    p = prompt(state)
    held = {a.card for a in p.actions if isinstance(a, DraftPick)}
    other = next(c for c in ("char-assassin", "char-king", "char-warlord") if c not in held)
    with pytest.raises(IllegalAction):
        GAME.apply(state, find(state, "draft_pick").model_copy(update={"card": other}))


def test_calling_starts_once_the_last_seat_has_picked() -> None:
    state = new_game(4, seed=1)
    for _ in range(3):
        state = GAME.apply(state, prompt(state).actions[0]).state
    assert offered(state, "draft_pick")
    events = GAME.apply(state, prompt(state).actions[0]).events
    assert "character_called" in keys(events)


@pytest.mark.parametrize(("seats", "options"), [
    (2, {}), (3, {}), (3, {"three_player_two_characters": True}), (4, {}), (5, {}),
    (7, {}), (7, {"rank_9": "queen"}),
])
def test_every_draft_choice_offers_the_characters_in_rank_order(
    seats: int, options: dict[str, Any]
) -> None:
    """The pool is shuffled to deal, but a seat always reads its cards by rank (the seven-player
    last seat too, with the face-down card among them)."""
    for seed in range(6):
        state = new_game(seats, seed=seed, **options)
        while state.phase == "draft":
            p = prompt(state)
            ranks = [character_of_card(a.card).rank for a in p.actions
                     if isinstance(a, DraftPick | DraftDiscard)]
            assert len(ranks) == len(p.actions)
            assert ranks == sorted(ranks), (seats, seed, p.actions)
            state = GAME.apply(state, p.actions[-1]).state


def test_three_players_may_each_take_two_characters_as_in_the_published_rule() -> None:
    """Option: all eight characters play, one is hidden, none is face up; the picks go around
    the table twice from the crown; the last seat puts the card left over face down; 8
    districts end the game."""
    state = new_game(3, seed=2, three_player_two_characters=True)
    assert state.removed == [] and "assassin" in state.characters
    assert state.target == 8
    assert state.face_up == [] and len(state.face_down) == 1 and len(state.draft_pool) == 7
    crown = state.crown
    order = [(crown + i) % 3 for i in range(3)] * 2
    for seat in order:
        p = prompt(state)
        assert (p.seat, p.kind) == (seat, "citadels.prompt.draft_pick")
        state = GAME.apply(state, p.actions[0]).state
    assert [len(picks) for picks in state.picks] == [2, 2, 2]
    assert len(state.set_down[(crown + 2) % 3]) == 1
    assert len(state.face_down_log[-1]) == 2
    assert state.phase == "turns"
    short = new_game(3, three_player_two_characters=True, short_game=True)
    assert short.target == 7


def test_three_players_with_two_characters_and_a_ninth_hide_two_cards_first() -> None:
    state = new_game(3, seed=4, three_player_two_characters=True, rank_9="artist")
    assert len(state.face_down) == 2 and len(state.draft_pool) == 7 and state.face_up == []


def test_the_published_three_player_rule_changes_nothing_at_other_counts() -> None:
    for seats in (2, 4, 5, 7):
        plain = new_game(seats, seed=3)
        chosen = new_game(seats, seed=3, three_player_two_characters=True)
        assert (chosen.draft_steps, chosen.draft_pool, chosen.face_up, chosen.target) == (
            plain.draft_steps, plain.draft_pool, plain.face_up, plain.target)
