"""A match's story, told from its log: the public log of a running table, and the full replay
(secrets included) of a finished one. Both are text (``tables.text.Text``): ``/parlor log``
shows a short one in a code block, a long one (and every replay) as a plain-text file."""

from __future__ import annotations

from typing import Any

from games.core import Event
from storage import MatchStatus
from tables.i18n import t
from tables.replaying import replay_log
from tables.service import LiveMatch
from tables.standings import Played, Tally, tally
from tables.text import Text, lines, name, words
from tables.words import words_for

__all__ = ["Played", "Tally", "all_events", "full_replay", "public_log", "tally"]


async def all_events(live: LiveMatch, actions: list[dict[str, Any]]) -> list[Event]:
    """Every event of the match, in order, by replaying its log from the seed."""
    events: list[Event] = []
    await replay_log(live.game, len(live.seats), live.record.options, live.record.seed,
                     actions, lambda transition: events.extend(transition.events))
    return events


def public_log(live: LiveMatch, events: list[Event], locale: str | None) -> Text:
    game = words_for(live.record.game)
    return lines(game.event_line(live, e, locale) for e in events if e.to is None)


def full_replay(live: LiveMatch, events: list[Event], locale: str | None) -> Text:
    """Everything that happened, private events marked with who saw them. Only for a match
    that is over: until then the private lines are secrets."""
    if live.record.status not in (MatchStatus.FINISHED, MatchStatus.CANCELLED):
        raise ValueError("a running match has no full replay")
    game = words_for(live.record.game)
    told = [t("history.replay_header", locale, game=t(f"{live.record.game}.title", locale),
              match=live.id, players=words(", ").join(name(s.display_name)
                                                      for s in live.seats))]
    for event in events:
        line = game.event_line(live, event, locale)
        if event.to is not None:
            who = words(", ").join(game.seat_name(live, seat) for seat in event.to)
            line = t("history.private_line", locale, who=who, line=line)
        told.append(line)
    outcome = live.outcome()
    if outcome is not None:
        for seat, score in sorted(outcome.scores.items(), key=lambda kv: -kv[1]):
            told.append(t("reveal.score_line", locale, name=game.seat_name(live, seat),
                          score=f"{score:g}"))
    return lines(told)
