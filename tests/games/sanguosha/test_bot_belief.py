"""The bots' reading of identities (``bot_belief``) from public deeds only: histories played
through the engine or laid out as the public record, and whom each seat takes for what."""

from __future__ import annotations

from games.sanguosha import GAME
from games.sanguosha.bot_belief import LOYAL, REBEL, RENEGADE, seat_odds

from .builders import Run
from .positions import advance, asked, seats

EIGHT = ["loyalist", "rebel", "lord", "rebel", "loyalist", "rebel", "renegade", "rebel"]


def odds(state: object, viewer: int) -> list[tuple[float, float, float]]:
    return seat_odds(GAME.view(state, viewer))


def test_a_seat_that_slashed_the_lord_twice_is_read_as_a_rebel_by_a_loyalist() -> None:
    # Played, not laid out: seat 1 Slashes the lord (seat 2) in two turns running; everyone
    # else passes.
    state = seats(EIGHT, cards={1: ["sha-spade-7", "sha-club-2"]})
    run = advance(Run(state).pass_(0), asked(1, "play")).use(1, "sha-spade-7", 2)
    run = advance(run, asked(1, "play")).pass_(1)
    run = advance(run, asked(1, "play")).use(1, "sha-club-2", 2)
    assert run.state.intent[1][2] == 2
    reading = odds(run.state, 0)
    assert reading[1][REBEL] > 0.85
    assert max(reading[s][REBEL] for s in (3, 5, 7)) < 0.6  # the others are still unknown


def test_a_seat_that_saved_the_lord_is_read_as_on_his_side() -> None:
    state = seats(EIGHT, deeds={(4, 2): -2})
    assert odds(state, 2)[4][LOYAL] > 0.7  # by the lord himself
    assert odds(state, 1)[4][LOYAL] > 0.7  # and by a rebel


def test_who_attacks_the_lords_attacker_is_read_as_a_loyalist() -> None:
    # Seat 5 attacked the lord; seat 4 attacked seat 5. A second-order reading.
    state = seats(EIGHT, deeds={(5, 2): 2, (4, 5): 2})
    reading = odds(state, 2)
    assert reading[5][REBEL] > 0.8
    assert reading[4][LOYAL] > reading[4][REBEL] + 0.3


def test_a_rebel_reads_a_fellow_attacker_of_the_lord_as_a_rebel() -> None:
    state = seats(EIGHT, deeds={(3, 2): 2, (1, 2): 1})
    assert odds(state, 1)[3][REBEL] > 0.8


def test_the_dead_are_read_as_they_were_shown() -> None:
    # Five players: the loyalist (seat 1) is dead and face up, so the lord knows that every
    # other seat is a rebel or the renegade.
    state = seats(["lord", "loyalist", "rebel", "rebel", "renegade"], dead=(1,))
    reading = odds(state, 0)
    assert reading[1] == (1.0, 0.0, 0.0)
    for seat in (2, 3, 4):
        assert reading[seat][LOYAL] < 1e-6
        assert abs(reading[seat][REBEL] - 2 / 3) < 0.01
        assert abs(reading[seat][RENEGADE] - 1 / 3) < 0.01


def test_a_seat_knows_itself_and_the_count_left_for_the_others() -> None:
    # Five players, nothing done yet: the loyalist knows the other three are foes.
    state = seats(["lord", "loyalist", "rebel", "rebel", "renegade"])
    reading = odds(state, 1)
    assert reading[1] == (1.0, 0.0, 0.0) and reading[0] == (1.0, 0.0, 0.0)
    assert all(reading[s][LOYAL] < 1e-6 for s in (2, 3, 4))
    # A rebel does not know its partner: one in three of each.
    rebel = odds(state, 2)
    assert all(abs(rebel[s][REBEL] - 1 / 3) < 0.01 for s in (1, 3, 4))


def test_the_reading_of_an_unknown_seat_needs_no_secret() -> None:
    """Two tables that differ only in hidden identities read the same to a seat that does not
    know them (the reading is from the view alone)."""
    state = seats(EIGHT, deeds={(5, 2): 2, (4, 5): 1, (1, 2): 1})
    twin = state.model_copy(deep=True)
    twin.players[3].identity_card, twin.players[5].identity_card = (
        state.players[5].identity_card, state.players[3].identity_card)
    twin.players[4].identity_card, twin.players[7].identity_card = (
        "identity-rebel-4", "identity-loyalist-2")
    assert odds(state, 1) == odds(twin, 1)
