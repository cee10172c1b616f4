"""Every trick with its real answers, Nullification nested, delayed tricks."""

from __future__ import annotations

from games.sanguosha import GAME
from games.sanguosha.actions import Use

from .builders import Run, give, lay, stack, table, wield


def test_slash_deals_one_damage_unless_dodged() -> None:
    state = table(4)
    give(state, 0, "sha-spade-7")
    give(state, 1, "shan-heart-2a")
    run = Run(state).use(0, "sha-spade-7", 1)
    assert run.prompt(1).kind == "dodge" and run.prompt(1).clock == "response"
    run.respond(1, "shan-heart-2a")
    assert run.players[1].hp == 4 and "shan-heart-2a" in run.state.discard


def test_peach_heals_a_wounded_user_only() -> None:
    state = table(4)
    give(state, 0, "tao-heart-3")
    assert not any(getattr(a, "name", "") == "tao" for a in GAME.pending(state)[0].actions)
    state.players[0].hp = 3
    state.forget_pending()
    run = Run(state).use(0, "tao-heart-3", 0)
    assert run.players[0].hp == 4


def test_ex_nihilo_draws_two_unless_nullified() -> None:
    state = table(4)
    give(state, 0, "wuzhong-heart-7", "sha-club-2")
    for seat, card_id in ((1, "sha-club-3"), (2, "shan-heart-2a"), (3, "sha-club-4")):
        give(state, seat, card_id)
    run = Run(state).use(0, "wuzhong-heart-7", 0)
    assert run.prompt().kind == "nullify"
    assert {p.seat for p in GAME.pending(run.state)} == {0, 1, 2, 3}  # every secret hand
    run.pass_windows()
    assert len(run.players[0].hand) == 3


def test_duel_goes_back_and_forth_until_someone_has_no_slash() -> None:
    state = table(4)
    give(state, 0, "juedou-spade-A", "sha-club-2")
    give(state, 1, "sha-club-3", "sha-club-4")
    run = Run(state).use(0, "juedou-spade-A", 1).pass_windows()
    run.respond(1, "sha-club-3")
    run.respond(0, "sha-club-2")
    run.respond(1, "sha-club-4")
    run.pass_(0)
    assert run.players[0].hp == 3 and run.players[1].hp == 4
    assert run.events_of("damaged")[0]["src"] == 1


def test_savage_assault_asks_every_other_player_for_a_slash_in_seat_order() -> None:
    state = table(5)
    for p in state.players:
        p.hp = p.max_hp = 4
    state.current = 0
    give(state, 0, "nanman-spade-7")
    give(state, 2, "sha-club-2")
    run = Run(state).use(0, "nanman-spade-7")
    asked = []
    for _ in range(4):
        run.pass_windows()
        prompt = run.prompt()
        assert prompt.kind == "slash"
        asked.append(prompt.seat)
        if prompt.seat == 2:
            run.respond(2, "sha-club-2")
        else:
            run.pass_(prompt.seat)
    assert asked == [1, 2, 3, 4]
    assert [p.hp for p in run.players] == [4, 3, 4, 3, 3]


def test_archery_attack_wants_a_dodge_from_everyone_else() -> None:
    state = table(4)
    give(state, 0, "wanjian-heart-A")
    give(state, 3, "shan-diamond-3")
    run = Run(state).use(0, "wanjian-heart-A")
    for seat in (1, 2):
        run.until("dodge").pass_(seat)
    run.until("dodge").respond(3, "shan-diamond-3")
    assert [p.hp for p in run.players] == [4, 3, 3, 4]


def test_nullification_of_a_nullification_during_savage_assault() -> None:
    state = table(4)
    give(state, 0, "nanman-spade-7", "wuxie-club-Q")
    give(state, 2, "wuxie-spade-J")
    run = Run(state).use(0, "nanman-spade-7")
    # Seat 1's turn in the assault: seat 2 nullifies the assault on seat 1...
    run.respond(2, "wuxie-spade-J")
    window = GAME.view(run.state, None).waiting
    assert window is not None and window.data["trick"] == "wuxie"
    # ...and the lord nullifies that Nullification, so seat 1 must answer after all.
    run.respond(0, "wuxie-club-Q")
    run.pass_windows()
    assert run.prompt().kind == "slash" and run.prompt().seat == 1
    run.pass_(1)
    assert run.players[1].hp == 3
    keys = run.said()
    assert keys.count("nullified") == 2


def test_a_nullified_trick_does_nothing_to_that_target_only() -> None:
    state = table(4)
    give(state, 0, "nanman-spade-7")
    give(state, 3, "wuxie-spade-J")
    run = Run(state).use(0, "nanman-spade-7")
    run.pass_windows().pass_(1)  # seat 1 takes the hit
    run.pass_windows().pass_(2)
    run.respond(3, "wuxie-spade-J").pass_windows()
    assert [p.hp for p in run.players] == [4, 3, 3, 4]


def test_god_salvation_heals_every_wounded_player() -> None:
    state = table(4)
    state.players[1].hp = 2
    state.players[3].hp = 3
    give(state, 0, "taoyuan-heart-A")
    run = Run(state).use(0, "taoyuan-heart-A").pass_windows()
    assert [p.hp for p in run.players] == [4, 3, 4, 4]


