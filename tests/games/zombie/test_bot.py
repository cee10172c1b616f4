"""The built-in bots: a team that cowers when hurt, fights when the odds are good and gives the
totem to the healthiest."""

from __future__ import annotations

import random

from games.core.conformance import mixed_chooser, playout, random_action
from games.zombie import GAME
from games.zombie.actions import Commit, Cower, Move, NameHolder
from games.zombie.bot_fight import plan_fight
from games.zombie.cards import CARDS, FLAVOUR
from games.zombie.views import build_view
from tests.games.zombie.builders import lay, play, prompt_of, table


def _bot(state, seat):  # type: ignore[no-untyped-def]
    return GAME.choose(GAME.view(state, seat), prompt_of(state, seat), random.Random(0))


def test_the_leader_cowers_when_someone_is_about_to_die() -> None:
    state = table(seats=3, health=4)
    state.players[2].health = 1
    assert _bot(state, 0) == Cower(seat=0)
    state.players[2].health = 4
    assert _bot(state, 0) != Cower(seat=0)


def test_the_team_fights_when_the_odds_are_good_and_flees_when_they_are_not() -> None:
    state = table(seats=4, health=5, deck=["card-chainsaw"])  # 3 + 5 zombies
    lay(state, "family_room", 0, -1, 2)
    state, _ = play(state, Move(seat=0, to="family_room"))
    choices = {seat: _bot(state, seat) for seat in range(4)}
    assert all(isinstance(c, Commit) for c in choices.values())
    assert any(isinstance(c, Commit) and c.choice == "fight" for c in choices.values())
    view = build_view(state, 0)
    hopeless = plan_fight(view.model_copy(update={"players": [
        p.model_copy(update={"health": 3}) for p in view.players]}), zombies=20)
    assert hopeless.fighters == frozenset()


def test_every_bot_reaches_the_same_fight_plan_from_its_own_view() -> None:
    state = table(seats=5, health=3, deck=["card-gasoline"])
    state.players[1].items = ["machete"]
    state.players[3].health = 1
    lay(state, "family_room", 0, -1, 2)
    state, _ = play(state, Move(seat=0, to="family_room"))
    assert state.fight is not None
    zombies = state.fight.zombies
    plans = {plan_fight(build_view(state, seat), zombies) for seat in range(5)}
    assert len(plans) == 1


def test_the_totem_goes_to_the_healthiest() -> None:
    state = table(seats=3, health=3, deck=["card-oil"])
    state.players[1].health = 5
    lay(state, "evil_temple", 0, -1, 1)
    state.at = "evil_temple"
    state.forget_pending()
    state, _ = play(state, _bot(state, 0))
    assert state.stage == "totem"
    assert _bot(state, 0) == NameHolder(seat=0, to=1)


def test_bots_win_far_more_often_than_random_players() -> None:
    bots = random_wins = 0
    for seed in range(12):
        team = mixed_chooser({0, 1, 2, 3})
        bots += playout(GAME, 4, seed=seed, chooser=team).state.result == "won"
        random_wins += playout(GAME, 4, seed=seed, chooser=random_action).state.result == "won"
    assert bots >= 4 and bots > 2 * random_wins


def test_every_quiet_moment_blessing_and_curse_has_our_flavour_line() -> None:
    for card in CARDS.values():
        for hour in (9, 10, 11):
            if card.at(hour).kind in ("quiet", "bless", "curse"):
                assert FLAVOUR[(card.id, hour)]
