"""The base every game engine extends: the engine contract and its one legality check."""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter

from games.core.construct import assembled
from games.core.errors import IllegalAction
from games.core.model import Action, Event, GameSpec, Outcome, Prompt, StateBase, Transition
from games.core.rating import EACH_FOR_ITSELF, Rated, outcome_places
from games.core.rng import derive_rng

S = TypeVar("S", bound=StateBase)
OptionsT = TypeVar("OptionsT", bound=BaseModel)


class Game(ABC, Generic[S, OptionsT]):
    """A game is one object with a uniform set of verbs (see docs/architecture.md).

    Subclasses implement the ``_``-prefixed hooks; the public verbs here do the parts every game
    shares: validating options, refusing actions that no prompt offers, copying the state so the
    input is never changed, deriving the step's RNG and counting steps.
    """

    spec: ClassVar[GameSpec]
    Options: type[OptionsT]
    State: type[S]
    action_types: ClassVar[tuple[type[Action], ...]]
    # Whether some fact of a game in play is kept from someone (a hand, an identity, a deck's
    # order). A game of perfect information says False, and its twins are the state re-seeded;
    # every other game says how to make its twins (``_twin``) or ``twin`` refuses.
    hidden_information: ClassVar[bool] = True
    # Whether the built-in bot searches: tens to hundreds of milliseconds of CPU a move (Renju's
    # threat searches), where another game's bot takes well under one. A host lets such a bot
    # choose where it cannot hold the rest of its work (the Discord bot: worker processes).
    bot_searches: ClassVar[bool] = False
    # How a finished table moves its players' ratings (``games.core.rating``): which roles
    # play as one side, or not at all for a cooperative game; by default every seat for itself,
    # placed by ``places``.
    rated: ClassVar[Rated] = EACH_FOR_ITSELF

    def __init__(self) -> None:
        union: Any = self.action_types[0]
        for extra in self.action_types[1:]:
            union = union | extra
        self._action_adapter: TypeAdapter[Any] = TypeAdapter(union)

    # -- setup ------------------------------------------------------------------------------
    def setup(
        self, seats: int, options: OptionsT | dict[str, Any] | None = None, seed: int = 0
    ) -> S:
        if isinstance(options, self.Options):
            opts = options
        else:
            opts = self.Options.model_validate(options or {})
        if not self.spec.min_players <= seats <= self.spec.max_players:
            raise IllegalAction(
                f"{self.spec.title} is played by {self.spec.min_players} to "
                f"{self.spec.max_players} players, not {seats}.",
                key="core.bad_seat_count",
                game=self.spec.name,
                seats=seats,
            )
        return self._setup(seats, opts, seed, derive_rng(seed, -1, "setup"))

    # -- the running game --------------------------------------------------------------------
    def pending(self, state: S) -> list[Prompt]:
        # The cache is read from pydantic's private store directly: ``state._pending`` goes
        # through the model's ``__getattr__`` and a raised AttributeError, a few µs a read,
        # and this runs several times per move.
        private = state.__pydantic_private__
        cached = None if private is None else private.get("_pending")
        if cached is None:
            cached = [] if self.outcome(state) is not None else self._pending(state)
            if private is None:
                state._pending = cached
            else:
                private["_pending"] = cached
        return list(cached)

    def prompt_for(self, state: S, seat: int) -> Prompt | None:
        for prompt in self.pending(state):
            if prompt.seat == seat:
                return prompt
        return None

    def apply(self, state: S, action: Action) -> Transition:
        prompt = self.prompt_for(state, action.seat)
        if prompt is None:
            if self.outcome(state) is not None:
                raise IllegalAction("The game is over.", key="core.game_over")
            raise IllegalAction(
                "It is not your turn: you have nothing to decide right now.",
                key="core.not_your_turn",
            )
        if not prompt.offers(action):
            raise IllegalAction(
                self._explain_illegal(state, action),
                key="core.not_an_option",
            )
        new = self.copy_state(state)
        events = self._apply(new, action, derive_rng(state.seed, state.step, "apply"))
        new.step = state.step + 1
        new.forget_pending()
        # Without the constructor's validation: both values are already what it would hold.
        return assembled(Transition, {"state": new, "events": list(events)})

    def repeats(self, state: S, action: Action) -> bool:
        """Whether ``action`` only repeats the choice its seat has already made in a question
        it may answer again (a secret answer kept open until everyone has answered): a click
        of it changes nothing and is refused, never logged. A timeout may still apply it, so
        that a clock running out looks the same whether or not the seat had answered."""
        return False

    def twin(self, state: S, rng: random.Random, keep: frozenset[int] = frozenset()) -> S:
        """A state that differs from ``state`` only in what the public may not know, and for
        each seat in ``keep`` only in what that seat may not know: hands dealt again from the
        same unseen cards, unrevealed identities swapped, secret commitments changed, decks
        shuffled, the seed of future draws changed (no view ever shows it).

        A twin is a legal state of the same game (``pending`` works, every card is still
        somewhere), and ``view(twin, None) == view(state, None)``, ``view(twin, seat) ==
        view(state, seat)`` for each seat in ``keep`` (checked by
        ``games.core.conformance.twin_problems``). Twins are how the tests prove that what
        the bot shows a reader depends only on what that reader may know."""
        twin = self.copy_state(state)
        twin.seed = rng.getrandbits(62)
        if self.hidden_information:
            self._twin(twin, rng, keep)
        twin.forget_pending()
        return twin

    def _twin(self, state: S, rng: random.Random, keep: frozenset[int]) -> None:
        """Change ``state`` (a private copy, already re-seeded) in what is hidden from the
        public, leaving alone what the seats in ``keep`` know. Every game with hidden
        information implements it; a game without says ``hidden_information = False``."""
        raise NotImplementedError(
            f"{self.spec.name} keeps secrets but does not say how to make its twins "
            "(Game._twin), nor that it has none (hidden_information = False)")

    def copy_state(self, state: S) -> S:
        # A deep copy of the rules' data alone: ``model_copy(deep=True)`` would deep-copy the
        # prompts cached on the state too (a Renju prompt lists every free point, hundreds of
        # actions), only for the copy to forget them.
        copied = state.model_copy()
        object.__setattr__(copied, "__dict__", copy.deepcopy(state.__dict__))
        copied.forget_pending()
        return copied

    def parse_action(self, data: Any) -> Action:
        """An action from its JSON form (a dict or a JSON string)."""
        if isinstance(data, str | bytes):
            parsed: Action = self._action_adapter.validate_json(data)
        else:
            parsed = self._action_adapter.validate_python(data)
        return parsed

    def parse_state(self, data: Any) -> S:
        if isinstance(data, str | bytes):
            return self.State.model_validate_json(data)
        return self.State.model_validate(data)

    # -- hooks a game implements -------------------------------------------------------------
    @abstractmethod
    def _setup(self, seats: int, options: OptionsT, seed: int, rng: random.Random) -> S: ...

    @abstractmethod
    def _pending(self, state: S) -> list[Prompt]: ...

    @abstractmethod
    def _apply(self, state: S, action: Action, rng: random.Random) -> list[Event]:
        """Change ``state`` (already a private copy) and return the events, in order."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> BaseModel: ...

    @abstractmethod
    def secrets(self, state: S, seat: int) -> set[str]: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def choose(self, view: Any, prompt: Prompt, rng: random.Random) -> Action: ...

    def role_of(self, state: S, seat: int) -> str | None:
        """The side or identity a seat played (a rebel, the lord) for per-role stats, named by
        the catalog's ``<game>.role.<role>``; None for games without one."""
        return None

    def character_of(self, state: S, seat: int) -> str | None:
        """The character a seat played (Zhuge Liang, the Captain) for per-character stats,
        named by the catalog's ``<game>.character.<character>``; None for games without one."""
        return None

    def places(self, state: S, outcome: Outcome) -> dict[int, int]:
        """Each seat's place when the game ended (1 is first; seats that did equally well
        share a place), stored with its stats and ranked by the ratings: by default the
        winners first, then by score. A game whose end orders the losers by more than their
        scores says so here."""
        return outcome_places(outcome)

    def next_options(self, state: S, options: dict[str, Any]) -> dict[str, Any] | None:
        """The options of the next table after this finished one, played by the same seats in
        the same order, from this table's ``options`` (as stored): the same by default (a
        rematch); a series changes them (Sanguosha's league passes the lord on and carries
        the points); None when a series ends here."""
        return dict(options)

    def _explain_illegal(self, state: S, action: Action) -> str:
        return "That move is not one of your options right now."
