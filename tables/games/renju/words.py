"""Renju in words: the board's text twin of its picture, the opening steps, the events and
the result.

Renju hides nothing: the public view is every seat's view.
"""

from __future__ import annotations

from typing import Any

from games.core import Outcome, Prompt
from games.renju.board import COLUMNS, name
from games.renju.openings import OPENINGS, stones
from games.renju.views import PublicView
from tables.cards import Card
from tables.games.renju.picture import RenjuScene, renju_picture
from tables.i18n import t
from tables.pictures import BoardPicture
from tables.service import LiveMatch
from tables.text import Text, block, lines, words
from tables.words import Words

COLOUR_PARAMS = {"colour"}
REASON_KEYS = {
    "overline": "renju.reason.overline",
    "double_four": "renju.reason.double_four",
    "double_three": "renju.reason.double_three",
}
STAGE_KEYS = {
    "open": "renju.stage.open",
    "swap": "renju.stage.swap",
    "fourth": "renju.stage.fourth",
    "offer": "renju.stage.offer",
    "keep": "renju.stage.keep",
    "play": "renju.stage.play",
    "over": "renju.stage.over",
}
END_KEYS = {
    "five": "renju.reveal.five",
    "forbidden": "renju.reveal.forbidden",
    "passes": "renju.reveal.passes",
    "full": "renju.reveal.full",
}


class RenjuWords(Words):
    game = "renju"
    colour = 0xB7791F

    # -- names -----------------------------------------------------------------------------
    def opening_name(self, opening: str, locale: str | None) -> Text:
        third = stones(opening)[2]
        return t(f"renju.opening.{opening}", locale) + words(f" ({name(third)})")

    def param_text(self, live: LiveMatch, name: str, value: Any, locale: str | None) -> Text:
        if name in COLOUR_PARAMS and isinstance(value, str):
            return t(f"renju.colour.{value}", locale)
        if name == "opening" and isinstance(value, str) and value in OPENINGS:
            return self.opening_name(value, locale)
        if name == "reason" and isinstance(value, str) and value in REASON_KEYS:
            return t(REASON_KEYS[value], locale)
        if name in {"black", "white"} and isinstance(value, int):
            return self.seat_name(live, value)
        if name == "points" and isinstance(value, list):
            return words("–".join(str(v) for v in value) if len(value) > 3 else " ".join(
                str(v) for v in value))
        return super().param_text(live, name, value, locale)

    def prompt_line(self, live: LiveMatch, view: Any, prompt: Prompt, locale: str | None
                    ) -> Text:
        params = self.params_text(live, {**prompt.params, "seat": prompt.seat}, locale)
        return t(prompt.kind, locale, **params)

    # -- cards -----------------------------------------------------------------------------
    def status_line(self, live: LiveMatch, view: PublicView, locale: str | None) -> Text:
        if view.stage == "over":
            return self.result_line(live, view, locale)
        who = self.seat_name(live, view.to_move) if view.to_move is not None else words("?")
        return t(STAGE_KEYS[view.stage], locale, name=who,
                 colour=t(f"renju.colour.{view.turn}", locale), move=len(view.moves) + 1)

    def result_line(self, live: LiveMatch, view: PublicView, locale: str | None) -> Text:
        end = view.end or "passes"
        winner = self.seat_name(live, view.winner) if view.winner is not None else words("")
        loser = self.seat_name(live, 1 - view.winner) if view.winner is not None else words("")
        colour = t("renju.colour.black" if view.winner == view.black else "renju.colour.white",
                   locale)
        reason = t(REASON_KEYS[view.fault], locale) if view.fault in REASON_KEYS else words("")
        return t(END_KEYS[end], locale, winner=winner, loser=loser, colour=colour,
                 reason=reason, point=words(view.last or ""))

    def board_card(self, live: LiveMatch, view: Any, locale: str | None) -> Card:
        assert isinstance(view, PublicView)
        card = Card(title=t("renju.title", locale), colour=self.colour)
        lines = [
            t("renju.board.players", locale, black=self.seat_name(live, view.black),
              white=self.seat_name(live, view.white)),
            self.status_line(live, view, locale),
        ]
        if view.opening is not None:
            lines.append(t("renju.board.opening", locale,
                           opening=self.opening_name(view.opening, locale)))
        if view.last is not None:
            lines.append(t("renju.board.last", locale, point=words(view.last),
                           nth=len(view.moves)))
        if view.offers:
            lines.append(t("renju.board.offers", locale, points=words(" ".join(view.offers))))
        if view.forbidden:
            lines.append(t("renju.board.forbidden", locale,
                           points=words(" ".join(sorted(view.forbidden)))))
        if view.stage in ("fourth", "offer", "play", "keep"):
            lines.append(t("renju.board.how", locale))
        card.description = words("\n").join(lines)[:4000]
        card.add_field(name=t("renju.board.grid", locale), value=self.text_grid(view),
                        inline=False)
        return card

    def text_grid(self, view: PublicView) -> Text:
        """The board in characters, for a channel that shows no pictures."""
        marks = {"x": "●", "o": "○", ".": "·"}
        rows = []
        for y in range(14, -1, -1):
            row = view.board[y * 15:(y + 1) * 15]
            rows.append(f"{y + 1:>2} " + "".join(marks[c] for c in row))
        rows.append("   " + COLUMNS)
        return block(lines(words(row) for row in rows))

    def board_picture(self, live: LiveMatch, view: Any, locale: str | None
                      ) -> BoardPicture | None:
        assert isinstance(view, PublicView)
        scene = RenjuScene(
            board=view.board, last=view.last, forbidden=tuple(sorted(view.forbidden)),
            offers=tuple(view.offers), line=tuple(view.line),
            black=t("picture.renju.player", locale, name=self.seat_name(live, view.black),
                    colour=t("renju.colour.black", locale)).plain,
            white=t("picture.renju.player", locale, name=self.seat_name(live, view.white),
                    colour=t("renju.colour.white", locale)).plain,
            status=self.status_line(live, view, locale).plain,
            legend=(t("picture.renju.last", locale).plain,
                    t("picture.renju.forbidden", locale).plain,
                    t("picture.renju.offers", locale).plain),
        )
        return renju_picture(scene)

    def panel_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                    ) -> Card:
        assert isinstance(view, PublicView)
        card = Card(title=t("renju.panel.title", locale,
                                      name=self.seat_name(live, seat)), colour=self.colour)
        colour = "black" if seat == view.black else "white"
        lines = [t("renju.panel.colour", locale, colour=t(f"renju.colour.{colour}", locale)),
                 self.status_line(live, view, locale), t("renju.board.how", locale)]
        if view.forbidden and seat == view.black:
            lines.append(t("renju.board.forbidden", locale,
                           points=words(" ".join(sorted(view.forbidden)))))
        card.description = words("\n").join(lines)
        return card

    def reveal_card(self, live: LiveMatch, view: Any, outcome: Outcome, locale: str | None
                     ) -> Card:
        assert isinstance(view, PublicView)
        card = Card(title=t("renju.reveal.title", locale), colour=self.colour,
                              description=self.result_line(live, view, locale))
        card.add_field(name=t("renju.reveal.record", locale),
                        value=words(" ".join(view.moves)[-1024:] or "—"), inline=False)
        return card

    def option_lines(self, options: dict[str, Any], locale: str | None) -> list[Text]:
        return [t(f"renju.option.{name}.{value}", locale)
                for name, value in sorted(options.items())
                if name in ("opening", "forbidden_move", "bot_level") and isinstance(value, str)]


WORDS = RenjuWords()
