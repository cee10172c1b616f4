"""Dying and saving, death and its rewards and penalties, each side's win, the scores and the
house rules."""

from __future__ import annotations

from games.sanguosha import GAME, Options

from .builders import Run, give, stack, table

FOUR = ["lord", "loyalist", "rebel", "renegade"]


def _kill(state, target: int, *, killer: int = 0) -> Run:  # type: ignore[no-untyped-def]
    """``killer`` (the player whose turn it is) slashes ``target`` at 1 HP; nobody saves."""
    state.players[target].hp = 1
    give(state, killer, "sha-spade-7")
    run = Run(state).use(killer, "sha-spade-7", target).pass_(target)
    run.pass_windows(("peach",))
    return run


def test_dying_players_are_asked_for_a_peach_in_seat_order_from_the_current_one() -> None:
    state = table(4, identities=FOUR)
    state.players[3].hp = 1
    give(state, 0, "sha-spade-7")
    give(state, 2, "tao-heart-3")
    run = Run(state).use(0, "sha-spade-7", 3).pass_(3)
    asked = []
    while run.prompt().kind == "peach":
        seat = run.prompt().seat
        asked.append(seat)
        if seat == 2:
            run.respond(2, "tao-heart-3")
            break
        run.pass_(seat)
    assert asked == [0, 1, 2]
    assert run.players[3].alive and run.players[3].hp == 1
    assert "saved" in run.said()


def test_death_reveals_the_identity_and_discards_everything() -> None:
    state = table(5, identities=["lord", "loyalist", "rebel", "rebel", "renegade"])
    give(state, 4, "tao-heart-3")
    state.players[4].hp = 1
    give(state, 0, "sha-spade-7")
    run = Run(state).use(0, "sha-spade-7", 4).pass_(4)
    for seat in (0, 1, 2, 3):
        run.pass_(seat)
    run.pass_(4)  # the renegade keeps its Peach for itself... and declines
    assert not run.players[4].alive
    died = run.events_of("died")[0]
    assert died["identity"] == "renegade" and "tao-heart-3" in run.state.discard
    assert GAME.view(run.state, None).seats[4].identity == "renegade"


def test_killing_a_rebel_draws_three_cards() -> None:
    state = table(5, identities=["lord", "rebel", "loyalist", "rebel", "renegade"])
    run = _kill(state, 1)
    assert not run.players[1].alive and len(run.players[0].hand) == 3


def test_the_lord_killing_a_loyalist_discards_all_hand_and_equipment() -> None:
    state = table(5, identities=["lord", "loyalist", "rebel", "rebel", "renegade"])
    give(state, 0, "tao-heart-3", "shan-heart-2a")
    run = _kill(state, 1)
    assert not run.players[1].alive
    assert run.players[0].hand == [] and run.players[0].equips == {}
    assert "lord_penalised" in run.said()


def test_lord_and_loyalists_win_when_every_rebel_and_renegade_is_dead() -> None:
    state = table(4, identities=FOUR)
    state.players[3].alive = False
    run = _kill(state, 2)
    outcome = GAME.outcome(run.state)
    assert outcome is not None and outcome.winners == [0, 1]


def test_rebels_win_when_the_lord_dies_while_others_live() -> None:
    state = table(4, identities=FOUR)
    state.current = 2
    state.players[0].hp = 1
    give(state, 2, "juedou-spade-A", "sha-club-2")
    run = Run(state)
    # The lord's own Duel against the rebel, lost.
    give(run.state, 0, "juedou-club-A")
    run.use(0, "juedou-club-A", 2).pass_windows().respond(2, "sha-club-2").pass_(0)
    run.pass_windows(("peach",))
    outcome = GAME.outcome(run.state)
    assert outcome is not None and outcome.winners == [2]
    assert GAME.pending(run.state) == []


