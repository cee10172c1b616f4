"""Board clicks keep their strength with public checks (tables/questions.py): played by clicks
on the Signal test game, whose board shows the object window's "pass" to everyone asked.

Rules checked: the board's answer to a question put to several people carries the same check
for each of them, worked out from public facts (question, clock, the pass, its place); a click
drawn before another seat answered still answers the clicker's own question, even though the
board now shows the clicker's own buttons instead; the same id with any other check (a made-up
one, or the digest of the seat's whole prompt, as boards once carried) is refused as stale and
changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from games.core import Prompt
from tables.questions import prompt_digest, public_check
from tables.service import LiveMatch
from tests.e2e.parlor import parlor, private_reply, wait_board_current
from tests.e2e.signal_table import SignalRenderer, signal_at_the_table
from tests.e2e.test_windows_table import open_signal_table, play_a_card
from tests.fakediscord import FakeDiscord
from tests.shown import t


def passes_on_the_board(self: SignalRenderer, live: LiveMatch, view: Any,
                        prompt: Prompt) -> list[int]:
    """Signal's "pass", which every seat a window asks has, shown on the board."""
    return [i for i, a in enumerate(prompt.actions) if a.kind == "pass"]


@pytest.fixture(autouse=True)
def signal(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with signal_at_the_table(monkeypatch):
        monkeypatch.setattr(SignalRenderer, "board_actions", passes_on_the_board,
                            raising=False)
        yield


async def test_an_older_board_click_counts_for_its_question_and_a_forged_check_does_not(
        tmp_path: Path, fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol")]
    async with parlor(tmp_path, fake) as client:
        table = await open_signal_table(fake, client, users)
        panel = await table.open_panel(users[0])
        await play_a_card(fake, users[0], panel)
        live = await table.live()
        version = live.version
        board = await wait_board_current(fake, client, live.id)
        answers = [c for c in board.custom_ids() if c.startswith("pl:q:")]
        assert len(answers) == 1, board.custom_ids()
        drawn = answers[0]
        # The same check for bob and carol, and one anyone can work out: nothing of a hand.
        for seat in (1, 2):
            prompt = live.game.prompt_for(live.state, seat)
            assert prompt is not None
            shown = [a for a in prompt.actions if a.kind == "pass"]
            assert drawn.endswith(":" + public_check(prompt, shown, 0))
        carol = live.game.prompt_for(live.state, 2)
        assert carol is not None

        # Bob passes on the board: the board now asks carol alone, with her own buttons.
        answered = await fake.click(users[1], board, drawn)
        assert (await answered.wait_callback()).type == 7
        assert (await table.live()).version == version + 1
        board = await wait_board_current(fake, client, live.id)
        assert drawn not in board.custom_ids()
        assert any(c.startswith("pl:b:") for c in board.custom_ids())

        # The old id with another check: stale, nothing changes.
        head = drawn.rsplit(":", 1)[0]
        for forged in (f"{head}:00000000", f"{head}:{prompt_digest(carol)}"):
            refused = await fake.raced_click(users[2], board, forged)
            assert (await private_reply(refused)).startswith(t("act.stale"))
            assert (await table.live()).version == version + 1

        # The old id as drawn: carol's question is unchanged, so it answers it.
        late = await fake.raced_click(users[2], board, drawn)
        callback = await late.wait_callback()
        assert callback.accepted and not callback.ephemeral
        after = await table.live()
        assert after.version == version + 2
        log = await client.parlor.repo.actions(after.id)
        assert [(e.seat, e.action["kind"], e.source) for e in log[-2:]] == \
            [(1, "pass", "player"), (2, "pass", "player")]
    assert fake.unanswered() == []
