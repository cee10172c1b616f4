"""A seat's log on the replay page reads as that seat read it at the table: a private event told
to two seats (a Lifeboat gift or robbery, told to the one who took or gave and to the one it
happened to) says "you" to each, each their own way, as their panel on Discord did."""

from __future__ import annotations

from pathlib import Path

from tables.i18n import t_plain as t
from tables.words import words_for
from tests.web.tables import finished_table, world
from web.replays import ReplayBook
from web.steps import PRIVATE_LINES, Steps

TOLD_TO_BOTH = {"lifeboat.event.card_received", "lifeboat.event.robbed_card"}


def _text(line: list[list[str]]) -> str:
    return "".join(run[0] for run in line)


async def test_each_end_of_a_gift_or_robbery_reads_its_own_line(tmp_path: Path) -> None:
    w = await world(tmp_path)
    words = words_for("lifeboat")
    checked = 0
    try:
        for seed in range(1, 6):  # bots rob or give in most tables; a few tables find one
            live = await finished_table(w.service, "lifeboat", channel=seed, seats=6, seed=seed)
            book = ReplayBook(w.repo)
            replay = await book.get(live.id)
            assert replay is not None
            await replay.reach(replay.steps)
            steps = Steps()
            for seat in range(len(replay.seats)):
                # Every event told to the seat: as many lines back as the table has steps.
                for made, event in replay.private_until(seat, replay.steps, 10 * replay.steps):
                    if event.key not in TOLD_TO_BOTH:
                        continue
                    state = replay.live_at(made).state
                    reader = state.character_of[seat]
                    side = "_by_you" if reader == event.params["character"] else "_to_you"
                    at = replay.live_at(made)
                    expected = t(event.key + side, "en",
                                 **words.params_text(at, dict(event.params), "en"))
                    shown = steps.step(replay, made, "en", None)["seats"][seat]["private"]
                    lines = [_text(line["line"]) for line in shown if line["step"] == made]
                    assert expected in lines, (seed, made, seat, lines)
                    assert words.event_line(at, event, "en").plain not in lines
                    checked += 1
                    assert len(shown) <= PRIVATE_LINES
            await book.close()
            if checked:
                break
        assert checked, "no table gave or robbed a card"
    finally:
        await w.repo.close()
