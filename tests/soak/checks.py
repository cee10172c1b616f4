"""What must hold for every game of the soak once the bot process is gone."""

from __future__ import annotations

import random
from dataclasses import dataclass

from games import registry
from storage import MatchStatus, Repository
from tests.e2e.parlor import assert_log_replays
from tests.every_game import reveal_title
from tests.fakediscord import FakeDiscord
from tests.shown import t
from tests.soak.tables import SoakTable


@dataclass(frozen=True)
class GameResult:
    match_id: int
    actions: int
    winners: tuple[int, ...]
    stats_recorded: bool
    reveals: int  # reveal messages posted in the channel


def bot_rng(match_id: int, version: int, seat: int) -> random.Random:
    """The generator a seat bot uses for its move at ``version`` (bot/scheduler.py seeds it
    from these three numbers, so a bot makes the same move whenever it is asked again)."""
    return random.Random(f"{match_id}:{version}:{seat}")


async def verify_game(repo: Repository, fake: FakeDiscord, table: SoakTable) -> GameResult:
    """Finished; the log is whole and replays from the seed to the stored state and outcome;
    every move is the one the seat's bot makes in that position (so an uninterrupted run with
    the same seed, asked in the same order, plays the same game); the board shows the end; the
    reveal was posted and recorded. How many reveals were posted and whether the stats were
    recorded are returned, for the caller to require."""
    match_id = table.match_id
    record = await repo.get_match(match_id)
    assert record.status == MatchStatus.FINISHED, f"match {match_id} is {record.status}"
    final = await assert_log_replays(repo, match_id)
    game = registry.get(record.game)
    seats = await repo.seats(match_id)
    log = await repo.actions(match_id)
    state = game.setup(len(seats), record.options, seed=record.seed)
    for entry in log:
        assert entry.source == "bot" and entry.user_id is None, entry
        action = game.parse_action(entry.action)
        prompt = game.prompt_for(state, entry.seat)
        assert prompt is not None and prompt.blocking, f"v{entry.version}: seat not asked"
        chosen = game.choose(game.view(state, entry.seat), prompt,
                             bot_rng(match_id, entry.version, entry.seat))
        assert chosen == action, f"match {match_id} v{entry.version}: not the bot's move"
        state = game.apply(state, action).state
    assert state == final
    outcome = game.outcome(final)
    assert outcome is not None

    messages = {m.kind: m for m in await repo.messages(match_id)}
    assert "board" in messages, f"match {match_id}: no board"
    board = fake.message(messages["board"].message_id)
    assert board.content == t("board.finished", record.locale), \
        f"match {match_id}: the board shows {board.content!r}, not the end"
    assert not board.custom_ids(), f"match {match_id}: a finished board has no buttons"
    title = reveal_title(record.game, record.locale)
    reveals = [m for m in fake.messages_in(table.channel) if title in m.text()]
    assert reveals, f"match {match_id}: no reveal"
    assert "reveal" in messages and messages["reveal"].message_id in {m.id for m in reveals}
    stats = await repo.stats_for_user(record.guild_id, table.host.id, record.game)
    recorded = [row.match_id for row in stats].count(match_id) == 1
    return GameResult(match_id, len(log), tuple(outcome.winners), recorded, len(reveals))
