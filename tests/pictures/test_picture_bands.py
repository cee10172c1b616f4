"""Citadels' and Sanguosha's pictures are laid out so that a change stays in the rows it is
drawn on: a table's encoder draws, maps and compresses again only the bands whose drawing
changed (``tables.pictures.png``), so a move that changes one seat must not move the rest.

- Citadels: a city growing by a district, or a character shown, changes bands of that
  player's panel only (every panel has room for a complete city and a character row); the
  turn passing changes the two name plates' bands only.
- Sanguosha: a seat's hand changing changes the one band of that card's HP and hand row; the
  turn passing changes the two cards' top rows and the distance badges, not whole cards.
"""

from __future__ import annotations

from dataclasses import replace

from tables.games.citadels import picture as city_pictures
from tables.games.sanguosha import picture as table_pictures
from tables.pictures.canvas import Canvas
from tables.pictures.png import BAND


def changed_rows(first: Canvas, second: Canvas) -> list[tuple[int, int]]:
    """The rows of the bands whose digests differ."""
    assert (first.width, first.height) == (second.width, second.height)
    return [(number * BAND, (number + 1) * BAND) for number, (a, b) in
            enumerate(zip(first.band_digests(BAND), second.band_digests(BAND), strict=True))
            if a != b]


def citadels_scene(players: int) -> city_pictures.CitiesScene:
    tiles = (city_pictures.Tile("Manor", "yellow", 3, False),
             city_pictures.Tile("Tavern", "green", 1, False),
             city_pictures.Tile("Prison", "red", 2, False))
    cities = tuple(city_pictures.City(
        player=f"Player {i + 1}", gold=2, hand=4, built=len(tiles), crown=i == 0, badge="",
        score="", acting=i == 0, roles=(), tiles=tiles) for i in range(players))
    return city_pictures.CitiesScene(title="Round 2", subtitle="8 districts", target=8,
                                      empty="No districts", cities=cities)


def panel_rows(scene: city_pictures.CitiesScene, player: int) -> tuple[int, int]:
    grid = city_pictures.layout(scene)
    height = city_pictures.panel_height(scene, grid)
    top = city_pictures.HEADER + player // grid.columns * (height + city_pictures.PANEL_GAP)
    return top, top + height


def within(rows: list[tuple[int, int]], allowed: list[tuple[int, int]]) -> bool:
    """Every band in ``rows`` overlaps one of the ``allowed`` runs of rows."""
    return all(any(top < end and start < bottom for start, end in allowed)
               for top, bottom in rows)


def test_a_growing_city_changes_only_its_own_panel() -> None:
    for players in (3, 7):
        scene = citadels_scene(players)
        grown = list(scene.cities)
        for player in (1, players - 1):
            city = grown[player]
            grown[player] = replace(city, built=city.built + 1, gold=city.gold - 2, roles=(
                "4 • King",), tiles=(*city.tiles, city_pictures.Tile("Castle", "yellow", 4,
                                                                      False)))
            before = city_pictures.paint_cities(scene)
            after = city_pictures.paint_cities(replace(scene, cities=tuple(grown)))
            rows = changed_rows(before, after)
            assert rows, "the change must show"
            assert within(rows, [panel_rows(scene, player)]), (players, player, rows)
            # No more than the panel's name plate, its character row and one row of tiles.
            assert len(rows) <= 6, rows
            grown[player] = city


def test_the_turn_passing_changes_only_the_two_name_plates() -> None:
    scene = citadels_scene(7)
    passed = tuple(replace(city, acting=i == 5) for i, city in enumerate(scene.cities))
    rows = changed_rows(city_pictures.paint_cities(scene),
                        city_pictures.paint_cities(replace(scene, cities=passed)))
    plates = [(top, top + city_pictures.PANEL_HEAD)
              for top, _ in (panel_rows(scene, 0), panel_rows(scene, 5))]
    assert within(rows, plates) and len(rows) <= 4, rows


def sanguosha_scene(seats: int, turn: int) -> table_pictures.TableScene:
    return table_pictures.TableScene(
        title="Round 3", subtitle="Deck 40", phase="play", status="", distances="Distances",
        in_range="within range 1", out_of_range="out of range", dead="Dead", winner="Winner",
        seats=tuple(table_pictures.Seat(
            number=i + 1, player=f"Player {i + 1}", hero="Liu Bei", kingdom="shu",
            kingdom_name="Shu", hp=3, max_hp=4, hand=3, alive=True, identity="",
            identity_name="?", slots=("", "", "", ""), reach="", judging=(), turn=i == turn,
            distance=None if i == turn else min(abs(i - turn), seats - abs(i - turn)),
            in_range=min(abs(i - turn), seats - abs(i - turn)) <= 1, winner=False)
            for i in range(seats)))


def test_a_hand_changing_changes_one_band_of_its_card() -> None:
    for seats in range(4, 11):
        scene = sanguosha_scene(seats, 0)
        for seat in range(seats):
            changed = list(scene.seats)
            changed[seat] = replace(changed[seat], hand=changed[seat].hand + 2)
            rows = changed_rows(table_pictures.paint_table(scene),
                                table_pictures.paint_table(replace(scene,
                                                                   seats=tuple(changed))))
            _, y = table_pictures.places(seats)[seat]
            assert rows == [(y + 80, y + 80 + BAND)], (seats, seat, rows)


def test_the_turn_passing_changes_top_rows_and_distances_not_whole_cards() -> None:
    for seats in (5, 10):
        before = table_pictures.paint_table(sanguosha_scene(seats, 0))
        after = table_pictures.paint_table(sanguosha_scene(seats, 1))
        rows = changed_rows(before, after)
        height = before.height
        # The title's rows aside, at most the top row and HP row of each row of seats and
        # the table's middle: well under half of the picture.
        assert sum(bottom - top for top, bottom in rows) < height * 0.5, rows
        for _, y in table_pictures.places(seats)[:2]:
            # The equipment rows of the two cards whose turn it was and is do not change.
            assert not any(top < y + 208 and y + 112 < bottom for top, bottom in rows), (
                seats, y, rows)
