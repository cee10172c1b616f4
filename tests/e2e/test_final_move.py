"""The move that ends the game, made from a **My hand** panel, is answered as the move it was,
and no panel of a finished table offers a move any more. Whole tables of people only, so the
last move is always a person's: it is a click in a panel, the moves before it go through the
match service as a click's runner makes them (their panels are other tests' subject). Short
variants of the games (``SHORT_TABLES``): the last move is what is checked, not the way to
it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from storage import MatchStatus
from tests.e2e.parlor import Table, board_message, parlor
from tests.every_game import short_table
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser, InteractionResult
from tests.shown import t

UPDATE_MESSAGE = 7


async def _move(table: Table, user: FakeUser, seat: int, rng: random.Random
                ) -> tuple[FakeMessage, InteractionResult] | None:
    """One sensible move for ``seat``: the one that ends the game through its panel (the
    panel, the click's result); any other through the match service, as a click's runner
    makes it (None)."""
    live = await table.live()
    prompt = live.game.prompt_for(live.state, seat)
    if prompt is None or not prompt.blocking:
        return None
    action = live.game.choose(live.game.view(live.state, seat), prompt, rng)
    if live.game.outcome(live.game.apply(live.state, action).state) is None:
        await table.app.service.act(live.id, version=live.version, seat=seat, action=action,
                                    user_id=user.id)
        return None
    panel = await table.open_panel(user)
    result = await table.choose_in_panel(user, panel, seat, live.version,
                                         prompt.actions.index(action))
    return panel, result


def _the_end_in_a_panel(result: InteractionResult, channel_id: int, user: FakeUser) -> None:
    callback = result.callback
    assert callback is not None and callback.accepted
    assert callback.type == UPDATE_MESSAGE, "the panel clicked is edited, not answered anew"
    data = callback.data or {}
    assert data.get("content") == t("panel.game_over", user.locale, channel=f"<#{channel_id}>")
    assert t("match.not_running", user.locale) not in str(data)
    assert not data.get("components"), "a panel of a finished table offers no component"
    assert result.followups == [], "one answer, no second message"


@pytest.mark.parametrize("game", ["lifeboat", "citadels"])
async def test_the_move_that_ends_the_game_from_a_panel_shows_the_end_in_that_panel(
    tmp_path: Path, fake_discord: FakeDiscord, game: str
) -> None:
    fake = fake_discord
    people = [fake.create_user(name) for name in ("alice", "bob", "carol", "dave")]
    channel = fake.text_channel(fake.create_guild("G", members=people))
    rng = random.Random(5)
    async with parlor(tmp_path, fake) as client:
        client.parlor.service.new_seed = lambda: 20261123
        table = Table(fake, client, channel)
        await table.open(people[0], game=game, options=short_table(game))
        for user in people[1:]:
            await table.lobby_click(user, "join")
        assert (await table.lobby_click(people[0], "start")).callback.accepted
        live = await table.live()
        by_seat = {s.seat: next(u for u in people if u.id == s.user_id) for s in live.seats}
        # A panel opened early and left open: it must not offer a move once the game is over.
        left_open = await table.open_panel(by_seat[1])
        last: tuple[FakeMessage, InteractionResult] | None = None
        for _ in range(3000):
            live = await table.live()
            if live.outcome() is not None:
                break
            waiting = [p.seat for p in live.pending() if p.blocking]
            assert waiting, "a table of people only waits for one of them"
            seat = rng.choice(waiting)
            last = await _move(table, by_seat[seat], seat, rng) or last
        assert last is not None
        await last[1].wait_callback()
        assert live.record.status == MatchStatus.FINISHED
        assert last is not None
        panel, final = last
        _the_end_in_a_panel(final, channel.id, final.user)
        assert not fake.message(panel.id).custom_ids(), "the clicked panel keeps live buttons"

        # Whatever the panel left open offers is answered with the end, its buttons gone.
        for custom_id in left_open.custom_ids():
            if fake.message(left_open.id).custom_ids():
                click = await fake.click(by_seat[1], fake.message(left_open.id), custom_id)
                await click.wait_callback()
                _the_end_in_a_panel(click, channel.id, by_seat[1])
        assert not fake.message(left_open.id).custom_ids()
        # And "My hand" on the old board shows the end privately, without components.
        board = await board_message(fake, client, table.match_id or 0)
        assert board is not None
        hand = await fake.raw_component(by_seat[2], board, f"pl:h:{table.match_id}")
        callback = await hand.wait_callback()
        assert callback.accepted and callback.ephemeral
        assert (callback.data or {}).get("content") == t("panel.game_over",
                                                          channel=f"<#{channel.id}>")
        assert not (callback.data or {}).get("components")
