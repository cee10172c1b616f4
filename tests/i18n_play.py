"""Whole games played and rendered as Discord would show them, recording every message key the
renderers ask for (for tests/test_i18n.py).

Every hosted game is played at every player count and with each variant its engine offers for
conformance runs, by its bots (and, every other game, half random players, who try the odd
moves bots avoid). At every step the board, each seat's panel, every prompt line and action
label and every event line are rendered; at the end the reveal and the replay (whose public
lines are the public log's).
Slow bots (Renju's) play quick moves (``tests.every_game.SLOW_BOTS``): the texts are what
is checked here, not how the bots play.
"""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from types import SimpleNamespace
from typing import Any, cast

import pytest

import tables.i18n
from bot.history import full_replay
from bot.renderers import renderer_for
from bot.renderers.markdown import markdown, plain
from bot.table import Desk
from games import registry
from games.core import Event, IllegalAction, Prompt
from games.core.conformance import Chooser, bot_action, mixed_chooser
from storage import MatchRecord, MatchStatus, SeatRecord
from tables.service import LiveMatch
from tests.every_game import use_quick_bots
from tests.i18n_code import hosted_games

STEP_LIMIT = 5_000
ENGLISH = "en"
# The board and the panels are drawn the first few times each situation (the phase and the
# kinds of question pending) comes up in a game, and every few steps whatever it is: the
# same keys as drawing them at every change of situation (compared game by game), in half
# the time (Sanguosha's situations change at nearly every step).
SCREENS_A_SITUATION = 3
SCREENS_EVERY = 10
UNFILLED = re.compile(r"\{[a-z_]+\}")


Situation = tuple[str, tuple[str, ...]]


def situation(public: Any, prompts: list[Prompt]) -> Situation:
    """What a moment of a game shows, for choosing which moments to draw: its phase (from the
    public view) and the kinds of question pending."""
    return repr(getattr(public, "phase", None)), tuple(sorted(p.kind for p in prompts))


@dataclass
class Moments:
    """Which moments of a game a check draws in full: the first ``per_situation`` times each
    situation comes up, and every ``every``-th step whatever it is."""

    per_situation: int
    every: int
    seen: dict[Situation, int] = field(default_factory=dict)

    def drawn(self, step: int, now: Situation) -> bool:
        times = self.seen.get(now, 0)
        self.seen[now] = times + 1
        return times < self.per_situation or step % self.every == 0


