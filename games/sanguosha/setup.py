"""A new game: identities dealt and the lord shown, heroes chosen, four cards each; then the
root frame hands the turn round the table from the lord."""

from __future__ import annotations

import random

from games.core import Action, IllegalAction, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Choose
from games.sanguosha.cards import deck_ids
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.heroes import HEROES, LORD_CHOICES
from games.sanguosha.identities import identity_cards
from games.sanguosha.options import Options
from games.sanguosha.state import Frame, Player, SanguoshaState, own_player, own_players
from games.sanguosha.zones import draw

STARTING_CARDS = 4


def new_state(seats: int, options: Options, seed: int, rng: random.Random) -> SanguoshaState:
    cards = identity_cards(seats, options.two_renegades)
    rng.shuffle(cards)
    if options.league:
        _league_lord(cards, seats, options)
    players = [Player(seat=s, identity_card=cards[s]) for s in range(seats)]
    lord = cards.index("identity-lord")
    players[lord].revealed = True
    deck = list(deck_ids(options.ex_cards))
    rng.shuffle(deck)
    state = SanguoshaState(
        seed=seed,
        seats=seats,
        options=options,
        players=players,
        lord=lord,
        deck=deck,
        deeds=[[0] * seats for _ in range(seats)],
        intent=[[0] * seats for _ in range(seats)],
    )
    state.frames.append(Frame(op="game"))
    return state


def _league_lord(cards: list[str], seats: int, options: Options) -> None:
    """In a league the table's lord is its seat in turn; the other identities stay dealt at
    random. A league keeps its seats from table to table."""
    if options.league_table >= seats or (options.league_points
                                         and len(options.league_points) != seats):
        raise IllegalAction(
            "A league goes on with the same players in the same seats.",
            key="sanguosha.league_seats")
    lord = cards.index("identity-lord")
    cards[lord], cards[options.league_table] = cards[options.league_table], cards[lord]


def _hp_of(state: SanguoshaState, seat: int, hero_id: str | None) -> int:
    base = HEROES[hero_id].hp if hero_id else 4
    if seat != state.lord:
        return base
    if hero_id is None:
        return base + 1 if state.seats >= 5 else base
    return base + 1 if state.seats > 4 else base


def _take_hero(state: SanguoshaState, seat: int, hero_id: str) -> None:
    player = own_player(state, seat)
    hero = HEROES[hero_id]
    player.hero = hero_id
    player.chosen = ""
    player.offers = []
    player.kingdom = hero.kingdom
    player.gender = hero.gender
    player.max_hp = player.hp = _hp_of(state, seat, hero_id)


@step("game")
def game_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    if f.step == 0:
        f.step = 1
        if state.options.heroes:
            ctx.push("lord_hero")
        else:
            for player in own_players(state):
                player.max_hp = player.hp = _hp_of(state, player.seat, None)
                player.gender = ""
    elif f.step == 1:
        f.step = 2
        if state.options.heroes:
            ctx.push("other_heroes")
    elif f.step == 2:
        for seat in state.living_from(state.lord):
            draw(ctx, seat, STARTING_CARDS, reason="start")
        state.current = state.lord
        state.round = 1
        ctx.emit("round_started", round=state.round)
        f.step = 3
    elif f.step == 3:
        f.step = 4
        ctx.push("turn", seat=state.current)
    else:
        state.current = state.next_living(state.current)
        f.step = 3
        if state.current == state.lord:
            state.round += 1
            ctx.emit("round_started", round=state.round)
            ctx.push("round_start")


@step("lord_hero")
def lord_hero_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    others = sorted(h for h in HEROES if h not in LORD_CHOICES)
    extra = ctx.rng.sample(others, 2)
    own_player(state, state.lord).offers = [*LORD_CHOICES, *extra]
    ctx.ask("hero", "in_order", [state.lord])


@answer("lord_hero")
def lord_hero_answer(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    assert isinstance(action, Choose)
    state = ctx.state
    ctx.close()
    _take_hero(state, state.lord, action.option)
    ctx.emit("hero_revealed", seat=state.lord, hero=action.option, lord=True)
    ctx.finish()


@step("other_heroes")
def other_heroes_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    pool = sorted(h for h in HEROES if h != state.players[state.lord].hero)
    ctx.rng.shuffle(pool)
    each = 2 if state.seats == 10 else 3
    others = state.living_from(state.lord, include=False)
    for seat in others:
        own_player(state, seat).offers = [pool.pop() for _ in range(each)]
        ctx.emit("hero_offers", to=(seat,), seat=seat, heroes=state.players[seat].offers)
    ctx.ask("hero", "together", others)


@answer("other_heroes")
def other_heroes_answer(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    assert isinstance(action, Choose)
    state = ctx.state
    state.windows.commit(action.seat, action.option)
    own_player(state, action.seat).chosen = action.option
    ctx.emit("hero_chosen", seat=action.seat)
    if not window.exhausted:
        return
    ctx.close()
    for seat, hero_id in sorted(window.answers.items()):
        _take_hero(state, seat, hero_id)
    ctx.emit(
        "heroes_revealed",
        heroes={str(seat): hero_id for seat, hero_id in sorted(window.answers.items())},
    )
    ctx.finish()


@prompt("hero")
def hero_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    offers = state.players[seat].offers
    return fast.prompt(
        seat,
        "hero",
        [fast.choose(seat, h) for h in offers],
        question=window.question(seat),
        clock="turn",
    )
