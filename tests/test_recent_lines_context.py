"""A kept line is the line written afresh: ``Words.line_context`` names everything of a match
an event's line reads.

The board's log and each panel's recent events keep their lines between redraws
(``tables.recent_lines``) and write a line again only when its event is new or the game's
line context changed. A game whose lines read a fact of its state that its context leaves out
would show a stale line once that fact changes. Here seeded games of every hosted game are
played with the kept lines asked for at every move, as the board and the panels ask, and
compared with lines written afresh, for the table and every seat, in both languages, while a
seat's player renames and a bot takes over a seat midway.
"""

from __future__ import annotations

import pytest

from bot.renderers import renderer_for
from bot.renderers.markdown import markdown
from games import registry
from games.core import Event
from storage import MatchStatus
from tables.service import LiveMatch
from tables.text import Text
from tests.every_game import hosted_games, use_random_slow_bots
from tests.i18n_play import change_seats_midway, seeded_tables, with_status

LOCALES = ("en", "zh-CN")
STEPS = 90
COMPARE_EVERY = 3
GAMES_PER_GAME = 2


def _stale_lines(game_name: str, live: LiveMatch, seats: int, step: int) -> list[str]:
    """Every audience's kept line that differs from the line written now."""
    renderer = renderer_for(game_name)
    context = renderer.line_context(live)
    compare = step % COMPARE_EVERY == 0
    stale = []
    audiences: list[tuple[int | None, list[Event]]] = [(None, live.recent.public())]
    audiences += [(seat, live.recent.for_seat(seat)) for seat in range(seats)]
    for reader, events in audiences:
        for locale in LOCALES:
            def write(event: Event, reader: int | None = reader, locale: str = locale) -> Text:
                if reader is None:
                    return renderer.event_line(live, event, locale)
                return renderer.reader_event_line(live, event, reader, locale)

            kept = live.lines.lines(events, reader, locale, context, write)
            if not compare:
                continue
            for event, line in zip(events, kept, strict=True):
                fresh = markdown(write(event))
                if markdown(line) != fresh:
                    stale.append(f"step {step}, reader {reader}, {locale}, {event.key}: "
                                 f"kept {markdown(line)!r}, now {fresh!r}")
    return stale


@pytest.mark.parametrize("game_name", hosted_games())
def test_kept_event_lines_are_the_lines_written_afresh(game_name: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    use_random_slow_bots(monkeypatch)
    game = registry.get(game_name)
    stale: list[str] = []
    for seats, live, chooser, rng in seeded_tables(game_name, GAMES_PER_GAME):
        state = live.state
        for step in range(STEPS):
            change_seats_midway(live, step)
            if game.outcome(state) is not None:
                break
            transition = game.apply(state, chooser(game, state, rng))
            live.recent.extend(transition.events)
            state = live.state = transition.state
            with_status(live, MatchStatus.ACTIVE, step + 1)
            stale += _stale_lines(game_name, live, seats, step)
    assert not stale, "\n".join(stale[:10])
