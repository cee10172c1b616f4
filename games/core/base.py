"""The base of every pydantic model in the project.

Its schema, validator and serializer are built when a model is first validated or dumped,
not when its class is defined: a process (the bot, a test worker, a bot process a test starts)
imports some three hundred models of every game and uses those of the games it plays, and
building them all took about a fifth of its start-up. Models built without validation
(``games.core.construct``) need no schema; their first ``model_dump`` builds it.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

# The same for a ``TypeAdapter`` of a union or a container (one of a model takes the model's).
DEFERRED = ConfigDict(defer_build=True)


class Model(BaseModel):
    """``BaseModel`` with its schema built on first use (subclasses' configs add to this)."""

    model_config = ConfigDict(defer_build=True)