def test_amazing_grace_is_drafted_round_the_table_from_the_user() -> None:
    state = table(4)
    give(state, 0, "wugu-heart-3")
    stack(state, "sha-spade-7", "shan-heart-2a", "tao-heart-4", "juedou-club-A")
    run = Run(state).use(0, "wugu-heart-3")
    assert sorted(run.state.grace) == sorted(
        ["sha-spade-7", "shan-heart-2a", "tao-heart-4", "juedou-club-A"]
    )
    run.until("grace").choose(0, "tao-heart-4")
    run.until("grace").choose(1, "sha-spade-7")
    run.until("grace").choose(2, "juedou-club-A")
    run.pass_windows()
    assert run.players[3].hand == ["shan-heart-2a"]  # the last card goes to the last player
    assert run.players[0].hand == ["tao-heart-4"]
    assert not run.state.grace


def test_collateral_makes_the_wielder_slash_or_hand_over_the_weapon() -> None:
    state = table(4)
    wield(state, 1, "qinggang-spade-6")
    give(state, 0, "jiedao-club-Q", "jiedao-club-K")
    give(state, 1, "sha-club-2")
    run = Run(state).use(0, "jiedao-club-Q", 1, 2).pass_windows()
    prompt = run.prompt(1)
    assert prompt.kind == "collateral"
    run.use(1, "sha-club-2", 2).pass_(2)
    assert run.players[2].hp == 3 and run.players[1].equips["weapon"] == "qinggang-spade-6"
    run.use(0, "jiedao-club-K", 1, 2).pass_windows().pass_(1)
    assert "qinggang-spade-6" in run.players[0].hand


def test_snatch_takes_a_random_hidden_hand_card_or_a_named_face_up_one() -> None:
    state = table(4)
    give(state, 0, "shunshou-spade-3", "shunshou-spade-4")
    give(state, 1, "tao-heart-3")
    wield(state, 1, "bagua-spade-2")
    run = Run(state).use(0, "shunshou-spade-3", 1).pass_windows()
    options = [a.option for a in run.prompt(0).actions]  # type: ignore[attr-defined]
    assert options == ["hand", "bagua-spade-2"]
    run.choose(0, "hand")
    assert "tao-heart-3" in run.players[0].hand
    public = [e for e in run.events if e.key.endswith("took_hidden_card")]
    assert public and "tao-heart-3" not in str(public[0].params)
    run.use(0, "shunshou-spade-4", 1).pass_windows().choose(0, "bagua-spade-2")
    assert "bagua-spade-2" in run.players[0].hand and not run.players[1].equips


def test_snatch_reaches_distance_one_only() -> None:
    state = table(6)
    give(state, 0, "shunshou-spade-3")
    for seat in range(1, 6):
        give(state, seat, f"sha-club-{seat + 2}")
    actions = GAME.pending(state)[0].actions
    targets = {a.targets[0] for a in actions if isinstance(a, Use) and a.name == "shunshou"}
    assert targets == {1, 5}


def test_dismantlement_discards_from_any_distance() -> None:
    state = table(6)
    give(state, 0, "guohe-spade-3")
    wield(state, 3, "chitu-heart-5")
    run = Run(state).use(0, "guohe-spade-3", 3).pass_windows().choose(0, "chitu-heart-5")
    assert "chitu-heart-5" in run.state.discard and not run.players[3].equips


def test_indulgence_skips_the_play_phase_unless_a_heart_is_judged() -> None:
    state = table(4)
    give(state, 0, "lebu-spade-6")
    stack(state, "sha-spade-7")
    run = Run(state).use(0, "lebu-spade-6", 1).pass_(0).pass_windows()
    assert run.state.current == 2 and run.players[1].judging == []
    assert "indulgence_hit" in run.said()


def test_indulgence_misses_on_a_heart() -> None:
    state = table(4)
    lay(state, 1, "lebu-spade-6")
    stack(state, "tao-heart-3")
    run = Run(state).pass_(0).pass_windows()
    assert run.state.current == 1 and run.state.phase == "play"


def test_lightning_strikes_for_three_on_spade_two_to_nine() -> None:
    state = table(4)
    lay(state, 1, "shandian-spade-A")
    stack(state, "sha-spade-9a")
    run = Run(state).pass_(0).pass_windows()
    assert run.players[1].hp == 1
    assert "shandian-spade-A" in run.state.discard


def test_lightning_otherwise_passes_on_to_the_next_player() -> None:
    state = table(4)
    lay(state, 1, "shandian-spade-A")
    stack(state, "sha-spade-10a")
    run = Run(state).pass_(0).pass_windows()
    assert run.players[1].hp == 4 and run.players[2].judging == ["shandian-spade-A"]


def test_a_nullified_lightning_passes_on_without_judgement() -> None:
    state = table(4)
    lay(state, 1, "shandian-spade-A")
    give(state, 3, "wuxie-spade-J")
    run = Run(state).pass_(0).respond(3, "wuxie-spade-J").pass_windows()
    assert run.players[2].judging == ["shandian-spade-A"]
    assert not run.events_of("judgement")
