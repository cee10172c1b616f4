"""What the engine fingerprints (tests/games/<game>/test_engine_fingerprint.py) feed their
digest with on every move and at a game's end, the same for every game."""

from __future__ import annotations

from typing import Any

from games.core import Action, Game


def feed_move(digest: Any, game: Game[Any, Any], state: Any, action: Action) -> Any:
    """Feeds the action, the events it causes and the new state; returns the new state."""
    digest.update(action.model_dump_json().encode())
    transition = game.apply(state, action)
    for event in transition.events:
        digest.update(event.model_dump_json().encode())
    digest.update(transition.state.model_dump_json().encode())
    return transition.state


def feed_end(digest: Any, game: Game[Any, Any], state: Any) -> None:
    """Feeds the outcome of a game that has ended and its final public view."""
    outcome = game.outcome(state)
    assert outcome is not None
    digest.update(outcome.model_dump_json().encode())
    digest.update(game.view(state, None).model_dump_json().encode())
