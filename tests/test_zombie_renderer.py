"""Zombie in My Pocket at the table, without Discord: what the board, the panels and the map
picture say, in English and Simplified Chinese.

Rules checked: the fight-or-flee window's board names everyone alive and never whether or how
anyone answered (the board reads the same before and after a commitment); its answers are
offered only in the panels, each showing its own answer; the map picture draws every placed
tile and rings the team's tile; whole games render every text filled in.
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.components import action_view
from bot.games.zombie.renderer import ZombieRenderer
from bot.renderers import renderer_for
from games.core import Outcome
from games.zombie import GAME
from games.zombie.actions import BreakThrough, Commit, Cower, Hurt, LeaveItem, Move, Settle
from games.zombie.state import ZombieState
from tables.games.zombie import picture as pictures
from tables.i18n import catalog, normalize_locale
from tables.pictures.canvas import Canvas
from tables.service import LiveMatch
from tests.games.zombie.builders import lay, play, prompt_of, table
from tests.pictures.tables import CHINESE_NAMES, ENGLISH_NAMES, live_match, moments
from tests.shown import as_label, md, t

LOCALES = ("en", "zh-CN")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def renderer() -> ZombieRenderer:
    found = renderer_for("zombie")
    assert isinstance(found, ZombieRenderer)
    return found


def live_for(state: ZombieState, locale: str | None = "en") -> LiveMatch:
    names = CHINESE_NAMES if locale == "zh-CN" else ENGLISH_NAMES
    live = live_match("zombie", names[:state.seats], locale=locale)
    live.state = state
    return live


def embed_text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or ""]
    parts += [f"{field.name}\n{field.value}" for field in embed.fields]
    parts.append(embed.footer.text or "")
    return "\n".join(parts)


def horde(seats: int = 4) -> ZombieState:
    """The team walks into the Family Room and meets a horde: every living player is asked."""
    state = table(seats=seats, health=3, deck=["card-gasoline", "card-oil", "card-candle"])
    lay(state, "family_room", 0, -1, 2)
    state, _ = play(state, Move(seat=0, to="family_room"))
    assert state.stage == "fight"
    return state


@pytest.mark.parametrize("locale", LOCALES)
def test_the_fight_window_board_says_everyone_decides_and_never_who_has(locale: str) -> None:
    r = renderer()
    state = horde()
    live = live_for(state, locale)
    board_before = embed_text(r.board_embed(live, GAME.view(state, None), locale))
    prompt = prompt_of(state, 1)
    line_before = md(r.prompt_line(live, GAME.view(state, None), prompt, locale))
    assert t("zombie.board.now_fight", locale) in board_before
    for name in live.seats:
        assert name.display_name in board_before  # all named alike: everyone alive decides
    assert r.board_actions(live, GAME.view(state, None), prompt) == []  # panel only
    state, events = play(state, Commit(seat=1, choice="fight"))
    live.state = state
    board_after = embed_text(r.board_embed(live, GAME.view(state, None), locale))
    assert board_after == board_before
    assert md(r.prompt_line(live, GAME.view(state, None), prompt_of(state, 1), locale)) == \
        line_before
    # The private event says it to seat 1 alone.
    assert [e.to for e in events] == [(1,)]
    assert t("zombie.choice.fight", locale) in md(r.event_line(live, events[0], locale))


@pytest.mark.parametrize("locale", LOCALES)
def test_each_panel_shows_only_its_own_answer(locale: str) -> None:
    r = renderer()
    state, _ = play(horde(), Commit(seat=1, choice="fight"))
    live = live_for(state, locale)
    fight = t("zombie.action.commit_fight", locale)
    chosen = t("zombie.action.chosen", locale, choice=fight)
    mine = GAME.view(state, 1)
    labels = [as_label(r.action_label(live, mine, a, locale)) for a in prompt_of(state, 1).actions]
    assert chosen in labels
    assert t("zombie.panel.choice_made", locale,
             choice=t("zombie.choice.fight", locale)) in embed_text(
        r.panel_embed(live, mine, 1, locale))
    other = GAME.view(state, 2)
    other_labels = [as_label(r.action_label(live, other, a, locale))
                    for a in prompt_of(state, 2).actions]
    assert chosen not in other_labels and fight in other_labels
    assert t("zombie.panel.choice_none", locale) in embed_text(
        r.panel_embed(live, other, 2, locale))


def test_the_leaders_choices_are_on_the_board_and_gifts_stay_in_the_panel() -> None:
    r = renderer()
    state = table(seats=3, health=3)
    state.players[0].items.append("machete")
    state.forget_pending()
    live = live_for(state)
    prompt = prompt_of(state, 0)
    shown = r.board_actions(live, GAME.view(state, None), prompt)
    kinds = {prompt.actions[i].kind for i in shown}
    assert "cower" in kinds and "give" not in kinds
    assert any(a.kind == "give" for a in prompt.actions)
    labels = [as_label(r.action_label(live, GAME.view(state, 0), a, "en")) for a in prompt.actions]
    assert "Cower: everyone +1 health, uses up an event card" in labels
    assert "Give the Machete to Bob" in labels


def test_a_finished_game_reveals_the_scores_by_the_seed_s_rule() -> None:
    r = renderer()
    live, view = list(moments("zombie", 3, 4))[-1]
    assert view.result is not None and view.scores is not None
    outcome = GAME.outcome(live.state)
    assert isinstance(outcome, Outcome)
    embed = r.reveal_embed(live, view, outcome, "en")
    text = embed_text(embed)
    for seat, score in outcome.scores.items():
        assert f"{live.seats[seat].display_name}: {score:g}" in text
    assert "3" in (embed.footer.text or "") and "4" in (embed.footer.text or "")


@pytest.mark.parametrize(("seats", "seed", "locale"),
                         [(1, 1, "en"), (4, 2, "zh-CN"), (8, 3, "en")])
def test_whole_games_render_every_text_filled_in(seats: int, seed: int, locale: str) -> None:
    r = renderer()
    lines: list[str] = []
    for live, view in moments("zombie", seats, seed, every=3):
        state = live.state
        lines.append(embed_text(r.board_embed(live, view, locale)))
        for seat in range(seats):
            own = GAME.view(state, seat)
            lines.append(embed_text(r.panel_embed(live, own, seat, locale)))
        for prompt in GAME.pending(state):
            own = GAME.view(state, prompt.seat)
            lines.append(md(r.prompt_line(live, own, prompt, locale)))
            lines += [as_label(r.action_label(live, own, a, locale)) for a in prompt.actions]
    for line in lines:
        assert not PLACEHOLDER.search(line), line
        assert "zombie." not in line, line  # a raw key: a text the catalog lacks
    if locale == "zh-CN":
        assert all(re.search(r"[\u4e00-\u9fff]", line) for line in lines if line.strip())


# -- the map picture --------------------------------------------------------------------------
def gold_ring_at(canvas: Canvas, corner: tuple[int, int], size: int) -> bool:
    x, y = corner
    return canvas.image.getpixel((x + size // 2, y - 2)) == pictures.GOLD


@pytest.mark.parametrize(("seats", "seed", "locale"),
                         [(1, 11, "en"), (3, 12, "en"), (5, 13, "zh-CN"), (8, 14, "en")])
def test_the_map_draws_every_placed_tile_and_rings_the_team(seats: int, seed: int,
                                                            locale: str) -> None:
    r = renderer()
    names = (CHINESE_NAMES if locale == "zh-CN" else ENGLISH_NAMES)[:seats]
    drawn_tiles = 0
    keys: dict[int, str] = {}
    for live, view in moments("zombie", seats, seed, every=4, names=names):
        picture = r.board_picture(live, view, locale)
        assert picture is not None
        scene = picture.scene
        canvas = picture.canvas()
        assert canvas.image.size == (pictures.WIDTH, pictures.picture_height(scene))
        texts = "\n".join(text.text for text in canvas.texts)
        for tile in view.tiles:  # a long name is drawn on two lines
            assert md(r.tile(tile.tile, locale)) in texts.replace("\n", " "), tile.tile
        cells = [(area, c) for area in (scene.house, scene.yard) for c in area.cells]
        assert len(cells) == len(view.tiles)
        here = [(area, c) for area, c in cells if c.here]
        assert len(here) == 1 and here[0][1].name == md(r.tile(view.at, locale))
        area, cell = here[0]
        corner = pictures.cell_origin(scene, area, cell.x, cell.y)
        assert gold_ring_at(canvas, corner, pictures.grid_of(area).size)
        for name in names:
            assert name in texts
        # A new tile on the map draws a new picture.
        keys.setdefault(len(view.tiles), picture.key)
        drawn_tiles = max(drawn_tiles, len(view.tiles))
    assert drawn_tiles >= 3
    assert len(set(keys.values())) == len(keys)


def test_the_ring_check_can_fail() -> None:
    """The gold ring is found only around the team's tile."""
    r = renderer()
    seen: list[tuple[LiveMatch, Any]] = list(moments("zombie", 2, 5, every=5))
    live, view = next((lv, v) for lv, v in seen if len(v.tiles) >= 3)
    picture = r.board_picture(live, view, "en")
    assert picture is not None
    canvas = picture.canvas()
    scene = picture.scene
    away = [(area, c) for area in (scene.house, scene.yard) for c in area.cells if not c.here]
    area, cell = away[0]
    corner = pictures.cell_origin(scene, area, cell.x, cell.y)
    assert not gold_ring_at(canvas, corner, pictures.grid_of(area).size)


