"""Ratings: a player's skill per game, in each server and across servers, worked out with
openskill's Weng–Lin Plackett–Luce model from the stored results, one table after another in
the order they ended.

A finished table is rated as its game declares (``Game.rated``, ``games.core.rating``): its
seats grouped into sides by their roles (a free-for-all game: every seat its own side), and
the sides ranked by their best seat's place (``Game.places``, stored with the stats). Only
seats with a person behind them are rated: a seat the built-in bot played from the start, or
was given when its player was kicked, moves nobody's rating, while a seat the AFK ladder handed
to a bot still counts for its owner (their user id stays on the seat). A table left with fewer
than two sides of people, or of a cooperative game, rates nobody. Bots have a fixed rating per
game (``bot_rating``), shown apart, never updated.

``catch_up`` rates every table not yet rated; a process runs it in the background through
its ``Rater`` (the service's ``ratings``) when a table's stats are recorded and at start-up.
Ratings are a cache of the stats: when a table turns up out of order (its stats recorded after
a later table was rated), every rating from it on is worked out again, so the stored ratings
are always what rating every stored table from the first one, in order, gives (``recompute``
does exactly that, from nothing). Two processes catching up at once (PostgreSQL) cannot mix
their writes: the one that read before the other wrote reads again.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from games import registry
from games.core.model import Outcome
from games.core.rating import outcome_places
from storage import EVERYWHERE, RatingBacklog, RatingRecord, Repository, StatRecord
from tables.failures import log_failure

log = logging.getLogger(__name__)

# openskill's defaults: a new player is 25 ± 25/3, and each table adds 25/300 of uncertainty
# back (skills drift), so a rating never freezes.
MODEL = PlackettLuce()
# How many standard deviations the shown rating keeps below the estimate: a player is shown
# at a rating they very likely are above, so a newcomer starts low and rises as they play.
Z = 3
# Shown ratings: 1000 + 20 × (mu − 3 sigma). A newcomer shows 1000, a player of estimated
# skill 35 known to ±2 shows 1580: the range people know from chess sites.
SHOWN_BASE = 1000
SHOWN_SCALE = 20
# A leaderboard ranks the players with at least this many rated tables in the game.
MIN_GAMES = 3
# Writers racing (PostgreSQL): how many times in a row a catch-up reads again before it
# leaves the rest to the next one.
ATTEMPTS = 5
# A catch-up rates this many stats rows (whole tables) per transaction: the first start after
# an upgrade rates every table ever played without holding the database for long, and lets
# the event loop in every few tables.
BATCH_ROWS = 4_000
YIELD_EVERY = 50



def shown(mu: float, sigma: float) -> int:
    """The rating people see: openskill's ordinal, scaled."""
    return round(PlackettLuceRating(mu, sigma).ordinal(z=Z, alpha=SHOWN_SCALE,
                                                        target=SHOWN_BASE))


def bot_rating(game: str) -> int:
    """The built-in bot's rating in ``game``: fixed at a newcomer's (bots are not rated:
    nothing they play moves a rating, theirs included)."""
    return shown(MODEL.mu, MODEL.sigma)


def is_rated(game: str) -> bool:
    """Whether ``game``'s tables move ratings (not a cooperative game, and still hosted)."""
    return game in registry.names() and registry.get(game).rated.rated


@dataclass(frozen=True)
class Side:
    place: int
    seats: tuple[StatRecord, ...]


def sides(results: list[StatRecord]) -> list[Side] | None:
    """A finished table's rated sides (its stats, one row per seat), or None when it rates
    nobody: a game not rated (or no longer hosted), fewer than two sides with a person on
    them, or one person on two seats."""
    if not results or not is_rated(results[0].game):
        return None
    declared = registry.get(results[0].game).rated
    places = _places(results)
    people = [row for row in results if row.user_id is not None]
    if len({row.user_id for row in people}) != len(people):
        return None
    grouped: dict[str, list[StatRecord]] = defaultdict(list)
    for row in people:
        grouped[declared.side_of(row.seat, row.role)].append(row)
    if len(grouped) < 2:
        return None
    return [Side(min(places[row.seat] for row in seats), tuple(seats))
            for seats in grouped.values()]


