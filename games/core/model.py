"""The shapes every engine shares: actions, prompts, events, transitions, outcomes."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, SerializeAsAny


class Action(BaseModel):
    """One decision taken by one seat. Actions compare equal by value.

    Each game subclasses this once per kind of decision with ``kind`` narrowed to a literal, so
    that the game's action union is discriminated on ``kind``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    seat: int


class Prompt(BaseModel):
    """What one seat may decide right now.

    ``blocking`` prompts are what the game waits for (and what turn timers apply to); a
    non-blocking prompt only offers moves a seat may make at any time (playing a card face up,
    giving a card). ``default`` indexes the action taken when a blocking prompt times out.
    """

    model_config = ConfigDict(frozen=True)

    seat: int
    kind: str
    actions: list[SerializeAsAny[Action]]
    blocking: bool = True
    default: int | None = 0
    params: dict[str, Any] = Field(default_factory=dict)

    def default_action(self) -> Action | None:
        if self.default is None:
            return None
        return self.actions[self.default]


class Event(BaseModel):
    """Something that happened, as a message key with parameters.

    ``to`` is the audience: ``None`` for the whole table (and spectators), else the seats that
    may see it. A private event that the table should hear about in redacted form is emitted
    together with a public twin carrying no secret.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    to: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


class Transition(BaseModel):
    """The result of applying one action: the new state and what happened, in order."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    state: Any
    events: list[Event] = Field(default_factory=list)


class Outcome(BaseModel):
    """A finished game's result. ``details`` holds each seat's score breakdown."""

    scores: dict[int, float]
    winners: list[int]
    details: dict[int, dict[str, float]] = Field(default_factory=dict)


class GameSpec(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    title: str
    min_players: int
    max_players: int


class StateBase(BaseModel):
    """Fields every game state carries. ``step`` counts applied actions (the match version)."""

    seed: int
    step: int = 0
    seats: int

    # Cache of ``pending`` for this exact state object; reset on every copy.
    _pending: list[Prompt] | None = PrivateAttr(default=None)

    def forget_pending(self) -> None:
        """Drop the cache (a copy's state is about to change)."""
        private = self.__pydantic_private__
        if private is None:
            self._pending = None
        else:
            private["_pending"] = None

    def __eq__(self, other: object) -> bool:
        # Equality is by the rules' data only, never by the private cache.
        return type(self) is type(other) and self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]
