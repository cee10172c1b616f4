"""A navigation card's value, read from what the bot's mind keeps for the decision (each
living character's overboard terms, the harm of so many wounds, whom each card throws over and
makes thirsty), is the value worked out term by term from the view, to the last bit."""

from __future__ import annotations

import random

from games import registry
from games.lifeboat.bot_mind import OVERBOARD_EXTRA, SUPPLY_VALUE, Mind
from games.lifeboat.cards import NAVIGATION, card_type
from games.lifeboat.options import Options
from tests.every_game import bot_moments

GAME = registry.get("lifeboat")


def _plainly(mind: Mind, card_id: str, judge: str, rowed: bool) -> float:
    """The value as the rules of the bot's judgement state it, nothing kept."""
    card = NAVIGATION[card_id]
    if card.birds > 0 and mind.view.birds + card.birds >= mind.view.birds_to_land:
        return mind.land_value(judge)
    mine = judge == mind.me
    value = 0.0
    if card.birds:
        value += card.birds * mind.bird_value(judge)
    for character in mind.boat:
        person = mind.people[character]
        if person.status == "dead":
            continue
        stake = mind.stake[character] if mine else mind.others_stake(judge, character)
        if card.goes_overboard(character):
            has_preserver = any(card_type(c) == "preserver" for c in person.face_up)
            if person.status == "unconscious" and not has_preserver:
                value -= stake
            else:
                spared = character == "frenchy" or has_preserver
                value += mind.harm(character, 0.0 if spared else 1.0, judge)
                value -= OVERBOARD_EXTRA * stake * (0.5 if spared else 1.0)
                if character == judge:
                    value -= 0.5 * sum(SUPPLY_VALUE.get(card_type(c), 1.0)
                                       for c in person.face_up if card_type(c) != "preserver")
        thirst = (int(card.row and (person.row_marker or (rowed and character == mind.me)))
                  + int(card.fight and person.fight_marker) + int(card.is_thirsty(character)))
        if thirst and person.parasol_open:
            thirst -= 1
        if thirst:
            value += mind.harm(character, thirst * (0.6 if character == judge else 0.8), judge)
    return value


def test_a_cards_value_is_the_one_worked_out_term_by_term() -> None:
    compared = 0
    for seed, seats, options in ((1, 4, Options()), (2, 6, Options()),
                                 (3, 7, Options(cannibalism=True))):
        for state, prompt in bot_moments(GAME, GAME.setup(seats, options, seed),
                                         random.Random(seed), moves=120, every=30):
            mind = Mind(GAME.view(state, prompt.seat))
            for card_id in NAVIGATION:
                for judge in mind.boat:
                    for rowed in (False, True):
                        kept = mind._judge_nav_afresh(card_id, judge, rowed)
                        assert kept == _plainly(mind, card_id, judge, rowed)
                        compared += 1
    assert compared > 2_000
