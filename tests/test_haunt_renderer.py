"""Marrowgate House at the table, without Discord: what the board, the panels, the heroes'
thread and the labels say, in English and Simplified Chinese.

Rules checked: no book (the traitor's tome, the heroes' secret) is on the board, nor its id;
the tome is in the traitor's panel alone and the secret in the heroes' panels and thread
alone, which the traitor never joins; whole games render every text filled in.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.games.haunt.renderer import HauntRenderer
from games.core.conformance import bot_action, random_action
from games.haunt import GAME
from games.haunt.catalog import catalog
from games.haunt.state import HauntState
from games.haunt.views import PublicView, SeatView
from tables.games.haunt.words import content
from tables.service import LiveMatch
from tests.pictures.tables import CHINESE_NAMES, ENGLISH_NAMES, live_match
from tests.shown import as_label, md

LOCALES = ("en", "zh-CN")
UNFILLED = re.compile(r"\{[a-z_]+\}|\bhaunt\.[a-z_]+\.[a-z_]+")
RENDERER = HauntRenderer()


def embed_text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or ""]
    parts += [f"{field.name}\n{field.value}" for field in embed.fields]
    parts.append(embed.footer.text or "")
    return "\n".join(parts)


def played(seats: int, seed: int, locale: str | None = "en"
           ) -> Iterator[tuple[LiveMatch, HauntState, list[Any]]]:
    """(match, state, the events of the last move) at every move of a seeded game played by
    the built-in bot and random moves, to its end."""
    state = GAME.setup(seats, GAME.Options(), seed=seed)
    names = CHINESE_NAMES if locale == "zh-CN" else ENGLISH_NAMES
    live = live_match("haunt", names[:seats], locale=locale)
    rng = random.Random(seed)
    events: list[Any] = []
    for _ in range(4000):
        live.state = state
        yield live, state, events
        if GAME.outcome(state) is not None:
            return
        choose = bot_action if rng.random() < 0.8 else random_action
        result = GAME.apply(state, choose(GAME, state, rng))
        state, events = result.state, list(result.events)


def haunted(seats: int, seed: int) -> tuple[LiveMatch, HauntState]:
    """The first moment of a seeded game after the haunt begins."""
    for live, state, _ in played(seats, seed):
        if state.phase == "haunt" and state.traitor is not None and GAME.outcome(state) is None:
            return live, state
    pytest.skip(f"seed {seed} never reaches a haunt with a traitor")


def book_texts(state: HauntState) -> tuple[str, str, str, str]:
    haunt = catalog().haunt(state.haunt or "")
    assert haunt.tome is not None
    return haunt.tome.id, haunt.secret.id, content(haunt.tome.text, "en").plain, \
        content(haunt.secret.text, "en").plain


def first_haunt_with_traitor() -> tuple[LiveMatch, HauntState]:
    for seed in range(1, 40):
        for live, state, _ in played(4, seed):
            if state.phase == "haunt" and state.traitor is not None and \
                    GAME.outcome(state) is None:
                return live, state
    raise AssertionError("no seed reached a haunt with a traitor")


def test_the_board_never_shows_a_book_or_its_id() -> None:
    live, state = first_haunt_with_traitor()
    tome_id, secret_id, tome, secret = book_texts(state)
    text = embed_text(RENDERER.board_embed(live, GAME.view(state, None), "en"))
    for hidden in (tome_id, secret_id, tome, secret):
        assert hidden not in text
    assert content(catalog().haunt(state.haunt or "").title, "en").plain in text


def test_the_tome_is_in_the_traitors_panel_alone_and_the_secret_in_the_heroes() -> None:
    live, state = first_haunt_with_traitor()
    tome_id, secret_id, tome, secret = book_texts(state)
    for seat in range(state.seats):
        view = GAME.view(state, seat)
        assert isinstance(view, SeatView)
        text = embed_text(RENDERER.panel_embed(live, view, seat, "en"))
        assert tome_id not in text and secret_id not in text
        if seat == state.traitor:
            assert tome in text and secret not in text
        else:
            assert secret in text and tome not in text


def test_the_heroes_thread_holds_the_secret_and_leaves_the_traitor_out() -> None:
    live, state = first_haunt_with_traitor()
    _, _, tome, secret = book_texts(state)
    threads = RENDERER.team_threads(live, "en")
    assert len(threads) == 1
    thread = threads[0]
    assert state.traitor not in thread.seats
    assert set(thread.seats) == set(range(state.seats)) - {state.traitor}
    assert secret in thread.content and tome not in thread.content


def test_there_is_no_thread_before_the_haunt() -> None:
    state = GAME.setup(3, GAME.Options(), seed=5)
    live = live_match("haunt", ENGLISH_NAMES[:3], locale="en")
    live.state = state
    assert RENDERER.team_threads(live, "en") == []


def test_the_board_names_whose_turn_it_is_and_each_explorers_traits() -> None:
    live, state = first_haunt_with_traitor()
    view = GAME.view(state, None)
    assert isinstance(view, PublicView)
    text = embed_text(RENDERER.board_embed(live, view, "en"))
    for e in view.explorers:
        assert content(catalog().explorer(e.explorer).name, "en").plain in text
        assert f"Might {e.traits['might'].value}" in text
    if view.monsters_acting is None:
        assert f"{live.seats[view.current].display_name}'s turn" in text


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("seats", "seed"), [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_whole_games_render_every_text_filled_in(seats: int, seed: int, locale: str) -> None:
    problems: list[str] = []
    for step, (live, state, events) in enumerate(played(seats, seed, locale)):
        texts = [md(RENDERER.event_line(live, event, locale)) for event in events]
        if step % 5 == 0 or GAME.outcome(state) is not None:
            public = GAME.view(state, None)
            texts.append(embed_text(RENDERER.board_embed(live, public, locale)))
            for seat in range(state.seats):
                own = GAME.view(state, seat)
                texts.append(embed_text(RENDERER.panel_embed(live, own, seat, locale)))
            texts += [md(thread.content) for thread in RENDERER.team_threads(live, locale)]
            outcome = GAME.outcome(state)
            if outcome is not None:
                texts.append(embed_text(RENDERER.reveal_embed(live, public, outcome, locale)))
        for prompt in GAME.pending(state):
            own = GAME.view(state, prompt.seat)
            texts.append(md(RENDERER.prompt_line(live, own, prompt, locale)))
            labels = [as_label(RENDERER.action_label(live, own, a, locale))
                      for a in prompt.actions]
            assert all(0 < len(label) <= 80 for label in labels)
            texts += labels
            texts += [as_label(RENDERER.group_label(RENDERER.action_group(a), locale))
                      for a in prompt.actions]
        problems += [text for text in texts if UNFILLED.search(text)]
    assert not problems, problems[:10]


def test_the_haunts_in_play_are_typed_as_words_into_one_slash_option() -> None:
    """``/haunt start haunts:`` takes the haunts' ids separated by commas or spaces, and the
    engine's options read them as the tuple they are."""
    from bot.cogs.options import field_options, listed_words

    options = {option.name: option for option in field_options("haunt", GAME.Options)}
    assert options["haunts"].annotation is str and options["played"].annotation is str
    parse = options["haunts"].parse
    assert parse is listed_words and options["choose_another"].parse is None
    ids = [h.id for h in catalog().haunts][:3]
    chosen = GAME.Options.model_validate({"haunts": parse(f"{ids[0]}, {ids[1]} {ids[2]}")})
    assert chosen.haunts == tuple(ids)


