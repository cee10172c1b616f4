"""What the proofs (fuzz, error storms, SIGKILL soak, benchmarks) need to play any registered
game: a game gets every one of them by being registered (``games.registry``)."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from games import registry
from games.core import Action, Prompt
from games.core.conformance import random_pick
from games.core.options import chosen_by_hand
from games.renju.bot_strength import EASY
from tests.shown import t

if TYPE_CHECKING:  # not imported by a bot process started through tests/with_random_slow_bots.py
    import pytest

    from tables.service import LiveMatch, MatchService


def hosted_games() -> list[str]:
    """Every registered game (each has its command group: ``bot.app.COGS``)."""
    return registry.names()


def seats_for(game: str, wanted: int) -> int:
    """``wanted`` seats, or the nearest count the game seats."""
    spec = registry.get(game).spec
    return max(spec.min_players, min(spec.max_players, wanted))


def start_options(game: str, seats: int, rng: random.Random) -> dict[str, Any]:
    """Options of ``/<game> start`` for a random variant the game offers at ``seats`` (its
    conformance variants when it lists them), as the slash command takes them: only the
    fields that differ from the standard game."""
    engine = registry.get(game)
    offered = getattr(engine, "options_for_conformance", lambda n: [None])(seats)
    chosen = engine.Options.model_validate(rng.choice(offered) or {})
    standard = engine.Options()
    # A field a series sets (a league's table) is no one's to type: the variant starts anew.
    return {name: as_typed(getattr(chosen, name))
            for name, field in engine.Options.model_fields.items()
            if chosen_by_hand(field) and getattr(chosen, name) != getattr(standard, name)
            and getattr(chosen, name) is not None}


def as_typed(value: Any) -> Any:
    """A field's value as a player types it into its slash option: a list as its words
    (``bot/cogs/options.py`` reads them back)."""
    if isinstance(value, tuple | list):
        return " ".join(str(item) for item in value)
    return value


# Games whose tables end in few moves (a Zombie in My Pocket table: some sixty to a hundred),
# and how many times slower their bots play where a test must meet a table still in play.
SHORT_GAMES = {"zombie": 6.0}


# Variants that end a table sooner, for the tests whose check does not depend on how long the
# table runs (an end shown, a fault lived through): Catan to 8 points (10 published), Citadels'
# short game (the 7th district ends it), Lifeboat's quick game (everyone starts wounded, one
# bird out). Options of ``/<game> start``, as ``start_options`` gives them. The long runs
# (PARLOR_SOAK=1) play the standard games instead.
SHORT_TABLES: dict[str, dict[str, Any]] = {
    "catan": {"points_to_win": 8},
    "citadels": {"short_game": True},
    "lifeboat": {"quick": True},
}


def short_table(game: str) -> dict[str, Any]:
    """The options of a short table of ``game`` (``SHORT_TABLES``; none where the game has no
    such variant, or with PARLOR_SOAK=1)."""
    if os.environ.get("PARLOR_SOAK") == "1":
        return {}
    return dict(SHORT_TABLES.get(game, {}))


def bot_pace(game: str) -> float:
    """A factor for a test's bot move delay: 1, or more for a game whose tables are short."""
    return SHORT_GAMES.get(game, 1.0)


def reveal_title(game: str, locale: str | None = None) -> str:
    """The title of the game's reveal, posted once when a table ends."""
    return t(f"{game}.reveal.title", locale)


# Built-in bots that think long: Renju's threat searches take up to a second of CPU a move. A
# test that is not about how a bot plays seats them at a quick level instead (``use_quick_bots``,
# the ``quick_bots`` fixture): Renju's easy bot places a stone in a few milliseconds and its
# tables end in some 15-50 stones, where random stones take 80-160 (each one a round of board
# edits in an end-to-end test). The tests of the bots' play, the golden playthroughs and the
# conformance run of the bots keep the real ones.
QUICK_LEVELS: dict[str, Any] = {"renju": EASY}
SLOW_BOTS = frozenset(QUICK_LEVELS)


