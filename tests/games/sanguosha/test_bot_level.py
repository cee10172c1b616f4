"""The table option ``bot_level``: normal by default, easy on request; what every view carries,
so the bot reads its level from its seat's view. Easy bots play whole legal games, make the
newcomer's plainer choices, and still never turn on their own side."""

from __future__ import annotations

import random

import pytest

from games.core.conformance import bot_action
from games.sanguosha import GAME, Options
from tables.lobby_options import lobby_options

from . import test_bot_answers, test_bot_play, test_bot_skills
from .builders import Run
from .positions import Position, advance, asked, chooses, decide, passes, seats

EASY = {"bot_level": "easy"}


def test_normal_is_the_default_and_every_view_says_the_level() -> None:
    assert Options().bot_level == "normal"
    state = GAME.setup(5, Options(bot_level="easy"), seed=1)
    assert GAME.view(state, 2).options.bot_level == "easy"
    assert GAME.view(state, None).options.bot_level == "easy"
    with pytest.raises(ValueError):
        Options.model_validate({"bot_level": "hard"})


def test_the_lobby_and_the_start_command_offer_the_level() -> None:
    offered = {choice.field: choice.values for choice in lobby_options("sanguosha").choices}
    assert offered["bot_level"] == ("easy", "normal")


@pytest.mark.parametrize("seats_count", [5, 8])
def test_easy_bots_play_whole_legal_games(seats_count: int) -> None:
    for seed in range(2):
        rng = random.Random(seed)
        state = GAME.setup(seats_count, Options(bot_level="easy"), seed=seed)
        for _ in range(20_000):
            if GAME.outcome(state) is not None:
                break
            state = GAME.apply(state, bot_action(GAME, state, rng)).state
        assert GAME.outcome(state) is not None


# Positions where siding wrongly would betray one's own side: an easy bot gets them right too.
LOYAL_POSITIONS = {
    "a loyalist with a Peach saves the dying lord",
    "a rebel never saves the dying lord",
    "the renegade saves the dying lord while rebels are left",
    "a loyalist does not save a seat that has attacked the lord twice",
    "a dying seat saves itself with its own Peach",
    "a loyalist nullifies the Indulgence a rebel put on the lord",
    "a loyalist lets the lord's Ex Nihilo through",
    "a loyalist never Slashes the lord, even with nobody else in range",
    "the lord Slashes the seat that attacked him, not the one that only helped him",
    "a loyalist puts Indulgence on the seat that attacked the lord, never on the lord",
    "a loyalist asked by Borrowed Sword to Slash the lord gives up his weapon",
    "Xiahou Dun's Ganglie does not strike back at his own lord",
    "Da Qiao's Liuli never passes a rebel's Slash on to her lord",
    "a loyal Wei hero plays a Dodge for Cao Cao's Hujia",
    "a rebel Wei hero does not play a Dodge for Cao Cao's Hujia",
    "Zhou Yu's Fanjian never targets the lord when he is loyal",
    "Sun Shangxiang's Jieyin does not heal the enemy lord",
    "at 1 HP a Dodge is played against a Slash",
}
ALL_POSITIONS = [*test_bot_answers.POSITIONS, *test_bot_play.POSITIONS,
                 *test_bot_skills.POSITIONS]
SIDING = [p for p in ALL_POSITIONS if p.reason in LOYAL_POSITIONS]


def test_every_siding_position_is_in_the_suite() -> None:
    assert {p.reason for p in SIDING} == LOYAL_POSITIONS


@pytest.mark.parametrize("position", SIDING, ids=[p.reason for p in SIDING])
def test_an_easy_bot_never_turns_on_its_side(position: Position) -> None:
    source = position.build()
    state = source.state if isinstance(source, Run) else source
    state.options = Options.model_validate({**state.options.model_dump(), **EASY})
    state.forget_pending()
    for seed in range(4):  # the easy bot wanders at random: never into a betrayal
        chosen = decide(state, position.seat, seed)
        assert position.right(chosen), f"easy: {position.reason}: chose {chosen}"


def test_an_easy_bot_leaves_others_judgements_alone() -> None:
    """Guicai on another seat's judgement is a seasoned player's move, not a newcomer's."""
    from .test_bot_skills import REBEL, _next_turn, skill

    run = advance(_next_turn(REBEL, {2: "simayi"}, judging={1: ["lebu-spade-6"]},
                             cards={2: ["wugu-heart-3", "sha-club-2"]}, top=("sha-club-3",),
                             options=EASY), skill(2, "guicai"))
    assert chooses("no")(decide(run, 2))


def test_an_easy_bot_keeps_its_nullification_for_itself_and_its_lord() -> None:
    """A newcomer does not stop the lord's Ex Nihilo as a rebel: he keeps his card."""
    state = seats(["lord", "loyalist", "rebel", "rebel", "renegade"], options=EASY,
                  cards={0: ["wuzhong-heart-7"], 2: ["wuxie-spade-J"]})
    run = advance(Run(state).use(0, "wuzhong-heart-7", 0), asked(2, "nullify"))
    assert passes(decide(run, 2))
