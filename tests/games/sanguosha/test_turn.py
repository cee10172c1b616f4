"""The turn: phases, the Slash limit, the hand limit, distance and equipment rules."""

from __future__ import annotations

from games.core import Pick
from games.sanguosha import GAME
from games.sanguosha.actions import Use
from games.sanguosha.distance import distance
from games.sanguosha.state import SanguoshaState

from .builders import Run, give, lay, stack, table, wield


def _uses(state: SanguoshaState, seat: int = 0) -> list[Use]:
    return [a for a in GAME.pending(state)[0].actions if isinstance(a, Use)]


def test_only_one_slash_per_play_phase() -> None:
    state = table(4)
    give(state, 0, "sha-spade-7", "sha-club-2")
    run = Run(state).use(0, "sha-spade-7", 1).pass_(1)
    assert run.players[1].hp == 3
    assert not any(u.name == "sha" for u in _uses(run.state))


def test_crossbow_allows_any_number_of_slashes() -> None:
    state = table(4)
    give(state, 0, "sha-spade-7", "sha-club-2")
    wield(state, 0, "zhuge-club-A")
    run = Run(state).use(0, "sha-spade-7", 1).pass_(1)
    assert any(u.name == "sha" for u in _uses(run.state))


def test_discard_down_to_current_hp_in_one_multi_pick() -> None:
    state = table(4)
    state.players[0].hp = 2
    give(state, 0, "shan-heart-2a", "shan-heart-2b", "tao-heart-3", "sha-spade-7")
    run = Run(state).pass_(0)
    prompt = run.prompt(0)
    assert prompt.kind == "discard" and isinstance(prompt.pick, Pick)
    assert prompt.pick.min == prompt.pick.max == 2
    chosen = prompt.pick.build(["shan-heart-2a", "sha-spade-7"])
    run.act(chosen)
    assert sorted(run.players[0].hand) == ["shan-heart-2b", "tao-heart-3"]
    assert run.state.current == 1


def test_no_discard_when_the_hand_is_within_the_limit() -> None:
    state = table(4)
    give(state, 0, "sha-spade-7")
    run = Run(state).pass_(0)
    assert run.state.current == 1 and run.state.phase == "play"


def test_next_player_draws_two_in_the_draw_phase() -> None:
    run = Run(table(4)).pass_(0)
    assert len(run.players[1].hand) == 2


def test_distance_counts_living_seats_the_short_way_and_horses() -> None:
    state = table(6)
    assert distance(state, 0, 3) == 3 and distance(state, 0, 5) == 1
    wield(state, 3, "jueying-spade-5")
    assert distance(state, 0, 3) == 4
    wield(state, 0, "chitu-heart-5")
    assert distance(state, 0, 3) == 3 and distance(state, 0, 1) == 1
    state.players[4].alive = False
    state.players[5].alive = False
    # With 4 and 5 out, 3 sits next to 0: 1 step, +1 for its horse, -1 for 0's.
    assert distance(state, 0, 3) == 1


def test_slash_needs_the_target_within_attack_range() -> None:
    state = table(6)
    give(state, 0, "sha-spade-7")
    targets = {u.targets[0] for u in _uses(state) if u.name == "sha"}
    assert targets == {1, 5}
    wield(state, 0, "qilin-heart-5")
    targets = {u.targets[0] for u in _uses(state) if u.name == "sha"}
    assert targets == {1, 2, 3, 4, 5}


def test_new_equipment_replaces_the_old_of_its_kind() -> None:
    state = table(4)
    wield(state, 0, "qinggang-spade-6")
    give(state, 0, "qinglong-spade-5")
    run = Run(state).use(0, "qinglong-spade-5", 0)
    assert run.players[0].equips["weapon"] == "qinglong-spade-5"
    assert "qinggang-spade-6" in run.state.discard


def test_no_two_cards_of_one_name_in_a_judgement_area() -> None:
    state = table(4)
    lay(state, 1, "lebu-spade-6")
    give(state, 0, "lebu-club-6")
    targets = {u.targets[0] for u in _uses(state) if u.name == "lebu"}
    assert 1 not in targets and targets == {2, 3}


def test_delayed_tricks_are_judged_newest_first() -> None:
    state = table(4)
    lay(state, 1, "lebu-spade-6", "shandian-spade-A")
    stack(state, "sha-heart-10a", "tao-heart-3")  # the draw pile's top two: the judgements
    run = Run(state).pass_(0).pass_windows()
    judged = [e["reason"] for e in run.events_of("judgement")]
    assert judged == ["shandian", "lebu"]


def test_distances_from_a_seat_agree_with_distance_one_by_one() -> None:
    from games.sanguosha.distance import distances_from

    state = table(8)
    wield(state, 0, "chitu-heart-5")
    wield(state, 3, "jueying-spade-5")
    state.players[5].alive = False
    for a in (0, 3, 6):
        expected = [
            distance(state, a, b) if b != a and state.players[b].alive else None for b in range(8)
        ]
        assert distances_from(state, a) == expected
