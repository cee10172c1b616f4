"""Every private text is in its reader's language, whatever the table's: at many steps of seeded
playouts of every registered game, each seat's private payloads — its panel as the Desk builds
it (its moves, its two-step choices, its team's secret when the team has no thread to read it
in, its own events), the board a stale click is answered with, its opening DM and its closed
panel — are rendered through the real
renderers for a zh-CN reader at an English table and for an English reader at a zh-CN table.
No English catalog line may reach the first, no Chinese text the second."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import discord
import pytest

from bot.renderers import renderer_for
from bot.renderers.markdown import plain
from bot.table import Desk
from bot.team_threads import MatchThreads, OpenThread
from games import registry
from games.core import Event
from games.core.conformance import bot_action, mixed_chooser
from storage import MatchStatus
from tables.i18n import catalog
from tables.service import LiveMatch
from tables.words import words_for
from tests.every_game import hosted_games, seats_for
from tests.i18n_play import Moments, new_live, render_desk, situation, with_status
from tests.shown import md, t

EN, ZH = "en", "zh-CN"
STEPS = 1_500  # at most, per game (most tables end well before)
# The payloads are drawn the first few times each situation (the phase and the kinds of
# question asked) comes up, after a kind of event first happens, and every few steps
# whatever it is (as tests.i18n_play draws whole games); at the other steps only the lines
# the asked seats read (questions, moves, events) are written. Compared game by game with
# drawing at every change of question (Catan's and Sanguosha's change at nearly every step),
# that reads 42 keys more and 2 fewer (a Citadels hand holding the Great Wall, a haunt panel
# cut short with "more"), in under half the CPU.
SITUATION_RENDERS = 3
EVERY = 6
# Not about how the bots play: slow ones play quick legal moves (tests.every_game.SLOW_BOTS).
pytestmark = pytest.mark.usefixtures("quick_bots")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# English words: two or more (a line, or a part of one between its placeholders), or one.
ENGLISH = re.compile(r"[A-Za-z][A-Za-z']+(?:[ -]+[A-Za-z][A-Za-z']*)*")
CHINESE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


@cache
def english_lines() -> frozenset[str]:
    """The English words of every English catalog text whose Chinese text differs: runs of two
    words or more (at least 5 characters), and single words (at least 4), that no Chinese
    text holds as well (a name kept in Latin letters, say)."""
    english, chinese = catalog("en"), catalog("zh_CN")
    kept_in_chinese = "\n".join(chinese.values())
    lines: set[str] = set()
    for key, text in english.items():
        if chinese.get(key) == text:
            continue
        for piece in PLACEHOLDER.split(text):
            for run in ENGLISH.findall(piece):
                long_enough = len(run) >= 5 if " " in run else len(run) >= 4
                if long_enough and run not in kept_in_chinese:
                    lines.add(run)
    return frozenset(lines)


@cache
def chinese_in_english() -> frozenset[str]:
    """Chinese a text of the English catalog holds (a game's name beside its English one)."""
    return frozenset(run for text in catalog("en").values() for run in CHINESE.findall(text))


def english_in(text: str) -> list[str]:
    return [run for run in ENGLISH.findall(text) if _is_english_line(run)]


@cache
def _is_english_line(run: str) -> bool:
    """Whether a run of words is (or holds) English catalog words. Runs repeat at every
    render of a table: each is weighed once."""
    lines = english_lines()
    return run in lines or any(line in run for line in lines if " " in line)


def chinese_in(text: str) -> list[str]:
    return [run for run in CHINESE.findall(text) if _is_chinese_line(run)]


@cache
def _is_chinese_line(run: str) -> bool:
    return not any(run in kept for kept in chinese_in_english())


def wrong_language(reader: str, text: str) -> list[str]:
    return english_in(text) if reader == ZH else chinese_in(text)


def texts(content: str, embeds: list[discord.Embed], view: discord.ui.View | None) -> str:
    """Everything a reader reads in a message: its content, its embeds' texts and its
    components' labels, placeholders and options."""
    parts = [content]
    for embed in embeds:
        data: dict[str, Any] = dict(embed.to_dict())
        parts += [str(data.get("title", "")), str(data.get("description", "")),
                  str((data.get("footer") or {}).get("text", "")),
                  str((data.get("author") or {}).get("name", ""))]
        for field in data.get("fields", []):
            parts += [str(field.get("name", "")), str(field.get("value", ""))]
    for row in [] if view is None else view.to_components():
        for component in row.get("components", []):
            parts += [str(component.get("label") or ""), str(component.get("placeholder") or "")]
            for option in component.get("options", []):
                parts += [str(option.get("label", "")), str(option.get("description") or "")]
    return "\n".join(parts)



def at_table(live: LiveMatch, locale: str) -> None:
    live.record = live.record.model_copy(update={"locale": locale})


def private_payloads(desk: Desk, live: LiveMatch, seat: int, reader: str
                     ) -> Iterator[tuple[str, str]]:
    """(what, text) of every private payload ``seat`` reads now, in ``reader``'s language."""
    game, renderer = live.game, renderer_for(live.record.game)
    yield "panel", texts(*desk.panel(live, seat, reader))
    prompt = game.prompt_for(live.state, seat)
    if prompt is not None:
        step = next((i for i, a in enumerate(prompt.actions)
                     if renderer.action_step(a) is not None), None)
        if step is not None:
            yield "panel step", texts(*desk.panel(live, seat, reader, step=step))
    view = game.view(live.state, seat)
    opening = renderer.opening_embed(live, view, seat, reader)
    yield "opening DM", texts(t("dm.opening", reader, game=t(f"{live.record.game}.title",
                                                            reader)), [opening], None)


def lines_read(live: LiveMatch, events: list[Event], reader: str) -> Iterator[tuple[str, str]]:
    """(what, text) of the lines the seats asked something read now in ``reader``'s language
    — their questions, their moves' labels and groups, and the last move's events as each
    seat told them reads them — without drawing the panels these lines sit in."""
    game, renderer = live.game, renderer_for(live.record.game)
    words = words_for(live.record.game)
    for prompt in game.pending(live.state):
        view = game.view(live.state, prompt.seat)
        yield "question", md(renderer.prompt_line(live, view, prompt, reader))
        for action in prompt.actions:
            yield "move", plain(renderer.action_label(live, view, action, reader))
            yield "group", plain(renderer.group_label(renderer.action_group(action), reader))
    for event in events:
        for seat in range(len(live.seats)) if event.to is None else event.to:
            yield "event", md(words.reader_event_line(live, event, seat, reader))


def playout(game_name: str, seed: int) -> Iterator[tuple[LiveMatch, list[Event], bool]]:
    """A seeded table of every seat a person (so every panel shows its moves), played by bots
    and random players; yields it at every step with the last move's events and whether its
    payloads are drawn then (else only its lines are read), then once over."""
    game = registry.get(game_name)
    seats = seats_for(game_name, 5)
    live = new_live(game_name, seats, None, seed)
    live.seats = [s.model_copy(update={"is_bot": False}) for s in live.seats]
    state = live.state = game.setup(seats, None, seed=seed)
    with_status(live, MatchStatus.ACTIVE, 0)
    rng = random.Random(seed)
    chooser = mixed_chooser(set(range(0, seats, 2)))
    moments = Moments(SITUATION_RENDERS, EVERY)
    events: list[Event] = []
    happened: set[str] = set()
    for step in range(STEPS):
        if game.outcome(state) is not None:
            break
        news = {event.key for event in events} - happened
        happened |= news
        drawn = moments.drawn(step, situation(game.view(state, None), game.pending(state))) \
            or bool(news)
        yield live, events, drawn
        transition = game.apply(state, chooser(game, state, rng) if step % 2 else
                                bot_action(game, state, rng))
        events = transition.events
        for event in events:
            live.recent.append(event)
        state = live.state = transition.state
        with_status(live, MatchStatus.ACTIVE, step + 1)
    if game.outcome(state) is not None:
        with_status(live, MatchStatus.FINISHED)
        yield live, events, True


def _readers(live: LiveMatch) -> list[int]:
    """The seats whose payloads are read at this moment: those asked something and one other
    in turn (what a waiting seat reads), or every seat once the table is over. Every seat at
    every moment costs several times as much and reads no other text."""
    seats = len(live.seats)
    if live.record.status == MatchStatus.FINISHED:
        return list(range(seats))
    asked = {prompt.seat for prompt in live.game.pending(live.state)}
    return sorted(asked | {live.record.version % seats})


@pytest.mark.parametrize("game_name", hosted_games())
def test_every_private_payload_is_in_its_readers_language(game_name: str) -> None:
    the_desk = render_desk()
    problems: list[str] = []
    renders = 0
    for live, events, drawn in playout(game_name, seed=11):
        for reader, table in ((ZH, EN), (EN, ZH)):
            at_table(live, table)
            if not drawn:
                for what, text in lines_read(live, events, reader):
                    renders += 1
                    wrong = wrong_language(reader, text)
                    if wrong:
                        problems.append(f"v{live.record.version} {what} for a {reader} "
                                        f"reader at a {table} table: {wrong[:4]}")
                continue
            # A click on a board the game has moved past is answered privately with the board
            # as it is now, in the clicker's language (InteractionHandler.show_current_board).
            stale = [("board for a stale click", texts(*the_desk.board(live, reader)))]
            for seat in _readers(live):
                if live.record.status == MatchStatus.FINISHED:
                    found = [("closed panel", texts(*the_desk.closed_panel(live, seat, reader),
                                                    None))]
                else:
                    found = list(private_payloads(the_desk, live, seat, reader))
                found, stale = found + stale, []
                for what, text in found:
                    renders += 1
                    wrong = wrong_language(reader, text)
                    if wrong:
                        problems.append(f"v{live.record.version} seat {seat} {what} for a "
                                        f"{reader} reader at a {table} table: {wrong[:4]}")
    assert renders > 100
    assert not problems, "\n".join(problems[:20])


def test_the_check_finds_a_line_in_the_wrong_language() -> None:
    """The checks themselves: an English catalog line in a Chinese reader's text is found, and
    Chinese in an English reader's; the reader's own language passes."""
    assert english_in(t("panel.nothing_to_do", ZH)) == []
    assert english_in(t("panel.nothing_to_do", EN))
    assert english_in(f"{t('panel.recent', ZH)}: {t('board.my_hand', EN)}")
    assert chinese_in(t("panel.nothing_to_do", EN)) == []
    assert chinese_in(t("panel.nothing_to_do", ZH))


# -- the haunt's heroes' secret in My hand ------------------------------------------------------
def haunted(seed: int = 3) -> LiveMatch:
    """A haunt table played by its bots until the haunt is revealed and a hero team exists."""
    game = registry.get("haunt")
    the_desk = render_desk()
    for attempt in range(20):
        live = new_live("haunt", 4, None, seed + attempt)
        live.seats = [s.model_copy(update={"is_bot": False}) for s in live.seats]
        state = live.state = game.setup(4, None, seed=seed + attempt)
        with_status(live, MatchStatus.ACTIVE, 0)
        rng = random.Random(seed + attempt)
        for step in range(3_000):
            if game.outcome(state) is not None:
                break
            if the_desk.threads.teams(live):
                return live
            state = live.state = game.apply(state, bot_action(game, state, rng)).state
            with_status(live, MatchStatus.ACTIVE, step + 1)
    raise AssertionError("no haunt was revealed")


@pytest.mark.parametrize("thread", ["being opened", "after a restart", "cannot be opened"])
def test_a_chinese_hero_reads_the_heroes_secret_in_chinese_at_an_english_table(
        thread: str) -> None:
    """Rule (docs/rules/haunt.md, the heroes' secret): from the reveal on, the heroes read their
    secret; where their thread cannot show it yet — the thread made but its message not posted,
    a restarted process that has not looked for it, no thread at all — it is in each hero's My
    hand, in that hero's language, not the table's."""
    live = haunted()
    at_table(live, EN)
    the_desk = render_desk()
    [team] = the_desk.threads.teams(live)
    if thread == "being opened":
        the_desk.threads._matches[live.id] = MatchThreads({team.key: OpenThread(900, 0)}, set())
    elif thread == "cannot be opened":
        the_desk.threads._matches[live.id] = MatchThreads({}, {team.key})
    chinese = the_desk.threads.teams(live, ZH)[0]
    hero = team.seats[0]
    content, embeds, view = the_desk.panel(live, hero, ZH)
    fields = {f.name: f.value for f in embeds[0].fields}
    assert fields.get(t("panel.team", ZH, name=chinese.name)) == md(chinese.content)
    assert md(chinese.content) != md(team.content)  # the English secret differs...
    assert md(team.content) not in texts(content, embeds, view)  # ...and is not there
    assert not english_in(texts(content, embeds, view))
    traitor = next(s for s in range(len(live.seats)) if s not in team.seats)
    _, embeds, _ = the_desk.panel(live, traitor, ZH)
    assert md(chinese.content) not in texts("", embeds, None)


def test_a_hero_whose_thread_shows_the_secret_does_not_read_it_again_in_my_hand() -> None:
    live = haunted()
    the_desk = render_desk()
    [team] = the_desk.threads.teams(live)
    the_desk.threads._matches[live.id] = MatchThreads({team.key: OpenThread(900, 901)}, set())
    _, embeds, _ = the_desk.panel(live, team.seats[0], ZH)
    assert md(the_desk.threads.teams(live, ZH)[0].content) not in texts("", embeds, None)
