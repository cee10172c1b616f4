"""The bots' shared answers give what working them out afresh gives.

A map is charted once for every view that shows the same rows of tiles and openings and the
same stacks (``bot_map.chart_of``), a view's team is read once (``bot_fight.team_of``), a forecast's
repeated happenings are weighed once (``bot.event_worth``), every group of fighters is listed
once per grouping of seats, and a cower's healing is weighed on the team healed
(``Team.healed``) rather than on a healed view, a team's outcomes are kept for the teams alike
in what a fight reads of them (``outcomes_of``) and a fight's plan on its map (``plan_fight``):
over seeded games, each decision is the one made with every table emptied and every view built
again, a shared map answers as a map charted from the view alone, and a team healed is the
team of the view healed."""

from __future__ import annotations

import random

from games import registry
from games.zombie import bot, bot_fight, bot_map
from games.zombie.bot_map import BotMap, chart_of
from games.zombie.bot_time import next_card, rounds_needed
from games.zombie.cards import MAX_HEALTH
from games.zombie.state import ZombieState
from games.zombie.views import PublicView

GAME = registry.get("zombie")


def _forget_everything() -> None:
    bot_map._CHARTS.clear()
    bot_fight._PLANS.clear()
    bot_fight._EVERY_GROUP_OF.clear()
    bot_fight._OUTCOMES.clear()


def _chart_answers(chart: BotMap, view: PublicView) -> tuple[object, ...]:
    return (chart.distances(view.at), chart.frontier("house"), chart.frontier("yard"),
            chart.frontier_distance(view.at, "house"), chart.frontier_distance(view.at, "yard"),
            rounds_needed(view, chart))


def test_each_decision_is_the_one_made_from_nothing_remembered() -> None:
    decisions = 0
    for seed in range(4):
        state: ZombieState = GAME.setup(3 + seed % 2, {}, 500 + seed)
        rng = random.Random(seed)
        for _ in range(70):
            if GAME.outcome(state) is not None:
                break
            prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
            view = GAME.view(state, prompt.seat)
            draw = rng.random()
            shared = GAME.choose(view, prompt, random.Random(draw))
            shared_answers = _chart_answers(chart_of(view), view)
            _forget_everything()
            fresh_view = GAME.view(state, prompt.seat)
            assert GAME.choose(fresh_view, prompt, random.Random(draw)) == shared
            assert _chart_answers(BotMap(fresh_view), fresh_view) == shared_answers
            decisions += 1
            state = GAME.apply(state, shared).state
    assert decisions > 150


def test_a_map_is_shared_only_by_views_showing_the_same_ground() -> None:
    state = GAME.setup(4, {}, 7)
    rng = random.Random(7)
    while len(state.tiles) < 5 or not state.openings:
        prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
        state = GAME.apply(state, GAME.choose(GAME.view(state, prompt.seat), prompt, rng)).state
    view = GAME.view(state, None)
    assert chart_of(view) is chart_of(GAME.view(state, 0))  # the same ground, another seat
    assert chart_of(view) is chart_of(view.model_copy(update={"round_action": "bury"}))
    for other in (view.model_copy(update={"openings": []}),
                  view.model_copy(update={"house_left": []}),
                  view.model_copy(update={"yard_left": []})):
        assert chart_of(other) is not chart_of(view)
        assert _chart_answers(chart_of(other), other) == _chart_answers(BotMap(other), other)


def test_a_forecast_weighed_by_happening_adds_up_card_by_card() -> None:
    state = GAME.setup(4, {}, 11)
    rng = random.Random(11)
    checked = 0
    for _ in range(80):
        if GAME.outcome(state) is not None:
            break
        view = GAME.view(state, None)
        forecast = next_card(view)
        if forecast is not None:
            stake = bot_fight.stakes(view)
            team = bot_fight.Team(view)
            healths = [f.health for f in team.rows]
            base = team.worth(healths)
            total = 0.0
            for happening, chance in forecast.happenings:
                gain = bot._happening_gain(view, stake, team, healths, base, happening)
                if gain is not None:
                    total += chance * gain
            assert bot.event_worth(view, stake, forecast) == total
            checked += 1
        prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
        state = GAME.apply(state, GAME.choose(GAME.view(state, prompt.seat), prompt, rng)).state
    assert checked > 20


def _healed_view(view: PublicView, amount: int) -> PublicView:
    players = [p.model_copy(update={"health": min(MAX_HEALTH, p.health + amount)})
               if p.alive and p.health > 0 else p for p in view.players]
    return view.model_copy(update={"players": players})


def test_a_team_healed_is_the_team_of_the_view_healed() -> None:
    checked = 0
    for seed in range(2):
        state = GAME.setup(4 + seed % 2, {}, 40 + seed)
        rng = random.Random(seed)
        for _ in range(40):
            if GAME.outcome(state) is not None:
                break
            view = GAME.view(state, None)
            stake = bot_fight.stakes(view)
            forecast = next_card(view)
            for amount in (1, 2):
                healed_view = _healed_view(view, amount)
                healed = bot_fight.Team(view).healed(amount)
                fresh = bot_fight.Team(healed_view)
                assert healed.rows == fresh.rows
                assert healed.facts == fresh.facts == bot_fight.plan_facts(healed_view)
                assert (healed.knee, healed.soda, healed.burnable, healed.fuel, healed.casual) \
                    == (fresh.knee, fresh.soda, fresh.burnable, fresh.fuel, fresh.casual)
                for zombies in (3, 7):
                    _forget_everything()
                    assert bot_fight.plan_for(healed, zombies, stake) \
                        == bot_fight.plan_fight(healed_view, zombies, stake)
                assert bot.event_worth(view, stake, forecast, healed) \
                    == bot.event_worth(healed_view, stake, forecast)
                checked += 1
            prompt = rng.choice([p for p in GAME.pending(state) if p.blocking])
            state = GAME.apply(state, GAME.choose(GAME.view(state, prompt.seat), prompt,
                                                  rng)).state
    assert checked > 60
