"""A match's story, told from its log: the public log of a running table, and the full replay
(secrets included) of a finished one."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from bot.i18n import t
from bot.renderers import renderer_for
from bot.replaying import replay_log
from bot.service import LiveMatch
from games.core import Event
from storage import MatchStatus, StatRecord


async def all_events(live: LiveMatch, actions: list[dict[str, Any]]) -> list[Event]:
    """Every event of the match, in order, by replaying its log from the seed."""
    events: list[Event] = []
    await replay_log(live.game, len(live.seats), live.record.options, live.record.seed,
                     actions, lambda transition: events.extend(transition.events))
    return events


def public_log(live: LiveMatch, events: list[Event], locale: str | None) -> str:
    renderer = renderer_for(live.record.game)
    return "\n".join(renderer.event_line(live, e, locale) for e in events if e.to is None)


def full_replay(live: LiveMatch, events: list[Event], locale: str | None) -> str:
    """Everything that happened, private events marked with who saw them. Only for a match
    that is over: until then the private lines are secrets."""
    if live.record.status not in (MatchStatus.FINISHED, MatchStatus.CANCELLED):
        raise ValueError("a running match has no full replay")
    renderer = renderer_for(live.record.game)
    lines = [t("history.replay_header", locale, game=t(f"{live.record.game}.title", locale),
               match=live.id, players=", ".join(s.display_name for s in live.seats))]
    for event in events:
        line = renderer.event_line(live, event, locale)
        if event.to is not None:
            who = ", ".join(renderer.seat_name(live, seat) for seat in event.to)
            line = t("history.private_line", locale, who=who, line=line)
        lines.append(line)
    outcome = live.outcome()
    if outcome is not None:
        for seat, score in sorted(outcome.scores.items(), key=lambda kv: -kv[1]):
            lines.append(t("reveal.score_line", locale, name=renderer.seat_name(live, seat),
                           score=f"{score:g}").replace("**", ""))
    return "\n".join(lines)


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    total: float = 0.0

    def add(self, row: StatRecord) -> None:
        self.games += 1
        self.wins += int(row.won)
        self.total += row.score

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0


# What a seat played, as stats group it: ("role", "rebel") or ("character", "zhuge_liang").
Played = tuple[str, str]


def tally(rows: list[StatRecord]
          ) -> tuple[Tally, dict[str, Tally], dict[tuple[str, Played], Tally]]:
    """All games, by game, and by (game, what was played): each role and each character."""
    overall = Tally()
    by_game: dict[str, Tally] = defaultdict(Tally)
    by_played: dict[tuple[str, Played], Tally] = defaultdict(Tally)
    for row in rows:
        overall.add(row)
        by_game[row.game].add(row)
        if row.role:
            by_played[(row.game, ("role", row.role))].add(row)
        if row.character:
            by_played[(row.game, ("character", row.character))].add(row)
    return overall, dict(by_game), dict(by_played)
