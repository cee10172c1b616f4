"""How a finished table rates its players (``tables.ratings``, ``games.core.rating``): as each
game declares — free-for-all games by place, team games by side, the cooperative game not at
all — people only (a seat the AFK ladder handed to a bot still counts for its owner), and the
same whether rated as the tables end or all again from the stored results."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from games import registry
from games.core import NOT_RATED, Rated
from games.core.model import Outcome
from games.core.rating import outcome_places
from games.sanguosha.state import Result
from storage import EVERYWHERE, StatRecord
from storage.sqlite import SqliteRepository
from tables import ratings
from tables.service import LiveMatch, MatchService
from tests.every_game import play_bots_to_the_end, use_quick_bots

NOW = datetime(2025, 3, 1, tzinfo=UTC)


def _rows(game: str, seats: list[tuple[int | None, int, str | None]]) -> list[StatRecord]:
    """A table's stats: (user, place, role) per seat."""
    return [StatRecord(match_id=1, guild_id=9, game=game, user_id=user, seat=seat,
                       is_bot=user is None, score=0.0, won=place == 1, role=role,
                       finished_at=NOW, place=place)
            for seat, (user, place, role) in enumerate(seats)]


def _sides(game: str, seats: list[tuple[int | None, int, str | None]]
           ) -> list[tuple[int, list[int]]] | None:
    found = ratings.sides(_rows(game, seats))
    if found is None:
        return None
    return sorted((side.place, sorted(int(r.user_id or 0) for r in side.seats))
                  for side in found)


def test_what_each_game_declares() -> None:
    """Rule: Lifeboat, Citadels, Renju and Catan rate every seat for itself; Sanguosha's lord and
    loyalists are one side and the rebels another, each renegade alone; the haunt's heroes are
    one side against the traitor; Zombie in My Pocket is cooperative and rates nobody."""
    for game in ("lifeboat", "citadels", "renju", "catan"):
        assert registry.get(game).rated == Rated(), game
    assert registry.get("zombie").rated == NOT_RATED
    assert _sides("sanguosha", [(1, 1, "lord"), (2, 1, "loyalist"), (3, 3, "rebel"),
                                (4, 3, "rebel"), (5, 2, "renegade"), (6, 3, "renegade")]) == [
        (1, [1, 2]), (2, [5]), (3, [3, 4]), (3, [6])]
    assert _sides("haunt", [(1, 2, "hero"), (2, 2, "hero"), (3, 1, "traitor")]) == [
        (1, [3]), (2, [1, 2])]
    assert _sides("haunt", [(1, 1, "alone"), (2, 2, "alone")]) == [(1, [1]), (2, [2])]
    assert _sides("lifeboat", [(1, 2, None), (2, 1, None), (3, 2, None)]) == [
        (1, [2]), (2, [1]), (2, [3])]
    assert _sides("zombie", [(1, 1, None), (2, 1, None)]) is None


def test_only_people_are_rated_and_a_table_needs_two_sides_of_them() -> None:
    """Rule: a bot's seat moves no rating (its side's people still count); a table left with
    one side of people, or one person on two seats, rates nobody."""
    assert _sides("renju", [(1, 1, "black"), (None, 2, "white")]) is None
    assert _sides("haunt", [(None, 1, "traitor"), (1, 2, "hero"), (2, 2, "hero")]) is None
    assert _sides("haunt", [(None, 2, "hero"), (1, 2, "hero"), (2, 1, "traitor")]) == [
        (1, [2]), (2, [1])]
    assert _sides("lifeboat", [(1, 1, None), (1, 2, None), (2, 3, None)]) is None
    assert _sides("chess", [(1, 1, None), (2, 2, None)]) is None  # not a hosted game


