"""A match's story, told from its log: the public log of a running table, and the full replay
(secrets included) of a finished one."""

from __future__ import annotations

from typing import Any

from games.core import Event
from storage import MatchStatus
from tables.i18n import t
from tables.replaying import replay_log
from tables.service import LiveMatch
from tables.standings import Played, Tally, tally
from tables.words import words_for

__all__ = ["Played", "Tally", "all_events", "full_replay", "public_log", "tally"]


async def all_events(live: LiveMatch, actions: list[dict[str, Any]]) -> list[Event]:
    """Every event of the match, in order, by replaying its log from the seed."""
    events: list[Event] = []
    await replay_log(live.game, len(live.seats), live.record.options, live.record.seed,
                     actions, lambda transition: events.extend(transition.events))
    return events


def public_log(live: LiveMatch, events: list[Event], locale: str | None) -> str:
    words = words_for(live.record.game)
    return "\n".join(words.event_line(live, e, locale) for e in events if e.to is None)


def full_replay(live: LiveMatch, events: list[Event], locale: str | None) -> str:
    """Everything that happened, private events marked with who saw them. Only for a match
    that is over: until then the private lines are secrets."""
    if live.record.status not in (MatchStatus.FINISHED, MatchStatus.CANCELLED):
        raise ValueError("a running match has no full replay")
    words = words_for(live.record.game)
    lines = [t("history.replay_header", locale, game=t(f"{live.record.game}.title", locale),
               match=live.id, players=", ".join(s.display_name for s in live.seats))]
    for event in events:
        line = words.event_line(live, event, locale)
        if event.to is not None:
            who = ", ".join(words.seat_name(live, seat) for seat in event.to)
            line = t("history.private_line", locale, who=who, line=line)
        lines.append(line)
    outcome = live.outcome()
    if outcome is not None:
        for seat, score in sorted(outcome.scores.items(), key=lambda kv: -kv[1]):
            lines.append(t("reveal.score_line", locale, name=words.seat_name(live, seat),
                           score=f"{score:g}").replace("**", ""))
    return "\n".join(lines)