class RecordingTexts(dict[str, str]):
    """A catalog that remembers every key looked up in it."""

    def __init__(self, texts: dict[str, str], seen: set[str]) -> None:
        super().__init__(texts)
        self.seen = seen

    def get(self, key: str, default: Any = None) -> Any:
        self.seen.add(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self.seen.add(str(key))
        return super().__contains__(key)


@dataclass
class Rendered:
    keys: set[str] = field(default_factory=set)  # every key looked up
    roles: dict[str, set[str]] = field(default_factory=dict)  # game -> roles played
    problems: list[str] = field(default_factory=list)  # missing keys, unfilled parameters
    # game -> locale -> the lines written (prompts, labels, events, the replay)
    lines: dict[str, dict[str, list[str]]] = field(default_factory=dict)


def configurations(game_name: str) -> Iterator[tuple[int, Any, int]]:
    """(seats, options, seed): every player count and every conformance variant, once each."""
    game = registry.get(game_name)
    spec = game.spec
    counts = list(range(spec.min_players, spec.max_players + 1))
    offered: Callable[[int], list[Any]] = getattr(game, "options_for_conformance",
                                                  lambda seats: [None])
    variants = offered(spec.max_players)
    for index in range(max(len(counts), len(variants))):
        seats = counts[index % len(counts)]
        for options in [variants[index % len(variants)], *offered(seats)]:
            try:
                game.setup(seats, options, seed=index)
            except IllegalAction:
                continue  # e.g. a 7th Lifeboat seat needs the expansion
            yield seats, options, index
            break


def new_live(game_name: str, seats: int, options: Any, seed: int) -> LiveMatch:
    now = datetime.now(UTC)
    dumped = options.model_dump(mode="json") if hasattr(options, "model_dump") else \
        dict(options or {})
    record = MatchRecord(id=1, game=game_name, guild_id=1, channel_id=1, host_id=100,
                         status=MatchStatus.LOBBY, version=0, seed=seed, options=dumped,
                         created_at=now, updated_at=now)
    players = [SeatRecord(match_id=1, seat=s, user_id=100 + s, display_name=f"P{s}",
                          is_bot=s % 2 == 1) for s in range(seats)]
    return LiveMatch(record=record, seats=players)


def started(game_name: str, seats: int, options: Any, seed: int) -> LiveMatch:
    """A table of ``game_name`` just started from ``seed``."""
    live = new_live(game_name, seats, options, seed)
    live.state = registry.get(game_name).setup(seats, options, seed=seed)
    with_status(live, MatchStatus.ACTIVE)
    return live


def chooser_for(seats: int, seed: int) -> Chooser:
    """How a rendered whole game is played: by its bots, or, every other seed, half by random
    players, who try the odd moves bots avoid."""
    return bot_action if seed % 2 == 0 else mixed_chooser(set(range(0, seats, 2)))


def seeded_tables(game_name: str, count: int
                  ) -> Iterator[tuple[int, LiveMatch, Chooser, random.Random]]:
    """(seats, the started table, how it is played, its moves' randomness) for the first
    ``count`` of ``configurations``."""
    for seats, options, seed in list(configurations(game_name))[:count]:
        yield seats, started(game_name, seats, options, seed), chooser_for(seats, seed), \
            random.Random(seed)


def render_desk() -> Desk:
    """A Desk that only renders: it reads only the turn deadlines and a pick's ticked items
    from the app."""
    return Desk(cast(Any, SimpleNamespace(
        timers=SimpleNamespace(deadline=lambda match, seat: None),
        interactions=SimpleNamespace(picks=SimpleNamespace(chosen=lambda key: (),
                                                         page=lambda key: 0)))))


# Midway through a rendered game a seat's player renames and a bot takes a seat (or leaves it):
# lines kept between redraws must follow the seats.
RENAME_AT, TAKEOVER_AT = 25, 50
RENAMED = "*Zoë* <@1> `x`"  # markup and a mention in a name: shown as text


def change_seats_midway(live: LiveMatch, step: int) -> None:
    """At ``RENAME_AT`` seat 0's player renames to ``RENAMED``; at ``TAKEOVER_AT`` the last
    seat changes hands between a person and a bot."""
    seats = len(live.seats)
    if step == RENAME_AT:
        live.seats[0] = live.seats[0].model_copy(update={"display_name": RENAMED})
    if step == TAKEOVER_AT and seats > 1:
        live.seats[seats - 1] = live.seats[seats - 1].model_copy(
            update={"is_bot": not live.seats[seats - 1].is_bot})


def with_status(live: LiveMatch, status: MatchStatus, version: int | None = None) -> None:
    update: dict[str, Any] = {"status": status}
    if version is not None:
        update["version"] = version
    live.record = live.record.model_copy(update=update)


def play_and_render(game_name: str, locale: str, found: Rendered, *,
                    lines_also_in: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """Every configuration of one game, rendered in ``locale``; returns the rendered lines
    (prompt lines, action and group labels, event lines and the replay) by
    locale: ``locale``'s, and those of ``lines_also_in``, written at the same moments of the
    same games (the games played once for every language read)."""
    game = registry.get(game_name)
    renderer = renderer_for(game_name)
    desk = render_desk()
    labelled: set[tuple[str, Any]] = set()
    written: dict[str, list[str]] = {reader: [] for reader in (locale, *lines_also_in)}
    for seats, options, seed in configurations(game_name):
        live = new_live(game_name, seats, options, seed)
        desk.lobby_embed(live, locale)
        renderer.rules_embed(locale)
        renderer.option_lines(live.record.options, locale)
        state = live.state = game.setup(seats, options, seed=seed)
        with_status(live, MatchStatus.ACTIVE)
        for seat in range(seats):
            renderer.opening_embed(live, game.view(state, seat), seat, locale)
        rng = random.Random(seed)
        chooser = chooser_for(seats, seed)
        events: list[Event] = []
        moments = Moments(SCREENS_A_SITUATION, SCREENS_EVERY)
        for step in range(STEP_LIMIT):
            if game.outcome(state) is not None:
                break
            for prompt in game.pending(state):
                view = game.view(state, prompt.seat)
                for reader, lines in written.items():
                    lines.append(markdown(renderer.prompt_line(live, view, prompt, reader)))
                for action in prompt.actions:
                    if (prompt.kind, action) not in labelled:  # labels repeat a lot
                        labelled.add((prompt.kind, action))
                        for reader, lines in written.items():
                            lines.append(plain(renderer.action_label(live, view, action,
                                                                     reader)))
                            lines.append(plain(renderer.group_label(
                                renderer.action_group(action), reader)))
            if moments.drawn(step, situation(game.view(state, None), game.pending(state))):
                desk.board(live, locale)
                # A seat asked each kind of question, and one other in turn (what a waiting
                # seat's panel says): every asked seat's panel costs five times as much when
                # five seats vote, and asks for no other key.
                asked = {p.kind: p.seat for p in reversed(game.pending(state))}
                for seat in sorted({*asked.values(), step % seats}):
                    desk.panel(live, seat, locale)
            transition = game.apply(state, chooser(game, state, rng))
            for event in transition.events:
                for reader, lines in written.items():
                    lines.append(markdown(renderer.event_line(live, event, reader)))
                live.recent.append(event)
            events += transition.events
            state = live.state = transition.state
            with_status(live, MatchStatus.ACTIVE, step + 1)
        outcome = game.outcome(state)
        assert outcome is not None, f"{game_name}, {seats} seats, seed {seed}: no end"
        # The public log at the end is not written apart: its lines are the replay's public
        # ones, which ask the catalogs for the same keys.
        with_status(live, MatchStatus.FINISHED)
        desk.board(live, locale)
        renderer.reveal_embed(live, game.view(state, None), outcome, locale)
        for reader, lines in written.items():
            lines.append(full_replay(live, events, reader).plain)
        for status in MatchStatus:
            with_status(live, status)
            desk.lobby_embed(live, locale)
        for seat in range(seats):
            role = game.role_of(state, seat)
            if role is not None:
                found.roles.setdefault(game_name, set()).add(role)
    return written


@cache
def rendered(locale: str = "zh-CN") -> Rendered:
    """What rendering every hosted game in ``locale`` asks the catalogs for, and the lines
    written in ``locale`` and in English (tests/test_plurals.py reads those) at the same
    moments of the same games."""
    found = Rendered()
    catalogs = {loc: RecordingTexts(tables.i18n.catalog(loc), found.keys)
                for loc in tables.i18n.available_locales()}

    class Complaints(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            found.problems.append(record.getMessage())

    original = tables.i18n.catalog
    complaints = Complaints(logging.WARNING)
    tables.i18n.log.addHandler(complaints)
    tables.i18n.catalog = catalogs.__getitem__  # type: ignore[assignment]
    try:
        with pytest.MonkeyPatch.context() as patch:
            use_quick_bots(patch)
            also = () if locale == ENGLISH else (ENGLISH,)
            for game_name in hosted_games():
                written = play_and_render(game_name, locale, found, lines_also_in=also)
                found.lines[game_name] = written
                found.problems += [f"unfilled: {line!r}" for lines in written.values()
                                   for line in lines if UNFILLED.search(line)]
    finally:
        tables.i18n.catalog = original
        tables.i18n.log.removeHandler(complaints)
    return found
