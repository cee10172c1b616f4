"""The table option ``bot_level`` (docs/rules/renju.md, "Bots"): easy, normal or strong
(strong by default), offered by the lobby and ``/renju start`` like every option, and read by
the bot from its own view; what each level still does and no longer does."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games.renju.game as renju_game
from bench.renju_bench import match
from games.renju import GAME
from games.renju.actions import Place
from games.renju.bot_strength import EASY, LEVELS, NORMAL, STRONG, Strength
from games.renju.game import RenjuGame
from games.renju.options import Options
from tables.lobby_options import lobby_options
from tests.games.renju.positions import position


def test_strong_is_the_default_and_every_level_is_offered() -> None:
    assert Options().bot_level == "strong"
    choice = next(c for c in lobby_options("renju").choices if c.field == "bot_level")
    assert choice.values == ("easy", "normal", "strong")
    with pytest.raises(ValueError):
        Options.model_validate({"bot_level": "grandmaster"})


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_the_bot_plays_at_the_level_its_view_names(level: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The level travels in the view (``choose`` sees only the view): the table's option is
    the strength the bot is handed."""
    handed: list[Strength] = []

    def recording(view: Any, prompt: Any, rng: random.Random, strength: Strength) -> Any:
        handed.append(strength)
        return prompt.actions[0]

    monkeypatch.setattr(renju_game, "choose_action", recording)
    state = position("H8", "H9", bot_level=level)
    view = GAME.view(state, 0)
    assert view.bot_level == level
    GAME.choose(view, GAME.pending(state)[0], random.Random(0))
    assert handed == [LEVELS[level]]


def _move(strength: Strength, black: str, white: str, turn: str, seed: int) -> str:
    game = RenjuGame(bot=strength)
    state = position(black, white, turn=turn)
    seat = 0 if turn == "x" else 1
    action = game.choose(game.view(state, seat), game.pending(state)[0], random.Random(seed))
    assert isinstance(action, Place)
    return action.point


@pytest.mark.parametrize("seed", range(4))
def test_the_easy_bot_still_blocks_a_four_and_takes_its_five(seed: int) -> None:
    # White's four H9-H12 is stopped at H8 or H13... H8 black: H13 alone.
    assert _move(EASY, "H8 A1 C1 E1", "H9 H10 H11 H12", "x", seed) == "H13"
    assert _move(EASY, "D8 E8 F8 G8 A1", "H8 H9 H10 A15 B15", "x", seed) == "C8"


@pytest.mark.parametrize("seed", range(4))
def test_the_easy_bot_never_plays_a_forbidden_point(seed: int) -> None:
    """H8 is black's double three and its best-looking point; the easy bot never takes it,
    in the variant where a forbidden move loses too."""
    for variant in ({}, {"forbidden_move": "loses"}):
        game = RenjuGame(bot=EASY)
        state = position("H9 H10 I8 J8", "A1 A2 A3 A4", **variant)
        action = game.choose(game.view(state, 0), game.pending(state)[0],
                             random.Random(seed))
        assert isinstance(action, Place) and action.point != "H8"


def test_the_easy_bot_misses_what_the_others_see() -> None:
    """White's open three D8-E8-F8 (black to move): normal and strong answer it at C8 or G8
    every time; the easy bot, blind to threes, picks among its best-looking points at random
    and over a few seeds plays elsewhere too."""
    black, white = "H12 J12 L12", "D8 E8 F8"
    for strength in (NORMAL, STRONG):
        assert _move(strength, black, white, "x", 0) in {"C8", "G8"}
    easy = {_move(EASY, black, white, "x", seed) for seed in range(12)}
    assert easy - {"C8", "G8"}


def test_the_strong_bot_beats_the_easy_one() -> None:
    """Levels are ordered: two quick games, strong against easy with each colour (the bench
    measures each level against the greedy player and the reference opponent)."""
    easy = RenjuGame(bot=EASY)

    def easy_player(state: Any, prompt: Any, rng: random.Random) -> Any:
        return easy.choose(easy.view(state, prompt.seat), prompt, rng)

    for seat in (0, 1):
        tally = match(easy_player, seat, 1, {"opening": "free"}, game=RenjuGame(bot=STRONG))
        assert tally.wins == 1, tally.line()