def test_places_by_default_and_sanguoshas_renegade() -> None:
    """Rule: by default the winners are first and the rest placed by score; in Sanguosha a
    renegade who outlived the lord (rebels' win) or lost only the final duel with the lord
    places second, ahead of the other losers."""
    assert outcome_places(Outcome(scores={0: 3, 1: 9, 2: 3, 3: 1}, winners=[1])) == {
        1: 1, 0: 2, 2: 2, 3: 4}
    assert outcome_places(Outcome(scores={0: 0.5, 1: 0.5}, winners=[])) == {0: 1, 1: 1}
    game = registry.get("sanguosha")
    state: Any = game.setup(5, {}, seed=3)
    roles = {p.identity: p.seat for p in state.players}
    lord, renegade = roles["lord"], roles["renegade"]
    rebels = [p.seat for p in state.players if p.identity == "rebel"]
    loyalists = [p.seat for p in state.players if p.identity == "loyalist"]
    # The rebels killed the lord while the renegade lived.
    state.players[lord].alive = False
    state.deaths = [lord]
    state.result = Result(side="rebel", winners=rebels)
    places = game.places(state, Outcome(scores={}, winners=rebels))
    assert {places[s] for s in rebels} == {1}
    assert 1 < places[renegade] < min(places[s] for s in [lord, *loyalists])
    # The lord's side won, the renegade last to die, in the final duel.
    for p in state.players:
        p.alive = p.seat == lord
    state.deaths = [*rebels, *loyalists, renegade]
    state.result = Result(side="lord", winners=[lord, *loyalists])
    places = game.places(state, Outcome(scores={}, winners=[lord, *loyalists]))
    assert places[lord] == 1 < places[renegade] < min(places[s] for s in rebels)
    # The same, with the renegade killed before the last rebel: no duel.
    state.deaths = [renegade, *loyalists, *rebels]
    places = game.places(state, Outcome(scores={}, winners=[lord, *loyalists]))
    assert places[renegade] == places[rebels[0]] > places[lord]


@pytest.fixture
async def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    # Until the test ends: set for the rest of the worker, the registry's Renju bot played at
    # its quick level in every later test there (a test of the real bot's search measured 4 ms).
    use_quick_bots(monkeypatch)
    repo = SqliteRepository(tmp_path / "ratings.db")
    await repo.open()
    yield MatchService(repo)
    await repo.close()


async def _play(service: MatchService, game: str, people: list[int], bots: int, *,
                channel: int, seed: int = 1, afk: int | None = None) -> LiveMatch:
    """A table of ``game`` played to its end by the engine's bot in every seat; the people
    hold the first seats, and the seat of ``afk`` is handed to a bot by the AFK ladder."""
    live = await service.create_lobby(game=game, guild_id=9, channel_id=channel,
                                      host_id=people[0], host_name=f"p{people[0]}",
                                      host_locale=None, options={})
    for user in people[1:]:
        await service.join(live.id, user, f"p{user}", None)
    for _ in range(bots):
        await service.add_bot(live.id, people[0], "Bot")
    live = await service.start(live.id, people[0])
    if afk is not None:
        live = await service.hand_to_bot(live.id, people.index(afk), reason="afk")
    return await play_bots_to_the_end(service, live, seed)


async def test_tables_ending_through_the_service_are_rated(service: MatchService) -> None:
    """Rule: a table is rated when it ends, in its server and across servers; the seat the
    AFK ladder gave a bot counts for its owner; the bots' seats are not rated; recomputing
    from the stored results gives the same figures."""
    repo = service.repo
    first = await _play(service, "lifeboat", [1, 2, 3], 1, channel=1, afk=3)
    rows = {r.user_id: r for r in await repo.rating_history(9, 3)}
    assert list(rows) == [3]  # the AFK seat's owner is rated
    stats = {r.seat: r for r in await repo.stats_for_user(9, 1)}
    assert stats[0].place is not None
    assert {r.user_id for u in (1, 2, 3) for r in await repo.rating_history(9, u)} == {1, 2, 3}
    assert len(await repo.rating_history(EVERYWHERE, 1)) == 1
    await _play(service, "renju", [1, 2], 0, channel=2)
    await _play(service, "renju", [2], 1, channel=3)  # one person against a bot: not rated
    await _play(service, "lifeboat", [2, 3, 1, 4], 0, channel=4, seed=2)
    assert (await repo.rating_history(9, 1, "lifeboat"))[0].match_id == first.id
    assert len(await repo.rating_history(9, 2, "renju")) == 1
    kept = await _all_ratings(service)
    await ratings.recompute(repo)
    assert await _all_ratings(service) == kept


async def _all_ratings(service: MatchService) -> list[Any]:
    return [r for user in range(1, 5) for scope in (9, EVERYWHERE)
            for r in await service.repo.rating_history(scope, user)]


async def test_catch_ups_asked_while_one_runs_run_once_more_after_it(
        service: MatchService, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's end never waits for ratings: the catch-up runs in the background, one at a
    time, and one more after it when asked meanwhile (a long first catch-up is not doubled)."""
    runs: list[int] = []
    gate = asyncio.Event()

    async def slow(repo: Any) -> int:
        runs.append(len(runs))
        await gate.wait()
        return 0

    monkeypatch.setattr(ratings, "catch_up", slow)
    rater = service.ratings
    rater.ask()
    await asyncio.sleep(0.01)
    for _ in range(4):
        rater.ask()
    await asyncio.sleep(0.01)
    assert runs == [0]  # one running; the four asks since it began fold into one more
    gate.set()
    await rater.settled()
    assert runs == [0, 1]
