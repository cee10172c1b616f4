"""Response windows: questions put to other seats in the middle of a move.

A window asks some seats whether they answer something ("Dodge?", "Peach?", "Nullify?", fight
or flee). Three ways of asking cover the games:

- ``in_order``: one seat at a time, in the order given (Savage Assault round the table, saving
  a dying player from the current seat on); a pass moves to the next seat.
- ``first_come``: every listed seat at once, the first answer wins (Nullification); the window
  closes unanswered once every seat has passed.
- ``together``: every listed seat commits in secret and nothing is settled until all are in
  (fight or flee).

Windows nest: a response to a response (a Nullification of a Nullification) opens a window
on top, and only the top window asks anyone. The stack lives in the game state, so a table
waiting three windows deep survives a restart like any other state.

What the engine decides with it stays the game's: a window records who is asked, who passed
and what was committed; the game says what an answer does. To keep the table from learning who
holds a response card, a game asks seats by public facts (every living seat, not every holder)
and lets a seat with nothing to answer pass like anyone else.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, Field

from games.core.construct import assembled

WindowMode = Literal["in_order", "first_come", "together"]


class Window(BaseModel):
    serial: int
    topic: str
    mode: WindowMode
    seats: tuple[int, ...]
    # in_order: the index in ``seats`` of the seat asked now.
    at: int = 0
    # first_come: the seats that passed.
    passed: tuple[int, ...] = ()
    # together: what each seat committed, kept until every seat is in.
    answers: dict[int, str] = Field(default_factory=dict)
    # The game's own payload: the card answered, its source and target, a running count…
    data: dict[str, Any] = Field(default_factory=dict)

    def asked(self) -> tuple[int, ...]:
        """The seats this window waits for now."""
        # Fields read from ``__dict__``: a pydantic model's attribute goes through its
        # ``__getattr__`` hook, and engines ask this several times a move.
        fields = self.__dict__
        mode, seats = fields["mode"], fields["seats"]
        if mode == "in_order":
            at = fields["at"]
            return (seats[at],) if at < len(seats) else ()
        if mode == "first_come":
            passed = fields["passed"]
            return tuple([seat for seat in seats if seat not in passed]) if passed else seats
        answers = fields["answers"]
        return tuple([seat for seat in seats if seat not in answers]) if answers else seats

    def question(self, seat: int) -> str:
        """The question id for ``seat``: unchanged while this seat's own question stands.

        A first-come or together window asks everyone one question, so another seat's pass or
        commitment leaves it alone; an in-order window's question moves with the seat asked,
        so a seat asked twice in one window (a Duel's back and forth) gets a fresh clock.
        """
        fields = self.__dict__
        if fields["mode"] == "in_order":
            return f"{fields['topic']}#{fields['serial']}.{fields['at']}"
        return f"{fields['topic']}#{fields['serial']}"

    @property
    def exhausted(self) -> bool:
        """No seat is left to ask: every seat passed (or, together, committed)."""
        return not self.asked()

    def is_asking(self, seat: int) -> bool:
        return seat in self.asked()


class Windows(BaseModel):
    """The open windows of a game, innermost last, and the serial that names new ones."""

    serial: int = 0
    stack: list[Window] = Field(default_factory=list)

    @property
    def top(self) -> Window | None:
        stack = self.__dict__["stack"]
        return stack[-1] if stack else None

    @property
    def depth(self) -> int:
        return len(self.stack)

    def open(self, topic: str, mode: WindowMode, seats: Iterable[int], **data: Any) -> Window:
        """Opens a window on top of the others (a response to what they ask about)."""
        self.serial += 1
        # Built as the constructor would build it, without its validation: games open a
        # window on most moves, and every value here is already what the field holds.
        window = assembled(
            Window,
            {"serial": self.serial, "topic": topic, "mode": mode, "seats": tuple(seats),
             "at": 0, "passed": (), "answers": {}, "data": data},
            {"serial", "topic", "mode", "seats", "data"},
        )
        self.stack.append(window)
        return window

    def close(self) -> Window:
        """Takes the top window off: its question is settled."""
        if not self.stack:
            raise ValueError("no window is open")
        return self.stack.pop()

    def asking(self, seat: int) -> Window | None:
        """The window that asks ``seat`` something now, if any: only the top one asks."""
        top = self.top
        return top if top is not None and top.is_asking(seat) else None

    def pass_(self, seat: int) -> Window:
        """Records that ``seat`` does not answer the top window; returns that window.

        The window stays open (``exhausted`` says when nobody is left to ask): the game
        decides what an unanswered window does and closes it then.
        """
        window = self._asked_top(seat)
        if window.mode == "in_order":
            window.at += 1
        elif window.mode == "first_come":
            window.passed = (*window.passed, seat)
        else:
            raise ValueError("a together window takes commitments, not passes")
        return window

    def commit(self, seat: int, answer: str) -> Window:
        """Records ``seat``'s secret answer to the top (together) window; returns it.

        A seat may change its answer until the last seat is in. A game that must not show who
        has chosen keeps offering every seat its choice until the window is ``exhausted``, the
        seats already in as non-blocking prompts (nobody waits for them: no clock runs, no bot
        answers again), and its board says "everyone decides" rather than naming seats.
        """
        window = self.top
        if window is None or window.mode != "together":
            raise ValueError("only a together window takes commitments")
        if seat not in window.seats or window.exhausted:
            raise ValueError(f"seat {seat} is not asked anything now")
        window.answers[seat] = answer
        return window

    def _asked_top(self, seat: int) -> Window:
        window = self.top
        if window is None or not window.is_asking(seat):
            raise ValueError(f"seat {seat} is not asked anything now")
        return window
