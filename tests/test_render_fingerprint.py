"""A fingerprint of everything the Discord renderers draw, to keep rendering speed work honest.

Seeded games of every registered game (one played by its bots, one by bots and random players)
are played for a bounded number of steps; every few steps the board and every seat's panel
(content, embeds, components) are drawn in English and Chinese, and at every step each pending
prompt's line and action labels, each event's line as the table reads it and as each seat it
was told to reads it. Midway a seat's player renames (a name with markup in it) and a bot takes
over a seat, so remembered lines must follow the seats. Everything drawn feeds one SHA-256 per
game. A speed change must leave every digest unchanged.

If a change of what is shown is intended, print the new digests with
``.venv/bin/python -m tests.test_render_fingerprint`` and update them in the same commit,
saying why.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import discord
import pytest

from bot.renderers import renderer_for
from bot.renderers.markdown import markdown, plain
from games import registry
from storage import MatchStatus
from tests.every_game import hosted_games, use_random_slow_bots
from tests.i18n_play import change_seats_midway, render_desk, seeded_tables, with_status

LOCALES = ("en", "zh-CN")
STEPS = 90
SCREENS_EVERY = 6  # board and every seat's panel
GAMES_PER_GAME = 2

DIGESTS: dict[str, str] = {
    "catan": "34e54f9f612bea5abe1836e3825e2a58f95da1713f2701cdc104b0d7fd0f977b",
    "citadels": "e833d92a8f20940b0b7fc2b6b754ee8433d776002662ac08c6a21f931dadb498",
    "haunt": "6d4ee1f9841af7869e6e334496599ef0068ca0964aac9e9c346dc49969dceda2",
    "lifeboat": "0d2c8be17cb0643a79bfffa28ab5b93d4807f58a6246f7f46ba0d3d55b5f0ea8",
    "renju": "91cba912bbc022b5a94137e94a814ff60a9de2f3665459a19f3ad05521ae97ce",
    "sanguosha": "88b1f7efefd618e2b57d6c8387aca4cf5f66507aef2b9dcd3d4415ec16dee1c6",
    "zombie": "e4bef73f670e992851e3807fb7259baa777502462208ade26bc4aed4d8eeca61",
}


def _embeds(embeds: list[discord.Embed]) -> list[Any]:
    return [embed.to_dict() for embed in embeds]


def _components(view: discord.ui.View | None) -> Any:
    return None if view is None else view.to_components()



def game_digest(game_name: str) -> str:
    """The SHA-256 of what drawing ``GAMES_PER_GAME`` seeded games of ``game_name`` shows."""
    game = registry.get(game_name)
    renderer = renderer_for(game_name)
    desk = render_desk()
    digest = hashlib.sha256()

    def feed(*parts: Any) -> None:
        digest.update(json.dumps(parts, sort_keys=True, default=repr,
                                 ensure_ascii=False).encode())

    for seats, live, chooser, rng in seeded_tables(game_name, GAMES_PER_GAME):
        state = live.state
        for step in range(STEPS):
            change_seats_midway(live, step)
            if game.outcome(state) is not None:
                break
            for locale in LOCALES:
                for prompt in game.pending(state):
                    view = game.view(state, prompt.seat)
                    feed("prompt", markdown(renderer.prompt_line(live, view, prompt, locale)))
                    if step % SCREENS_EVERY == 0:
                        feed("labels", [plain(renderer.action_label(live, view, a, locale))
                                        for a in prompt.actions[:40]])
                if step % SCREENS_EVERY == 0:
                    content, embeds, board_view = desk.board(live, locale)
                    feed("board", content, _embeds(embeds), _components(board_view))
                    for seat in range(seats):
                        content, embeds, panel_view = desk.panel(live, seat, locale)
                        feed("panel", seat, content, _embeds(embeds), _components(panel_view))
            transition = game.apply(state, chooser(game, state, rng))
            for event in transition.events:
                for locale in LOCALES:
                    feed("event", markdown(renderer.event_line(live, event, locale)))
                    for seat in event.to or ():
                        feed("read", seat, markdown(
                            renderer.reader_event_line(live, event, seat, locale)))
                live.recent.append(event)
            state = live.state = transition.state
            with_status(live, MatchStatus.ACTIVE, step + 1)
        for locale in LOCALES:
            content, embeds, board_view = desk.board(live, locale)
            feed("last board", content, _embeds(embeds), _components(board_view))
            for seat in range(seats):
                content, embeds, panel_view = desk.panel(live, seat, locale)
                feed("last panel", seat, content, _embeds(embeds), _components(panel_view))
    return digest.hexdigest()


@pytest.mark.parametrize("game_name", hosted_games())
def test_rendering_is_unchanged(game_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    use_random_slow_bots(monkeypatch)
    assert game_digest(game_name) == DIGESTS.get(game_name), \
        "the renderers draw something else: if intended, regenerate (module docstring)"


if __name__ == "__main__":
    with pytest.MonkeyPatch.context() as patch:
        use_random_slow_bots(patch)
        for name in hosted_games():
            print(f'    "{name}": "{game_digest(name)}",')
