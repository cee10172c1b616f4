"""The deck, the heroes and the identity table are the published ones."""

from __future__ import annotations

from collections import Counter
from itertools import product

from games.sanguosha.cards import CARDS, EX_CARDS, STANDARD_DECK, deck_ids
from games.sanguosha.heroes import HEROES
from games.sanguosha.identities import identity_cards


def test_standard_deck_is_104_cards_two_of_every_suit_and_rank() -> None:
    assert len(STANDARD_DECK) == 104
    pairs = Counter((c.suit, c.rank) for c in STANDARD_DECK)
    suits = ("spade", "club", "heart", "diamond")
    assert pairs == {(s, r): 2 for s, r in product(suits, range(1, 14))}


def test_standard_deck_holds_each_card_name_the_published_number_of_times() -> None:
    names = Counter(c.name for c in STANDARD_DECK)
    assert names["sha"] == 30 and names["shan"] == 15 and names["tao"] == 8
    assert names["wuxie"] == 3 and names["guohe"] == 6 and names["shunshou"] == 5
    assert names["nanman"] == 3 and names["wanjian"] == 1 and names["lebu"] == 3
    assert sum(1 for c in STANDARD_DECK if c.kind.kind == "equip") == 17
    assert "tao-diamond-Q" in CARDS and "sha-spade-7" in CARDS


def test_ex_cards_add_ice_sword_nioh_shield_lightning_and_nullification() -> None:
    assert sorted(c.id for c in EX_CARDS) == [
        "hanbing-spade-2",
        "renwang-club-2",
        "shandian-heart-Q",
        "wuxie-diamond-Q",
    ]
    assert len(deck_ids(True)) == 108


def test_no_id_is_a_piece_of_another() -> None:
    ids = [*CARDS, *HEROES, *identity_cards(10), *identity_cards(10, two_renegades=True)]
    unique = set(ids)
    for a in unique:
        for b in unique:
            assert a == b or a not in b, (a, b)


def test_twenty_five_heroes_with_five_women_and_three_lords() -> None:
    assert len(HEROES) == 25
    kingdoms = Counter(h.kingdom for h in HEROES.values())
    assert kingdoms == {"wei": 7, "shu": 7, "wu": 8, "qun": 3}
    assert sum(h.gender == "female" for h in HEROES.values()) == 5
    assert sorted(h.id for h in HEROES.values() if h.lord_skills) == [
        "caocao",
        "liubei",
        "sunquan",
    ]


def test_identity_table_per_player_count() -> None:
    def shape(n: int, two: bool = False) -> tuple[int, int, int, int]:
        cards = identity_cards(n, two)
        return tuple(  # type: ignore[return-value]
            sum(c.startswith(f"identity-{k}") for c in cards)
            for k in ("lord", "loyalist", "rebel", "renegade")
        )

    assert shape(4) == (1, 1, 1, 1)
    assert shape(5) == (1, 1, 2, 1)
    assert shape(6) == (1, 1, 3, 1)
    assert shape(7) == (1, 2, 3, 1)
    assert shape(8) == (1, 2, 4, 1)
    assert shape(9) == (1, 3, 4, 1)
    assert shape(10) == (1, 3, 4, 2)
    assert shape(10, True) == (1, 3, 4, 2)
    assert shape(6, True) == (1, 1, 2, 2)
    assert shape(8, True) == (1, 2, 3, 2)
