"""One step of a replay as the page shows it: who moved, the board's text and picture, the
public log up to then, each seat's own panel and private log (the table being over, every
secret may be read), and the reveal at the last step. Plain data, so the same thing feeds the
page's first paint (the template) and the script that steps through (JSON)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from tables.words import words_for
from web.replays import Replay
from web.text import card_runs, runs
from web.words import game_text, w

LOG_LINES = 40
PRIVATE_LINES = 12
STEPS_KEPT = 512


class Steps:
    """Step data by (table, step, language), the most recent remembered: a step of a finished
    table never changes."""

    def __init__(self, *, keep: int = STEPS_KEPT) -> None:
        self._keep = keep
        self._kept: OrderedDict[tuple[int, int, str], dict[str, Any]] = OrderedDict()

    def step(self, replay: Replay, step: int, locale: str, picture_url: str | None
             ) -> dict[str, Any]:
        key = (replay.record.id, step, locale)
        kept = self._kept.get(key)
        if kept is None:
            kept = self._kept[key] = self._build(replay, step, locale, picture_url)
            if len(self._kept) > self._keep:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(key)
        return kept

    def _build(self, replay: Replay, step: int, locale: str, picture_url: str | None
               ) -> dict[str, Any]:
        words = words_for(replay.record.game)
        live = replay.live_at(step)
        game = replay.game
        public_view = game.view(live.state, None)
        picture = words.board_picture(live, public_view, locale)

        def lines(found: list[tuple[int, Any]], reader: int | None = None
                  ) -> list[dict[str, Any]]:
            """Events as the table reads them, or as ``reader`` does in its own log (a gift
            says "you" to the giver and to the receiver, each their own way)."""
            return [{"step": made, "line": runs(
                words.event_line(live, event, locale) if reader is None else
                words.reader_event_line(live, event, reader, locale)), "now": made == step}
                for made, event in found]

        actor = None
        if step > 0:
            seat, source = replay.sources[step - 1]
            actor = w("replay.moved", locale, name=words.seat_name(live, seat).plain,
                      source=w(f"replay.source.{source}", locale))
        seats = []
        for seat in range(len(replay.seats)):
            view = game.view(live.state, seat)
            seats.append({
                "seat": seat,
                "name": words.seat_name(live, seat).plain,
                "bot": replay.seats[seat].is_bot,
                "panel": card_runs(words.panel_card(live, view, seat, locale)),
                "private": lines(replay.private_until(seat, step, PRIVATE_LINES), seat),
            })
        reveal = None
        outcome = game.outcome(live.state) if step == replay.steps else None
        if outcome is not None:
            reveal = card_runs(words.reveal_card(live, public_view, outcome, locale))
        return {
            "step": step,
            "steps": replay.steps,
            "title": w("replay.title", locale, game=game_text(f"{replay.record.game}.title",
                                                                 locale), match=replay.record.id),
            "actor": actor,
            "board": card_runs(words.board_card(live, public_view, locale)),
            "picture": picture_url if picture is not None else None,
            "log": lines(replay.public_until(step, LOG_LINES)),
            "seats": seats,
            "reveal": reveal,
        }