@pytest.mark.parametrize("locale", LOCALES)
def test_a_game_nobody_won_says_every_side_loses(locale: str) -> None:
    """Seed: "若奸徒Traitor或英雄Hero皆无法达成其胜利条件,则两者皆负" — an end without winners is
    told as every side losing on the board, in the log, in the reveal and on the picture."""
    from games.core import Event
    from tests.games.haunt.builders import haunted as haunted_at

    state = haunted_at("will-of-marrowgate", 4, revealer=0)
    state.winners, state.end_reason, state.phase = [], "deadline", "over"
    live = live_match("haunt", (CHINESE_NAMES if locale == "zh-CN" else ENGLISH_NAMES)[:4],
                      locale=locale)
    live.state = state
    public = GAME.view(state, None)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == []
    lose = "各方皆负" if locale == "zh-CN" else "every side loses"
    over = Event(key="haunt.over", params={"winners": [], "reason": "deadline"})
    texts = [md(RENDERER.event_line(live, over, locale)),
             embed_text(RENDERER.board_embed(live, public, locale)),
             embed_text(RENDERER.reveal_embed(live, public, outcome, locale))]
    for text in texts:
        assert lose in text and not UNFILLED.search(text), text
    assert RENDERER.board_picture(live, public, locale) is not None


def test_one_winner_wins_and_several_win() -> None:
    """Rule: the end's verb agrees with its winners ("ivy wins", "ivy, zoe win"), on the
    board and in the log."""
    from games.core import Event
    from tests.games.haunt.builders import haunted as haunted_at

    state = haunted_at("will-of-marrowgate", 4, revealer=0)
    live = live_match("haunt", ENGLISH_NAMES[:4], locale="en")
    live.state = state
    first, second = (live.seats[s].display_name for s in (0, 1))
    for winners, verb in (([0], f"{first} wins"), ([0, 1], f"{first}, {second} win")):
        state.winners, state.end_reason, state.phase = winners, "deadline", "over"
        over = Event(key="haunt.over", params={"winners": winners, "reason": "deadline"})
        line = md(RENDERER.event_line(live, over, "en"))
        assert line.startswith(f"The game is over: {verb} ("), line
        board = embed_text(RENDERER.board_embed(live, GAME.view(state, None), "en"))
        assert f"The game is over: {verb}." in board


@pytest.mark.parametrize("locale", LOCALES)
def test_a_damage_step_says_how_much_and_a_monsters_button_sets_its_name_apart(
        locale: str) -> None:
    """Rule: each damage choice lowers one trait by 1, and says so; in Chinese a numbered
    monster's name is set apart from its verb ("蛾群 1：前往…", not "蛾群 1前往…")."""
    from games.haunt.actions import TakeDamage

    live, state = first_haunt_with_traitor()
    label = as_label(RENDERER.action_label(live, GAME.view(state, 0),
                                           TakeDamage(seat=0, trait="might"), locale))
    assert "1" in label and md(RENDERER.trait("might", locale)) in label, label
    for key in ("haunt.action.monster_move", "haunt.action.monster_done",
                "haunt.action.monster_attack"):
        text = catalog_text(key, locale)
        after = text.split("{monster}", 1)[1]
        assert after[:1] in (" ", "：", ":"), (key, text)


def catalog_text(key: str, locale: str) -> str:
    from tables.i18n import catalog as texts
    from tables.i18n import normalize_locale

    return texts(normalize_locale(locale))[key]