@pytest.mark.parametrize("locale", LOCALES)
def test_what_costs_health_says_so_and_names_its_unit(locale: str) -> None:
    """Rule: breaking through warns that it costs 1 health, and every line that follows (the
    choice of who loses it, the board's "now", one more for the remainder) names health."""
    r = renderer()
    state = table(seats=3, health=3)
    live = live_for(state, locale)
    view = GAME.view(state, 0)
    health = t("zombie.action.hurt", locale, target="").strip()
    wall = as_label(r.action_label(live, view, BreakThrough(seat=0, direction="north"), locale))
    assert "1" in wall and health.split()[-1] in wall, wall
    state.stage, state.victim_for = "victim", "wall"
    state.forget_pending()
    prompt = prompt_of(state, 0)
    named = live.seats[1].display_name
    hurt = as_label(r.action_label(live, view, Hurt(seat=0, target=1), locale))
    assert hurt == t("zombie.action.hurt", locale, target=named)
    assert ("loses 1 health" if locale == "en" else "失去 1 点生命") in hurt
    now = embed_text(r.board_embed(live, GAME.view(state, None), locale))
    assert t("zombie.stage.victim", locale, leader=live.seats[0].display_name) in now
    assert ("loses 1 health" if locale == "en" else "1 点生命") in \
        t("zombie.stage.victim", locale, leader="")
    settle = as_label(r.action_label(live, view, Settle(seat=0, seats=("1",)), locale))
    assert named in settle and ("health" if locale == "en" else "生命") in settle
    # The board names the asked seat once (its waiting line starts with the name).
    line = md(r.prompt_line(live, GAME.view(state, None), prompt, locale))
    assert live.seats[0].display_name not in line
    assert ("who loses 1 health" if locale == "en" else "失去 1 点生命") in line
    # The log that follows says health too.
    _, events = play(state, Hurt(seat=0, target=1))
    logged = [md(r.event_line(live, e, locale)) for e in events if e.key.endswith("wounded")]
    assert logged and ("loses 1 health" if locale == "en" else "失去 1 点生命") in logged[0]