def _places(results: list[StatRecord]) -> dict[int, int]:
    """The stored places; seats stored without one are placed as the game places them by
    default (winners first, then by score)."""
    if all(row.place is not None for row in results):
        return {row.seat: int(row.place or 0) for row in results}
    outcome = Outcome(scores={row.seat: row.score for row in results},
                      winners=[row.seat for row in results if row.won])
    return outcome_places(outcome)


def rate_table(results: list[StatRecord],
               current: dict[tuple[int, str, int], tuple[float, float]]) -> list[RatingRecord]:
    """The ratings a finished table gives its people, in their server and across servers,
    from ``current`` ((scope, game, user) → (mu, sigma), updated in place)."""
    found = sides(results)
    if found is None:
        return []
    first = results[0]
    made: list[RatingRecord] = []
    for scope in dict.fromkeys((first.guild_id, EVERYWHERE)):
        teams = [[MODEL.rating(*current.get((scope, first.game, int(row.user_id or 0)),
                                            (MODEL.mu, MODEL.sigma)))
                  for row in side.seats] for side in found]
        rated = MODEL.rate(teams, ranks=[float(side.place) for side in found])
        for side, team in zip(found, rated, strict=True):
            for row, rating in zip(side.seats, team, strict=True):
                user = int(row.user_id or 0)
                current[(scope, first.game, user)] = (rating.mu, rating.sigma)
                made.append(RatingRecord(
                    match_id=row.match_id, seat=row.seat, scope=scope, game=first.game,
                    user_id=user, mu=rating.mu, sigma=rating.sigma,
                    finished_at=row.finished_at))
    return made


def by_table(results: list[StatRecord]) -> list[list[StatRecord]]:
    """Stats in the order the tables ended, one list per table."""
    tables: dict[int, list[StatRecord]] = {}
    for row in results:
        tables.setdefault(row.match_id, []).append(row)
    return list(tables.values())


async def _rate_backlog(repo: Repository, backlog: RatingBacklog) -> int | None:
    """The backlog's tables rated and saved: how many; None if another writer wrote first."""
    assert backlog.since is not None
    tables = by_table(backlog.results)
    users = {row.user_id for row in backlog.results if row.user_id is not None}
    current = {(r.scope, r.game, r.user_id): (r.mu, r.sigma)
               for r in await repo.ratings_before(backlog.since, sorted(users))}
    made: list[RatingRecord] = []
    for count, table in enumerate(tables, start=1):
        made += rate_table(table, current)
        if count % YIELD_EVERY == 0:
            await asyncio.sleep(0)  # a long backlog (the first start) lets the loop in
    saved = await repo.save_ratings(backlog.version, backlog.since,
                                    [table[0].match_id for table in tables], made)
    return len(tables) if saved else None


async def catch_up(repo: Repository) -> int:
    """Rate every table not yet rated (and every table after the first of them), a batch of
    tables at a time; the number of tables rated."""
    rated = refused = 0
    while refused < ATTEMPTS:
        backlog = await repo.rating_backlog(BATCH_ROWS)
        if backlog.since is None:
            return rated
        done = await _rate_backlog(repo, backlog)
        if done is None:
            refused += 1
        else:
            rated, refused = rated + done, 0
    log.warning("ratings: other writers kept changing them; the tables left are rated later")
    return rated


async def recompute(repo: Repository) -> int:
    """Every rating worked out again from the stats, from the first table on."""
    await repo.forget_ratings()
    return await catch_up(repo)


class Rater:
    """A process's catch-ups, in the background, one at a time: asked while one runs (another
    table ended meanwhile), it runs once more when that one is done. A table's last move never
    waits for ratings, and the first start's long catch-up is not run twice over."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo
        self._task: asyncio.Task[None] | None = None
        self._again = False

    def ask(self) -> None:
        """Bring the ratings up to date soon (a table's stats were recorded; the start)."""
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while True:
            self._again = False
            try:
                await catch_up(self.repo)
            except Exception as error:  # logged; the tables left are rated by the next catch-up
                log_failure(log, error, "ratings could not be brought up to date")
            if not self._again:
                return

    async def settled(self) -> None:
        """Wait until no catch-up is running or asked for."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    async def close(self) -> None:
        """Stop a catch-up under way (its batch is rolled back; the next start rates it)."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