def legal_player(view: Any, prompt: Prompt, rng: random.Random) -> Action:
    """A move the prompt offers (every offered move is legal), chosen at random; seeded like a
    bot, so asked again with the same generator it makes the same move."""
    if prompt.pick is not None and rng.random() < 0.5:
        return random_pick(prompt, rng)
    return rng.choice(prompt.actions)


def bot_moments(game: Any, state: Any, rng: random.Random, *, moves: int, every: int
                ) -> Iterator[tuple[Any, Prompt]]:
    """A game played on from ``state`` by its bots, a blocking question chosen at random each
    move, for ``moves`` moves at most or to its end: every ``every``-th moment's state and the
    question asked then, for a test to look at before the bot answers it."""
    for move in range(moves):
        if game.outcome(state) is not None:
            return
        prompt = rng.choice([p for p in game.pending(state) if p.blocking])
        if move % every == 0:
            yield state, prompt
        state = game.apply(state, game.choose(game.view(state, prompt.seat), prompt,
                                              rng)).state


def next_bot_prompt(prompts: list[Prompt], answered: dict[int, str]) -> Prompt:
    """The question a test's table of bots answers next: the first listed that its seat has
    not answered yet. A game may keep asking a seat that answered a named question (Catan's
    secret discards, to hide who has chosen); a bot answers it once, as the scheduler's do
    (``bot/scheduler.py``). The caller records ``answered[prompt.seat] = prompt.question_id``."""
    for prompt in prompts:
        if not (prompt.question and answered.get(prompt.seat) == prompt.question_id):
            return prompt
    raise AssertionError("the table waits only for questions already answered")


def use_random_slow_bots(monkeypatch: pytest.MonkeyPatch | None = None) -> None:
    """The games of ``SLOW_BOTS`` choose with ``legal_player`` (until the test ends, given its
    ``monkeypatch``; else for the rest of the process: ``tests/with_random_slow_bots.py``), in
    the bot's own thread rather than its search processes: long tables of random stones, for
    what must see many situations (the render fingerprints' seat renamed and taken over
    midway), and for a bot process killed and restarted again and again (the SIGKILL soak),
    whose moves do not wait for its search processes to start anew."""
    _set_on_slow_games("choose", lambda name: legal_player, monkeypatch)


def use_quick_bots(monkeypatch: pytest.MonkeyPatch | None = None) -> None:
    """The games of ``SLOW_BOTS`` play at their quick level (until the test ends, given its
    ``monkeypatch``; else for the rest of the process): their bots' seats, and the people a
    test plays "sensibly" (``Game.choose``), move at once."""
    _set_on_slow_games("bot", QUICK_LEVELS.__getitem__, monkeypatch)


def _set_on_slow_games(attribute: str, value: Callable[[str], Any],
                       monkeypatch: pytest.MonkeyPatch | None) -> None:
    """``attribute`` of each registered game of ``SLOW_BOTS`` set to ``value(name)``: until the
    test ends, given its ``monkeypatch``; else for the rest of the process."""
    for name in SLOW_BOTS & set(registry.names()):
        if monkeypatch is None:
            setattr(registry.get(name), attribute, value(name))
        else:
            monkeypatch.setattr(registry.get(name), attribute, value(name))


async def play_bots_to_the_end(service: MatchService, live: LiveMatch, seed: int) -> LiveMatch:
    """Every question of a started table answered by the game's bot, through the service's
    runner (each named question once, as the scheduler does), until the table ends; its
    ratings settled."""
    rng = random.Random(seed)
    answered: dict[int, str] = {}
    while live.outcome() is None:
        prompt = next_bot_prompt(live.pending(), answered)
        answered[prompt.seat] = prompt.question_id

        def decide(current: LiveMatch, asked: Any) -> tuple[Any, str]:
            view = current.game.view(current.state, asked.seat)
            return current.game.choose(view, asked, rng), "bot"

        played = await service.play_for_seat(live.id, prompt.seat, decide)
        assert played is not None
        live = played[0]
    await service.ratings.settled()  # rated in the background as it ended
    return live