@pytest.mark.parametrize("locale", LOCALES)
def test_cowering_leaving_an_item_and_burning_say_what_they_do(locale: str) -> None:
    """Rule: cowering heals (+1 health) and uses up an event card; leaving the offered item
    means not taking it; burning names the Oil or Gasoline and the Candle, and wins."""
    r = renderer()
    state = table(seats=3, health=3)
    live = live_for(state, locale)
    view = GAME.view(state, 0)
    cower = as_label(r.action_label(live, view, Cower(seat=0), locale))
    assert ("+1 health" if locale == "en" else "+1 生命") in cower
    assert ("event card" if locale == "en" else "事件牌") in cower
    state.offered_item = "machete"
    leave = as_label(r.action_label(live, GAME.view(state, 0), LeaveItem(seat=0), locale))
    assert leave == t("zombie.action.leave_item", locale, item=t("zombie.item.machete", locale))
    assert leave.startswith("Don't take" if locale == "en" else "不拿")
    arms = t("zombie.prompt.arms", locale)
    for word in (("Oil", "Gasoline", "Candle") if locale == "en" else ("油", "汽油", "蜡烛")):
        assert word in arms
    assert "{seat}" not in catalog(normalize_locale(locale))["zombie.prompt.arms"]


def test_a_standing_fight_answer_is_shown_disabled_and_its_click_changes_nothing() -> None:
    """Rule: a seat's fight-or-flee answer can be changed until everyone has answered; the
    answer it already gave is shown chosen and disabled, and applying it again is a repeat
    (``Game.repeats``: the service refuses such a click and logs nothing), while the other
    answer is a change."""
    r = renderer()
    state, _ = play(horde(), Commit(seat=1, choice="fight"))
    live = live_for(state)
    mine = GAME.view(state, 1)
    prompt = prompt_of(state, 1)
    buttons = {getattr(item, "item", item).label: getattr(item, "item", item).disabled
               for item in action_view(r, live, mine, prompt, "en").children
               if isinstance(getattr(item, "item", item), discord.ui.Button)}
    fight = t("zombie.action.chosen", "en", choice=t("zombie.action.commit_fight", "en"))
    assert buttons[fight] is True
    assert buttons[t("zombie.action.commit_flee", "en")] is False
    assert GAME.repeats(state, Commit(seat=1, choice="fight"))
    assert not GAME.repeats(state, Commit(seat=1, choice="flee"))
    assert not GAME.repeats(state, Commit(seat=2, choice="fight")), "seat 2 has not answered"
    assert "change your answer" in md(r.prompt_line(live, mine, prompt, "en"))
