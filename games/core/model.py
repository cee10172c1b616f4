"""The shapes every engine shares: actions, prompts, events, transitions, outcomes."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import repeat
from operator import is_
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, SerializeAsAny

from games.core.construct import assembled

# Which clock a decision runs on: the server's turn timer, or a game's short response window
# ("Dodge?", fight or flee). Only turn-clock timeouts count as missed turns.
Clock = Literal["turn", "response"]


class Action(BaseModel):
    """One decision taken by one seat. Actions compare equal by value.

    Each game subclasses this once per kind of decision with ``kind`` narrowed to a literal, so
    that the game's action union is discriminated on ``kind``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    seat: int


class Pick(BaseModel):
    """A choice of several items made as one move: ``min``..``max`` of ``options``.

    The chosen ids fill the tuple field ``field`` of ``template`` (the action with that field
    empty). However many subsets there are, the move is one action and one log entry; the
    prompt's ``actions`` list only a few of them (at least the default), so the contract's
    "every listed action applies" still holds while every valid subset is accepted.
    """

    model_config = ConfigDict(frozen=True)

    field: str
    options: tuple[str, ...]
    min: int = 1
    max: int = 1
    template: SerializeAsAny[Action]

    def build(self, chosen: Iterable[str]) -> Action:
        """The action choosing ``chosen``, in the options' order (so equal choices compare
        equal); raises ``ValueError`` for a choice this pick does not allow."""
        wanted = list(chosen)
        picked = set(wanted)
        if len(picked) != len(wanted):
            raise ValueError("an item is chosen twice")
        if not picked <= set(self.options):
            raise ValueError("an item is not among the options")
        if not self.min <= len(picked) <= self.max:
            raise ValueError(f"choose {self.min} to {self.max} items, not {len(picked)}")
        ordered = tuple(item for item in self.options if item in picked)
        return self.template.model_copy(update={self.field: ordered})

    def accepts(self, action: Action) -> bool:
        if type(action) is not type(self.template):
            return False
        chosen = getattr(action, self.field, None)
        if not isinstance(chosen, tuple):
            return False
        try:
            built = self.build(chosen)
        except ValueError:
            return False
        return built == action


class Prompt(BaseModel):
    """What one seat may decide right now.

    ``blocking`` prompts are what the game waits for (and what timers apply to); a non-blocking
    prompt only offers moves a seat may make at any time (playing a card face up, giving a
    card). ``default`` indexes the action taken when a blocking prompt times out.

    ``question`` names the decision: while a seat's question is unchanged its clock keeps its
    deadline and its clicks stay valid, whatever other seats do meanwhile; a window that opens
    again must name a new question. Empty means the prompt's ``kind``. ``clock`` says which
    timer runs; ``pick`` offers a choice of several items as one action.
    """

    model_config = ConfigDict(frozen=True)

    seat: int
    kind: str
    actions: list[SerializeAsAny[Action]]
    blocking: bool = True
    default: int | None = 0
    params: dict[str, Any] = Field(default_factory=dict)
    question: str = ""
    clock: Clock = "turn"
    pick: Pick | None = None

    def default_action(self) -> Action | None:
        if self.default is None:
            return None
        return self.actions[self.default]

    @property
    def question_id(self) -> str:
        return self.question or self.kind

    def offers(self, action: Action) -> bool:
        """Whether ``action`` answers this prompt: a listed action or a valid pick."""
        # Most answers are one of the listed objects itself (a click's index, a bot's pick):
        # found by identity first (a scan in C), before comparing the actions ahead of it
        # field by field (a Renju prompt lists every free point).
        if any(map(is_, self.actions, repeat(action))) or action in self.actions:
            return True
        return self.pick is not None and self.pick.accepts(action)


def assembled_prompt(seat: int, kind: str, actions: list[Action], *, blocking: bool = True,
                     default: int | None = 0, params: dict[str, Any] | None = None,
                     question: str = "", clock: Clock = "turn", pick: Pick | None = None
                     ) -> Prompt:
    """A ``Prompt`` built without validation (``games.core.construct.assembled``), every field
    counted as set: for the engines that work their prompts out again on every move, whose
    values are each of its field's type already (validated actions among them)."""
    return assembled(Prompt, {
        "seat": seat, "kind": kind, "actions": actions, "blocking": blocking,
        "default": default, "params": {} if params is None else params, "question": question,
        "clock": clock, "pick": pick,
    })


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
