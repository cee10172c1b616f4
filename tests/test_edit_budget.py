"""The process's edit budget (bot/edit_budget.py) on a fake clock: the rate holds, urgent
takers go first, a waiter can be hurried, a cancelled waiter gives its turn away."""

from __future__ import annotations

import asyncio

import pytest

from bot.edit_budget import EditBudget


class FakeClock:
    """Time that moves only when the budget sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


def budget(per_second: float, clock: FakeClock, burst: float | None = None) -> EditBudget:
    return EditBudget(per_second, burst=burst, clock=clock, sleep=clock.sleep)


async def test_the_rate_holds_after_the_burst_is_spent() -> None:
    clock = FakeClock()
    bucket = budget(40, clock, burst=10)
    times: list[float] = []

    async def one() -> None:
        await bucket.take()
        times.append(clock.now)

    await asyncio.gather(*(one() for _ in range(90)))
    assert times[:10] == [1000.0] * 10, "the burst goes at once"
    # 80 more at 40 a second: two seconds.
    assert times[-1] == pytest.approx(1002.0)
    for start in range(len(times)):  # no one-second window holds more than burst + rate
        window = [t for t in times[start:] if t < times[start] + 1.0]
        assert len(window) <= 50
    assert bucket.taken == 90 and bucket.waiting == 0


async def test_tables_waiting_for_a_person_go_before_tables_of_bots() -> None:
    """Rule: tables a person waits for are edited first; each class in arrival order."""
    clock = FakeClock()
    bucket = budget(10, clock, burst=1)
    await bucket.take()  # the bucket is empty now
    order: list[str] = []

    async def one(name: str, urgent: bool) -> None:
        await bucket.take(name, urgent=urgent)
        order.append(name)

    tasks = [asyncio.create_task(one(f"bots{i}", False)) for i in range(3)]
    await asyncio.sleep(0)
    tasks += [asyncio.create_task(one(f"person{i}", True)) for i in range(2)]
    await asyncio.gather(*tasks)
    assert order == ["person0", "person1", "bots0", "bots1", "bots2"]


async def test_a_hurried_waiter_moves_to_the_urgent_queue() -> None:
    clock = FakeClock()
    bucket = budget(10, clock, burst=1)
    await bucket.take()
    order: list[str] = []

    async def one(name: str, urgent: bool) -> None:
        await bucket.take(name, urgent=urgent)
        order.append(name)

    tasks = [asyncio.create_task(one(name, False)) for name in ("a", "b", "c")]
    await asyncio.sleep(0)
    tasks.append(asyncio.create_task(one("person", True)))
    await asyncio.sleep(0)
    bucket.hurry("c")  # table c now waits for a person: after those already urgent
    bucket.hurry("nobody")  # no such waiter: nothing happens
    await asyncio.gather(*tasks)
    assert order == ["person", "c", "a", "b"]
    assert bucket.waiting == 0


async def test_a_cancelled_waiter_gives_its_turn_away() -> None:
    clock = FakeClock()
    bucket = budget(10, clock, burst=1)
    await bucket.take()
    order: list[str] = []

    async def one(name: str) -> None:
        await bucket.take(name, urgent=False)
        order.append(name)

    first = asyncio.create_task(one("gone"))
    second = asyncio.create_task(one("stays"))
    await asyncio.sleep(0)
    first.cancel()
    await second
    assert order == ["stays"]
    assert clock.now == pytest.approx(1000.1), "the cancelled one took no token"
    assert bucket.waiting == 0 and bucket.taken == 2


async def test_an_urgent_taker_does_not_wait_behind_bots_when_tokens_are_left() -> None:
    """A token in the bucket goes to an urgent taker at once even while relaxed ones wait
    (they wait only for tokens, never for each other's classes)."""
    clock = FakeClock()
    bucket = budget(1, clock, burst=2)
    await bucket.take()
    await bucket.take()
    waiting = asyncio.create_task(bucket.take("bots", urgent=False))
    await asyncio.sleep(0)
    clock.now += 1.0  # one token back
    await bucket.take(urgent=True)
    assert not waiting.done()
    await waiting
    assert clock.now == pytest.approx(1002.0)


async def test_closing_lets_every_waiter_go() -> None:
    clock = FakeClock()
    bucket = budget(1, clock, burst=1)
    await bucket.take()
    waiters = [asyncio.create_task(bucket.take(i, urgent=i % 2 == 0)) for i in range(4)]
    await asyncio.sleep(0)
    bucket.close()
    await asyncio.wait_for(asyncio.gather(*waiters), 1.0)
    assert bucket.waiting == 0


def test_a_rate_must_be_positive() -> None:
    with pytest.raises(ValueError):
        EditBudget(0)


async def test_a_table_of_bots_is_not_starved_by_tables_of_people() -> None:
    """Rule: tables a person waits for go first, but a table of bots that has waited
    MAX_RELAXED_WAIT goes next even while people's tables alone ask for the whole budget."""
    from bot.edit_budget import MAX_RELAXED_WAIT

    clock = FakeClock()
    bucket = budget(10, clock, burst=1)
    await bucket.take()  # the bucket is empty now
    served: dict[str, float] = {}

    async def one(name: str, urgent: bool) -> None:
        await bucket.take(name, urgent=urgent)
        served[name] = clock.now

    started = clock.now
    people = 10 * int(MAX_RELAXED_WAIT) + 100  # more than the budget gives until then
    await asyncio.gather(one("bots", False),
                         *(one(f"people{i}", True) for i in range(people)))
    waited = served["bots"] - started
    assert MAX_RELAXED_WAIT <= waited <= MAX_RELAXED_WAIT + 0.2
    assert served[f"people{people - 1}"] > served["bots"], "people's tables were still waiting"


def test_no_second_may_hold_more_than_discord_allows_whatever_the_settings() -> None:
    """Rule: Discord's global limit is 50 a second; a burst, a second's refill and the tokens
    on credit stay at 45 (5 spare for the way to Discord), whatever rate is asked for."""
    from bot.edit_budget import CREDIT_SECONDS, SAFE_PER_SECOND

    for asked in (8, 20, 30, 40, 50, 960):
        bucket = EditBudget(asked)
        assert bucket.rate == min(asked, 40)
        assert bucket.capacity + bucket.rate * (1 + CREDIT_SECONDS) <= SAFE_PER_SECOND + 1e-9
    assert EditBudget(8).capacity == 2, "a quarter second's worth when that is safe"
