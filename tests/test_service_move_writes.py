"""What ``MatchService`` writes and counts on every move, made the cheap way, is what the
plain way makes: the action's JSON text (the model's own serializer, called directly and
through ``model_dump_json``, against the JSON data encoded by ``storage.rows.to_json``, over
every action offered in seeded playouts of every game), the record copied for the new
version, the scheduler's timer rows, and the moves' counter and histogram on ``/metrics``
(against prometheus_client's own Counter and Histogram fed the same moves)."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest

from bot.scheduler import Entry
from games import registry
from games.core.construct import copied, json_text
from storage.records import MatchRecord, MatchStatus, TimerRecord
from storage.rows import timer_set, timer_set_json, to_json
from tables import metrics


def test_an_actions_own_json_is_the_text_to_json_writes() -> None:
    compared = 0
    for name in registry.names():
        game = registry.get(name)
        spec = game.spec
        for i in range(2):
            state = game.setup(max(spec.min_players, min(spec.max_players, 4 + i)), {}, 91 + i)
            rng = random.Random(i)
            for _ in range(25):
                prompts = [p for p in game.pending(state) if p.blocking]
                if game.outcome(state) is not None or not prompts:
                    break
                for prompt in prompts:
                    for action in prompt.actions[:40]:
                        text = json_text(action)
                        assert text == action.model_dump_json() == to_json(
                            action.model_dump(mode="json")), (name, action)
                        compared += 1
                prompt = rng.choice(prompts)
                state = game.apply(state, rng.choice(prompt.actions)).state
    assert compared > 1_000


def test_the_records_copy_is_model_copys() -> None:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    record = MatchRecord(id=7, game="lifeboat", guild_id=1, channel_id=2, host_id=3,
                         status=MatchStatus.ACTIVE, version=4, seed=9, created_at=now,
                         updated_at=now)
    for update in ({"version": 5, "status": MatchStatus.ACTIVE, "outcome": None},
                   {"version": 5, "status": MatchStatus.FINISHED,
                    "outcome": {"winners": [1], "scores": {"1": 2.0}}}):
        made, expected = copied(record, update), record.model_copy(update=update)
        assert made == expected
        assert made.model_fields_set == expected.model_fields_set
        assert made.model_dump_json() == expected.model_dump_json()
    assert record.version == 4


def test_a_timer_entrys_row_is_what_the_repository_writes_for_the_validated_record() -> None:
    """The scheduler hands the repository its set as text made from each entry's row; it is
    the text ``timer_set_json`` makes of the records, the warning's flag kept up to date."""
    entries = [Entry(7, 2, 11, 1_790_000_000.25, None, "turn", bot=True),
               Entry(7, 3, 12, 1_790_000_100.5, 1_790_000_050.5, "turn", bot=False),
               Entry(7, 0, 0, 1_790_000_100.0, None, "turn", bot=False)]

    def expected() -> str:
        return timer_set_json(7, [TimerRecord(
            match_id=e.match_id, seat=e.seat, version=e.version,
            deadline=datetime.fromtimestamp(e.deadline, UTC),
            warned=e.warn_at is None and not e.bot) for e in entries])

    assert timer_set(7, [e.row_text() for e in entries]).json == expected()
    entries[1].warn_at = None  # its warning went out
    assert timer_set(7, [e.row_text() for e in entries]).json == expected()
    assert json.loads(entries[1].row_text())[3] is True


def _lines(text: bytes, prefix: str) -> list[str]:
    return [line for line in text.decode().splitlines()
            if line.startswith(prefix) and "_created" not in line]


def test_the_moves_on_metrics_are_what_prometheus_clients_own_metrics_show() -> None:
    moves = metrics.Moves()
    ours = CollectorRegistry()
    ours.register(moves)
    theirs = CollectorRegistry()
    counter = Counter("parlor_actions", "moves", ["game"], registry=theirs)
    histogram = Histogram("parlor_act_seconds", "time", ["game"], registry=theirs,
                          buckets=metrics.Moves._BOUNDS[:-1])
    rng = random.Random(3)
    for _ in range(500):
        game = rng.choice(["lifeboat", "renju"])
        # Exactly on a bound, between bounds, beyond the last one.
        seconds = rng.choice([0.001, 0.01, 2.5, 7.0, rng.uniform(0, 0.3)])
        moves.add(game, seconds)
        counter.labels(game).inc()
        histogram.labels(game).observe(seconds)
    for prefix in ("parlor_actions_total", "parlor_act_seconds_bucket",
                   "parlor_act_seconds_count"):
        assert _lines(generate_latest(ours), prefix) == _lines(generate_latest(theirs), prefix)
    sums = [_lines(generate_latest(r), "parlor_act_seconds_sum") for r in (ours, theirs)]
    for mine, library in zip(*sums, strict=True):
        assert float(mine.rsplit(" ", 1)[1]) == float(library.rsplit(" ", 1)[1])
