"""What the process counts for Prometheus (``/metrics``, served by ``web``).

Below both adapters: the Discord side counts where it already measures (the service's moves,
the request budget, the timers, the drawing thread) and the web side only exposes. The gauges
read the live objects when scraped (``watch``), so nothing is kept up to date between scrapes.
"""

from __future__ import annotations

import math
import time
from bisect import bisect_left
from collections.abc import Callable, Iterator

from prometheus_client import REGISTRY, Counter, Gauge, Histogram
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector
from prometheus_client.utils import floatToGoString

from storage.outage import Outage

# Seconds: a move is a few ms, a slow one (a big replay, a busy database) tens of ms.
_ACT_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
_WAIT_BUCKETS = (0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

REST_REQUESTS = Counter("parlor_rest_requests", "REST requests the Discord client sent.")
REST_429 = Counter("parlor_rest_rate_limited", "REST requests Discord answered with 429.")
BUDGET_WAIT = Histogram("parlor_request_budget_wait_seconds",
                        "How long a request waited for the request budget's token "
                        "(requests that found a token at once are not counted).",
                        buckets=_WAIT_BUCKETS)
TIMER_LAG = Histogram("parlor_timer_lag_seconds",
                      "How late a due timer or warning was taken from the schedule.",
                      buckets=_WAIT_BUCKETS)
PICTURES_WAITING = Gauge("parlor_pictures_waiting",
                         "Board pictures waiting for a drawing worker, not yet begun.")
DRAW_SECONDS = Histogram("parlor_picture_draw_seconds",
                         "CPU time spent on one picture (drawing and PNG), boards and web pages.",
                         buckets=_ACT_BUCKETS)
OPEN_MATCHES = Gauge("parlor_open_matches",
                     "Lobby, active and paused matches this process holds in memory.")
TIMERS_ARMED = Gauge("parlor_timers_armed", "Turn timers and bot moves in the schedule.")
TIMERS_DUE = Gauge("parlor_timers_due",
                   "Timers whose time has come, being handled or waiting for a free slot.")
STORAGE_ERRORS = Counter("parlor_storage_errors",
                         "Repository calls that failed because the database did not answer or "
                         "would not write: a server down or restarting, a connection cut, the "
                         "disk full, the file read-only (storage.outage).")
STORAGE_DOWN = Gauge("parlor_storage_down",
                     "1 from a repository call failing that way until a write lands again.")
BUDGET_WAITING = Gauge("parlor_request_budget_waiting",
                       "Requests waiting for the request budget right now.")


class Moves(Collector):
    """``parlor_actions`` (a counter) and ``parlor_act_seconds`` (a histogram), by game: plain
    numbers added up on every move, made into Prometheus' families at each scrape. The
    library's Counter and Histogram take a lock for each value they add to (three a move) and
    check their state on every call; this runs a thousand times a second, on the loop."""

    _BOUNDS = (*_ACT_BUCKETS, math.inf)

    def __init__(self) -> None:
        # Per game: how many moves fell in each bucket (a move counts in the first bound it
        # is not above), then the sum of their seconds; and when the game's first move came.
        self._counts: dict[str, list[float]] = {}
        self._created: dict[str, float] = {}

    def add(self, game: str, seconds: float) -> None:
        counts = self._counts.get(game)
        if counts is None:
            counts = self._counts[game] = [0.0] * (len(self._BOUNDS) + 1)
            self._created[game] = time.time()
        counts[bisect_left(self._BOUNDS, seconds)] += 1
        counts[-1] += seconds

    def collect(self) -> Iterator[Metric]:
        actions = CounterMetricFamily(
            "parlor_actions", "Moves saved, by game (rate() gives moves per second).",
            labels=["game"])
        times = HistogramMetricFamily(
            "parlor_act_seconds", "Time from a move's request to its save, by game "
            "(MatchService.act and play_for_seat).", labels=["game"])
        for game, counts in list(self._counts.items()):
            taken = list(counts)
            buckets, below = [], 0.0
            for bound, count in zip(self._BOUNDS, taken, strict=False):
                below += count
                buckets.append((floatToGoString(bound), below))
            created = self._created[game]
            actions.add_metric([game], below, created=created)
            times.add_metric([game], buckets, taken[-1])
        yield actions
        yield times


MOVES = Moves()
REGISTRY.register(MOVES)


def acted(game: str, seconds: float) -> None:
    """One move of ``game`` saved, ``seconds`` after it was asked for."""
    MOVES.add(game, seconds)


def watch(*, open_matches: Callable[[], float], timers_armed: Callable[[], float],
          timers_due: Callable[[], float], budget_waiting: Callable[[], float],
          pictures_waiting: Callable[[], float]) -> None:
    """Read these gauges from the running objects at each scrape (the last process-wide
    caller wins: one bot per process)."""
    OPEN_MATCHES.set_function(open_matches)
    TIMERS_ARMED.set_function(timers_armed)
    TIMERS_DUE.set_function(timers_due)
    BUDGET_WAITING.set_function(budget_waiting)
    PICTURES_WAITING.set_function(pictures_waiting)


def watch_storage(outage: Outage) -> None:
    """Count the repository's failed calls and show its spells of not answering (the last
    process-wide caller wins: one repository per process)."""
    outage.listen(STORAGE_ERRORS.inc)
    STORAGE_DOWN.set_function(lambda: float(outage.down))