def test_the_renegade_wins_only_as_the_last_one_standing() -> None:
    state = table(4, identities=FOUR)
    state.players[1].alive = state.players[2].alive = False
    state.players[0].hp = 1
    give(state, 0, "juedou-club-A")
    give(state, 3, "sha-club-2")
    run = Run(state).use(0, "juedou-club-A", 3).pass_windows().respond(3, "sha-club-2")
    run.pass_(0).pass_windows(("peach",))
    outcome = GAME.outcome(run.state)
    assert outcome is not None and outcome.winners == [3]
    assert run.state.result is not None and run.state.result.side == "renegade"


def test_fourth_edition_scores_with_personal_bonuses() -> None:
    options = Options(heroes=False, scoring="fourth_edition")
    state = table(5, identities=["lord", "loyalist", "rebel", "rebel", "renegade"], options=options)
    state.players[3].alive = state.players[4].alive = False
    state.deaths = [3, 4]
    run = _kill(state, 2)
    outcome = GAME.outcome(run.state)
    assert outcome is not None
    # The lord: 4 + 2 for the living loyalist, +1 for the rebel he killed.
    assert outcome.details[0] == {"base": 6.0, "bonus": 1.0, "total": 7.0, "first_out": 0.0}
    assert outcome.details[3]["first_out"] == 1.0  # the next game protects seat 3
    assert outcome.scores[1] == 6.0  # 5 + one loyalist alive
    assert outcome.scores[2] == outcome.scores[3] == 0.0
    assert outcome.scores[4] == 0.0  # renegade: lost without a duel with the lord


def test_first_death_protection_keeps_the_last_hp_until_someone_is_out() -> None:
    options = Options(heroes=False, first_death_protection=True, protected_seat=1)
    state = table(4, identities=FOUR, options=options)
    state.players[1].hp = 1
    give(state, 0, "sha-spade-7")
    run = Run(state).use(0, "sha-spade-7", 1).pass_(1)
    assert run.players[1].alive and run.players[1].hp == 1 and "protected" in run.said()


def test_three_survivor_countdown_takes_one_hp_from_everyone_each_round() -> None:
    options = Options(heroes=False, three_survivor_countdown=True)
    state = table(4, identities=FOUR, options=options)
    state.players[3].alive = False
    state.three_left_round = 0
    state.round = 3
    run = Run(state)
    for _ in range(3):
        run.pass_(run.state.current)
        run.pass_windows(("nullify", "discard"))
        if run.prompt().kind == "discard":
            p = run.prompt()
            run.act(p.actions[0])
    assert run.state.round == 4
    assert "countdown" in run.said()
    assert run.players[0].hp == 3


def test_the_deck_is_reshuffled_the_moment_it_runs_out_mid_window() -> None:
    state = table(4)
    give(state, 0, "sha-spade-7")
    from .builders import wield

    wield(state, 1, "bagua-spade-2")
    # One card left: the Eight Diagram's judgement takes it inside the Dodge window.
    stack(state, "sha-club-2")
    state.discard.extend(state.deck[:-1])
    state.deck = state.deck[-1:]
    before = len(state.discard)
    run = Run(state).use(0, "sha-spade-7", 1)
    assert "reshuffled" in run.said()
    assert run.prompt(1).kind == "dodge"
    # The new deck is the whole discard pile as it stood; the judgement card settles after.
    assert len(run.state.deck) == before


def test_a_rebel_who_kills_a_rebel_draws_three_too() -> None:
    state = table(5, identities=["lord", "rebel", "rebel", "loyalist", "renegade"])
    state.players[2].hp = 1
    stack(state, "juedou-spade-A", "tao-heart-3")  # seat 1's draw
    run = Run(state).pass_(0)
    assert run.state.current == 1
    run.use(1, "juedou-spade-A", 2).pass_windows().pass_(2).pass_windows(("peach",))
    assert not run.players[2].alive
    assert len(run.players[1].hand) == 1 + 3


def test_lord_skills_need_five_players() -> None:
    from games.sanguosha.skills.registry import skills_of

    four = table(4, heroes={0: "caocao"})
    five = table(5, heroes={0: "caocao"})
    assert skills_of(four, 0) == ("jianxiong",)
    assert skills_of(five, 0) == ("jianxiong", "hujia")
