"""Tables to draw: matches in play, from seeded random games, for the picture tests and the
picture bench (``bench/pictures.py``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from games import registry
from games.core.conformance import bot_action, random_action
from storage import MatchRecord, MatchStatus, SeatRecord
from tables.service import LiveMatch

ENGLISH_NAMES = ["Alice", "Bob", "Carmen", "Dmitri", "Eve", "Farid", "Grace", "Hiro", "Ines",
                 "Jonas"]
CHINESE_NAMES = ["王小明", "李娜", "张伟", "刘洋", "陈静", "杨帆", "赵雷", "黄蕾", "周敏", "吴昊"]


def live_match(game: str, names: list[str], options: dict[str, Any] | None = None,
               locale: str | None = None) -> LiveMatch:
    """A match the renderer can name seats from (the state is set by the caller)."""
    now = datetime.now(UTC)
    record = MatchRecord(id=1, game=game, guild_id=1, channel_id=1, host_id=100,
                         status=MatchStatus.ACTIVE, version=0, seed=0, options=options or {},
                         created_at=now, updated_at=now, locale=locale)
    seats = [SeatRecord(match_id=1, seat=s, user_id=100 + s, display_name=name)
             for s, name in enumerate(names)]
    return LiveMatch(record=record, seats=seats)


def moments(game_name: str, seats: int, seed: int, *, every: int = 1, steps: int = 3000,
            names: list[str] | None = None, options: Any = None
            ) -> Iterator[tuple[LiveMatch, Any]]:
    """(match, public view) at every ``every``-th move of a seeded game played by a mix of
    the built-in bot and random moves, to its end."""
    game = registry.get(game_name)
    chosen = options if options is not None else game.Options()
    state = game.setup(seats, chosen, seed=seed)
    live = live_match(game_name, (names or ENGLISH_NAMES)[:seats],
                      chosen.model_dump(mode="json"))
    rng = random.Random(seed)
    for step in range(steps):
        live.state = state
        if step % every == 0 or game.outcome(state) is not None:
            yield live, game.view(state, None)
        if game.outcome(state) is not None:
            return
        choose = bot_action if rng.random() < 0.7 else random_action
        state = game.apply(state, choose(game, state, rng)).state
