"""A Desk's board work stops when the Desk stops, even at the moment a click's answer, which the
board edit was waiting for, arrives: on Python 3.11 ``asyncio.wait_for`` swallowed such a
cancellation, and the work went on to post a reveal after the repository had closed."""

from __future__ import annotations

import asyncio

import pytest

from tests.i18n_play import render_desk


async def test_board_work_waiting_for_a_clicks_answer_stops_when_cancelled_as_it_arrives(
) -> None:
    desk = render_desk()
    desk._expect_answer(1)
    reached = []

    async def board_work() -> None:
        await desk._await_answer(1)
        reached.append("went on")

    work = asyncio.create_task(board_work())
    await asyncio.sleep(0)  # the work waits for the answer
    desk._answered(1)  # the click's answer is out...
    work.cancel()  # ...and the Desk stops in the same turn of the loop
    with pytest.raises(asyncio.CancelledError):
        await work
    assert reached == []
